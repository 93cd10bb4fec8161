package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// repeatReader yields line over and over until size bytes have been read,
// so a large JSONL input is streamed without being held anywhere.
type repeatReader struct {
	line []byte
	left int64
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:], r.line[r.off:])
		if int64(c) > r.left {
			c = int(r.left)
		}
		n += c
		r.left -= int64(c)
		r.off = (r.off + c) % len(r.line)
	}
	return n, nil
}

// peakHeap runs f while sampling the heap, and returns the largest
// sample less the live heap before f ran (what earlier tests left, such
// as the token encodings' tables): the heap f's run adds.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	if p := peak.Load(); p > base.HeapAlloc {
		return p - base.HeapAlloc
	}
	return 0
}

// countingWriter counts the lines written to it and keeps nothing.
type countingWriter struct{ lines int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines += int64(bytes.Count(p, []byte("\n")))
	return len(p), nil
}

// heapSampler samples the heap at fixed points of the input rather than
// on a timer: every sampleEvery bytes read through it, so a run is sampled
// at the same places however loaded the machine is.
type heapSampler struct {
	r     io.Reader
	read  int64
	next  int64
	peak  uint64
	count int
}

const sampleEvery = 1 << 20

func (h *heapSampler) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.read += int64(n)
	if h.read >= h.next {
		h.next = h.read + sampleEvery
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		h.peak = max(h.peak, ms.HeapAlloc)
		h.count++
	}
	return n, err
}

