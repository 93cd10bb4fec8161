package pyimg

import "encoding/binary"

// adlerSum is hash/adler32.Checksum computed 8 bytes a step: fastInflate
// checks each small PNG's stream with it. It takes blocks of 16 words
// (128 bytes); for a block, L holds the sums of the bytes at each of the 8
// positions of a word (four 16-bit lanes in each of L0, positions 0, 2, 4,
// 6, and L1, positions 1, 3, 5, 7: at most 16·255) and P the sums of L
// before each word (at most 255·(0+1+…+15) = 30600, so that P0+P1 fits a
// lane too); then
//
//	s1' = s1 + ΣL
//	s2' = s2 + 128·s1 + 8·ΣP + Σ (8-i)·L[i]
func adlerSum(b []byte) uint32 {
	const mod = 65521
	const lo = 0x00ff00ff00ff00ff
	s1, s2 := uint64(1), uint64(0)
	for len(b) >= adlerBlock {
		blk := (*[adlerBlock]byte)(b)
		var l0, l1, p0, p1 uint64
		for i := 0; i < adlerBlock; i += 16 {
			w := binary.LittleEndian.Uint64(blk[i : i+8])
			v := binary.LittleEndian.Uint64(blk[i+8 : i+16])
			p0, p1 = p0+l0, p1+l1
			l0 += w & lo
			l1 += w >> 8 & lo
			p0, p1 = p0+l0, p1+l1
			l0 += v & lo
			l1 += v >> 8 & lo
		}
		b = b[adlerBlock:]
		lane := func(x uint64, i uint) uint64 { return x >> (16 * i) & 0xffff }
		sum := (l0 + l1) * 0x0001000100010001 >> 48 // (at most 4·2·16·255 = 32640)
		p := p0 + p1
		p = p&0x0000ffff0000ffff + p>>16&0x0000ffff0000ffff
		psum := p&0xffffffff + p>>32
		weighted := 8*lane(l0, 0) + 6*lane(l0, 1) + 4*lane(l0, 2) + 2*lane(l0, 3) +
			7*lane(l1, 0) + 5*lane(l1, 1) + 3*lane(l1, 2) + lane(l1, 3)
		s2 = (s2 + adlerBlock*s1 + 8*psum + weighted) % mod
		s1 = (s1 + sum) % mod
	}
	for _, x := range b {
		s1 += uint64(x)
		s2 += s1
	}
	return uint32((s2%mod)<<16 | s1%mod)
}

// adlerBlock is the bytes of a block: 16 words, the most whose sums fit
// the 16-bit lanes (see adlerSum).
const adlerBlock = 128
