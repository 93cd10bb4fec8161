package pyimg

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

// BenchmarkCheckPNG64 opens and checks a small RGB PNG, as decoding a
// state that holds one does.
func BenchmarkCheckPNG64(b *testing.B) {
	data := bench64(b, false)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		im, err := Open(data, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if err := im.Check(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckPNG64RGBA is BenchmarkCheckPNG64 for an RGBA PNG.
func BenchmarkCheckPNG64RGBA(b *testing.B) {
	data := bench64(b, true)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		im, _ := Open(data, Limits{})
		if err := im.Check(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckGIF64 opens and checks a small GIF.
func BenchmarkCheckGIF64(b *testing.B) {
	m := image.NewPaletted(image.Rect(0, 0, 64, 64), color.Palette{color.Black, color.White, color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}})
	for i := range m.Pix {
		m.Pix[i] = byte(i*7/5) & 3
	}
	var buf bytes.Buffer
	if err := gif.Encode(&buf, m, nil); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		im, _ := Open(data, Limits{})
		if err := im.Check(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckTranscriptPNGs opens and checks the 15 images of the
// benchmark transcript (small RGB PNGs written by Pillow), as loading its
// MultiModalMessages does.
func BenchmarkCheckTranscriptPNGs(b *testing.B) {
	imgs := transcriptPNGs(b)
	for b.Loop() {
		for _, data := range imgs {
			im, err := Open(data, Limits{})
			if err != nil {
				b.Fatal(err)
			}
			if err := im.Check(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
