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

// completion is a chat.completion body answering with content or calls.
func completion(t *testing.T, content any, calls []map[string]any, prompt, completionTokens int) runtimecase.ScriptEntry {
	t.Helper()
	msg := map[string]any{"role": "assistant", "content": content}
	finish := "stop"
	if calls != nil {
		msg["tool_calls"] = calls
		finish = "tool_calls"
	}
	body, err := json.Marshal(map[string]any{
		"id": "chatcmpl-x", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-mini",
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish, "logprobs": nil}},
		"usage":   map[string]any{"prompt_tokens": prompt, "completion_tokens": completionTokens, "total_tokens": prompt + completionTokens},
	})
	if err != nil {
		t.Fatal(err)
	}
	return runtimecase.ScriptEntry{Status: 200, ContentType: "application/json", Body: string(body)}
}

// studioConfig is examples/studio/team.json with its model client pointed
// at base (an OpenAI-compatible endpoint) and a dummy key.
func studioConfig(t *testing.T, base string) string {
	return studioVariant(t, func(agent map[string]any) {
		client := agent["model_client"].(map[string]any)["config"].(map[string]any)
		client["base_url"] = base + "/v1"
		client["api_key"] = "sk-test"
		client["max_retries"] = 0
	})
}

// TestRunStudioTeam runs the AutoGen Studio team file of examples/studio
// (one AssistantAgent with the gallery's calculator FunctionTool, in a
// RoundRobinGroupChat ended by TextMention("TERMINATE") |
// MaxMessage(10)) against a loopback model endpoint. The expected items
// follow AutoGen's loop by hand: the model asks for calculator(3, 4, "+"),
// the tool's result str(3.0 + 4.0) is "7.0" and, without reflection, it
// is the ToolCallSummaryMessage; nothing mentions TERMINATE and 4 chat
// messages are fewer than 10, so the agent speaks again and its
// "TERMINATE" stops the run.
func TestRunStudioTeam(t *testing.T) {
	calls := []map[string]any{{"id": "call_1", "type": "function",
		"function": map[string]any{"name": "calculator", "arguments": `{"a": 3, "b": 4, "operator": "+"}`}}}
	model, err := runtimecase.NewModelServer([]runtimecase.ScriptEntry{
		completion(t, nil, calls, 50, 20),
		completion(t, "3 + 4 = 7. TERMINATE", nil, 80, 9),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	cfg := studioConfig(t, model.URL())
	saved := filepath.Join(t.TempDir(), "state.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "--config", cfg, "--task", "What is 3 + 4?", "--save-state", saved}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	items, err := runtimecase.ParseLines(stdout.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, it := range items {
		m := it.(map[string]any)
		if ty, ok := m["type"].(string); ok {
			types = append(types, ty)
		} else {
			types = append(types, "TaskResult")
		}
	}
	want := "TextMessage ToolCallRequestEvent ToolCallExecutionEvent ToolCallSummaryMessage TextMessage TaskResult"
	if got := strings.Join(types, " "); got != want {
		t.Fatalf("items:\n got %s\nwant %s\nstdout:\n%s", got, want, stdout.String())
	}
	summary := items[3].(map[string]any)
	if summary["content"] != "7.0" || summary["source"] != "assistant_agent" {
		t.Errorf("summary = %v, want content 7.0 from assistant_agent", runtimecase.Compact(summary))
	}
	result := items[5].(map[string]any)
	if result["stop_reason"] != "Text 'TERMINATE' mentioned" {
		t.Errorf("stop_reason = %v", result["stop_reason"])
	}
	reqs := model.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model requests, want 2", len(reqs))
	}
	// The calculator's schema as AutoGen's FunctionTool writes it for
	// calculator(a: float, b: float, operator: str) -> str.
	wantTools := `[{"function":{"description":"A simple calculator that performs basic arithmetic operations",` +
		`"name":"calculator","parameters":{"additionalProperties":false,"properties":{` +
		`"a":{"description":"a","title":"A","type":"number"},"b":{"description":"b","title":"B","type":"number"},` +
		`"operator":{"description":"operator","title":"Operator","type":"string"}},"required":["a","b","operator"],` +
		`"type":"object"},"strict":false},"type":"function"}]`
	var wantV any
	if err := json.Unmarshal([]byte(wantTools), &wantV); err != nil {
		t.Fatal(err)
	}
	body := reqs[0].Body.(map[string]any)
	if d := runtimecase.FirstDifference(wantV, body["tools"]); d != nil {
		t.Errorf("tools sent: %s", d)
	}
	st, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		AgentStates map[string]json.RawMessage `json:"agent_states"`
	}
	if err := json.Unmarshal(st, &state); err != nil {
		t.Fatal(err)
	}
	if _, ok := state.AgentStates["RoundRobinGroupChatManager"]; !ok || len(state.AgentStates) != 2 {
		t.Errorf("saved state has agent_states %v", state.AgentStates)
	}
}

// TestRunStudioState continues the saved Studio team state of
// examples/studio: the loaded history is sent to the model before the new
// task.
func TestRunStudioState(t *testing.T) {
	model, err := runtimecase.NewModelServer([]runtimecase.ScriptEntry{completion(t, "10. TERMINATE", nil, 60, 3)})
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	cfg := studioConfig(t, model.URL())
	state := filepath.Join("..", "..", "examples", "studio", "team_state.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "--config", cfg, "--state", state, "--task", "And 5 + 5?"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	reqs := model.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d model requests, want 1", len(reqs))
	}
	msgs := reqs[0].Body.(map[string]any)["messages"].([]any)
	var contents []string
	for _, m := range msgs {
		contents = append(contents, m.(map[string]any)["content"].(string))
	}
	want := []string{"You are a helpful assistant. Solve tasks carefully. When done, say TERMINATE.",
		"What is 2 + 3?", "2 + 3 = 5. TERMINATE", "And 5 + 5?"}
	if strings.Join(contents, "|") != strings.Join(want, "|") {
		t.Errorf("messages sent:\n got %q\nwant %q", contents, want)
	}
}

// TestRunConfigErrors checks that a config the runtime cannot run is
// refused before the run, naming the component's pointer.
func TestRunConfigErrors(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-test")
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "studio", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"unregistered function", `"source_code": "def calculator(`, `"source_code": "def no_such_tool(`,
			[]string{"/config/participants/0/config/workbench/0", `"no_such_tool"`}},
		{"unknown provider", `"autogen_agentchat.conditions.MaxMessageTermination"`, `"my.Termination"`,
			[]string{"/config/termination_condition/config/conditions/1", `"my.Termination"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !bytes.Contains(data, []byte(tc.from)) {
				t.Fatalf("team.json lacks %s", tc.from)
			}
			path := filepath.Join(t.TempDir(), "team.json")
			bad := bytes.Replace(data, []byte(tc.from), []byte(tc.to), 1)
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := run([]string{"run", "--config", path, "--task", "hi"}, nil, &stdout, &stderr)
			if code != 1 || stdout.Len() != 0 {
				t.Fatalf("exit %d with stdout %q, want 1 and nothing", code, stdout.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr %q lacks %s", stderr.String(), w)
				}
			}
		})
	}
}
