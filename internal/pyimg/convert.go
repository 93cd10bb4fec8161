package pyimg

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"

	"golang.org/x/image/webp"
)

// decodeWebP decodes a WebP file with golang.org/x/image/webp (Pillow
// decodes WebP with libwebp).
func (im *Image) decodeWebP() ([]byte, error) {
	if err := im.vp8TooShort(); err != nil {
		return nil, err
	}
	n, err := decodeMemory.acquire(im.webpDecodeBytes()+im.rgbBytes(), im.format)
	if err != nil {
		return nil, err
	}
	defer decodeMemory.release(n)
	img, err := im.readWebP()
	if err != nil {
		return nil, err
	}
	return goImageRGB(img), nil
}

// checkWebP reads a WebP file as decodeWebP does, with the same errors,
// and drops the pixels. A lossy file whose first partition is too short for
// its macroblocks is refused before any pixel is allocated (see
// vp8TooShort).
func (im *Image) checkWebP() error {
	if err := im.vp8TooShort(); err != nil {
		return err
	}
	n, err := decodeMemory.acquire(im.webpDecodeBytes(), im.format)
	if err != nil {
		return err
	}
	defer decodeMemory.release(n)
	_, err = im.readWebP()
	return err
}

// readWebP decodes the file with golang.org/x/image/webp.
func (im *Image) readWebP() (image.Image, error) {
	img, err := webp.Decode(bytes.NewReader(im.data))
	if err != nil {
		return nil, decodeErr(im.format, "broken data stream", err)
	}
	if b := img.Bounds(); b.Dx() != im.width || b.Dy() != im.height {
		return nil, decodeErr(im.format, "decoded size differs from the header", nil)
	}
	return img, nil
}

// decodeJPEG decodes with image/jpeg, then upsamples chroma and converts
// YCbCr to RGB with libjpeg's arithmetic, as Pillow (libjpeg) does.
func (im *Image) decodeJPEG() ([]byte, error) {
	n, err := decodeMemory.acquire(im.jpegDecodeBytes()+im.rgbBytes(), im.format)
	if err != nil {
		return nil, err
	}
	defer decodeMemory.release(n)
	img, err := im.readJPEG()
	if err != nil {
		return nil, err
	}
	switch m := img.(type) {
	case *image.YCbCr:
		return jpegYCbCrRGB(m), nil
	case *image.CMYK:
		return cmykRGB(m), nil
	}
	return goImageRGB(img), nil
}

// jpegRowSource gives decodeJPEG's rows top to bottom: the file is decoded
// whole (image/jpeg gives the whole image), then each row is upsampled and
// converted as it is taken, so no RGB copy of the image is made.
func (im *Image) jpegRowSource() rowSource {
	return func(emit emitRow) error {
		n, err := decodeMemory.acquire(im.jpegDecodeBytes(), im.format)
		if err != nil {
			return err
		}
		defer decodeMemory.release(n)
		img, err := im.readJPEG()
		if err != nil {
			return err
		}
		switch m := img.(type) {
		case *image.YCbCr:
			return jpegYCbCrRows(m)(emit)
		case *image.Gray:
			w, h := m.Bounds().Dx(), m.Bounds().Dy()
			out := make([]byte, w*3)
			for y := 0; y < h; y++ {
				for x, v := range m.Pix[y*m.Stride : y*m.Stride+w] {
					out[3*x], out[3*x+1], out[3*x+2] = v, v, v
				}
				if err := emit(out); err != nil {
					return err
				}
			}
			return nil
		}
		// CMYK and anything else: converted whole (rare, and small).
		var pix []byte
		if m, ok := img.(*image.CMYK); ok {
			pix = cmykRGB(m)
		} else {
			pix = goImageRGB(img)
		}
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		for y := 0; y < h; y++ {
			if err := emit(pix[y*w*3 : (y+1)*w*3]); err != nil {
				return err
			}
		}
		return nil
	}
}

// checkJPEG reads a JPEG file as decodeJPEG does, with the same errors,
// and drops the pixels.
func (im *Image) checkJPEG() error {
	n, err := decodeMemory.acquire(im.jpegDecodeBytes(), im.format)
	if err != nil {
		return err
	}
	defer decodeMemory.release(n)
	_, err = im.readJPEG()
	return err
}

