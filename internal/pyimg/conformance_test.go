package pyimg

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const conformanceDir = "../../testdata/conformance"

type imagesFile struct {
	MimeSniffing map[string]string `json:"mime_sniffing_for_data_uri"`
	Images       []struct {
		Name       string `json:"name"`
		B64        string `json:"b64"`
		Width      int    `json:"width"`
		Height     int    `json:"height"`
		SourceMode string `json:"source_mode"`
		RGBHex     string `json:"rgb_hex"`
		Dump       struct {
			Data string `json:"data"`
		} `json:"dump"`
		DumpRGBHex    string `json:"dump_rgb_hex"`
		DataURIPrefix string `json:"data_uri_prefix"`
	} `json:"images"`
	FromURI []struct {
		URI   string `json:"uri"`
		OK    bool   `json:"ok"`
		Error *struct {
			Msg string `json:"msg"`
		} `json:"error"`
	} `json:"from_uri"`
}

func loadImagesJSON(t testing.TB) imagesFile {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(conformanceDir, "misc", "images.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f imagesFile
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Images) == 0 {
		t.Fatal("images.json lists no images")
	}
	return f
}

// stdlibRGB decodes a PNG with the standard library, independently of this
// package, for checking what EncodePNG wrote.
func stdlibRGB(t testing.TB, data []byte) (int, int, []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("image/png cannot decode: %v", err)
	}
	b := img.Bounds()
	return b.Dx(), b.Dy(), goImageRGB(img)
}

// checkRGBPNG asserts that data is an 8-bit RGB (colour type 2) PNG.
func checkRGBPNG(t testing.TB, data []byte) {
	t.Helper()
	if len(data) < 26 || !bytes.HasPrefix(data, pngSignature) || string(data[12:16]) != "IHDR" {
		t.Fatalf("EncodePNG output is not a PNG")
	}
	if data[24] != 8 || data[25] != 2 {
		t.Fatalf("EncodePNG output has bit depth %d, colour type %d; want 8, 2", data[24], data[25])
	}
}

