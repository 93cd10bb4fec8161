package main

import (
	"bytes"
	"io"
	"runtime"
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

// peakHeap runs f while sampling the live heap, and returns the largest
// sample.
func peakHeap(f func()) uint64 {
	runtime.GC()
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
	return peak.Load()
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
