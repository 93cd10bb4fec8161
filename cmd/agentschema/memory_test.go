package main

import (
	"bytes"
	"fmt"
	"io"
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

// TestNormalizeStreams100MB normalizes 100 MB of JSONL (a user message with
// a 2 KiB text, repeated) read from a stream, and checks that the heap never
// holds more than a few lines' worth: under 50 MB.
func TestNormalizeStreams100MB(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("100 MB of input: skipped in -short and -race runs")
	}
	line := []byte(`{"content":"` + string(bytes.Repeat([]byte("stream me "), 200)) + `","source":"user","type":"UserMessage"}` + "\n")
	const size = 100 << 20
	in := &repeatReader{line: line, left: size - size%int64(len(line))}
	var lines countingWriter
	var code int
	peak := peakHeap(func() {
		code = run([]string{"normalize", "-"}, in, &lines, io.Discard)
	})
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if want := size / int64(len(line)); lines.lines != want {
		t.Fatalf("%d lines out, want %d", lines.lines, want)
	}
	t.Logf("peak heap %.1f MB for %d MB of JSONL", float64(peak)/(1<<20), size>>20)
	if peak > 50<<20 {
		t.Fatalf("peak heap %d bytes, want under 50 MB", peak)
	}
}

// countingWriter counts the lines written to it and keeps nothing.
type countingWriter struct{ lines int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines += int64(bytes.Count(p, []byte("\n")))
	return len(p), nil
}

// TestTokensAndContextStream100MB counts the tokens of 100 MB of JSONL
// read from a stream, and builds a buffered context of 3 from it: tokens
// counts each message as it is read, and the context is given each as it
// is read, so the heap holds a few messages (tokens) or what the context
// keeps (context: AutoGen's BufferedChatCompletionContext keeps every
// message, as its save_state shows, but not the input's bytes): under
// 50 MB for tokens, under twice the input's size for context.
func TestTokensAndContextStream100MB(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("100 MB of input: skipped in -short and -race runs")
	}
	line := []byte(`{"content":"` + string(bytes.Repeat([]byte("count me "), 200)) + `","source":"user","type":"UserMessage"}` + "\n")
	const size = 100 << 20
	n := size / int64(len(line))
	var out bytes.Buffer
	var code int
	peak := peakHeap(func() {
		code = run([]string{"tokens", "--model", "gpt-4o"}, &repeatReader{line: line, left: n * int64(len(line))}, &out, io.Discard)
	})
	// Each message: 3 + the role's 1 + the content's tokens + the name's
	// 1 + 1 (TOKENS.md); the count of one message, times n, plus the reply
	// priming, is the count of them all.
	_, one, _ := runCmd(t, string(line), "tokens", "--model", "gpt-4o")
	var k int64
	fmt.Sscan(one, &k)
	if want := fmt.Sprintf("%d\n", (k-3)*n+3); code != 0 || out.String() != want {
		t.Fatalf("tokens: exit %d, %q, want %q", code, out.String(), want)
	}
	t.Logf("tokens: peak heap %.1f MB for %d MB of JSONL", float64(peak)/(1<<20), size>>20)
	if peak > 50<<20 {
		t.Errorf("tokens: peak heap %d bytes, want under 50 MB", peak)
	}

	config := contextFile(t, "buffered.json", []byte(`{"provider":"autogen_core.model_context.BufferedChatCompletionContext","config":{"buffer_size":3}}`))
	out.Reset()
	peak = peakHeap(func() {
		code = run([]string{"context", "--config", config}, &repeatReader{line: line, left: n * int64(len(line))}, &out, io.Discard)
	})
	if code != 0 || strings.Count(out.String(), `"type":"UserMessage"`) != 3 {
		t.Fatalf("context: exit %d, %.200q", code, out.String())
	}
	t.Logf("context: peak heap %.1f MB for %d MB of JSONL", float64(peak)/(1<<20), size>>20)
	// The context keeps every message, decoded (about the input's size,
	// and the collector's slack); the input's bytes are not held besides.
	if peak > 2*size {
		t.Errorf("context: peak heap %d bytes, want under twice the input's %d", peak, size)
	}
}
