package pyimg

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestRowEncoderMatchesImagePNG: the row encoder writes the same bytes as
// image/png's encoder (encodeRGBPNG) for images whose rows favour each
// filter, and for images large enough to span several IDAT chunks.
func TestRowEncoderMatchesImagePNG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string]struct {
		w, h int
		px   func(x, y int) [3]byte
	}{
		"one pixel":  {1, 1, func(x, y int) [3]byte { return [3]byte{1, 2, 3} }},
		"flat":       {40, 30, func(x, y int) [3]byte { return [3]byte{200, 200, 200} }},
		"gradient x": {64, 17, func(x, y int) [3]byte { return [3]byte{byte(x * 4), byte(x), 0} }},
		"gradient y": {17, 64, func(x, y int) [3]byte { return [3]byte{byte(y), byte(y * 3), byte(y)} }},
		"diagonal":   {50, 50, func(x, y int) [3]byte { return [3]byte{byte(x + y), byte(x * y), byte(x ^ y)} }},
		"noise":      {300, 200, func(x, y int) [3]byte { return [3]byte{byte(rng.Uint32()), byte(rng.Uint32()), byte(rng.Uint32())} }},
		"noisy ramp": {257, 129, func(x, y int) [3]byte { return [3]byte{byte(x + rng.IntN(3)), byte(y), byte(x / 2)} }},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			rgb := make([]byte, c.w*c.h*3)
			for y := 0; y < c.h; y++ {
				for x := 0; x < c.w; x++ {
					p := c.px(x, y)
					copy(rgb[(y*c.w+x)*3:], p[:])
				}
			}
			want, err := encodeRGBPNG(c.w, c.h, rgb)
			if err != nil {
				t.Fatal(err)
			}
			got, err := encodeRGBPNGRows(c.w, c.h, func(emit emitRow) error {
				for y := 0; y < c.h; y++ {
					if err := emit(rgb[y*c.w*3 : (y+1)*c.w*3]); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("row encoder: %d bytes, image/png: %d bytes; they differ", len(got), len(want))
			}
		})
	}
}

// TestRLERowsMatchWholeExpansion: expanding BMP RLE data a stored row at a
// time, from the state walkBMPRLE noted for the row, gives the same indices
// as expanding the whole data in one pass, for random data mixing encoded
// runs, absolute runs that cross rows, deltas and ends of line, in RLE8 and
// RLE4.
func TestRLERowsMatchWholeExpansion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tried := 0
	for iter := 0; iter < 3000; iter++ {
		w, h := 1+rng.IntN(12), 1+rng.IntN(8)
		rle4 := rng.IntN(2) == 0
		var d []byte
		for len(d) < 4+rng.IntN(80) {
			switch rng.IntN(5) {
			case 0, 1: // encoded run
				d = append(d, byte(1+rng.IntN(2*w)), byte(rng.Uint32()))
			case 2: // absolute run
				n := 3 + rng.IntN(2*w)
				d = append(d, 0, byte(n))
				k := n
				if rle4 {
					k = n / 2
				}
				for i := 0; i < k; i++ {
					d = append(d, byte(rng.Uint32()))
				}
				if len(d)%2 != 0 {
					d = append(d, 0)
				}
			case 3: // delta
				d = append(d, 0, 2, byte(rng.IntN(w)), byte(rng.IntN(2)))
			case 4: // end of line
				d = append(d, 0, 0)
			}
		}
		rows, err := walkBMPRLE(d, 0, w, h, rle4, true)
		if err != nil {
			continue // not enough data: refused before any row is expanded
		}
		tried++
		whole := make([]byte, w*h)
		s := &rleSink{lo: 0, hi: w * h, row: whole}
		st := rleState{}
		for s.n < w*h {
			if done, err := rleStep(d, &st, s, w, w*h, rle4); done || err != nil {
				break
			}
		}
		dst := make([]byte, w)
		for y := 0; y < h; y++ {
			rows.row(y, dst)
			if !bytes.Equal(dst, whole[y*w:(y+1)*w]) {
				t.Fatalf("data %x (w %d, h %d, rle4 %v): row %d is %v, want %v", d, w, h, rle4, y, dst, whole[y*w:(y+1)*w])
			}
		}
	}
	if tried < 100 {
		t.Fatalf("only %d of the random streams were whole images", tried)
	}
}

