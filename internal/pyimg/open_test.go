package pyimg

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"sync"
	"testing"
	"time"
)

func stdBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func pngChunk(typ string, body []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, uint32(len(body)))
	b.WriteString(typ)
	b.Write(body)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), body...)))
	return b.Bytes()
}

// bombPNG is a PNG header claiming w×h pixels with a tiny IDAT.
func bombPNG(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2
	out := append(bytes.Clone(pngSignature), pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	return append(out, pngChunk("IEND", nil)...)
}

func TestDecompressionBomb(t *testing.T) {
	data := bombPNG(100000, 100000)
	start := time.Now()
	_, err := Open(data, Limits{})
	var be *DecompressionBombError
	if !errors.As(err, &be) {
		t.Fatalf("Open error %v, want a DecompressionBombError", err)
	}
	if be.Width != 100000 || be.Height != 100000 || be.Pixels != 1e10 || be.Limit != DefaultMaxPixels {
		t.Fatalf("%+v", be)
	}
	if want := "Image size (10000000000 pixels) exceeds limit of 178956970 pixels, could be decompression bomb DOS attack."; be.Error() != want {
		t.Fatalf("message %q", be.Error())
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("refusing took %v", d)
	}
	allocs := testing.AllocsPerRun(20, func() { Open(data, Limits{}) })
	if allocs > 10 {
		t.Fatalf("refusing allocated %v times", allocs)
	}
	// The same through FromBase64, and a custom limit.
	if _, err := FromBase64(stdBase64(data), Limits{}); !errors.As(err, &be) {
		t.Fatalf("FromBase64: %v", err)
	}
	if _, err := Open(bombPNG(100, 100), Limits{MaxPixels: 9999}); !errors.As(err, &be) || be.Limit != 9999 {
		t.Fatalf("custom limit: %v", err)
	}
	if _, err := Open(bombPNG(100, 100), Limits{MaxPixels: 10000}); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	if _, err := Open(bombPNG(100000, 100000), Limits{MaxPixels: -1}); err != nil {
		t.Fatalf("limit disabled: %v", err)
	}
	// Other formats are checked too.
	gif := []byte("GIF89a\xff\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\xff\xff\xff\xff\x00\x02\x00;")
	bmp := append([]byte("BM\x00\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00\xff\xff\x00\x00\xff\xff\x00\x00\x01\x00\x18\x00"), make([]byte, 24)...)
	jpg := []byte("\xff\xd8\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00")
	webp := []byte("RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x10\x00\x00\x00\xff\xff\x00\xff\xff\x00")
	for name, d := range map[string][]byte{"gif": gif, "bmp": bmp, "jpeg": jpg, "webp": webp} {
		if _, err := Open(d, Limits{}); !errors.As(err, &be) {
			t.Errorf("%s: error %v, want a DecompressionBombError", name, err)
		}
	}
}

func TestUnidentified(t *testing.T) {
	valid := bombPNG(1, 1)
	badCRC := bytes.Clone(valid)
	badCRC[29] ^= 1 // inside the IHDR CRC
	zeroSize := bombPNG(0, 5)
	for name, data := range map[string][]byte{
		"empty":          nil,
		"text":           []byte("hello"),
		"truncated gif":  []byte("GIF89a\x01\x00"), // invalid/Image/005
		"gif no frame":   []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
		"png signature":  pngSignature,
		"png bad crc":    badCRC,
		"png zero size":  zeroSize,
		"png bad depth":  append(append(bytes.Clone(pngSignature), pngChunk("IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 3, 2, 0, 0, 0})...), pngChunk("IDAT", nil)...),
		"jpeg soi only":  {0xff, 0xd8, 0xff},
		"jpeg 12-bit":    []byte("\xff\xd8\xff\xc0\x00\x0b\x0c\x00\x01\x00\x01\x01\x01\x11\x00\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00"),
		"bmp short":      []byte("BM\x00\x00"),
		"bmp bad header": append([]byte("BM\x00\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x20\x00\x00\x00"), make([]byte, 40)...),
		"webp bad chunk": []byte("RIFF\x00\x00\x00\x00WEBPXXXX\x00\x00\x00\x00\x00\x00"),
		"webp short":     []byte("RIFF\x00\x00\x00\x00WEBPVP8 "),
	} {
		_, err := Open(data, Limits{})
		var ue *UnidentifiedImageError
		if !errors.As(err, &ue) {
			t.Errorf("%s: error %v, want an UnidentifiedImageError", name, err)
		}
	}
	if _, err := Open(valid, Limits{}); err != nil {
		t.Fatal(err)
	}
}

func TestDecodeErrors(t *testing.T) {
	// A valid header whose image data is cut short: Open accepts it (Pillow's
	// open is lazy), RGB and Load refuse it, as AutoGen's convert does.
	var buf bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 20, 20))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	png.Encode(&buf, img)
	full := buf.Bytes()
	idat := bytes.Index(full, []byte("IDAT"))
	cut := full[:idat+20]
	im, err := Open(cut, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, err = im.RGB()
	var de *DecodeError
	if !errors.As(err, &de) || de.Format != "PNG" {
		t.Fatalf("RGB error %v, want a PNG DecodeError", err)
	}
	if _, err := im.EncodePNG(); !errors.As(err, &de) {
		t.Fatalf("EncodePNG error %v", err)
	}
	if _, err := Load(cut, Limits{}); !errors.As(err, &de) {
		t.Fatalf("Load error %v", err)
	}
	// A corrupt zlib stream.
	bad := bytes.Clone(full)
	bad[idat+4] = 0x00
	if _, err := Load(bad, Limits{}); !errors.As(err, &de) {
		t.Fatalf("bad zlib header: %v", err)
	}
}

// Pillow does not verify IDAT CRCs or the zlib checksum; neither does RGB,
// but such a file is not passed through by EncodePNG.
func TestPillowTolerance(t *testing.T) {
	var buf bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 3, 3))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 11)
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	png.Encode(&buf, img)
	good := buf.Bytes()
	idat := bytes.Index(good, []byte("IDAT"))
	n := int(binary.BigEndian.Uint32(good[idat-4:]))
	badCRC := bytes.Clone(good)
	badCRC[idat+4+n] ^= 0xff
	badAdler := bytes.Clone(good)
	badAdler[idat+4+n-1] ^= 0xff
	want := goImageRGB(img)
	for name, data := range map[string][]byte{"good": good, "idat crc": badCRC, "adler32": badAdler} {
		im, err := Load(data, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, _, pix, _ := im.RGB()
		if !bytes.Equal(pix, want) {
			t.Fatalf("%s: pixels %v", name, pix)
		}
		enc, _ := im.EncodePNG()
		if same := bytes.Equal(enc, data); same != (name == "good") {
			t.Fatalf("%s: passed through %v", name, same)
		}
		if _, err := png.Decode(bytes.NewReader(enc)); err != nil {
			t.Fatalf("%s: EncodePNG output does not decode: %v", name, err)
		}
	}
}

func TestConcurrentRGB(t *testing.T) {
	f := loadImagesJSON(t)
	data, _ := DecodeBase64(f.Images[len(f.Images)-1].B64)
	im, err := Open(data, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([][]byte, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, results[i], _ = im.RGB()
			im.EncodePNG()
		}()
	}
	wg.Wait()
	for _, r := range results[1:] {
		if !bytes.Equal(r, results[0]) {
			t.Fatal("concurrent RGB calls disagree")
		}
	}
	results[0][0] ^= 0xff // a caller's copy does not change the image
	if _, _, p, _ := im.RGB(); bytes.Equal(p, results[0]) {
		t.Fatal("RGB returned shared memory")
	}
}

// stdPNGPillowRGB decodes a PNG with image/png and applies Pillow's
// conversion rules, as an independent check of this package's decoder.
func stdPNGPillowRGB(data []byte, depth, ctype byte) ([]byte, bool) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	b := img.Bounds()
	out := make([]byte, 0, b.Dx()*b.Dy()*3)
	clip := func(v uint16) byte {
		if v > 255 {
			return 255
		}
		return byte(v)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			switch m := img.(type) {
			case *image.Gray:
				v := m.GrayAt(x, y).Y
				out = append(out, v, v, v)
			case *image.Gray16:
				v := clip(m.Gray16At(x, y).Y)
				out = append(out, v, v, v)
			case *image.RGBA:
				c := m.RGBAAt(x, y)
				out = append(out, c.R, c.G, c.B)
			case *image.NRGBA:
				c := m.NRGBAAt(x, y)
				out = append(out, c.R, c.G, c.B)
			case *image.RGBA64:
				c := m.RGBA64At(x, y)
				out = append(out, byte(c.R>>8), byte(c.G>>8), byte(c.B>>8))
			case *image.NRGBA64:
				c := m.NRGBA64At(x, y)
				if depth == 16 && ctype == 0 {
					v := clip(c.R)
					out = append(out, v, v, v)
				} else {
					out = append(out, byte(c.R>>8), byte(c.G>>8), byte(c.B>>8))
				}
			case *image.Paletted:
				switch c := m.Palette[m.ColorIndexAt(x, y)].(type) {
				case color.RGBA:
					out = append(out, c.R, c.G, c.B)
				case color.NRGBA:
					out = append(out, c.R, c.G, c.B)
				default:
					return nil, false
				}
			default:
				return nil, false
			}
		}
	}
	return out, true
}

