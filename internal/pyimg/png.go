package pyimg

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math"
	"sync"
)

// idatReader yields the data of the run of IDAT chunks that starts at pos,
// the way Pillow's PngImageFile.load_read does: chunk CRCs are not checked,
// the first chunk that is not IDAT ends the data, and a truncated chunk
// gives what is there.
type idatReader struct {
	d   []byte
	pos int    // offset of the next chunk header; -1 when none can follow
	cur []byte // unread data of the current chunk
}

func (r *idatReader) Read(p []byte) (int, error) {
	for len(r.cur) == 0 {
		if r.pos < 0 || len(r.d)-r.pos < 8 || string(r.d[r.pos+4:r.pos+8]) != "IDAT" {
			return 0, io.EOF
		}
		n := int64(binary.BigEndian.Uint32(r.d[r.pos:]))
		start := r.pos + 8
		if avail := int64(len(r.d) - start); n > avail {
			n = avail
			r.pos = -1
		} else {
			r.pos = start + int(n) + 4 // skip the CRC, unchecked
		}
		r.cur = r.d[start : start+int(n)]
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}

// inflater is a zlib reader and the buffered reader it reads through,
// kept together for reuse: allocating them (the buffer is 4 KiB, the
// window 32 KiB) costs more than decoding a small image.
type inflater struct {
	br *bufio.Reader
	zr io.ReadCloser
}

var inflaters sync.Pool

// newInflater returns an inflater reading the zlib stream in r; put it
// back with release.
func newInflater(r io.Reader) (*inflater, error) {
	f, _ := inflaters.Get().(*inflater)
	if f == nil {
		f = &inflater{br: bufio.NewReader(r)}
	} else {
		f.br.Reset(r)
	}
	var err error
	if f.zr == nil {
		f.zr, err = zlib.NewReader(f.br)
	} else {
		err = f.zr.(zlib.Resetter).Reset(f.br, nil)
	}
	if err != nil {
		f.release()
		return nil, err
	}
	return f, nil
}

// release puts f back for reuse, holding nothing of the image it read.
func (f *inflater) release() {
	f.br.Reset(nil)
	inflaters.Put(f)
}

// channels per PNG colour type.
var pngChannels = map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}

