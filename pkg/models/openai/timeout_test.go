package openai_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

func timeoutClient(t *testing.T, url string, timeout float64) *openai.OpenAIChatCompletionClient {
	t.Helper()
	base, key, retries := url+"/v1", "sk-test", gen.IntOf(0)
	c, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base,
		MaxRetries: &retries, Timeout: &timeout})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTimeoutBoundsEachRead: a config's timeout bounds each wait for the
// server, as httpx's does: a server silent for longer than it before
// answering is openai-python's APITimeoutError; a stream that sends a
// chunk more often than that is never cut, however long it lasts.
func TestTimeoutBoundsEachRead(t *testing.T) {
	release := make(chan struct{})
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer silent.Close()
	defer close(release)
	_, err := timeoutClient(t, silent.URL, 0.2).Create(context.Background(), []gen.LLMMessage{models.NewUserText("user", "hi")}, models.CreateOptions{})
	var oe *openai.Error
	if !errors.As(err, &oe) || err.Error() != "APITimeoutError: Request timed out." {
		t.Errorf("silent server: %v", err)
	}

	// Ten chunks 80 ms apart (800 ms in all) under a 300 ms timeout.
	streaming := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fl := w.(http.Flusher)
		for i := range 10 {
			fmt.Fprintf(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"%d\"},\"finish_reason\":null}]}\n\n", i)
			fl.Flush()
			time.Sleep(80 * time.Millisecond)
		}
		fmt.Fprint(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
		fl.Flush()
	}))
	defer streaming.Close()
	chunks, res, err := models.CollectStream(timeoutClient(t, streaming.URL, 0.3).CreateStream(context.Background(),
		[]gen.LLMMessage{models.NewUserText("user", "count")}, models.CreateOptions{}))
	if err != nil || len(chunks) != 10 || res.Content.Text != "0123456789" {
		t.Errorf("stream: %d chunks, %q, %v", len(chunks), res.Content.Text, err)
	}

	// A stream that stops sending for longer than the timeout ends with
	// the timeout error.
	stall := make(chan struct{})
	defer close(stall)
	stalling := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"},\"finish_reason\":null}]}\n\n")
		w.(http.Flusher).Flush()
		select {
		case <-stall:
		case <-r.Context().Done():
		}
	}))
	defer stalling.Close()
	_, _, err = models.CollectStream(timeoutClient(t, stalling.URL, 0.2).CreateStream(context.Background(),
		[]gen.LLMMessage{models.NewUserText("user", "count")}, models.CreateOptions{}))
	if err == nil || err.Error() != "APITimeoutError: Request timed out." {
		t.Errorf("stalled stream: %v", err)
	}
}
