package pyimg

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// decodeBMP decodes BMP pixel data (uncompressed, bit fields, RLE8 and
// RLE4) as Pillow's decoders and convert("RGB") do.
func (im *Image) decodeBMP() ([]byte, error) {
	return collectRows(im.width, im.height, im.bmpRowSource())
}

// bmpRowSource gives decodeBMP's rows top to bottom, holding one row:
// uncompressed rows are read where they stand; RLE data is first walked
// once, noting where each stored row starts, then each row is expanded
// from there (bottom-up files are read from their last row).
func (im *Image) bmpRowSource() rowSource {
	return func(emit emitRow) error {
		b := im.bmp
		w, h := im.width, im.height
		size := int64(w) * int64(h) * 3
		if size != int64(int(size)) || size > math.MaxInt32*4 {
			return decodeErr("BMP", "image too large to decode", nil)
		}
		stride := int64((int64(w)*int64(b.bits)+31)>>3) &^ 3
		rowBytes := (int64(w)*int64(b.bits) + 7) / 8
		var rle *bmpRLEData
		if b.compression == biRLE8 || b.compression == biRLE4 {
			var err error
			if rle, err = walkBMPRLE(im.data, b.offset, w, h, b.compression == biRLE4, true); err != nil {
				return err
			}
		} else if need := int64(b.offset) + int64(h-1)*stride + rowBytes; b.offset < 0 || need > int64(len(im.data)) {
			return decodeErr("BMP", "image file is truncated", nil)
		}
		conv := newBMPRows(b, im.mode == "1")
		dst := make([]byte, w*3)
		var indices []byte
		if rle != nil {
			indices = make([]byte, w)
		}
		for y := 0; y < h; y++ {
			srcY := h - 1 - y
			if b.topDown {
				srcY = y
			}
			if rle != nil {
				rle.row(srcY, indices)
				for x, idx := range indices {
					c := conv.pal[idx]
					dst[3*x], dst[3*x+1], dst[3*x+2] = c[0], c[1], c[2]
				}
			} else {
				conv.row(dst, im.data[int64(b.offset)+int64(srcY)*stride:], w)
			}
			if err := emit(dst); err != nil {
				return err
			}
		}
		return nil
	}
}

// checkBMP reads the pixel data as decodeBMP does, with the same errors,
// without holding it: RLE data is walked counting the pixels it gives,
// uncompressed rows only need to be in the file.
func (im *Image) checkBMP() error {
	b := im.bmp
	w, h := im.width, im.height
	size := int64(w) * int64(h) * 3
	if size != int64(int(size)) || size > math.MaxInt32*4 {
		return decodeErr("BMP", "image too large to decode", nil)
	}
	if b.compression == biRLE8 || b.compression == biRLE4 {
		_, err := walkBMPRLE(im.data, b.offset, w, h, b.compression == biRLE4, false)
		return err
	}
	stride := int64((int64(w)*int64(b.bits)+31)>>3) &^ 3
	rowBytes := (int64(w)*int64(b.bits) + 7) / 8
	if need := int64(b.offset) + int64(h-1)*stride + rowBytes; b.offset < 0 || need > int64(len(im.data)) {
		return decodeErr("BMP", "image file is truncated", nil)
	}
	return nil
}

// bmpRows turns stored BMP rows into RGB.
type bmpRows struct {
	info         *bmpInfo
	pal          [256][3]byte // entries past the colour table are black
	shift, width [3]int       // of each colour's bit-field mask
}

func newBMPRows(b *bmpInfo, bilevel bool) *bmpRows {
	r := &bmpRows{info: b}
	if b.bits <= 8 {
		if b.gray {
			for i := range r.pal {
				r.pal[i] = [3]byte{byte(i), byte(i), byte(i)}
			}
			if bilevel {
				r.pal[1] = [3]byte{255, 255, 255}
			}
		} else {
			for i := 0; i < 256 && i*b.palEntry+2 < len(b.palette); i++ {
				o := i * b.palEntry
				r.pal[i] = [3]byte{b.palette[o+2], b.palette[o+1], b.palette[o]}
			}
		}
	}
	for c := 0; c < 3; c++ {
		if m := b.masks[c]; m != 0 {
			r.shift[c] = bits.TrailingZeros32(m)
			r.width[c] = bits.OnesCount32(m)
		}
	}
	return r
}

