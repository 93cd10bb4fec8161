package pyimg

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// pngBuffers lets image/png reuse its zlib writer and row buffers between
// encodes, which otherwise dominate the cost of encoding small images.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

var pngEncoder = &png.Encoder{CompressionLevel: png.DefaultCompression, BufferPool: &pngBuffers{}}

// encodeRGBPNG writes packed RGB pixels as an 8-bit RGB PNG (colour type 2),
// the file AutoGen's Image.to_base64 saves.
func encodeRGBPNG(w, h int, rgb []byte) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i, j := 0, 0; i < len(rgb); i, j = i+3, j+4 {
		img.Pix[j], img.Pix[j+1], img.Pix[j+2], img.Pix[j+3] = rgb[i], rgb[i+1], rgb[i+2], 0xff
	}
	var buf bytes.Buffer
	// An opaque *image.RGBA is written as colour type 2, 8 bits per sample.
	if err := pngEncoder.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
