package ollama_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// line is one NDJSON line of a streamed answer with content.
func line(content string, done bool) string {
	if done {
		return `{"model": "llama3.2", "message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop", "prompt_eval_count": 5, "eval_count": 3}` + "\n"
	}
	return fmt.Sprintf(`{"model": "llama3.2", "message": {"role": "assistant", "content": %q}, "done": false}`+"\n", content)
}

func newClient(t *testing.T, host string, opts ...ollama.ClientOption) *ollama.Client {
	t.Helper()
	c, err := ollama.New(gen.OllamaClientConfigurationConfigModel{Model: "llama3.2", Host: &host, FollowRedirects: true}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var hello = []gen.LLMMessage{models.NewUserText("user", "Hello")}

// holdingServer answers one chunk ("a") and holds the stream open until
// the request goes; gone is closed then.
func holdingServer(t *testing.T) (*httptest.Server, <-chan struct{}) {
	gone := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		io.WriteString(w, line("a", false))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		close(gone)
	}))
	t.Cleanup(srv.Close)
	return srv, gone
}

// TestCancelMidStream: cancelling the context after the first chunk ends
// the stream with ctx.Err(), and the server sees the request go away.
func TestCancelMidStream(t *testing.T) {
	srv, gone := holdingServer(t)
	c := newClient(t, srv.URL)
	clientcase.CancelMidStream(t, func(ctx context.Context) iter.Seq2[models.StreamEvent, error] {
		return c.CreateStream(ctx, hello, models.CreateOptions{})
	}, "a", gone)
}

// TestStopIterating: a consumer that stops after the first chunk ends the
// request; no result, no error.
func TestStopIterating(t *testing.T) {
	srv, gone := holdingServer(t)
	for ev, err := range newClient(t, srv.URL).CreateStream(context.Background(), hello, models.CreateOptions{}) {
		if err != nil || ev.Text != "a" {
			t.Fatalf("%v %v", ev, err)
		}
		break
	}
	clientcase.WaitClosed(t, gone, "the server's request was not ended")
}

// TestStreamCut: a connection closed in the middle of a line (the chunked
// body unfinished) ends the stream with an error after the chunks that
// came; a body that ends cleanly in the middle of a line is that line,
// which json.loads refuses with Python's text.
func TestStreamCut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		first := line("a", false)
		fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n", len(first), first)
		fmt.Fprintf(buf, "10\r\n{\"model\": \"llam")
		buf.Flush()
	}))
	defer srv.Close()
	chunks, _, err := models.CollectStream(newClient(t, srv.URL).CreateStream(context.Background(), hello, models.CreateOptions{}))
	if err == nil || len(chunks) != 1 || chunks[0] != "a" {
		t.Fatalf("chunks %q, error %v; want [a] and an error", chunks, err)
	}

	partial := `{"model": "llama3.2", "message": {"role": "assis`
	srv2 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, line("a", false)+partial)
	}))
	defer srv2.Close()
	chunks, _, err = models.CollectStream(newClient(t, srv2.URL).CreateStream(context.Background(), hello, models.CreateOptions{}))
	// Python 3.11: json.loads(partial) raises this.
	want := "Unterminated string starting at: line 1 column 43 (char 42)"
	if class, msg, _ := ollama.ExceptionOf(err); class != "JSONDecodeError" || msg != want || len(chunks) != 1 {
		t.Fatalf("chunks %q, error %v; want JSONDecodeError: %s", chunks, err, want)
	}
}

// TestConcurrentCalls runs creates and streams at once (under -race in
// CI): usage sums every call, and each create with tool calls takes its
// own id, 0 to n-1.
func TestConcurrentCalls(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), `"stream":true`) {
			io.WriteString(w, line("a", false)+line("b", false)+line("", true))
			return
		}
		io.WriteString(w, `{"model": "llama3.2", "message": {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "f", "arguments": {}}}]}, "done": true, "prompt_eval_count": 2, "eval_count": 1}`)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL)
	const n = 8
	var wg sync.WaitGroup
	ids := make(chan string, n)
	errs := make(chan error, 2*n)
	for range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			r, err := c.Create(context.Background(), hello, models.CreateOptions{})
			if err != nil {
				errs <- err
				return
			}
			ids <- r.Content.FunctionCalls[0].ID
		}()
		go func() {
			defer wg.Done()
			_, r, err := models.CollectStream(c.CreateStream(context.Background(), hello, models.CreateOptions{}))
			if err == nil && r.Content.Text != "ab" {
				err = fmt.Errorf("stream content %q", r.Content.Text)
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(ids)
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	seen := map[string]bool{}
	for id := range ids {
		seen[id] = true
	}
	for i := range n {
		if !seen[fmt.Sprint(i)] {
			t.Errorf("no create got the tool-call id %d: %v", i, seen)
		}
	}
	// n creates of 2+1 tokens, n streams of 5+3.
	if u := c.TotalUsage(); u.PromptTokens.String() != fmt.Sprint(n*2+n*5) || u.CompletionTokens.String() != fmt.Sprint(n*1+n*3) {
		t.Errorf("total usage %v", u)
	}
}

// TestLimits: a body over WithMaxResponseBytes (an answer or an error
// answer) and a stream line over WithMaxLineBytes end the call with a
// *LimitError.
func TestLimits(t *testing.T) {
	big := strings.Repeat("x", 2000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("case") {
		case "error":
			w.WriteHeader(500)
		case "stream":
			io.WriteString(w, line("a", false)+line(big, false)+line("", true))
			return
		}
		io.WriteString(w, `{"message": {"role": "assistant", "content": "`+big+`"}}`)
	}))
	defer srv.Close()
	for _, tc := range []struct {
		name, query string
		stream      bool
		what        string
	}{
		{"answer", "", false, "response body"},
		{"error answer", "error", false, "response body"},
		{"stream line", "stream", true, "stream line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t, srv.URL, ollama.WithMaxResponseBytes(1000), ollama.WithMaxLineBytes(1000),
				ollama.WithHTTPClient(&http.Client{Transport: queryTransport(tc.query)}))
			var err error
			if tc.stream {
				_, _, err = models.CollectStream(c.CreateStream(context.Background(), hello, models.CreateOptions{}))
			} else {
				_, err = c.Create(context.Background(), hello, models.CreateOptions{})
			}
			var le *ollama.LimitError
			if !errors.As(err, &le) || le.What != tc.what || le.Limit != 1000 {
				t.Fatalf("error %v, want a %s LimitError", err, tc.what)
			}
		})
	}
}