// readJPEG decodes the file with image/jpeg.
func (im *Image) readJPEG() (image.Image, error) {
	if size := int64(im.width) * int64(im.height) * 3; size != int64(int(size)) || size > math.MaxInt32*4 {
		return nil, decodeErr("JPEG", "image too large to decode", nil)
	}
	img, err := jpeg.Decode(bytes.NewReader(im.data))
	if err != nil {
		return nil, decodeErr("JPEG", "broken data stream", err)
	}
	if b := img.Bounds(); b.Dx() != im.width || b.Dy() != im.height {
		return nil, decodeErr("JPEG", "decoded size differs from the header", nil)
	}
	return img, nil
}

// goImageRGB converts any image.Image to packed RGB, dropping alpha without
// compositing (premultiplied colours are un-premultiplied first).
func goImageRGB(img image.Image) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := make([]byte, w*h*3)
	switch m := img.(type) {
	case *image.Gray:
		for y := 0; y < h; y++ {
			row := m.Pix[(y)*m.Stride:]
			for x := 0; x < w; x++ {
				v := row[x]
				o := (y*w + x) * 3
				out[o], out[o+1], out[o+2] = v, v, v
			}
		}
		return out
	case *image.NRGBA:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride:]
			for x := 0; x < w; x++ {
				o := (y*w + x) * 3
				out[o], out[o+1], out[o+2] = row[4*x], row[4*x+1], row[4*x+2]
			}
		}
		return out
	case *image.YCbCr:
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				yi := m.YOffset(b.Min.X+x, b.Min.Y+y)
				ci := m.COffset(b.Min.X+x, b.Min.Y+y)
				r, g, bb := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
				o := (y*w + x) * 3
				out[o], out[o+1], out[o+2] = r, g, bb
			}
		}
		return out
	case *image.NYCbCrA:
		return goImageRGB(&m.YCbCr)
	case *image.CMYK:
		return cmykRGB(m)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
			o := (y*w + x) * 3
			out[o], out[o+1], out[o+2] = c.R, c.G, c.B
		}
	}
	return out
}

// cmykRGB is Pillow's cmyk2rgb.
func cmykRGB(m *image.CMYK) []byte {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	out := make([]byte, w*h*3)
	for y := 0; y < h; y++ {
		row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
		for x := 0; x < w; x++ {
			nk := 255 - int(row[4*x+3])
			o := (y*w + x) * 3
			for c := 0; c < 3; c++ {
				t := int(row[4*x+c])*nk + 128
				out[o+c] = clip8(nk - ((t>>8)+t)>>8)
			}
		}
	}
	return out
}

func clip8(v int) byte {
	switch {
	case v < 0:
		return 0
	case v > 255:
		return 255
	}
	return byte(v)
}

// libjpeg's fixed-point YCbCr to RGB tables (jdcolor.c).
var (
	crR, cbB, crG, cbG [256]int32
)

func init() {
	const scale = 16
	fix := func(x float64) int32 { return int32(x*(1<<scale) + 0.5) }
	const half = 1 << (scale - 1)
	for i := 0; i < 256; i++ {
		x := int32(i - 128)
		crR[i] = (fix(1.40200)*x + half) >> scale
		cbB[i] = (fix(1.77200)*x + half) >> scale
		crG[i] = -fix(0.71414) * x
		cbG[i] = -fix(0.34414)*x + half
	}
}

// jpegYCbCrRGB upsamples the chroma planes as libjpeg does by default
// (fancy upsampling for 2:1 horizontal and vertical factors) and converts to
// RGB with libjpeg's arithmetic.
func jpegYCbCrRGB(m *image.YCbCr) []byte {
	w, h := m.Bounds().Dx(), m.Bounds().Dy()
	out, _ := collectRows(w, h, jpegYCbCrRows(m))
	return out
}

// jpegYCbCrRows gives jpegYCbCrRGB's rows top to bottom, upsampling the
// chroma a row at a time.
func jpegYCbCrRows(m *image.YCbCr) rowSource {
	return func(emit emitRow) error {
		b := m.Bounds()
		w, h := b.Dx(), b.Dy()
		hf, vf := 1, 1 // luma samples per chroma sample
		switch m.SubsampleRatio {
		case image.YCbCrSubsampleRatio422:
			hf = 2
		case image.YCbCrSubsampleRatio420:
			hf, vf = 2, 2
		case image.YCbCrSubsampleRatio440:
			vf = 2
		case image.YCbCrSubsampleRatio411:
			hf = 4
		case image.YCbCrSubsampleRatio410:
			hf, vf = 4, 2
		}
		off := m.COffset(b.Min.X, b.Min.Y)
		cb := newUpsampler(m.Cb, m.CStride, off, w, h, hf, vf)
		cr := newUpsampler(m.Cr, m.CStride, off, w, h, hf, vf)
		out := make([]byte, w*3)
		for y := 0; y < h; y++ {
			yrow := m.Y[m.YOffset(b.Min.X, b.Min.Y+y):]
			cbRow, crRow := cb.row(y), cr.row(y)
			for x := 0; x < w; x++ {
				yy := int32(yrow[x])
				u, v := cbRow[x], crRow[x]
				out[3*x] = clip8(int(yy + crR[v]))
				out[3*x+1] = clip8(int(yy + (cbG[u]+crG[v])>>16))
				out[3*x+2] = clip8(int(yy + cbB[u]))
			}
			if err := emit(out); err != nil {
				return err
			}
		}
		return nil
	}
}

