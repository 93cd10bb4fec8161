package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// clientCase is one testdata/clients case (see make_cases.py there: the
// cases are written by hand from AutoGen's client source). The cases
// recorded from AutoGen itself, testdata/conformance/clients, run in
// TestRecordedClientCases (clientcases_test.go).
type clientCase struct {
	Name     string            `json:"name"`
	Source   string            `json:"source"`
	Config   json.RawMessage   `json:"config"`
	Messages []json.RawMessage `json:"messages"`
	Stream   bool              `json:"stream"`
	Options  struct {
		Tools        []gen.ToolSchema `json:"tools"`
		ToolChoice   string           `json:"tool_choice"`
		JSONOutput   *bool            `json:"json_output"`
		ExtraArgs    map[string]any   `json:"extra_args"`
		IncludeUsage *bool            `json:"include_usage"`
		OutputSchema *struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		} `json:"output_schema"`
	} `json:"options"`
	Request *struct {
		Path    string            `json:"path"`
		Query   map[string]string `json:"query"`
		Headers map[string]string `json:"headers"`
		Body    json.RawMessage   `json:"body"`
	} `json:"request"`
	Response struct {
		Status int               `json:"status"`
		JSON   json.RawMessage   `json:"json"`
		SSE    []json.RawMessage `json:"sse"`
	} `json:"response"`
	Expect struct {
		Result json.RawMessage `json:"result"`
		Chunks []string        `json:"chunks"`
		Error  *struct {
			Exception string `json:"exception"`
			Message   string `json:"message"`
			Status    int    `json:"status"`
		} `json:"error"`
	} `json:"expect"`
}

// recorded is what the fake endpoint received.
type recorded struct {
	mu     sync.Mutex
	n      int
	method string
	path   string
	query  map[string][]string
	header http.Header
	body   []byte
}

