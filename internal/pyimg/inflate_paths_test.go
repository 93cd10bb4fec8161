package pyimg

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// The paths of fastInflate's decoding loop, each against what
// compress/zlib makes of the same stream: literal pairs, long codes
// (subtables), copies of every short distance and of many lengths, and the
// bit buffer's refills at every bit position.

// lz is one step of a handmade stream: a literal (length 0) or a copy.
type lz struct {
	lit          byte
	length, dist int
}

// lengthCode writes the fixed code of a copy's length and its extra bits.
func (w *deflateBits) lengthCode(length int) {
	i := len(lenBase) - 1
	for int(lenBase[i]) > length {
		i--
	}
	w.fixedLitCode(257 + i)
	w.bits(uint64(length-int(lenBase[i])), uint(lenExtra[i]))
}

// distCode writes the fixed code of a distance and its extra bits.
func (w *deflateBits) distCode(dist int) {
	i := len(distBase) - 1
	for int(distBase[i]) > dist {
		i--
	}
	w.code(uint64(i), 5)
	w.bits(uint64(dist-int(distBase[i])), uint(distXtra[i]))
}

// fixedLZStream is a zlib stream of one final fixed-Huffman block of
// steps, with the Adler-32 of what the steps give (worked out here, byte by
// byte: a copy may overlap what it writes).
func fixedLZStream(steps []lz) []byte {
	var out []byte
	w := &deflateBits{out: []byte{0x78, 0x01}}
	w.bits(1, 1) // final
	w.bits(1, 2) // fixed
	for _, s := range steps {
		if s.length == 0 {
			w.fixedLitCode(int(s.lit))
			out = append(out, s.lit)
			continue
		}
		w.lengthCode(s.length)
		w.distCode(s.dist)
		for range s.length {
			out = append(out, out[len(out)-s.dist])
		}
	}
	w.fixedLitCode(256)
	return binary.BigEndian.AppendUint32(w.flush(), adler32.Checksum(out))
}

// zlibInflate is what compress/zlib gives for stream.
func zlibInflate(t *testing.T, stream []byte) []byte {
	t.Helper()
	zr, err := zlib.NewReader(bytes.NewReader(stream))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("compress/zlib: %v", err)
	}
	return out
}

// fastInflateAll inflates stream with fastInflate as checkPNGFast does,
// wanting want bytes; ok reports whether it accepted the stream whole.
func fastInflateAll(stream []byte, want int) (f *fastInflate, ok bool) {
	f = new(fastInflate)
	f.reset(pngChunk("IDAT", stream), 0, want)
	if f.rows() != inflateRows || !f.ended() {
		return f, false
	}
	return f, true
}

// agreeWithZlib checks that fastInflate accepts stream and gives
// compress/zlib's bytes.
func agreeWithZlib(t *testing.T, name string, stream []byte) *fastInflate {
	t.Helper()
	want := zlibInflate(t, stream)
	f, ok := fastInflateAll(stream, len(want))
	if !ok {
		t.Fatalf("%s: fastInflate refused a stream compress/zlib inflates (%d bytes)", name, len(want))
	}
	if got := f.out[:f.op]; !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: fastInflate differs from compress/zlib from byte %d of %d", name, i, len(want))
	}
	return f
}

// TestFastInflateCopies: a copy of each distance from 1 to 20, and a few
// longer, of each length from 3 to 40 and up to 258, after a run of
// literals long enough for it, gives compress/zlib's bytes; each is
// followed by literals, so a copy's writes past its end are overwritten.
func TestFastInflateCopies(t *testing.T) {
	lengths := []int{64, 100, 127, 128, 129, 200, 255, 257, 258}
	for l := 3; l <= 40; l++ {
		lengths = append(lengths, l)
	}
	for _, dist := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 31, 33, 100, 1000} {
		for _, length := range lengths {
			var steps []lz
			for i := range dist + 3 {
				steps = append(steps, lz{lit: byte(i*7 + dist)})
			}
			steps = append(steps, lz{length: length, dist: dist}, lz{lit: 'x'}, lz{lit: 'y'}, lz{length: length, dist: dist + 1}, lz{lit: 'z'})
			agreeWithZlib(t, fmt.Sprintf("distance %d length %d", dist, length), fixedLZStream(steps))
		}
	}
}

// TestFastInflateRandomSteps: random mixes of literals and copies, whose
// codes fall at every bit position of the bit buffer, give compress/zlib's
// bytes.
func TestFastInflateRandomSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := range 300 {
		var steps []lz
		n := 0
		for n < 1+rng.IntN(3000) {
			if n == 0 || rng.IntN(3) != 0 {
				steps = append(steps, lz{lit: byte(rng.IntN(256))})
				n++
				continue
			}
			s := lz{length: 3 + rng.IntN(256), dist: 1 + rng.IntN(min(n, 40))}
			if rng.IntN(4) == 0 {
				s.dist = 1 + rng.IntN(n)
			}
			steps = append(steps, s)
			n += s.length
		}
		agreeWithZlib(t, fmt.Sprintf("round %d", round), fixedLZStream(steps))
	}
}