func TestImagesJSON(t *testing.T) {
	f := loadImagesJSON(t)
	for _, c := range f.Images {
		t.Run(c.Name, func(t *testing.T) {
			data, err := DecodeBase64(c.B64)
			if err != nil {
				t.Fatal(err)
			}
			im, err := Open(data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if w, h := im.Size(); w != c.Width || h != c.Height {
				t.Fatalf("size %dx%d, want %dx%d", w, h, c.Width, c.Height)
			}
			if im.Mode() != c.SourceMode || im.Format() != "PNG" {
				t.Errorf("mode %q format %q, want %q PNG", im.Mode(), im.Format(), c.SourceMode)
			}
			_, _, pix, err := im.RGB()
			if err != nil {
				t.Fatal(err)
			}
			if got := hex.EncodeToString(pix); got != c.RGBHex {
				t.Fatalf("RGB %s, want %s", got, c.RGBHex)
			}
			enc, err := im.EncodePNG()
			if err != nil {
				t.Fatal(err)
			}
			checkRGBPNG(t, enc)
			w, h, encPix := stdlibRGB(t, enc)
			if w != c.Width || h != c.Height || hex.EncodeToString(encPix) != c.DumpRGBHex {
				t.Fatalf("EncodePNG decodes to %dx%d %x, want %s", w, h, encPix, c.DumpRGBHex)
			}
			// The oracle's dump decodes to the same pixels with this package.
			dump, err := FromBase64(c.Dump.Data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, dp, _ := dump.RGB(); hex.EncodeToString(dp) != c.DumpRGBHex {
				t.Fatalf("dump decodes to %x, want %s", dp, c.DumpRGBHex)
			}
			uri, err := im.DataURI()
			if err != nil || !strings.HasPrefix(uri, c.DataURIPrefix) {
				t.Fatalf("DataURI %.40q, %v; want prefix %q", uri, err, c.DataURIPrefix)
			}
			if im.MIME() != "image/png" {
				t.Errorf("MIME %q", im.MIME())
			}
		})
	}
}

func TestMIMESniffing(t *testing.T) {
	f := loadImagesJSON(t)
	samples := map[string][]byte{
		"png":     append(bytes.Clone(pngSignature), 0, 0),
		"jpeg":    {0xff, 0xd8, 0xff, 0xe0},
		"gif87":   []byte("GIF87a...."),
		"gif89":   []byte("GIF89a...."),
		"webp":    []byte("RIFF\x10\x00\x00\x00WEBPVP8 "),
		"unknown": []byte("hello world"),
		"empty":   nil,
	}
	if len(f.MimeSniffing) != len(samples) {
		t.Fatalf("images.json has %d sniffing cases, the test knows %d", len(f.MimeSniffing), len(samples))
	}
	for name, want := range f.MimeSniffing {
		data, ok := samples[name]
		if !ok {
			t.Fatalf("no sample for %q", name)
		}
		if got := "data:" + SniffMIME(data); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if got := SniffMIME([]byte("BM\x00\x00")); got != "image/jpeg" {
		t.Errorf("BMP sniffs as %q, want image/jpeg as AutoGen", got)
	}
}

func TestFromDataURI(t *testing.T) {
	f := loadImagesJSON(t)
	for _, c := range f.FromURI {
		_, err := FromDataURI(c.URI, Limits{})
		if c.Error != nil {
			var de *DataURIError
			if !errors.As(err, &de) || de.Msg != c.Error.Msg {
				t.Errorf("%.50q: error %v, want %q", c.URI, err, c.Error.Msg)
			}
			continue
		}
		// The oracle's PNG-only PIL stub accepted these truncated images;
		// Python's b64decode refuses them: each ends in an incomplete quad.
		var be *Base64Error
		if !errors.As(err, &be) {
			t.Errorf("%.50q: error %v, want a base64 error", c.URI, err)
		}
	}
	im, err := FromDataURI("data:image/jpeg;base64,"+f.Images[0].B64, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, pix, _ := im.RGB(); hex.EncodeToString(pix) != f.Images[0].RGBHex {
		t.Errorf("pixels %x", pix)
	}
}

type conformanceCase struct {
	Type  string          `json:"type"`
	Input json.RawMessage `json:"input"`
	Dump  json.RawMessage `json:"dump"`
	Note  string          `json:"note"`
	Error *struct {
		Exception string `json:"exception"`
		Msg       string `json:"msg"`
		Type      string `json:"type"`
	} `json:"error"`
	AllErrors []struct {
		Type string `json:"type"`
		Msg  string `json:"msg"`
	} `json:"all_errors"`
}

func readCases(t *testing.T, pattern string) map[string]conformanceCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(conformanceDir, pattern))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files for %s: %v", pattern, err)
	}
	out := map[string]conformanceCase{}
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var c conformanceCase
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = c
	}
	return out
}

