package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	suggestpkg "github.com/agentschema/agentschema/internal/suggest"
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

// suggest returns the name of names that s most probably means, or ""
// (see suggest.Nearest).
func suggest(s string, names []string) string { return suggestpkg.Nearest(s, names) }

// verbNames is the registered verbs in name order.
func verbNames() []string {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
