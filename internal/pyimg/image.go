package pyimg

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"regexp"
	"sync"
)

// DefaultMaxPixels is the pixel count above which [Open] refuses an image
// when [Limits.MaxPixels] is 0: Pillow's DecompressionBombError threshold,
// 2 * PIL.Image.MAX_IMAGE_PIXELS (2 * 89478485).
const DefaultMaxPixels int64 = 2 * 89478485

// DefaultMaxDocumentPixels is the default bound on the pixels of all the
// images of one document (internal/wire refuses a document past it with a
// "limit" fault): four images at Pillow's per-image threshold.
const DefaultMaxDocumentPixels int64 = 4 * DefaultMaxPixels

// Limits bounds what [Open] accepts.
type Limits struct {
	// MaxPixels is the largest width*height accepted. 0 means
	// DefaultMaxPixels; a negative value disables the check.
	MaxPixels int64
}

func (l Limits) maxPixels() int64 {
	if l.MaxPixels == 0 {
		return DefaultMaxPixels
	}
	return l.MaxPixels
}

// Image is an image as AutoGen's autogen_core.Image holds it: the original
// file bytes, identified and sized by [Open], decoded to RGB on demand.
// Its methods are safe for concurrent use. The zero Image is not usable;
// create one with [Open], [Load], [New] or [FromImage].
type Image struct {
	data   []byte
	format string
	mode   string
	width  int
	height int

	png  *pngInfo
	gif  *gifInfo
	bmp  *bmpInfo
	jpeg *jpegInfo
	webp *webpInfo

	mu       sync.Mutex
	decoded  bool   // rgb and err are set
	rgb      []byte // the RGB pixels, once decoded
	err      error  // the decoding error
	checked  bool   // the pixel data was read by check, keeping nothing
	checkErr error  // check's error
}

// Open identifies an image from its file bytes, as PIL.Image.open does, and
// reads its header only: format, size and mode. It refuses, before any pixel
// is allocated, an image whose width*height exceeds lim (a
// [*DecompressionBombError]). Data that is not a PNG, JPEG, GIF, BMP or WebP
// image, or whose header is malformed, gives an [*UnidentifiedImageError].
//
// Open keeps data; the caller must not modify it afterwards. Pixel data is
// not examined: AutoGen also converts the image to RGB as soon as it is
// loaded, so a caller that must refuse what AutoGen refuses calls
// [Image.RGB] too (or uses [Load]).
func Open(data []byte, lim Limits) (*Image, error) {
	im := &Image{data: data}
	var err error
	switch {
	case bytes.HasPrefix(data, pngSignature):
		err = im.openPNG()
	case len(data) >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff:
		err = im.openJPEG()
	case bytes.HasPrefix(data, []byte("GIF87a")) || bytes.HasPrefix(data, []byte("GIF89a")):
		err = im.openGIF()
	case bytes.HasPrefix(data, []byte("BM")):
		err = im.openBMP()
	case len(data) >= 16 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		err = im.openWebP()
	case len(data) == 0:
		err = unidentified("empty data")
	default:
		err = unidentified("not a PNG, JPEG, GIF, BMP or WebP image")
	}
	if err != nil {
		return nil, err
	}
	if im.width <= 0 || im.height <= 0 {
		return nil, unidentified("%s image has a zero size (%dx%d)", im.format, im.width, im.height)
	}
	if limit := lim.maxPixels(); limit >= 0 {
		pixels := int64(im.width) * int64(im.height)
		if pixels > limit {
			return nil, &DecompressionBombError{Width: im.width, Height: im.height, Pixels: pixels, Limit: limit}
		}
	}
	return im, nil
}

// Load is [Open] followed by reading all the pixel data: it accepts exactly
// the images AutoGen's Image accepts on load (Pillow's open then
// convert("RGB")). The pixel data is checked as [Image.Check] does and not
// kept: an 8-bit RGB PNG is written back as its own bytes, and other
// images are decoded again when their pixels are asked for.
func Load(data []byte, lim Limits) (*Image, error) {
	im, err := Open(data, lim)
	if err != nil {
		return nil, err
	}
	if err := im.Check(); err != nil {
		return nil, err
	}
	return im, nil
}

// Check reads all the image's pixel data once, as [Load] does, and returns
// the error Load would return. It is for callers that [Open] an image and
// check it later, perhaps on another goroutine.
//
// Check keeps nothing: PNG, GIF and BMP data are read as a stream, in
// memory proportional to a row of the image; JPEG and WebP images are
// decoded and dropped, within the package's decoding memory budget (see
// the package documentation). [Image.RGB] and [Image.EncodePNG] decode the
// image again when they need its pixels.
func (im *Image) Check() error {
	im.mu.Lock()
	defer im.mu.Unlock()
	return im.checkLocked()
}

