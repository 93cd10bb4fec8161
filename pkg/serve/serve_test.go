package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/internal/runtimecase"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/serve"
)

// TestRunContinuesSession runs twice on one session: the second run's
// model request holds the first run's conversation, and the session's
// state, runs and records follow.
func TestRunContinuesSession(t *testing.T) {
	m := modelServer(t, "Paris. TERMINATE", "About 2.1 million. TERMINATE")
	s := newService(t, serve.Options{Team: team(t, openaiClient(m.URL()))})
	code, body := s.do(t, "POST", "/v1/sessions/trip/runs", `{"task": "Capital of France?"}`)
	if code != 200 {
		t.Fatalf("first run: %d %s", code, body)
	}
	res := decode(t, body)
	msgs := res["messages"].([]any)
	if len(msgs) != 2 || msgs[1].(map[string]any)["content"] != "Paris. TERMINATE" || res["stop_reason"] != "Text 'TERMINATE' mentioned" {
		t.Fatalf("first TaskResult: %s", body)
	}
	code, body = s.do(t, "POST", "/v1/sessions/trip/runs", `{"messages": [{"type": "TextMessage", "source": "user", "content": "Its population?"}]}`)
	if code != 200 {
		t.Fatalf("second run: %d %s", code, body)
	}
	reqs := m.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model requests", len(reqs))
	}
	var contents []string
	for _, msg := range reqs[1].Body.(map[string]any)["messages"].([]any) {
		contents = append(contents, fmt.Sprint(msg.(map[string]any)["content"]))
	}
	want := []string{"Capital of France?", "Paris. TERMINATE", "Its population?"}
	if got := strings.Join(contents[1:], "|"); got != strings.Join(want, "|") {
		t.Errorf("the second run's model request holds %q, want the history %q", got, want)
	}
	code, body = s.do(t, "GET", "/v1/sessions/trip", "")
	sess := decode(t, body)
	if code != 200 || sess["id"] != "trip" || sess["runs"] != 2.0 || sess["state"].(map[string]any)["type"] != "TeamState" {
		t.Errorf("GET session: %d %s", code, body)
	}
	code, body = s.do(t, "GET", "/v1/sessions/trip/runs?limit=1", "")
	page := decode(t, body)
	if code != 200 || len(page["runs"].([]any)) != 1 || page["next"] == nil {
		t.Fatalf("runs page 1: %d %s", code, body)
	}
	code, body = s.do(t, "GET", "/v1/sessions/trip/runs?after="+fmt.Sprint(page["next"]), "")
	page = decode(t, body)
	runs := page["runs"].([]any)
	if code != 200 || len(runs) != 1 {
		t.Fatalf("runs page 2: %d %s", code, body)
	}
	task := runs[0].(map[string]any)["task"].([]any)[0].(map[string]any)
	if task["content"] != "Its population?" || runs[0].(map[string]any)["result"].(map[string]any)["stop_reason"] != "Text 'TERMINATE' mentioned" {
		t.Errorf("the second run's record: %s", body)
	}
	code, body = s.do(t, "GET", "/v1/sessions", "")
	if list := decode(t, body)["sessions"].([]any); code != 200 || len(list) != 1 || list[0].(map[string]any)["id"] != "trip" {
		t.Errorf("GET /v1/sessions: %d %s", code, body)
	}
	if code, _ := s.do(t, "DELETE", "/v1/sessions/trip", ""); code != 204 {
		t.Errorf("DELETE: %d", code)
	}
	for _, path := range []string{"/v1/sessions/trip", "/v1/sessions/trip/runs"} {
		if code, body := s.do(t, "GET", path, ""); code != 404 || decode(t, body)["error"] != "no session trip" {
			t.Errorf("GET %s after DELETE: %d %s", path, code, body)
		}
	}
	if code, _ := s.do(t, "DELETE", "/v1/sessions/trip", ""); code != 404 {
		t.Errorf("DELETE of an unknown session: %d", code)
	}
}