// serve answers every request with the case's canned response, speaking
// the chat-completions wire protocol (JSON or SSE with data: [DONE]).
func serve(t *testing.T, c *clientCase, rec *recorded) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.n++
		rec.method, rec.path, rec.query, rec.header, rec.body = r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), body
		rec.mu.Unlock()
		switch {
		case c.Response.SSE != nil:
			w.Header().Set("Content-Type", "text/event-stream")
			for _, ch := range c.Response.SSE {
				fmt.Fprintf(w, "data: %s\n\n", clientcase.Compact(ch))
			}
			fmt.Fprint(w, "data: [DONE]\n\n")
		default:
			w.Header().Set("Content-Type", "application/json")
			if c.Response.Status != 0 {
				w.WriteHeader(c.Response.Status)
			}
			w.Write(c.Response.JSON)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func loadCases(t *testing.T) map[string]*clientCase {
	files, err := filepath.Glob("../../../testdata/clients/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	out := map[string]*clientCase{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := new(clientCase)
		if err := json.Unmarshal(data, c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = c
	}
	return out
}

func clearEnv(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID", "AZURE_OPENAI_API_KEY", "AZURE_OPENAI_AD_TOKEN",
		"GEMINI_API_KEY", "ANTHROPIC_API_KEY", "LLAMA_API_KEY"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
}

// TestClientCases runs every case of testdata/clients against an httptest
// server: the request the client sends must equal the case's (body as JSON
// values, images compared by pixels), and the result, chunks or error must
// be the case's.
func TestClientCases(t *testing.T) {
	clearEnv(t)
	for file, c := range loadCases(t) {
		t.Run(file+" "+c.Name, func(t *testing.T) {
			var rec recorded
			srv := serve(t, c, &rec)
			cfg := strings.ReplaceAll(string(c.Config), "{{BASE_URL}}", srv.URL)
			var msgs []gen.LLMMessage
			for _, m := range c.Messages {
				lm, err := gen.UnmarshalLLMMessage(m)
				if err != nil {
					t.Fatalf("message %s: %v", m, err)
				}
				msgs = append(msgs, lm)
			}
			opts := models.CreateOptions{Tools: c.Options.Tools, ToolChoice: c.Options.ToolChoice, JSONOutput: c.Options.JSONOutput, ExtraArgs: c.Options.ExtraArgs}
			more := openai.Options{IncludeUsage: c.Options.IncludeUsage}
			if s := c.Options.OutputSchema; s != nil {
				more.OutputSchema = &openai.OutputSchema{Name: s.Name, Schema: s.Schema}
			}
			chunks, result, err := runCase(context.Background(), []byte(cfg), msgs, opts, more, c.Stream)

			if c.Request != nil {
				if rec.n == 0 {
					t.Fatalf("no request was sent (err %v)", err)
				}
				checkRequest(t, c, &rec)
			} else if rec.n != 0 {
				t.Errorf("a request was sent: %s", rec.body)
			}
			if e := c.Expect.Error; e != nil {
				checkError(t, err, e.Exception, e.Message, e.Status)
				return
			}
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if c.Stream && !reflect.DeepEqual(chunks, c.Expect.Chunks) && !(len(chunks) == 0 && len(c.Expect.Chunks) == 0) {
				t.Errorf("chunks %q, want %q", chunks, c.Expect.Chunks)
			}
			got, _ := json.Marshal(result)
			if !clientcase.SameJSON(got, c.Expect.Result) {
				t.Errorf("result\n got %s\nwant %s", got, clientcase.Compact(c.Expect.Result))
			}
		})
	}
}

// runCase loads the client from its component config and runs Create or
// CreateStream.
func runCase(ctx context.Context, cfg []byte, msgs []gen.LLMMessage, opts models.CreateOptions, more openai.Options, stream bool) ([]string, gen.CreateResult, error) {
	client, err := models.LoadClient(ctx, cfg)
	if err != nil {
		return nil, gen.CreateResult{}, err
	}
	defer client.Close()
	switch cl := client.(type) {
	case *openai.OpenAIChatCompletionClient:
		if stream {
			return models.CollectStream(cl.CreateStreamWith(ctx, msgs, opts, more))
		}
		r, err := cl.CreateWith(ctx, msgs, opts, more)
		return nil, r, err
	case *openai.AzureOpenAIChatCompletionClient:
		if stream {
			return models.CollectStream(cl.CreateStreamWith(ctx, msgs, opts, more))
		}
		r, err := cl.CreateWith(ctx, msgs, opts, more)
		return nil, r, err
	}
	return nil, gen.CreateResult{}, fmt.Errorf("unexpected client %T", client)
}

func checkRequest(t *testing.T, c *clientCase, rec *recorded) {
	t.Helper()
	if rec.method != http.MethodPost {
		t.Errorf("method %s", rec.method)
	}
	want := c.Request
	path := want.Path
	if path == "" {
		path = "/chat/completions"
	}
	if rec.path != path {
		t.Errorf("path %s, want %s", rec.path, path)
	}
	for k, v := range want.Query {
		if got := rec.query[k]; len(got) != 1 || got[0] != v {
			t.Errorf("query %s = %v, want %s", k, got, v)
		}
	}
	for k, v := range want.Headers {
		if got := rec.header.Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	if !clientcase.SameJSON(rec.body, want.Body) {
		t.Errorf("body\n got %s\nwant %s", rec.body, clientcase.Compact(want.Body))
	}
}

func checkError(t *testing.T, err error, exception, message string, status int) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s: %s", exception, message)
	}
	if strings.Contains(err.Error(), "sk-test-secret") || strings.Contains(err.Error(), "az-secret") {
		t.Errorf("the error shows the API key: %v", err)
	}
	if exception == "APIError" {
		var ae *openai.APIError
		if !errors.As(err, &ae) {
			t.Fatalf("error %T %v, want *APIError", err, err)
		}
		if ae.StatusCode != status || ae.Error() != message {
			t.Errorf("APIError %d %q, want %d %q", ae.StatusCode, ae.Error(), status, message)
		}
		return
	}
	var oe *openai.Error
	if !errors.As(err, &oe) {
		t.Fatalf("error %T %v, want *openai.Error", err, err)
	}
	if string(oe.Exception) != exception || oe.Message != message {
		t.Errorf("error %s: %q, want %s: %q", oe.Exception, oe.Message, exception, message)
	}
	if !errors.Is(err, openai.Exception(exception)) || errors.Is(err, openai.Exception("Other"+exception)) {
		t.Errorf("errors.Is does not match %v with exactly its class %s", err, exception)
	}
}
