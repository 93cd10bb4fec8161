package wire

import (
	"bytes"
	"encoding/base64"
	"errors"
	"hash/maphash"

	"github.com/agentschema/agentschema/internal/pyimg"
)

// Image is an image as AutoGen's Image holds it (see internal/pyimg): read
// from base64 as Python's b64decode does and loaded as Pillow loads it,
// written as the base64 of an RGB PNG. The zero Image holds nothing and
// cannot be encoded.
type Image struct {
	*pyimg.Image
}

// IsZero reports whether im holds no image.
func (im Image) IsZero() bool { return im.Image == nil }

// Image reads AutoGen's image object, {"data": "<base64>"}: data must be a
// string of base64 holding an image file Pillow can load; other members are
// ignored.
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
		img, repeated := d.sameImage(b)
		if img == nil {
			var err error
			if img, err = d.openImage(b); err != nil {
				d.imageFault(off, d.pointer(""), err)
				continue
			}
			d.addImage(b, img)
		}
		if !d.countImagePixels(img, off) {
			return Image{}
		}
		im = Image{img}
		d.checkImage(img, off, repeated)
	}
	if !seen {
		d.Missing("data")
	}
	return im
}

// An image repeated in a document (the same screenshot in several messages
// of a state) is opened and checked once: its later occurrences get the
// same *pyimg.Image, whose check is done once and remembered (Check), and
// each occurrence still counts its pixels and records its own fault, at
// its own place, as AutoGen's separate Image objects would.

// seenImage is an image of the document and the text it was read from.
type seenImage struct {
	b64 []byte
	img *pyimg.Image
}

// imageSeed hashes the base64 texts of images.
var imageSeed = maphash.MakeSeed()

// sameImage returns the image the document has already read from the
// base64 text b64, if any, and whether there was one.
func (d *Decoder) sameImage(b64 []byte) (*pyimg.Image, bool) {
	for _, s := range d.seen[maphash.Bytes(imageSeed, b64)] {
		if bytes.Equal(s.b64, b64) {
			return s.img, true
		}
	}
	return nil, false
}

// addImage records img, read from b64 (which stays valid for the
// document: a slice of the input or a decoded copy), for sameImage.
func (d *Decoder) addImage(b64 []byte, img *pyimg.Image) {
	if d.seen == nil {
		d.seen = map[uint64][]seenImage{}
	}
	h := maphash.Bytes(imageSeed, b64)
	d.seen[h] = append(d.seen[h], seenImage{b64, img})
}

// countImagePixels adds img's pixels to the document's tally and reports
// whether they stay within Options.MaxDocumentImagePixels. Past it, it
// records a fatal "limit" fault (a *LimitError named
// "document_image_pixels") at offset, with the pointer of the image's data,
// and decoding stops: checking one more image just under Pillow's
// per-image threshold would cost seconds of CPU.
func (d *Decoder) countImagePixels(img *pyimg.Image, offset int) bool {
	limit := d.opts.MaxDocumentImagePixels
	if limit == 0 {
		switch m := d.opts.MaxImagePixels; {
		case m < 0: // no image limit: none per document either
			limit = -1
		case m > 0:
			limit = 4 * m
		default:
			limit = pyimg.DefaultMaxDocumentPixels
		}
	}
	w, h := img.Size()
	d.imagePixels += int64(w) * int64(h)
	if limit > 0 && d.imagePixels > limit {
		d.limit(offset, "document_image_pixels", limit, "pixels in the images of one document")
		return false
	}
	return true
}

// openImage decodes the base64 and reads the image header.
func (d *Decoder) openImage(b64 []byte) (*pyimg.Image, error) {
	data, err := pyimg.DecodeBase64Bytes(b64)
	if err != nil {
		return nil, err
	}
	return pyimg.Open(data, pyimg.Limits{MaxPixels: d.opts.MaxImagePixels})
}

// imageFault records an image that does not load. A decompression bomb is a
// limit hit (Type "limit", Err a *LimitError wrapping nothing further);
// anything else is pydantic's value_error with the image library's error.
func (d *Decoder) imageFault(offset int, pointer string, err error) {
	if len(d.errs) >= d.opts.MaxErrors {
		return
	}
	code, cause := "value_error", err
	var bomb *pyimg.DecompressionBombError
	if errors.As(err, &bomb) {
		code, cause = "limit", &LimitError{Limit: "image_pixels", Max: bomb.Limit}
	}
	line, col := lineCol(d.data, offset)
	d.errs = append(d.errs, &Error{Pointer: pointer, Offset: offset, Line: line, Column: col, Type: code, Message: "Value error, " + err.Error(), Err: cause})
}

// Image appends im as {"data": "<base64 of an RGB PNG>"}. The base64 is
// written straight into the buffer (no string made and copied).
func (e *Encoder) Image(im Image) {
	e.add(`{"data":"`)
	if im.Image == nil {
		e.SetError(errors.New("wire: cannot encode an empty Image"))
	} else if png, err := im.EncodePNG(); err != nil {
		e.SetError(err)
	} else {
		e.reserve(base64.StdEncoding.EncodedLen(len(png)) + 2)
		e.set(base64.StdEncoding.AppendEncode(e.buf, png))
	}
	e.add(`"}`)
}

// LoadImage loads an image file's bytes as AutoGen's Image does (Pillow's
// open and convert("RGB")), with the default limits.
func LoadImage(data []byte) (Image, error) {
	im, err := pyimg.Load(data, pyimg.Limits{})
	if err != nil {
		return Image{}, err
	}
	return Image{im}, nil
}
