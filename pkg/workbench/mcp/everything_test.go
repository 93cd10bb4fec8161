package mcp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/workbench"
)

// everything returns server params running the reference server
// @modelcontextprotocol/server-everything with node over stdio: the entry
// script AGENTSCHEMA_MCP_EVERYTHING names, or the one
// scripts/install-mcp-everything.sh installs by default. Without node or
// the script, the test is skipped, saying what to install.
func everything(t *testing.T) gen.McpServerParams {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("server-everything tests need node on PATH (apt-get install -y nodejs npm), then scripts/install-mcp-everything.sh")
	}
	entry := os.Getenv("AGENTSCHEMA_MCP_EVERYTHING")
	if entry == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			t.Skip("server-everything tests: no AGENTSCHEMA_MCP_EVERYTHING and no home directory")
		}
		entry = filepath.Join(home, ".cache", "agentschema", "mcp-everything", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	}
	if _, err := os.Stat(entry); err != nil {
		t.Skipf("server-everything is not installed at %s: run scripts/install-mcp-everything.sh (or set AGENTSCHEMA_MCP_EVERYTHING to its dist/index.js)", entry)
	}
	p := params(t, `{"type":"StdioServerParams","command":"node","read_timeout_seconds":30}`).(*gen.StdioServerParams)
	p.Command = node
	p.Args = []string{entry, "stdio"}
	return p
}

func TestEverythingServer(t *testing.T) {
	w := started(t, everything(t), map[string]gen.ToolOverride{"get-sum": {Name: ptr("add"), Description: ptr("Adds.")}})
	ctx := context.Background()

	if ir := w.InitializeResult(); ir == nil || ir.ServerInfo == nil || ir.ServerInfo.Name == "" {
		t.Fatalf("initialize result %+v", ir)
	}
	schemas, err := w.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]gen.ToolSchema{}
	for _, s := range schemas {
		byName[s.Name] = s
	}
	// echo's input schema (tools/echo.js: z.object({message:
	// z.string().describe("Message to echo")})) as AutoGen shows it.
	echo, ok := byName["echo"]
	if !ok {
		t.Fatalf("no echo tool in %d tools", len(schemas))
	}
	if *echo.Description != "Echoes back the input string" || !reflect.DeepEqual(echo.Parameters.Required, []string{"message"}) ||
		!jsonEqual(t, echo.Parameters.Properties, []byte(`{"message":{"type":"string","description":"Message to echo"}}`)) ||
		echo.Parameters.Type != "object" || echo.Parameters.AdditionalProperties == nil {
		b, _ := json.Marshal(echo)
		t.Errorf("echo schema %s", b)
	}
	if add, ok := byName["add"]; !ok || *add.Description != "Adds." {
		t.Errorf("get-sum not overridden: %+v", byName["add"])
	}
	if _, ok := byName["get-sum"]; ok {
		t.Error("get-sum listed under its own name")
	}

	checkEverythingCalls(t, ctx, w)

	// MCP_TINY_IMAGE (tools/get-tiny-image.js) is a PNG whose iCCP chunk
	// has a wrong CRC (checked by hand with zlib.crc32). Pillow refuses it
	// ("broken PNG file (bad header checksum in b'iCCP')", so
	// Image.from_base64 raises UnidentifiedImageError) and AutoGen's
	// call_tool returns an error result; so does the workbench.
	r, err := w.CallTool(ctx, "get-tiny-image", nil, "")
	if err != nil || !r.IsError || len(texts(r)) != 1 || !strings.Contains(texts(r)[0], "cannot identify image file") ||
		!strings.Contains(texts(r)[0], "bad header checksum") {
		t.Errorf("get-tiny-image: %v %q %v", r.IsError, texts(r), err)
	}

	ps, err := w.ListPrompts(ctx)
	if err != nil || len(ps.Prompts) == 0 {
		t.Errorf("prompts: %v %v", ps, err)
	}
	rs, err := w.ListResources(ctx)
	if err != nil || len(rs.Resources) == 0 {
		t.Fatalf("resources: %v %v", rs, err)
	}
	rr, err := w.ReadResource(ctx, rs.Resources[0].URI)
	if err != nil || len(rr.Contents) == 0 {
		t.Errorf("read %s: %v %v", rs.Resources[0].URI, rr, err)
	}
	if ts, err := w.ListResourceTemplates(ctx); err != nil || len(ts.ResourceTemplates) == 0 {
		t.Errorf("resource templates: %v %v", ts, err)
	}
}

// checkEverythingCalls calls server-everything's tools through w (get-sum
// overridden as add) and checks each result's name, is_error and texts.
func checkEverythingCalls(t *testing.T, ctx context.Context, w *Workbench) {
	cases := []struct {
		tool, args string
		want       []string // texts; "~" starts a regexp
		isError    bool
	}{
		{"echo", `{"message":"hi"}`, []string{"Echo: hi"}, false},
		{"add", `{"a":2,"b":3}`, []string{"The sum of 2 and 3 is 5."}, false},
		{"add", `{"a":"two"}`, nil, true},
		{"no-such-tool", `{}`, nil, true},
		// The embedded resource as EmbeddedResource.model_dump_json().
		{"get-resource-reference", `{"resourceType":"Text","resourceId":1}`, []string{
			"Returning resource reference for Resource 1:",
			`~^\{"type":"resource","resource":\{"uri":"demo://resource/dynamic/text/1","mimeType":"text/plain","meta":null,"text":"Resource 1: This is a plaintext resource created at [^"]+"\},"annotations":null,"meta":null\}$`,
			"You can access this resource using the URI: demo://resource/dynamic/text/1",
		}, false},
	}
	for _, c := range cases {
		r, err := w.CallTool(ctx, c.tool, json.RawMessage(c.args), "")
		if err != nil {
			t.Fatalf("%s: %v", c.tool, err)
		}
		if r.IsError != c.isError || r.Name != c.tool {
			t.Errorf("%s %s: name %q is_error %v, texts %q", c.tool, c.args, r.Name, r.IsError, texts(r))
			continue
		}
		if c.want == nil {
			continue
		}
		got := texts(r)
		if len(got) != len(c.want) {
			t.Errorf("%s: texts %q, want %q", c.tool, got, c.want)
			continue
		}
		for i, w := range c.want {
			if strings.HasPrefix(w, "~") {
				if !regexp.MustCompile(w[1:]).MatchString(got[i]) {
					t.Errorf("%s: text %d %q does not match %s", c.tool, i, got[i], w[1:])
				}
			} else if got[i] != w {
				t.Errorf("%s: text %d %q, want %q", c.tool, i, got[i], w)
			}
		}
	}
}

// TestEverythingHostCapabilities: the session declares sampling,
// elicitation and roots as AutoGen's McpSessionActor does, so the server
// lists the tools that need them; with no host, each request is answered
// with AutoGen's error ("No host available for ...").
func TestEverythingHostCapabilities(t *testing.T) {
	w := started(t, everything(t), nil)
	ctx := context.Background()
	schemas, err := w.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range schemas {
		names[s.Name] = true
	}
	for _, n := range []string{"trigger-sampling-request", "trigger-elicitation-request", "get-roots-list"} {
		if !names[n] {
			t.Errorf("the server does not list %s", n)
		}
	}
	r, err := w.CallTool(ctx, "trigger-sampling-request", json.RawMessage(`{"prompt": "hi", "maxTokens": 10}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if text := workbench.ToText(r, nil); !r.IsError || !strings.Contains(text, "No host available for sampling.") {
		t.Errorf("sampling: %v %q", r.IsError, text)
	}
}
