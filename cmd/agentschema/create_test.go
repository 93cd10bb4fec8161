package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/clientcase"
)

// fakeOpenAI is a chat-completions endpoint that records the last body and
// answers with a canned completion, or an SSE stream when asked to stream.
func fakeOpenAI(t *testing.T, bodies *[]string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		*bodies = append(*bodies, string(b))
		if r.Header.Get("Authorization") != "Bearer sk-cmd-secret" {
			w.WriteHeader(401)
			fmt.Fprint(w, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`)
			return
		}
		var req struct {
			Stream bool `json:"stream"`
		}
		_ = json.Unmarshal(b, &req)
		if req.Stream {
			w.Header().Set("Content-Type", "text/event-stream")
			for _, c := range []string{`{"content":"Bon"}`, `{"content":"jour"}`} {
				fmt.Fprintf(w, "data: {\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":%s,\"finish_reason\":null}]}\n\n", c)
			}
			fmt.Fprint(w, "data: {\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"x","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"Bonjour"},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":1,"total_tokens":10}}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCreateCommand(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	os.Unsetenv("OPENAI_API_KEY")
	var bodies []string
	srv := fakeOpenAI(t, &bodies)
	config := writeTemp(t, "client.json", `{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o","api_key":"sk-cmd-secret","base_url":"`+srv.URL+`","max_retries":0}}`)
	badKey := writeTemp(t, "bad.json", `{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o","api_key":"sk-wrong-secret","base_url":"`+srv.URL+`","max_retries":0}}`)
	tools := writeTemp(t, "tools.json", `[{"name":"get_weather","description":"Weather.","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]},"strict":false}]`)
	extra := writeTemp(t, "extra.json", `{"temperature":0.2}`)
	usageOn := writeTemp(t, "usage.json", `{"stream_options":{"include_usage":true}}`)
	schema := writeTemp(t, "schema.json", `{"properties":{"word":{"title":"Word","type":"string"}},"required":["word"],"title":"Answer","type":"object"}`)
	messages := `[{"type":"SystemMessage","content":"Answer in French."},{"type":"UserMessage","content":"Hello","source":"user"}]`
	msgs := `[{"content":"Answer in French.","role":"system"},{"role":"user","name":"user","content":"Hello"}]`
	result := `{"finish_reason":"stop","content":"Bonjour","usage":{"prompt_tokens":9,"completion_tokens":1},"cached":false,"logprobs":null,"thought":null}`

	tests := []struct {
		name     string
		args     []string
		code     int
		out      []string // expected JSON lines
		body     string   // expected request body
		errMatch string
	}{
		{"create", []string{"create", "--config", config, "-"}, 0, []string{result},
			`{"messages":` + msgs + `,"model":"gpt-4o","stream":false}`, ""},
		{"tools, choice, extra args", []string{"create", "--config", config, "--tools", tools, "--tool-choice", "get_weather", "--extra-args", extra},
			0, []string{result},
			`{"messages":` + msgs + `,"model":"gpt-4o","temperature":0.2,"stream":false,"tool_choice":{"type":"function","function":{"name":"get_weather"}},"tools":[{"type":"function","function":{"name":"get_weather","description":"Weather.","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]},"strict":false}}]}`, ""},
		{"json output", []string{"create", "--json-output", "--config", config}, 0, []string{result},
			`{"messages":` + msgs + `,"model":"gpt-4o","response_format":{"type":"json_object"},"stream":false}`, ""},
		// The answer "Bonjour" is not JSON: the openai library's parse
		// (model_validate_json) refuses it.
		{"output schema", []string{"create", "--config", config, "--output-schema", "Answer=" + schema}, 1, nil,
			`{"messages":` + msgs + `,"model":"gpt-4o","stream":false,"response_format":{"type":"json_schema","json_schema":{"name":"Answer","strict":true,"schema":{"properties":{"word":{"title":"Word","type":"string"}},"required":["word"],"title":"Answer","type":"object","additionalProperties":false}}}}`,
			"agentschema create: ValidationError: 1 validation error for Answer\n  Invalid JSON: expected value at line 1 column 1 [type=json_invalid, input_value='Bonjour', input_type=str]\n"},
		{"stream", []string{"create", "--stream", "--config", config}, 0,
			[]string{`"Bon"`, `"jour"`, `{"finish_reason":"stop","content":"Bonjour","usage":{"prompt_tokens":0,"completion_tokens":0},"cached":false,"logprobs":null,"thought":null}`},
			`{"messages":` + msgs + `,"model":"gpt-4o","stream":true}`, ""},
		// json_output=False: AutoGen's ResponseFormatText(type="text").
		{"json output false", []string{"create", "--json-output=false", "--config", config}, 0, []string{result},
			`{"messages":` + msgs + `,"model":"gpt-4o","response_format":{"type":"text"},"stream":false}`, ""},
		// include_usage given, no stream_options: create_stream adds
		// {"include_usage": True}, whatever the value.
		{"include usage", []string{"create", "--stream", "--include-usage", "--config", config}, 0,
			[]string{`"Bon"`, `"jour"`, `{"finish_reason":"stop","content":"Bonjour","usage":{"prompt_tokens":0,"completion_tokens":0},"cached":false,"logprobs":null,"thought":null}`},
			`{"messages":` + msgs + `,"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true}}`, ""},
		{"include usage false", []string{"create", "--stream", "--include-usage=false", "--config", config}, 0,
			[]string{`"Bon"`, `"jour"`, `{"finish_reason":"stop","content":"Bonjour","usage":{"prompt_tokens":0,"completion_tokens":0},"cached":false,"logprobs":null,"thought":null}`},
			`{"messages":` + msgs + `,"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true}}`, ""},
		// ... and refuses a stream_options that says otherwise.
		{"include usage differs", []string{"create", "--stream", "--include-usage=false", "--config", config, "--extra-args", usageOn}, 1, nil, "",
			"agentschema create: ValueError: include_usage and extra_create_args['stream_options']['include_usage'] are both set, but differ in value.\n"},
		{"include usage without stream", []string{"create", "--include-usage", "--config", config}, 2, nil, "", "--include-usage needs --stream"},
		{"json output false and schema", []string{"create", "--config", config, "--json-output=false", "--output-schema", "A=" + schema}, 2, nil, "", "exclude each other"},
		{"AutoGen raises", []string{"create", "--config", config, "--tool-choice", "nope"}, 1, nil, "", "ValueError: tool_choice specified but no tools provided"},
		{"api error", []string{"create", "--config", badKey}, 1, nil, "", "Error code: 401 - {'error': {'message': 'Incorrect API key provided'"},
		{"no config", []string{"create"}, 2, nil, "", "--config CLIENT.json is required"},
		{"both outputs", []string{"create", "--config", config, "--json-output", "--output-schema", "A=" + schema}, 2, nil, "", "exclude each other"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bodies = nil
			code, out, errs := runCmd(t, messages, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			if strings.Contains(errs+out, "secret") {
				t.Errorf("the API key shows: %q %q", out, errs)
			}
			if tt.errMatch != "" && !strings.Contains(errs, tt.errMatch) {
				t.Errorf("stderr %q, want %q", errs, tt.errMatch)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if tt.out == nil {
				if out != "" {
					t.Errorf("output %q", out)
				}
			} else if len(lines) != len(tt.out) {
				t.Fatalf("output %q, want %d lines", out, len(tt.out))
			}
			for i, want := range tt.out {
				if !sameJSON(lines[i], want) {
					t.Errorf("line %d: %s, want %s", i, lines[i], want)
				}
			}
			if tt.body != "" {
				if len(bodies) != 1 || !sameJSON(bodies[0], tt.body) {
					t.Errorf("body %v\nwant %s", bodies, tt.body)
				}
			}
		})
	}
}

func sameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

// TestContextWithOpenAIClient: a TokenLimited config naming the OpenAI
// client works in the context command (the create command's import
// registers the provider). No request is sent: counting is offline.
func TestContextWithOpenAIClient(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-env-secret")
	// "Hello" as a user message from "user" costs 3 + 1 (role) + 1+1 (name)
	// + 1 (content) tokens, plus 3 for the reply: 10 (count_tokens_openai,
	// o200k_base). Both messages exceed a limit of 12; AutoGen removes the
	// message at index len/2 (the second) and keeps the first.
	config := writeTemp(t, "ctx.json", `{"provider":"autogen_core.model_context.TokenLimitedChatCompletionContext","component_type":"chat_completion_context","config":{
		"model_client":{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","component_type":"model","config":{"model":"gpt-4o"}},
		"token_limit":12}}`)
	stdin := `[{"type":"UserMessage","content":"Hello","source":"user"},{"type":"UserMessage","content":"Hello there, how are you?","source":"user"}]`
	code, out, errs := runCmd(t, stdin, "context", "--config", config)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !sameJSON(out, `[{"content":"Hello","source":"user","type":"UserMessage"}]`) {
		t.Errorf("view %s", out)
	}
}

// TestCreateClientCases runs every case of testdata/conformance/clients
// (calls of AutoGen's OpenAI or Azure OpenAI client recorded against a
// fake of the OpenAI HTTP API) through 'agentschema create' as the README
// there says (runCreateCase).
func TestCreateClientCases(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID", "AZURE_OPENAI_API_KEY",
		"AZURE_OPENAI_AD_TOKEN", "GEMINI_API_KEY", "ANTHROPIC_API_KEY", "LLAMA_API_KEY"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	cases := clientcase.LoadClients(t, "../../testdata/conformance/clients")
	clientcase.RunAll(t, cases, func(t *testing.T, c *clientcase.Case) {
		runCreateCase(t, c, []string{"openai-organization"}, nil)
	})
}

// checkLines compares create's output with the chunks (JSON strings, one
// a line) and then the result.
func checkLines(t *testing.T, out string, chunks []string, result json.RawMessage) {
	t.Helper()
	var want []string
	for _, ch := range chunks {
		b, _ := json.Marshal(ch)
		want = append(want, string(b))
	}
	if result != nil {
		want = append(want, string(result))
	}
	var lines []string
	if out != "" {
		lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	}
	if len(lines) != len(want) {
		t.Fatalf("output %q, want %d lines: %q", out, len(want), want)
	}
	for i := range want {
		if !clientcase.SameJSON([]byte(lines[i]), []byte(want[i])) {
			t.Errorf("line %d: %s, want %s", i, lines[i], want[i])
		}
	}
}

// TestCreateAnyClient: create loads any registered model client through
// component.Load and the models.ChatCompletionClient interface (here the
// replay client); the options only some clients take are refused for
// the others.
func TestCreateAnyClient(t *testing.T) {
	config := writeTemp(t, "replay.json", `{"provider": "autogen_ext.models.replay.ReplayChatCompletionClient",
		"component_type": "replay_chat_completion_client", "config": {"chat_completions": ["Bonjour", "Salut"]}}`)
	schema := writeTemp(t, "schema.json", `{"type":"object"}`)
	messages := `[{"type":"UserMessage","content":"Hello","source":"user"}]`
	tests := []struct {
		name    string
		args    []string
		code    int
		content string
		errs    string
	}{
		{"create", []string{"create", "--config", config}, 0, "Bonjour", ""},
		{"stream", []string{"create", "--stream", "--config", config}, 0, "Bonjour", ""},
		{"output schema refused", []string{"create", "--config", config, "--output-schema", "A=" + schema}, 1, "", "does not take a JSON Schema"},
		{"include usage refused", []string{"create", "--stream", "--include-usage", "--config", config}, 1, "", "does not take include_usage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, messages, tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.errs) {
				t.Fatalf("exit %d, stderr %q; want exit %d, %q", code, errs, tt.code, tt.errs)
			}
			if tt.content == "" {
				return
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			var res struct {
				Content      string `json:"content"`
				FinishReason string `json:"finish_reason"`
			}
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil || res.Content != tt.content || res.FinishReason != "stop" {
				t.Errorf("output %q (%v)", out, err)
			}
		})
	}
}
