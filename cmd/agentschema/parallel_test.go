package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// mixedInput writes a JSONL file of good and bad documents, interleaved
// so that faults fall between good lines: the benchmark transcript's lines
// (every kind of message and event), the conformance suite's invalid
// messages (faults at every depth), and lines that are not JSON, not
// tagged, or empty.
func mixedInput(t *testing.T, dir string) string {
	t.Helper()
	transcript, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var bad [][]byte
	for _, dir := range []string{"TextMessage", "ToolCallRequestEvent", "MultiModalMessage", "HandoffMessage", "UserMessage", "AssistantMessage"} {
		files, _ := filepath.Glob("../../testdata/conformance/invalid/" + dir + "/*.json")
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var c struct {
				Type  string          `json:"type"`
				Input json.RawMessage `json:"input"`
			}
			if json.Unmarshal(raw, &c) != nil {
				continue
			}
			var obj map[string]any
			if json.Unmarshal(c.Input, &obj) == nil {
				if _, tagged := obj["type"]; !tagged {
					obj["type"] = c.Type
				}
				b, _ := json.Marshal(obj)
				bad = append(bad, b)
			}
		}
	}
	bad = append(bad, []byte(`{"type": "TextMessage", "content": "cut short`), []byte(`{"no": "tag"}`), []byte(`[1, 2`), []byte(`{"type": "NoSuchMessage"}`))
	var b bytes.Buffer
	for i, line := range bytes.Split(bytes.TrimSpace(transcript), []byte("\n")) {
		b.Write(line)
		b.WriteByte('\n')
		if i%9 == 4 && len(bad) > 0 {
			b.Write(bad[0])
			b.WriteByte('\n')
			bad = bad[1:]
		}
		if i%500 == 7 {
			b.WriteString("\n") // an empty line
		}
	}
	for _, l := range bad {
		b.Write(l)
		b.WriteByte('\n')
	}
	p := filepath.Join(dir, "mixed.jsonl")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// llmInput writes JSONL of LLM messages: the benchmark state's messages
// one a line, with a bad message two thirds of the way through.
func llmInput(t *testing.T, dir string, withBad bool) string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/bench/state_1k.json")
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Messages []json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(data, &state); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i, m := range state.Messages {
		var c bytes.Buffer
		if err := json.Compact(&c, m); err != nil {
			t.Fatal(err)
		}
		b.Write(c.Bytes())
		b.WriteByte('\n')
		if withBad && i == len(state.Messages)*2/3 {
			b.WriteString(`{"type": "UserMessage", "content": 5, "source": "u"}` + "\n")
		}
	}
	name := "llm.jsonl"
	if withBad {
		name = "llm_bad.jsonl"
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// withWorkers runs the command with n workers (1: serial).
func withWorkers(n int, args ...string) (int, string, string) {
	saved := workerCount
	workerCount = n
	defer func() { workerCount = saved }()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestParallelOutputIsSerial runs each JSONL verb on files, serially and
// with several workers, and compares exit status, stdout and stderr byte
// for byte: output in input order, faults included and in order.
func TestParallelOutputIsSerial(t *testing.T) {
	dir := t.TempDir()
	mixed := mixedInput(t, dir)
	llm := llmInput(t, dir, false)
	llmBad := llmInput(t, dir, true)
	buffered := contextFile(t, "buffered.json", []byte(`{"provider":"autogen_core.model_context.BufferedChatCompletionContext","config":{"buffer_size":5}}`))
	tests := []struct {
		name string
		args []string
		code int // the exit status both runs must have
	}{
		{"normalize", []string{"normalize", mixed}, exitBad},
		{"normalize json faults", []string{"normalize", "--format", "json", mixed}, exitBad},
		{"normalize strict", []string{"normalize", "--strict", mixed, mixed}, exitBad},
		{"validate", []string{"validate", mixed}, exitBad},
		{"validate autogen github", []string{"validate", "--mode", "autogen", "--format", "github", mixed}, exitBad},
		{"validate json", []string{"validate", "--format", "json", mixed}, exitBad},
		{"render", []string{"render", mixed}, exitBad},
		{"render text json", []string{"render", "--as", "text", "--json", mixed}, exitBad},
		{"render model-message", []string{"render", "--as", "model-message", mixed}, exitBad},
		{"tokens", []string{"tokens", "--model", "gpt-4o", llm}, exitOK},
		{"tokens bad", []string{"tokens", "--model", "gpt-4o", llmBad, llm}, exitBad},
		{"context", []string{"context", "--config", buffered, llm}, exitOK},
		{"context state", []string{"context", "--config", buffered, "--state", llm, llm}, exitOK},
		{"context bad", []string{"context", "--config", buffered, llmBad}, exitBad},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code1, out1, err1 := withWorkers(1, tt.args...)
			if code1 != tt.code {
				t.Fatalf("serial run: exit %d, want %d; stderr %.300q", code1, tt.code, err1)
			}
			if out1 == "" && err1 == "" {
				t.Fatal("serial run wrote nothing")
			}
			for _, n := range []int{2, 4} {
				code, out, errs := withWorkers(n, tt.args...)
				if code != code1 {
					t.Errorf("%d workers: exit %d, serial %d", n, code, code1)
				}
				if out != out1 {
					t.Errorf("%d workers: stdout differs from the serial run's at byte %d", n, firstDiff(out, out1))
				}
				if errs != err1 {
					t.Errorf("%d workers: stderr differs from the serial run's at byte %d:\n%.300q\nserial:\n%.300q", n, firstDiff(errs, err1), errs[min(len(errs), firstDiff(errs, err1)):], err1[min(len(err1), firstDiff(errs, err1)):])
				}
			}
		})
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestParallelStopsOnOutputError: when the output fails, a parallel run
// stops as a serial one does, with the same status and message, and
// leaves no goroutine behind (the race and leak checks of the test binary
// see them).
func TestParallelStopsOnOutputError(t *testing.T) {
	dir := t.TempDir()
	mixed := mixedInput(t, dir)
	for _, n := range []int{1, 4} {
		saved := workerCount
		workerCount = n
		var errb bytes.Buffer
		code := run([]string{"normalize", mixed}, strings.NewReader(""), failWriter{syscall.ENOSPC}, &errb)
		workerCount = saved
		if code != exitUsage || !strings.HasSuffix(errb.String(), "agentschema: writing output: no space left on device\n") {
			t.Errorf("%d workers: exit %d, stderr ends %q", n, code, errb.String()[max(0, errb.Len()-200):])
		}
	}
}

// TestParallelFor: standard input and what is not a regular file are read
// serially.
func TestParallelFor(t *testing.T) {
	saved := workerCount
	workerCount = 4
	defer func() { workerCount = saved }()
	f := filepath.Join(t.TempDir(), "x.jsonl")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want int
	}{{"-", 1}, {f, 4}, {filepath.Dir(f), 1}, {f + ".missing", 1}} {
		if got := parallelFor(c.name); got != c.want {
			t.Errorf("parallelFor(%q) = %d, want %d", c.name, got, c.want)
		}
	}
	workerCount = 1
	if got := parallelFor(f); got != 1 {
		t.Errorf("one worker: parallelFor = %d, want 1", got)
	}
}
