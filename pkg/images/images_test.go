package images_test

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/images"
)

type imageCase struct {
	Name   string `json:"name"`
	B64    string `json:"b64"`
	Width  any    `json:"width"`
	Height any    `json:"height"`
	RGBHex string `json:"rgb_hex"`
}

type uriCase struct {
	URI   string `json:"uri"`
	OK    bool   `json:"ok"`
	Error struct {
		Msg string `json:"msg"`
	} `json:"error"`
}

// readCases reads misc/images.json: test images with the RGB pixels
// AutoGen's Image (Pillow) gives them, and Image.from_uri's verdicts.
func readCases(t *testing.T) ([]imageCase, []uriCase) {
	t.Helper()
	data, err := os.ReadFile("../../testdata/conformance/misc/images.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Images  []imageCase `json:"images"`
		FromURI []uriCase   `json:"from_uri"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Images, doc.FromURI
}

func atoi(t *testing.T, v any) int {
	t.Helper()
	switch x := v.(type) {
	case float64:
		return int(x)
	case string:
		n, err := strconv.Atoi(x)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	t.Fatalf("not a number: %v", v)
	return 0
}

func checkPixels(t *testing.T, im gen.Image, c imageCase) {
	t.Helper()
	w, h, pix, err := im.RGB()
	if err != nil {
		t.Fatal(err)
	}
	if w != atoi(t, c.Width) || h != atoi(t, c.Height) {
		t.Fatalf("size %dx%d, want %vx%v", w, h, c.Width, c.Height)
	}
	if got := hex.EncodeToString(pix); got != c.RGBHex {
		t.Fatalf("pixels %s, want %s", got, c.RGBHex)
	}
}

// TestConstructorsConformance builds every conformance image four ways
// (file bytes, a file, base64, a data: URI) and compares its RGB pixels with
// Pillow's.
func TestConstructorsConformance(t *testing.T) {
	cases, _ := readCases(t)
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			data, err := base64.StdEncoding.DecodeString(c.B64)
			if err != nil {
				t.Fatal(err)
			}
			im, err := images.FromBytes(data)
			if err != nil {
				t.Fatal(err)
			}
			checkPixels(t, im, c)
			path := filepath.Join(dir, c.Name+".png")
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			if im, err = images.FromFile(path); err != nil {
				t.Fatal(err)
			}
			checkPixels(t, im, c)
			if im, err = images.FromBase64(c.B64); err != nil {
				t.Fatal(err)
			}
			checkPixels(t, im, c)
			if im, err = images.FromDataURI("data:image/png;base64," + c.B64); err != nil {
				t.Fatal(err)
			}
			checkPixels(t, im, c)
		})
	}
}

// TestFromDataURIConformance checks the URIs Image.from_uri refuses, with
// AutoGen's message. (The two it accepts hold truncated base64 that the
// cases' PNG-only PIL stub took; Python's b64decode refuses them, as
// internal/pyimg's TestFromDataURI explains, so they are not checked here.)
func TestFromDataURIConformance(t *testing.T) {
	_, uris := readCases(t)
	refused := 0
	for i, c := range uris {
		if c.OK {
			continue
		}
		refused++
		_, err := images.FromDataURI(c.URI)
		if err == nil || !strings.Contains(err.Error(), c.Error.Msg) {
			t.Errorf("%d %.40q: %v, want AutoGen's %q", i, c.URI, err, c.Error.Msg)
		}
	}
	if refused == 0 {
		t.Fatal("no refused URI in the cases")
	}
}

// TestFromImage: a Go image becomes an RGB PNG with the same pixels; alpha
// is dropped without compositing (Pillow's convert("RGB")), so a
// half-transparent red NRGBA pixel stays pure red.
func TestFromImage(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	src.SetNRGBA(0, 0, color.NRGBA{R: 255, A: 128})
	src.SetNRGBA(1, 0, color.NRGBA{R: 1, G: 2, B: 3, A: 255})
	im, err := images.FromImage(src)
	if err != nil {
		t.Fatal(err)
	}
	checkPixels(t, im, imageCase{Width: 2.0, Height: 1.0, RGBHex: "ff0000010203"})
	if im.Format() != "PNG" || im.Mode() != "RGB" {
		t.Errorf("format %s mode %s", im.Format(), im.Mode())
	}
	if _, err := images.FromImage(nil); err == nil {
		t.Error("nil image accepted")
	}
}

func TestRefusals(t *testing.T) {
	if _, err := images.FromBytes([]byte("not an image")); err == nil {
		t.Error("text accepted as an image")
	}
	_, err := images.FromFile(filepath.Join(t.TempDir(), "missing.png"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := images.FromBase64("!!!"); err == nil {
		t.Error("bad base64 accepted")
	}
}
