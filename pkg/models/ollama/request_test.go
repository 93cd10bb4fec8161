package ollama_test

import (
	"context"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

type weather struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// TestRequestRules covers _process_create_args and AsyncClient.chat
// beyond the recorded cases, each expectation read off AutoGen's and
// ollama-python's source: the body sent, or the exception raised before
// sending.
func TestRequestRules(t *testing.T) {
	var mu sync.Mutex
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		body = b
		mu.Unlock()
		io.WriteString(w, `{"model": "llama3.2", "message": {"role": "assistant", "content": "ok"}, "done": true, "done_reason": "stop"}`)
	}))
	defer srv.Close()
	yes := true
	msgs := []gen.LLMMessage{models.NewUserText("user", "Hi")}
	const sent = `[{"role": "user", "content": "Hi"}]`
	for _, tc := range []struct {
		name  string
		opts  models.CreateOptions
		body  string // the body sent, or
		class string // the exception raised
		msg   string
	}{
		{name: "messages given twice", opts: models.CreateOptions{ExtraArgs: map[string]any{"messages": []any{}}},
			class: "TypeError", msg: "ollama._client.AsyncClient.chat() got multiple values for keyword argument 'messages'"},
		{name: "response_format null", opts: models.CreateOptions{ExtraArgs: map[string]any{"response_format": nil}},
			class: "ValueError", msg: "response_format must be a Pydantic model class, not <class 'NoneType'>"},
		{name: "json_output and format", opts: models.CreateOptions{JSONOutput: &yes, ExtraArgs: map[string]any{"format": "json"}},
			class: "ValueError", msg: "json_output and format cannot be set at the same time. Use json_output instead."},
		{name: "format json", opts: models.CreateOptions{ExtraArgs: map[string]any{"format": "json"}},
			body: `{"model": "llama3.2", "stream": false, "format": "json", "messages": ` + sent + `, "tools": []}`},
		{name: "keep_alive int becomes a float", opts: models.CreateOptions{ExtraArgs: map[string]any{"keep_alive": 300}},
			body: `{"model": "llama3.2", "stream": false, "keep_alive": 300.0, "messages": ` + sent + `, "tools": []}`},
		{name: "keep_alive list", opts: models.CreateOptions{ExtraArgs: map[string]any{"keep_alive": []any{1}}},
			class: "ValidationError", msg: "2 validation errors for ChatRequest\nkeep_alive.float\n  Input should be a valid number [type=float_type, input_value=[1], input_type=list]\n    For further information visit https://errors.pydantic.dev/2.13/v/float_type\nkeep_alive.str\n  Input should be a valid string [type=string_type, input_value=[1], input_type=list]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type"},
		{name: "empty model", opts: models.CreateOptions{ExtraArgs: map[string]any{"model": ""}},
			class: "ValidationError", msg: "1 validation error for ChatRequest\nmodel\n  String should have at least 1 character [type=string_too_short, input_value='', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_too_short"},
		{name: "options merged with control parameters", opts: models.CreateOptions{ExtraArgs: map[string]any{"options": map[string]any{"seed": 1}, "TOP_K": 5}},
			body: `{"model": "llama3.2", "stream": false, "options": {"seed": 1, "top_k": 5}, "messages": ` + sent + `, "tools": []}`},
		{name: "structured output from a Go type", opts: models.CreateOptions{OutputType: reflect.TypeFor[weather]()},
			body: `{"model": "llama3.2", "stream": false, "format": {"properties": {"city": {"title": "City", "type": "string"}, "days": {"title": "Days", "type": "integer"}}, "required": ["city", "days"], "title": "weather", "type": "object"}, "messages": ` + sent + `, "tools": []}`},
		{name: "NaN refused by httpx", opts: models.CreateOptions{ExtraArgs: map[string]any{"temperature": math.NaN()}},
			class: "ValueError", msg: "Out of range float values are not JSON compliant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mu.Lock()
			body = nil
			mu.Unlock()
			_, err := newClient(t, srv.URL).Create(context.Background(), msgs, tc.opts)
			mu.Lock()
			got := body
			mu.Unlock()
			if tc.class != "" {
				class, msg, _ := ollama.ExceptionOf(err)
				if class != tc.class || msg != tc.msg || got != nil {
					t.Fatalf("error %v (sent %s)\nwant %s: %s", err, got, tc.class, tc.msg)
				}
				return
			}
			if err != nil || !clientcase.SameJSON(got, []byte(tc.body)) {
				t.Fatalf("error %v, body\n got %s\nwant %s", err, got, tc.body)
			}
		})
	}
}
