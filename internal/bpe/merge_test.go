package bpe

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// mergeSmallUnbounded is tiktoken's array merge without the stack buffer
// limit: the reference the heap merge is compared with.
func (t *table) mergeSmallUnbounded(piece string, out []int) []int {
	parts := t.mergeParts(piece, make([]part, 0, len(piece)+1))
	for k := 0; k+1 < len(parts); k++ {
		out = append(out, int(t.tokenRank(piece[parts[k].start:parts[k+1].start])))
	}
	return out
}

func idsDigest(ids []int) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(id))
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])[:16]
}

// TestSpaceRuns checks runs of spaces against ids produced by the Rust
// tiktoken core (npm tiktoken 1.0.22): count, first and last ids and a
// SHA-256 prefix of the comma-joined ids. The 100,000-space piece exercises
// the heap merge; it must stay fast (see BenchmarkEncode100kSpaces).
func TestSpaceRuns(t *testing.T) {
	for _, tc := range []struct {
		enc         string
		n, count    int
		first, last int
		digest      string
	}{
		{"o200k_base", 100000, 782, 72056, 1213, "e0b1c83ee4b71f59"},
		{"o200k_base", 5000, 40, 72056, 269, "08df087ac2cc689e"},
		{"o200k_base", 129, 2, 72056, 220, "b637ed079edcce4e"},
		{"o200k_base", 1000, 9, 72056, 27240, "4a32686333493c18"},
		{"cl100k_base", 100000, 782, 58040, 792, "7bd292d98e7d0afd"},
		{"cl100k_base", 5000, 40, 58040, 38244, "a17a4ab12c1c444b"},
		{"cl100k_base", 129, 2, 5351, 39271, "044237f532941a3c"},
		{"cl100k_base", 1000, 9, 58040, 13137, "700198950324f1e6"},
		{"r50k_base", 100000, 100000, 220, 220, "0fd65a8d1b3dde2f"},
		{"r50k_base", 1000, 1000, 220, 220, "525033e160ad1f3a"},
	} {
		e := mustGet(t, tc.enc)
		text := strings.Repeat(" ", tc.n)
		got := e.EncodeOrdinary(text)
		if len(got) != tc.count || got[0] != tc.first || got[len(got)-1] != tc.last || idsDigest(got) != tc.digest {
			t.Errorf("%s %d spaces: %d tokens, first %d, last %d, digest %s; want %d %d %d %s",
				tc.enc, tc.n, len(got), got[0], got[len(got)-1], idsDigest(got), tc.count, tc.first, tc.last, tc.digest)
		}
		if n := e.CountOrdinary(text); n != tc.count {
			t.Errorf("%s %d spaces: Count %d", tc.enc, tc.n, n)
		}
		if dec, err := e.Decode(got); err != nil || string(dec) != text {
			t.Errorf("%s: round trip failed", tc.enc)
		}
	}
}

// TestHeapMergeEqualsArrayMerge compares the two merge implementations on
// long pieces of many shapes.
func TestHeapMergeEqualsArrayMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{
		" ", " \t", "ab", "abc ", "aaaaab", "0123456789", "的是不了人我在有他这",
		"😀🥲👍🏽", "=-_+*/", "abcdefghijklmnopqrstuvwxyz", "\x00\xff\x80a",
	}
	for _, name := range []string{"o200k_base", "cl100k_base", "p50k_base"} {
		e := mustGet(t, name)
		iters := 300
		if testing.Short() || raceEnabled {
			iters = 40
		}
		for iter := 0; iter < iters; iter++ {
			alpha := []rune(alphabets[iter%len(alphabets)])
			n := heapThreshold + rng.IntN(1500)
			var b strings.Builder
			for b.Len() < n {
				b.WriteRune(alpha[rng.IntN(len(alpha))])
			}
			piece := b.String()
			ref := e.t.mergeSmallUnbounded(piece, nil)
			got := e.t.mergeLarge(piece, nil)
			if !reflect.DeepEqual(ref, got) {
				t.Fatalf("%s: merges differ on %q\narray %v\nheap  %v", name, piece, ref, got)
			}
			var cnt int
			e.t.mergeHeap(piece, func(a, b int) { cnt++ })
			if cnt != len(ref) {
				t.Fatalf("count mismatch")
			}
		}
	}
}
