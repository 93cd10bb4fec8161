package pyimg

import (
	"bytes"
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdler32: adlerSum agrees with hash/adler32 for every length up to 64,
// around one and two blocks, and for bytes all 0xff (the largest sums).
func TestAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var lengths []int
	for n := 0; n <= 64; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, adlerBlock-1, adlerBlock, adlerBlock+1, adlerBlock+9, 2*adlerBlock-1, 2*adlerBlock, 2*adlerBlock+7, 12352, 1<<20+3)
	for _, n := range lengths {
		random := make([]byte, n)
		for i := range random {
			random[i] = byte(rng.Uint32())
		}
		for _, b := range [][]byte{random, bytes.Repeat([]byte{0xff}, n)} {
			if got, want := adlerSum(b), adler32.Checksum(b); got != want {
				t.Fatalf("length %d: %#x, want %#x", n, got, want)
			}
		}
	}
}

// FuzzAdler32: adlerSum agrees with hash/adler32 on any bytes.
func FuzzAdler32(f *testing.F) {
	f.Add([]byte("Wikipedia"))
	f.Add(bytes.Repeat([]byte{0xff}, 100))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := adlerSum(b), adler32.Checksum(b); got != want {
			t.Fatalf("%#x, want %#x", got, want)
		}
	})
}

func BenchmarkAdler32(b *testing.B) {
	buf := make([]byte, 12352)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		adlerSum(buf)
	}
}
