package pyimg

import (
	"encoding/binary"
	"hash/crc32"
)

// This file reads image headers the way Pillow's plugins do in their _open:
// enough to know the format, size and mode, refusing what Pillow refuses.

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngInfo is what the PNG header walk found.
type pngInfo struct {
	depth, ctype byte
	interlaced   bool
	plte         []byte // PLTE chunk data, if any
	idat         int    // offset of the first IDAT chunk (its length field)
	clean        bool   // set by decodePNG: the file is well-formed throughout
}

// pngModes is Pillow's table of supported (bit depth, colour type) pairs.
var pngModes = map[[2]byte]string{
	{1, 0}: "1", {2, 0}: "L", {4, 0}: "L", {8, 0}: "L", {16, 0}: "I;16",
	{8, 2}: "RGB", {16, 2}: "RGB",
	{1, 3}: "P", {2, 3}: "P", {4, 3}: "P", {8, 3}: "P",
	{8, 4}: "LA", {16, 4}: "RGBA",
	{8, 6}: "RGBA", {16, 6}: "RGBA",
}

func isChunkType(b []byte) bool {
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// openPNG walks the chunks up to the first IDAT, verifying each CRC, as
// Pillow's PngImageFile._open does.
func (im *Image) openPNG() error {
	im.format = "PNG"
	d := im.data
	info := &pngInfo{}
	seenIHDR := false
	pos := len(pngSignature)
	for {
		if len(d)-pos < 8 {
			return unidentified("truncated PNG file: no image data")
		}
		length := int64(binary.BigEndian.Uint32(d[pos:]))
		cid := d[pos+4 : pos+8]
		if !isChunkType(cid) {
			return unidentified("broken PNG file (chunk %q)", cid)
		}
		if string(cid) == "IDAT" {
			if !seenIHDR {
				return unidentified("PNG image data before the IHDR chunk")
			}
			info.idat = pos
			break
		}
		if string(cid) == "IEND" {
			return unidentified("PNG file has no image data")
		}
		start := int64(pos + 8)
		if int64(len(d))-start < length {
			return unidentified("truncated PNG %s chunk", cid)
		}
		body := d[start : start+length]
		end := start + length
		if int64(len(d))-end < 4 {
			return unidentified("broken PNG file (incomplete checksum in %q)", cid)
		}
		if crc32.Update(crc32.ChecksumIEEE(cid), crc32.IEEETable, body) != binary.BigEndian.Uint32(d[end:]) {
			return unidentified("broken PNG file (bad header checksum in %q)", cid)
		}
		switch string(cid) {
		case "IHDR":
			if len(body) < 13 {
				return unidentified("truncated IHDR chunk")
			}
			w, h := binary.BigEndian.Uint32(body), binary.BigEndian.Uint32(body[4:])
			mode, ok := pngModes[[2]byte{body[8], body[9]}]
			if !ok {
				return unidentified("unsupported PNG bit depth %d with colour type %d", body[8], body[9])
			}
			if body[11] != 0 {
				return unidentified("unknown filter category")
			}
			im.width, im.height, im.mode = int(w), int(h), mode
			info.depth, info.ctype, info.interlaced = body[8], body[9], body[12] != 0
			seenIHDR = true
		case "PLTE":
			info.plte = body
		case "tRNS":
			// Pillow parses grey and truecolour transparency with struct
			// reads that fail on short chunks.
			if seenIHDR && (info.ctype == 0 && len(body) < 2 || info.ctype == 2 && len(body) < 6) {
				return unidentified("broken PNG tRNS chunk")
			}
		}
		pos = int(end + 4)
	}
	im.png = info
	return nil
}

// jpegInfo is what the JPEG frame header gave.
type jpegInfo struct {
	comps       int  // components: 1, 3 or 4
	progressive bool // a progressive frame
}

// openJPEG follows Pillow's JpegImageFile._open marker loop up to the
// start of scan.
func (im *Image) openJPEG() error {
	im.format = "JPEG"
	d := im.data
	pos := 2 // the third byte, 0xFF, starts the first marker after SOI
	sofSeen := false
	for {
		if pos >= len(d) {
			return unidentified("truncated JPEG file")
		}
		if d[pos] != 0xff {
			pos++ // skip junk between markers
			continue
		}
		if pos+1 >= len(d) {
			return unidentified("truncated JPEG file")
		}
		marker := d[pos+1]
		switch {
		case marker == 0xff:
			pos++ // fill byte
			continue
		case marker == 0x00:
			pos += 2 // escaped 0xFF
			continue
		case marker >= 0xd0 && marker <= 0xd9 || marker == 0xc8 || marker >= 0xf0 && marker <= 0xfd:
			pos += 2 // markers without a segment
			continue
		case marker < 0xc0:
			return unidentified("no JPEG marker found")
		}
		// A marker with a segment.
		if len(d)-pos < 4 {
			return unidentified("truncated JPEG file")
		}
		n := int(binary.BigEndian.Uint16(d[pos+2:])) - 2
		if n < 0 || len(d)-(pos+4) < n {
			return unidentified("truncated JPEG marker segment")
		}
		seg := d[pos+4 : pos+4+n]
		isSOF := marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc || marker == 0xde
		if isSOF {
			if len(seg) < 6 {
				return unidentified("truncated JPEG frame header")
			}
			if seg[0] != 8 {
				return unidentified("cannot handle %d-bit layers", seg[0])
			}
			im.height = int(binary.BigEndian.Uint16(seg[1:]))
			im.width = int(binary.BigEndian.Uint16(seg[3:]))
			switch seg[5] {
			case 1:
				im.mode = "L"
			case 3:
				im.mode = "RGB"
			case 4:
				im.mode = "CMYK"
			default:
				return unidentified("cannot handle %d-layer images", seg[5])
			}
			sofSeen = true
			// SOF2, SOF6, SOF10 and SOF14 are progressive.
			im.jpeg = &jpegInfo{comps: int(seg[5]), progressive: marker&0xf3 == 0xc2}
		}
		if marker == 0xda { // start of scan
			if !sofSeen {
				return unidentified("JPEG scan before the frame header")
			}
			return nil
		}
		pos += 4 + n
	}
}

// gifInfo is what the GIF header walk found for the first frame.
type gifInfo struct {
	palette     []byte // the frame's colour table (local, else global); nil if none
	gray        bool   // no palette, or a grey ramp: Pillow's mode "L"
	x0, y0      int
	fw, fh      int
	interlaced  bool
	transparent int // transparent index, or -1
	lzwMin      int
	dataPos     int // offset of the first image data sub-block
}

// openGIF follows Pillow's GifImageFile._open and _seek(0): the logical
// screen, then the blocks up to the first image descriptor.
func (im *Image) openGIF() error {
	im.format = "GIF"
	d := im.data
	global, pos, err := im.gifScreen()
	if err != nil {
		return err
	}
	info := &gifInfo{transparent: -1}
	for {
		if pos >= len(d) || d[pos] == ';' {
			return unidentified("GIF file has no image")
		}
		switch d[pos] {
		case '!':
			if pos, err = gifExtension(d, pos+1, info); err != nil {
				return err
			}
		case ',':
			return im.gifFrame(pos+1, global, info)
		default:
			pos++ // Pillow ignores unknown bytes between blocks
		}
	}
}

// gifScreen reads the logical screen descriptor, which gives the image
// size, and the global colour table if there is one; pos is the offset
// after them.
func (im *Image) gifScreen() (global []byte, pos int, err error) {
	d := im.data
	if len(d) < 13 {
		return nil, 0, unidentified("truncated GIF header")
	}
	im.width = int(binary.LittleEndian.Uint16(d[6:]))
	im.height = int(binary.LittleEndian.Uint16(d[8:]))
	pos = 13
	if flags := d[10]; flags&0x80 != 0 {
		n := 3 << (flags&7 + 1)
		if len(d)-pos < n {
			return nil, 0, unidentified("truncated GIF global colour table")
		}
		global = d[pos : pos+n]
		pos += n
	}
	return global, pos, nil
}

// gifExtension reads the extension block whose label is at pos (just
// after the '!'), keeping the transparent index of a graphic control
// extension, and returns the offset after the block.
func gifExtension(d []byte, pos int, info *gifInfo) (int, error) {
	if pos >= len(d) {
		return 0, unidentified("truncated GIF extension")
	}
	label := d[pos]
	pos++
	if label == 0xf9 && pos+5 <= len(d) && d[pos] >= 4 {
		// Graphic control extension: its first block holds the
		// transparency flag and index.
		if d[pos+1]&1 != 0 {
			info.transparent = int(d[pos+4])
		}
	}
	return skipSubBlocks(d, pos), nil
}

// skipSubBlocks returns the offset after the data sub-blocks that start
// at pos and their terminator, tolerating a truncated file as Pillow's
// GifImageFile.data does.
func skipSubBlocks(d []byte, pos int) int {
	for pos < len(d) {
		n := int(d[pos])
		pos++
		if n == 0 {
			return pos
		}
		pos += n
	}
	return pos
}

// gifFrame reads the image descriptor at pos (just after the ','), its
// local colour table and the LZW code size: the first frame, which sets
// the image's mode and may grow its size.
func (im *Image) gifFrame(pos int, global []byte, info *gifInfo) error {
	d := im.data
	if len(d)-pos < 9 {
		return unidentified("truncated GIF image descriptor")
	}
	info.x0 = int(binary.LittleEndian.Uint16(d[pos:]))
	info.y0 = int(binary.LittleEndian.Uint16(d[pos+2:]))
	info.fw = int(binary.LittleEndian.Uint16(d[pos+4:]))
	info.fh = int(binary.LittleEndian.Uint16(d[pos+6:]))
	flags := d[pos+8]
	pos += 9
	info.interlaced = flags&0x40 != 0
	info.palette = global
	if flags&0x80 != 0 {
		n := 3 << (flags&7 + 1)
		if len(d)-pos < n {
			return unidentified("truncated GIF local colour table")
		}
		info.palette = d[pos : pos+n]
		pos += n
	}
	if pos >= len(d) {
		return unidentified("truncated GIF image data")
	}
	info.lzwMin = int(d[pos])
	info.dataPos = pos + 1
	// Pillow grows the image to hold a first frame that extends past
	// the logical screen.
	im.width = max(im.width, info.x0+info.fw)
	im.height = max(im.height, info.y0+info.fh)
	info.gray = isGrayRamp(info.palette)
	im.mode = "P"
	if info.gray {
		im.mode = "L"
	}
	im.gif = info
	return nil
}

// isGrayRamp reports whether a GIF colour table is absent or the identity
// grey ramp, which Pillow opens as mode "L" instead of "P".
func isGrayRamp(p []byte) bool {
	for i := 0; i+2 < len(p); i += 3 {
		v := byte(i / 3)
		if i/3 > 255 || p[i] != v || p[i+1] != v || p[i+2] != v {
			return false
		}
	}
	return true
}

// bmpInfo is what the BMP header gave.
type bmpInfo struct {
	offset      int // pixel data offset
	headerEnd   int // the end of the info header (14 + its size)
	bits        int
	compression uint32
	topDown     bool
	masks       [4]uint32 // r, g, b, a for BI_BITFIELDS
	palette     []byte    // raw colour table
	palEntry    int       // bytes per colour table entry: 3 or 4
	gray        bool      // colour table is the grey ramp (Pillow mode "L" or "1")
}

const (
	biRGB       = 0
	biRLE8      = 1
	biRLE4      = 2
	biBitfields = 3
)

// bmpMasks lists the bit-field layouts Pillow supports, by bit count.
var bmpMasks = map[int][][4]uint32{
	32: {
		{0xff0000, 0xff00, 0xff, 0}, {0xff000000, 0xff0000, 0xff00, 0}, {0xff000000, 0xff00, 0xff, 0},
		{0xff000000, 0xff0000, 0xff00, 0xff}, {0xff, 0xff00, 0xff0000, 0xff000000},
		{0xff0000, 0xff00, 0xff, 0xff000000}, {0xff000000, 0xff00, 0xff, 0xff0000}, {0, 0, 0, 0},
	},
	24: {{0xff0000, 0xff00, 0xff, 0}},
	16: {{0xf800, 0x7e0, 0x1f, 0}, {0x7c00, 0x3e0, 0x1f, 0}},
}

// openBMP follows Pillow's BmpImageFile._bitmap.
func (im *Image) openBMP() error {
	im.format = "BMP"
	d := im.data
	info, colors, pos, err := im.bmpHeader()
	if err != nil {
		return err
	}
	if colors == 0 {
		colors = 1 << min(info.bits, 40)
	}
	if info.offset == info.headerEnd && info.bits <= 8 {
		info.offset += 4 * int(colors)
	}
	if err := im.bmpMode(info); err != nil {
		return err
	}
	if im.mode == "P" {
		if colors <= 0 || colors > 65536 {
			return unidentified("unsupported BMP palette size (%d)", colors)
		}
		n := int(colors) * info.palEntry
		if n > len(d)-pos {
			n = len(d) - pos
		}
		info.palette = d[pos : pos+n]
		pos += n
		info.gray = bmpGray(info.palette, info.palEntry, int(colors))
		switch {
		case info.gray && colors == 2:
			im.mode = "1"
		case info.gray:
			im.mode = "L"
		}
	}
	if info.offset == 0 {
		info.offset = pos
	}
	im.bmp = info
	return nil
}

// bmpHeader reads the BMP file and info headers (and bit-field masks
// that follow a short header): the size and layout, the number of
// palette colours the header gives (0: the default for the depth), and
// the position after what was read.
func (im *Image) bmpHeader() (*bmpInfo, int64, int, error) {
	d := im.data
	if len(d) < 18 {
		return nil, 0, 0, unidentified("truncated BMP header")
	}
	info := &bmpInfo{offset: int(binary.LittleEndian.Uint32(d[10:]))}
	hsize := int(binary.LittleEndian.Uint32(d[14:]))
	if hsize < 4 || len(d)-18 < hsize-4 {
		return nil, 0, 0, unidentified("truncated BMP header")
	}
	h := d[18 : 14+hsize]
	pos := 14 + hsize
	info.headerEnd = pos
	colors := int64(0)
	switch hsize {
	case 12:
		im.width = int(binary.LittleEndian.Uint16(h))
		im.height = int(binary.LittleEndian.Uint16(h[2:]))
		info.bits = int(binary.LittleEndian.Uint16(h[6:]))
		info.palEntry = 3
	case 40, 52, 56, 64, 108, 124:
		im.width = int(binary.LittleEndian.Uint32(h))
		rawH := binary.LittleEndian.Uint32(h[4:])
		if h[7] == 0xff {
			info.topDown = true
			im.height = int(1<<32 - int64(rawH))
		} else {
			im.height = int(rawH)
		}
		info.bits = int(binary.LittleEndian.Uint16(h[10:]))
		info.compression = binary.LittleEndian.Uint32(h[12:])
		colors = int64(binary.LittleEndian.Uint32(h[28:]))
		info.palEntry = 4
		if info.compression == biBitfields {
			if len(h) >= 48 {
				for i := 0; i < 3; i++ {
					info.masks[i] = binary.LittleEndian.Uint32(h[36+4*i:])
				}
				if len(h) >= 52 {
					info.masks[3] = binary.LittleEndian.Uint32(h[48:])
				}
			} else {
				if len(d)-pos < 12 {
					return nil, 0, 0, unidentified("truncated BMP bit-field masks")
				}
				for i := 0; i < 3; i++ {
					info.masks[i] = binary.LittleEndian.Uint32(d[pos+4*i:])
				}
				pos += 12
			}
		}
	default:
		return nil, 0, 0, unidentified("unsupported BMP header type (%d)", hsize)
	}
	return info, colors, pos, nil
}

// bmpMode sets the image mode from the depth and compression, refusing
// what Pillow refuses.
func (im *Image) bmpMode(info *bmpInfo) error {
	switch info.bits {
	case 1, 4, 8:
		im.mode = "P"
	case 16, 24, 32:
		im.mode = "RGB"
	default:
		return unidentified("unsupported BMP pixel depth (%d)", info.bits)
	}
	switch info.compression {
	case biRGB, biRLE8, biRLE4:
	case biBitfields:
		ok := false
		for _, m := range bmpMasks[info.bits] {
			if info.bits == 32 && m == info.masks || info.bits != 32 && m[0] == info.masks[0] && m[1] == info.masks[1] && m[2] == info.masks[2] {
				ok = true
			}
		}
		if !ok {
			return unidentified("unsupported BMP bitfields layout")
		}
		if info.bits != 32 {
			info.masks[3] = 0
		} else if info.masks[3] != 0 || info.masks == [4]uint32{} {
			im.mode = "RGBA"
		}
		if info.masks == [4]uint32{} {
			// Pillow reads an all-zero mask set as BGRA.
			info.masks = [4]uint32{0xff0000, 0xff00, 0xff, 0xff000000}
		}
	default:
		return unidentified("unsupported BMP compression (%d)", info.compression)
	}
	return nil
}

// bmpGray is Pillow's check that a BMP colour table is black and white (two
// colours) or the grey ramp.
func bmpGray(p []byte, entry, colors int) bool {
	for i := 0; i < colors; i++ {
		v := byte(i)
		if colors == 2 && i == 1 {
			v = 255
		}
		o := i * entry
		if o+3 > len(p) || p[o] != v || p[o+1] != v || p[o+2] != v {
			return false
		}
	}
	return true
}

// openWebP reads the RIFF header and the first chunk's frame size, as
// libwebp's WebPGetFeatures does for Pillow.
func (im *Image) openWebP() error {
	im.format = "WEBP"
	d := im.data
	if len(d) < 20 {
		return unidentified("truncated WebP file")
	}
	fourcc := string(d[12:16])
	chunk := d[20:]
	switch fourcc {
	case "VP8 ":
		if len(chunk) < 10 || chunk[3] != 0x9d || chunk[4] != 0x01 || chunk[5] != 0x2a {
			return unidentified("broken WebP VP8 frame header")
		}
		im.width = int(binary.LittleEndian.Uint16(chunk[6:]) & 0x3fff)
		im.height = int(binary.LittleEndian.Uint16(chunk[8:]) & 0x3fff)
		im.mode = "RGB"
	case "VP8L":
		if len(chunk) < 5 || chunk[0] != 0x2f {
			return unidentified("broken WebP VP8L header")
		}
		b := binary.LittleEndian.Uint32(chunk[1:])
		if b>>29 != 0 {
			return unidentified("unsupported WebP VP8L version")
		}
		im.width = int(b&0x3fff) + 1
		im.height = int(b>>14&0x3fff) + 1
		im.mode = "RGB"
		if b>>28&1 != 0 {
			im.mode = "RGBA"
		}
	case "VP8X":
		if len(chunk) < 10 {
			return unidentified("truncated WebP VP8X header")
		}
		im.width = int(uint32(chunk[4])|uint32(chunk[5])<<8|uint32(chunk[6])<<16) + 1
		im.height = int(uint32(chunk[7])|uint32(chunk[8])<<8|uint32(chunk[9])<<16) + 1
		im.mode = "RGB"
		if chunk[0]&0x10 != 0 {
			im.mode = "RGBA"
		}
	default:
		return unidentified("not a WebP image (chunk %q)", fourcc)
	}
	im.webp = &webpInfo{vp8: fourcc == "VP8 ", lossless: fourcc == "VP8L", extended: fourcc == "VP8X"}
	return nil
}

// webpInfo is what the WebP header gave: the first chunk's kind.
type webpInfo struct {
	vp8      bool // a simple lossy file: the VP8 chunk comes first
	lossless bool // a simple lossless file: VP8L first
	extended bool // VP8X first: alpha, animation or metadata may follow
}