func (h *heapSampler) Close() error {
	if c, ok := h.r.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// stream100MB writes a file of line repeated to 100 MB, once per test
// binary, and returns its name and line count.
func stream100MB(t *testing.T, name string, line []byte) (string, int64) {
	t.Helper()
	const size = 100 << 20
	n := int64(size / len(line))
	p := filepath.Join(t.TempDir(), name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for range n {
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p, n
}

// TestVerbsStream100MB runs every JSONL verb over 100 MB of JSONL, from
// standard input (read and written one document at a time) and from a file
// (documents worked on in parallel, parallel.go), and checks the output
// and that the heap the run adds stays under 50 MB: a few documents' worth,
// not the input's. The heap is sampled at every MB of input read, so the
// samples do not depend on timing. context is the exception the issue
// allows for: AutoGen's contexts keep every message added (save_state
// returns them all), so its heap holds the decoded messages (about the
// input's size) and the collector's slack: its bound is twice the input's
// size, as the first round's test had it.
func TestVerbsStream100MB(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("100 MB of input per verb: skipped in -short and -race runs")
	}
	chat := []byte(`{"id":"a390e574-0b71-4e57-b4b4-d9211051c11a","source":"user","models_usage":null,"metadata":{},"created_at":"2025-06-01T12:00:02.180931Z","content":"` + strings.Repeat("stream me ", 200) + `","type":"TextMessage"}` + "\n")
	llm := []byte(`{"content":"` + strings.Repeat("count me ", 200) + `","source":"user","type":"UserMessage"}` + "\n")
	chatFile, chatLines := stream100MB(t, "chat.jsonl", chat)
	llmFile, llmLines := stream100MB(t, "llm.jsonl", llm)
	buffered := contextFile(t, "buffered.json", []byte(`{"provider":"autogen_core.model_context.BufferedChatCompletionContext","config":{"buffer_size":3}}`))

	// The count of one message, times n, plus the reply priming (3), is
	// the count of them all (TOKENS.md: each message is 3 + the role's 1 +
	// the content's tokens + the name's 1 + 1).
	_, one, _ := runCmd(t, string(llm), "tokens", "--model", "gpt-4o")
	var k int64
	fmt.Sscan(one, &k)
	wantTokens := fmt.Sprintf("%d\n", (k-3)*llmLines+3)

	const limit = 50 << 20
	tests := []streamVerbCase{
		{"normalize", []string{"normalize"}, chatFile, limit, func(out string) error {
			if n := int64(strings.Count(out, "\n")); n != chatLines {
				return fmt.Errorf("%d lines out, want %d", n, chatLines)
			}
			return nil
		}},
		{"validate", []string{"validate"}, chatFile, limit, func(out string) error {
			if want := fmt.Sprintf("%d documents, 0 invalid\n", chatLines); out != want {
				return fmt.Errorf("output %q, want %q", out, want)
			}
			return nil
		}},
		{"render", []string{"render", "--as", "text"}, chatFile, limit, func(out string) error {
			if n := int64(strings.Count(out, "\n")); n != chatLines {
				return fmt.Errorf("%d lines out, want %d", n, chatLines)
			}
			return nil
		}},
		{"tokens", []string{"tokens", "--model", "gpt-4o"}, llmFile, limit, func(out string) error {
			if out != wantTokens {
				return fmt.Errorf("output %q, want %q", out, wantTokens)
			}
			return nil
		}},
		{"context", []string{"context", "--config", buffered}, llmFile, 200 << 20, func(out string) error {
			if n := strings.Count(out, `"type":"UserMessage"`); n != 3 {
				return fmt.Errorf("%d messages in the view, want 3", n)
			}
			return nil
		}},
	}
	for _, tt := range tests {
		for _, from := range []string{"stdin", "file"} {
			t.Run(tt.verb+"/"+from, func(t *testing.T) { runStreamVerb(t, tt, from) })
		}
	}
}

// streamVerbCase is one verb of TestVerbsStream100MB: its arguments, the
// input file, the heap bound and the check of its output.
type streamVerbCase struct {
	verb  string
	args  []string
	file  string
	limit uint64
	check func(out string) error
}

// runStreamVerb runs one verb over tt.file, from standard input or from the
// file (from is "stdin" or "file"), sampling the heap as the input is read,
// and checks its exit, its output and the peak heap the run adds.
func runStreamVerb(t *testing.T, tt streamVerbCase, from string) {
	var out tailWriter
	var sampler *heapSampler
	args := append([]string(nil), tt.args...)
	stdin := io.Reader(strings.NewReader(""))
	f, err := os.Open(tt.file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sampler = &heapSampler{r: f}
	if from == "stdin" {
		stdin = sampler
		args = append(args, "-")
	} else {
		// The command opens the file itself (and so works on it
		// in parallel); the sampler reads through its opener.
		orig := openFile
		t.Cleanup(func() { openFile = orig })
		openFile = func(name string) (io.ReadCloser, error) {
			if name == tt.file {
				return sampler, nil
			}
			return orig(name)
		}
		args = append(args, tt.file)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	code := run(args, stdin, &out, io.Discard)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if err := tt.check(out.text()); err != nil {
		t.Fatal(err)
	}
	if sampler.count < 90 {
		t.Fatalf("only %d heap samples over %d bytes", sampler.count, sampler.read)
	}
	var added uint64
	if sampler.peak > base.HeapAlloc {
		added = sampler.peak - base.HeapAlloc
	}
	t.Logf("%s from %s: peak heap added %.1f MB over %d samples (%.0f MB read)", tt.verb, from, float64(added)/(1<<20), sampler.count, float64(sampler.read)/(1<<20))
	if added > tt.limit {
		t.Errorf("peak heap added %.1f MB, want under %d MB", float64(added)/(1<<20), tt.limit>>20)
	}
}

// tailWriter keeps the line count and the last 64 KB of what is written to
// it, so the output of a 100 MB run is checked without being held.
type tailWriter struct {
	lines int64
	tail  []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.lines += int64(bytes.Count(p, []byte("\n")))
	w.tail = append(w.tail, p...)
	if len(w.tail) > 64<<10 {
		w.tail = append(w.tail[:0], w.tail[len(w.tail)-32<<10:]...)
	}
	return len(p), nil
}

// text is the output when it was short, or else its line count as that
// many newlines (enough for the checks that count lines).
func (w *tailWriter) text() string {
	if int64(bytes.Count(w.tail, []byte("\n"))) == w.lines {
		return string(w.tail)
	}
	return strings.Repeat("\n", int(w.lines))
}
