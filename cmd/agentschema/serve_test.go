package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// serveProcess is 'agentschema serve' running as a child process.
type serveProcess struct {
	cmd  *exec.Cmd
	url  string
	mu   sync.Mutex
	logs bytes.Buffer
	done chan struct{}
}

// startServe starts the built command's serve on a free port and waits
// until it serves.
func startServe(t *testing.T, exe string, args ...string) *serveProcess {
	t.Helper()
	p := &serveProcess{cmd: exec.Command(exe, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...), done: make(chan struct{})}
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	urls := make(chan string, 1)
	go func() {
		defer close(p.done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.logs.WriteString(line + "\n")
			p.mu.Unlock()
			if _, addr, ok := strings.Cut(line, "msg=serving addr="); ok {
				urls <- addr
			}
		}
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
		p.cmd.Wait()
	})
	select {
	case p.url = <-urls:
	case <-p.done:
		t.Fatalf("serve exited:\n%s", p.log())
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not start:\n%s", p.log())
	}
	return p
}

func (p *serveProcess) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// stop sends SIGTERM and returns the exit code.
func (p *serveProcess) stop(t *testing.T) int {
	t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
	p.cmd.Wait()
	return p.cmd.ProcessState.ExitCode()
}

// post sends a run and returns the status and body.
func (p *serveProcess) post(t *testing.T, session, body string, sse bool) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("POST", p.url+"/v1/sessions/"+session+"/runs", strings.NewReader(body))
	if sse {
		req.Header.Set("Accept", "text/event-stream")
	}
	return send(t, req)
}

func (p *serveProcess) get(t *testing.T, path string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", p.url+path, nil)
	return send(t, req)
}

