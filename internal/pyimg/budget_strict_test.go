package pyimg

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"testing"
)

// TestStrictDecodeMemory: with a strict budget, a JPEG whose decode needs
// more than the whole budget is refused before image/jpeg allocates its
// planes; with the default (not strict) budget it decodes, alone. A 64×64
// greyscale JPEG needs (64+16)² = 6,400 bytes by jpegDecodeBytes.
func TestStrictDecodeMemory(t *testing.T) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 64, 64)), nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { SetDecodeMemory(DefaultDecodeMemory, false) })

	SetDecodeMemory(6_399, true)
	_, err := Load(bytes.Clone(buf.Bytes()), Limits{})
	var de *DecodeError
	if !errors.As(err, &de) || err.Error() != "cannot decode JPEG image: image too large to decode in the memory this process may use" {
		t.Fatalf("strict budget of 6,399 bytes: got %v; want the DecodeError", err)
	}

	SetDecodeMemory(6_400, true)
	if _, err := Load(bytes.Clone(buf.Bytes()), Limits{}); err != nil {
		t.Fatalf("strict budget of 6,400 bytes: %v", err)
	}

	SetDecodeMemory(1, false)
	if _, err := Load(bytes.Clone(buf.Bytes()), Limits{}); err != nil {
		t.Fatalf("budget of 1 byte, not strict (the decode runs alone): %v", err)
	}
}
