package wire

import (
	"strings"
	"unsafe"
)

// newBlock returns an empty slice with room for n bytes that are not
// zeroed: the decoder's string blocks and the encoder's result blocks
// hand out only bytes they have written (a string or a result is made
// over bytes once they are written), so clearing them first would be
// wasted. strings.Builder's Grow is the standard library's way to
// allocate bytes without clearing them; the builder's one byte is
// overwritten with the rest and the builder dropped.
func newBlock(n int) []byte {
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteByte(0)
	s := sb.String()
	return unsafe.Slice(unsafe.StringData(s), n)[:0]
}
