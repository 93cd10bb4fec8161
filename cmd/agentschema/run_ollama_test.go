package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// ollamaTeam is examples/ollama/team.json with its Ollama client's host
// pointed at base.
func ollamaTeam(t *testing.T, base string, stream bool) string {
	return exampleVariant(t, "ollama", func(agent map[string]any) {
		agent["model_client"].(map[string]any)["config"].(map[string]any)["host"] = base
		agent["model_client_stream"] = stream
	})
}

// TestRunOllamaTeam runs examples/ollama/team.json (the Studio team of
// examples/studio on OllamaChatCompletionClient and llama3.2) through
// 'agentschema run' against a loopback fake of the Ollama chat API,
// answering first with a tool call, then with text (whole, or streamed as
// NDJSON lines). The expected requests and items follow AutoGen's client
// and loop by hand: the system message and the task as they are, the
// calculator's schema cut down to each property's type and description,
// the tool call's id "0" (the client's first create with tool calls), the
// assistant's calls sent back with their arguments as a JSON object and
// the result as a role "tool" message; "7.0" is the summary, and
// "TERMINATE" stops the run.
func TestRunOllamaTeam(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(map[bool]string{false: "create", true: "create_stream"}[stream], func(t *testing.T) {
			runOllamaTeam(t, stream)
		})
	}
}

func runOllamaTeam(t *testing.T, stream bool) {
	call := `{"model": "llama3.2", "created_at": "2024-06-01T12:00:00Z", "message": {"role": "assistant", "content": "",
		"tool_calls": [{"function": {"name": "calculator", "arguments": {"a": 3, "b": 4, "operator": "+"}}}]},
		"done": true, "done_reason": "stop", "prompt_eval_count": 50, "eval_count": 20}`
	answer := `{"model": "llama3.2", "message": {"role": "assistant", "content": "3 + 4 = 7. TERMINATE"}, "done": true, "done_reason": "stop", "prompt_eval_count": 80, "eval_count": 9}`
	second := runtimecase.ScriptEntry{Body: answer}
	first := runtimecase.ScriptEntry{Body: strings.Join(strings.Fields(call), " ")}
	if stream {
		first.ContentType = "application/x-ndjson"
		first.Body += "\n"
		second = runtimecase.ScriptEntry{ContentType: "application/x-ndjson", Body: `{"model": "llama3.2", "message": {"role": "assistant", "content": "3 + 4 = 7."}, "done": false}
{"model": "llama3.2", "message": {"role": "assistant", "content": " TERMINATE"}, "done": false}
{"model": "llama3.2", "message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop", "prompt_eval_count": 80, "eval_count": 9}
`}
	}
	model, err := runtimecase.NewModelServer([]runtimecase.ScriptEntry{first, second})
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "--config", ollamaTeam(t, model.URL(), stream), "--task", "What is 3 + 4?"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	items, err := runtimecase.ParseLines(stdout.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, it := range items {
		ty, _ := it.(map[string]any)["type"].(string)
		if ty == "" {
			ty = "TaskResult"
		}
		if ty != "ModelClientStreamingChunkEvent" {
			types = append(types, ty)
		}
	}
	want := "TextMessage ToolCallRequestEvent ToolCallExecutionEvent ToolCallSummaryMessage TextMessage TaskResult"
	if got := strings.Join(types, " "); got != want {
		t.Fatalf("items:\n got %s\nwant %s\nstdout:\n%s", got, want, stdout.String())
	}
	var request, summary, final, result map[string]any
	for _, it := range items {
		m := it.(map[string]any)
		switch m["type"] {
		case "ToolCallRequestEvent":
			request = m
		case "ToolCallSummaryMessage":
			summary = m
		case "TextMessage":
			final = m
		case nil:
			result = m
		}
	}
	wantCall := `[{"id": "0", "arguments": "{\"a\": 3, \"b\": 4, \"operator\": \"+\"}", "name": "calculator"}]`
	if d := runtimecase.FirstDifference(mustJSON(t, wantCall), request["content"]); d != nil {
		t.Errorf("tool call request: %s", d)
	}
	if summary["content"] != "7.0" || final["content"] != "3 + 4 = 7. TERMINATE" {
		t.Errorf("summary %v, final %v", summary["content"], final["content"])
	}
	if result["stop_reason"] != "Text 'TERMINATE' mentioned" {
		t.Errorf("stop_reason = %v", result["stop_reason"])
	}
	checkOllamaTeamRequests(t, model.Requests(), stream)
}

// checkOllamaTeamRequests compares the two requests with the bodies
// AutoGen's client sends for them, derived by hand.
func checkOllamaTeamRequests(t *testing.T, reqs []runtimecase.ModelRequest, stream bool) {
	t.Helper()
	if len(reqs) != 2 {
		t.Fatalf("%d model requests, want 2", len(reqs))
	}
	streamJSON := "false"
	if stream {
		streamJSON = "true"
	}
	tools := `[{"type": "function", "function": {"name": "calculator",
		"description": "A simple calculator that performs basic arithmetic operations",
		"parameters": {"type": "object", "required": ["a", "b", "operator"], "properties": {
			"a": {"type": "number", "description": "a"}, "b": {"type": "number", "description": "b"},
			"operator": {"type": "string", "description": "operator"}}}}}]`
	head := `{"role": "system", "content": "You are a helpful assistant. Solve tasks carefully. When done, say TERMINATE."},
		{"role": "user", "content": "What is 3 + 4?"}`
	bodies := []string{
		`{"model": "llama3.2", "stream": ` + streamJSON + `, "messages": [` + head + `], "tools": ` + tools + `}`,
		`{"model": "llama3.2", "stream": ` + streamJSON + `, "messages": [` + head + `,
			{"role": "assistant", "tool_calls": [{"function": {"name": "calculator", "arguments": {"a": 3, "b": 4, "operator": "+"}}}]},
			{"role": "tool", "content": "7.0"}], "tools": ` + tools + `}`,
	}
	for i, b := range bodies {
		if reqs[i].Method != "POST" || reqs[i].Path != "/api/chat" {
			t.Errorf("request %d: %s %s", i, reqs[i].Method, reqs[i].Path)
		}
		if d := runtimecase.FirstDifference(mustJSON(t, b), reqs[i].Body); d != nil {
			t.Errorf("request %d body: %s", i, d)
		}
	}
}

func mustJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return v
}