func seedImages(f *testing.F) {
	imgs := loadImagesJSON(f)
	for _, c := range imgs.Images {
		data, _ := DecodeBase64(c.B64)
		f.Add(data)
	}
	for _, c := range loadPillowCases(f) {
		data, _ := DecodeBase64(c.B64)
		f.Add(data)
	}
	f.Add(bombPNG(3, 3))
	f.Add([]byte("GIF89a\x01\x00"))
}

// FuzzOpen checks that no input panics, that whatever opens and converts
// re-encodes to a PNG with the same pixels, and that PNG pixels agree with
// the standard library's decoder wherever it accepts the file.
func FuzzOpen(f *testing.F) {
	seedImages(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := Open(data, Limits{MaxPixels: 1 << 20})
		if err != nil {
			return
		}
		w, h, pix, err := im.RGB()
		if err != nil {
			return
		}
		if len(pix) != w*h*3 {
			t.Fatalf("%d pixel bytes for %dx%d", len(pix), w, h)
		}
		enc, err := im.EncodePNG()
		if err != nil {
			t.Fatalf("EncodePNG: %v", err)
		}
		again, err := Load(enc, Limits{MaxPixels: 1 << 20})
		if err != nil {
			t.Fatalf("re-encoded image does not load: %v", err)
		}
		w2, h2, pix2, _ := again.RGB()
		if w2 != w || h2 != h || !bytes.Equal(pix, pix2) {
			t.Fatalf("re-encoded pixels differ")
		}
		if _, _, std := stdlibRGBNoFail(enc); !bytes.Equal(std, pix) {
			t.Fatalf("image/png reads the re-encoded PNG differently")
		}
		if im.png != nil {
			if std, ok := stdPNGPillowRGB(data, im.png.depth, im.png.ctype); ok && !bytes.Equal(std, pix) {
				t.Fatalf("pixels differ from image/png's for depth %d colour type %d", im.png.depth, im.png.ctype)
			}
		}
	})
}

