package pyimg

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// Checking a small PNG is mostly inflating its image data, and
// compress/flate reads its input a byte at a time through an interface.
// fastInflate inflates a whole zlib stream held in memory instead, with a
// 64-bit bit window and table lookups, into one buffer. It is the fast
// path of checkPNG only: it decides nothing on its own when anything is
// unusual. When it accepts, compress/zlib (readPNG's path) would have
// given the same bytes without an error, so the check's result is the
// same; whenever it refuses (a broken or truncated stream, a preset
// dictionary, a stream too large for its buffer, a tail it does not
// follow), checkPNG runs the compress/zlib path, which gives the error
// and its wording. So it accepts a subset of what compress/flate accepts:
// the same code-length rules (complete codes, a single code of one bit, an
// empty tree that fails when used), symbols and distances.

// huffPrimaryBits is the number of bits a Huffman table resolves in one
// lookup; longer codes take a second lookup in a subtable.
const huffPrimaryBits = 10

// A huffTable entry holds a symbol (bits 8 and up) and its code length
// (bits 0-3; 0: no code here); or, with huffLink set, the offset of a
// subtable (bits 8 and up) and the number of bits it resolves (bits 0-3).
const huffLink = 0x10

// huffTable decodes one canonical Huffman code (RFC 1951 section 3.2.2).
type huffTable struct {
	primary [1 << huffPrimaryBits]uint32
	sub     []uint32
}

// build makes the table for the code lengths, and reports whether
// compress/flate accepts them: complete, or a single code of length 1, or
// no code at all (whose use fails).
func (t *huffTable) build(lengths []uint8) bool {
	var count [16]int
	minLen, maxLen := 0, 0
	for _, n := range lengths {
		if n == 0 {
			continue
		}
		if minLen == 0 || int(n) < minLen {
			minLen = int(n)
		}
		maxLen = max(maxLen, int(n))
		count[n]++
	}
	clear(t.primary[:])
	t.sub = t.sub[:0]
	if maxLen == 0 {
		return true
	}
	var next [16]int
	code := 0
	for i := minLen; i <= maxLen; i++ {
		code <<= 1
		next[i] = code
		code += count[i]
	}
	if code != 1<<maxLen && !(code == 1 && maxLen == 1) {
		return false
	}
	subBits := max(0, maxLen-huffPrimaryBits)
	for sym, n := range lengths {
		if n == 0 {
			continue
		}
		rev := int(bits.Reverse16(uint16(next[n])) >> (16 - n))
		next[n]++
		e := uint32(sym)<<8 | uint32(n)
		if int(n) <= huffPrimaryBits {
			for off := rev; off < len(t.primary); off += 1 << n {
				t.primary[off] = e
			}
			continue
		}
		j := rev & (1<<huffPrimaryBits - 1)
		if t.primary[j] == 0 {
			off := len(t.sub)
			t.sub = append(t.sub, make([]uint32, 1<<subBits)...)
			t.primary[j] = uint32(off)<<8 | huffLink | uint32(subBits)
		}
		base := int(t.primary[j] >> 8)
		for off := rev >> huffPrimaryBits; off < 1<<subBits; off += 1 << (int(n) - huffPrimaryBits) {
			t.sub[base+off] = e
		}
	}
	return true
}

// fixedLit and fixedDist are the tables of the fixed Huffman codes, with
// the lit/len symbols 286 and 287 and the distances 30 and 31 that have
// codes but are invalid, as in compress/flate.
var fixedLit, fixedDist = func() (*huffTable, *huffTable) {
	var l [288]uint8
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		default:
			l[i] = 8
		}
	}
	var d [32]uint8
	for i := range d {
		d[i] = 5
	}
	lit, dist := new(huffTable), new(huffTable)
	lit.build(l[:])
	dist.build(d[:])
	return lit, dist
}()

