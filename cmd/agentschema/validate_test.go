package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// TestValidateBadExamples checks the errors on the hand-made bad inputs
// in examples/bad. The expected lines are read off the files by hand:
// line and column of the value at fault (of the object, for a missing
// member or tag).
func TestValidateBadExamples(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"../../examples/bad/user_message.json"},
			`../../examples/bad/user_message.json:6:5: /content/1/data: missing required property "data"
1 document, 1 invalid
`},
		{[]string{"../../examples/bad/missing_tag.jsonl"},
			`../../examples/bad/missing_tag.jsonl:2:1: /type: missing "type" tag: cannot tell which type this document is
3 documents, 1 invalid
`},
		{[]string{"../../examples/bad/unknown_tag.jsonl"},
			`../../examples/bad/unknown_tag.jsonl:2:10: /type: unknown "type" tag "ToolCallRequest": no type has this tag (did you mean "ToolCallRequestEvent"?)
2 documents, 1 invalid
`},
		{[]string{"--type", "ChatCompletionContextState", "../../examples/bad/state.json"},
			`../../examples/bad/state.json:6:40: /messages/3/content: expected string or array, got object
../../examples/bad/state.json:7:5: /messages/4/source: missing required property "source"
1 document, 1 invalid
`},
		{[]string{"--mode", "autogen", "--type", "ChatCompletionContextState", "../../examples/bad/state.json"},
			`../../examples/bad/state.json:6:40: /messages/3/content: Input should be a string or an array
../../examples/bad/state.json:7:5: /messages/4/source: Field required
1 document, 1 invalid
`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, _ := runCmd(t, "", append([]string{"validate"}, tt.args...)...)
			if code != exitBad {
				t.Errorf("exit %d, want 1", code)
			}
			if out != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tt.want)
			}
		})
	}
}

func TestValidateGoodExamples(t *testing.T) {
	for _, mode := range []string{"schema", "autogen"} {
		code, out, errs := runCmd(t, "", "validate", "--mode", mode, "../../examples/transcript.jsonl")
		if code != exitOK || out != "14 documents, 0 invalid\n" || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", mode, code, out, errs)
		}
		code, out, errs = runCmd(t, "", "validate", "--mode", mode, "--type", "ChatCompletionContextState", "../../examples/context_state.json")
		if code != exitOK || out != "1 document, 0 invalid\n" || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", mode, code, out, errs)
		}
	}
}

// TestValidateJSONFormat checks --format json on a directory tree: every
// *.json and *.jsonl file is found, other files are not read.
func TestValidateJSONFormat(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.json", `{"type": "SystemMessage", "content": 1}`)
	write("sub/deeper/b.jsonl", "{\"type\": \"SystemMessage\", \"content\": \"ok\"}\n{\"type\": \"UserMessage\", \"content\": \"x\"}\n")
	write("sub/notes.txt", `not JSON at all`)
	code, out, errs := runCmd(t, "", "validate", "--format", "json", dir)
	if code != exitBad || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not a JSON array: %v\n%s", err, out)
	}
	want := []map[string]any{
		{"file": filepath.Join(dir, "a.json"), "line": 1.0, "column": 38.0, "pointer": "/content", "keyword": "type", "message": "expected string, got number 1"},
		{"file": filepath.Join(dir, "sub/deeper/b.jsonl"), "line": 2.0, "column": 1.0, "pointer": "/source", "keyword": "required", "message": `missing required property "source"`},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}

	// No errors: an empty array, still valid JSON.
	code, out, _ = runCmd(t, `{"type": "SystemMessage", "content": "x"}`, "validate", "--format", "json", "-")
	if code != exitOK || out != "[]\n" {
		t.Errorf("exit %d, output %q", code, out)
	}

	// autogen mode adds pydantic's error type.
	_, out, _ = runCmd(t, `{"type": "SystemMessage", "content": 1}`, "validate", "--format", "json", "--mode", "autogen", "-")
	if !strings.Contains(out, `"code":"string_type"`) {
		t.Errorf("no code in %s", out)
	}
}

// TestValidateKeepsGoing checks that every document is checked after an
// error, and the counts.
func TestValidateKeepsGoing(t *testing.T) {
	in := `{"type": "TextMessage", "source": "a", "content": "fine"}
{"type": "TextMessage", "source": "a", "content": 3}

{"type": "TextMessage", "source": "a", "content": "fine"}
not json
{"type": "StopMessage", "source": "a", "content": "done", "created_at": "noon"}
`
	code, out, _ := runCmd(t, in, "validate", "-")
	want := `-:2:51: /content: expected string, got number 3
-:5:1: /: invalid JSON: invalid literal
-:6:73: /created_at: "noon" is not a valid date-time: want YYYY-MM-DDTHH:MM:SS, with optional fractional seconds and an optional Z or ±HH:MM offset
5 documents, 3 invalid
`
	if code != exitBad || out != want {
		t.Errorf("exit %d, got:\n%s\nwant:\n%s", code, out, want)
	}
}

