package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/models/replay"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// mrtrServer serves, over kind, a Go SDK server with a tool "ask" that
// asks for an elicitation, a sampling and the roots in its result (multi
// round-trip requests, SEP-2322), and shows the answers. For a session of
// an older protocol (the SDK's client negotiates 2025-11-25), the server's
// SDK sends them as requests to the client; for a later one the client's
// SDK fulfils them with the handlers; both reach the host.
func mrtrServer(t *testing.T, kind string) *Workbench {
	t.Helper()
	srv := askServer()
	var h http.Handler
	if kind == "SseServerParams" {
		h = sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	} else {
		h = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	p := params(t, fmt.Sprintf(`{"type":%q,"url":%q}`, kind, ts.URL))
	w, err := New(p, nil, &Options{Host: askHost()})
	if err != nil {
		t.Fatal(err)
	}
	return startedWith(t, w)
}

// askHost answers the ask tool's requests.
func askHost() *Host {
	return &Host{
		Sampler: NewChatCompletionClientSampler(replay.New(replay.Texts("hello"))),
		Elicitor: ElicitorFunc(func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"name": req.Params.Message, "raw": RawParams(ctx) != nil}}, nil
		}),
		Roots: NewStaticRootsProvider(&sdk.Root{URI: "file:///a"}, &sdk.Root{URI: "file:///b"}),
	}
}

// askServer is the server of the ask tool.
func askServer() *sdk.Server {
	srv := sdk.NewServer(&sdk.Implementation{Name: "mrtr", Version: "1"}, nil)
	srv.AddTool(&sdk.Tool{Name: "ask", InputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			if len(req.Params.InputResponses) == 0 {
				return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{
					"e": &sdk.ElicitParams{Message: "Name?", RequestedSchema: map[string]any{"type": "object",
						"properties": map[string]any{"name": map[string]any{"type": "string", "default": "x"}}}},
					"s": &sdk.CreateMessageParams{MaxTokens: 3, Messages: []*sdk.SamplingMessage{{Role: "user", Content: &sdk.TextContent{Text: "hi"}}}},
					"r": &sdk.ListRootsParams{},
				}}, nil
			}
			var b strings.Builder
			for _, id := range []string{"e", "s", "r"} {
				switch r := req.Params.InputResponses[id].(type) {
				case *sdk.ElicitResult:
					fmt.Fprintf(&b, "elicit %s %v\n", r.Action, r.Content)
				case *sdk.CreateMessageResult:
					fmt.Fprintf(&b, "sample %s %s %s\n", r.Model, r.StopReason, r.Content.(*sdk.TextContent).Text)
				case *sdk.CreateMessageWithToolsResult:
					fmt.Fprintf(&b, "sample %s %s %s\n", r.Model, r.StopReason, r.Content[0].(*sdk.TextContent).Text)
				case *sdk.ListRootsResult:
					fmt.Fprintf(&b, "roots %d\n", len(r.Roots))
				default:
					fmt.Fprintf(&b, "%s: %T\n", id, r)
				}
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: b.String()}}}, nil
		})
	return srv
}

// TestHostMultiRoundTrip: the requests a server makes in its results are
// answered by the host too.
func TestHostMultiRoundTrip(t *testing.T) {
	// The raw params are seen over SSE (and stdio), not over streamable
	// HTTP. The schema's default is not filled in.
	for _, c := range []struct{ kind, raw string }{{"SseServerParams", "true"}, {"StreamableHttpServerParams", "false"}} {
		t.Run(c.kind, func(t *testing.T) {
			w := mrtrServer(t, c.kind)
			text, isError := callText(t, w, "ask", `{}`)
			if want := "elicit accept map[name:Name? raw:" + c.raw + "]\nsample unknown endTurn hello\nroots 2\n"; isError || text != want {
				t.Errorf("%v %q, want %q", isError, text, want)
			}
		})
	}
}

// TestHostClientRoundTrip: on protocol 2026-07-28 (which the workbench
// does not offer, but a session could come to) the client's SDK fulfils
// the input requests itself: sampling and elicitation with the session's
// handlers, which ask the host (without the raw params); the roots from
// the SDK's own list, which the host cannot answer. The session's client
// is connected in memory.
func TestHostClientRoundTrip(t *testing.T) {
	ctx := context.Background()
	w, err := New(params(t, `{"type":"StdioServerParams","command":"x"}`), nil, &Options{Host: askHost()})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ss, err := askServer().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := w.newClient().Connect(ctx, ct, &sdk.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "ask", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*sdk.TextContent).Text
	if want := "elicit accept map[name:Name? raw:false]\nsample unknown endTurn hello\nroots 0\n"; text != want {
		t.Errorf("%s: %q, want %q", cs.InitializeResult().ProtocolVersion, text, want)
	}
}
