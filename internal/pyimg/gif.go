package pyimg

import (
	"compress/lzw"
	"errors"
	"io"
	"math"
)

// subBlockReader yields the bytes of a GIF data sub-block sequence.
type subBlockReader struct {
	d   []byte
	pos int
	cur []byte
	end bool
}

func (r *subBlockReader) Read(p []byte) (int, error) {
	for len(r.cur) == 0 {
		if r.end || r.pos >= len(r.d) {
			return 0, io.EOF
		}
		n := int(r.d[r.pos])
		r.pos++
		if n == 0 {
			r.end = true
			return 0, io.EOF
		}
		if n > len(r.d)-r.pos {
			n = len(r.d) - r.pos
		}
		r.cur = r.d[r.pos : r.pos+n]
		r.pos += n
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}

// decodeGIF decodes the first frame as Pillow does: the image is the
// logical screen (grown to hold the frame), pixels outside the frame hold
// the transparent index (else 0), and indices map through the frame's colour
// table with its original colours (Pillow keeps the transparent entry's
// colour; entries past the table are black; with no table or a grey ramp the
// index is the grey level).
func (im *Image) decodeGIF() ([]byte, error) {
	g := im.gif
	w, h := im.width, im.height
	size := int64(w) * int64(h) * 3
	if size != int64(int(size)) || size > math.MaxInt32*4 {
		return nil, decodeErr("GIF", "image too large to decode", nil)
	}
	if g.lzwMin < 2 || g.lzwMin > 8 {
		return nil, decodeErr("GIF", "unsupported LZW code size", nil)
	}
	var pal [256][3]byte
	if g.gray {
		for i := range pal {
			pal[i] = [3]byte{byte(i), byte(i), byte(i)}
		}
	} else {
		for i := 0; i+2 < len(g.palette) && i/3 < 256; i += 3 {
			pal[i/3] = [3]byte{g.palette[i], g.palette[i+1], g.palette[i+2]}
		}
	}
	frame := make([]byte, g.fw*g.fh)
	if len(frame) > 0 {
		if err := im.readGIFFrame(frame); err != nil {
			return nil, err
		}
		if g.interlaced {
			frame = uninterlace(frame, g.fw, g.fh)
		}
	}
	fill := byte(0)
	if g.transparent >= 0 {
		fill = byte(g.transparent)
	}
	out := make([]byte, size)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			idx := fill
			if fx, fy := x-g.x0, y-g.y0; fx >= 0 && fy >= 0 && fx < g.fw && fy < g.fh {
				idx = frame[fy*g.fw+fx]
			}
			o := (y*w + x) * 3
			c := pal[idx]
			out[o], out[o+1], out[o+2] = c[0], c[1], c[2]
		}
	}
	return out, nil
}

// gifCheckBuf is the size of the buffer checkGIF decodes into.
const gifCheckBuf = 16 << 10

// checkGIF reads the first frame's LZW data as decodeGIF does, with the
// same errors, into a small buffer that is overwritten as it goes: the
// frame is never held.
func (im *Image) checkGIF() error {
	g := im.gif
	size := int64(im.width) * int64(im.height) * 3
	if size != int64(int(size)) || size > math.MaxInt32*4 {
		return decodeErr("GIF", "image too large to decode", nil)
	}
	if g.lzwMin < 2 || g.lzwMin > 8 {
		return decodeErr("GIF", "unsupported LZW code size", nil)
	}
	return im.readGIFFrame(nil)
}

// readGIFFrame decodes the first frame's g.fw*g.fh indices into frame, or,
// when frame is nil, into a small buffer (to check the data).
func (im *Image) readGIFFrame(frame []byte) error {
	g := im.gif
	want := g.fw * g.fh
	if want == 0 {
		return nil
	}
	zr := lzw.NewReader(&subBlockReader{d: im.data, pos: g.dataPos}, lzw.LSB, g.lzwMin)
	defer zr.Close()
	var err error
	if frame != nil {
		_, err = io.ReadFull(zr, frame)
	} else {
		buf := make([]byte, min(want, gifCheckBuf))
		for want > 0 && err == nil {
			n := min(want, len(buf))
			_, err = io.ReadFull(zr, buf[:n])
			want -= n
		}
	}
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return decodeErr("GIF", "image file is truncated", nil)
		}
		return decodeErr("GIF", "broken data stream", err)
	}
	return nil
}

// uninterlace reorders the rows of an interlaced GIF frame.
func uninterlace(pix []byte, w, h int) []byte {
	out := make([]byte, len(pix))
	src := 0
	for _, p := range [4][2]int{{0, 8}, {4, 8}, {2, 4}, {1, 2}} {
		for y := p[0]; y < h; y += p[1] {
			copy(out[y*w:(y+1)*w], pix[src*w:(src+1)*w])
			src++
		}
	}
	return out
}
