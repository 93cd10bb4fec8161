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

// The decoding tables (libdeflate's layout, in short). A table resolves
// its primary bits in one lookup; a longer code takes a second lookup in a
// subtable. An entry is a uint32:
//
//   - bits 0-7: the bits the entry takes: its code(s), and the extra bits
//     of a length or a distance (0: no code here, or a symbol
//     compress/flate refuses); for a link, the bits its subtable
//     resolves;
//   - bits 8-15: entLit with the count of literals in bits 8-9 (1, or 2
//     when the primary bits hold two whole literal codes), entSub for a
//     link, entEOB for the end of the block, or for a length or a
//     distance the count of its extra bits in bits 8-11;
//   - bits 16-31: the literal bytes (the first in bits 16-23), the
//     subtable's offset, or the base length or distance.
const (
	entLit = 0x8000
	entSub = 0x4000
	entEOB = 0x2000
)

// The primary bits of the lit/len, distance and code-length tables.
const (
	litBits  = 11
	distBits = 8
	clenBits = 7
)

// litTable and distTable are the tables of a lit/len and a distance code.
type (
	litTable struct {
		primary [1 << litBits]uint32
		sub     []uint32
	}
	distTable struct {
		primary [1 << distBits]uint32
		sub     []uint32
	}
)

// The entries of each symbol without the length of its code (which
// buildHuff adds to bits 0-7, where a length or distance has the count of
// its extra bits already): litVals for
// lit/len symbols (286 and 287 have codes in the fixed code but are
// refused, as by compress/flate), distVals for distances (30 and 31 too),
// clenVals for the code-length code. 0: refused.
var litVals, distVals, clenVals = func() (l [288]uint32, d [32]uint32, c [19]uint32) {
	for i := range 256 {
		l[i] = entLit | 1<<8 | uint32(i)<<16
	}
	l[256] = entEOB
	for i := range lenBase {
		l[257+i] = uint32(lenBase[i])<<16 | uint32(lenExtra[i])<<8 | uint32(lenExtra[i])
	}
	for i := range distBase {
		d[i] = uint32(distBase[i])<<16 | uint32(distXtra[i])<<8 | uint32(distXtra[i])
	}
	for i := range c {
		c[i] = uint32(i)<<16 | 1<<8
	}
	return l, d, c
}()

// subZeros is a zeroed subtable (the largest: 15-distBits bits).
var subZeros [1 << (15 - distBits)]uint32

// codeList is a canonical Huffman code (RFC 1951 section 3.2.2): the
// symbols that have a code in canonical order (by code length, then by
// value: the codes that share their first bits follow each other), with
// their codes bit-reversed, as the bits come.
type codeList struct {
	n      int // symbols with a code
	sym    [288]uint16
	rev    [288]uint16
	minLen uint
	maxLen uint
}

// canonical makes c the code of lengths (15 at most each), and reports
// whether compress/flate accepts them, and whether the code is complete
// (every bit sequence starts with a code). compress/flate accepts a
// complete code, a single code of length 1 and no code at all (whose use
// fails).
func (c *codeList) canonical(lengths []uint8) (ok, complete bool) {
	// Four counts, summed after: one would wait on its own last
	// increment for each run of one length.
	var counts [4][16]uint16
	i := 0
	for ; i+4 <= len(lengths); i += 4 {
		counts[0][lengths[i]&15]++
		counts[1][lengths[i+1]&15]++
		counts[2][lengths[i+2]&15]++
		counts[3][lengths[i+3]&15]++
	}
	for ; i < len(lengths); i++ {
		counts[0][lengths[i]&15]++
	}
	var count, offs, next [16]uint16
	for l := 1; l < 16; l++ {
		count[l] = counts[0][l] + counts[1][l] + counts[2][l] + counts[3][l]
	}
	// code: the first code of each length, then (left-aligned to 15
	// bits) the first code past the last, which is 1<<15 for a complete
	// code.
	c.minLen, c.maxLen = 0, 0
	code := uint(0)
	for l := uint(1); l < 16; l++ {
		code = (code + uint(count[l-1])) << 1
		next[l] = uint16(code)
		offs[l] = offs[l-1] + count[l-1]
		if count[l] != 0 {
			c.maxLen = l
			if c.minLen == 0 {
				c.minLen = l
			}
		}
	}
	code += uint(count[15])
	c.n = int(offs[15] + count[15])
	complete = c.maxLen != 0 && code == 1<<15
	if !complete && c.maxLen != 0 && (code != 1<<14 || c.maxLen != 1) {
		return false, false
	}
	for sym, n := range lengths {
		if n == 0 {
			continue // (they come in runs: the branch is foreseen)
		}
		n &= 15
		p := offs[n]
		offs[n]++
		c.sym[p] = uint16(sym)
		c.rev[p] = bits.Reverse16(next[n]) >> (16 - n)
		next[n]++
	}
	return true, complete
}

