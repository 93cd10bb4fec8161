package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/internal/pyimg"
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

// recordedClientCase is one case of testdata/conformance/clients (see the
// README there): a call of AutoGen's OpenAI or Azure OpenAI client
// recorded against a fake of the OpenAI HTTP API. Every expected value
// comes from the recording.
type recordedClientCase struct {
	ID              string            `json:"id"`
	Kind            string            `json:"kind"`
	Config          json.RawMessage   `json:"config"`
	Messages        json.RawMessage   `json:"messages"`
	Tools           []json.RawMessage `json:"tools"`
	ToolChoice      json.RawMessage   `json:"tool_choice"`
	JSONOutput      json.RawMessage   `json:"json_output"`
	ExtraCreateArgs json.RawMessage   `json:"extra_create_args"`
	Stream          bool              `json:"stream"`
	Request         *recordedHTTP     `json:"request"`
	MoreRequests    []recordedHTTP    `json:"more_requests"`
	Response        struct {
		Status      int    `json:"status"`
		ContentType string `json:"content_type"`
		Body        string `json:"body"`
	} `json:"response"`
	Result json.RawMessage `json:"result"`
	Chunks []string        `json:"chunks"`
	Error  *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	StubDependent bool `json:"stub_dependent"`
}

type recordedHTTP struct {
	Method        string            `json:"method"`
	Path          string            `json:"path"`
	Query         map[string]string `json:"query"`
	Body          json.RawMessage   `json:"body"`
	Authorization bool              `json:"authorization"`
	APIKeyHeader  bool              `json:"api_key_header"`
	Headers       map[string]string `json:"headers"`
}

type seenHTTP struct {
	method, path string
	query        url.Values
	header       http.Header
	body         []byte
}

// TestCreateClientCases runs every case of testdata/conformance/clients
// through 'agentschema create' as the README there says: the case's
// response served on 127.0.0.1, the config, tools, extra args, output
// schema and messages written to files, the flags from the case. The
// requests sent, the exit status and the output (each chunk, then the
// CreateResult) or the error on stderr must be AutoGen's.
func TestCreateClientCases(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID", "AZURE_OPENAI_API_KEY",
		"AZURE_OPENAI_AD_TOKEN", "GEMINI_API_KEY", "ANTHROPIC_API_KEY", "LLAMA_API_KEY"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	const dir = "../../testdata/conformance/clients"
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases under %s: %v", dir, err)
	}
	sort.Strings(files)
	passed, total := map[string]int{}, map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c recordedClientCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		total[c.Kind]++
		if t.Run(c.ID, func(t *testing.T) { runCreateCase(t, &c) }) {
			passed[c.Kind]++
		}
	}
	var kinds []string
	for k := range total {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, " %s %d/%d", k, passed[k], total[k])
	}
	t.Logf("passed per kind:%s", b.String())
}

func runCreateCase(t *testing.T, c *recordedClientCase) {
	var mu sync.Mutex
	var seen []seenHTTP
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, seenHTTP{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), body})
		mu.Unlock()
		if c.Response.ContentType != "" {
			w.Header().Set("Content-Type", c.Response.ContentType)
		}
		w.WriteHeader(c.Response.Status)
		io.WriteString(w, c.Response.Body)
	}))
	defer srv.Close()

	tmp := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := []string{"create", "--config", write("client.json", []byte(strings.ReplaceAll(string(c.Config), "{{BASE_URL}}", srv.URL)))}
	if len(c.Tools) > 0 {
		tools, _ := json.Marshal(c.Tools)
		args = append(args, "--tools", write("tools.json", tools))
	}
	var choice any
	if err := json.Unmarshal(c.ToolChoice, &choice); err != nil {
		t.Fatalf("tool_choice: %v", err)
	}
	switch ch := choice.(type) {
	case string:
		if ch != "auto" {
			args = append(args, "--tool-choice", ch)
		}
	case map[string]any:
		args = append(args, "--tool-choice", fmt.Sprint(ch["tool"]))
	}
	switch s := strings.TrimSpace(string(c.JSONOutput)); s {
	case "", "null":
	case "true":
		args = append(args, "--json-output")
	case "false":
		args = append(args, "--json-output=false")
	default:
		var out struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(c.JSONOutput, &out); err != nil {
			t.Fatalf("json_output: %v", err)
		}
		args = append(args, "--output-schema", out.Name+"="+write("schema.json", out.Schema))
	}
	if s := strings.TrimSpace(string(c.ExtraCreateArgs)); s != "" && s != "{}" {
		args = append(args, "--extra-args", write("args.json", c.ExtraCreateArgs))
	}
	if c.Stream {
		args = append(args, "--stream")
	}
	args = append(args, write("messages.json", c.Messages))

	code, out, errs := runCmd(t, "", args...)

	var want []recordedHTTP
	if c.Request != nil {
		want = append(append(want, *c.Request), c.MoreRequests...)
	}
	mu.Lock()
	got := append([]seenHTTP(nil), seen...)
	mu.Unlock()
	if len(got) != len(want) {
		t.Errorf("%d requests sent, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if msg := httpDiff(&got[i], &want[i]); msg != "" {
			t.Errorf("request %d: %s", i, msg)
		}
	}
	if strings.Contains(out+errs, "**********") {
		t.Errorf("the API key shows: %q %q", out, errs)
	}
	if c.Error != nil {
		if code != exitBad || out != "" && !c.Stream {
			t.Fatalf("exit %d, output %q, stderr %q; want exit 1 for %s: %s", code, out, errs, c.Error.Type, c.Error.Message)
		}
		wantErr := "agentschema create: " + c.Error.Type + ": " + strings.ReplaceAll(c.Error.Message, "{{BASE_URL}}", srv.URL) + "\n"
		if c.StubDependent {
			wantErr = "agentschema create: " + c.Error.Type + ": "
		}
		if !strings.HasPrefix(errs, wantErr) || !c.StubDependent && errs != wantErr {
			t.Errorf("stderr\n got %q\nwant %q", errs, wantErr)
		}
		checkLines(t, out, c.Chunks, nil)
		return
	}
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	checkLines(t, out, c.Chunks, c.Result)
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
		if !sameJSONValue([]byte(lines[i]), []byte(want[i])) {
			t.Errorf("line %d: %s, want %s", i, lines[i], want[i])
		}
	}
}