// adam7 lists the interlace passes: x0, y0, dx, dy.
var adam7 = [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// decodePNG decodes the pixel data to RGB as Pillow's PNG decoder and
// convert("RGB") do.
func (im *Image) decodePNG() ([]byte, error) {
	return im.readPNG(false, nil)
}

// pngRowSource gives the rows of a PNG that is not interlaced as they are
// inflated, holding one row; nil for an interlaced one, whose rows come in
// passes.
func (im *Image) pngRowSource() rowSource {
	if im.png.interlaced {
		return nil
	}
	return func(emit emitRow) error {
		_, err := im.readPNG(false, emit)
		return err
	}
}

// checkPNG reads every row of a PNG as decodePNG does, with the same
// errors, without unfiltering or converting the rows: what Load needs to
// refuse what Pillow refuses, without holding the pixels.
func (im *Image) checkPNG() error {
	if done, err := im.checkPNGFast(); done {
		return err
	}
	_, err := im.readPNG(true, nil)
	return err
}

// checkPNGFast is checkPNG with fastInflate for a small image: done
// reports whether it decided, and then err is what readPNG would return,
// and the file's cleanness is set as readPNG sets it.
func (im *Image) checkPNGFast() (done bool, err error) {
	info := im.png
	if info.ctype == 3 && len(info.plte)/3 > 256 {
		return false, nil // readPNG refuses the palette first
	}
	bitsPP := int(info.depth) * pngChannels[info.ctype]
	passes := [][4]int{{0, 0, 1, 1}}
	if info.interlaced {
		passes = adam7[:]
	}
	// The rows of each pass: how many, and the bytes of each with its
	// filter type.
	var rowsOf, rowLen [7]int
	want := 0
	for i, p := range passes {
		pw := (im.width - p[0] + p[2] - 1) / p[2]
		ph := (im.height - p[1] + p[3] - 1) / p[3]
		if pw <= 0 || ph <= 0 {
			continue
		}
		rowsOf[i], rowLen[i] = ph, 1+(pw*bitsPP+7)/8
		want += ph * rowLen[i]
		if want > fastInflateMax {
			return false, nil
		}
	}
	f := fastInflates.Get().(*fastInflate)
	defer fastInflates.Put(f)
	idatEnd := f.reset(im.data, info.idat, want)
	if f.rows() != inflateRows {
		return false, nil
	}
	off := 0
	for i := range passes {
		for range rowsOf[i] {
			if f.out[off] > 4 {
				return true, decodeErr("PNG", "broken data stream: unknown filter type", nil)
			}
			off += rowLen[i]
		}
	}
	if !f.ended() {
		return false, nil // the rows are right; readPNG says if the file is clean
	}
	info.clean = pngWellFormed(im.data, idatEnd)
	return true, nil
}

// readPNG inflates the image data row by row. Unless checkOnly, it
// unfilters the rows and returns the RGB pixels, or, with emit (not for an
// interlaced image), gives each row to emit and returns nil.
func (im *Image) readPNG(checkOnly bool, emit emitRow) ([]byte, error) {
	info := im.png
	size := int64(im.width) * int64(im.height) * 3
	if size > math.MaxInt32*4 || size != int64(int(size)) {
		return nil, decodeErr("PNG", "image too large to decode", nil)
	}
	rows := &pngRows{info: info, w: im.width, h: im.height, checkOnly: checkOnly, emit: emit}
	if err := rows.loadPalette(); err != nil {
		return nil, err
	}
	r := &idatReader{d: im.data, pos: info.idat}
	inf, err := newInflater(r)
	if err != nil {
		return nil, pngStreamError(err)
	}
	defer inf.release()
	zr := inf.zr
	rows.zr = zr
	rows.bitsPP = int(info.depth) * pngChannels[info.ctype]
	switch {
	case emit != nil:
		rows.rowRGB = make([]byte, im.width*3)
	case !checkOnly:
		rows.out = make([]byte, size)
	}
	passes := [][4]int{{0, 0, 1, 1}}
	if info.interlaced {
		passes = adam7[:]
	}
	for _, p := range passes {
		if err := rows.pass(p); err != nil {
			return nil, err
		}
	}
	// Pillow stops here. Whether the file is also well-formed decides if
	// EncodePNG may hand it on unchanged.
	var one [1]byte
	if n, err := zr.Read(one[:]); n == 0 && err == io.EOF && len(r.cur) == 0 {
		info.clean = pngWellFormed(im.data, r.pos)
	}
	return rows.out, nil
}

// pngRows reads the rows of a PNG's image data for readPNG.
type pngRows struct {
	info      *pngInfo
	w, h      int
	checkOnly bool          // read and check the rows only; out stays nil
	pal       [256][3]byte  // entries past the PLTE are black, as in Pillow
	zr        io.ReadCloser // the inflated image data
	bitsPP    int           // bits per pixel
	out       []byte        // the RGB pixels, unless checkOnly or emit
	rowRGB    []byte        // one interlaced row in RGB, before it is spread out; the row for emit
	emit      emitRow       // takes each row instead of out (not interlaced)
}

// loadPalette copies the PLTE of a palette image into pal, refusing one
// of more than 256 entries as Pillow does.
func (rows *pngRows) loadPalette() error {
	info := rows.info
	if info.ctype != 3 {
		return nil
	}
	if len(info.plte)/3 > 256 {
		return decodeErr("PNG", "invalid palette size", nil)
	}
	for i := 0; i+2 < len(info.plte); i += 3 {
		rows.pal[i/3] = [3]byte{info.plte[i], info.plte[i+1], info.plte[i+2]}
	}
	return nil
}

// pngStreamError is the error for a failure to inflate the image data: a
// stream that ends early is a truncated file, anything else a broken one.
func pngStreamError(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return decodeErr("PNG", "image file is truncated", nil)
	}
	return decodeErr("PNG", "broken data stream", err)
}

// pass reads the rows of one interlace pass (p is x0, y0, dx, dy; the
// whole image when not interlaced). Unless checkOnly, it unfilters each
// row and puts its pixels in out.
func (rows *pngRows) pass(p [4]int) error {
	info, w := rows.info, rows.w
	x0, y0, dx, dy := p[0], p[1], p[2], p[3]
	pw := (w - x0 + dx - 1) / dx
	ph := (rows.h - y0 + dy - 1) / dy
	if pw <= 0 || ph <= 0 {
		return nil
	}
	filterBPP := (rows.bitsPP + 7) / 8
	rowBytes := (pw*rows.bitsPP + 7) / 8
	bufA, bufB := make([]byte, 1+rowBytes), make([]byte, 1+rowBytes)
	cur, prev := bufA, bufB[1:]
	if info.interlaced && cap(rows.rowRGB) < pw*3 {
		rows.rowRGB = make([]byte, pw*3)
	}
	out := rows.out
	for y := 0; y < ph; y++ {
		if _, err := io.ReadFull(rows.zr, cur); err != nil {
			return pngStreamError(err)
		}
		row := cur[1:]
		if rows.checkOnly {
			if cur[0] > 4 {
				return decodeErr("PNG", "broken data stream: unknown filter type", nil)
			}
			continue
		}
		if !unfilter(cur[0], row, prev, filterBPP) {
			return decodeErr("PNG", "broken data stream: unknown filter type", nil)
		}
		oy := y0 + y*dy
		if rows.emit != nil {
			pngRowRGB(info, &rows.pal, row, pw, rows.rowRGB)
			if err := rows.emit(rows.rowRGB); err != nil {
				return err
			}
		} else if !info.interlaced {
			pngRowRGB(info, &rows.pal, row, pw, out[oy*w*3:(oy+1)*w*3])
		} else {
			dst := rows.rowRGB[:pw*3]
			pngRowRGB(info, &rows.pal, row, pw, dst)
			for i := 0; i < pw; i++ {
				o := (oy*w + x0 + i*dx) * 3
				copy(out[o:o+3], dst[i*3:i*3+3])
			}
		}
		bufA, bufB = bufB, bufA
		cur, prev = bufA, bufB[1:]
	}
	return nil
}