// TestFastInflateDynamicTables: compress/zlib's dynamic blocks of data
// whose literal codes are short (most lookups give two literals) or reach
// 15 bits (subtables), and whose distance codes pass the distance table's
// primary bits, inflate as compress/zlib inflates them; the tables they
// built do have those entries, so the paths were taken.
func TestFastInflateDynamicTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	// Short codes: bytes from a few values, as filtered PNG rows are.
	short := make([]byte, 60000)
	for i := range short {
		short[i] = byte(rng.IntN(6)) * 3
	}
	// Long codes: byte k about twice as often as byte k+1. (The data of
	// each test fits one block, whose tables are the ones looked at.)
	long := make([]byte, 60000)
	for i := range long {
		long[i] = byte(bitsLen(rng.Uint64()))
	}
	// Long distance codes: random bytes, and copies of their own past at
	// distances of about 2^k, k about twice as often as k+1.
	far := make([]byte, 0, 60000)
	for len(far) < 59000 {
		if len(far) < 64 || rng.IntN(2) == 0 {
			far = append(far, byte(rng.Uint32()))
			continue
		}
		d := 1 + rng.IntN(min(len(far), 2<<bitsLen(rng.Uint64())))
		for range 8 + rng.IntN(8) {
			far = append(far, far[len(far)-d])
		}
	}
	for _, level := range []int{zlib.BestSpeed, zlib.DefaultCompression, zlib.BestCompression, zlib.HuffmanOnly} {
		f := agreeWithZlib(t, fmt.Sprintf("short codes, level %d", level), zlibOf(t, short, level))
		pairs := 0
		for _, e := range f.lit.primary {
			if e&entLit != 0 && e>>8&3 == 2 {
				pairs++
			}
		}
		if pairs == 0 {
			t.Errorf("short codes, level %d: no entry of two literals", level)
		}
		f = agreeWithZlib(t, fmt.Sprintf("long codes, level %d", level), zlibOf(t, long, level))
		if len(f.lit.sub) == 0 {
			t.Errorf("long codes, level %d: no lit/len subtable", level)
		}
		f = agreeWithZlib(t, fmt.Sprintf("far copies, level %d", level), zlibOf(t, far, level))
		// (BestSpeed finds fewer of the far copies.)
		if (level == zlib.DefaultCompression || level == zlib.BestCompression) && len(f.dist.sub) == 0 {
			t.Errorf("far copies, level %d: no distance subtable", level)
		}
	}
}

// bitsLen is the number of leading zero bits of x (64 for 0).
func bitsLen(x uint64) int {
	n := 0
	for ; n < 64 && x&(1<<63) == 0; n++ {
		x <<= 1
	}
	return n
}

// TestFastInflateWantShort: a stream that gives more than the bytes
// wanted, by literals (of an entry of two, or in the same round), by a
// copy or by a stored block, gives the rows as compress/zlib gives their
// bytes, and is not taken as ended (compress/zlib's path then decides);
// one that gives exactly them is accepted.
func TestFastInflateWantShort(t *testing.T) {
	data := bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7, 9}, 100)
	for _, level := range []int{zlib.NoCompression, zlib.BestSpeed, zlib.HuffmanOnly, zlib.BestCompression} {
		stream := zlibOf(t, data, level)
		full := zlibInflate(t, stream)
		for _, want := range []int{1, 2, 7, 8, 9, 10, 799} {
			f := new(fastInflate)
			f.reset(pngChunk("IDAT", stream), 0, want)
			if r := f.rows(); r != inflateRows || f.op != want || !bytes.Equal(f.out[:want], full[:want]) {
				t.Errorf("level %d, %d of %d bytes wanted: rows %v, %d bytes", level, want, len(data), r, f.op)
				continue
			}
			if f.ended() {
				t.Errorf("level %d: ended with %d of %d bytes wanted", level, want, len(data))
			}
		}
		agreeWithZlib(t, fmt.Sprintf("level %d", level), stream)
	}
}

// canonicalCodes are the codes of lengths (RFC 1951 section 3.2.2).
func canonicalCodes(lengths []uint8) []uint64 {
	var count, next [17]uint64
	for _, n := range lengths {
		count[n]++
	}
	count[0] = 0
	for n := 1; n <= 16; n++ {
		next[n] = (next[n-1] + count[n-1]) << 1
	}
	codes := make([]uint64, len(lengths))
	for s, n := range lengths {
		if n != 0 {
			codes[s] = next[n]
			next[n]++
		}
	}
	return codes
}

