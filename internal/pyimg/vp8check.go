package pyimg

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"

	"golang.org/x/image/webp"
)

// golang.org/x/image/vp8 allocates the whole frame before it reads the
// first partition, decodes every macroblock even once that partition is
// exhausted, and only then reports io.ErrUnexpectedEOF. A file of a few
// bytes declaring 16383x16383 pixels so costs a gigabyte and seconds before
// it is refused (libwebp refuses it as truncated too). vp8TooShort refuses
// such a file at once, with the error the decoder would give.
//
// Every macroblock of a key frame reads at least two booleans from the
// first partition, with the fixed probabilities 145 (whether the luma mode
// is 16x16) and 142 (the chroma mode). The boolean decoder shifts in bits as
// its range shrinks: a decision whose outcome keeps at most the fraction r
// of the range costs at least -log2(r) bits, and over any run of decisions
// the bits shifted in are at least their summed cost less one (the range
// stays within [128, 255]). The partition holds the bytes its header
// declares, or fewer where the file ends first (a header may declare
// half a megabyte in a file of a hundred bytes). The decoder flags the end of the partition when
// a decision finds fewer than 8 unread bits and no byte left, so a
// partition of n bytes read without that flag gives at most 8n-1 bits.
// Hence a frame whose macroblocks cost more than 8n bits is certain to hit
// the end of its first partition, and x/image/vp8 to fail with
// io.ErrUnexpectedEOF, unless an earlier error stops it first: the headers
// are checked by decoding a copy of the file that declares a 1x1 frame
// (their parsing does not depend on the size, and its only macroblock reads
// the same bits as the first one of the real frame).

// vp8MacroblockBits is a lower bound on the first-partition bits of one
// macroblock (about 1.6).
var vp8MacroblockBits = vp8MinCost(145) + vp8MinCost(142)

// vp8MinCost is the least number of bits a boolean decoded with probability
// prob shifts into x/image/vp8's decoder, over every range it may start
// with and both outcomes.
func vp8MinCost(prob uint32) float64 {
	worst := 0.0
	for rangeM1 := uint32(127); rangeM1 <= 254; rangeM1++ {
		r := float64(rangeM1 + 1)
		split := rangeM1*prob>>8 + 1
		worst = max(worst, float64(split)/r, (r-float64(split))/r)
	}
	return -math.Log2(worst)
}

// vp8TooShort returns the error x/image/webp gives a simple lossy file
// whose first partition is too short for its macroblocks (see above), or
// nil when that is not certain.
func (im *Image) vp8TooShort() error {
	d := im.data
	if !im.webp.vp8 || len(d) < 30 || d[20]&1 != 0 {
		return nil // not a simple lossy file, or not a key frame
	}
	firstLen := int64(d[20])>>5 | int64(d[21])<<3 | int64(d[22])<<11
	// A partition declared longer than the file gives only the bytes the
	// file has.
	firstLen = min(firstLen, int64(len(d)-30))
	mbs := float64((im.width+15)/16) * float64((im.height+15)/16)
	if mbs*vp8MacroblockBits*0.99 < float64(8*firstLen+16) {
		return nil
	}
	// The same file declaring a 1x1 frame: its headers and first
	// macroblock decode as the real frame's do.
	probe := bytes.Clone(d)
	binary.LittleEndian.PutUint16(probe[26:], binary.LittleEndian.Uint16(d[26:])&0xc000|1)
	binary.LittleEndian.PutUint16(probe[28:], binary.LittleEndian.Uint16(d[28:])&0xc000|1)
	err := io.ErrUnexpectedEOF
	if _, perr := webp.Decode(bytes.NewReader(probe)); perr != nil {
		err = perr
	}
	return decodeErr(im.format, "broken data stream", err)
}
