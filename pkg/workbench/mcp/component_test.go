package mcp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// The golden configs in testdata are what AutoGen's dump_component()
// writes for McpWorkbench(StdioServerParams(command="uvx",
// args=["mcp-server-fetch"], read_timeout_seconds=60), tool_overrides=...)
// and for SSE and streamable HTTP params (written by hand from
// _workbench.py and _config.py: model_dump(exclude_none=True) drops env,
// cwd, host and the None override name, keeps the None values of the
// headers dict, and writes the StdioServerParameters fields before type
// and read_timeout_seconds). Loading and dumping one gives it back.
func TestComponentRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/component_*.json")
	if len(files) != 3 {
		t.Fatalf("%d golden configs", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			v, err := component.Load(context.Background(), data)
			if err != nil {
				t.Fatal(err)
			}
			w, ok := v.(*Workbench)
			if !ok {
				t.Fatalf("loaded %T", v)
			}
			m, err := w.ComponentModel()
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if want := string(data[:len(data)-1]); string(got) != want {
				t.Errorf("dump\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestComponentDefaults(t *testing.T) {
	// The config with only what is required: pydantic fills the defaults
	// (_config.py; mcp's StdioServerParameters), which the dump writes;
	// the host is loaded and written as its dump_component() writes it.
	cases := []struct{ in, want string }{
		{`{"server_params":{"type":"StdioServerParams","command":"x"}}`,
			`{"server_params":{"command":"x","args":[],"encoding":"utf-8","encoding_error_handler":"strict","type":"StdioServerParams","read_timeout_seconds":5.0},"tool_overrides":{}}`},
		{`{"server_params":{"type":"SseServerParams","url":"http://h/sse"}}`,
			`{"server_params":{"type":"SseServerParams","url":"http://h/sse","timeout":5.0,"sse_read_timeout":300.0},"tool_overrides":{}}`},
		{`{"server_params":{"type":"StreamableHttpServerParams","url":"http://h/mcp"},"host":{"provider":"autogen_ext.tools.mcp.McpSessionHost","config":{}}}`,
			`{"server_params":{"type":"StreamableHttpServerParams","url":"http://h/mcp","timeout":30.0,"sse_read_timeout":300.0,"terminate_on_close":true},"tool_overrides":{},"host":{"provider":"autogen_ext.tools.mcp.McpSessionHost","component_type":"mcp_session_host","version":1,"component_version":1,"description":"Host component that provides MCP server capabilities.","label":"McpSessionHost","config":{}}}`},
	}
	for _, c := range cases {
		var cfg gen.McpWorkbenchConfig
		if err := cfg.UnmarshalJSON([]byte(c.in)); err != nil {
			t.Fatal(err)
		}
		w, err := FromConfig(&cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := w.ComponentModel()
		if err != nil {
			t.Fatal(err)
		}
		if string(m.Config) != c.want {
			t.Errorf("config\n got %s\nwant %s", m.Config, c.want)
		}
	}
}

func TestComponentBadConfig(t *testing.T) {
	cases := []struct{ in, pointer string }{
		{`{"tool_overrides":{}}`, "/server_params"},
		// pydantic's union_tag_invalid is at the union's location.
		{`{"server_params":{"type":"WebSocketParams","url":"ws://x"}}`, "/server_params: Input tag 'WebSocketParams'"},
		{`{"server_params":{"type":"StdioServerParams","command":"x","read_timeout_seconds":"soon"}}`, "/server_params/read_timeout_seconds"},
		{`{"server_params":{"type":"SseServerParams"}}`, "/server_params/url"},
	}
	for _, c := range cases {
		var cfg gen.McpWorkbenchConfig
		err := cfg.UnmarshalJSON([]byte(c.in))
		if err == nil {
			t.Errorf("%s: no error", c.in)
			continue
		}
		if !strings.Contains(err.Error(), c.pointer) {
			t.Errorf("%s: %v, want the pointer %s", c.in, err, c.pointer)
		}
	}
}
