package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/logtest"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/workbench/mcp/internal/testserver"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// secretParams are params for the test server that carry secrets where
// a config may: a stdio server's arguments and environment, an HTTP
// server's headers and URL query. server is what the log must name it by.
func secretParams(t *testing.T, kind string) (p gen.McpServerParams, server string) {
	t.Helper()
	if kind == "StdioServerParams" {
		p := stdioParams(t, 0).(*gen.StdioServerParams)
		p.Env = map[string]string{"API_KEY": "secret-env"}
		return p, "command=" + serverBin + " "
	}
	srv := testserver.New(testserver.Options{Stdout: discard{}, Exit: func(int) {}})
	var h http.Handler = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	if kind == "SseServerParams" {
		h = sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return params(t, fmt.Sprintf(`{"type":%q,"url":%q,"headers":{"Authorization":"Bearer secret-header"}}`, kind, ts.URL+"/mcp?token=secret-query")),
		"url=" + ts.URL + "/mcp?... "
}

// TestRequestLog: with debug enabled on slog's default logger (what
// `agentschema run --log-level debug` does), each request to an MCP
// server is logged with the server (command or URL), the method, the
// tool's name, the duration and the error; never the arguments, a header,
// the environment or the URL's query.
func TestRequestLog(t *testing.T) {
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			buf := logtest.Capture(t, slog.LevelDebug)
			p, server := secretParams(t, kind)
			w := started(t, p, nil)
			if _, err := w.ListTools(context.Background()); err != nil {
				t.Fatal(err)
			}
			for _, tool := range []string{"echo", "nope"} {
				if _, err := w.CallTool(context.Background(), tool, json.RawMessage(`{"text":"secret-argument"}`), "call-1"); err != nil {
					t.Fatal(err)
				}
			}
			lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
			var ours []string
			for _, l := range lines {
				if strings.Contains(l, `msg="mcp request"`) {
					ours = append(ours, l)
				}
			}
			want := [][]string{
				{"level=DEBUG", server, "method=tools/list ", "duration="},
				{server, "method=tools/call ", "name=echo ", "duration="},
				{server, "method=tools/call ", "name=nope ", `error="unknown tool \"nope\""`},
			}
			if len(ours) != len(want) {
				t.Fatalf("%d mcp records, want %d:\n%s", len(ours), len(want), buf.String())
			}
			for i, parts := range want {
				for _, part := range parts {
					if !strings.Contains(ours[i], part) {
						t.Errorf("record %d %q lacks %q", i, ours[i], part)
					}
				}
			}
			if strings.Contains(buf.String(), "secret") {
				t.Errorf("a secret is in the log:\n%s", buf.String())
			}
		})
	}
}
