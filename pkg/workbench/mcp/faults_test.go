package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
)

// The faults of a stdio server: each ends in an error result or an error
// within a bounded time, and leaves no child process behind.

func TestFaultReadTimeout(t *testing.T) {
	// read_timeout_seconds 0.3: the mcp package's send_request gives up
	// with McpError("Timed out while waiting for response to
	// ClientRequest. Waited 0.3 seconds.").
	w := started(t, stdioParams(t, 0.3), nil)
	start := time.Now()
	r, err := w.CallTool(context.Background(), "sleep", json.RawMessage(`{"millis":5000}`), "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Timed out while waiting for response to ClientRequest. Waited 0.3 seconds.\n"}
	if !r.IsError || !reflect.DeepEqual(texts(r), want) {
		t.Errorf("got %+v %q, want an error result %q", r.IsError, texts(r), want)
	}
	if d := time.Since(start); d > 3*time.Second {
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
	_, err := w.CallTool(ctx, "sleep", json.RawMessage(`{"millis":5000}`), "")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the context's", err)
	}
	if d := time.Since(start); d > 3*time.Second {
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
	w, err := New(stdioParams(t, 30), nil, nil)
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
	time.Sleep(200 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := w.Stop(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Stop: %v, want its context's error", err)
	}
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the running call: %v, want cancelled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
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
	if d := time.Since(start); d > 5*time.Second {
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
	if d := time.Since(start); d > 6*time.Second {
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
