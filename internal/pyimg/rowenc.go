package pyimg

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// streamMinPixels is the size from which EncodePNG converts and encodes an
// image a row at a time instead of decoding all its pixels first: smaller
// images are decoded whole (and their pixels kept for RGB), larger ones
// take memory proportional to a row where the format allows (see
// [Image.rowSource]).
const streamMinPixels = 1 << 20

// emitRow takes one row of RGB pixels; the row is reused after it returns.
type emitRow func(row []byte) error

// rowSource calls emit with each row of RGB pixels, top to bottom.
type rowSource func(emit emitRow) error

// pngRowEncoder writes an 8-bit RGB PNG (colour type 2) a row at a time,
// byte for byte as image/png's Encoder at DefaultCompression writes an
// opaque *image.RGBA of the same pixels (the same filter choice per row,
// zlib level, and IDAT chunks of the 32 KiB its buffer flushes), so
// that a streamed image and a decoded one give the same file.
type pngRowEncoder struct {
	out    bytes.Buffer
	bw     *bufio.Writer
	zw     *zlib.Writer
	cr     [5][]byte // the row under each filter, filter type first
	pr     []byte    // the previous row, unfiltered, with its filter byte
	w      int
	rows   int
	height int
}

func newPNGRowEncoder(w, h int) *pngRowEncoder {
	e := &pngRowEncoder{w: w, height: h}
	e.out.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolour
	e.chunk("IHDR", ihdr[:])
	e.bw = bufio.NewWriterSize(idatWriter{e}, 1<<15)
	e.zw, _ = zlib.NewWriterLevel(e.bw, zlib.DefaultCompression)
	sz := 1 + 3*w
	for i := range e.cr {
		e.cr[i] = make([]byte, sz)
		e.cr[i][0] = byte(i)
	}
	e.pr = make([]byte, sz)
	return e
}

// idatWriter writes each buffer flush as one IDAT chunk.
type idatWriter struct{ e *pngRowEncoder }

func (w idatWriter) Write(b []byte) (int, error) {
	w.e.chunk("IDAT", b)
	return len(b), nil
}

func (e *pngRowEncoder) chunk(name string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], name)
	e.out.Write(head[:])
	e.out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	e.out.Write(sum[:])
}

// row filters and compresses the next row (3*w bytes of RGB).
func (e *pngRowEncoder) row(rgb []byte) error {
	copy(e.cr[0][1:], rgb)
	f := pngFilter(&e.cr, e.pr[1:], 3)
	if _, err := e.zw.Write(e.cr[f]); err != nil {
		return err
	}
	e.pr, e.cr[0] = e.cr[0], e.pr
	e.cr[0][0] = 0
	e.rows++
	return nil
}

// finish ends the image data and returns the file.
func (e *pngRowEncoder) finish() ([]byte, error) {
	if err := e.zw.Close(); err != nil {
		return nil, err
	}
	if err := e.bw.Flush(); err != nil {
		return nil, err
	}
	e.chunk("IEND", nil)
	return e.out.Bytes(), nil
}

// encodeRGBPNGRows encodes the w×h image whose rows rows gives, holding
// one row at a time.
func encodeRGBPNGRows(w, h int, rows rowSource) ([]byte, error) {
	e := newPNGRowEncoder(w, h)
	if err := rows(e.row); err != nil {
		return nil, err
	}
	if e.rows != h {
		return nil, decodeErr("PNG", "internal row count mismatch", nil)
	}
	return e.finish()
}

// pngFilter filters the row cr[0] (after its filter byte) against the
// previous row pr with each of PNG's filters and returns the one whose
// bytes, read as signed, sum to the least: image/png's heuristic (libpng's),
// trying the filters in its order (up, Paeth, none, sub, average) and
// stopping a sum as soon as it cannot win.
func pngFilter(cr *[5][]byte, pr []byte, bpp int) int {
	cdat0, cdat1, cdat2, cdat3, cdat4 := cr[0][1:], cr[1][1:], cr[2][1:], cr[3][1:], cr[4][1:]
	n := len(cdat0)
	sum := 0
	for i := 0; i < n; i++ {
		cdat2[i] = cdat0[i] - pr[i]
		sum += abs8(cdat2[i])
	}
	best, filter := sum, 2 // up
	sum = 0
	for i := 0; i < bpp; i++ {
		cdat4[i] = cdat0[i] - pr[i]
		sum += abs8(cdat4[i])
	}
	for i := bpp; i < n; i++ {
		cdat4[i] = cdat0[i] - paeth(cdat0[i-bpp], pr[i], pr[i-bpp])
		sum += abs8(cdat4[i])
		if sum >= best {
			break
		}
	}
	if sum < best {
		best, filter = sum, 4 // Paeth
	}
	sum = 0
	for i := 0; i < n; i++ {
		sum += abs8(cdat0[i])
		if sum >= best {
			break
		}
	}
	if sum < best {
		best, filter = sum, 0 // none
	}
	sum = 0
	for i := 0; i < bpp; i++ {
		cdat1[i] = cdat0[i]
		sum += abs8(cdat1[i])
	}
	for i := bpp; i < n; i++ {
		cdat1[i] = cdat0[i] - cdat0[i-bpp]
		sum += abs8(cdat1[i])
		if sum >= best {
			break
		}
	}
	if sum < best {
		best, filter = sum, 1 // sub
	}
	sum = 0
	for i := 0; i < bpp; i++ {
		cdat3[i] = cdat0[i] - pr[i]/2
		sum += abs8(cdat3[i])
	}
	for i := bpp; i < n; i++ {
		cdat3[i] = cdat0[i] - uint8((int(cdat0[i-bpp])+int(pr[i]))/2)
		sum += abs8(cdat3[i])
		if sum >= best {
			break
		}
	}
	if sum < best {
		filter = 3 // average
	}
	return filter
}

// abs8 is the size of a filtered byte read as signed.
func abs8(d uint8) int {
	if d < 128 {
		return int(d)
	}
	return 256 - int(d)
}

// paeth is the Paeth predictor of a (left), b (above) and c (upper left).
func paeth(a, b, c uint8) uint8 {
	pc := int(c)
	pa := int(b) - pc
	pb := int(a) - pc
	pc = abs(pa + pb)
	pa = abs(pa)
	pb = abs(pb)
	if pa <= pb && pa <= pc {
		return a
	} else if pb <= pc {
		return b
	}
	return c
}
