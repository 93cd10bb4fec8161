package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// lineWriter hands the first line written to it to ready.
type lineWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	ready chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if line, _, ok := strings.Cut(w.buf.String(), "\n"); ok && w.ready != nil {
		w.ready <- line
		w.ready = nil
	}
	return len(p), nil
}

// TestHostCommand runs `agentschema host` with a transcript, registers an
// agent type from a worker, sends it a message, and stops the host as
// SIGTERM does.
func TestHostCommand(t *testing.T) {
	log := filepath.Join(t.TempDir(), "wire.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1) // read here, not through out: Write clears out.ready
	out := &lineWriter{ready: ready}
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() {
		code <- runWithContext(ctx, []string{"host", "--addr", "127.0.0.1:0", "--transcript", log}, nil, out, &stderr)
	}()
	var addr string
	select {
	case line := <-ready:
		var ok bool
		if addr, ok = strings.CutPrefix(line, "HOST READY "); !ok {
			t.Fatalf("first line %q", line)
		}
	case c := <-code:
		t.Fatalf("host exited %d: %s", c, stderr.String())
	}
	type Note struct {
		Text string `json:"text"`
	}
	rt, err := worker.Dial(ctx, addr, worker.WithSerializers(worker.JSON[Note]("Note")))
	if err != nil {
		t.Fatal(err)
	}
	echo := worker.AgentFunc(func(_ context.Context, msg any, _ worker.MessageContext) (any, error) { return msg, nil })
	if err := rt.Register(ctx, "echo", func(worker.AgentID) (worker.Agent, error) { return echo, nil }); err != nil {
		t.Fatal(err)
	}
	got, err := rt.Send(ctx, Note{"hi"}, worker.AgentID{Type: "echo", Key: "k"}, nil)
	if err != nil || got != (Note{"hi"}) {
		t.Fatalf("Send: %v, %v", got, err)
	}
	cancel()
	select {
	case c := <-code:
		if c != exitInterrupted {
			t.Errorf("exit %d, want %d: %s", c, exitInterrupted, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the host did not stop")
	}
	rt.Close()
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"ev": "open"`, `"rpc": "RegisterAgent"`, `"data_json": {"text": "hi"}`, `"ev": "close"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the transcript lacks %s:\n%s", want, data)
		}
	}
}

func TestHostCommandUsage(t *testing.T) {
	tests := []struct{ args []string }{
		{[]string{"host"}},
		{[]string{"host", "--addr", "127.0.0.1:0", "--tls-cert", "x.pem"}},
		{[]string{"host", "--addr", "127.0.0.1:0", "extra"}},
		{[]string{"host", "--addr", "127.0.0.1:0", "--max-queue", "0"}},
	}
	for _, tc := range tests {
		t.Setenv("AGRPC_ADDRESS", "")
		var stdout, stderr bytes.Buffer
		if c := run(tc.args, nil, &stdout, &stderr); c != exitUsage || !strings.Contains(stderr.String(), "--addr HOST:PORT is required") {
			t.Errorf("%v: exit %d, %s", tc.args, c, stderr.String())
		}
	}
}