func TestValidateUsageAndUnreadable(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "--mode", "strict", "-"},
		{"validate", "--format", "xml", "-"},
		{"validate", "--type", "NoSuchType", "-"},
		{"validate", "--bogus", "-"},
	} {
		if code, _, errs := runCmd(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	// An unreadable input is exit 2, and the other inputs are still checked.
	code, out, errs := runCmd(t, "", "validate", "no/such/file.json", "../../examples/bad/missing_tag.jsonl")
	if code != exitUsage || !strings.Contains(errs, "no/such/file.json") || !strings.Contains(out, "3 documents, 1 invalid") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if !strings.Contains(usageText(), "validate [--type NAME]") {
		t.Error("validate is not in the usage text")
	}
}

// TestValidateProgress checks the status line shown on a terminal.
func TestValidateProgress(t *testing.T) {
	defer func(f func(io.Writer) bool, d, e time.Duration) { isTerminal, progressDelay, progressEvery = f, d, e }(isTerminal, progressDelay, progressEvery)
	isTerminal = func(io.Writer) bool { return true }
	progressDelay, progressEvery = 0, 0
	code, _, errs := runCmd(t, "", "validate", "../../examples/transcript.jsonl")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(errs, "\ragentschema validate: 14 documents, 0 invalid, ") || !strings.Contains(errs, "(100%)") || !strings.HasSuffix(errs, "\r\x1b[K") {
		t.Errorf("stderr %q", errs)
	}
	// Not a terminal: nothing on stderr.
	isTerminal = func(io.Writer) bool { return false }
	if _, _, errs := runCmd(t, "", "validate", "../../examples/transcript.jsonl"); errs != "" {
		t.Errorf("stderr %q", errs)
	}
}

// liveHeap returns the heap found reachable by the last garbage
// collection.
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

// jsonlSource generates a JSONL stream of n TextMessages, every 1000th
// one invalid, and records the largest live heap seen while the first
// and the last quarter of it are read.
type jsonlSource struct {
	n, i                int
	pending             []byte
	produced            int64
	peakEarly, peakLate uint64
}

func (s *jsonlSource) Read(p []byte) (int, error) {
	switch {
	case s.i < s.n/4:
		s.peakEarly = max(s.peakEarly, liveHeap())
	case s.i > s.n*3/4:
		s.peakLate = max(s.peakLate, liveHeap())
	}
	for len(s.pending) == 0 {
		if s.i == s.n {
			return 0, io.EOF
		}
		content := `"` + strings.Repeat("word ", 20+s.i%40) + `"`
		if s.i%1000 == 999 {
			content = "12"
		}
		s.pending = fmt.Appendf(nil, `{"type":"TextMessage","id":"m-%d","source":"agent","created_at":"2025-06-01T12:00:00Z","metadata":{},"content":%s}`+"\n", s.i, content)
		s.i++
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	s.produced += int64(n)
	return n, nil
}

// TestValidateStreamsJSONL validates a generated JSONL stream and
// checks that the live heap (what each garbage collection finds
// reachable) is no larger while the last quarter of the stream is read
// than while the first quarter was: documents are read, checked and
// dropped one line at a time. Holding the documents would add at least
// the half of the stream between the two quarters (12 MB). Comparing two
// windows of the same run, rather than the heap before and during,
// keeps the test independent of the heap other tests leave behind and of
// the garbage a collection counts as live while allocation goes on.
func TestValidateStreamsJSONL(t *testing.T) {
	if testing.Short() {
		t.Skip("validates 24 MB")
	}
	src := &jsonlSource{n: 80_000}
	var out, errb bytes.Buffer
	code := run([]string{"validate", "-"}, src, &out, &errb)
	if code != exitBad {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.HasSuffix(out.String(), "80000 documents, 80 invalid\n") || strings.Count(out.String(), "\n") != 81 {
		t.Fatalf("output ends %q", out.String()[max(0, out.Len()-200):])
	}
	// Retaining the documents would add more than the 18 MB read after the
	// first quarter; the slack absorbs garbage the collector has not yet
	// reclaimed when a sample is taken.
	const slack = 12 << 20
	t.Logf("input %.1f MB; live heap at most %.1f MB in the first quarter, %.1f MB in the last",
		float64(src.produced)/(1<<20), float64(src.peakEarly)/(1<<20), float64(src.peakLate)/(1<<20))
	if src.produced < 20<<20 || src.peakEarly == 0 || src.peakLate == 0 {
		t.Fatalf("%d bytes, peaks %d and %d: the stream is too small to show anything", src.produced, src.peakEarly, src.peakLate)
	}
	if src.peakLate > src.peakEarly+slack {
		t.Errorf("live heap grew from %d to %d bytes over the stream", src.peakEarly, src.peakLate)
	}
}
