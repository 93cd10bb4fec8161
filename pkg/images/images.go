// Package images makes the images AutoGen's messages carry (gen.Image,
// autogen_core.Image): from an image file's bytes, a file, a data: URI,
// base64, or a Go image.Image.
//
// Every constructor accepts exactly what AutoGen's Image accepts (Pillow's
// open and convert("RGB"): PNG, JPEG, GIF, BMP and WebP files whose pixels
// all decode), and refuses, before any pixel is allocated, an image over
// Pillow's decompression-bomb threshold. The result's accessors
// (Size, Format, Mode, Bytes, MIME, RGB, EncodePNG, EncodeBase64, DataURI)
// are gen.Image's.
//
//	img, err := images.FromFile("chart.png")
//	msg := models.NewMultiModalUserMessage("user", models.TextItem("What does it show?"), models.ImageItem(img))
package images

import (
	"fmt"
	"image"
	"os"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/genrt"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/internal/wire"
)

// FromBytes returns the image whose file bytes are data (AutoGen's
// Image.from_pil(PIL.Image.open(BytesIO(data)))). The image keeps data; do
// not change it afterwards.
func FromBytes(data []byte) (gen.Image, error) {
	im, err := pyimg.Load(data, pyimg.Limits{})
	if err != nil {
		return gen.Image{}, fmt.Errorf("images: %w", err)
	}
	return genrt.Image(wire.Image{Image: im}), nil
}

// FromFile reads the image file at path (AutoGen's Image.from_file).
func FromFile(path string) (gen.Image, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return gen.Image{}, fmt.Errorf("images: %w", err)
	}
	im, err := pyimg.Load(data, pyimg.Limits{})
	if err != nil {
		return gen.Image{}, fmt.Errorf("images: %s: %w", path, err)
	}
	return genrt.Image(wire.Image{Image: im}), nil
}

// FromDataURI returns the image of a data: URI, as AutoGen's Image.from_uri
// reads one: it must start with "data:image/png;base64," or
// "data:image/jpeg;base64," (else AutoGen's "Invalid URI format. It should
// be a base64 encoded image URI."), and the rest is base64 of an image file.
func FromDataURI(uri string) (gen.Image, error) {
	im, err := pyimg.FromDataURI(uri, pyimg.Limits{})
	if err != nil {
		return gen.Image{}, fmt.Errorf("images: %w", err)
	}
	return genrt.Image(wire.Image{Image: im}), nil
}

// FromBase64 returns the image whose file bytes are base64-encoded in s
// (AutoGen's Image.from_base64: characters outside the base64 alphabet are
// skipped, as Python's b64decode does).
func FromBase64(s string) (gen.Image, error) {
	im, err := pyimg.FromBase64(s, pyimg.Limits{})
	if err != nil {
		return gen.Image{}, fmt.Errorf("images: %w", err)
	}
	return genrt.Image(wire.Image{Image: im}), nil
}

// FromImage returns img converted to RGB, as AutoGen's Image.from_pil does
// (alpha is dropped without compositing, as Pillow's convert("RGB")). Its
// bytes are an RGB PNG.
func FromImage(img image.Image) (gen.Image, error) {
	im, err := pyimg.FromImage(img)
	if err != nil {
		return gen.Image{}, fmt.Errorf("images: %w", err)
	}
	return genrt.Image(wire.Image{Image: im}), nil
}