// queryTransport adds ?case=q to each request, to pick the fake's answer.
type queryTransport string

func (q queryTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.RawQuery = "case=" + string(q)
	return http.DefaultTransport.RoundTrip(r)
}

// TestReadTimeout: with WithReadTimeout, a server silent for longer ends
// the call with httpx's ReadTimeout; a stream whose lines come sooner than
// the timeout is never cut, however long it lasts.
func TestReadTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		if r.URL.Query().Get("case") == "slow" {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		for i := range 8 { // 320 ms in all, a line every 40 ms
			io.WriteString(w, line(fmt.Sprint(i), false))
			w.(http.Flusher).Flush()
			time.Sleep(40 * time.Millisecond)
		}
		io.WriteString(w, line("", true))
	}))
	defer srv.Close()
	defer close(release)
	slow := newClient(t, srv.URL, ollama.WithReadTimeout(100*time.Millisecond), ollama.WithHTTPClient(&http.Client{Transport: queryTransport("slow")}))
	_, err := slow.Create(context.Background(), hello, models.CreateOptions{})
	if class, _, _ := ollama.ExceptionOf(err); class != "ReadTimeout" {
		t.Fatalf("error %v, want ReadTimeout", err)
	}
	// The stream lasts longer than the timeout; each line comes well within
	// it, with room for a busy machine's stalls.
	steady := newClient(t, srv.URL, ollama.WithReadTimeout(250*time.Millisecond))
	chunks, r, err := models.CollectStream(steady.CreateStream(context.Background(), hello, models.CreateOptions{}))
	if err != nil || len(chunks) != 8 || r.Content.Text != "01234567" {
		t.Fatalf("chunks %q, result %v, error %v", chunks, r.Content.Text, err)
	}
}

// TestConnectionRefused: ollama-python's ConnectionError for a call that
// is not streamed; httpx's ConnectError, which it lets through, for a
// stream.
func TestConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	c := newClient(t, "http://"+addr)
	_, err = c.Create(context.Background(), hello, models.CreateOptions{})
	want := "Failed to connect to Ollama. Please check that Ollama is downloaded, running and accessible. https://ollama.com/download"
	if class, msg, _ := ollama.ExceptionOf(err); class != "ConnectionError" || msg != want {
		t.Errorf("create: %v", err)
	}
	_, _, err = models.CollectStream(c.CreateStream(context.Background(), hello, models.CreateOptions{}))
	if class, _, _ := ollama.ExceptionOf(err); class != "ConnectError" {
		t.Errorf("stream: %v", err)
	}
}

// TestChatSpan: an AssistantAgent on the Ollama client makes the "chat
// MODEL" span of each model call, with the model and the usage.
func TestChatSpan(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev) })
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"model": "llama3.2", "message": {"role": "assistant", "content": "Hi"}, "done": true, "done_reason": "stop", "prompt_eval_count": 12, "eval_count": 2}`)
	}))
	defer srv.Close()
	a, err := agents.NewAssistantAgent("assistant", newClient(t, srv.URL), agents.AssistantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agentchat.RunAgent(context.Background(), a, agentchat.TextTask("Hello")); err != nil {
		t.Fatal(err)
	}
	for _, s := range exp.GetSpans() {
		if s.Name != "chat llama3.2" {
			continue
		}
		got := map[attribute.Key]string{}
		for _, kv := range s.Attributes {
			got[kv.Key] = kv.Value.String()
		}
		want := map[attribute.Key]string{agentchat.AttrOperationName: "chat", agentchat.AttrRequestModel: "llama3.2",
			agentchat.AttrInputTokens: "12", agentchat.AttrOutputTokens: "2"}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %q, want %q", k, got[k], v)
			}
		}
		return
	}
	t.Fatalf("no span \"chat llama3.2\" among %d", len(exp.GetSpans()))
}
