package pyimg

import "encoding/binary"

// adlerSum is hash/adler32.Checksum computed 8 bytes a step: fastInflate
// checks each small PNG's stream with it. For a run of words, L holds the
// sums of the bytes at each of the 8 positions (two 32-bit lanes in each
// of L0..L3: positions 0 and 4, 1 and 5, 2 and 6, 3 and 7) and P the sums
// of L before each word; then
//
//	s1' = s1 + ΣL
//	s2' = s2 + 8·words·s1 + 8·ΣP + Σ (8-i)·L[i]
//
// A run is at most adlerWords words, so that no lane overflows.
func adlerSum(b []byte) uint32 {
	const mod = 65521
	const lo = 0x000000ff000000ff
	s1, s2 := uint64(1), uint64(0)
	for len(b) >= 8 {
		words := min(len(b)/8, adlerWords)
		var l0, l1, l2, l3, p0, p1, p2, p3 uint64
		for i := 0; i < words; i++ {
			w := binary.LittleEndian.Uint64(b[8*i:])
			p0, p1, p2, p3 = p0+l0, p1+l1, p2+l2, p3+l3
			l0 += w & lo
			l1 += w >> 8 & lo
			l2 += w >> 16 & lo
			l3 += w >> 24 & lo
		}
		b = b[8*words:]
		lane := func(x uint64, i uint) uint64 { return x >> (32 * i) & 0xffffffff }
		sum := lane(l0, 0) + lane(l0, 1) + lane(l1, 0) + lane(l1, 1) + lane(l2, 0) + lane(l2, 1) + lane(l3, 0) + lane(l3, 1)
		psum := lane(p0, 0) + lane(p0, 1) + lane(p1, 0) + lane(p1, 1) + lane(p2, 0) + lane(p2, 1) + lane(p3, 0) + lane(p3, 1)
		weighted := 8*lane(l0, 0) + 7*lane(l1, 0) + 6*lane(l2, 0) + 5*lane(l3, 0) +
			4*lane(l0, 1) + 3*lane(l1, 1) + 2*lane(l2, 1) + lane(l3, 1)
		s2 = (s2 + 8*uint64(words)*s1 + 8*psum + weighted) % mod
		s1 = (s1 + sum) % mod
	}
	for _, x := range b {
		s1 += uint64(x)
		s2 += s1
	}
	return uint32((s2%mod)<<16 | s1%mod)
}

// adlerWords bounds a run: the P lanes reach 255·words²/2, below 2³².
const adlerWords = 4096