func httpDiff(g *seenHTTP, w *recordedHTTP) string {
	var diffs []string
	if g.method != w.Method || g.path != w.Path {
		diffs = append(diffs, fmt.Sprintf("%s %s, want %s %s", g.method, g.path, w.Method, w.Path))
	}
	q := map[string]string{}
	for k, v := range g.query {
		q[k] = strings.Join(v, ",")
	}
	if len(q) != len(w.Query) || len(q) > 0 && !reflect.DeepEqual(q, w.Query) {
		diffs = append(diffs, fmt.Sprintf("query %v, want %v", q, w.Query))
	}
	if has := g.header.Get("Authorization") != ""; has != w.Authorization {
		diffs = append(diffs, fmt.Sprintf("Authorization sent: %v, want %v", has, w.Authorization))
	}
	if has := g.header.Get("Api-Key") != ""; has != w.APIKeyHeader {
		diffs = append(diffs, fmt.Sprintf("api-key sent: %v, want %v", has, w.APIKeyHeader))
	}
	h := map[string]string{}
	for k, v := range g.header {
		if lk := strings.ToLower(k); lk == "openai-organization" || strings.HasPrefix(lk, "x-custom-") {
			h[lk] = strings.Join(v, ", ")
		}
	}
	if len(h) != len(w.Headers) || len(h) > 0 && !reflect.DeepEqual(h, w.Headers) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	if !sameJSONValue(g.body, w.Body) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.body, w.Body))
	}
	return strings.Join(diffs, "; ")
}

// sameJSONValue compares JSON values: key order ignored, numbers by value,
// data: image URIs by media type and decoded pixels (AutoGen re-encodes
// images with Pillow).
func sameJSONValue(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return sameValue(x, y)
}

func sameValue(x, y any) bool {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(x) != len(ym) {
			return false
		}
		for k, v := range x {
			if w, ok := ym[k]; !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	case []any:
		ya, ok := y.([]any)
		if !ok || len(x) != len(ya) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], ya[i]) {
				return false
			}
		}
		return true
	case json.Number:
		yn, ok := y.(json.Number)
		if !ok {
			return false
		}
		xf, err1 := x.Float64()
		yf, err2 := yn.Float64()
		return x == yn || err1 == nil && err2 == nil && xf == yf
	case string:
		ys, ok := y.(string)
		return ok && (x == ys || sameImage(x, ys))
	}
	return reflect.DeepEqual(x, y)
}

func sameImage(a, b string) bool {
	ma, da, ok1 := cutDataURI(a)
	mb, db, ok2 := cutDataURI(b)
	if !ok1 || !ok2 || ma != mb {
		return false
	}
	pa, err1 := imagePixels(da)
	pb, err2 := imagePixels(db)
	return err1 == nil && err2 == nil && bytes.Equal(pa, pb)
}

func cutDataURI(s string) (media, data string, ok bool) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return "", "", false
	}
	media, data, ok = strings.Cut(rest, ";base64,")
	return media, data, ok && strings.HasPrefix(media, "image/")
}

func imagePixels(b64 string) ([]byte, error) {
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, err
	}
	im, err := pyimg.Load(data, pyimg.Limits{})
	if err != nil {
		return nil, err
	}
	w, h, pix, err := im.RGB()
	if err != nil {
		return nil, err
	}
	return append([]byte(fmt.Sprintf("%dx%d:", w, h)), pix...), nil
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
