//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestInterruptWhileOpeningFIFO: normalize of a FIFO that no one writes to
// blocks in open(2), which no context reaches; SIGINT still ends it, with
// the interruption and exit 130, once the grace period has passed.
func TestInterruptWhileOpeningFIFO(t *testing.T) {
	exe := buildCommand(t)
	fifo := filepath.Join(t.TempDir(), "in.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	p := startProcess(t, exe, "normalize", fifo)
	waitBlockedInOpen(p.cmd.Process.Pid)
	start := time.Now()
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	code := p.wait(t)
	if code != exitInterrupted || p.stderr.String() != "agentschema: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want 130 and the interruption", code, p.stderr.String())
	}
	if d := time.Since(start); d > interruptGrace+5*time.Second {
		t.Errorf("ended %v after SIGINT, want about %v", d, interruptGrace)
	}
}

// waitBlockedInOpen waits until a thread of process pid sleeps in the
// kernel's FIFO open (Linux's wait_for_partner, read from /proc), so that
// the signal comes once the command has started and installed its
// handler, however loaded the machine is; at most 30 s. Without /proc it
// waits one second.
func waitBlockedInOpen(pid int) {
	tasks := filepath.Join("/proc", strconv.Itoa(pid), "task")
	if _, err := os.Stat(tasks); err != nil {
		time.Sleep(time.Second)
		return
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		wchans, _ := filepath.Glob(filepath.Join(tasks, "*", "wchan"))
		for _, w := range wchans {
			if b, err := os.ReadFile(w); err == nil && string(b) == "wait_for_partner" {
				return
			}
		}
	}
}
