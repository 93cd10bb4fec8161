package validate

import (
	"os"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

func readState1k(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile("../../testdata/bench/state_1k.json")
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkValidateState1k validates a ChatCompletionContextState of
// 1,000 messages (1.06 MB, written by AutoGen) against its schema.
func BenchmarkValidateState1k(b *testing.B) {
	data := readState1k(b)
	if err := Validate("ChatCompletionContextState", data); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Validate("ChatCompletionContextState", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeState1kTyped decodes the same bytes with the generated
// typed decoder, for comparison with BenchmarkValidateState1k.
func BenchmarkDecodeState1kTyped(b *testing.B) {
	data := readState1k(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gen.Decode("ChatCompletionContextState", data); err != nil {
			b.Fatal(err)
		}
	}
}
