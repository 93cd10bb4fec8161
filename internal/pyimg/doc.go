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
