package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// helpRequested reports whether args ask for help (-h, -help, --help)
// before any "--".
func helpRequested(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// printHelp prints the help of the named verb on w: its usage, what it
// does, examples and its flags. It runs the verb with -h, whose flag set
// prints them (see setUsage), on w. It reports false for an unknown verb.
func printHelp(w io.Writer, name string) bool {
	cmd, ok := commands[name]
	if !ok {
		return false
	}
	args := []string{"-h"}
	if cmd.runCtx != nil {
		cmd.runCtx(context.Background(), args, strings.NewReader(""), io.Discard, w)
	} else {
		cmd.run(args, strings.NewReader(""), io.Discard, w)
	}
	return true
}

// setUsage makes fs print help (a verb's usage, description and examples)
// and then its flags, on its output.
func setUsage(fs *flag.FlagSet, help string) {
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprint(w, help)
		fmt.Fprintln(w, "Flags:")
		fs.PrintDefaults()
	}
}

// unknownType is the message for a --type no schema has: the name it
// probably meant, or where to find the names.
func unknownType(name string, titles []string) string {
	if s := suggest(name, titles); s != "" {
		return fmt.Sprintf("unknown type %q (did you mean %q?)", name, s)
	}
	return fmt.Sprintf("unknown type %q; 'agentschema schema list' lists the %d types", name, len(titles))
}

// suggest returns the name of names that s most probably means: the one
// equal to it but for case, else the nearest by edit distance (ignoring
// case) when it is near enough (at most a third of s's length, and at
// most 3 edits), else "".
func suggest(s string, names []string) string {
	ls := strings.ToLower(s)
	for _, n := range names {
		if strings.ToLower(n) == ls {
			return n
		}
	}
	best, bestD := "", 0
	for _, n := range names {
		d := editDistance(ls, strings.ToLower(n))
		if best == "" || d < bestD || d == bestD && n < best {
			best, bestD = n, d
		}
	}
	if best == "" || bestD > 3 || bestD*3 > utf8.RuneCountInString(s) {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// verbNames is the registered verbs in name order.
func verbNames() []string {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
