package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mcpServer builds the MCP workbench's test server
// (pkg/workbench/mcp/internal/testserver/cmd/mcptestserver) and returns an
// McpWorkbench component config running it over stdio.
func mcpServer(t *testing.T, overrides string) string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "mcptestserver")
	build := exec.Command("go", "build", "-o", bin, "../../pkg/workbench/mcp/internal/testserver/cmd/mcptestserver")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the test server: %v\n%s", err, out)
	}
	binJSON, _ := json.Marshal(bin)
	config := `{"provider":"autogen_ext.tools.mcp.McpWorkbench","component_type":"workbench","version":1,"component_version":1,` +
		`"config":{"server_params":{"type":"StdioServerParams","command":` + string(binJSON) + `,"read_timeout_seconds":5.0},"tool_overrides":` + overrides + `}}`
	path := filepath.Join(dir, "workbench.json")
	if err := os.WriteFile(path, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestMCPCommand(t *testing.T) {
	config := mcpServer(t, `{"echo":{"name":"say","description":"Says its text."}}`)
	args := filepath.Join(t.TempDir(), "args.json")
	if err := os.WriteFile(args, []byte(`{"text":"hi","times":2}`), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("tools", func(t *testing.T) {
		code, out, errs := runCmd(t, "", "mcp", "--config", config, "tools")
		if code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 9 {
			t.Fatalf("%d lines, want 9 tools:\n%s", len(lines), out)
		}
		// AutoGen's ToolSchema for the echo tool, overridden: parameters
		// (type, properties in the server's order, required [] and
		// additionalProperties false by default), name, description; the
		// members in the order gen writes a ToolSchema (the TypedDict's).
		want := `{"parameters":{"type":"object","properties":{"times":{"type":"integer","default":1},"text":{"type":"string","description":"what to echo"}},"required":[],"additionalProperties":false},"name":"say","description":"Says its text."}`
		found := false
		for _, l := range lines {
			if l == want {
				found = true
			}
		}
		if !found {
			t.Errorf("no line\n%s\nin\n%s", want, out)
		}
	})

	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string
	}{
		// ToolResult.model_dump_json(): type, name, result, is_error.
		{"call with a file", "", []string{"call", "say", args}, 0,
			`{"type":"ToolResult","name":"say","result":[{"type":"TextResultContent","content":"hi"},{"type":"TextResultContent","content":"hi"}],"is_error":false}` + "\n"},
		{"call with stdin", `{"a":2,"b":40}`, []string{"call", "add", "-"}, 0,
			`{"type":"ToolResult","name":"add","result":[{"type":"TextResultContent","content":"42"}],"is_error":false}` + "\n"},
		{"call without arguments", "", []string{"call", "fail"}, 1,
			`{"type":"ToolResult","name":"fail","result":[{"type":"TextResultContent","content":"the tool failed"}],"is_error":true}` + "\n"},
		{"unknown tool", "", []string{"call", "nope"}, 1,
			`{"type":"ToolResult","name":"nope","result":[{"type":"TextResultContent","content":"unknown tool \"nope\"\n"}],"is_error":true}` + "\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, c.stdin, append([]string{"mcp", "--config", config}, c.args...)...)
			if code != c.code || out != c.out {
				t.Errorf("exit %d, want %d\n got %s\nwant %s\nstderr %q", code, c.code, out, c.out, errs)
			}
		})
	}
}

func TestMCPCommandUsage(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"server_params":{"type":"StdioServerParams"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "missing.json")
	if err := os.WriteFile(missing, []byte(`{"server_params":{"type":"StdioServerParams","command":"/nonexistent/mcp-server"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no config", []string{"mcp", "tools"}, 2, "--config WORKBENCH.json is required"},
		{"no verb", []string{"mcp", "--config", bad}, 2, "expected tools, or call NAME"},
		{"call without name", []string{"mcp", "--config", bad, "call"}, 2, "expected tools, or call NAME"},
		{"both from stdin", []string{"mcp", "--config", "-", "call", "x", "-"}, 2, "cannot both come from standard input"},
		{"bad config", []string{"mcp", "--config", bad, "tools"}, 1, "/server_params/command"},
		{"server that cannot start", []string{"mcp", "--config", missing, "tools"}, 1, "starting the server: starting /nonexistent/mcp-server"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", c.args...)
			if code != c.code || out != "" || !strings.Contains(errs, c.stderr) {
				t.Errorf("exit %d (want %d), stdout %q, stderr %q (want %q)", code, c.code, out, errs, c.stderr)
			}
		})
	}
}