// pngWellFormed reports whether the chunks from the first IDAT on have
// valid CRCs and end with IEND, and the header chunks are in a standard
// order, so that strict decoders accept the file. pos is the offset after
// the last IDAT chunk whose data was read, or -1.
func pngWellFormed(d []byte, pos int) bool {
	if pos < 0 || len(d) < 16 || string(d[12:16]) != "IHDR" || d[26] != 0 || d[28] > 1 {
		return false
	}
	for p := len(pngSignature); ; {
		if len(d)-p < 12 {
			return false
		}
		n := int64(binary.BigEndian.Uint32(d[p:]))
		if int64(len(d)-p-12) < n {
			return false
		}
		end := p + 8 + int(n)
		if crc32.Checksum(d[p+4:end], crc32.IEEETable) != binary.BigEndian.Uint32(d[end:]) {
			return false
		}
		if string(d[p+4:p+8]) == "IEND" {
			return true
		}
		p = end + 4
	}
}

// unfilter reverses a PNG row filter in place; prev is the previous
// unfiltered row of the same pass (zeros for the first).
func unfilter(ft byte, cur, prev []byte, bpp int) bool {
	switch ft {
	case 0:
	case 1:
		for i := bpp; i < len(cur); i++ {
			cur[i] += cur[i-bpp]
		}
	case 2:
		for i := range cur {
			cur[i] += prev[i]
		}
	case 3:
		for i := 0; i < bpp && i < len(cur); i++ {
			cur[i] += prev[i] / 2
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += byte((int(cur[i-bpp]) + int(prev[i])) / 2)
		}
	case 4:
		for i := range cur {
			var a, c int
			b := int(prev[i])
			if i >= bpp {
				a, c = int(cur[i-bpp]), int(prev[i-bpp])
			}
			p := a + b - c
			pa, pb, pc := abs(p-a), abs(p-b), abs(p-c)
			switch {
			case pa <= pb && pa <= pc:
				cur[i] += byte(a)
			case pb <= pc:
				cur[i] += byte(b)
			default:
				cur[i] += byte(c)
			}
		}
	default:
		return false
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pngRowRGB converts one unfiltered row of n pixels to RGB in dst, as
// Pillow's PNG raw modes followed by convert("RGB") do.
func pngRowRGB(info *pngInfo, pal *[256][3]byte, row []byte, n int, dst []byte) {
	depth := int(info.depth)
	switch info.ctype {
	case 0: // greyscale
		switch depth {
		case 8:
			for i := 0; i < n; i++ {
				v := row[i]
				dst[3*i], dst[3*i+1], dst[3*i+2] = v, v, v
			}
		case 16:
			// Pillow's I;16 to RGB clips at 255.
			for i := 0; i < n; i++ {
				v := row[2*i+1]
				if row[2*i] != 0 {
					v = 255
				}
				dst[3*i], dst[3*i+1], dst[3*i+2] = v, v, v
			}
		default:
			scale := byte(255 / (1<<depth - 1))
			for i := 0; i < n; i++ {
				v := lowBits(row, i, depth) * scale
				dst[3*i], dst[3*i+1], dst[3*i+2] = v, v, v
			}
		}
	case 2: // truecolour
		if depth == 8 {
			copy(dst[:3*n], row[:3*n])
			return
		}
		for i := 0; i < n; i++ {
			dst[3*i], dst[3*i+1], dst[3*i+2] = row[6*i], row[6*i+2], row[6*i+4]
		}
	case 3: // palette
		for i := 0; i < n; i++ {
			var idx byte
			if depth == 8 {
				idx = row[i]
			} else {
				idx = lowBits(row, i, depth)
			}
			c := pal[idx]
			dst[3*i], dst[3*i+1], dst[3*i+2] = c[0], c[1], c[2]
		}
	case 4: // greyscale with alpha
		step := 2 * depth / 8
		for i := 0; i < n; i++ {
			v := row[step*i]
			dst[3*i], dst[3*i+1], dst[3*i+2] = v, v, v
		}
	case 6: // truecolour with alpha
		if depth == 8 {
			for i := 0; i < n; i++ {
				dst[3*i], dst[3*i+1], dst[3*i+2] = row[4*i], row[4*i+1], row[4*i+2]
			}
			return
		}
		for i := 0; i < n; i++ {
			dst[3*i], dst[3*i+1], dst[3*i+2] = row[8*i], row[8*i+2], row[8*i+4]
		}
	}
}

// lowBits returns sample i of a row packed depth bits per sample, most
// significant bits first.
func lowBits(row []byte, i, depth int) byte {
	bit := i * depth
	shift := 8 - depth - bit%8
	return row[bit/8] >> shift & byte(1<<depth-1)
}
