// Package logtest captures what code logs through log/slog, for tests
// that check a log line (and that no secret is in it).
package logtest

import (
	"bytes"
	"log/slog"
	"sync"
	"testing"
)

// Buffer is a bytes.Buffer safe for concurrent writers (a server's
// goroutines and the test's).
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what was written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Capture sets slog's default logger to a text handler at level for the
// rest of t (restored by t.Cleanup), and returns what it writes. Tests
// that use it must not run in parallel with other tests that log.
func Capture(t testing.TB, level slog.Level) *Buffer {
	buf := &Buffer{}
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: level})))
	t.Cleanup(func() { slog.SetDefault(old) })
	return buf
}
