package wire

import (
	"encoding/binary"
	"math/bits"
)

// Word-at-a-time string scanning: 8 bytes are tested at once for the bytes
// that end a run of plain string content.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plainEnd returns the offset of the first byte at or after p that is a
// quote, a backslash, a control character (< 0x20) or not ASCII (>= 0x80),
// or len(data) when there is none.
func plainEnd(data []byte, p int) int {
	// Two words at a time while they last: one branch per 16 bytes.
	for ; p+16 <= len(data); p += 16 {
		c := data[p : p+16]
		m0, m1 := special(binary.LittleEndian.Uint64(c[:8])), special(binary.LittleEndian.Uint64(c[8:]))
		if m0|m1 != 0 {
			if m0 != 0 {
				return p + bits.TrailingZeros64(m0)/8
			}
			return p + 8 + bits.TrailingZeros64(m1)/8
		}
	}
	for ; p+8 <= len(data); p += 8 {
		if m := special(binary.LittleEndian.Uint64(data[p:])); m != 0 {
			return p + bits.TrailingZeros64(m)/8
		}
	}
	for ; p < len(data); p++ {
		if c := data[p]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return p
		}
	}
	return p
}

// special has the top bit of each byte of w set where that byte is a
// quote, a backslash, a control character or not ASCII (and perhaps of
// bytes above such a byte: only whether it is zero is exact, and the
// lowest such byte).
func special(w uint64) uint64 {
	q := w ^ (lsb * '"')
	b := w ^ (lsb * '\\')
	return (((q - lsb) &^ q) | ((b - lsb) &^ b) | ((w - 0x20*lsb) &^ w) | w) & msb
}
