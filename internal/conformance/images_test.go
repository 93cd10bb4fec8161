package conformance

import (
	"bytes"
	"encoding/base64"
	"image/png"
)

// compareImages compares two base64 PNGs by their RGB pixels.
func compareImages(ptr, got, want string) string {
	gp, gw, gh, err := rgbPixels(got)
	if err != nil {
		return ptr + ": output image: " + err.Error()
	}
	wp, ww, wh, err := rgbPixels(want)
	if err != nil {
		return ptr + ": dump image: " + err.Error()
	}
	if gw != ww || gh != wh || !bytes.Equal(gp, wp) {
		return ptr + ": image pixels differ"
	}
	return ""
}

func rgbPixels(b64 string) ([]byte, int, int, error) {
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, 0, 0, err
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, 0, 0, err
	}
	r := img.Bounds()
	out := make([]byte, 0, r.Dx()*r.Dy()*3)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.At(x, y)
			if g, ok := c.(interface {
				RGBA() (uint32, uint32, uint32, uint32)
			}); ok {
				rr, gg, bb, _ := g.RGBA()
				out = append(out, byte(rr>>8), byte(gg>>8), byte(bb>>8))
			}
		}
	}
	return out, r.Dx(), r.Dy(), nil
}
