package replay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pystr"
)

// TestCountPyWordsAgreesWithSplit: the byte-table count equals the length
// of pySplit (the rune-by-rune str.split()) on random strings built from
// every Python whitespace character, near misses and other text.
func TestCountPyWordsAgreesWithSplit(t *testing.T) {
	var pieces []string
	for r := rune(0); r < 0x3001; r++ {
		if pystr.IsSpaceRune(r) {
			pieces = append(pieces, string(r))
		}
	}
	if len(pieces) != 29 {
		// Python 3: 29 characters have str.isspace() true.
		t.Fatalf("%d whitespace characters, want 29", len(pieces))
	}
	pieces = append(pieces, "a", "word", "\x08", "\x1b", "\u200b", "\ufeff", "é", "日本", "😀", "\x7f")
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for j := r.IntN(12); j > 0; j-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := countPyWords(s), len(pySplit(s)); got != want {
			t.Fatalf("countPyWords(%q) = %d, want %d", s, got, want)
		}
	}
}

func BenchmarkCountPyWords(b *testing.B) {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog.\n", 200)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		countPyWords(s)
	}
}
