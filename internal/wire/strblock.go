package wire

import "strings"

// The strings a decoder makes (the values of string members, map keys,
// union tags) are most of its allocations: a transcript line holds a
// handful, each of some tens of bytes. So instead of one allocation per
// string, their bytes are copied into a block of strBlock bytes shared by
// the strings that follow, from document to document, and each string is
// made over its bytes in the block without a further copy: the block is a
// strings.Builder, which only appends, and a string taken from it stays
// valid while it grows; a new string goes after the last one, within the
// block's capacity, or into a new block when the block is full, so the
// bytes under a string handed out are never written again. A string keeps
// its whole block alive (at most strBlock bytes, of other strings of the
// same or nearby documents); a string longer than strBlockMaxString is
// allocated on its own.

const (
	// strBlock is the size of a block of string bytes.
	strBlock = 8 << 10
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
	h := (uint(n)*131 + uint(b[0])*31 + uint(b[n/2])*7 + uint(b[n-1])) % uint(len(d.strs))
	if s := d.strs[h]; s == string(b) {
		return s
	}
	s := d.newString(b)
	d.strs[h] = s
	return s
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
	if d.block.Cap()-d.block.Len() < n {
		// A new block; the old one stays with its strings. (Grow does
		// not clear the memory, as make would.)
		d.block = strings.Builder{}
		d.block.Grow(strBlock)
	}
	off := d.block.Len()
	d.block.Write(b) // within capacity: the bytes already written stay put
	return d.block.String()[off:]
}