func TestValidImageCases(t *testing.T) {
	for name, c := range readCases(t, "valid/Image/*.json") {
		t.Run(filepath.Base(name), func(t *testing.T) {
			var in, dump struct {
				Data string `json:"data"`
			}
			if err := json.Unmarshal(c.Input, &in); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(c.Dump, &dump); err != nil {
				t.Fatal(err)
			}
			im, err := FromBase64(in.Data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			enc, err := im.EncodeBase64()
			if err != nil {
				t.Fatal(err)
			}
			encData, err := DecodeBase64(enc)
			if err != nil {
				t.Fatal(err)
			}
			checkRGBPNG(t, encData)
			dumpData, err := DecodeBase64(dump.Data)
			if err != nil {
				t.Fatal(err)
			}
			w1, h1, p1 := stdlibRGB(t, encData)
			w2, h2, p2 := stdlibRGB(t, dumpData)
			if w1 != w2 || h1 != h2 || !bytes.Equal(p1, p2) {
				t.Fatalf("re-encoded %dx%d %x, dump %dx%d %x", w1, h1, p1, w2, h2, p2)
			}
		})
	}
}

// imageDataCases are the invalid cases whose image item is a dict with a
// string "data": those are this package's to refuse. (A non-dict item or a
// non-string "data" is refused by the JSON layer before any decoding.)
func TestInvalidImageData(t *testing.T) {
	cases := readCases(t, "invalid/Image/*.json")
	for name, c := range readCases(t, "invalid/UserMessage/*.json") {
		cases[name] = c
	}
	checked := 0
	for name, c := range cases {
		var data string
		if c.Type == "Image" {
			var in struct {
				Data *string `json:"data"`
			}
			if json.Unmarshal(c.Input, &in) != nil || in.Data == nil {
				continue
			}
			data = *in.Data
		} else {
			var in struct {
				Content []json.RawMessage `json:"content"`
			}
			if json.Unmarshal(c.Input, &in) != nil || len(in.Content) != 1 {
				continue
			}
			var item struct {
				Data *string `json:"data"`
			}
			if json.Unmarshal(in.Content[0], &item) != nil || item.Data == nil {
				continue
			}
			data = *item.Data
		}
		checked++
		t.Run(filepath.Base(filepath.Dir(name))+"/"+filepath.Base(name), func(t *testing.T) {
			_, err := FromBase64(data, Limits{})
			if err == nil {
				t.Fatalf("accepted %.60q (%s)", data, c.Note)
			}
			// Where AutoGen raised a pydantic value_error, the message is
			// Python's base64 message.
			for _, e := range c.AllErrors {
				if e.Type == "value_error" && strings.HasPrefix(e.Msg, "Value error, ") {
					var be *Base64Error
					if want := strings.TrimPrefix(e.Msg, "Value error, "); !errors.As(err, &be) || be.Msg != want {
						t.Fatalf("error %v, want %q", err, want)
					}
				}
			}
			if c.Error != nil && c.Error.Exception == "UnidentifiedImageError" {
				var ue *UnidentifiedImageError
				if !errors.As(err, &ue) {
					t.Fatalf("error %T %v, want an UnidentifiedImageError", err, err)
				}
			}
		})
	}
	if checked < 6 {
		t.Fatalf("only %d invalid cases carry image data", checked)
	}
}

func TestUserMessageEmbeddedNewline(t *testing.T) {
	for name, c := range readCases(t, "valid/UserMessage/*.json") {
		var in, dump struct {
			Content []json.RawMessage `json:"content"`
		}
		if json.Unmarshal(c.Input, &in) != nil || json.Unmarshal(c.Dump, &dump) != nil {
			continue
		}
		for i, item := range in.Content {
			var img struct {
				Data *string `json:"data"`
			}
			if json.Unmarshal(item, &img) != nil || img.Data == nil {
				continue
			}
			var want struct {
				Data string `json:"data"`
			}
			if err := json.Unmarshal(dump.Content[i], &want); err != nil {
				t.Fatal(err)
			}
			im, err := FromBase64(*img.Data, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			enc, _ := im.EncodePNG()
			wantData, _ := DecodeBase64(want.Data)
			_, _, p1 := stdlibRGB(t, enc)
			_, _, p2 := stdlibRGB(t, wantData)
			if !bytes.Equal(p1, p2) {
				t.Fatalf("%s: pixels %x, dump %x", name, p1, p2)
			}
		}
	}
}

// The decoded image is the same whether built by the standard library or
// by New.
func TestNewAndFromImage(t *testing.T) {
	rgb := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	im, err := New(2, 2, rgb)
	if err != nil {
		t.Fatal(err)
	}
	rgb[0] = 99 // New copies
	w, h, pix, err := im.RGB()
	if err != nil || w != 2 || h != 2 || pix[0] != 1 {
		t.Fatalf("%d %d %v %v", w, h, pix, err)
	}
	enc, _ := im.EncodePNG()
	checkRGBPNG(t, enc)
	if _, _, p := stdlibRGB(t, enc); p[0] != 1 || p[11] != 12 {
		t.Fatalf("encoded %v", p)
	}
	if _, err := New(2, 2, rgb[:5]); err == nil {
		t.Fatal("New accepted short pixels")
	}
	if _, err := New(0, 2, nil); err == nil {
		t.Fatal("New accepted a zero size")
	}

	nrgba := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	copy(nrgba.Pix, []byte{200, 100, 50, 10})
	im2, err := FromImage(nrgba)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, p, _ := im2.RGB(); !bytes.Equal(p, []byte{200, 100, 50}) {
		t.Fatalf("NRGBA alpha not dropped as Pillow: %v", p)
	}
	if _, err := FromImage(nil); err == nil {
		t.Fatal("FromImage(nil) succeeded")
	}
}