// TestSSEMatchesRunStream compares the SSE stream with the items of the
// same team's RunStream, written as 'agentschema run' writes them (ids
// and times normalized).
func TestSSEMatchesRunStream(t *testing.T) {
	answers := []string{"Hello there.", "TERMINATE"}
	m := modelServer(t, answers...)
	s := newService(t, serve.Options{Team: team(t, openaiClient(m.URL()))})
	code, body := s.do(t, "POST", "/v1/sessions/sse/runs", `{"task": "Say hello"}`, "Accept", "text/event-stream")
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	var got []any
	for _, ev := range readEvents(t, body) {
		if ev.name != "" {
			t.Fatalf("event %q: %s", ev.name, ev.data)
		}
		var v any
		if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}

	direct := modelServer(t, answers...)
	runner, err := agentchat.LoadRunner(context.Background(), team(t, openaiClient(direct.URL())))
	if err != nil {
		t.Fatal(err)
	}
	defer runner.Close(context.Background())
	var lines []byte
	for item, err := range runner.RunStream(context.Background(), agentchat.TextTask("Say hello")) {
		if err != nil {
			t.Fatal(err)
		}
		b, _ := item.MarshalJSON()
		lines = append(append(lines, b...), '\n')
	}
	want, err := runtimecase.ParseLines(lines)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 4 { // the task, two answers, the TaskResult
		t.Fatalf("the direct run gave %d items", len(want))
	}
	if d := runtimecase.FirstDifference(runtimecase.Normalize(want), runtimecase.Normalize(got)); d != nil {
		t.Errorf("SSE differs from run_stream: %v\nSSE:\n%s", d, body)
	}
}

// TestBadInput sends what the service refuses; none of it makes a
// session.
func TestBadInput(t *testing.T) {
	s := newService(t, serve.Options{Team: team(t, replayClient("ok. TERMINATE")), MaxBody: 200})
	tests := []struct {
		name, path, body string
		code             int
		want             map[string]any
	}{
		{"malformed", "/v1/sessions/x/runs", "{\n  \"task\": \"a\",,\n}", 400,
			map[string]any{"line": 2.0, "column": 15.0}},
		{"not an object", "/v1/sessions/x/runs", `["a"]`, 400, map[string]any{"error": "expected a JSON object, not array"}},
		{"task not a string", "/v1/sessions/x/runs", `{"task": 3}`, 400, map[string]any{"pointer": "/task", "error": "expected a string"}},
		{"unknown member", "/v1/sessions/x/runs", `{"tsak": "a"}`, 400, map[string]any{"pointer": "/tsak"}},
		{"both", "/v1/sessions/x/runs", `{"task": "a", "messages": []}`, 400, map[string]any{"pointer": "/messages"}},
		{"empty messages", "/v1/sessions/x/runs", `{"messages": []}`, 400,
			map[string]any{"error": "Task list cannot be empty.", "exception": "ValueError"}},
		{"bad message", "/v1/sessions/x/runs", `{"messages": [{"type": "TextMessage", "content": "hi"}]}`, 400,
			map[string]any{"pointer": "/messages/0/source"}},
		{"bad id", "/v1/sessions/a%20b/runs", `{}`, 400, map[string]any{"error": `session id "a b" may hold only letters, digits, '-', '_' and '.'`}},
		{"too large", "/v1/sessions/x/runs", `{"task": "` + strings.Repeat("a", 300) + `"}`, 413,
			map[string]any{"error": "the request body is over the limit of 200 bytes (--max-body)"}},
		{"bad limit", "/v1/sessions?limit=0", "", 400, nil},
		{"bad cursor", "/v1/sessions/x/runs?after=z", "", 400, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			method := "POST"
			if tc.body == "" {
				method = "GET"
			}
			code, body := s.do(t, method, tc.path, tc.body, "Accept", "text/event-stream")
			if code != tc.code {
				t.Fatalf("status %d, want %d: %s", code, tc.code, body)
			}
			got := decode(t, body)
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v (%s)", k, got[k], v, body)
				}
			}
		})
	}
	if code, body := s.do(t, "GET", "/v1/sessions/x", ""); code != 404 {
		t.Errorf("a refused run made a session: %d %s", code, body)
	}
}

// TestBusy: a run on a running session is 409, and so is its DELETE.
func TestBusy(t *testing.T) {
	g := newGate(t, "done. TERMINATE")
	s := newService(t, serve.Options{Team: team(t, openaiClient(g.srv.URL))})
	first := make(chan int)
	go func() {
		code, _ := s.do(t, "POST", "/v1/sessions/b/runs", `{"task": "go"}`)
		first <- code
	}()
	<-g.arrived
	code, body := s.do(t, "POST", "/v1/sessions/b/runs", `{"task": "again"}`)
	if code != 409 || decode(t, body)["error"] != "session b is already running" {
		t.Errorf("a second run: %d %s", code, body)
	}
	if code, _ := s.do(t, "DELETE", "/v1/sessions/b", ""); code != 409 {
		t.Errorf("DELETE while running: %d", code)
	}
	g.open()
	if code := <-first; code != 200 {
		t.Errorf("the first run: %d", code)
	}
}

