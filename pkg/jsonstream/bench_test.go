package jsonstream_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/pkg/jsonstream"
)

// BenchmarkReadTranscript2k splits the benchmark transcript (2,000
// agentchat messages and events, one a line) into its documents.
func BenchmarkReadTranscript2k(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "bench", "transcript_2k.jsonl"))
	if err != nil {
		b.Skipf("benchmark payload: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, err := range jsonstream.Read(bytes.NewReader(data), jsonstream.Options{}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 2000 {
			b.Fatalf("%d documents", n)
		}
	}
}
