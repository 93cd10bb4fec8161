package wire

import (
	"strings"
	"testing"
	"unsafe"
)

// TestSpill checks how a document that Marshal writes in its block moves
// out when the block has no room left: by a byte, by a Raw, by a reserve
// before an appender (to a new block, the document being short), by an
// appender growing the buffer itself, and by a Raw longer than a block
// takes (to the encoder's own buffer); the bytes written so far go along,
// and the old block is not written past its room.
func TestSpill(t *testing.T) {
	long := strings.Repeat("x", outBlockMaxDoc)
	for _, c := range []struct {
		name     string
		write    func(e *Encoder)
		want     string
		newBlock bool // the document is in a new block, else outside blocks
	}{
		{"addByte", func(e *Encoder) { e.Raw("1234567"); e.addByte('8'); e.addByte('9') }, "123456789", true},
		{"add", func(e *Encoder) { e.Raw("12345"); e.Raw("6789") }, "123456789", true},
		{"reserve", func(e *Encoder) { e.Raw("12"); e.Str("abcdefgh") }, `12"abcdefgh"`, true},
		{"appender", func(e *Encoder) { e.Raw("["); e.set(append(e.buf, "abcdefghij"...)); e.Raw("]") }, "[abcdefghij]", false},
		{"long", func(e *Encoder) { e.Raw("["); e.Raw(long); e.Raw("]") }, "[" + long + "]", false},
	} {
		e := &Encoder{}
		block := make([]byte, 16)
		e.out = block[:8:8] // eight bytes of room; the rest must stay zero
		e.buf, e.inBlock = e.out[:0], true
		c.write(e)
		if string(e.buf) != c.want {
			t.Errorf("%s: wrote %q, want %q", c.name, e.buf, c.want)
		}
		inNew := e.inBlock && cap(e.out) == outBlock && unsafe.SliceData(e.buf) == unsafe.SliceData(e.out)
		if inNew != c.newBlock || e.inBlock != c.newBlock {
			t.Errorf("%s: in a new block %v (in a block %v), want %v", c.name, inNew, e.inBlock, c.newBlock)
		}
		for i, b := range block[8:] {
			if b != 0 {
				t.Errorf("%s: byte %d past the block's room written", c.name, 8+i)
			}
		}
	}
}