func stdlibRGBNoFail(data []byte) (int, int, []byte) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return 0, 0, nil
	}
	b := img.Bounds()
	return b.Dx(), b.Dy(), goImageRGB(img)
}

func bench64(b testing.TB, alpha bool) []byte {
	var buf bytes.Buffer
	var img image.Image
	if alpha {
		m := image.NewNRGBA(image.Rect(0, 0, 64, 64))
		for i := range m.Pix {
			m.Pix[i] = byte(i * 31 / 7)
		}
		img = m
	} else {
		m := image.NewRGBA(image.Rect(0, 0, 64, 64))
		for i := range m.Pix {
			m.Pix[i] = byte(i * 31 / 7)
			if i%4 == 3 {
				m.Pix[i] = 255
			}
		}
		img = m
	}
	if err := png.Encode(&buf, img); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func BenchmarkOpen64(b *testing.B) {
	data := bench64(b, false)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Open(data, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodePNG64RGB(b *testing.B) {
	data := bench64(b, false)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		im, _ := Open(data, Limits{})
		if _, err := im.EncodePNG(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodePNG64RGBA(b *testing.B) {
	data := bench64(b, true)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		im, _ := Open(data, Limits{})
		if _, err := im.EncodePNG(); err != nil {
			b.Fatal(err)
		}
	}
}
