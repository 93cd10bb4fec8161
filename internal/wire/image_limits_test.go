package wire

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"runtime"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pyimg"
)

// imagesDoc is a JSON array of n image objects holding data.
func imagesDoc(data []byte, n int) []byte {
	obj := `{"data":"` + base64.StdEncoding.EncodeToString(data) + `"}`
	return []byte("[" + strings.TrimSuffix(strings.Repeat(obj+",", n), ",") + "]")
}

// decodeImages decodes an array of images.
func decodeImages(doc []byte, opts Options) (Errors, int) {
	n := 0
	d := NewDecoder(doc, opts)
	d.DecodeDocument(DecodeFunc(func(d *Decoder) {
		d.Array()
		for d.More() {
			if !d.Image().IsZero() {
				n++
			}
		}
	}))
	return d.Errors(), n
}

func TestDocumentImagePixelLimit(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 100, 100))); err != nil {
		t.Fatal(err)
	}
	// MaxImagePixels 10,000 makes the document's limit 40,000: four
	// images of 100x100 pass, the fifth crosses it.
	errs, n := decodeImages(imagesDoc(buf.Bytes(), 4), Options{MaxImagePixels: 10000})
	if len(errs) != 0 || n != 4 {
		t.Fatalf("four images: %v (%d decoded)", errs, n)
	}
	for _, serial := range []bool{false, true} {
		errs, _ = decodeImages(imagesDoc(buf.Bytes(), 7), Options{MaxImagePixels: 10000, SerialImages: serial})
		le := limitOf(t, errs)
		if le.Limit != "document_image_pixels" || le.Max != 40000 {
			t.Fatalf("limit %+v", le)
		}
		if len(errs) != 1 || errs[0].Pointer != "/4/data" {
			t.Fatalf("faults %v, want one at /4/data", errs)
		}
		if want := "exceeds the document_image_pixels limit of 40000 (pixels in the images of one document)"; errs[0].Message != want {
			t.Fatalf("message %q", errs[0].Message)
		}
	}
	// No limit.
	if errs, n := decodeImages(imagesDoc(buf.Bytes(), 7), Options{MaxImagePixels: -1}); len(errs) != 0 || n != 7 {
		t.Fatalf("no limit: %v (%d decoded)", errs, n)
	}
	// A reused decoder starts each document at zero.
	doc := imagesDoc(buf.Bytes(), 3)
	d := NewDecoder(doc, Options{MaxImagePixels: 10000})
	for i := 0; i < 3; i++ {
		d.Reset(doc)
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			d.Array()
			for d.More() {
				d.Image()
			}
		}))
		if err := d.Err(); err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
	}
}

// grayBombPNG is a 13000x13000 greyscale PNG of zeros: 169,000,000 pixels,
// under Pillow's per-image threshold, in 164 KB.
func grayBombPNG(t *testing.T) []byte {
	const side = 13000
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, side+1)
	for y := 0; y < side; y++ {
		zw.Write(row)
	}
	zw.Close()
	chunk := func(typ string, data []byte) []byte {
		var b bytes.Buffer
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		return b.Bytes()
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], side)
	binary.BigEndian.PutUint32(ihdr[4:], side)
	ihdr[8] = 8
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	out = append(out, chunk("IDAT", z.Bytes())...)
	return append(out, chunk("IEND", nil)...)
}

// TestDocumentOfBombs decodes a document of five images just under
// Pillow's per-image threshold with the default options: four are checked
// (as a stream, in little memory) and the fifth crosses the document's
// limit.
func TestDocumentOfBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("inflates 700 MB")
	}
	doc := imagesDoc(grayBombPNG(t), 5)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	errs, _ := decodeImages(doc, Options{})
	runtime.ReadMemStats(&after)
	le := limitOf(t, errs)
	if le.Limit != "document_image_pixels" || le.Max != pyimg.DefaultMaxDocumentPixels || errs[0].Pointer != "/4/data" {
		t.Fatalf("faults %v", errs)
	}
	if len(errs) != 1 {
		t.Fatalf("faults %v, want the limit only", errs)
	}
	// Everything allocated while decoding (an upper bound of the heap's
	// peak): the base64 of five images and some row buffers.
	if total := after.TotalAlloc - before.TotalAlloc; total > 8<<20 {
		t.Errorf("decoding allocated %.1f MB, want under 8 MB", float64(total)/(1<<20))
	}
}

// TestImageCheckAsyncOnlyWithWorkLeft: a large image is checked on another
// goroutine only when enough of the document is left to parse meanwhile;
// the image of a one-message document is checked in place.
func TestImageCheckAsyncOnlyWithWorkLeft(t *testing.T) {
	img := noisyPNG(t, 4)
	obj := `{"data":"` + base64.StdEncoding.EncodeToString(img) + `"}`
	pad := `"` + strings.Repeat("x", asyncRestFactor*len(img)) + `"`
	cases := []struct {
		name  string
		doc   string
		async bool
	}{
		{"alone", "[" + obj + "]", false},
		{"document left", "[" + obj + "," + pad + "]", true},
		{"serial option", "[" + obj + "," + pad + "]", false},
	}
	for _, c := range cases {
		d := NewDecoder([]byte(c.doc), Options{SerialImages: c.name == "serial option"})
		var pending int
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			d.Array()
			d.More()
			d.Image()
			pending = len(d.images)
			for d.More() {
				d.Skip()
			}
		}))
		if err := d.Err(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := pending == 1; got != c.async {
			t.Errorf("%s: checked on another goroutine: %v, want %v", c.name, got, c.async)
		}
	}
}

// TestRepeatedImageReadOnce: an image repeated in a document is opened
// and checked once (its occurrences share one *pyimg.Image), and a bad one
// repeated still has a fault at each occurrence, as when each is read
// alone; a new document starts afresh.
func TestRepeatedImageReadOnce(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString
	good, bad := b64(noisyPNG(t, 5)), b64(truncatedPNG(t, 6))
	pad := `"` + strings.Repeat("x", 1<<16) + `"`
	doc := []byte(`[{"data":"` + good + `"},{"data":"` + bad + `"},{"data":"` + good + `"},{"data":"` + bad + `"},{"data":"` + good + `"},` + pad + `]`)
	for _, serial := range []bool{false, true} {
		d := NewDecoder(doc, Options{SerialImages: serial})
		var ims []Image
		read := func(d *Decoder) {
			d.Array()
			for d.More() {
				if d.Peek() == KindString {
					d.Skip()
					continue
				}
				ims = append(ims, d.Image())
			}
		}
		d.DecodeDocument(DecodeFunc(read))
		errs := d.Errors()
		if len(errs) != 2 || errs[0].Pointer != "/1/data" || errs[1].Pointer != "/3/data" || errs[0].Message != errs[1].Message {
			t.Fatalf("serial %v: faults %v, want the same one at /1/data and /3/data", serial, errs)
		}
		if ims[0].Image == nil || ims[0].Image != ims[2].Image || ims[2].Image != ims[4].Image {
			t.Fatalf("serial %v: the repeated image was read more than once", serial)
		}
		first := ims[0].Image
		ims = nil
		d.Reset(doc)
		d.DecodeDocument(DecodeFunc(read))
		if ims[0].Image == first {
			t.Fatalf("serial %v: a new document reused the last one's image", serial)
		}
	}
}
