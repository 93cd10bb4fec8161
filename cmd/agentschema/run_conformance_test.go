package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// runtimeKinds are the kinds of testdata/conformance/runtime that
// TestRunConformance replays.
var runtimeKinds = []string{"assistant", "round_robin", "selector", "swarm", "graph", "magentic_one"}

// runtimeCasesDir holds the recorded runs, relative to this package.
var runtimeCasesDir = filepath.Join("..", "..", "testdata", "conformance", "runtime")

// runtimeCodeCasesDir holds the recorded runs of code-executing agents
// and tools (testdata/conformance/runtime_code/README.md).
var runtimeCodeCasesDir = filepath.Join("..", "..", "testdata", "conformance", "runtime_code")

// runtimeCodeKinds are the kinds of runtime_code that TestRunCodeConformance
// replays.
var runtimeCodeKinds = []string{"code_executor", "code_tool"}

// runConformanceTimeout bounds one execution of 'agentschema run'.
const runConformanceTimeout = 2 * time.Minute

// TestRunConformance replays every recorded AutoGen run of the kinds in
// runtimeKinds through 'agentschema run', in process, against the scripted
// model endpoint and the tool endpoint, and compares the exit code, stdout,
// the requests the endpoints got and the saved state as
// testdata/conformance/runtime/README.md says. One subtest per case, named
// by its id: go test ./cmd/agentschema -run TestRunConformance/assistant/a010
func TestRunConformance(t *testing.T) {
	if _, err := os.Stat(runtimeCasesDir); err != nil {
		t.Skipf("no runtime conformance cases at %s: %v", runtimeCasesDir, err)
	}
	cases, err := runtimecase.LoadDir(runtimeCasesDir, runtimeKinds...)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) { runConformanceCase(t, c) })
	}
}

// TestRunCodeConformance replays every recorded AutoGen run of
// testdata/conformance/runtime_code (CodeExecutorAgent with and without a
// model client, LocalCommandLineCodeExecutor, PythonCodeExecutionTool) as
// TestRunConformance does, each case with a fresh work directory for
// "{{WORK_DIR}}". The cases were recorded with Python 3.11.7 (tracebacks
// are compared as they are); without python3 on PATH the test is skipped.
func TestRunCodeConformance(t *testing.T) {
	if _, err := os.Stat(runtimeCodeCasesDir); err != nil {
		t.Skipf("no runtime_code conformance cases at %s: %v", runtimeCodeCasesDir, err)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH: the code blocks of the cases cannot run")
	}
	cases, err := runtimecase.LoadDir(runtimeCodeCasesDir, runtimeCodeKinds...)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) { runConformanceCase(t, c) })
	}
}