// row converts the w pixels of one stored row into dst (RGB).
func (r *bmpRows) row(dst, row []byte, w int) {
	b := r.info
	switch {
	case b.bits <= 8:
		for x := 0; x < w; x++ {
			var idx byte
			if b.bits == 8 {
				idx = row[x]
			} else {
				idx = lowBits(row, x, b.bits)
			}
			c := r.pal[idx]
			dst[3*x], dst[3*x+1], dst[3*x+2] = c[0], c[1], c[2]
		}
	case b.bits == 24:
		for x := 0; x < w; x++ {
			dst[3*x], dst[3*x+1], dst[3*x+2] = row[3*x+2], row[3*x+1], row[3*x]
		}
	case b.bits == 16:
		for x := 0; x < w; x++ {
			p := uint32(binary.LittleEndian.Uint16(row[2*x:]))
			if b.compression == biBitfields && b.masks[1] == 0x7e0 {
				dst[3*x] = byte((p >> 11 & 31) * 255 / 31)
				dst[3*x+1] = byte((p >> 5 & 63) * 255 / 63)
			} else {
				dst[3*x] = byte((p >> 10 & 31) * 255 / 31)
				dst[3*x+1] = byte((p >> 5 & 31) * 255 / 31)
			}
			dst[3*x+2] = byte((p & 31) * 255 / 31)
		}
	case b.compression == biBitfields: // 32 bits
		for x := 0; x < w; x++ {
			p := binary.LittleEndian.Uint32(row[4*x:])
			for c := 0; c < 3; c++ {
				if r.width[c] > 0 {
					dst[3*x+c] = byte(p >> r.shift[c])
				} else {
					dst[3*x+c] = 0
				}
			}
		}
	default: // 32 bits, BGRX
		for x := 0; x < w; x++ {
			dst[3*x], dst[3*x+1], dst[3*x+2] = row[4*x+2], row[4*x+1], row[4*x]
		}
	}
}

// bmpRLEData is BMP RLE data walked once: where each stored row's
// pixels start in it, so that any row can be expanded again.
type bmpRLEData struct {
	d      []byte
	w, h   int
	rle4   bool
	starts []rleState // by stored row: the state before the operation that gives its first pixel
}

// rleState is where the expansion of RLE data stands: before the
// operation at pos, n pixels given, x the column it thinks it is at.
type rleState struct{ pos, n, x int }

// walkBMPRLE walks RLE8 or RLE4 data as Pillow's BmpRleDecoder expands it:
// one index per pixel, rows in file order (bottom-up unless the header
// says otherwise); too little data is an error, extra data is ignored.
// With rows, it notes where each stored row starts (see
// [bmpRLEData.row]); otherwise it only counts the pixels.
func walkBMPRLE(d []byte, offset, w, h int, rle4, rows bool) (*bmpRLEData, error) {
	data := &bmpRLEData{d: d, w: w, h: h, rle4: rle4}
	if rows {
		data.starts = make([]rleState, 0, h)
	}
	s := &rleSink{}
	st := rleState{pos: offset}
	next := 0 // the first stored row whose start is not noted
	want := w * h
	for s.n < want {
		before := st
		done, err := rleStep(d, &st, s, w, want, rle4)
		if err != nil {
			return nil, err
		}
		for rows && next < h && next*w < s.n {
			data.starts = append(data.starts, before)
			next++
		}
		if done {
			break
		}
	}
	if s.n < want {
		return nil, decodeErr("BMP", "not enough image data", nil)
	}
	return data, nil
}

// row expands stored row y into dst (w indices), from the state noted for
// it; the data was walked whole, so the row is all there.
func (r *bmpRLEData) row(y int, dst []byte) {
	lo := y * r.w
	s := &rleSink{lo: lo, hi: lo + r.w, row: dst}
	st := r.starts[y]
	s.n = st.n
	for s.n < s.hi {
		if done, err := rleStep(r.d, &st, s, r.w, r.w*r.h, r.rle4); done || err != nil {
			return
		}
	}
}

