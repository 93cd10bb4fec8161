package openai_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

const okCompletion = `{"id":"c","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`

func limitClient(t *testing.T, url string, retries int64, timeout float64, opts ...openai.ClientOption) *openai.OpenAIChatCompletionClient {
	t.Helper()
	base, key, r := url+"/v1", "sk-test", gen.IntOf(retries)
	cfg := gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base, MaxRetries: &r}
	if timeout > 0 {
		cfg.Timeout = &timeout
	}
	c, err := openai.NewOpenAI(cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var hi = []gen.LLMMessage{models.NewUserText("user", "hi")}

// TestResponseBodyLimit: a completion body over the bound ends the request
// with a *LimitError, after one request (it is not retried), whatever the
// server sends after it; a body within the bound is read.
func TestResponseBodyLimit(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "application/json")
		// An endless body: only the bound ends it.
		chunk := []byte(strings.Repeat(" ", 64<<10))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	_, err := limitClient(t, srv.URL, 2, 0, openai.WithMaxResponseBytes(1<<20)).Create(context.Background(), hi, models.CreateOptions{})
	var le *openai.LimitError
	if !errors.As(err, &le) || le.Limit != 1<<20 || le.What != "response body" {
		t.Fatalf("err = %v, want a LimitError of 1 MiB", err)
	}
	if err.Error() != "openai: response body exceeds the limit of 1048576 bytes" {
		t.Errorf("message = %q", err.Error())
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1 (a body over the limit is not retried)", n)
	}

	small := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, okCompletion)
	}))
	defer small.Close()
	res, err := limitClient(t, small.URL, 0, 0, openai.WithMaxResponseBytes(int64(len(okCompletion)))).Create(context.Background(), hi, models.CreateOptions{})
	if err != nil || res.Content.Text != "ok" {
		t.Errorf("small body: %v %+v", err, res)
	}
}

// TestStreamEventLimit: one server-sent event over the bound (here a data
// line that never ends) ends the stream with a *LimitError, never with
// bufio's "token too long" or by exhausting memory; events under it pass.
func TestStreamEventLimit(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"},\"finish_reason\":null}]}\n\n")
		fmt.Fprint(w, "data: ")
		chunk := []byte(strings.Repeat("x", 64<<10))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	chunks, _, err := models.CollectStream(limitClient(t, srv.URL, 0, 0, openai.WithMaxEventBytes(256<<10)).CreateStream(context.Background(), hi, models.CreateOptions{}))
	var le *openai.LimitError
	if !errors.As(err, &le) || le.What != "stream event" || le.Limit != 256<<10 {
		t.Fatalf("err = %v, want a stream-event LimitError", err)
	}
	if len(chunks) != 1 {
		t.Errorf("%d chunks before the limit, want 1", len(chunks))
	}
}

// TestRetryAfterAsPython: a 429 asking for a wait over 60 s is still
// retried, after the library's backoff (0.5 s, less up to a quarter of
// jitter), as openai-python does; openai-go alone would give up at once.
func TestRetryAfterAsPython(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if requests.Add(1) == 1 {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"error":{"message":"slow down","type":"requests","param":null,"code":"rate_limit_exceeded"}}`)
			return
		}
		fmt.Fprint(w, okCompletion)
	}))
	defer srv.Close()
	start := time.Now()
	res, err := limitClient(t, srv.URL, 1, 0).Create(context.Background(), hi, models.CreateOptions{})
	if err != nil || res.Content.Text != "ok" {
		t.Fatalf("Create: %v", err)
	}
	if n := requests.Load(); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
	if d := time.Since(start); d < 350*time.Millisecond || d > 5*time.Second {
		t.Errorf("waited %v, want the 0.375-0.5 s backoff", d)
	}
}

// TestBodyReadTimeoutRetried: a completion whose body stalls past the
// timeout is retried as openai-python retries it (httpx reads the body
// inside the retry loop), and the retry's answer is returned.
func TestBodyReadTimeoutRetried(t *testing.T) {
	var requests atomic.Int32
	release := make(chan struct{})
	defer close(release)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if requests.Add(1) == 1 {
			fmt.Fprint(w, okCompletion[:20])
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		fmt.Fprint(w, okCompletion)
	}))
	defer srv.Close()
	res, err := limitClient(t, srv.URL, 1, 0.3).Create(context.Background(), hi, models.CreateOptions{})
	if err != nil || res.Content.Text != "ok" {
		t.Fatalf("Create: %v", err)
	}
	if n := requests.Load(); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}

	// With no retry left, the stall is openai-python's APITimeoutError.
	requests.Store(0)
	_, err = limitClient(t, srv.URL, 0, 0.3).Create(context.Background(), hi, models.CreateOptions{})
	if err == nil || err.Error() != "APITimeoutError: Request timed out." {
		t.Errorf("no retries: %v", err)
	}
}