// buildHuff fills primary (1<<pbits entries) and *sub with the table of
// the code of lengths, whose symbols have the entries vals; it reports
// whether compress/flate accepts the lengths (see canonical). With pairs
// (a lit/len table of litBits), a primary entry of a literal whose code
// leaves room for a second whole literal code holds both (see pairAdds).
func buildHuff(c *codeList, primary []uint32, pbits uint, sub *[]uint32, lengths []uint8, vals []uint32, pairs *[1 << litBits]uint32) bool {
	ok, complete := c.canonical(lengths)
	if !ok {
		return false
	}
	*sub = (*sub)[:0]
	if !complete {
		// No code, or one code of one bit: the rest of the table fails.
		clear(primary)
	}
	if c.minLen == 0 || c.minLen >= litBits {
		pairs = nil // no code, or none that leaves room for a second
	}
	if pairs != nil {
		c.pairAdds(pairs, lengths, vals)
	}
	subBits := max(pbits, c.maxLen) - pbits
	link := -1
	for i, sym := range c.sym[:c.n] {
		n := uint(lengths[sym])
		rev := uint(c.rev[i])
		e := uint32(0)
		if vals[sym] != 0 {
			e = vals[sym] + uint32(n)
		}
		switch {
		case n < pbits && pairs != nil && e&entLit != 0:
			fillPairs((*[1 << litBits]uint32)(primary), rev, n, e, pairs[1<<(litBits-n):2<<(litBits-n)])
		case n <= pbits:
			for off := rev; off < 1<<pbits; off += 1 << n {
				primary[off] = e
			}
		default:
			if j := int(rev & (1<<pbits - 1)); j != link {
				link = j
				primary[j] = uint32(len(*sub))<<16 | entSub | uint32(subBits)
				*sub = append(*sub, subZeros[:1<<subBits]...)
			}
			t := (*sub)[len(*sub)-1<<subBits:]
			for off := rev >> pbits; off < 1<<subBits; off += 1 << (n - pbits) {
				t[off] = e
			}
		}
	}
	return true
}

// fillPairs writes the entries of a literal of n bits whose code is rev
// and whose entry is e: at rev+k<<n, e with adds[k] (see pairAdds).
func fillPairs(t *[1 << litBits]uint32, rev, n uint, e uint32, adds []uint32) {
	const mask = 1<<litBits - 1
	step := uint(1) << n
	k := 0
	// Four a step (an entry is a few instructions: the loop's own
	// would be as many).
	for ; k+4 <= len(adds); k += 4 {
		a := adds[k : k+4 : k+4]
		t[rev&mask] = e + a[0]
		t[(rev+step)&mask] = e + a[1]
		t[(rev+2*step)&mask] = e + a[2]
		t[(rev+3*step)&mask] = e + a[3]
		rev += 4 * step
	}
	for ; k < len(adds); k++ {
		t[rev&mask] = e + adds[k]
		rev += step
	}
}

