package runtimecase

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// do sends a request and returns the status, Content-Type and body.
func do(t *testing.T, method, u, contentType, body string, header map[string]string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
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
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(data)
}

func TestModelServer(t *testing.T) {
	sse := "data: {\"id\": \"c1\"}\n\ndata: [DONE]\n\n"
	script := []ScriptEntry{
		{Status: 200, ContentType: "application/json", Body: `{"id": "chatcmpl-001"}`},
		{Status: 200, ContentType: "text/event-stream", Body: sse},
		{Status: 500, ContentType: "application/json", Body: `{"error": {"message": "boom"}}`},
		{Body: `{"defaults": true}`},
	}
	m, err := NewModelServer(script)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !strings.HasPrefix(m.URL(), "http://127.0.0.1:") {
		t.Errorf("URL %q is not on 127.0.0.1", m.URL())
	}
	for i, tc := range []struct {
		method, path, body string
		status             int
		ct, respBody       string
	}{
		{"POST", "/v1/chat/completions", `{"model": "gpt-4o", "n": 1.50, "stream": false}`, 200, "application/json", `{"id": "chatcmpl-001"}`},
		{"POST", "/v1/chat/completions", `{"stream": true}`, 200, "text/event-stream", sse},
		{"POST", "/v1/chat/completions", `{}`, 500, "application/json", `{"error": {"message": "boom"}}`},
		// Entries are answered whatever the method and path.
		{"GET", "/v1/models", ``, 200, "application/json", `{"defaults": true}`},
		{"POST", "/v1/chat/completions", `not json`, 400, "application/json", ExhaustedBody},
		{"POST", "/v1/chat/completions", `{}`, 400, "application/json", ExhaustedBody},
	} {
		status, ct, body := do(t, tc.method, m.URL()+tc.path, "application/json", tc.body, nil)
		if status != tc.status || ct != tc.ct || body != tc.respBody {
			t.Errorf("request %d: got %d %q %q, want %d %q %q", i, status, ct, body, tc.status, tc.ct, tc.respBody)
		}
	}
	want := []ModelRequest{
		{"POST", "/v1/chat/completions", mustJSON(t, `{"model": "gpt-4o", "n": 1.5, "stream": false}`)},
		{"POST", "/v1/chat/completions", mustJSON(t, `{"stream": true}`)},
		{"POST", "/v1/chat/completions", map[string]any{}},
		{"GET", "/v1/models", nil},
		{"POST", "/v1/chat/completions", "not json"},
		{"POST", "/v1/chat/completions", map[string]any{}},
	}
	if msgs := compareModelRequests(want, m.Requests(), Placeholders{}); msgs != nil {
		t.Errorf("recorded requests:\n%s", strings.Join(msgs, "\n"))
	}
	var e map[string]map[string]any
	if err := json.Unmarshal([]byte(ExhaustedBody), &e); err != nil || e["error"]["message"] != "mock script exhausted" {
		t.Errorf("ExhaustedBody is not an OpenAI error with the message: %v", err)
	}
}

// TestModelServerConcurrent: every entry is given once, in order of
// arrival, under concurrent requests.
func TestModelServerConcurrent(t *testing.T) {
	const entries, requests = 20, 30
	script := make([]ScriptEntry, entries)
	for i := range script {
		script[i] = ScriptEntry{Status: 200, ContentType: "application/json", Body: strconv.Itoa(i)}
	}
	m, err := NewModelServer(script)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var wg sync.WaitGroup
	bodies := make([]string, requests)
	statuses := make([]int, requests)
	for i := range requests {
		wg.Go(func() {
			resp, err := http.Post(m.URL()+"/v1/chat/completions", "application/json", strings.NewReader(fmt.Sprintf(`{"i": %d}`, i)))
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			data, _ := io.ReadAll(resp.Body)
			bodies[i], statuses[i] = string(data), resp.StatusCode
		})
	}
	wg.Wait()
	var got []int
	exhausted := 0
	for i := range requests {
		if statuses[i] == 400 {
			exhausted++
			continue
		}
		n, err := strconv.Atoi(bodies[i])
		if err != nil {
			t.Fatalf("request %d: body %q", i, bodies[i])
		}
		got = append(got, n)
	}
	sort.Ints(got)
	for i, n := range got {
		if n != i {
			t.Fatalf("entries given %v, want each of 0..%d once", got, entries-1)
		}
	}
	if len(got) != entries || exhausted != requests-entries {
		t.Errorf("%d answered from the script and %d exhausted, want %d and %d", len(got), exhausted, entries, requests-entries)
	}
	if n := len(m.Requests()); n != requests {
		t.Errorf("%d requests recorded, want %d", n, requests)
	}
}

