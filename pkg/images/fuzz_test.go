package images_test

import (
	"testing"

	"github.com/agentschema/agentschema/pkg/images"
)

// FuzzFromBytes: any bytes give an image or an error, never a panic, and an
// accepted image has a size and encodes as PNG.
func FuzzFromBytes(f *testing.F) {
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte("GIF89a"))
	f.Add([]byte{0xff, 0xd8, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := images.FromBytes(data)
		if err != nil {
			return
		}
		if w, h := im.Size(); w <= 0 || h <= 0 {
			t.Fatalf("size %dx%d", w, h)
		}
		if _, err := im.EncodePNG(); err != nil {
			t.Fatalf("accepted but does not encode: %v", err)
		}
	})
}

// FuzzFromDataURI: any string gives an image or an error, never a panic.
func FuzzFromDataURI(f *testing.F) {
	f.Add("data:image/png;base64,iVBORw0KGgo=")
	f.Add("data:image/jpeg;base64,")
	f.Fuzz(func(t *testing.T, uri string) {
		_, _ = images.FromDataURI(uri)
	})
}
