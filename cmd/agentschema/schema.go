package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/agentschema/agentschema/schemas"
)

func init() {
	commands["schema"] = command{
		usage: "  schema list                           list the embedded schemas\n" +
			"  schema show NAME                      print one embedded schema\n",
		help: schemaHelp,
		run:  runSchema,
	}
}

const schemaHelp = `usage: agentschema schema list
       agentschema schema show NAME

Lists the JSON Schemas embedded in the command (one title a line), or
prints one of them.

Examples:
  agentschema schema list
  agentschema schema show UserMessage

`

func runSchema(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stderr, schemaHelp)
		return exitOK
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, "usage: agentschema schema list | agentschema schema show NAME\n")
		return exitUsage
	}
	switch args[0] {
	case "list":
		if len(args) != 1 {
			fmt.Fprint(stderr, "usage: agentschema schema list\n")
			return exitUsage
		}
		fmt.Fprintln(stdout, strings.Join(schemas.Names(), "\n"))
		return exitOK
	case "show":
		if len(args) != 2 {
			fmt.Fprint(stderr, "usage: agentschema schema show NAME\n")
			return exitUsage
		}
		data, err := schemas.Get(args[1])
		if err != nil {
			msg := fmt.Sprintf("no schema named %q (see 'agentschema schema list')", args[1])
			if s := suggest(args[1], schemas.Names()); s != "" {
				msg = fmt.Sprintf("no schema named %q (did you mean %q?)", args[1], s)
			}
			fmt.Fprintf(stderr, "agentschema: %s\n", msg)
			return exitUsage
		}
		_, _ = stdout.Write(data)
		return exitOK
	}
	fmt.Fprintf(stderr, "agentschema: unknown schema command %q\n", args[0])
	return exitUsage
}