func TestToolServer(t *testing.T) {
	routes := []ToolRoute{
		{Method: "GET", Path: "/weather", Status: 200, ContentType: "text/plain", Body: "Sunny, 22C in {city}"},
		{Method: "POST", Path: "/time", Status: 201, ContentType: "application/json", Body: `{"zone": "{zone}", "dst": {dst}, "n": {n}, "l": {l}, "o": {o}, "x": {x}, "missing": "{missing}", "u": "{u}"}`},
		{Method: "GET", Path: "/me", Body: "you are tester (verbose={verbose})"},
		{Method: "DELETE", Path: "/users/u42", Status: 500, Body: "cannot delete {id} {id}"},
		{Method: "GET", Path: "/weather", Body: "never: the first route wins"},
		{Method: "PUT", Path: "/a b", Body: "{not-a-word} {a-b} {{k}}"},
	}
	ts, err := NewToolServer(routes)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	if ts.Host() != "127.0.0.1" || ts.Port() == 0 || ts.URL() != "http://127.0.0.1:"+strconv.Itoa(ts.Port()) {
		t.Errorf("host %q, port %d, URL %q", ts.Host(), ts.Port(), ts.URL())
	}
	for i, tc := range []struct {
		method, target, ct, body string
		header                   map[string]string
		status                   int
		respCT, respBody         string
	}{
		{"GET", "/weather?city=Paris&city=Rome", "", "", nil, 200, "text/plain", "Sunny, 22C in Paris"},
		{"POST", "/time?q=1", "application/json", `{"zone": "Europe/Rome", "dst": true, "n": 2.5, "l": [1, "a"], "o": {"a": 1, "b": null}, "x": null, "u": "é", "extra": 1e2}`, nil, 201, "application/json",
			`{"zone": "Europe/Rome", "dst": true, "n": 2.5, "l": [1, "a"], "o": {"a": 1, "b": null}, "x": null, "missing": "{missing}", "u": "é"}`},
		{"GET", "/me?verbose=yes", "", "", map[string]string{"X-Api-Key": "k-123", "x-trace": "t1", "Authorization": "Bearer no"}, 200, "text/plain", "you are tester (verbose=yes)"},
		// GET and DELETE take their arguments from the query string only.
		{"DELETE", "/users/u42?id=7", "application/json", `{"id": "body"}`, nil, 500, "text/plain", "cannot delete 7 7"},
		{"GET", "/nowhere", "", "", nil, 404, "text/plain", "no route"},
		{"POST", "/weather", "application/json", `{"city": "Oslo"}`, nil, 404, "text/plain", "no route"},
		{"PUT", "/a%20b", "text/plain", `{"k": 1, "a-b": 2}`, nil, 200, "text/plain", "{not-a-word} {a-b} {1}"},
		{"PUT", "/a%20b", "text/plain", `not json`, nil, 200, "text/plain", "{not-a-word} {a-b} {{k}}"},
	} {
		status, ct, body := do(t, tc.method, ts.URL()+tc.target, tc.ct, tc.body, tc.header)
		if status != tc.status || ct != tc.respCT || body != tc.respBody {
			t.Errorf("request %d (%s %s):\n  got  %d %q %q\n  want %d %q %q", i, tc.method, tc.target, status, ct, body, tc.status, tc.respCT, tc.respBody)
		}
	}
	want := []ToolRequest{
		{"GET", "/weather", map[string]string{"city": "Paris"}, nil, map[string]string{}},
		{"POST", "/time", map[string]string{"q": "1"}, mustJSON(t, `{"zone": "Europe/Rome", "dst": true, "n": 2.5, "l": [1, "a"], "o": {"a": 1, "b": null}, "x": null, "u": "é", "extra": 100}`), nil},
		{"GET", "/me", map[string]string{"verbose": "yes"}, nil, map[string]string{"x-api-key": "k-123", "x-trace": "t1"}},
		{"DELETE", "/users/u42", map[string]string{"id": "7"}, map[string]any{"id": "body"}, nil},
		{"GET", "/nowhere", nil, nil, nil},
		{"POST", "/weather", nil, map[string]any{"city": "Oslo"}, nil},
		{"PUT", "/a b", nil, mustJSON(t, `{"k": 1, "a-b": 2}`), nil},
		{"PUT", "/a b", nil, "not json", nil},
	}
	got := ts.Requests()
	// Requests were sent one after the other: compare in order, and as a
	// multiset.
	if msgs := compareItems("tool_requests", values(want), values(got)); msgs != "" || len(got) != len(want) {
		t.Errorf("recorded %d requests, want %d\n%s", len(got), len(want), msgs)
	}
	if msgs := compareToolRequests(want, got, Placeholders{}); msgs != nil {
		t.Errorf("%s", strings.Join(msgs, "\n"))
	}
	for _, r := range got {
		if r.Query == nil || r.Headers == nil {
			t.Errorf("%s %s: query or headers recorded as nil, want an object", r.Method, r.Path)
		}
	}
}

