// Command agentschema reads, checks and rewrites AutoGen's JSON: LLM
// messages, transcripts, saved context states, tool results and component
// configs.
//
// Usage:
//
//	agentschema normalize [--type NAME] [--strict] [FILE|-]...
//	agentschema schema list
//	agentschema schema show NAME
//
// Exit status: 0 when every input is good, 1 when any input is bad (each
// fault is printed on stderr as FILE:LINE: POINTER: message and the other
// documents are still processed), 2 for a usage error.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

const usage = `usage: agentschema <command> [arguments]

commands:
  normalize [--type NAME] [--strict] [FILE|-]...
                                        decode JSON or JSONL as NAME (or by each document's "type" tag)
                                        and print the canonical encoding, one line per document;
                                        --strict reports members AutoGen would drop
  schema list                           list the embedded schemas
  schema show NAME                      print one embedded schema
`

// Exit codes.
const (
	exitOK    = 0
	exitBad   = 1
	exitUsage = 2
)

// command is a subcommand that registers itself from its own file
// (validate.go, tokens.go, context.go, render.go) in an init function.
type command struct {
	// usage is the subcommand's lines in the usage text, each starting with
	// two spaces and the command name.
	usage string
	// run runs the subcommand with its arguments and returns the exit code.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands holds the registered subcommands by name.
var commands = map[string]command{}

// usageText is the usage message: the built-in commands and then the
// registered ones in name order.
func usageText() string {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(usage)
	for _, name := range names {
		b.WriteString(commands[name].usage)
		if !strings.HasSuffix(commands[name].usage, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText())
		return exitUsage
	}
	switch args[0] {
	case "normalize":
		return runNormalize(args[1:], stdin, stdout, stderr)
	case "schema":
		return runSchema(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usageText())
		return exitOK
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd.run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "agentschema: unknown command %q\n%s", args[0], usageText())
	return exitUsage
}
