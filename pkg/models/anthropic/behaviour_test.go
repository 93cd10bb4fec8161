package anthropic_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/anthropic"
)

const okMessage = `{"id":"msg_1","type":"message","role":"assistant","model":"claude-3-haiku-20240307","content":[{"type":"text","text":"Paris."}],"stop_reason":"end_turn","usage":{"input_tokens":25,"output_tokens":9}}`

func sseEvent(name, data string) string { return "event: " + name + "\ndata: " + data + "\n\n" }

const streamStart = `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"usage":{"input_tokens":25,"output_tokens":1}}}`

func textDelta(s string) string {
	return `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"` + s + `"}}`
}

func newClient(t *testing.T, baseURL string, extra string, opts ...anthropic.ClientOption) *anthropic.AnthropicChatCompletionClient {
	t.Helper()
	t.Setenv("ANTHROPIC_API_KEY", "")
	cfg := `{"model":"claude-3-haiku-20240307","api_key":"sk-ant-secret","base_url":"` + baseURL + `","max_retries":0` + extra + `}`
	c, err := anthropic.FromConfig([]byte(cfg), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var hello = []gen.LLMMessage{models.NewUserText("user", "Hello")}

// TestCancelMidStream: cancelling the context while the server holds the
// stream open ends the stream with ctx.Err() after the chunks so far, and
// the server's handler sees the connection go.
func TestCancelMidStream(t *testing.T) {
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, sseEvent("message_start", streamStart)+sseEvent("content_block_delta", textDelta("Par")))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, "")
	clientcase.CancelMidStream(t, func(ctx context.Context) iter.Seq2[models.StreamEvent, error] {
		return c.CreateStream(ctx, hello, models.CreateOptions{})
	}, "Par", done)
}

// TestStreamCut: a connection closed in the middle of the stream ends it
// with a connection error (APIConnectionError) after the chunks so far.
func TestStreamCut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Content-Length", "100000")
		io.WriteString(w, sseEvent("message_start", streamStart)+sseEvent("content_block_delta", textDelta("Par"))+"event: content_blo")
		w.(http.Flusher).Flush()
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, "")
	chunks, _, err := models.CollectStream(c.CreateStream(context.Background(), hello, models.CreateOptions{}))
	class, _, _ := models.ExceptionOf(err)
	if class != "APIConnectionError" || !errors.Is(err, io.ErrUnexpectedEOF) || len(chunks) != 1 {
		t.Fatalf("chunks %q, error %v (%s)", chunks, err, class)
	}
}

// TestConcurrentCreate: one client used by many goroutines at once
// (run with -race); the usage adds up every call.
func TestConcurrentCreate(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), `"stream":true`) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, sseEvent("message_start", streamStart)+sseEvent("content_block_delta", textDelta("Paris."))+
				sseEvent("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, okMessage)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, "")
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var res gen.CreateResult
			var err error
			if i%2 == 0 {
				res, err = c.Create(context.Background(), hello, models.CreateOptions{})
			} else {
				_, res, err = models.CollectStream(c.CreateStream(context.Background(), hello, models.CreateOptions{}))
			}
			if err == nil && res.Content.Text != "Paris." {
				err = fmt.Errorf("content %q", res.Content.Text)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if u := c.TotalUsage(); u.PromptTokens.String() != "400" || u.CompletionTokens.String() != "144" {
		t.Errorf("total usage %v", u)
	}
}

// TestBounds: the OpenAI client's bounds hold here too — a response body
// or a stream event over its limit is a *LimitError, a server silent for
// the configured timeout is APITimeoutError.
func TestBounds(t *testing.T) {
	big := strings.Repeat("x", 4096)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case strings.Contains(string(body), "slow"):
			select { // until the client gives up
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		case strings.Contains(string(body), `"stream":true`):
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, sseEvent("message_start", streamStart)+sseEvent("content_block_delta", textDelta(big)))
		default:
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, strings.Replace(okMessage, "Paris.", big, 1))
		}
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, `,"timeout":1.0`, anthropic.WithMaxResponseBytes(1024), anthropic.WithMaxEventBytes(1024))
	var le *anthropic.LimitError
	if _, err := c.Create(context.Background(), hello, models.CreateOptions{}); !errors.As(err, &le) || le.What != "response body" {
		t.Errorf("big body: %v", err)
	}
	if _, _, err := models.CollectStream(c.CreateStream(context.Background(), hello, models.CreateOptions{})); !errors.As(err, &le) || le.What != "stream event" {
		t.Errorf("big event: %v", err)
	}
	start := time.Now()
	_, err := c.Create(context.Background(), []gen.LLMMessage{models.NewUserText("user", "slow")}, models.CreateOptions{})
	if class, msg, _ := models.ExceptionOf(err); class != "APITimeoutError" || msg != "Request timed out." || time.Since(start) > 5*time.Second {
		t.Errorf("slow server: %v after %v", err, time.Since(start))
	}
}

