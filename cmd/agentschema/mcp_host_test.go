package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// everythingServer returns node and the entry script of the reference MCP
// server (AGENTSCHEMA_MCP_EVERYTHING, or where
// scripts/install-mcp-everything.sh installs it), or skips the test
// saying what to install (.ci/run installs both, so CI never skips).
func everythingServer(t *testing.T) (node, entry string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("needs node on PATH and scripts/install-mcp-everything.sh")
	}
	entry = os.Getenv("AGENTSCHEMA_MCP_EVERYTHING")
	if entry == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			t.Skip("no AGENTSCHEMA_MCP_EVERYTHING and no home directory")
		}
		entry = filepath.Join(home, ".cache", "agentschema", "mcp-everything", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	}
	if _, err := os.Stat(entry); err != nil {
		t.Skipf("server-everything is not installed at %s (scripts/install-mcp-everything.sh)", entry)
	}
	return node, entry
}

// mcpEverythingConfig returns an McpWorkbench component config running the
// reference server @modelcontextprotocol/server-everything (installed by
// scripts/install-mcp-everything.sh, or named by
// AGENTSCHEMA_MCP_EVERYTHING) with the given host, written to a file.
// Without node or the server, the test is skipped.
func mcpEverythingConfig(t *testing.T, host string) string {
	t.Helper()
	node, entry := everythingServer(t)
	nodeJSON, _ := json.Marshal(node)
	argsJSON, _ := json.Marshal([]string{entry, "stdio"})
	config := `{"provider":"autogen_ext.tools.mcp.McpWorkbench","component_type":"workbench","version":1,"component_version":1,` +
		`"config":{"server_params":{"type":"StdioServerParams","command":` + string(nodeJSON) + `,"args":` + string(argsJSON) +
		`,"read_timeout_seconds":30},"tool_overrides":{},"host":` + host + `}}`
	path := filepath.Join(t.TempDir(), "workbench.json")
	if err := os.WriteFile(path, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMCPCommandHost: the mcp command loads the config's McpSessionHost,
// which answers the server's sampling (a replay model client) and roots
// requests; a request the host has no part for gets AutoGen's error.
func TestMCPCommandHost(t *testing.T) {
	host := `{"provider":"autogen_ext.tools.mcp.McpSessionHost","component_type":"mcp_session_host","config":{` +
		`"sampler":{"provider":"autogen_ext.tools.mcp.ChatCompletionClientSampler","config":{"client_config":` +
		`{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{"chat_completions":["Replayed."]}}}},` +
		`"elicitor":null,` +
		`"roots":{"provider":"autogen_ext.tools.mcp.StaticRootsProvider","config":{"roots":[{"uri":"file:///workspace","name":"Workspace"}]}}}}`
	config := mcpEverythingConfig(t, host)
	cases := []struct {
		name, tool, args string
		code             int
		want             []string // in the ToolResult's JSON
	}{
		{"sampling", "trigger-sampling-request", `{"prompt":"hi","maxTokens":5}`, 0,
			[]string{`\"text\": \"Replayed.\"`, `\"model\": \"unknown\"`, `\"stopReason\": \"endTurn\"`}},
		{"roots", "get-roots-list", `{}`, 0, []string{`Current MCP Roots (1 total):\n\n1. Workspace\n   URI: file:///workspace`}},
		{"no elicitor", "trigger-elicitation-request", `{}`, 1, []string{`MCP error -32600: No elicitor configured for this host`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, c.args, "mcp", "--config", config, "call", c.tool, "-")
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr %q", code, c.code, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output %s lacks %s", out, w)
				}
			}
		})
	}

	// A host that cannot be loaded: the pointer of the fault.
	bad := mcpEverythingConfig(t, `{"provider":"autogen_ext.tools.mcp.McpSessionHost","config":{"roots":`+
		`{"provider":"autogen_ext.tools.mcp.StaticRootsProvider","config":{"roots":[{"uri":"https://example.com"}]}}}}`)
	code, out, errs := runCmd(t, "", "mcp", "--config", bad, "tools")
	if code != 1 || out != "" || !strings.Contains(errs, "/config/host/config/roots/config/roots/0/uri: URL scheme should be 'file'") {
		t.Errorf("bad host: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