// dynamicLZStream is a zlib stream of one final dynamic block with the
// code lengths litLens (286) and distLens (30), sent with a code-length
// code of 4 bits for each length 0 to 15, and steps; and what it gives.
func dynamicLZStream(litLens, distLens []uint8, steps []lz) (stream, out []byte) {
	w := &deflateBits{out: []byte{0x78, 0x01}}
	w.bits(1, 1) // final
	w.bits(2, 2) // dynamic
	w.bits(uint64(len(litLens)-257), 5)
	w.bits(uint64(len(distLens)-1), 5)
	w.bits(19-4, 4)
	for _, s := range codeOrder {
		if s < 16 {
			w.bits(4, 3)
		} else {
			w.bits(0, 3)
		}
	}
	for _, n := range append(append([]uint8(nil), litLens...), distLens...) {
		w.code(uint64(n), 4)
	}
	lit, dist := canonicalCodes(litLens), canonicalCodes(distLens)
	for _, s := range steps {
		if s.length == 0 {
			w.code(lit[s.lit], uint(litLens[s.lit]))
			out = append(out, s.lit)
			continue
		}
		i := len(lenBase) - 1
		for int(lenBase[i]) > s.length {
			i--
		}
		w.code(lit[257+i], uint(litLens[257+i]))
		w.bits(uint64(s.length-int(lenBase[i])), uint(lenExtra[i]))
		j := len(distBase) - 1
		for int(distBase[j]) > s.dist {
			j--
		}
		w.code(dist[j], uint(distLens[j]))
		w.bits(uint64(s.dist-int(distBase[j])), uint(distXtra[j]))
		for range s.length {
			out = append(out, out[len(out)-s.dist])
		}
	}
	w.code(lit[256], uint(litLens[256]))
	return binary.BigEndian.AppendUint32(w.flush(), adler32.Checksum(out)), out
}

// TestFastInflateRefillBeforeDistance: one to four entries of two
// literals (11 bits each), then a length of 15 bits and 5 extra bits, take
// up to 53 of the bit buffer's 56 to 63 bits and leave fewer than a
// distance of 15 bits and 13 extra bits takes: the bit buffer is refilled
// between them. Each stream starts the literals at another bit position;
// all give compress/zlib's bytes.
func TestFastInflateRefillBeforeDistance(t *testing.T) {
	// Complete codes: lit/len 0 (1 bit), end of block (2), 1 (3), 2 (4),
	// 'A' (5), 'B' (6), 3 to 10 (7 to 14), lengths 284 and 285 (15);
	// distances 0 to 13 (1 to 14 bits), 28 and 29 (15).
	litLens := make([]uint8, 286)
	litLens[0], litLens[256], litLens[1], litLens[2], litLens['A'], litLens['B'] = 1, 2, 3, 4, 5, 6
	for s := 3; s <= 10; s++ {
		litLens[s] = uint8(s + 4)
	}
	litLens[284], litLens[285] = 15, 15
	distLens := make([]uint8, 30)
	for s := 0; s <= 13; s++ {
		distLens[s] = uint8(s + 1)
	}
	distLens[28], distLens[29] = 15, 15
	for skew := range 24 * 4 {
		pairs := 1 + skew/24
		var steps []lz
		for range 33000 {
			steps = append(steps, lz{lit: 0})
		}
		for i := range skew % 24 {
			steps = append(steps, lz{lit: byte(i%3 + 1)})
		}
		for range pairs {
			steps = append(steps, lz{lit: 'A'}, lz{lit: 'B'})
		}
		steps = append(steps, lz{length: 247, dist: 29577}, lz{lit: 'A'}, lz{length: 258, dist: 24577 + 8191}, lz{lit: 'B'})
		stream, out := dynamicLZStream(litLens, distLens, steps)
		if !bytes.Equal(zlibInflate(t, stream), out) {
			t.Fatalf("skew %d: compress/zlib does not give the bytes meant", skew)
		}
		agreeWithZlib(t, fmt.Sprintf("skew %d", skew), stream)
	}
}

// FuzzFastInflate: wherever fastInflate gives rows, compress/zlib gives the
// same bytes first; where it also takes the stream as ended, compress/zlib
// gives exactly those bytes and the end of the stream.
func FuzzFastInflate(f *testing.F) {
	f.Add(uint16(5), fixedLZStream([]lz{{lit: 1}, {lit: 2}, {length: 3, dist: 1}}))
	f.Add(uint16(800), zlibOf(f, bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7, 9}, 100), zlib.BestCompression))
	f.Add(uint16(800), zlibOf(f, bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7, 9}, 100), zlib.HuffmanOnly))
	f.Add(uint16(3000), zlibOf(f, []byte(strings.Repeat("the quick brown fox jumps over the lazy dog; ", 70)), zlib.DefaultCompression))
	f.Fuzz(func(t *testing.T, want uint16, stream []byte) {
		if want == 0 {
			return
		}
		fi := new(fastInflate)
		fi.reset(pngChunk("IDAT", stream), 0, int(want))
		if fi.rows() != inflateRows {
			return
		}
		zr, err := zlib.NewReader(bytes.NewReader(stream))
		if err != nil {
			t.Fatalf("rows out, compress/zlib: %v", err)
		}
		got := make([]byte, want)
		if _, err := io.ReadFull(zr, got); err != nil {
			t.Fatalf("rows out, compress/zlib: %v", err)
		}
		if !bytes.Equal(got, fi.out[:want]) {
			t.Fatalf("rows differ from compress/zlib's")
		}
		if !fi.ended() {
			return
		}
		if n, err := zr.Read(make([]byte, 1)); n != 0 || err != io.EOF {
			t.Fatalf("ended, compress/zlib reads %d more bytes, %v", n, err)
		}
	})
}
