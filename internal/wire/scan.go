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
	for ; p+8 <= len(data); p += 8 {
		w := binary.LittleEndian.Uint64(data[p:])
		q := w ^ (lsb * '"')
		b := w ^ (lsb * '\\')
		// (x - lsb) &^ x has the top bit set in the lowest zero byte of x
		// (and perhaps above it); likewise (w - 0x20*lsb) &^ w for the
		// lowest byte below 0x20, and w itself for bytes >= 0x80.
		m := ((q - lsb) &^ q) | ((b - lsb) &^ b) | ((w - 0x20*lsb) &^ w) | w
		if m &= msb; m != 0 {
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