// pairAdds fills pairs with what makes the entry of a literal of n bits
// an entry of it and the literal that follows it when that literal's code
// is within the primary bits: for each n from minLen to litBits-1, at
// 1<<(litBits-n) and on, for each value k of the litBits-n bits after the
// first code, the count, code length and value of the second literal, or
// 0.
func (c *codeList) pairAdds(pairs *[1 << litBits]uint32, lengths []uint8, vals []uint32) {
	// The widest: for n = minLen, from the codes of litBits-minLen bits
	// or less.
	w := litBits - c.minLen
	s := pairs[1<<w : 2<<w]
	clear(s)
	for i, sym := range c.sym[:c.n] {
		n := uint(lengths[sym])
		if n > w {
			break
		}
		if vals[sym]&entLit == 0 {
			continue
		}
		add := 1<<8 | vals[sym]>>16<<24 | uint32(n)
		for off := uint(c.rev[i]); off < 1<<w; off += 1 << n {
			s[off] = add
		}
	}
	// The narrower ones keep the literals that fit.
	for w--; w > 0; w-- {
		for k, add := range s[:1<<w] {
			over := uint32(int32(w)-int32(add&0xff)) >> 31 // 1 when it does not fit
			pairs[1<<w+k] = add &^ -over
		}
	}
}