// TestDisconnectCancels: a client that goes away cancels its run and the
// session stays as it was (here: none).
func TestDisconnectCancels(t *testing.T) {
	g := newGate(t, "done. TERMINATE")
	s := newService(t, serve.Options{Team: team(t, openaiClient(g.srv.URL))})
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", s.srv.URL+"/v1/sessions/d/runs", strings.NewReader(`{"task": "go"}`))
	req.Header.Set("Accept", "text/event-stream")
	done := make(chan struct{})
	streaming := make(chan struct{}) // the response's headers have come
	go func() {
		defer close(done)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("the request failed before it was cancelled: %v", err)
			return
		}
		close(streaming)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}()
	// Cancel only once the model request is held and the client holds the
	// stream's headers (written with the task's event, before the model is
	// called): the two arrive in either order, and a cancel before the
	// headers would fail the request on the client's side, not test the
	// server's.
	for arrived, headers := g.arrived, streaming; arrived != nil || headers != nil; {
		select {
		case <-arrived:
			arrived = nil
		case <-headers:
			headers = nil
		case <-done:
			t.Fatal("the run ended before its model request")
		}
	}
	cancel()
	<-done
	waitFor(t, func() bool { return strings.Contains(s.logs.String(), "outcome=cancelled") })
	if code, body := s.do(t, "GET", "/v1/sessions/d", ""); code != 404 {
		t.Errorf("a cancelled first run left a session: %d %s", code, body)
	}
	g.open()
	if code, body := s.do(t, "POST", "/v1/sessions/d/runs", `{"task": "go"}`); code != 200 {
		t.Errorf("a run after the cancelled one: %d %s", code, body)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for range 500 {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("timed out waiting")
}

// TestTimeoutAndLimit: the per-run timeout gives 504 and leaves the
// session as it was; a run over the limit of runs at once gets 503.
func TestTimeoutAndLimit(t *testing.T) {
	m := modelServer(t, "first. TERMINATE")
	g := newGate(t, "late. TERMINATE")
	fast := newService(t, serve.Options{Team: team(t, openaiClient(m.URL()))})
	if code, body := fast.do(t, "POST", "/v1/sessions/t/runs", `{"task": "one"}`); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	slow := newService(t, serve.Options{Team: team(t, openaiClient(g.srv.URL)), Sessions: fast.store,
		RunTimeout: 300 * time.Millisecond, MaxRuns: 1})
	_, before := slow.do(t, "GET", "/v1/sessions/t", "")
	code, body := slow.do(t, "POST", "/v1/sessions/t/runs", `{"task": "two"}`)
	if code != 504 || decode(t, body)["error"] != "the run exceeded its time limit (--run-timeout)" {
		t.Errorf("timeout: %d %s", code, body)
	}
	if _, after := slow.do(t, "GET", "/v1/sessions/t", ""); string(after) != string(before) {
		t.Errorf("a run that timed out changed the session:\n%s\n%s", before, after)
	}
	go func() {
		resp, err := http.Post(slow.srv.URL+"/v1/sessions/t2/runs", "application/json", strings.NewReader(`{"task": "wait"}`))
		if err == nil {
			resp.Body.Close()
		}
	}()
	<-g.arrived
	<-g.arrived // the timed-out run's request came first
	code, body = slow.do(t, "POST", "/v1/sessions/t3/runs", `{"task": "more"}`)
	if code != 503 || decode(t, body)["error"] != "too many runs at once (the limit is 1)" {
		t.Errorf("over the limit: %d %s", code, body)
	}
	g.open()
}

// TestToken: every request but GET /healthz and GET / needs the token,
// which no log line holds; each request and each run is one log line.
func TestToken(t *testing.T) {
	const token = "s3cret-t0ken"
	s := newService(t, serve.Options{Team: team(t, replayClient("hi. TERMINATE")), Token: token})
	tests := []struct {
		method, path, body string
		auth               string
		code               int
	}{
		{"GET", "/healthz", "", "", 200},
		{"GET", "/", "", "", 200},
		{"GET", "/v1/sessions", "", "", 401},
		{"GET", "/v1/sessions", "", "Bearer wrong", 401},
		{"GET", "/predict/hi", "", token, 401},
		{"GET", "/v1/sessions", "", "Bearer " + token, 200},
		{"POST", "/v1/sessions/k/runs", `{"task": "hi"}`, "", 401},
		{"POST", "/v1/sessions/k/runs", `{"task": "hi"}`, "Bearer " + token, 200},
	}
	for _, tc := range tests {
		code, body := s.do(t, tc.method, tc.path, tc.body, "Authorization", tc.auth)
		if code != tc.code {
			t.Errorf("%s %s with %q: %d, want %d (%s)", tc.method, tc.path, tc.auth, code, tc.code, body)
		}
	}
	logs := s.logs.String()
	if strings.Contains(logs, token) {
		t.Errorf("the token is in the logs:\n%s", logs)
	}
	if n := strings.Count(logs, "msg=request"); n != len(tests) {
		t.Errorf("%d request lines for %d requests:\n%s", n, len(tests), logs)
	}
	if n := strings.Count(logs, "msg=run"); n != 1 || !strings.Contains(logs, "session=k outcome=finished") {
		t.Errorf("%d run lines, want 1 finished:\n%s", n, logs)
	}
}

// TestSixteenSessions runs 16 sessions at once, twice each.
func TestSixteenSessions(t *testing.T) {
	s := newService(t, serve.Options{Team: team(t, replayClient("one. TERMINATE"))})
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				code, body := s.do(t, "POST", fmt.Sprintf("/v1/sessions/p%02d/runs", i), `{"task": "go"}`, "Accept", "text/event-stream")
				if code != 200 || !strings.Contains(string(body), `"stop_reason":"Text 'TERMINATE' mentioned"`) {
					t.Errorf("session %d: %d %s", i, code, body)
				}
			}
		}()
	}
	wg.Wait()
	_, body := s.do(t, "GET", "/v1/sessions?limit=100", "")
	list := decode(t, body)["sessions"].([]any)
	if len(list) != 16 {
		t.Fatalf("%d sessions", len(list))
	}
	for _, x := range list {
		if x.(map[string]any)["runs"] != 2.0 {
			t.Errorf("%v", x)
		}
	}
}

