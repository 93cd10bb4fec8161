package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/workbench/mcp/internal/testserver"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverBin is the test server built as a program (cmd/mcptestserver).
var serverBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcptestserver")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	serverBin = filepath.Join(dir, "mcptestserver")
	build := exec.Command("go", "build", "-o", serverBin, "./internal/testserver/cmd/mcptestserver")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the test server:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	// No test may leave a child process behind (each server is stopped
	// and reaped; the Example's too).
	if left := leftChildren(); len(left) > 0 && code == 0 {
		fmt.Fprintln(os.Stderr, "child processes left after the tests:", left)
		code = 1
	}
	os.Exit(code)
}

// params decodes server params from JSON, so AutoGen's defaults are set.
func params(t testing.TB, js string) gen.McpServerParams {
	t.Helper()
	p, err := gen.UnmarshalMcpServerParams([]byte(js))
	if err != nil {
		t.Fatalf("params %s: %v", js, err)
	}
	return p
}

// stdioParams runs the test server program with args.
func stdioParams(t testing.TB, timeout float64, args ...string) gen.McpServerParams {
	t.Helper()
	p := params(t, fmt.Sprintf(`{"type":"StdioServerParams","command":%q}`, serverBin)).(*gen.StdioServerParams)
	p.Args = args
	if timeout > 0 {
		p.ReadTimeoutSeconds = timeout
	}
	return p
}

// httpParams serves the test server in-process over streamable HTTP or
// SSE and returns params for it.
func httpParams(t testing.TB, kind string) gen.McpServerParams {
	t.Helper()
	srv := testserver.New(testserver.Options{Stdout: discard{}, Exit: func(int) {}})
	var h http.Handler
	switch kind {
	case "StreamableHttpServerParams":
		h = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	case "SseServerParams":
		h = sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return params(t, fmt.Sprintf(`{"type":%q,"url":%q}`, kind, ts.URL))
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// transports are the three ways to the test server.
var transports = []string{"StdioServerParams", "SseServerParams", "StreamableHttpServerParams"}

func paramsFor(t testing.TB, kind string) gen.McpServerParams {
	if kind == "StdioServerParams" {
		return stdioParams(t, 0)
	}
	return httpParams(t, kind)
}

// started returns a started workbench, stopped at the end of the test with
// a check that its child process is gone.
func started(t *testing.T, p gen.McpServerParams, overrides map[string]gen.ToolOverride) *Workbench {
	t.Helper()
	w, err := New(p, overrides, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(context.Background()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	pid := w.childPID()
	t.Cleanup(func() {
		if err := w.Stop(context.Background()); err != nil && !errors.Is(err, ErrNotStarted) {
			t.Errorf("Stop: %v", err)
		}
		if pid != 0 {
			assertGone(t, pid)
		}
	})
	return w
}

// childPID returns the pid of the running stdio server, 0 if none.
func (w *Workbench) childPID() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sess == nil || w.sess.cmd == nil || w.sess.cmd.Process == nil {
		return 0
	}
	return w.sess.cmd.Process.Pid
}

// assertGone checks that process pid has exited and was reaped: kill(pid,
// 0) finds no process (a zombie would still be found). It waits a little,
// for a process whose end was triggered asynchronously.
func assertGone(t testing.TB, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) {
			return
		}
		if time.Now().After(deadline) {
			state := "?"
			if b, rerr := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); rerr == nil {
				state = strings.Fields(string(b))[2]
			}
			t.Fatalf("child process %d is still there (state %s, kill: %v)", pid, state, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// leftChildren returns the pids of this process's children, after waiting
// a little for ones being reaped.
func leftChildren() []string {
	var out []string
	for range 100 {
		out = out[:0]
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", os.Getpid()))
		for _, f := range tasks {
			b, _ := os.ReadFile(f)
			out = append(out, strings.Fields(string(b))...)
		}
		if len(out) == 0 {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return out
}

// children returns the pids of this process's child processes.
func children(t testing.TB) []string {
	t.Helper()
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", os.Getpid()))
	if err != nil || len(tasks) == 0 {
		t.Skip("no /proc/PID/task/*/children here")
	}
	var out []string
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		out = append(out, strings.Fields(string(b))...)
	}
	return out
}
