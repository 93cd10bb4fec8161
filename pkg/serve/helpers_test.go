package serve_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/internal/logtest"

	"github.com/agentschema/agentschema/internal/runtimecase"
	_ "github.com/agentschema/agentschema/pkg/providers/all"
	"github.com/agentschema/agentschema/pkg/serve"
	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/sqlite"
)

// team is examples/studio/team.json (a RoundRobinGroupChat of one
// AssistantAgent, ended by TextMention("TERMINATE") | MaxMessage(10))
// without its tools and with client as its model client.
func team(t testing.TB, client map[string]any) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "studio", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tm map[string]any
	if err := json.Unmarshal(data, &tm); err != nil {
		t.Fatal(err)
	}
	agent := tm["config"].(map[string]any)["participants"].([]any)[0].(map[string]any)["config"].(map[string]any)
	delete(agent, "workbench")
	agent["model_client"] = client
	out, err := json.Marshal(tm)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// openaiClient is an OpenAIChatCompletionClient config on base.
func openaiClient(base string) map[string]any {
	return map[string]any{
		"provider": "autogen_ext.models.openai.OpenAIChatCompletionClient", "component_type": "model",
		"config": map[string]any{"model": "gpt-4o-mini", "base_url": base + "/v1", "api_key": "sk-test", "max_retries": 0},
	}
}

// replayClient is a ReplayChatCompletionClient config answering texts.
func replayClient(texts ...string) map[string]any {
	return map[string]any{
		"provider": "autogen_ext.models.replay.ReplayChatCompletionClient", "component_type": "replay_chat_completion_client",
		"config": map[string]any{"chat_completions": texts, "model_info": map[string]any{
			"vision": false, "function_calling": true, "json_output": false, "family": "unknown", "structured_output": false}},
	}
}

// completion is a chat.completion body answering content.
func completion(t testing.TB, content string) runtimecase.ScriptEntry {
	t.Helper()
	body, err := json.Marshal(map[string]any{
		"id": "chatcmpl-x", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-mini",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content},
			"finish_reason": "stop", "logprobs": nil}},
		"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
	})
	if err != nil {
		t.Fatal(err)
	}
	return runtimecase.ScriptEntry{Status: 200, ContentType: "application/json", Body: string(body)}
}

// modelServer starts a scripted model endpoint.
func modelServer(t testing.TB, answers ...string) *runtimecase.ModelServer {
	t.Helper()
	var script []runtimecase.ScriptEntry
	for _, a := range answers {
		script = append(script, completion(t, a))
	}
	m, err := runtimecase.NewModelServer(script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// gate is a model endpoint that answers each request only once released
// (or never, if its client goes away first); arrived gets one value per
// request as it comes in.
type gate struct {
	srv     *httptest.Server
	arrived chan struct{}
	release chan struct{}
	answer  []byte
}

func newGate(t testing.TB, answer string) *gate {
	g := &gate{arrived: make(chan struct{}, 16), release: make(chan struct{})}
	g.answer = []byte(completion(t, answer).Body)
	g.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		g.arrived <- struct{}{}
		select {
		case <-g.release:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(g.answer)
	}))
	t.Cleanup(func() {
		g.open()
		g.srv.Close()
	})
	return g
}

var gateOnce sync.Mutex

// open lets every waiting and later request through.
func (g *gate) open() {
	gateOnce.Lock()
	defer gateOnce.Unlock()
	select {
	case <-g.release:
	default:
		close(g.release)
	}
}

// service is a Handler on a new SQLite store, served by httptest.
type service struct {
	srv   *httptest.Server
	h     *serve.Handler
	store session.Service
	logs  *logtest.Buffer
}

func newService(t testing.TB, opts serve.Options) *service {
	t.Helper()
	if opts.Sessions == nil {
		store, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		opts.Sessions = store
	}
	logs := &logtest.Buffer{}
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	h, err := serve.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &service{srv: srv, h: h, store: opts.Sessions, logs: logs}
}

// do sends a request and returns the status and body.
func (s *service) do(t testing.TB, method, path, body string, header ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// event is one SSE event.
type event struct {
	name string
	data string
}

// readEvents parses an SSE stream.
func readEvents(t testing.TB, body []byte) []event {
	t.Helper()
	var out []event
	var cur event
	var data []string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if data != nil {
				cur.data = strings.Join(data, "\n")
				out = append(out, cur)
			}
			cur, data = event{}, nil
		case strings.HasPrefix(line, "event: "):
			cur.name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data = append(data, line[len("data: "):])
		default:
			t.Fatalf("unexpected SSE line %q", line)
		}
	}
	if data != nil {
		t.Fatalf("the stream ends inside an event: %q", data)
	}
	return out
}

func decode(t testing.TB, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v in %s", err, data)
	}
	return v
}
