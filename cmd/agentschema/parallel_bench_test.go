package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkVerbsOnFile runs normalize, validate and render on the
// benchmark transcript (2,000 messages and events, 1.49 MB) as a file, with
// one worker (serial) and with two, to show what working on documents in
// parallel gains on two cores. Run it with -cpu 2 (or more): with one
// core, two workers only take turns.
func BenchmarkVerbsOnFile(b *testing.B) {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "transcript.jsonl")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, verb := range []string{"normalize", "validate", "render"} {
		for _, workers := range []int{1, 2} {
			b.Run(verb+"/workers="+strconv.Itoa(workers), func(b *testing.B) {
				saved := workerCount
				workerCount = workers
				defer func() { workerCount = saved }()
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if code := run([]string{verb, file}, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
						b.Fatalf("exit %d", code)
					}
				}
			})
		}
	}
}