// checkLocked runs check once, unless the pixels are already decoded, and
// returns its error; im.mu is held.
func (im *Image) checkLocked() error {
	if im.decoded {
		return im.err
	}
	if !im.checked {
		im.checkErr = im.safeCheck()
		im.checked = true
	}
	return im.checkErr
}

// checkedPNG checks a PNG once (see Check) and reports whether the file is
// well-formed throughout.
func (im *Image) checkedPNG() (clean bool, err error) {
	im.mu.Lock()
	defer im.mu.Unlock()
	err = im.checkLocked()
	return im.png.clean, err
}

// safeCheck reads the pixel data as decode does, with the same errors,
// keeping nothing, and recovers from a decoder fault as decode does.
func (im *Image) safeCheck() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = decodeErr(im.format, "internal decoder failure", fmt.Errorf("%v", r))
		}
	}()
	switch {
	case im.png != nil:
		return im.checkPNG()
	case im.gif != nil:
		return im.checkGIF()
	case im.bmp != nil:
		return im.checkBMP()
	case im.jpeg != nil:
		return im.checkJPEG()
	case im.webp != nil:
		return im.checkWebP()
	default:
		return decodeErr(im.format, "no decoder for this format", nil)
	}
}

// FromBase64 decodes s with [DecodeBase64] and loads the image with [Load]:
// AutoGen's Image.from_base64, which is what validating {"data": s} does.
func FromBase64(s string, lim Limits) (*Image, error) {
	return FromBase64Bytes([]byte(s), lim)
}

// FromBase64Bytes is [FromBase64] of the bytes of s; it does not keep s.
func FromBase64Bytes(s []byte, lim Limits) (*Image, error) {
	data, err := DecodeBase64Bytes(s)
	if err != nil {
		return nil, err
	}
	return Load(data, lim)
}

var dataURIPrefix = regexp.MustCompile(`data:image/(?:png|jpeg);base64,`)

// FromDataURI is AutoGen's Image.from_uri: uri must start with
// "data:image/png;base64," or "data:image/jpeg;base64," (else a
// [*DataURIError]); every occurrence of such a prefix is removed and the rest
// is loaded with [FromBase64].
func FromDataURI(uri string, lim Limits) (*Image, error) {
	if loc := dataURIPrefix.FindStringIndex(uri); loc == nil || loc[0] != 0 {
		return nil, &DataURIError{Msg: "Invalid URI format. It should be a base64 encoded image URI."}
	}
	return FromBase64(dataURIPrefix.ReplaceAllString(uri, ""), lim)
}

// New returns an image with the given size and pixels, three bytes (R, G, B)
// per pixel, rows top to bottom, for Go code that creates images: AutoGen's
// Image.from_pil of an RGB image. Its bytes are the PNG that
// [Image.EncodePNG] writes.
func New(w, h int, rgb []byte) (*Image, error) {
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("pyimg: invalid image size %dx%d", w, h)
	}
	if int64(len(rgb)) != int64(w)*int64(h)*3 {
		return nil, fmt.Errorf("pyimg: %dx%d RGB image needs %d bytes of pixels, got %d", w, h, int64(w)*int64(h)*3, len(rgb))
	}
	pix := bytes.Clone(rgb)
	data, err := encodeRGBPNG(w, h, pix)
	if err != nil {
		return nil, err
	}
	im := &Image{data: data, format: "PNG", mode: "RGB", width: w, height: h, png: &pngInfo{depth: 8, ctype: 2, clean: true}}
	im.decoded, im.rgb = true, pix
	return im, nil
}

// FromImage returns an image holding img converted to RGB: colours with
// alpha lose the alpha without compositing, as Pillow's convert("RGB") does
// (premultiplied colours are first un-premultiplied).
func FromImage(img image.Image) (*Image, error) {
	if img == nil {
		return nil, fmt.Errorf("pyimg: nil image")
	}
	b := img.Bounds()
	return New(b.Dx(), b.Dy(), goImageRGB(img))
}

// Size returns the width and height in pixels, as Pillow's Image.size.
func (im *Image) Size() (w, h int) { return im.width, im.height }

// Format returns Pillow's format name: "PNG", "JPEG", "GIF", "BMP" or
// "WEBP".
func (im *Image) Format() string { return im.format }

// Mode returns Pillow's mode for the image as opened: "RGB", "RGBA", "L",
// "LA", "P", "1", "I;16" or "CMYK".
func (im *Image) Mode() string { return im.mode }

// Bytes returns the image file bytes (the decoded "data" of the JSON, or the
// PNG that [New] wrote). The caller must not modify them.
func (im *Image) Bytes() []byte { return im.data }

// MIME returns the mime type AutoGen's data-URI sniffing gives the image
// bytes; see [SniffMIME].
func (im *Image) MIME() string { return SniffMIME(im.data) }

