package openai_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// TestBetaStreamDropsNonChunks: with structured output, the stream is the
// openai library's beta stream, which drops every event whose "object" is
// not "chat.completion.chunk" (Azure's asynchronous filter events have
// ""): their text is neither yielded nor in the result. Without
// structured output the same stream keeps it (AutoGen reads the raw
// chunks).
func TestBetaStreamDropsNonChunks(t *testing.T) {
	const stream = `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":"{\"a\":"},"finish_reason":null}]}

data: {"id":"","object":"","created":0,"model":"","choices":[{"index":0,"delta":{"content":"FILTERED"},"finish_reason":null}]}

data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"1}"},"finish_reason":"stop"}]}

data: [DONE]

`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte(stream))
	}))
	defer srv.Close()
	key, base := "k", srv.URL
	var retries gen.Int
	c, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base, MaxRetries: &retries})
	if err != nil {
		t.Fatal(err)
	}
	schema := &openai.OutputSchema{Name: "S", Schema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`)}
	for _, c2 := range []struct {
		name string
		more openai.Options
		want string
	}{
		{"structured", openai.Options{OutputSchema: schema}, `{"a":1}`},
		{"plain", openai.Options{}, `{"a":FILTERED1}`},
	} {
		var text string
		var res *gen.CreateResult
		for ev, err := range c.CreateStreamWith(context.Background(), []gen.LLMMessage{models.NewUserText("u", "x")}, models.CreateOptions{}, c2.more) {
			if err != nil {
				t.Fatalf("%s: %v", c2.name, err)
			}
			if ev.IsResult() {
				res = ev.Result
			} else {
				text += ev.Text
			}
		}
		if text != c2.want || res == nil || res.Content.Text != c2.want {
			t.Errorf("%s: streamed %q, result %+v; want %q", c2.name, text, res, c2.want)
		}
	}
}
