package pyimg

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pillow_cases.json holds images in modes images.json lacks, with the
// pixels Pillow gives them (testdata/gen_pillow_cases.py wrote it, with
// Pillow 9.4).
type pillowCase struct {
	Name   string `json:"name"`
	B64    string `json:"b64"`
	Format string `json:"format"`
	Mode   string `json:"mode"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	RGBHex string `json:"rgb_hex"`
	Error  string `json:"error"`
	Note   string `json:"note"`
}

func loadPillowCases(t testing.TB) []pillowCase {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "pillow_cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []pillowCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	return f.Cases
}

// pillowOverrides are the cases where current Pillow differs from the
// Pillow 9.4 that generated the file.
var pillowOverrides = map[string]struct{ mode, rgb string }{
	// Pillow 9.4 initialised unused palette entries to a grey ramp; since
	// Pillow 10.1 (python-pillow/Pillow#7289, ImagingPaletteNew) they are
	// black.
	"palette8_short_plte_3x1": {rgb: "ff000000ff00000000"},
}

func TestPillowCases(t *testing.T) {
	for _, c := range loadPillowCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			data, err := DecodeBase64(c.B64)
			if err != nil {
				t.Fatal(err)
			}
			if c.Error != "" {
				if _, err := Load(data, Limits{}); err == nil {
					t.Fatalf("accepted; Pillow raised %s", c.Error)
				}
				return
			}
			im, err := Open(data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			mode, want := c.Mode, c.RGBHex
			if mode == "I" && c.Format == "PNG" {
				// Pillow 9.4 opened 16-bit grey PNGs as mode "I"; Pillow
				// 10.3 and later as "I;16" (python-pillow/Pillow#7849),
				// with the same clipping conversion to RGB.
				mode = "I;16"
			}
			if o, ok := pillowOverrides[c.Name]; ok {
				if o.mode != "" {
					mode = o.mode
				}
				if o.rgb != "" {
					want = o.rgb
				}
			}
			if w, h := im.Size(); w != c.Width || h != c.Height || im.Format() != c.Format || im.Mode() != mode {
				t.Fatalf("%s %s %dx%d, want %s %s %dx%d", im.Format(), im.Mode(), w, h, c.Format, mode, c.Width, c.Height)
			}
			_, _, pix, err := im.RGB()
			if err != nil {
				t.Fatal(err)
			}
			if c.Format == "JPEG" {
				// Go's inverse DCT rounds differently from libjpeg's.
				wantPix, _ := hex.DecodeString(want)
				if d := maxDiff(pix, wantPix); d > jpegTolerance {
					t.Fatalf("JPEG pixels differ from Pillow's by up to %d", d)
				}
				return
			}
			if got := hex.EncodeToString(pix); got != want {
				t.Fatalf("RGB\n got %s\nwant %s", got, want)
			}
			enc, err := im.EncodePNG()
			if err != nil {
				t.Fatal(err)
			}
			checkRGBPNG(t, enc)
			if _, _, p := stdlibRGB(t, enc); hex.EncodeToString(p) != want {
				t.Fatalf("EncodePNG decodes to %x", p)
			}
		})
	}
}

const jpegTolerance = 4

func maxDiff(a, b []byte) int {
	if len(a) != len(b) {
		return 256
	}
	m := 0
	for i := range a {
		d := int(a[i]) - int(b[i])
		if d < 0 {
			d = -d
		}
		m = max(m, d)
	}
	return m
}

func TestWebPTruncated(t *testing.T) {
	// A VP8L header for a 3x2 image with alpha; the pixel data is not needed
	// to open it, but reading the pixels fails as Pillow's load() does.
	data := []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x02\x40\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00")
	im, err := Open(data, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if w, h := im.Size(); w != 3 || h != 2 || im.Format() != "WEBP" || im.Mode() != "RGBA" || im.MIME() != "image/webp" {
		t.Fatalf("%s %s %dx%d %s", im.Format(), im.Mode(), w, h, im.MIME())
	}
	_, _, _, err = im.RGB()
	var de *DecodeError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "broken data stream") {
		t.Fatalf("RGB error %v, want a DecodeError for a broken data stream", err)
	}
	if !strings.Contains(err.Error(), "WEBP") {
		t.Errorf("error %q does not name the format", err)
	}
}

func TestWebPLosslessPixels(t *testing.T) {
	// gopher-doc.8bpp.{lossless.webp,png} come from golang.org/x/image's
	// testdata (BSD licence): the same picture, lossless, so Pillow's
	// convert("RGB") gives the same pixels for both.
	read := func(name string) (int, int, []byte) {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		im, err := Open(data, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w, h, rgb, err := im.RGB()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return w, h, rgb
	}
	ww, wh, webpRGB := read("gopher-doc.8bpp.lossless.webp")
	pw, ph, pngRGB := read("gopher-doc.8bpp.png")
	if ww != pw || wh != ph || !bytes.Equal(webpRGB, pngRGB) {
		t.Fatalf("WebP %dx%d and PNG %dx%d differ in their pixels", ww, wh, pw, ph)
	}
}