// TestHostileImagesEncode: writing a 13,000² greyscale PNG, GIF or RLE8
// BMP back as AutoGen's RGB PNG (what normalize does with an image) is
// done a row at a time: it allocates a few megabytes (the rows, zlib's
// state and the compressed file), where decoding the pixels first would
// take 507 MB of RGB and more to encode them.
func TestHostileImagesEncode(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes images of 169 million pixels")
	}
	const mb = 1 << 20
	side := hostileSide
	if raceEnabled {
		side = 4000 // 48 MB of RGB: still three times the bound
	}
	for name, data := range map[string]func() []byte{
		"png grey": func() []byte { return grayPNG(t, side, side) },
		"gif":      func() []byte { return hostileGIF(t, side, side) },
		"bmp rle8": func() []byte { return hostileBMP(side, side) },
	} {
		t.Run(name, func(t *testing.T) {
			im, err := Open(data(), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			var out []byte
			peak, total := heapUse(func() { out, err = im.EncodePNG() })
			t.Logf("heap peak %.1f MB, allocated %.1f MB, %d bytes out", float64(peak)/mb, float64(total)/mb, len(out))
			if err != nil {
				t.Fatal(err)
			}
			if total > 16*mb {
				t.Errorf("EncodePNG allocated %.1f MB, want at most 16 MB", float64(total)/mb)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(out))
			if err != nil || cfg.Width != side || cfg.Height != side || cfg.ColorModel != color.RGBAModel {
				t.Errorf("output: %+v, %v; want a %d² RGB PNG", cfg, err, side)
			}
		})
	}
}

// TestStreamedEncodeEqualsDecoded: an image large enough to be encoded a
// row at a time gives the same file as encoding its decoded pixels.
func TestStreamedEncodeEqualsDecoded(t *testing.T) {
	const w, h = 1100, 1000 // past streamMinPixels
	for name, data := range map[string][]byte{
		"png":            grayPNG(t, w, h),
		"gif":            hostileGIF(t, w, h),
		"bmp rle8":       hostileBMP(w, h),
		"jpeg grey":      hostileJPEG(t, w, h, false),
		"jpeg 4:2:0":     colourJPEG(t, w, h),
		"jpeg 4:2:0 odd": colourJPEG(t, w+1, h+1),
	} {
		t.Run(name, func(t *testing.T) {
			im, err := Open(data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if im.rowSource() == nil {
				t.Fatal("not streamed")
			}
			streamed, err := im.EncodePNG()
			if err != nil {
				t.Fatal(err)
			}
			iw, ih, pix, err := im.RGB()
			if err != nil {
				t.Fatal(err)
			}
			whole, err := encodeRGBPNG(iw, ih, pix)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(streamed, whole) {
				t.Error("the streamed file differs from the decoded one")
			}
		})
	}
}

// colourJPEG is a w×h JPEG of a colour pattern, as image/jpeg writes it
// (YCbCr 4:2:0, so its chroma is upsampled).
func colourJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{byte(x), byte(y * 3), byte(x ^ y), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHostileJPEGEncode: a 65,000-wide greyscale JPEG (175 million
// pixels) is written back as AutoGen's RGB PNG holding its decoded
// samples (one byte a pixel, as image/jpeg gives them) and a row of RGB,
// where converting it whole took three and then four bytes a pixel more.
func TestHostileJPEGEncode(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 175 million pixels")
	}
	w, h := 65000, 2700
	if raceEnabled {
		h = 100
	}
	im, err := Open(hostileJPEG(t, w, h, false), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	_, total := heapUse(func() { out, err = im.EncodePNG() })
	if err != nil {
		t.Fatal(err)
	}
	limit := uint64(w*h) + 32<<20
	t.Logf("allocated %.1f MB for %d pixels, %d bytes out", float64(total)/(1<<20), w*h, len(out))
	if total > limit {
		t.Errorf("EncodePNG allocated %.1f MB, want at most %.1f MB (the samples and 32 MB)", float64(total)/(1<<20), float64(limit)/(1<<20))
	}
}