// fixedLit and fixedDist are the tables of the fixed Huffman codes.
var fixedLit, fixedDist = func() (*litTable, *distTable) {
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
	lit, dist := new(litTable), new(distTable)
	var c codeList
	buildHuff(&c, lit.primary[:], litBits, &lit.sub, l[:], litVals[:], nil)
	buildHuff(&c, dist.primary[:], distBits, &dist.sub, d[:], distVals[:], nil)
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
// time, up to 24 bytes past the end before a check (see huffman).
const inPad = 32

// outSlack is the bytes the output buffer has past the output wanted:
// huffman writes literals two bytes at a time and copies 8 bytes at a
// time, past the end of what it outputs.
const outSlack = 16

// fastInflate is the state of one inflate (see the comment at the top).
type fastInflate struct {
	in      []byte // the zlib stream, then inPad zero bytes
	n       int    // the stream's length in bytes
	limit   uint   // the stream's length in bits
	pos     uint   // the position in bits of the next unread bit
	out     []byte // the output: want bytes and outSlack more
	op      int    // the bytes of out written
	want    int    // the output wanted
	final   bool   // the current block is the last
	inHuff  bool   // want was reached inside a Huffman block
	pending int    // bytes of the current stored block or copy, or literals, not output
	hl      *litTable
	hd      *distTable
	lit     litTable
	dist    distTable
	clen    [1 << clenBits]uint32
	clenSub []uint32 // (stays empty: code-length codes are 7 bits at most)
	lens    [286 + 30]uint8
	codes   codeList             // buildHuff's
	pairs   [1 << litBits]uint32 // buildHuff's (pairAdds)
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

// entry returns the entry of the code at pos in the table primary (of
// pbits) and sub, without consuming it; its bits 0-7 are 0 for a bit
// sequence that has no code or a refused symbol.
func (f *fastInflate) entry(primary []uint32, pbits uint, sub []uint32) uint32 {
	b := f.peek()
	e := primary[b&(1<<pbits-1)]
	if e&entSub != 0 {
		e = sub[int(e>>16)+int(b>>pbits)&(1<<(e&0xff)-1)]
	}
	return e
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
	if cap(f.out) < want+outSlack {
		f.out = make([]byte, want+outSlack)
	}
	f.out = f.out[:want+outSlack]
	f.op, f.want, f.pos, f.final, f.inHuff, f.pending = 0, want, 0, false, false, 0
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
	for f.op < f.want {
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
	k := min(n, f.want-f.op)
	if p+k > f.n {
		return false
	}
	f.op += copy(f.out[f.op:f.want], f.in[p:p+k])
	f.pending = n - k
	f.pos = uint(p+k) * 8
	return true
}

// dynamic reads a dynamic block's code lengths and builds f.lit and
// f.dist, with compress/flate's checks.
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
	if f.overrun() || !buildHuff(&f.codes, f.clen[:], clenBits, &f.clenSub, cl[:], clenVals[:], nil) {
		return false
	}
	n := nlit + ndist
	if !f.codeLengths(f.lens[:n]) {
		return false
	}
	if !buildHuff(&f.codes, f.lit.primary[:], litBits, &f.lit.sub, f.lens[:nlit], litVals[:], &f.pairs) ||
		!buildHuff(&f.codes, f.dist.primary[:], distBits, &f.dist.sub, f.lens[nlit:n], distVals[:], nil) {
		return false
	}
	f.hl, f.hd = &f.lit, &f.dist
	return true
}

// codeLengths reads the code lengths of a dynamic block into lens with
// the code-length code in f.clen, as compress/flate does.
func (f *fastInflate) codeLengths(lens []uint8) bool {
	in, pos, limit := f.in, f.pos, f.limit
	for i := 0; i < len(lens); {
		if pos > limit {
			return false
		}
		b := load64(in, int(pos>>3)) >> (pos & 7)
		e := f.clen[b&(1<<clenBits-1)]
		n := uint(e & 0xff)
		if n == 0 {
			return false
		}
		b >>= n
		pos += n
		x := int(e >> 16)
		if x < 16 {
			lens[i] = uint8(x)
			i++
			continue
		}
		var rep int
		var v uint8
		switch x {
		case 16: // the previous length, 3 to 6 times
			if i == 0 {
				return false
			}
			rep, v = 3+int(b&3), lens[i-1]
			pos += 2
		case 17: // 0, 3 to 10 times
			rep = 3 + int(b&7)
			pos += 3
		default: // 0, 11 to 138 times
			rep = 11 + int(b&127)
			pos += 7
		}
		if rep > len(lens)-i {
			return false
		}
		for j := range lens[i : i+rep] {
			lens[i+j] = v
		}
		i += rep
	}
	f.pos = pos
	return true
}

// ended reports whether the stream ends right after the want bytes, with
// its checksum right and nothing after it in the IDAT data: then
// compress/zlib's next read gives io.EOF with the IDAT data all read. False
// means nothing (take compress/zlib's path to know).
func (f *fastInflate) ended() bool {
	if f.pending > 0 || f.overrun() || f.op != f.want {
		return false
	}
	if f.inHuff {
		e := f.entry(f.hl.primary[:], litBits, f.hl.sub)
		if e&entEOB == 0 || e&0xff == 0 {
			return false
		}
		if f.pos += uint(e & 0xff); f.overrun() {
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
		if !f.stored() || f.pending != 0 || f.op != f.want {
			return false
		}
	}
	p := int((f.pos + 7) >> 3)
	return p+4 == f.n && binary.BigEndian.Uint32(f.in[p:]) == adlerSum(f.out[:f.op])
}

// huffman decodes the symbols of a Huffman block until its end or until
// want bytes are out (see endRows for the literals it may decode past
// them). This loop is most of a check's time: the bits are kept in a
// 64-bit buffer, bitbuf, that holds nb of them (56 to 63 after a refill; the bits above nb are
// the stream's next bits or zeros), refilled once per round of up to four
// literal entries (of up to two literals each, 11 bits at most), or up to
// three and a length (20 bits at most), then again if the distance (28
// bits at most) needs it.
func (f *fastInflate) huffman() bool {
	in, out := f.in, f.out
	lt, dt := &f.hl.primary, &f.hd.primary
	op, want := f.op, f.want
	// A refill reads in[ip:ip+8]: ip past len(in)-8 (n+inPad-8) means bits
	// taken past the end of the stream (ip*8-nb > 8n), refused.
	ip := int(f.pos >> 3)
	bitbuf := load64(in, ip) >> (f.pos & 7)
	nb := 56 - f.pos&7
	ip += 7
	for op < want {
		if ip > len(in)-8 {
			return false
		}
		bitbuf |= load64(in, ip) << (nb & 63)
		ip += int(63-nb) >> 3
		nb |= 56
		e := lt[bitbuf&(1<<litBits-1)]
		if e&entLit != 0 {
			bitbuf, nb, op = takeLit(e, bitbuf, nb, out, op)
			if e = lt[bitbuf&(1<<litBits-1)]; e&entLit != 0 {
				bitbuf, nb, op = takeLit(e, bitbuf, nb, out, op)
				if e = lt[bitbuf&(1<<litBits-1)]; e&entLit != 0 {
					bitbuf, nb, op = takeLit(e, bitbuf, nb, out, op)
					if e = lt[bitbuf&(1<<litBits-1)]; e&entLit != 0 {
						bitbuf, nb, op = takeLit(e, bitbuf, nb, out, op)
						continue
					}
				}
			}
		}
		// Not a literal of the primary table; at least 23 bits are left,
		// enough for a length code and its extra bits. (Past the rows,
		// nothing more is looked at.)
		if op >= want {
			break
		}
		e = subEntry(e, f.hl.sub, bitbuf, litBits)
		n := uint(e & 0xff)
		switch {
		case n == 0:
			return false
		case e&entLit != 0:
			bitbuf >>= n
			nb -= n
			out[op] = byte(e >> 16)
			op++
			continue
		case e&entEOB != 0:
			f.pos, f.inHuff = uint(ip)*8-(nb-n), false
			f.endRows(op)
			return true
		}
		x := uint(e >> 8 & 0xf) // (its extra bits end the n bits)
		length := int(e>>16) + int(bitbuf>>(n-x))&(1<<x-1)
		bitbuf >>= n
		nb -= n
		if nb < 28 { // a distance code and its extra bits
			if ip > len(in)-8 {
				return false
			}
			bitbuf |= load64(in, ip) << (nb & 63)
			ip += int(63-nb) >> 3
			nb |= 56
		}
		e = subEntry(dt[bitbuf&(1<<distBits-1)], f.hd.sub, bitbuf, distBits)
		n = uint(e & 0xff)
		if n == 0 {
			return false
		}
		x = uint(e >> 8 & 0xf)
		dist := int(e>>16) + int(bitbuf>>(n-x))&(1<<x-1)
		bitbuf >>= n
		nb -= n
		if dist > op {
			return false
		}
		if length > want-op {
			// The rows end inside this copy.
			copyMatch(out, op, dist, want-op)
			f.pending = length - (want - op)
			op = want
			break
		}
		copyMatch(out, op, dist, length)
		op += length
	}
	f.pos, f.inHuff = uint(ip)*8-nb, true
	f.endRows(op)
	return true
}

// takeLit writes the one or two literals of e, a literal entry, at op in
// out and consumes its bits: the bit buffer, its bit count and op after
// them.
func takeLit(e uint32, bitbuf uint64, nb uint, out []byte, op int) (uint64, uint, int) {
	store16(out, op, e>>16)
	return bitbuf >> (e & 63), nb - uint(e&0xff), op + int(e>>8)&3
}

// subEntry is e, a primary table's entry for the bits of bitbuf, or the
// entry of its subtable in sub when it links to one.
func subEntry(e uint32, sub []uint32, bitbuf uint64, pbits uint) uint32 {
	if e&entSub != 0 {
		return sub[int(e>>16)+int(bitbuf>>pbits)&(1<<(e&0xff)-1)]
	}
	return e
}

// endRows sets f.op to op, or, when op is past the rows (literals decoded
// two at a time or in one round past them), to want, with what is past
// them pending: as when the rows end inside a copy, they are out, and
// ended refuses.
func (f *fastInflate) endRows(op int) {
	if op > f.want {
		f.pending += op - f.want
		op = f.want
	}
	f.op = op
}

// load64 is the 8 bytes of b at i, little-endian (one load, without the
// slice that binary.LittleEndian.Uint64(b[i:]) makes).
func load64(b []byte, i int) uint64 {
	b = b[i : i+8 : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// store64 writes v at b[i:], little-endian.
func store64(b []byte, i int, v uint64) {
	b = b[i : i+8 : i+8]
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	b[4], b[5], b[6], b[7] = byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56)
}

// store16 writes the 2 low bytes of v at b[i:], little-endian.
func store16(b []byte, i int, v uint32) {
	_ = b[i+1]
	b[i] = byte(v)
	b[i+1] = byte(v >> 8)
}

// copyMatch copies length bytes from dist bytes back to out[op:], writing
// up to 7 bytes past them.
func copyMatch(out []byte, op, dist, length int) {
	src := op - dist
	switch {
	case dist >= 8:
		for i := 0; i < length; i += 8 {
			store64(out, op+i, load64(out, src+i))
		}
	case dist == 1:
		v := uint64(out[src]) * 0x0101010101010101
		for i := 0; i < length; i += 8 {
			store64(out, op+i, v)
		}
	default:
		// Each step writes dist right bytes, and bytes that the next
		// step writes again.
		for i := 0; i < length; i += dist {
			store64(out, op+i, load64(out, src+i))
		}
	}
}
