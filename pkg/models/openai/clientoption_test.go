package openai_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/openai/openai-go/v3/option"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

type countingTransport struct{ n atomic.Int32 }

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

// TestClientOptions: WithHTTPClient sends the requests with the given
// client, and WithMiddleware runs around each one; the body sent is the
// same.
func TestClientOptions(t *testing.T) {
	var header string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		header = r.Header.Get("X-Trace")
		_, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"x","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
	}))
	defer srv.Close()
	tr := &countingTransport{}
	base, key, retries := srv.URL+"/v1", "sk-test", gen.IntOf(0)
	c, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base, MaxRetries: &retries},
		openai.WithHTTPClient(&http.Client{Transport: tr}),
		openai.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
			r.Header.Set("X-Trace", "t-1")
			return next(r)
		}))
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Create(context.Background(), []gen.LLMMessage{models.NewUserText("user", "hi")}, models.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Content.Text != "hi" || tr.n.Load() != 1 || header != "t-1" {
		t.Errorf("text %q, transport used %d times, X-Trace %q", res.Content.Text, tr.n.Load(), header)
	}
}