// upsampler expands a chroma plane to w×h as libjpeg-turbo's jdsample.c
// does, a row at a time: h2v1 and h2v2 "fancy" (triangle filter)
// upsampling when the downsampled width exceeds 2, h1v2 fancy upsampling,
// and replication otherwise. Rows above the first and below the last
// repeat the edge row.
type upsampler struct {
	p                 []byte
	stride, off       int
	w, hf, vf, dw, dh int
	fancyH, fancyV    bool
	sums              []int  // column sums (or samples) for one output row
	wide              []byte // the output row, dw*hf wide
}

func newUpsampler(p []byte, stride, off, w, h, hf, vf int) *upsampler {
	u := &upsampler{p: p, stride: stride, off: off, w: w, hf: hf, vf: vf}
	u.dw = (w + hf - 1) / hf // downsampled_width
	u.dh = (h + vf - 1) / vf
	u.fancyH = hf == 2 && u.dw > 2
	u.fancyV = vf == 2 && (hf == 1 || u.fancyH)
	u.sums = make([]int, u.dw)
	u.wide = make([]byte, max(u.dw*hf, w))
	return u
}

func (u *upsampler) at(x, y int) int { return int(u.p[u.off+y*u.stride+x]) }

// row returns output row y (w samples); it is overwritten by the next call.
func (u *upsampler) row(y int) []byte {
	if u.hf == 1 && u.vf == 1 {
		return u.p[u.off+y*u.stride : u.off+y*u.stride+u.w]
	}
	row, wide, dw := u.sums, u.wide, u.dw
	iy := y / u.vf
	if u.fancyV {
		ny := iy - 1
		if y%2 == 1 {
			ny = iy + 1
		}
		ny = max(0, min(u.dh-1, ny))
		for x := 0; x < dw; x++ {
			row[x] = 3*u.at(x, iy) + u.at(x, ny)
		}
	} else {
		for x := 0; x < dw; x++ {
			row[x] = u.at(x, iy)
		}
	}
	switch {
	case u.fancyH && u.fancyV: // h2v2_fancy_upsample
		wide[0] = byte((row[0]*4 + 8) >> 4)
		wide[1] = byte((row[0]*3 + row[1] + 7) >> 4)
		for x := 1; x < dw-1; x++ {
			wide[2*x] = byte((row[x]*3 + row[x-1] + 8) >> 4)
			wide[2*x+1] = byte((row[x]*3 + row[x+1] + 7) >> 4)
		}
		l := dw - 1
		wide[2*l] = byte((row[l]*3 + row[l-1] + 8) >> 4)
		wide[2*l+1] = byte((row[l]*4 + 7) >> 4)
	case u.fancyH: // h2v1_fancy_upsample
		wide[0] = byte(row[0])
		wide[1] = byte((row[0]*3 + row[1] + 2) >> 2)
		for x := 1; x < dw-1; x++ {
			wide[2*x] = byte((row[x]*3 + row[x-1] + 1) >> 2)
			wide[2*x+1] = byte((row[x]*3 + row[x+1] + 2) >> 2)
		}
		l := dw - 1
		wide[2*l] = byte((row[l]*3 + row[l-1] + 1) >> 2)
		wide[2*l+1] = byte(row[l])
	case u.fancyV: // h1v2_fancy_upsample
		bias := 1
		if y%2 == 1 {
			bias = 2
		}
		for x := 0; x < dw; x++ {
			wide[x] = byte((row[x] + bias) >> 2)
		}
	default: // replication
		for x := 0; x < dw; x++ {
			for k := 0; k < u.hf; k++ {
				wide[x*u.hf+k] = byte(row[x])
			}
		}
	}
	return wide[:u.w]
}
