package wire

import (
	"unicode/utf8"
	"unsafe"

	"github.com/agentschema/agentschema/internal/jsonscan"
)

// The strings a decoder makes (the values of string members, map keys,
// union tags) are most of its allocations: a transcript line holds a
// handful, each of some tens of bytes. So instead of one allocation per
// string, their bytes are written into a block of strBlock bytes shared by
// the strings that follow, from document to document, and each string is
// made over its bytes in the block (unsafe.String) without a further copy.
// The block is only appended to: a string's bytes are written into the
// block's spare capacity, then taken into its length (committed), and the
// string made over them; bytes in the block's length are never written
// again, and a new block is made when the spare capacity is too small, so
// a string handed out never changes. A string keeps its whole block alive
// (at most strBlock bytes, of other strings of the same or nearby
// documents); a string longer than strBlockMaxString is allocated on its
// own.

const (
	// strBlock is the size of a block of string bytes: 9,472 bytes (9.25
	// KiB), one of the Go allocator's size classes whose spans hold
	// several objects (six in 56 KiB). A block of 8 KiB, a size class of
	// one object a span, took a span from the heap's central lists at
	// every block: 9% of the transcript's decode was mcache.nextFree,
	// against 4% now (BENCHMARKS.md, "Fourth round").
	strBlock = 9472
	// strBlockMaxString is the longest string put in a block; longer ones
	// are allocated by themselves, so that less than a quarter of a block
	// is left unused when a string does not fit in what remains of it.
	strBlockMaxString = strBlock / 4
)

// maxInterned is the longest string that goes through Decoder.strs.
const maxInterned = 24

// str returns b as a string: from the decoder's cache when it is short and
// was seen before, else a new string (see newString). The string does not
// share memory with b.
func (d *Decoder) str(b []byte) string {
	n := len(b)
	if n == 0 || n > maxInterned {
		return d.newString(b)
	}
	h := internSlot(b)
	if s := d.strs[h]; s == string(b) {
		return s
	}
	s := d.newString(b)
	d.strs[h] = s
	return s
}

// internSlot is the slot of Decoder.strs for b, a short string.
func internSlot(b []byte) uint {
	n := len(b)
	return (uint(n)*131 + uint(b[0])*31 + uint(b[n/2])*7 + uint(b[n-1])) % 32
}

// newString returns a copy of b as a string, its bytes in the decoder's
// current block when it fits (see strBlock).
func (d *Decoder) newString(b []byte) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > strBlockMaxString {
		return string(b)
	}
	if cap(d.block)-len(d.block) < n {
		d.block = newStringBlock()
	}
	off := len(d.block)
	d.block = append(d.block, b...) // within capacity: never reallocates
	return unsafe.String(&d.block[off], n)
}

// commit takes the n bytes written at the start of the block's spare
// capacity into the block and returns the string over them.
func (d *Decoder) commit(n int) string {
	off := len(d.block)
	d.block = d.block[:off+n]
	return unsafe.String(&d.block[off], n)
}

// strMinSpare is the spare capacity below which strValue starts a new
// block rather than try the string in what is left.
const strMinSpare = 256

// strValue reads the string at d.pos (its opening quote) as Str does. It
// decodes the string straight into the block's spare capacity, copying
// it 8 bytes at a time as it scans them, with its one-letter escapes and
// valid UTF-8; anything else (a \u escape, a fault, a string that does not
// fit in the block, the length limit) is read by valueString.
func (d *Decoder) strValue() string {
	if cap(d.block)-len(d.block) < strMinSpare {
		d.block = newStringBlock()
	}
	s, ok, full := d.strInBlock()
	if full && cap(d.block)-len(d.block) < strBlockMaxString {
		// It may fit in a new block.
		d.block = newStringBlock()
		s, ok, _ = d.strInBlock()
	}
	if ok {
		return s
	}
	b, ok := d.valueString()
	if !ok {
		return ""
	}
	return d.str(b)
}

// strInBlock is strValue's way; false leaves d.pos and the block as they
// were, for valueString, and full says the string did not fit in the
// block's spare capacity.
func (d *Decoder) strInBlock() (s string, ok, full bool) {
	data := d.data
	buf := d.block[len(d.block):cap(d.block)]
	p, o := d.pos+1, 0
	for {
		// The run of plain text up to the next quote, backslash, control
		// character or non-ASCII byte is copied whole, as far as the
		// block holds it.
		k := jsonscan.CopyPlain(buf[o:], data[p:])
		p, o = p+k, o+k
		if p >= len(data) {
			return "", false, false
		}
		switch c := data[p]; {
		case c == '"':
			s, ok := d.endInBlock(buf[:o], p-d.pos-1, p)
			return s, ok, false
		case c == '\\':
			if p+1 >= len(data) || unescaped[data[p+1]] == 0 {
				return "", false, false // a \u escape, or a fault
			}
			if o >= len(buf) {
				return "", false, true
			}
			buf[o] = unescaped[data[p+1]]
			p, o = p+2, o+1
		case c >= utf8.RuneSelf:
			var ok, full bool
			if p, o, ok, full = copyRunes(data, p, buf, o); !ok {
				return "", false, full
			}
		case c < 0x20:
			return "", false, false // a control character
		default:
			return "", false, true // plain text the block has no room for
		}
	}
}

// copyRunes copies the valid non-ASCII characters that follow one another
// from data[p] into buf from o on, and returns the offsets after them and
// true; false when one of them is not valid UTF-8, or (full true) when it
// does not fit in buf.
func copyRunes(data []byte, p int, buf []byte, o int) (int, int, bool, bool) {
	for p < len(data) && data[p] >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(data[p:])
		if r == utf8.RuneError && size == 1 {
			return p, o, false, false
		}
		if o+size > len(buf) {
			return p, o, false, true
		}
		copy(buf[o:], data[p:p+size])
		p, o = p+size, o+size
	}
	return p, o, true, false
}

// endInBlock finishes strInBlock: text is the decoded string in the
// block's spare capacity, raw the length of its JSON text, end the offset
// of its closing quote.
func (d *Decoder) endInBlock(text []byte, raw, end int) (string, bool) {
	n := len(text)
	if max := d.opts.MaxStringLen; max > 0 && (raw > max || n > max) {
		return "", false // valueString reports the limit
	}
	d.pos = end + 1
	if n > strBlockMaxString {
		return string(text), true // on its own, as newString does
	}
	if n == 0 {
		return "", true
	}
	if n > maxInterned {
		return d.commit(n), true
	}
	h := internSlot(text)
	if s := d.strs[h]; s == string(text) {
		return s, true
	}
	s := d.commit(n)
	d.strs[h] = s
	return s, true
}