// TestPredict is AutoGen Studio's GET /predict/{task}.
func TestPredict(t *testing.T) {
	m := modelServer(t, "4. TERMINATE")
	s := newService(t, serve.Options{Team: team(t, openaiClient(m.URL()))})
	code, body := s.do(t, "GET", "/predict/What%20is%202%20%2B%202%3F", "")
	resp := decode(t, body)
	if code != 200 || resp["message"] != "Task successfully completed" || resp["status"] != true {
		t.Fatalf("%d %s", code, body)
	}
	if !strings.HasPrefix(string(body), `{"message":"Task successfully completed","status":true,"data":{"messages":[`) {
		t.Errorf("member order: %s", body)
	}
	msgs := resp["data"].(map[string]any)["messages"].([]any)
	if msgs[0].(map[string]any)["content"] != "What is 2 + 2?" || msgs[1].(map[string]any)["content"] != "4. TERMINATE" {
		t.Errorf("data: %s", body)
	}
	// The script is used up: the model endpoint answers 400, and Studio
	// reports str(e) with status false.
	code, body = s.do(t, "GET", "/predict/again", "")
	resp = decode(t, body)
	if code != 200 || resp["status"] != false || resp["data"] != nil || !strings.Contains(resp["message"].(string), "mock script exhausted") {
		t.Errorf("failure: %d %s", code, body)
	}
}

// TestCancelRuns: CancelRuns (a shutdown's end of grace) cancels a run;
// the session stays as it was.
func TestCancelRuns(t *testing.T) {
	g := newGate(t, "late. TERMINATE")
	s := newService(t, serve.Options{Team: team(t, openaiClient(g.srv.URL))})
	got := make(chan int)
	go func() {
		code, _ := s.do(t, "POST", "/v1/sessions/c/runs", `{"task": "x"}`)
		got <- code
	}()
	<-g.arrived
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s.h.CancelRuns(ctx)
	if code := <-got; code != 503 {
		t.Errorf("a cancelled run: %d", code)
	}
	if code, _ := s.do(t, "GET", "/v1/sessions/c", ""); code != 404 {
		t.Errorf("a cancelled run made its session: %d", code)
	}
}

// TestConsole renders items for the playground as AutoGen's Console.
func TestConsole(t *testing.T) {
	s := newService(t, serve.Options{Team: team(t, replayClient("x"))})
	code, body := s.do(t, "POST", "/v1/console", `{"type": "TextMessage", "source": "user", "content": "hi"}`)
	got := decode(t, body)
	if code != 200 || got["header"] != "---------- TextMessage (user) ----------" || got["text"] != "hi" || got["chunk"] != false {
		t.Errorf("%d %s", code, body)
	}
	if code, _ := s.do(t, "POST", "/v1/console", `{"type": "Nope"}`); code != 400 {
		t.Errorf("an unknown type: %d", code)
	}
}