// runConformanceCase executes the runs of c in order, each a fresh
// 'agentschema run' with its own endpoints, and reports each failing run
// in one error. The runs share one work directory, "{{WORK_DIR}}".
func runConformanceCase(t *testing.T, c *runtimecase.Case) {
	dir := t.TempDir()
	work, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	work = filepath.Join(work, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	prevSaved := "" // the state file the previous run saved
	for i, r := range c.Runs {
		where := fmt.Sprintf("%s run %d of %d", c.ID, i+1, len(c.Runs))
		s := runtimecase.Start(t, c, r)
		s.WorkDir = work
		p := s.Placeholders()
		prefix := filepath.Join(dir, "run"+strconv.Itoa(i+1)+"-")

		cfg, err := p.Apply(c.Config)
		if err != nil {
			t.Fatalf("%s: config: %v", where, err)
		}
		args := []string{"run", "--config", writeConformanceFile(t, prefix+"config.json", cfg)}
		switch {
		case r.Task != nil:
			args = append(args, "--task", *r.Task)
		case r.TaskMessages != nil:
			msgs, err := p.Apply(r.TaskMessages)
			if err != nil {
				t.Fatalf("%s: task_messages: %v", where, err)
			}
			args = append(args, "--task-file", writeConformanceFile(t, prefix+"task.json", msgs))
		}
		switch {
		case r.StateFromPrevious:
			if _, err := os.Stat(prevSaved); prevSaved == "" || err != nil {
				t.Errorf("%s: skipped: it loads the state the previous run saved, and that run saved none", where)
				s.Close()
				prevSaved = ""
				continue
			}
			args = append(args, "--state", prevSaved)
		case r.State != nil:
			state, err := p.Apply(r.State)
			if err != nil {
				t.Fatalf("%s: state: %v", where, err)
			}
			args = append(args, "--state", writeConformanceFile(t, prefix+"state-in.json", state))
		}
		out := prefix + "state-out.json"
		args = append(args, "--save-state", out)

		code, stdout, stderr := runConformanceCommand(t, where, args)
		saved, err := os.ReadFile(out)
		if errors.Is(err, os.ErrNotExist) {
			saved = nil
		} else if err != nil {
			t.Fatalf("%s: reading the saved state: %v", where, err)
		}
		s.Close() // wait for requests in flight before taking the records
		got := s.Outcome(code, stdout, stderr, saved)
		if msgs := s.Compare(r, got); len(msgs) > 0 {
			t.Errorf("%s", conformanceReport(where, c, r, args, msgs, stderr))
		}
		prevSaved = ""
		if saved != nil {
			prevSaved = out
		}
	}
}

// runConformanceCommand calls run(args) in process with empty stdin and
// returns its exit code, stdout and stderr. A panic is a failure of the
// case, not of the test binary; so is a run that does not return within
// runConformanceTimeout.
func runConformanceCommand(t *testing.T, where string, args []string) (int, []byte, []byte) {
	var stdout, stderr conformanceBuffer
	type result struct {
		code  int
		panic any
		stack []byte
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- result{code: -1, panic: v, stack: debug.Stack()}
			}
		}()
		done <- result{code: run(args, bytes.NewReader(nil), &stdout, &stderr)}
	}()
	select {
	case res := <-done:
		if res.panic != nil {
			t.Fatalf("%s: %s panicked: %v\n%s\nstderr:\n%s", where, conformanceCommandLine(args), res.panic, res.stack, stderr.Bytes())
		}
		return res.code, stdout.Bytes(), stderr.Bytes()
	case <-time.After(runConformanceTimeout):
		t.Fatalf("%s: %s did not return within %v\nstdout so far:\n%s\nstderr so far:\n%s",
			where, conformanceCommandLine(args), runConformanceTimeout, stdout.Bytes(), stderr.Bytes())
	}
	return 0, nil, nil // not reached
}

// conformanceReport is the failure message of one run: what was run, each
// mismatch, and the command's stderr.
func conformanceReport(where string, c *runtimecase.Case, r *runtimecase.Run, args []string, msgs []string, stderr []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d mismatch(es)\n", where, len(msgs))
	fmt.Fprintf(&b, "case: %s (%s)\n", c.Note, c.File)
	fmt.Fprintf(&b, "command: %s\n", conformanceCommandLine(args))
	for _, m := range msgs {
		fmt.Fprintf(&b, "- %s\n", strings.ReplaceAll(m, "\n", "\n  "))
	}
	if r.Expect.Error != "" {
		fmt.Fprintf(&b, "expected error (not compared): %s\n", r.Expect.Error)
	}
	if len(stderr) == 0 {
		b.WriteString("stderr: (empty)")
	} else {
		fmt.Fprintf(&b, "stderr:\n%s", stderr)
	}
	return b.String()
}

// conformanceCommandLine is args as a shell command line, each argument
// that needs it in single quotes.
func conformanceCommandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		plain := a != ""
		for _, r := range a {
			if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,+@%", r) {
				plain = false
				break
			}
		}
		if plain {
			quoted[i] = a
		} else {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return "agentschema " + strings.Join(quoted, " ")
}

// writeConformanceFile writes data to path and returns path.
func writeConformanceFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// conformanceBuffer is a bytes.Buffer safe for a writer and a reader in
// different goroutines (a timed-out run keeps writing).
type conformanceBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (c *conformanceBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.Write(p)
}

// Bytes returns a copy of what was written so far.
func (c *conformanceBuffer) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.b.Bytes())
}
