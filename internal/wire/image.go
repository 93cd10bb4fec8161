package wire

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // AutoGen (Pillow) reads GIF
	_ "image/jpeg"
	"image/png"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/webp"
)

// defaultMaxImagePixels is Pillow's decompression-bomb error threshold.
const defaultMaxImagePixels = 2 * 89478485

// Image is an image as AutoGen's Image holds it: the file bytes, checked
// on reading to be an image Pillow can open, written as the base64 of an
// RGB PNG. The zero Image holds nothing and cannot be encoded.
type Image struct {
	data   []byte
	format string
	w, h   int
}

// NewImage checks that data is an image file (PNG, JPEG, GIF, BMP or WebP)
// and returns it as an Image. Only the header is read.
func NewImage(data []byte, maxPixels int64) (Image, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Image{}, fmt.Errorf("cannot identify image file: %v", err)
	}
	if maxPixels <= 0 {
		maxPixels = defaultMaxImagePixels
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > maxPixels {
		return Image{}, &LimitError{Limit: "image_pixels", Max: maxPixels}
	}
	return Image{data: data, format: format, w: cfg.Width, h: cfg.Height}, nil
}

// IsZero reports whether im holds no image.
func (im Image) IsZero() bool { return im.data == nil }

// Size returns the width and height in pixels.
func (im Image) Size() (width, height int) { return im.w, im.h }

// Format names the file format: "png", "jpeg", "gif", "bmp" or "webp".
func (im Image) Format() string { return im.format }

// Bytes returns the image file as it was read.
func (im Image) Bytes() []byte { return im.data }

// isRGB8PNG reports whether the file is a PNG of 8-bit RGB pixels (colour
// type 2), which AutoGen's RGB PNG re-encoding leaves pixel-for-pixel the
// same, so its bytes can be written unchanged.
func (im Image) isRGB8PNG() bool {
	d := im.data
	return im.format == "png" && len(d) >= 26 && string(d[12:16]) == "IHDR" && d[24] == 8 && d[25] == 2
}

// RGB returns the pixels after Pillow's convert("RGB"): alpha dropped (not
// composited), palettes looked up, grey replicated, 16-bit samples cut to
// their high byte.
func (im Image) RGB() (width, height int, pix []byte, err error) {
	img, _, err := image.Decode(bytes.NewReader(im.data))
	if err != nil {
		return 0, 0, nil, fmt.Errorf("cannot decode image: %v", err)
	}
	r := img.Bounds()
	pix = make([]byte, 0, r.Dx()*r.Dy()*3)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			pix = append(pix, rgbOf(img, x, y)...)
		}
	}
	return r.Dx(), r.Dy(), pix, nil
}

func rgbOf(img image.Image, x, y int) []byte {
	switch m := img.(type) {
	case *image.Paletted:
		c := m.Palette[m.ColorIndexAt(x, y)]
		if n, ok := c.(color.NRGBA); ok {
			return []byte{n.R, n.G, n.B}
		}
		if n, ok := c.(color.RGBA); ok && n.A == 0xff {
			return []byte{n.R, n.G, n.B}
		}
	case *image.NRGBA:
		c := m.NRGBAAt(x, y)
		return []byte{c.R, c.G, c.B}
	case *image.NRGBA64:
		c := m.NRGBA64At(x, y)
		return []byte{byte(c.R >> 8), byte(c.G >> 8), byte(c.B >> 8)}
	}
	c := color.NRGBA64Model.Convert(img.At(x, y)).(color.NRGBA64)
	return []byte{byte(c.R >> 8), byte(c.G >> 8), byte(c.B >> 8)}
}

// EncodePNG returns the image as AutoGen writes it: an 8-bit RGB PNG. An
// image that already is one keeps its bytes.
func (im Image) EncodePNG() ([]byte, error) {
	if im.data == nil {
		return nil, errors.New("wire: empty Image")
	}
	if im.isRGB8PNG() {
		return im.data, nil
	}
	w, h, pix, err := im.RGB()
	if err != nil {
		return nil, err
	}
	rgba := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i, j := 0, 0; i < len(pix); i, j = i+3, j+4 {
		rgba.Pix[j], rgba.Pix[j+1], rgba.Pix[j+2], rgba.Pix[j+3] = pix[i], pix[i+1], pix[i+2], 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// EncodeBase64 returns the standard base64 (with padding) of EncodePNG.
func (im Image) EncodeBase64() (string, error) {
	b, err := im.EncodePNG()
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// Image reads AutoGen's image object, {"data": "<base64>"}: data must be a
// string of base64 (decoded as Python's b64decode does) holding an image
// file; other members are ignored.
func (d *Decoder) Image() Image {
	if !d.Object("model_type", "Input should be a valid dictionary or instance of Image") {
		return Image{}
	}
	var im Image
	seen := false
	for {
		name, ok := d.Next()
		if !ok {
			break
		}
		if string(name) != "data" {
			d.Skip()
			continue
		}
		seen = true
		if d.Peek() != KindString {
			d.typeFault("string_type", "Input should be a valid string (the base64 of an image file)")
			continue
		}
		off := d.pos
		b, ok := d.rawString()
		if !ok {
			continue
		}
		raw, err := PyB64Decode(string(b))
		if err != nil {
			d.failAt(off, "", "value_error", "Value error, invalid base64 image data: "+err.Error())
			continue
		}
		img, err := NewImage(raw, d.opts.MaxImagePixels)
		if err != nil {
			code := "value_error"
			var le *LimitError
			if errors.As(err, &le) {
				code = "limit"
			}
			d.failAt(off, "", code, "Value error, "+err.Error())
			continue
		}
		im = img
	}
	if !seen {
		d.Missing("data")
	}
	return im
}

// Image appends im as {"data": "<base64 of an RGB PNG>"}.
func (e *Encoder) Image(im Image) {
	s, err := im.EncodeBase64()
	if err != nil {
		e.SetError(err)
	}
	e.buf = append(e.buf, `{"data":"`...)
	e.buf = append(e.buf, s...)
	e.buf = append(e.buf, `"}`...)
}

// PyB64Decode decodes base64 as Python's base64.b64decode does by default
// (binascii.a2b_base64, not strict): characters outside the alphabet are
// skipped, decoding stops once a quantum's padding is complete, and a
// final quantum that is cut short is an error.
func PyB64Decode(s string) ([]byte, error) {
	out := make([]byte, 0, len(s)*3/4)
	var acc uint32
	quad, pads := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '=' {
			if quad >= 2 {
				pads++
				if quad+pads >= 4 {
					quad = 0
					break
				}
			}
			continue
		}
		v := b64Value(c)
		if v < 0 {
			continue
		}
		pads = 0
		acc = acc<<6 | uint32(v)
		quad++
		switch quad {
		case 2:
			out = append(out, byte(acc>>4))
			acc &= 0xf
		case 3:
			out = append(out, byte(acc>>2))
			acc &= 0x3
		case 4:
			out = append(out, byte(acc))
			acc, quad = 0, 0
		}
	}
	switch {
	case quad == 1:
		return nil, errors.New("invalid base64-encoded string: number of data characters cannot be 1 more than a multiple of 4")
	case quad != 0:
		return nil, errors.New("incorrect padding (binascii.Error: Incorrect padding)")
	}
	return out, nil
}

func b64Value(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}