// rleStep expands one operation of the data at st.pos into s and moves st
// on. It reports true at the end of the bitmap (an escape, or data that
// ends).
func rleStep(d []byte, st *rleState, s *rleSink, w, want int, rle4 bool) (bool, error) {
	r := &rleReader{d: d, pos: st.pos}
	defer func() { st.pos, st.n = r.pos, s.n }()
	pair := r.read(2)
	if len(pair) < 2 {
		return true, nil
	}
	n, v := int(pair[0]), pair[1]
	if n > 0 { // encoded run
		if st.x+n > w {
			n = max(0, w-st.x)
		}
		s.run(n, v, rle4)
		st.x += n
		return false, nil
	}
	switch v {
	case 0: // end of line
		s.zeros((w - s.n%w) % w)
		st.x = 0
	case 1: // end of bitmap
		return true, nil
	case 2: // delta
		ok, err := rleDelta(r, s, w, want)
		if err != nil || !ok {
			return true, err
		}
		st.x = s.n % w
	default: // absolute run
		if !rleAbsolute(r, s, int(v), rle4) {
			return true, nil
		}
		st.x += int(v)
	}
	return false, nil
}

// rleSink takes the pixels of BMP RLE data: it counts them, and puts those
// whose number is in [lo, hi) in row when row is set.
type rleSink struct {
	n      int // pixels so far
	lo, hi int
	row    []byte
}

// span returns the part [i, j) of the next k pixels that falls in the
// window (i == j: none).
func (s *rleSink) span(k int) (i, j int) {
	if s.row == nil {
		return 0, 0
	}
	i, j = max(s.lo-s.n, 0), min(s.hi-s.n, k)
	if i >= j {
		return 0, 0
	}
	return i, j
}

// run takes an encoded run of n pixels of index v (RLE4: the two nibbles
// of v in turn).
func (s *rleSink) run(n int, v byte, rle4 bool) {
	i, j := s.span(n)
	for ; i < j; i++ {
		switch {
		case !rle4:
			s.row[s.n+i-s.lo] = v
		case i%2 == 0:
			s.row[s.n+i-s.lo] = v >> 4
		default:
			s.row[s.n+i-s.lo] = v & 0x0f
		}
	}
	s.n += n
}

// zeros takes n pixels of index 0.
func (s *rleSink) zeros(n int) {
	if i, j := s.span(n); i < j {
		clear(s.row[s.n+i-s.lo : s.n+j-s.lo])
	}
	s.n += n
}

// raw takes the bytes of an absolute run (RLE4: two pixels a byte).
func (s *rleSink) raw(b []byte, rle4 bool) {
	k := len(b)
	if rle4 {
		k *= 2
	}
	i, j := s.span(k)
	for ; i < j; i++ {
		switch {
		case !rle4:
			s.row[s.n+i-s.lo] = b[i]
		case i%2 == 0:
			s.row[s.n+i-s.lo] = b[i/2] >> 4
		default:
			s.row[s.n+i-s.lo] = b[i/2] & 0x0f
		}
	}
	s.n += k
}

// rleReader reads BMP RLE data from pos on, giving what is there when the
// data ends.
type rleReader struct {
	d   []byte
	pos int
}

// read returns the next n bytes, or fewer at the end of the data.
func (r *rleReader) read(n int) []byte {
	if r.pos < 0 || r.pos > len(r.d) {
		return nil
	}
	n = min(n, len(r.d)-r.pos)
	p := r.d[r.pos : r.pos+n]
	r.pos += n
	return p
}

// rleDelta reads a delta escape and takes the pixels it skips, as zeros,
// up to want in all. It reports false when the data ends before the delta,
// which ends the bitmap.
func rleDelta(r *rleReader, s *rleSink, w, want int) (bool, error) {
	// Pillow reads two bytes, then the offsets from the two after.
	if len(r.read(2)) < 2 {
		return false, nil
	}
	dxy := r.read(2)
	if len(dxy) < 2 {
		return false, decodeErr("BMP", "truncated RLE delta", nil)
	}
	if n := int(dxy[0]) + int(dxy[1])*w; n > 0 {
		if s.n+n > want {
			n = want - s.n
		}
		s.zeros(n)
	}
	return true, nil
}

// rleAbsolute takes an absolute run of v pixels stored as they are, then
// skips to the next word (by file position, as Pillow does). It reports
// false when the data ends within the run, which ends the bitmap.
func rleAbsolute(r *rleReader, s *rleSink, v int, rle4 bool) bool {
	count := v
	if rle4 {
		count = v / 2
	}
	raw := r.read(count)
	s.raw(raw, rle4)
	if len(raw) < count {
		return false
	}
	if r.pos%2 != 0 {
		r.pos++ // word alignment, by file position as in Pillow
	}
	return true
}