func values(rs []ToolRequest) []any {
	out := make([]any, len(rs))
	for i, r := range rs {
		out[i] = r.value()
	}
	return out
}

// TestToolServerConcurrent: parallel tool calls are each answered for
// their own arguments and all recorded.
func TestToolServerConcurrent(t *testing.T) {
	ts, err := NewToolServer([]ToolRoute{{Method: "GET", Path: "/weather", Body: "in {city}"}, {Method: "POST", Path: "/time", Body: "at {zone}"}})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			var resp *http.Response
			var err error
			want := "in c" + strconv.Itoa(i)
			if i%2 == 0 {
				resp, err = http.Get(ts.URL() + "/weather?city=" + url.QueryEscape("c"+strconv.Itoa(i)))
			} else {
				want = "at z" + strconv.Itoa(i)
				resp, err = http.Post(ts.URL()+"/time", "application/json", strings.NewReader(`{"zone": "z`+strconv.Itoa(i)+`"}`))
			}
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			data, _ := io.ReadAll(resp.Body)
			if string(data) != want {
				t.Errorf("request %d: got %q, want %q", i, data, want)
			}
		})
	}
	wg.Wait()
	if got := len(ts.Requests()); got != n {
		t.Errorf("%d requests recorded, want %d", got, n)
	}
}

func TestServersPlaceholders(t *testing.T) {
	c := &Case{ID: "x/y"}
	s := Start(t, c, &Run{})
	p := s.Placeholders()
	if p.BaseURL != s.Model.URL() || p.ToolHost != "127.0.0.1" || p.ToolPort != s.Tool.Port() {
		t.Errorf("Placeholders() = %+v", p)
	}
	cfg, err := p.Apply([]byte(`{"base_url": "{{BASE_URL}}/v1", "host": "{{TOOL_HOST}}", "port": "{{TOOL_PORT}}"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`{"base_url":"%s/v1","host":"127.0.0.1","port":%d}`, s.Model.URL(), s.Tool.Port())
	if string(cfg) != want {
		t.Errorf("Apply: got %s, want %s", cfg, want)
	}
	// The placeholders reach the servers.
	if status, _, _ := do(t, "GET", "http://"+p.ToolHost+":"+strconv.Itoa(p.ToolPort)+"/x", "", "", nil); status != 404 {
		t.Errorf("tool endpoint: status %d, want 404", status)
	}
	if status, _, body := do(t, "POST", p.BaseURL+"/v1/chat/completions", "application/json", "{}", nil); status != 400 || body != ExhaustedBody {
		t.Errorf("model endpoint with no script: %d %q", status, body)
	}
	out := s.Outcome(3, []byte("o"), []byte("e"), nil)
	if out.ExitCode != 3 || len(out.ModelRequests) != 1 || len(out.ToolRequests) != 1 || out.State != nil {
		t.Errorf("Outcome = %+v", out)
	}
	s.Close()
	s.Close() // twice is fine; Cleanup closes again
}
