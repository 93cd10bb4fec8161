package jsonscan

import (
	"bytes"
	"testing"
)

// checkCopyPlain runs CopyPlain (and CopyPlainString) of src into the
// first m bytes of a buffer of sentinels and checks the result against
// naive: the count, the bytes copied, and that nothing past
// min(m, len(src)) changed and nothing before it holds anything but a
// sentinel or src's byte.
func checkCopyPlain(t *testing.T, src []byte, m int) {
	t.Helper()
	for _, fromString := range []bool{false, true} {
		big := bytes.Repeat([]byte{0xAA}, m+32)
		var k int
		if fromString {
			k = CopyPlainString(big[:m], string(src))
		} else {
			k = CopyPlain(big[:m], src)
		}
		want := min(naive(src), m)
		if k != want {
			t.Fatalf("CopyPlain(dst[%d], %q) = %d, want %d", m, src, k, want)
		}
		if !bytes.Equal(big[:k], src[:k]) {
			t.Fatalf("CopyPlain(dst[%d], %q) copied %q", m, src, big[:k])
		}
		limit := min(m, len(src))
		for i := k; i < len(big); i++ {
			if big[i] != 0xAA && (i >= limit || big[i] != src[i]) {
				t.Fatalf("CopyPlain(dst[%d], %q) wrote %#x at %d", m, src, big[i], i)
			}
		}
	}
}

// TestCopyPlainEveryPlace covers every length of source up to 70, every
// place of a special byte, and destinations shorter, as long and longer.
func TestCopyPlainEveryPlace(t *testing.T) {
	for n := 0; n <= 70; n++ {
		for at := -1; at < n; at++ {
			for _, c := range []byte{'"', '\\', 0x05, 0xe2} {
				src := bytes.Repeat([]byte{'p'}, n)
				if at >= 0 {
					src[at] = c
				}
				for _, m := range []int{0, 1, n / 2, n - 1, n, n + 1, n + 17} {
					if m >= 0 {
						checkCopyPlain(t, src, m)
					}
				}
			}
		}
	}
}

func FuzzCopyPlain(f *testing.F) {
	f.Add([]byte("a plain run of text, then \"a quote"), uint8(40))
	f.Add([]byte("short\\"), uint8(3))
	f.Add([]byte("0123456789abcdef0123456789abcdef\x01"), uint8(33))
	f.Fuzz(func(t *testing.T, src []byte, m uint8) {
		checkCopyPlain(t, src, int(m))
	})
}

func BenchmarkCopyPlain(b *testing.B) {
	src := []byte("Grow interest area be was, Hour again hear ease reach high enough for them\"")
	dst := make([]byte, 128)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		sink += CopyPlain(dst, src)
	}
}