// TestContextWithOllamaClient: a token-limited context counts with the
// Ollama client's count_tokens, offline. By hand (cl100k_base): "Hello"
// and "Bye" are 1 token, "Hello there" 2; each message 3 more, the reply
// 3 and the end 12: 28 for the three messages, over the limit of 24, so
// AutoGen removes the one at index len/2 (the second), leaving 23.
func TestContextWithOllamaClient(t *testing.T) {
	config := writeTemp(t, "ctx.json", `{"provider":"autogen_core.model_context.TokenLimitedChatCompletionContext","component_type":"chat_completion_context","config":{
		"model_client":{"provider":"autogen_ext.models.ollama.OllamaChatCompletionClient","component_type":"model","config":{"model":"llama3.2"}},
		"token_limit":24}}`)
	stdin := `[{"type":"UserMessage","content":"Hello","source":"user"},{"type":"UserMessage","content":"Hello there","source":"user"},{"type":"UserMessage","content":"Bye","source":"user"}]`
	code, out, errs := runCmd(t, stdin, "context", "--config", config)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !sameJSON(out, `[{"content":"Hello","source":"user","type":"UserMessage"},{"content":"Bye","source":"user","type":"UserMessage"}]`) {
		t.Errorf("view %s", out)
	}
}

// TestValidateOllamaConfigs: validate --mode autogen refuses what
// OllamaChatCompletionClient's constructor refuses, at the member at
// fault, in AutoGen's words; a known model (by the name before ':') passes.
func TestValidateOllamaConfigs(t *testing.T) {
	for _, tc := range []struct{ name, config, want string }{
		{"known", `{"model": "llama3.2:1b"}`, ""},
		{"unknown", `{"model": "my-model"}`, "/config/model: Value error, model_info is required when model name is not a valid OpenAI model"},
		{"both", `{"model": "m", "model_info": {"vision": false, "function_calling": false, "json_output": false, "family": "unknown", "structured_output": false}, "model_capabilities": {"vision": false, "function_calling": false, "json_output": false}}`,
			"/config/model_capabilities: Value error, model_capabilities and model_info are mutually exclusive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := writeTemp(t, "client.json", `{"provider": "autogen_ext.models.ollama.OllamaChatCompletionClient", "component_type": "model", "config": `+tc.config+`}`)
			code, out, errs := runCmd(t, "", "validate", "--mode", "autogen", file)
			if tc.want == "" {
				if code != 0 {
					t.Fatalf("exit %d: %s%s", code, out, errs)
				}
				return
			}
			if code == 0 || !strings.Contains(out+errs, tc.want) {
				t.Fatalf("exit %d, output %s%s; want %q", code, out, errs, tc.want)
			}
		})
	}
}