// SniffMIME returns the mime type AutoGen's _get_mime_type_from_data_uri
// gives data: "image/jpeg" for FF D8 FF, "image/png" for the PNG signature,
// "image/gif" for GIF87a and GIF89a, "image/webp" for RIFF....WEBP, and
// "image/jpeg" for anything else (including empty data and BMP).
func SniffMIME(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case bytes.HasPrefix(data, pngSignature):
		return "image/png"
	case bytes.HasPrefix(data, []byte("GIF87a")) || bytes.HasPrefix(data, []byte("GIF89a")):
		return "image/gif"
	case bytes.HasPrefix(data, []byte("RIFF")) && len(data) >= 12 && string(data[8:12]) == "WEBP":
		return "image/webp"
	}
	return "image/jpeg"
}

// RGB returns the pixels of the image after Pillow's convert("RGB"): three
// bytes per pixel, rows top to bottom. The pixels are decoded on the first
// call and kept; each call returns a fresh copy. A decoding failure is a
// [*DecodeError].
func (im *Image) RGB() (w, h int, pix []byte, err error) {
	p, err := im.pixels()
	if err != nil {
		return 0, 0, nil, err
	}
	return im.width, im.height, bytes.Clone(p), nil
}

// pixels decodes once and returns the shared pixel buffer.
func (im *Image) pixels() ([]byte, error) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if !im.decoded {
		im.rgb, im.err = im.decode()
		im.decoded = true
		if im.err != nil {
			im.rgb = nil
		}
	}
	return im.rgb, im.err
}

func (im *Image) decode() (pix []byte, err error) {
	// The decoders index slices with values taken from the file; a bug there
	// must not take the program down.
	defer func() {
		if r := recover(); r != nil {
			pix, err = nil, decodeErr(im.format, "internal decoder failure", fmt.Errorf("%v", r))
		}
	}()
	switch {
	case im.png != nil:
		return im.decodePNG()
	case im.gif != nil:
		return im.decodeGIF()
	case im.bmp != nil:
		return im.decodeBMP()
	case im.jpeg != nil:
		return im.decodeJPEG()
	case im.webp != nil:
		return im.decodeWebP()
	default:
		return nil, decodeErr(im.format, "no decoder for this format", nil)
	}
}

// EncodePNG returns AutoGen's dump of the image: an 8-bit RGB PNG (colour
// type 2) of its pixels after convert("RGB"). When the original already is
// a well-formed 8-bit RGB PNG (every chunk's CRC and the zlib checksum
// valid, ending with IEND), the original bytes are returned unchanged (the
// caller must not modify them): they hold the same pixels and re-encoding
// would only cost time.
func (im *Image) EncodePNG() ([]byte, error) {
	if im.png != nil && im.png.depth == 8 && im.png.ctype == 2 {
		clean, err := im.checkedPNG()
		if err != nil {
			return nil, err
		}
		if clean {
			return im.data, nil
		}
	}
	if rows := im.rowSource(); rows != nil {
		return encodeRGBPNGRows(im.width, im.height, rows)
	}
	pix, err := im.pixels()
	if err != nil {
		return nil, err
	}
	return encodeRGBPNG(im.width, im.height, pix)
}

// rowSource returns the rows of a large image whose pixels are not
// decoded yet, for EncodePNG to convert and encode a row at a time (PNG
// that is not interlaced, GIF, BMP; JPEG, which image/jpeg decodes whole,
// is converted a row at a time), or nil: for a small image (its pixels are
// decoded whole and kept), one already decoded, WebP (whose Go decoder
// gives the whole image) and an interlaced PNG.
func (im *Image) rowSource() rowSource {
	if int64(im.width)*int64(im.height) < streamMinPixels {
		return nil
	}
	im.mu.Lock()
	decoded := im.decoded
	im.mu.Unlock()
	if decoded {
		return nil
	}
	var rows rowSource
	switch {
	case im.png != nil:
		rows = im.pngRowSource()
	case im.gif != nil:
		rows = im.gifRowSource()
	case im.bmp != nil:
		rows = im.bmpRowSource()
	case im.jpeg != nil:
		rows = im.jpegRowSource()
	}
	if rows == nil {
		return nil
	}
	// The decoders index slices with values taken from the file; a bug
	// there must not take the program down.
	return func(emit emitRow) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = decodeErr(im.format, "internal decoder failure", fmt.Errorf("%v", r))
			}
		}()
		return rows(emit)
	}
}

// EncodeBase64 returns [Image.EncodePNG] as standard base64 with padding:
// the "data" value of AutoGen's JSON.
func (im *Image) EncodeBase64() (string, error) {
	b, err := im.EncodePNG()
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// DataURI returns AutoGen's Image.data_uri: "data:image/png;base64," and
// [Image.EncodeBase64] (AutoGen sniffs the re-encoded PNG, so the mime type
// is always image/png).
func (im *Image) DataURI() (string, error) {
	s, err := im.EncodeBase64()
	if err != nil {
		return "", err
	}
	return "data:image/png;base64," + s, nil
}
