package mcp_test

//lint:file-ignore SA1019 The examples show the host's sampling and roots, which the SDK deprecates (SEP-2577).

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/workbench"
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
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

// ExampleHost answers an MCP server's sampling, elicitation and roots
// requests: a model client for sampling (here the replay client), a Go
// callback for elicitation, and static roots. A workbench given it with
// Options.Host answers the server's requests with it; here it is called
// directly.
func ExampleHost() {
	host := &mcp.Host{
		Sampler: mcp.NewChatCompletionClientSampler(replay.New(replay.Texts("Paris."))),
		Elicitor: mcp.ElicitorFunc(func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			fmt.Println("asked:", req.Params.Message)
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		}),
		Roots: mcp.NewStaticRootsProvider(&sdk.Root{URI: "file:///workspace", Name: "Workspace"}),
	}
	// Once started, the workbench answers the server with the host:
	//	w, err := mcp.New(params, nil, &mcp.Options{Host: host})
	ctx := context.Background()

	res, err := host.HandleSamplingRequest(ctx, &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{
		MaxTokens: 10, Messages: []*sdk.SamplingMessage{{Role: "user", Content: &sdk.TextContent{Text: "Capital of France?"}}}}})
	if err != nil {
		log.Fatal(err)
	}
	b, _ := json.Marshal(res)
	fmt.Println(string(b))

	answer, _ := host.HandleElicitRequest(ctx, &sdk.ElicitRequest{Params: &sdk.ElicitParams{Message: "Your name?"}})
	fmt.Println(answer.Action, answer.Content["name"])

	roots, _ := host.HandleListRootsRequest(ctx)
	b, _ = json.Marshal(roots)
	fmt.Println(string(b))

	// A host without a part refuses its requests as AutoGen's does.
	_, err = (&mcp.Host{}).HandleListRootsRequest(ctx)
	fmt.Println(err)
	// Output:
	// {"content":{"type":"text","text":"Paris."},"model":"unknown","role":"assistant","stopReason":"endTurn"}
	// asked: Your name?
	// accept Ada
	// {"roots":[{"name":"Workspace","uri":"file:///workspace"}]}
	// Host does not support listing roots
}

// ExampleLoadHost loads an McpSessionHost component config, as an
// McpWorkbench config's host holds it.
func ExampleLoadHost() {
	host, err := mcp.LoadHost(context.Background(), []byte(`{
		"provider": "autogen_ext.tools.mcp.McpSessionHost",
		"config": {
			"sampler": {"provider": "autogen_ext.tools.mcp.ChatCompletionClientSampler", "config": {
				"client_config": {"provider": "autogen_ext.models.replay.ReplayChatCompletionClient",
					"config": {"chat_completions": ["hi"]}}}},
			"elicitor": {"provider": "autogen_ext.tools.mcp.StdioElicitor", "config": {"timeout": 30}},
			"roots": {"provider": "autogen_ext.tools.mcp.StaticRootsProvider", "config": {
				"roots": [{"uri": "file:///home", "name": "Home"}]}}
		}
	}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%T\n%T %v\n%T\n", host.Sampler, host.Elicitor, host.Elicitor.(*mcp.StdioElicitor).Timeout, host.Roots)

	_, err = mcp.LoadHost(context.Background(), []byte(`{"provider": "autogen_ext.tools.mcp.McpSessionHost",
		"config": {"roots": {"provider": "autogen_ext.tools.mcp.StaticRootsProvider", "config": {"roots": [{"uri": "/home"}]}}}}`))
	fmt.Println(err)
	// Output:
	// *mcp.ChatCompletionClientSampler
	// *mcp.StdioElicitor 30s
	// *mcp.StaticRootsProvider
	// mcp: /config/roots/config/roots/0/uri: Input should be a valid URL, relative URL without a base
}
