// Command mcptestserver runs the workbench tests' MCP server over stdio.
//
// With -mode=silent it reads its input and never answers (a server that
// hangs); with -mode=garbage it writes lines that are not JSON-RPC to stdout
// instead of answering; with -stderr=TEXT it writes TEXT to stderr first.
// Otherwise it serves package testserver's server.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/agentschema/agentschema/pkg/workbench/mcp/internal/testserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	mode := flag.String("mode", "serve", "serve, silent or garbage")
	stderr := flag.String("stderr", "", "text to write to stderr at start")
	flag.Parse()
	if *stderr != "" {
		fmt.Fprintln(os.Stderr, *stderr)
	}
	switch *mode {
	case "silent":
		_, _ = io.Copy(io.Discard, os.Stdin)
	case "garbage":
		in := bufio.NewScanner(os.Stdin)
		for in.Scan() {
			fmt.Println("<html>not JSON-RPC</html>")
		}
	case "serve":
		if err := testserver.New(testserver.Options{}).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, "mcptestserver:", err)
			os.Exit(1)
		}
	default:
		fmt.Fprintln(os.Stderr, "mcptestserver: unknown mode", *mode)
		os.Exit(2)
	}
}
