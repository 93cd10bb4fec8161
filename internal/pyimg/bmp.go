package pyimg

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// decodeBMP decodes BMP pixel data (uncompressed, bit fields, RLE8 and
// RLE4) as Pillow's decoders and convert("RGB") do.
func (im *Image) decodeBMP() ([]byte, error) {
	b := im.bmp
	w, h := im.width, im.height
	size := int64(w) * int64(h) * 3
	if size != int64(int(size)) || size > math.MaxInt32*4 {
		return nil, decodeErr("BMP", "image too large to decode", nil)
	}
	stride := int64((int64(w)*int64(b.bits)+31)>>3) &^ 3
	rowBytes := (int64(w)*int64(b.bits) + 7) / 8
	var indices []byte // RLE output: one palette index per pixel, rows as stored
	if b.compression == biRLE8 || b.compression == biRLE4 {
		var err error
		if indices, err = bmpRLE(im.data, b.offset, w, h, b.compression == biRLE4, true); err != nil {
			return nil, err
		}
	} else if need := int64(b.offset) + int64(h-1)*stride + rowBytes; b.offset < 0 || need > int64(len(im.data)) {
		return nil, decodeErr("BMP", "image file is truncated", nil)
	}

	conv := newBMPRows(b, im.mode == "1")
	out := make([]byte, size)
	for y := 0; y < h; y++ {
		srcY := h - 1 - y
		if b.topDown {
			srcY = y
		}
		dst := out[y*w*3 : (y+1)*w*3]
		if indices != nil {
			for x, idx := range indices[srcY*w : (srcY+1)*w] {
				c := conv.pal[idx]
				dst[3*x], dst[3*x+1], dst[3*x+2] = c[0], c[1], c[2]
			}
			continue
		}
		conv.row(dst, im.data[int64(b.offset)+int64(srcY)*stride:], w)
	}
	return out, nil
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
		_, err := bmpRLE(im.data, b.offset, w, h, b.compression == biRLE4, false)
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

// bmpRLE expands RLE8 or RLE4 data as Pillow's BmpRleDecoder does: one
// index per pixel, rows in file order (bottom-up unless the header says
// otherwise); too little data is an error, extra data is ignored. Unless
// keep, the pixels are only counted and the result is nil.
func bmpRLE(d []byte, offset, w, h int, rle4, keep bool) ([]byte, error) {
	want := w * h
	s := &rleSink{keep: keep}
	if keep {
		s.data = make([]byte, 0, want)
	}
	r := &rleReader{d: d, pos: offset}
	x := 0
read:
	for s.n < want {
		pair := r.read(2)
		if len(pair) < 2 {
			break
		}
		n, v := int(pair[0]), pair[1]
		if n > 0 { // encoded run
			if x+n > w {
				n = max(0, w-x)
			}
			s.run(n, v, rle4)
			x += n
			continue
		}
		switch v {
		case 0: // end of line
			s.zeros((w - s.n%w) % w)
			x = 0
		case 1: // end of bitmap
			break read
		case 2: // delta
			ok, err := rleDelta(r, s, w, want)
			if err != nil {
				return nil, err
			} else if !ok {
				break read
			}
			x = s.n % w
		default: // absolute run
			if !rleAbsolute(r, s, int(v), rle4) {
				break read
			}
			x += int(v)
		}
	}
	if s.n < want {
		return nil, decodeErr("BMP", "not enough image data", nil)
	}
	if !keep {
		return nil, nil
	}
	return s.data[:want], nil
}

// rleSink takes the pixels of BMP RLE data: it counts them, and keeps them
// when keep is set.
type rleSink struct {
	keep bool
	data []byte
	n    int // pixels so far
}

// run takes an encoded run of n pixels of index v (RLE4: the two nibbles
// of v in turn).
func (s *rleSink) run(n int, v byte, rle4 bool) {
	s.n += n
	if !s.keep {
		return
	}
	for i := 0; i < n; i++ {
		switch {
		case !rle4:
			s.data = append(s.data, v)
		case i%2 == 0:
			s.data = append(s.data, v>>4)
		default:
			s.data = append(s.data, v&0x0f)
		}
	}
}

// zeros takes n pixels of index 0.
func (s *rleSink) zeros(n int) {
	s.n += n
	if s.keep {
		s.data = append(s.data, make([]byte, n)...)
	}
}

// raw takes the bytes of an absolute run (RLE4: two pixels a byte).
func (s *rleSink) raw(b []byte, rle4 bool) {
	if rle4 {
		s.n += 2 * len(b)
	} else {
		s.n += len(b)
	}
	if !s.keep {
		return
	}
	for _, c := range b {
		if rle4 {
			s.data = append(s.data, c>>4, c&0x0f)
		} else {
			s.data = append(s.data, c)
		}
	}
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
