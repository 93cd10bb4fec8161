package main

import (
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
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// stallingModel answers the first request with a text that ends nothing,
// and holds every later one until the client gives up.
func stallingModel(t *testing.T) *httptest.Server {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(completion(t, "Thinking about it.", nil, 10, 3).Body))
			return
		}
		// The server sees the client go only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

// savedThread reads the message thread of the RoundRobin manager's
// state in a saved TeamState.
func savedThread(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no state written: %v", err)
	}
	var st struct {
		AgentStates map[string]struct {
			MessageThread []map[string]any `json:"message_thread"`
		} `json:"agent_states"`
	}
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	return st.AgentStates["RoundRobinGroupChatManager"].MessageThread
}

// TestRunTimeout: --timeout ends a run that stalls, with a TimeoutError
// line and exit 1; --save-state is still written, with what the run had
// done, and a later run continues from it.
func TestRunTimeout(t *testing.T) {
	srv := stallingModel(t)
	cfg := studioConfig(t, srv.URL)
	saved := filepath.Join(t.TempDir(), "state.json")
	start := time.Now()
	code, out, errs := runCmd(t, "", "run", "--config", cfg, "--task", "Think.", "--timeout", "500ms", "--save-state", saved)
	if code != exitBad {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, errs)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the run took %s", d)
	}
	if errs != "TimeoutError: the run did not end within 500ms (--timeout)\n" {
		t.Errorf("stderr %q", errs)
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("want the task and the first answer on stdout, got:\n%s", out)
	}
	thread := savedThread(t, saved)
	if len(thread) != 2 || thread[1]["content"] != "Thinking about it." {
		t.Errorf("saved thread %v", thread)
	}
	// The saved state loads: the next run continues from it.
	code, _, errs = runCmd(t, "", "run", "--config", cfg, "--state", saved, "--timeout", "200ms")
	if code != exitBad || !strings.HasPrefix(errs, "TimeoutError:") {
		t.Errorf("continuing: exit %d, stderr %q", code, errs)
	}
}

// TestRunInterruptedSavesState: an interrupted run (the command's context
// cancelled, as SIGINT does) still writes --save-state, and exits 130.
func TestRunInterruptedSavesState(t *testing.T) {
	srv := stallingModel(t)
	cfg := studioConfig(t, srv.URL)
	saved := filepath.Join(t.TempDir(), "state.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(500*time.Millisecond, cancel)
	var out, errb bytes.Buffer
	code := runRun(ctx, []string{"--config", cfg, "--task", "Think.", "--save-state", saved}, strings.NewReader(""), &out, &errb)

	if code != exitInterrupted || errb.String() != "CancelledError: the run was cancelled\n" {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if thread := savedThread(t, saved); len(thread) != 2 {
		t.Errorf("saved thread %v", thread)
	}
}

func TestRunTimeoutUsage(t *testing.T) {
	for _, args := range [][]string{{"--timeout", "-1s"}, {"--timeout", "soon"}, {"--stats"}} {
		code, _, _ := runCmd(t, "", append([]string{"run", "--config", "x.json", "--task", "t"}, args...)...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestRunLogLevelDebug: --log-level debug logs each model request (URL,
// status, duration) on stderr, and never the key.
func TestRunLogLevelDebug(t *testing.T) {
	old := slog.Default()
	t.Cleanup(func() { slog.SetDefault(old) })
	model, err := runtimecase.NewModelServer([]runtimecase.ScriptEntry{completion(t, "Done. TERMINATE", nil, 5, 2)})
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	cfg := studioConfig(t, model.URL())
	code, _, errs := runCmd(t, "", "run", "--config", cfg, "--task", "Go.", "--log-level", "debug")
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	for _, want := range []string{"level=DEBUG", `msg="model request"`, "method=POST", "url=" + model.URL() + "/v1/chat/completions", "status=200", "duration="} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, "sk-test") {
		t.Errorf("the key is in the log:\n%s", errs)
	}
	if code, _, _ := runCmd(t, "", "run", "--config", cfg, "--task", "Go.", "--log-level", "loud"); code != exitUsage {
		t.Errorf("--log-level loud: exit %d, want 2", code)
	}
}
