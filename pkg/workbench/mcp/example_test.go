package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/workbench"
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
)

// Example lists and calls the tools of an MCP server run over stdio, as
// an AutoGen McpWorkbench config describes it. The server here is the
// tests' own (internal/testserver, built by the tests); any stdio MCP
// server works the same, e.g. {"command": "uvx", "args":
// ["mcp-server-fetch"]}.
func Example() {
	config := fmt.Sprintf(`{
		"server_params": {"type": "StdioServerParams", "command": %q, "read_timeout_seconds": 10},
		"tool_overrides": {"echo": {"name": "say", "description": "Says the text."}}
	}`, mcp.ServerPathForTests())
	var cfg gen.McpWorkbenchConfig
	if err := cfg.UnmarshalJSON([]byte(config)); err != nil {
		log.Fatal(err)
	}
	w, err := mcp.FromConfig(&cfg, nil)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := w.Start(ctx); err != nil {
		log.Fatal(err)
	}
	defer w.Stop(ctx) // stops and reaps the server

	tools, err := w.ListTools(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range tools {
		if t.Name == "say" || t.Name == "add" {
			fmt.Printf("%s: %s (required %q)\n", t.Name, *t.Description, t.Parameters.Required)
		}
	}

	r, err := w.CallTool(ctx, "say", json.RawMessage(`{"text": "hello"}`), "call-1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Name, r.IsError, workbench.ToText(r, nil))

	r, _ = w.CallTool(ctx, "add", json.RawMessage(`{"a": 2, "b": 40}`), "call-2")
	out, _ := json.Marshal(r)
	fmt.Println(string(out))

	r, _ = w.CallTool(ctx, "nope", nil, "call-3")
	fmt.Printf("%v %q\n", r.IsError, workbench.ToText(r, nil))
	// Output:
	// add: Adds two integers. (required ["a" "b"])
	// say: Says the text. (required [])
	// say false hello
	// {"type":"ToolResult","name":"add","result":[{"type":"TextResultContent","content":"42"}],"is_error":false}
	// true "unknown tool \"nope\"\n"
}
