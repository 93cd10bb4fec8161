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
	return collectRows(im.width, im.height, im.gifRowSource())
}

// gifRowSource gives the rows of decodeGIF's image top to bottom. The
// frame of an interlaced GIF is held (one byte a pixel) to put its rows in
// order; any other frame is decoded a row at a time.
func (im *Image) gifRowSource() rowSource {
	return func(emit emitRow) error {
		g := im.gif
		w, h := im.width, im.height
		if size := int64(w) * int64(h) * 3; size != int64(int(size)) || size > math.MaxInt32*4 {
			return decodeErr("GIF", "image too large to decode", nil)
		}
		if g.lzwMin < 2 || g.lzwMin > 8 {
			return decodeErr("GIF", "unsupported LZW code size", nil)
		}
		pal := gifPalette(g)
		fill := byte(0)
		if g.transparent >= 0 {
			fill = byte(g.transparent)
		}
		var frame []byte // the whole frame, interlaced
		var zr io.ReadCloser
		if g.fw*g.fh > 0 {
			if g.interlaced {
				frame = make([]byte, g.fw*g.fh)
				if err := im.readGIFFrame(frame); err != nil {
					return err
				}
				frame = uninterlace(frame, g.fw, g.fh)
			} else {
				zr = lzw.NewReader(&subBlockReader{d: im.data, pos: g.dataPos}, lzw.LSB, g.lzwMin)
				defer zr.Close()
			}
		}
		idx := make([]byte, g.fw)
		out := make([]byte, w*3)
		for y := 0; y < h; y++ {
			fy := y - g.y0
			inFrame := g.fw*g.fh > 0 && fy >= 0 && fy < g.fh
			if inFrame && frame != nil {
				idx = frame[fy*g.fw : (fy+1)*g.fw]
			} else if inFrame {
				if _, err := io.ReadFull(zr, idx); err != nil {
					return gifDataErr(err)
				}
			}
			for x := 0; x < w; x++ {
				i := fill
				if fx := x - g.x0; inFrame && fx >= 0 && fx < g.fw {
					i = idx[fx]
				}
				c := pal[i]
				out[3*x], out[3*x+1], out[3*x+2] = c[0], c[1], c[2]
			}
			if err := emit(out); err != nil {
				return err
			}
		}
		return nil
	}
}

// gifPalette is the frame's colour table as Pillow maps it: its original
// colours, black past its end, the grey level for no table or a grey ramp.
func gifPalette(g *gifInfo) *[256][3]byte {
	var pal [256][3]byte
	if g.gray {
		for i := range pal {
			pal[i] = [3]byte{byte(i), byte(i), byte(i)}
		}
		return &pal
	}
	for i := 0; i+2 < len(g.palette) && i/3 < 256; i += 3 {
		pal[i/3] = [3]byte{g.palette[i], g.palette[i+1], g.palette[i+2]}
	}
	return &pal
}

// gifDataErr is the error for a failure to read a frame's LZW data.
func gifDataErr(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return decodeErr("GIF", "image file is truncated", nil)
	}
	return decodeErr("GIF", "broken data stream", err)
}

// collectRows gathers the rows rows gives into one buffer of RGB pixels.
func collectRows(w, h int, rows rowSource) ([]byte, error) {
	out := make([]byte, 0, w*h*3)
	if err := rows(func(row []byte) error {
		out = append(out, row...)
		return nil
	}); err != nil {
		return nil, err
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
		return gifDataErr(err)
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