// The base lengths and extra bits of the length symbols 257..285, and the
// base distances and extra bits of the distance symbols 0..29.
var (
	lenBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lenExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distXtra = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// codeOrder is the order of the code-length code lengths in a dynamic
// block's header.
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// fastInflateMax is the most output fastInflate produces; larger images
// take compress/zlib's path, which holds a row rather than the image.
const fastInflateMax = 256 << 10

// fastInflateMaxInput bounds the image data fastInflate copies: more than
// a stream of fastInflateMax bytes of output needs (stored, 5 bytes of
// header for each 64 KiB), so a small image followed by much data takes
// compress/zlib's path.
const fastInflateMaxInput = fastInflateMax + fastInflateMax/8

// inPad is the zero bytes after the input: the bits are read 8 bytes at a
// time, and at most 74 bits are read past the end before a check.
const inPad = 32

// fastInflate is the state of one inflate (see the comment at the top).
type fastInflate struct {
	in      []byte // the zlib stream, then inPad zero bytes
	n       int    // the stream's length in bytes
	limit   uint   // the stream's length in bits
	pos     uint   // the position in bits of the next unread bit
	out     []byte // the output so far
	want    int    // the output wanted
	final   bool   // the current block is the last
	inHuff  bool   // want was reached inside a Huffman block
	pending int    // bytes of the current copy or stored block not output
	hl, hd  *huffTable
	lit     huffTable
	dist    huffTable
	lens    [286 + 30]uint8
}

var fastInflates = sync.Pool{New: func() any { return new(fastInflate) }}

// peek returns the bits from pos on (at least 57).
func (f *fastInflate) peek() uint64 {
	return binary.LittleEndian.Uint64(f.in[f.pos>>3:]) >> (f.pos & 7)
}

// take consumes n bits and returns them.
func (f *fastInflate) take(n uint) uint {
	v := uint(f.peek()) & (1<<n - 1)
	f.pos += n
	return v
}

// sym decodes a symbol with t; false for a bit sequence that has no code.
func (f *fastInflate) sym(t *huffTable) (int, bool) {
	b := f.peek()
	e := t.primary[b&(1<<huffPrimaryBits-1)]
	if e&huffLink != 0 {
		e = t.sub[int(e>>8)+int(b>>huffPrimaryBits)&(1<<(e&0xf)-1)]
	}
	n := uint(e & 0xf)
	if n == 0 {
		return 0, false
	}
	f.pos += n
	return int(e >> 8), true
}

// overrun reports whether the bits read so far go past the stream.
func (f *fastInflate) overrun() bool { return f.pos > f.limit }

// fastInflateResult is what fastInflate.run decided.
type fastInflateResult int

const (
	// inflateRefused: nothing decided; take compress/zlib's path.
	inflateRefused fastInflateResult = iota
	// inflateRows: want bytes are out, as compress/zlib gives them; what
	// follows them was not looked at.
	inflateRows
)

// reset readies f to inflate the zlib stream of the run of IDAT chunks at
// pos in data (read as idatReader reads them), wanting want bytes. It
// returns the offset idatReader would leave in its pos after reading the
// whole run (-1 when a chunk is cut short). A run longer than
// fastInflateMaxInput leaves f.n at -1, which rows refuses.
func (f *fastInflate) reset(data []byte, pos, want int) int {
	in := f.in[:0]
	for pos >= 0 && len(data)-pos >= 8 && string(data[pos+4:pos+8]) == "IDAT" {
		n := int64(binary.BigEndian.Uint32(data[pos:]))
		start := pos + 8
		if avail := int64(len(data) - start); n > avail {
			n = avail
			pos = -1
		} else {
			pos = start + int(n) + 4
		}
		if len(in)+int(n) > fastInflateMaxInput {
			f.n = -1
			return pos
		}
		in = append(in, data[start:start+int(n)]...)
	}
	f.n = len(in)
	f.in = append(in, make([]byte, inPad)...)
	f.limit = uint(f.n) * 8
	if cap(f.out) < want {
		f.out = make([]byte, 0, want)
	}
	f.out = f.out[:0]
	f.want, f.pos, f.final, f.inHuff, f.pending = want, 0, false, false, 0
	return pos
}

// rows inflates until want bytes are out.
func (f *fastInflate) rows() fastInflateResult {
	// The zlib header: deflate, a window of at most 32 KiB, the check
	// bits right, no preset dictionary.
	if f.n < 2 { // (-1: too long; see reset)
		return inflateRefused
	}
	cmf, flg := f.in[0], f.in[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint(cmf)<<8|uint(flg))%31 != 0 || flg&0x20 != 0 {
		return inflateRefused
	}
	f.pos = 16
	for len(f.out) < f.want {
		if f.final || f.overrun() {
			return inflateRefused // the stream ends before the rows do
		}
		f.final = f.take(1) == 1
		ok := false
		switch f.take(2) {
		case 0:
			ok = f.stored()
		case 1:
			f.hl, f.hd = fixedLit, fixedDist
			ok = f.huffman()
		case 2:
			ok = f.dynamic() && f.huffman()
		}
		if !ok {
			return inflateRefused
		}
	}
	if f.overrun() {
		return inflateRefused
	}
	return inflateRows
}

// stored reads a stored block's data, up to want bytes of output.
func (f *fastInflate) stored() bool {
	p := int((f.pos + 7) >> 3)
	if p+4 > f.n {
		return false
	}
	n := int(binary.LittleEndian.Uint16(f.in[p:]))
	if binary.LittleEndian.Uint16(f.in[p+2:]) != ^uint16(n) {
		return false
	}
	p += 4
	k := min(n, f.want-len(f.out))
	if p+k > f.n {
		return false
	}
	f.out = append(f.out, f.in[p:p+k]...)
	f.pending = n - k
	f.pos = uint(p+k) * 8
	return true
}

// dynamic reads a dynamic block's code lengths into f.lit and f.dist, with
// compress/flate's checks.
func (f *fastInflate) dynamic() bool {
	nlit := int(f.take(5)) + 257
	ndist := int(f.take(5)) + 1
	nclen := int(f.take(4)) + 4
	if nlit > 286 || ndist > 30 {
		return false
	}
	var cl [19]uint8
	for i := range nclen {
		cl[codeOrder[i]] = uint8(f.take(3))
	}
	// f.lit holds the code-length code until the lengths are read.
	if f.overrun() || !f.lit.build(cl[:]) {
		return false
	}
	n := nlit + ndist
	for i := 0; i < n; {
		if f.overrun() {
			return false
		}
		x, ok := f.sym(&f.lit)
		if !ok {
			return false
		}
		if x < 16 {
			f.lens[i] = uint8(x)
			i++
			continue
		}
		var rep int
		var b uint8
		switch x {
		case 16:
			if i == 0 {
				return false
			}
			rep, b = 3+int(f.take(2)), f.lens[i-1]
		case 17:
			rep = 3 + int(f.take(3))
		default:
			rep = 11 + int(f.take(7))
		}
		if i+rep > n {
			return false
		}
		for ; rep > 0; rep-- {
			f.lens[i] = b
			i++
		}
	}
	if !f.lit.build(f.lens[:nlit]) || !f.dist.build(f.lens[nlit:n]) {
		return false
	}
	f.hl, f.hd = &f.lit, &f.dist
	return true
}

// huffman decodes the symbols of a Huffman block until its end or until
// want bytes are out. (The bit position, the output and the tables are
// kept in locals: this loop is most of a check's time.)
func (f *fastInflate) huffman() bool {
	in, pos, limit := f.in, f.pos, f.limit
	out, want := f.out, f.want
	lit, dist := f.hl, f.hd
	for len(out) < want {
		if pos > limit {
			return false
		}
		b := binary.LittleEndian.Uint64(in[pos>>3:]) >> (pos & 7) // 57 bits or more
		e := lit.primary[b&(1<<huffPrimaryBits-1)]
		if e&huffLink != 0 {
			e = lit.sub[int(e>>8)+int(b>>huffPrimaryBits)&(1<<(e&0xf)-1)]
		}
		n := uint(e & 0xf)
		v := int(e >> 8)
		if n == 0 {
			return false
		}
		pos += n
		if v < 256 {
			out = append(out, byte(v))
			// Most symbols are literals of 10 bits or less (in the
			// primary table): two more are read from the same bits.
			for range 2 {
				b >>= n
				e = lit.primary[b&(1<<huffPrimaryBits-1)]
				if e>>8 >= 256 || e&0xf == 0 || e&huffLink != 0 || len(out) >= want {
					break
				}
				out = append(out, byte(e>>8))
				n = uint(e & 0xf)
				pos += n
			}
			continue
		}
		if v == 256 {
			f.pos, f.out, f.inHuff = pos, out, false
			return true
		}
		if v > 285 {
			return false
		}
		b >>= n
		x := uint(lenExtra[v-257])
		length := int(lenBase[v-257]) + int(b&(1<<x-1))
		pos += x
		b = binary.LittleEndian.Uint64(in[pos>>3:]) >> (pos & 7)
		e = dist.primary[b&(1<<huffPrimaryBits-1)]
		if e&huffLink != 0 {
			e = dist.sub[int(e>>8)+int(b>>huffPrimaryBits)&(1<<(e&0xf)-1)]
		}
		n, d := uint(e&0xf), int(e>>8)
		if n == 0 || d >= 30 {
			return false
		}
		x = uint(distXtra[d])
		dst := int(distBase[d]) + int(b>>n&(1<<x-1))
		pos += n + x
		if dst > len(out) {
			return false
		}
		k := min(length, want-len(out))
		if start := len(out) - dst; dst >= k {
			out = append(out, out[start:start+k]...)
		} else {
			for i := range k {
				out = append(out, out[start+i])
			}
		}
		f.pending = length - k
	}
	f.pos, f.out, f.inHuff = pos, out, true
	return true
}

// ended reports whether the stream ends right after the want bytes, with
// its checksum right and nothing after it in the IDAT data: then
// compress/zlib's next read gives io.EOF with the IDAT data all read. False
// means nothing (take compress/zlib's path to know).
func (f *fastInflate) ended() bool {
	if f.pending > 0 || f.overrun() {
		return false
	}
	if f.inHuff {
		if v, ok := f.sym(f.hl); !ok || v != 256 || f.overrun() {
			return false
		}
	}
	if !f.final {
		// A last, empty stored block (what compress/flate's writer ends
		// with).
		if f.take(1) != 1 || f.take(2) != 0 {
			return false
		}
		f.final = true
		if !f.stored() || f.pending != 0 || len(f.out) != f.want {
			return false
		}
	}
	p := int((f.pos + 7) >> 3)
	return p+4 == f.n && binary.BigEndian.Uint32(f.in[p:]) == adlerSum(f.out)
}
