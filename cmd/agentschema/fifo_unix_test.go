//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDirectorySkipsFIFO: a FIFO named like an input in a directory is
// skipped with a warning (reading it would block), and the regular files
// are still read.
func TestDirectorySkipsFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.jsonl"), 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	good := `{"content":"hi","source":"user","type":"UserMessage"}`
	if err := os.WriteFile(filepath.Join(dir, "good.jsonl"), []byte(good+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", dir}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "pipe.jsonl: warning: skipped, not a regular file") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
