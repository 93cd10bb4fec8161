package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/agentschema/agentschema/schemas"
)

func runSchema(args []string, stdout, stderr io.Writer) int {
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
			fmt.Fprintf(stderr, "agentschema: no schema named %q (see 'agentschema schema list')\n", args[1])
			return exitUsage
		}
		_, _ = stdout.Write(data)
		return exitOK
	}
	fmt.Fprintf(stderr, "agentschema: unknown schema command %q\n", args[0])
	return exitUsage
}
