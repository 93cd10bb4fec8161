package jsonscan

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Index returns the index of the first byte of b that is a quote ('"'),
// a backslash, a control character (< 0x20) or not ASCII (>= 0x80), or
// len(b) when there is none.
func Index(b []byte) int {
	return index(unsafe.SliceData(b), len(b))
}

// IndexString is [Index] for a string.
func IndexString(s string) int {
	return index(unsafe.StringData(s), len(s))
}

// Word-at-a-time byte tests: lsb has the low bit of every byte set, msb
// the high bit.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// indexGeneric is index without SIMD: the first of the n bytes at p for
// which c == '"' || c == '\\' || c < 0x20 || c >= 0x80, or n; 16 bytes
// at a time in two words, then a word, then a byte at a time.
func indexGeneric(p *byte, n int) int {
	if n == 0 {
		return 0
	}
	b := unsafe.Slice(p, n)
	i := 0
	for ; i+16 <= n; i += 16 {
		c := b[i : i+16 : i+16]
		m0, m1 := special(binary.LittleEndian.Uint64(c)), special(binary.LittleEndian.Uint64(c[8:]))
		if m0|m1 != 0 {
			if m0 != 0 {
				return i + bits.TrailingZeros64(m0)/8
			}
			return i + 8 + bits.TrailingZeros64(m1)/8
		}
	}
	for ; i+8 <= n; i += 8 {
		if m := special(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < n; i++ {
		if c := b[i]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
	}
	return n
}

// special has the top bit of each byte of w set where that byte is a
// quote, a backslash, a control character or not ASCII, and perhaps of
// bytes above such a byte: whether it is zero, and its lowest set byte,
// are exact. (Each term is the zero-byte test (x-1)&^x, or x<0x20 as
// (x-0x20)&^x; a byte's test can only go wrong through a borrow from a
// byte below that tested true.)
func special(w uint64) uint64 {
	q := w ^ (lsb * '"')
	b := w ^ (lsb * '\\')
	return (((q - lsb) &^ q) | ((b - lsb) &^ b) | ((w - 0x20*lsb) &^ w) | w) & msb
}