func send(t *testing.T, req *http.Request) (int, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// sseLines returns the data of each SSE event, one a line, as 'agentschema
// run' prints its items.
func sseLines(t *testing.T, body []byte) []byte {
	t.Helper()
	var out []byte
	for _, block := range strings.Split(strings.TrimSuffix(string(body), "\n\n"), "\n\n") {
		data, ok := strings.CutPrefix(block, "data: ")
		if !ok || strings.Contains(data, "\n") {
			t.Fatalf("not one data: line: %q", block)
		}
		out = append(append(out, data...), '\n')
	}
	return out
}

// studioScript is the model's answers to two runs of the Studio team:
// calculator(3, 4, "+"), then text; then text.
func studioScript(t *testing.T) []runtimecase.ScriptEntry {
	calls := []map[string]any{{"id": "call_1", "type": "function",
		"function": map[string]any{"name": "calculator", "arguments": `{"a": 3, "b": 4, "operator": "+"}`}}}
	return []runtimecase.ScriptEntry{
		completion(t, nil, calls, 50, 20),
		completion(t, "3 + 4 = 7. TERMINATE", nil, 80, 9),
		completion(t, "5 * 6 = 30. TERMINATE", nil, 90, 9),
	}
}

func newModel(t *testing.T, script []runtimecase.ScriptEntry) *runtimecase.ModelServer {
	m, err := runtimecase.NewModelServer(script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// sameItems compares two JSON documents (or JSONL) after normalizing ids
// and times.
func sameItems(t *testing.T, what string, want, got []byte) {
	t.Helper()
	w, err := runtimecase.ParseLines(want)
	if err != nil {
		t.Fatal(err)
	}
	g, err := runtimecase.ParseLines(got)
	if err != nil {
		t.Fatal(err)
	}
	if d := runtimecase.FirstDifference(runtimecase.Normalize(w), runtimecase.Normalize(g)); d != nil {
		t.Errorf("%s: %v\nwant:\n%s\ngot:\n%s", what, d, want, got)
	}
}

// TestServeMatchesRun runs the Studio team twice on a session of the
// served command and twice with 'agentschema run --state --save-state',
// against two endpoints with one script: the SSE events are run's lines,
// the second run's model request (the history) is the same, and the
// session's state is the saved state. The server then restarts on its
// SQLite file (SIGTERM: exit 0) and keeps the session.
func TestServeMatchesRun(t *testing.T) {
	exe := buildCommand(t)
	served, direct := newModel(t, studioScript(t)), newModel(t, studioScript(t))
	dir := t.TempDir()
	store := "sqlite:" + filepath.Join(dir, "sessions.db")
	p := startServe(t, exe, "--team", studioConfig(t, served.URL()), "--store", store)

	cfg := studioConfig(t, direct.URL())
	saved := filepath.Join(dir, "state.json")
	var runOut [2][]byte
	for i, task := range []string{"What is 3 + 4?", "And 5 * 6?"} {
		args := []string{"run", "--config", cfg, "--task", task, "--save-state", saved}
		if i > 0 {
			args = append(args, "--state", saved)
		}
		var stdout, stderr bytes.Buffer
		if code := run(args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("run: exit %d: %s", code, stderr.String())
		}
		runOut[i] = stdout.Bytes()
		body, _ := json.Marshal(map[string]string{"task": task})
		code, sse := p.post(t, "calc", string(body), true)
		if code != 200 {
			t.Fatalf("serve run %d: %d %s", i, code, sse)
		}
		sameItems(t, fmt.Sprintf("run %d: SSE vs agentschema run", i+1), runOut[i], sseLines(t, sse))
	}
	wantReqs, gotReqs := direct.Requests(), served.Requests()
	if len(gotReqs) != 3 || len(wantReqs) != 3 {
		t.Fatalf("%d and %d model requests, want 3", len(wantReqs), len(gotReqs))
	}
	if !runtimecase.Equal(wantReqs[2].Body, gotReqs[2].Body) {
		t.Errorf("the second run's model request differs:\nrun:   %s\nserve: %s", runtimecase.Compact(wantReqs[2].Body), runtimecase.Compact(gotReqs[2].Body))
	}
	if !strings.Contains(runtimecase.Compact(gotReqs[2].Body), "3 + 4 = 7. TERMINATE") {
		t.Errorf("the first run's answer did not reach the model in the second run")
	}
	savedState, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	code, body := p.get(t, "/v1/sessions/calc")
	var sess struct {
		State json.RawMessage `json:"state"`
		Runs  int             `json:"runs"`
	}
	if err := json.Unmarshal(body, &sess); code != 200 || err != nil || sess.Runs != 2 {
		t.Fatalf("GET session: %d %s", code, body)
	}
	sameItems(t, "session state vs run --save-state", savedState, sess.State)

	if code := p.stop(t); code != 0 {
		t.Errorf("SIGTERM: exit %d\n%s", code, p.log())
	}
	p2 := startServe(t, exe, "--team", studioConfig(t, served.URL()), "--store", store)
	code, again := p2.get(t, "/v1/sessions/calc")
	if code != 200 || string(again) != string(body) {
		t.Errorf("after a restart:\n%s\nbefore:\n%s", again, body)
	}
	if code, _ := p2.get(t, "/healthz"); code != 200 {
		t.Errorf("healthz: %d", code)
	}
}

// blockingModel answers nothing: each request waits for its client to go.
func blockingModel(t *testing.T) (string, chan struct{}) {
	arrived := make(chan struct{}, 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		arrived <- struct{}{}
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv.URL, arrived
}

// TestServeKillMidRun kills the server (SIGKILL) in a run's model call:
// the restarted server has the session as it was before that run, and
// runs it again at once (the dead process's lock is taken over).
func TestServeKillMidRun(t *testing.T) {
	exe := buildCommand(t)
	script := studioScript(t)
	m := newModel(t, script[:2])
	block, arrived := blockingModel(t)
	store := "sqlite:" + filepath.Join(t.TempDir(), "sessions.db")
	p := startServe(t, exe, "--team", studioConfig(t, m.URL()), "--store", store)
	if code, body := p.post(t, "k", `{"task": "What is 3 + 4?"}`, false); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	_, before := p.get(t, "/v1/sessions/k")
	p.stop(t)

	p = startServe(t, exe, "--team", studioConfig(t, block), "--store", store)
	go func() {
		req, _ := http.NewRequest("POST", p.url+"/v1/sessions/k/runs", strings.NewReader(`{"task": "And 5 * 6?"}`))
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	<-arrived
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.done
	p.cmd.Wait()

	m2 := newModel(t, script[2:])
	p = startServe(t, exe, "--team", studioConfig(t, m2.URL()), "--store", store)
	if code, after := p.get(t, "/v1/sessions/k"); code != 200 || string(after) != string(before) {
		t.Fatalf("after kill -9 mid-run:\n%s\nbefore:\n%s", after, before)
	}
	code, body := p.post(t, "k", `{"task": "And 5 * 6?"}`, false)
	if code != 200 || !strings.Contains(string(body), "5 * 6 = 30. TERMINATE") {
		t.Fatalf("the run after the crash: %d %s", code, body)
	}
	if code, body := p.get(t, "/v1/sessions/k"); code != 200 || !strings.Contains(string(body), `"runs":2`) {
		t.Errorf("%d %s", code, body)
	}
}

// TestServeTwoProcessesPostgres runs two servers on one PostgreSQL (see
// testServeTwoProcesses).
func TestServeTwoProcessesPostgres(t *testing.T) {
	testServeTwoProcesses(t, testPostgres(t))
}

// TestServeTwoProcessesSQLite runs two servers on one SQLite file, as
// PostgreSQL's (see testServeTwoProcesses): the file's locking and the
// sessions' leases keep them apart, and the lock of a killed process is
// taken over at once (same host, owner gone).
func TestServeTwoProcessesSQLite(t *testing.T) {
	testServeTwoProcesses(t, "sqlite:"+filepath.Join(t.TempDir(), "sessions.db"))
}

// testServeTwoProcesses runs servers in separate processes on one store: a
// session started on one continues on the other, a session running on one
// is 409 on the other, and once the process running it is killed the
// session is as before that run and runs again on the other at once.
func testServeTwoProcesses(t *testing.T, store string) {
	exe := buildCommand(t)
	m := newModel(t, studioScript(t))
	block, arrived := blockingModel(t)
	a := startServe(t, exe, "--team", studioConfig(t, m.URL()), "--store", store)
	b := startServe(t, exe, "--team", studioConfig(t, m.URL()), "--store", store)
	if code, body := a.post(t, "pg", `{"task": "What is 3 + 4?"}`, false); code != 200 {
		t.Fatalf("on a: %d %s", code, body)
	}
	if code, body := b.post(t, "pg", `{"task": "And 5 * 6?"}`, false); code != 200 || !strings.Contains(string(body), "30. TERMINATE") {
		t.Fatalf("on b: %d %s", code, body)
	}
	if reqs := m.Requests(); len(reqs) != 3 || !strings.Contains(runtimecase.Compact(reqs[2].Body), "3 + 4 = 7. TERMINATE") {
		t.Errorf("the history did not reach the model from the other process: %d requests", len(reqs))
	}
	_, before := a.get(t, "/v1/sessions/pg")
	c := startServe(t, exe, "--team", studioConfig(t, block), "--store", store)
	go func() {
		req, _ := http.NewRequest("POST", c.url+"/v1/sessions/pg/runs", strings.NewReader(`{"task": "wait"}`))
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	<-arrived
	if code, body := b.post(t, "pg", `{"task": "now"}`, false); code != 409 {
		t.Errorf("a run on another process's running session: %d %s", code, body)
	}
	c.cmd.Process.Kill() // its transaction ends with its connection; its lease's owner is gone
	<-c.done
	c.cmd.Wait()
	if _, after := a.get(t, "/v1/sessions/pg"); string(after) != string(before) {
		t.Errorf("after the killed run:\n%s\nbefore:\n%s", after, before)
	}
	m2 := newModel(t, studioScript(t)[2:])
	d := startServe(t, exe, "--team", studioConfig(t, m2.URL()), "--store", store)
	if code, body := d.post(t, "pg", `{"task": "And 5 * 6?"}`, false); code != 200 || !strings.Contains(string(body), "30. TERMINATE") {
		t.Fatalf("the run after the killed one: %d %s", code, body)
	}
	if _, body := b.get(t, "/v1/sessions/pg"); !strings.Contains(string(body), `"runs":3`) {
		t.Errorf("after the run that followed the killed one: %s", body)
	}
}

// testPostgres returns AGENTSCHEMA_TEST_POSTGRES with a schema of its own,
// or skips.
func testPostgres(t *testing.T) string {
	base := os.Getenv("AGENTSCHEMA_TEST_POSTGRES")
	if base == "" {
		t.Skip("AGENTSCHEMA_TEST_POSTGRES is not set (a postgres:// URL; .ci/run starts Debian's postgresql and sets it)")
	}
	schema := fmt.Sprintf("serve_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9)
	psql, err := exec.LookPath("psql")
	if err != nil {
		t.Skip("no psql on PATH to make a schema with")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(ctx, psql, base, "-c", "CREATE SCHEMA "+schema).CombinedOutput(); err != nil {
		t.Skipf("PostgreSQL at AGENTSCHEMA_TEST_POSTGRES is unreachable: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command(psql, base, "-c", "DROP SCHEMA "+schema+" CASCADE").Run() })
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema
}

// TestServeUsage checks the command line's refusals.
func TestServeUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve"}, "agentschema serve: --team TEAM.json is required\n"},
		{[]string{"serve", "--team", "x.json", "extra"}, "agentschema serve: unexpected argument \"extra\"\n"},
		{[]string{"serve", "--team", "x.json", "--token-env", "AGENTSCHEMA_NO_SUCH_VAR"}, "agentschema serve: --token-env: $AGENTSCHEMA_NO_SUCH_VAR is empty or not set\n"},
		{[]string{"serve", "--team", "x.json", "--max-runs", "0"}, "agentschema serve: --max-body, --max-runs, --read-timeout and --write-timeout must be positive, --run-timeout and --grace not negative\n"},
		{[]string{"serve", "--team", "x.json", "--write-timeout", "0s"}, "agentschema serve: --max-body, --max-runs, --read-timeout and --write-timeout must be positive, --run-timeout and --grace not negative\n"},
		{[]string{"serve", "--team", "x.json", "--read-timeout", "-1s"}, "agentschema serve: --max-body, --max-runs, --read-timeout and --write-timeout must be positive, --run-timeout and --grace not negative\n"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, nil, &stdout, &stderr); code != exitUsage || stderr.String() != tc.want {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	cfg := filepath.Join(t.TempDir(), "team.json")
	os.WriteFile(cfg, []byte(`{}`), 0o644)
	var stderr bytes.Buffer
	if code := run([]string{"serve", "--team", cfg, "--store", "mysql://x"}, nil, io.Discard, &stderr); code != exitUsage ||
		!strings.Contains(stderr.String(), "--store must be sqlite:PATH or a postgres:// URL") {
		t.Errorf("a bad store: %d %s", code, stderr.String())
	}
}

// TestServeSIGTERMMidRun: at SIGTERM a run goes on for --grace, is then
// cancelled (its client gets 503 CancelledError), the process exits 0 at
// once, and the session is as it was before the run.
func TestServeSIGTERMMidRun(t *testing.T) {
	exe := buildCommand(t)
	m := newModel(t, studioScript(t)[:2])
	block, arrived := blockingModel(t)
	store := "sqlite:" + filepath.Join(t.TempDir(), "sessions.db")
	p := startServe(t, exe, "--team", studioConfig(t, m.URL()), "--store", store)
	if code, body := p.post(t, "g", `{"task": "What is 3 + 4?"}`, false); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	_, before := p.get(t, "/v1/sessions/g")
	p.stop(t)

	p = startServe(t, exe, "--team", studioConfig(t, block), "--store", store, "--grace", "300ms")
	got := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("POST", p.url+"/v1/sessions/g/runs", strings.NewReader(`{"task": "And 5 * 6?"}`))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- 0
			return
		}
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	<-arrived
	start := time.Now()
	if code := p.stop(t); code != 0 {
		t.Errorf("exit %d\n%s", code, p.log())
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("shutting down took %v", d)
	}
	if code := <-got; code != 503 {
		t.Errorf("the cancelled run's client got %d\n%s", code, p.log())
	}
	if !strings.Contains(p.log(), "outcome=shutdown") {
		t.Errorf("no run line for the cancelled run:\n%s", p.log())
	}
	p = startServe(t, exe, "--team", studioConfig(t, m.URL()), "--store", store)
	if code, after := p.get(t, "/v1/sessions/g"); code != 200 || string(after) != string(before) {
		t.Errorf("after SIGTERM mid-run:\n%s\nbefore:\n%s", after, before)
	}
}
