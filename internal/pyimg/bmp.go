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
		if indices, err = bmpRLE(im.data, b.offset, w, h, b.compression == biRLE4); err != nil {
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
// otherwise); too little data is an error, extra data is ignored.
func bmpRLE(d []byte, offset, w, h int, rle4 bool) ([]byte, error) {
	want := w * h
	data := make([]byte, 0, want)
	pos := offset
	x := 0
	read := func(n int) []byte {
		if pos < 0 || pos > len(d) {
			return nil
		}
		n = min(n, len(d)-pos)
		p := d[pos : pos+n]
		pos += n
		return p
	}
	for len(data) < want {
		pair := read(2)
		if len(pair) < 2 {
			break
		}
		n, v := int(pair[0]), pair[1]
		if n > 0 { // encoded run
			if x+n > w {
				n = max(0, w-x)
			}
			for i := 0; i < n; i++ {
				switch {
				case !rle4:
					data = append(data, v)
				case i%2 == 0:
					data = append(data, v>>4)
				default:
					data = append(data, v&0x0f)
				}
			}
			x += n
			continue
		}
		switch v {
		case 0: // end of line
			for len(data)%w != 0 {
				data = append(data, 0)
			}
			x = 0
		case 1: // end of bitmap
			goto done
		case 2: // delta
			// Pillow reads two bytes, then the offsets from the two after.
			if len(read(2)) < 2 {
				goto done
			}
			dxy := read(2)
			if len(dxy) < 2 {
				return nil, decodeErr("BMP", "truncated RLE delta", nil)
			}
			if n := int(dxy[0]) + int(dxy[1])*w; n > 0 {
				if len(data)+n > want {
					n = want - len(data)
				}
				data = append(data, make([]byte, n)...)
			}
			x = len(data) % w
		default: // absolute run
			count := int(v)
			if rle4 {
				count = int(v) / 2
			}
			raw := read(count)
			for _, c := range raw {
				if rle4 {
					data = append(data, c>>4, c&0x0f)
				} else {
					data = append(data, c)
				}
			}
			if len(raw) < count {
				goto done
			}
			x += int(v)
			if pos%2 != 0 {
				pos++ // word alignment, by file position as in Pillow
			}
		}
	}
done:
	if len(data) < want {
		return nil, decodeErr("BMP", "not enough image data", nil)
	}
	return data[:want], nil
}
