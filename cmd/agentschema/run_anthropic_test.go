package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// claudeFake is a Messages API endpoint that answers the n-th request
// with the n-th body (the last repeats) and records what it receives.
type claudeFake struct {
	srv    *httptest.Server
	mu     sync.Mutex
	bodies []map[string]any
	keys   []string
}

func newClaudeFake(t *testing.T, answers ...string) *claudeFake {
	f := &claudeFake{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(data, &body)
		f.mu.Lock()
		n := len(f.bodies)
		f.bodies = append(f.bodies, body)
		f.keys = append(f.keys, r.Header.Get("X-Api-Key"))
		f.mu.Unlock()
		if r.URL.Path != "/v1/messages" {
			w.WriteHeader(404)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, answers[min(n, len(answers)-1)])
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// claudeTeam is examples/claude/team.json with its client pointed at base.
func claudeTeam(t *testing.T, base string) string {
	return exampleVariant(t, "claude", func(agent map[string]any) {
		client := agent["model_client"].(map[string]any)
		if client["provider"] != "autogen_ext.models.anthropic.AnthropicChatCompletionClient" {
			t.Fatalf("the example's client is %v", client["provider"])
		}
		cfg := client["config"].(map[string]any)
		cfg["base_url"], cfg["api_key"], cfg["max_retries"] = base, "sk-ant-test", 0
	})
}

// TestRunClaudeTeam runs examples/claude/team.json (the Studio team of
// examples/studio on Claude) with `agentschema run` against a fake of
// Anthropic's API: the calculator is called from a tool_use block, its
// result goes back as a tool_result, and the run ends on TERMINATE. The
// text before the tool call is the thought (a ThoughtEvent), as in AutoGen.
func TestRunClaudeTeam(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "")
	fake := newClaudeFake(t,
		`{"id":"msg_1","type":"message","role":"assistant","model":"claude-3-7-sonnet-20250219","content":[{"type":"text","text":"Let me compute."},{"type":"tool_use","id":"toolu_1","name":"calculator","input":{"a":3,"b":4,"operator":"+"}}],"stop_reason":"tool_use","usage":{"input_tokens":50,"output_tokens":20}}`,
		`{"id":"msg_2","type":"message","role":"assistant","model":"claude-3-7-sonnet-20250219","content":[{"type":"text","text":"3 + 4 = 7. TERMINATE"}],"stop_reason":"end_turn","usage":{"input_tokens":80,"output_tokens":9}}`)
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "--config", claudeTeam(t, fake.srv.URL), "--task", "What is 3 + 4?"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	if strings.Contains(stdout.String()+stderr.String(), "sk-ant-test") {
		t.Error("the API key shows in the output")
	}
	items, err := runtimecase.ParseLines(stdout.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, it := range items {
		ty, ok := it.(map[string]any)["type"].(string)
		if !ok {
			ty = "TaskResult"
		}
		types = append(types, ty)
	}
	if got, want := strings.Join(types, " "), "TextMessage ThoughtEvent ToolCallRequestEvent ToolCallExecutionEvent ToolCallSummaryMessage TextMessage TaskResult"; got != want {
		t.Fatalf("items:\n got %s\nwant %s\nstdout:\n%s", got, want, stdout.String())
	}
	if th := items[1].(map[string]any)["content"]; th != "Let me compute." {
		t.Errorf("thought %v", th)
	}
	request := items[2].(map[string]any)
	if c := runtimecase.Compact(request["content"]); c != `[{"arguments":"{\"a\": 3, \"b\": 4, \"operator\": \"+\"}","id":"toolu_1","name":"calculator"}]` {
		t.Errorf("tool call %s", c)
	}
	if s := items[4].(map[string]any)["content"]; s != "7.0" {
		t.Errorf("summary %v, want 7.0", s)
	}
	if len(fake.bodies) != 2 || fake.keys[0] != "sk-ant-test" {
		t.Fatalf("%d requests (keys %q), want 2", len(fake.bodies), fake.keys)
	}
	first, second := fake.bodies[0], fake.bodies[1]
	if first["system"] != "You are a helpful assistant. Solve tasks carefully. When done, say TERMINATE." {
		t.Errorf("system %v", first["system"])
	}
	wantTools := `[{"name":"calculator","description":"A simple calculator that performs basic arithmetic operations",` +
		`"input_schema":{"properties":{"a":{"description":"a","title":"A","type":"number"},"b":{"description":"b","title":"B","type":"number"},` +
		`"operator":{"description":"operator","title":"Operator","type":"string"}},"required":["a","b","operator"],"type":"object"}}]`
	var wantV any
	_ = json.Unmarshal([]byte(wantTools), &wantV)
	if d := runtimecase.FirstDifference(wantV, first["tools"]); d != nil {
		t.Errorf("tools sent: %s", d)
	}
	msgs := second["messages"].([]any)
	want := `[{"content":"What is 3 + 4?","role":"user"},` +
		`{"content":[{"text":"Let me compute.","type":"text"},{"id":"toolu_1","input":{"a":3,"b":4,"operator":"+"},"name":"calculator","type":"tool_use"}],"role":"assistant"},` +
		`{"content":[{"content":"7.0","tool_use_id":"toolu_1","type":"tool_result"}],"role":"user"}]`
	if got := runtimecase.Compact(msgs); got != want {
		t.Errorf("second request's messages\n got %s\nwant %s", got, want)
	}
}
