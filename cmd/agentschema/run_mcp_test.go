package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// TestRunWithMCPWorkbench runs an AssistantAgent whose tools come from a
// real MCP server (server-everything, a child process): the model calls
// its echo tool, every line of standard output is one JSON item (the
// server's own messages go to standard error), and the summary is the
// tool's text.
func TestRunWithMCPWorkbench(t *testing.T) {
	node, entry := everythingServer(t)
	calls := []map[string]any{{"id": "call_1", "type": "function",
		"function": map[string]any{"name": "echo", "arguments": `{"message": "hi"}`}}}
	model, err := runtimecase.NewModelServer([]runtimecase.ScriptEntry{completion(t, nil, calls, 10, 5)})
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	agent, _ := json.Marshal(map[string]any{"provider": "autogen_agentchat.agents.AssistantAgent", "component_type": "agent",
		"config": map[string]any{"name": "a", "description": "d", "reflect_on_tool_use": false, "tool_call_summary_format": "{result}",
			"model_client": map[string]any{"provider": "autogen_ext.models.openai.OpenAIChatCompletionClient", "component_type": "model",
				"config": map[string]any{"model": "gpt-4o", "api_key": "sk-test", "max_retries": 0, "base_url": model.URL() + "/v1"}},
			"workbench": []any{map[string]any{"provider": "autogen_ext.tools.mcp.McpWorkbench", "component_type": "workbench",
				"config": map[string]any{"server_params": map[string]any{"type": "StdioServerParams", "command": node,
					"args": []string{entry, "stdio"}, "read_timeout_seconds": 30}}}}}})
	cfg := filepath.Join(t.TempDir(), "agent.json")
	if err := os.WriteFile(cfg, agent, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"run", "--config", cfg, "--task", "Say hi."}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	items, err := runtimecase.ParseLines(stdout.Bytes())
	if err != nil {
		t.Fatalf("stdout is not one JSON value per line: %v\n%s", err, stdout.String())
	}
	if len(items) != 5 {
		t.Fatalf("%d items, want 5:\n%s", len(items), stdout.String())
	}
	if summary := items[3].(map[string]any); summary["type"] != "ToolCallSummaryMessage" || summary["content"] != "Echo: hi" {
		t.Errorf("item 4: %s", runtimecase.Compact(summary))
	}
}
