package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
)

// The faults of a stdio server: each ends in an error result or an error
// within a bounded time, and leaves no child process behind.

func TestFaultReadTimeout(t *testing.T) {
	// read_timeout_seconds 2.5 (long enough for the initialize handshake on
	// a loaded machine): the mcp package's send_request gives up
	// with McpError("Timed out while waiting for response to
	// ClientRequest. Waited 2.5 seconds.").
	w := started(t, stdioParams(t, 2.5), nil)
	start := time.Now()
	r, err := w.CallTool(context.Background(), "sleep", json.RawMessage(`{"millis":60000}`), "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Timed out while waiting for response to ClientRequest. Waited 2.5 seconds.\n"}
	if !r.IsError || !reflect.DeepEqual(texts(r), want) {
		t.Errorf("got %+v %q, want an error result %q", r.IsError, texts(r), want)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("the call took %v", d)
	}
	// The session is still usable.
	r, err = w.CallTool(context.Background(), "echo", json.RawMessage(`{"text":"still here"}`), "")
	if err != nil || r.IsError || !reflect.DeepEqual(texts(r), []string{"still here"}) {
		t.Errorf("call after a timeout: %q %v", texts(r), err)
	}
}

func TestFaultCancel(t *testing.T) {
	w := started(t, stdioParams(t, 10), nil)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := w.CallTool(ctx, "sleep", json.RawMessage(`{"millis":60000}`), "")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the context's", err)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("the cancelled call took %v", d)
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := w.ListTools(ctx2); !errors.Is(err, context.Canceled) {
		t.Errorf("ListTools with a cancelled context: %v", err)
	}
	r, err := w.CallTool(context.Background(), "echo", json.RawMessage(`{"text":"after"}`), "")
	if err != nil || !reflect.DeepEqual(texts(r), []string{"after"}) {
		t.Errorf("call after a cancelled one: %q %v", texts(r), err)
	}
}

func TestFaultStopCancelsRunningCalls(t *testing.T) {
	sleeping := &watchWriter{want: "testserver: sleeping", seen: make(chan struct{})}
	w, err := New(stdioParams(t, 30), nil, &Options{Stderr: sleeping})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	pid := w.childPID()
	done := make(chan error, 1)
	go func() {
		_, err := w.CallTool(context.Background(), "sleep", json.RawMessage(`{"millis":20000}`), "")
		done <- err
	}()
	select {
	case <-sleeping.seen: // the call is running in the server
	case <-time.After(30 * time.Second):
		t.Fatal("the server never started the call")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := w.Stop(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Stop: %v, want its context's error", err)
	}
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the running call: %v, want cancelled", err)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("Stop took %v", d)
	}
	assertGone(t, pid)
}

func TestFaultServerExitsMidCall(t *testing.T) {
	w := started(t, stdioParams(t, 5), nil)
	pid := w.childPID()
	r, err := w.CallTool(context.Background(), "exit", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	// The mcp package fails pending requests with McpError("Connection
	// closed") when the stream ends (shared/session.py, _receive_loop).
	if !r.IsError || !reflect.DeepEqual(texts(r), []string{"Connection closed\n"}) {
		t.Errorf("got %v %q", r.IsError, texts(r))
	}
	if !strings.Contains(w.Stderr(), "testserver: exiting during a call") {
		t.Errorf("stderr kept: %q", w.Stderr())
	}
	// Later calls fail the same way, without hanging.
	r, err = w.CallTool(context.Background(), "echo", json.RawMessage(`{"text":"x"}`), "")
	if err != nil || !r.IsError || !reflect.DeepEqual(texts(r), []string{"Connection closed\n"}) {
		t.Errorf("call after the exit: %v %q %v", r.IsError, texts(r), err)
	}
	if _, err := w.ListTools(context.Background()); err == nil || err.Error() != "Connection closed" {
		t.Errorf("ListTools after the exit: %v", err)
	}
	if err := w.Stop(context.Background()); err != nil {
		t.Errorf("Stop: %v", err)
	}
	assertGone(t, pid)
}

func TestFaultServerNeverAnswers(t *testing.T) {
	before := children(t)
	w, err := New(stdioParams(t, 0.3, "-mode=silent", "-stderr=silent server here"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = w.Start(context.Background())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Start: %T %v, want an *Error", err, err)
	}
	if !strings.HasPrefix(e.Message, "Timed out while waiting for response to ClientRequest. Waited 0.3 seconds.") {
		t.Errorf("message %q", e.Message)
	}
	if !strings.Contains(e.Stderr, "silent server here") || !strings.Contains(e.Message, "silent server here") {
		t.Errorf("stderr not kept: %q / %q", e.Stderr, e.Message)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("Start took %v", d)
	}
	// A call starts it again and fails the same way, as an error result.
	r, err := w.CallTool(context.Background(), "echo", nil, "")
	if err != nil || !r.IsError || !strings.HasPrefix(texts(r)[0], "Timed out while waiting for response to ClientRequest.") {
		t.Errorf("call: %v %q %v", r.IsError, texts(r), err)
	}
	assertNoNewChildren(t, before)
}

func TestFaultGarbageOnStdout(t *testing.T) {
	before := children(t)
	w, err := New(stdioParams(t, 2, "-mode=garbage"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = w.Start(context.Background())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Start: %T %v, want an *Error", err, err)
	}
	// The SDK's stdio reader stops at the first line that is not JSON, so
	// the connection closes (the mcp package's stdio_client would skip the
	// line and time out).
	if !strings.Contains(e.Message, "Connection closed") {
		t.Errorf("message %q", e.Message)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("Start took %v", d)
	}
	assertNoNewChildren(t, before)

	// A server that writes garbage in the middle of a session.
	w2 := started(t, stdioParams(t, 2), nil)
	r, err := w2.CallTool(context.Background(), "garbage", nil, "")
	if err != nil || !r.IsError || !strings.Contains(texts(r)[0], "invalid character") {
		t.Fatalf("garbage mid-session: %v %q %v", r.IsError, texts(r), err)
	}
	r, err = w2.CallTool(context.Background(), "echo", json.RawMessage(`{"text":"x"}`), "")
	if err != nil || !r.IsError || !reflect.DeepEqual(texts(r), []string{"Connection closed\n"}) {
		t.Fatalf("call after the garbage: %v %q %v", r.IsError, texts(r), err)
	}
}

func TestFaultCommandNotFound(t *testing.T) {
	sp := *stdioParams(t, 1).(*gen.StdioServerParams)
	sp.Command = "/nonexistent/agentschema-mcp-server"
	w, err := New(&sp, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = w.Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/agentschema-mcp-server") {
		t.Errorf("Start: %v", err)
	}
	r, err := w.CallTool(context.Background(), "echo", nil, "")
	if err != nil || !r.IsError || !strings.HasSuffix(texts(r)[0], "\n") {
		t.Errorf("call: %v %q %v", r.IsError, texts(r), err)
	}
}

// assertNoNewChildren checks that every child this process has now was
// there before (waiting a little for children being reaped).
func assertNoNewChildren(t *testing.T, before []string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var extra []string
		for _, c := range children(t) {
			if !slices.Contains(before, c) {
				extra = append(extra, c)
			}
		}
		if len(extra) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("child processes left: %v", extra)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// watchWriter closes seen once the text written to it contains want.
type watchWriter struct {
	mu   sync.Mutex
	buf  []byte
	want string
	seen chan struct{}
	once sync.Once
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if strings.Contains(string(w.buf), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}