// TestCountTokens: count_tokens with cl100k_base, the counts derived by
// hand from AutoGen's code: "You are helpful." is 4 tokens (+15 for the
// system message), "Hello" 1 (+10 a message); the tool's name
// "get_weather" 2, its description "Weather." 2, its property "city" 1
// and type "string" 1 (+20 a tool).
func TestCountTokens(t *testing.T) {
	c := newClient(t, "http://127.0.0.1:1", "")
	msgs := []gen.LLMMessage{models.NewSystemMessage("You are helpful."), models.NewUserText("user", "Hello")}
	desc := "Weather."
	tool := gen.ToolSchema{Name: "get_weather", Description: &desc,
		Parameters: &gen.ParametersSchema{Type: "object", Properties: gen.RawJSON(`{"city":{"type":"string"}}`)}}
	tests := []struct {
		name  string
		msgs  []gen.LLMMessage
		tools []gen.ToolSchema
		want  int
	}{
		{"system and user", msgs, nil, 4 + 15 + 10 + 1},
		{"with a tool", msgs, []gen.ToolSchema{tool}, 4 + 15 + 10 + 1 + 2 + 2 + 1 + 1 + 20},
		{"second system message not counted", append(append([]gen.LLMMessage{}, msgs...), models.NewSystemMessage("More.")), nil, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := c.CountTokens(tt.msgs, tt.tools...)
			if err != nil || n != tt.want {
				t.Fatalf("CountTokens = %d, %v; want %d", n, err, tt.want)
			}
			r, err := c.RemainingTokens(tt.msgs, tt.tools...)
			if err != nil || r != 200000-tt.want {
				t.Errorf("RemainingTokens = %d, %v; want %d", r, err, 200000-tt.want)
			}
		})
	}
}

// TestModelTable: AutoGen's get_info and get_token_limit, with the prefix
// match's quirk.
func TestModelTable(t *testing.T) {
	tests := []struct {
		model         string
		found, vision bool
		family        string
		limit         int
	}{
		{"claude-3-haiku-20240307", true, true, "claude-3-5-sonnet", 200000},
		{"claude-3-7-sonnet-20250219", true, true, "claude-3-7-sonnet", 200000},
		{"claude-sonnet-4-0", true, true, "claude-4-sonnet", 100000},
		{"claude-3-5-haiku-20241022", true, false, "claude-3-5-sonnet", 100000}, // claude-2.0's rows
		{"claude-haiku-4-5", true, false, "claude-3-5-sonnet", 100000},
		{"gpt-4o", false, false, "", 100000},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			mi, ok := anthropic.LookupModelInfo(tt.model)
			if ok != tt.found || mi.Vision != tt.vision || string(mi.Family) != tt.family {
				t.Errorf("LookupModelInfo = %+v, %v", mi, ok)
			}
			if l := anthropic.TokenLimit(tt.model); l != tt.limit {
				t.Errorf("TokenLimit = %d, want %d", l, tt.limit)
			}
		})
	}
}

// TestComponentChecks: validate --mode autogen and normalize refuse what
// the clients' constructors refuse, and mask the secrets.
func TestComponentChecks(t *testing.T) {
	tests := []struct {
		name, in, errPart string
	}{
		{"unknown model", `{"provider":"autogen_ext.models.anthropic.AnthropicChatCompletionClient","config":{"model":"my-model"}}`, "model_info is required when model name is not recognized"},
		{"no bedrock_info", `{"provider":"autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient","config":{"model":"claude-3-haiku-20240307"}}`, "bedrock_info is required"},
		{"known model", `{"provider":"autogen_ext.models.anthropic.AnthropicChatCompletionClient","config":{"model":"claude-haiku-4-5","api_key":"sk-ant-secret"}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := component.NormalizeTree([]byte(tt.in))
			if tt.errPart == "" && err != nil || tt.errPart != "" && (err == nil || !strings.Contains(err.Error(), tt.errPart)) {
				t.Fatalf("err %v, want %q", err, tt.errPart)
			}
			if strings.Contains(string(out), "secret") {
				t.Errorf("the key shows: %s", out)
			}
		})
	}
}

// TestDumpMasksSecrets: ComponentModel writes the credentials as
// pydantic writes a SecretStr.
func TestDumpMasksSecrets(t *testing.T) {
	c, err := anthropic.BedrockFromConfig([]byte(`{"model":"anthropic.claude-3-5-sonnet-20240620-v1:0","model_info":{"vision":true,"function_calling":true,"json_output":false,"family":"claude-3-5-sonnet","structured_output":false},
		"bedrock_info":{"aws_access_key":"AKIA-XYZ","aws_secret_key":"SK-XYZ","aws_session_token":"TOKEN-XYZ","aws_region":"us-west-2"}}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := component.Dump(c)
	if err != nil || strings.Contains(string(out), "XYZ") || strings.Count(string(out), "**********") != 3 {
		t.Fatalf("dump %s, %v", out, err)
	}
}

// TestIncludeUsageRefused: AutoGen's Anthropic create_stream has no
// include_usage; passing it is Python's TypeError, and nothing is sent.
func TestIncludeUsageRefused(t *testing.T) {
	c := newClient(t, "http://127.0.0.1:1", "")
	on := true
	_, _, err := models.CollectStream(c.CreateStreamWith(context.Background(), hello, models.CreateOptions{}, models.MoreOptions{IncludeUsage: &on}))
	class, msg, _ := models.ExceptionOf(err)
	if class != "TypeError" || msg != "BaseAnthropicChatCompletionClient.create_stream() got an unexpected keyword argument 'include_usage'" {
		t.Fatalf("%s: %s", class, msg)
	}
}
