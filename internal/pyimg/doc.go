// Package pyimg reads and writes images the way AutoGen's Python
// autogen_core.Image does with Pillow, so that Go programs accept, refuse
// and re-encode exactly the images AutoGen does.
//
// AutoGen serializes an Image as {"data": "<base64>"}. On load it runs
// base64.b64decode (non-validating: bytes outside the base64 alphabet are
// discarded, bad padding raises "Incorrect padding"), then PIL.Image.open
// and, in Image.__init__, convert("RGB"). On dump it writes the RGB image as
// a PNG and base64-encodes it with padding.
//
// This package owns:
//
//   - [DecodeBase64]: CPython's non-strict binascii.a2b_base64, byte for byte,
//     with its error messages.
//   - [Open]: Pillow's lazy Image.open for PNG, JPEG, GIF, BMP and WebP: the
//     format is identified from the bytes and only the header is read (size,
//     mode). Sizes above [Limits] are refused before any pixel is allocated,
//     as Pillow's DecompressionBombError does.
//   - [Image.Check] and [Load]: the pixel data read as Pillow's load does,
//     refusing exactly what it refuses, in memory proportional to a row for
//     PNG, GIF and BMP (see below).
//   - [Image.RGB]: the pixels Pillow's convert("RGB") gives, for every PNG
//     colour type and bit depth (16-bit samples keep their high byte, 16-bit
//     grayscale clips at 255 as Pillow's I;16 conversion does, alpha is
//     dropped without compositing, palette transparency is ignored), GIF
//     (first frame, original palette colours), BMP (uncompressed, bit-field
//     and RLE layouts, with Pillow's quirks) and JPEG.
//   - [Image.EncodePNG] and [Image.EncodeBase64]: AutoGen's dump, an 8-bit
//     RGB PNG (the original bytes when they already are one).
//   - [Image.MIME] and [SniffMIME]: AutoGen's data-URI mime sniffing.
//
// # Checking pixel data, and memory
//
// [Image.Check] (and [Load]) read all the pixel data, as AutoGen's
// convert("RGB") does on load, and keep nothing; the pixels are decoded
// again only when a dump asks for them ([Image.RGB], [Image.EncodePNG]),
// which holds the image. What a check holds:
//
//   - PNG: the image data is inflated row by row into two row buffers;
//     rows are checked (filter type) without being converted.
//   - GIF: the first frame's LZW data is decoded into a 16 KiB buffer
//     overwritten as it goes.
//   - BMP: uncompressed rows need only be present in the file; RLE data is
//     walked counting the pixels it gives.
//   - JPEG and WebP: Go's image/jpeg and golang.org/x/image/webp hold the
//     whole decoded image, so these decodes (checks and dumps) share a
//     memory budget, [DefaultDecodeMemory] (1 GiB): each takes an estimate of
//     what it allocates (JPEG: 1 byte a pixel per component, 5 when
//     progressive; WebP: 2 bytes a pixel lossy, 4 lossless, 7 with an alpha
//     chunk; plus 5 for the conversion to RGB in a dump) and waits until it
//     is free; one that needs more than the whole budget runs alone. So the
//     decoded pixels held at once are at most the budget, or one image.
//     A simple lossy WebP whose first partition cannot hold its macroblocks
//     (each costs at least 1.6 bits of it) is refused before any pixel is
//     allocated, with the error the decoder would give after decoding them
//     all ("broken data stream: unexpected EOF").
//
// The pixels of one image are bounded by [Limits.MaxPixels] (Pillow's
// DecompressionBombError, refused from the header); internal/wire also
// bounds the pixels of all the images of one document
// ([DefaultMaxDocumentPixels], four images at Pillow's threshold), which
// bounds the time spent checking one document.
//
// The PNG and GIF decoders are this package's own, written to Pillow's
// tolerance: like Pillow they do not verify IDAT CRCs or the zlib checksum,
// ignore data after the last row and accept a missing IEND, while they do
// verify the CRC of every chunk before the first IDAT, as Pillow's open does.
//
// Known differences from Pillow: JPEG pixels come from Go's image/jpeg,
// which rounds its inverse DCT and upsamples chroma differently from
// libjpeg (chroma is upsampled and converted with libjpeg's own arithmetic,
// so the difference is that of the inverse DCT: a few levels); WebP pixels
// come from golang.org/x/image/webp, not libwebp; formats other than PNG, JPEG,
// GIF, BMP and WebP, which Pillow may accept (TIFF, PPM, ICO, ...), are
// reported as unidentified. Go's image/gif would refuse some GIFs Pillow
// reads (frames outside the screen, indices past the palette); this
// package's GIF decoder follows Pillow instead.
package pyimg
