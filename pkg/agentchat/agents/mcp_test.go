package agents_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/workbench"
	_ "github.com/agentschema/agentschema/pkg/workbench/mcp"
)

// everythingEntry is the reference MCP server's entry script (see
// scripts/install-mcp-everything.sh), or a skip saying what to install.
func everythingEntry(t *testing.T) (node, entry string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("needs node on PATH (apt-get install -y nodejs npm), then scripts/install-mcp-everything.sh")
	}
	entry = os.Getenv("AGENTSCHEMA_MCP_EVERYTHING")
	if entry == "" {
		home, _ := os.UserHomeDir()
		entry = filepath.Join(home, ".cache", "agentschema", "mcp-everything", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	}
	if _, err := os.Stat(entry); err != nil {
		t.Skipf("server-everything is not installed at %s: run scripts/install-mcp-everything.sh", entry)
	}
	return node, entry
}

// TestAssistantWithMCPWorkbench runs an AssistantAgent whose tools come
// from a real MCP server (a child process, through an McpWorkbench config):
// the model calls the server's echo tool, and the summary is its text.
// Closing the agent stops the server.
func TestAssistantWithMCPWorkbench(t *testing.T) {
	node, entry := everythingEntry(t)
	ctx := context.Background()
	cfg, _ := json.Marshal(map[string]any{"provider": "autogen_ext.tools.mcp.McpWorkbench", "component_type": "workbench",
		"config": map[string]any{"server_params": map[string]any{"type": "StdioServerParams", "command": node,
			"args": []string{entry, "stdio"}, "read_timeout_seconds": 30}}})
	wb, err := component.LoadAs[workbench.Workbench](ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	call := callResult(gen.FunctionCall{ID: "c1", Name: "echo", Arguments: `{"message": "hi"}`})
	a, err := agents.NewAssistantAgent("assistant", replay.New([]replay.Completion{call}, replay.WithModelInfo(toolInfo)),
		agents.AssistantOptions{Workbenches: []workbench.Workbench{wb}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := a.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
	}()
	res, err := a.Run(ctx, agentchat.TextTask("Say hi."))
	if err != nil {
		t.Fatal(err)
	}
	last := res.Messages[len(res.Messages)-1]
	s, ok := last.(*gen.ToolCallSummaryMessage)
	if !ok || s.Content != "Echo: hi" {
		t.Errorf("answer %T %+v, want the summary 'Echo: hi'", last, last)
	}
}
