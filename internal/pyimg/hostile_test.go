package pyimg

import (
	"bytes"
	"compress/lzw"
	"compress/zlib"
	"encoding/binary"
	"image"
	"image/jpeg"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// This file builds hostile images in code (no large files in the
// repository): small files that declare images just under Pillow's
// decompression-bomb threshold, to check that checking them holds memory
// proportional to a row, not to the image.

// hostileSide is the side of the square hostile images: 13000*13000 is
// 169,000,000 pixels, under DefaultMaxPixels.
const hostileSide = 13000

// zeroReader yields n zero bytes.
type zeroReader struct{ n int64 }

var zeros = make([]byte, 64<<10)

func (z *zeroReader) Read(p []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	n := copy(p, zeros[:min(int64(len(zeros)), z.n)])
	z.n -= int64(n)
	return n, nil
}

// grayPNG is an 8-bit greyscale PNG of w×h black pixels: its IDAT is a
// zlib stream of zeros (filter type 0 rows), about 1/1000 of the pixels.
func grayPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if _, err := io.Copy(zw, &zeroReader{n: int64(h) * int64(w+1)}); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0
	out := append(bytes.Clone(pngSignature), pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", z.Bytes())...)
	return append(out, pngChunk("IEND", nil)...)
}

// truncatedPNG is the header of a w×h greyscale PNG whose IDAT holds a
// few rows only.
func truncatedPNG(w, h int) []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 3*(w+1)))
	zw.Flush()
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0
	out := append(bytes.Clone(pngSignature), pngChunk("IHDR", ihdr)...)
	return append(out, pngChunk("IDAT", z.Bytes())...)
}

// gifFile is a GIF of a w×h frame whose LZW data (minimum code size 2)
// is lzwData, in sub-blocks.
func gifFile(w, h int, lzwData []byte) []byte {
	out := []byte("GIF89a")
	out = binary.LittleEndian.AppendUint16(out, uint16(w))
	out = binary.LittleEndian.AppendUint16(out, uint16(h))
	out = append(out, 0x81, 0, 0) // global table of 4 colours
	out = append(out, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255)
	out = append(out, ',', 0, 0, 0, 0)
	out = binary.LittleEndian.AppendUint16(out, uint16(w))
	out = binary.LittleEndian.AppendUint16(out, uint16(h))
	out = append(out, 0, 2)
	for len(lzwData) > 0 {
		n := min(255, len(lzwData))
		out = append(out, byte(n))
		out = append(out, lzwData[:n]...)
		lzwData = lzwData[n:]
	}
	return append(out, 0, ';')
}

// hostileGIF is a w×h GIF of colour 0: its LZW data codes w*h zeros.
func hostileGIF(t testing.TB, w, h int) []byte {
	t.Helper()
	var z bytes.Buffer
	zw := lzw.NewWriter(&z, lzw.LSB, 2)
	if _, err := io.Copy(zw, &zeroReader{n: int64(w) * int64(h)}); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	return gifFile(w, h, z.Bytes())
}

// rleBMP is a w×h 8-bit RLE BMP whose data is rows, then end of bitmap.
func rleBMP(w, h int, rows []byte) []byte {
	const off = 14 + 40 + 256*4
	out := []byte("BM")
	out = binary.LittleEndian.AppendUint32(out, uint32(off+len(rows)+2))
	out = binary.LittleEndian.AppendUint32(out, 0)
	out = binary.LittleEndian.AppendUint32(out, off)
	out = binary.LittleEndian.AppendUint32(out, 40)
	out = binary.LittleEndian.AppendUint32(out, uint32(w))
	out = binary.LittleEndian.AppendUint32(out, uint32(h))
	out = binary.LittleEndian.AppendUint16(out, 1)
	out = binary.LittleEndian.AppendUint16(out, 8)
	out = binary.LittleEndian.AppendUint32(out, biRLE8)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(rows)+2))
	out = append(out, make([]byte, 8)...)
	out = binary.LittleEndian.AppendUint32(out, 256)
	out = binary.LittleEndian.AppendUint32(out, 0)
	for i := 0; i < 256; i++ { // not a grey ramp: mode P
		out = append(out, byte(i), byte(255-i), 7, 0)
	}
	out = append(out, rows...)
	return append(out, 0, 1)
}

// hostileBMP is a w×h RLE8 BMP of colour 0: each row is a run of one
// pixel and an end of line (which pads the row with zeros).
func hostileBMP(w, h int) []byte {
	return rleBMP(w, h, bytes.Repeat([]byte{1, 0, 0, 0}, h))
}

// hostileJPEG is a w×h greyscale baseline JPEG of mid grey: every block
// is coded as DC difference 0 and end of block (6 bits with the standard
// tables image/jpeg writes). When truncated, only the first block is
// coded (a truncated scan, ended by EOI).
func hostileJPEG(t testing.TB, w, h int, truncated bool) []byte {
	t.Helper()
	var small bytes.Buffer
	if err := jpeg.Encode(&small, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	d := small.Bytes()
	sof := bytes.Index(d, []byte{0xff, 0xc0})
	sos := bytes.Index(d, []byte{0xff, 0xda})
	if sof < 0 || sos < 0 {
		t.Fatal("no SOF0 or SOS in image/jpeg's output")
	}
	hdr := bytes.Clone(d[:sos+2+int(binary.BigEndian.Uint16(d[sos+2:]))])
	binary.BigEndian.PutUint16(hdr[sof+5:], uint16(h))
	binary.BigEndian.PutUint16(hdr[sof+7:], uint16(w))
	blocks := ((w + 7) / 8) * ((h + 7) / 8)
	if truncated {
		blocks = 1
	}
	var acc uint32
	n := 0
	out := hdr
	for i := 0; i < blocks; i++ {
		acc, n = acc<<6|0b001010, n+6
		for n >= 8 {
			out = append(out, byte(acc>>(n-8)))
			n -= 8
		}
	}
	if n > 0 {
		out = append(out, byte(acc<<(8-n)|(1<<(8-n)-1)))
	}
	return append(out, 0xff, 0xd9)
}

// webpFile wraps one chunk in a RIFF WEBP file.
func webpFile(fourcc string, chunk []byte) []byte {
	out := []byte("RIFF")
	size := 4 + 8 + len(chunk) + len(chunk)&1
	out = binary.LittleEndian.AppendUint32(out, uint32(size))
	out = append(out, "WEBP"+fourcc...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(chunk)))
	out = append(out, chunk...)
	if len(chunk)&1 != 0 {
		out = append(out, 0)
	}
	return out
}

// hostileVP8 is a lossy WebP of w×h whose first partition (firstLen
// bytes) and token partition (tokenLen bytes) hold zeros: far too little
// data for so many macroblocks.
func hostileVP8(w, h, firstLen, tokenLen int) []byte {
	c := []byte{byte(firstLen<<5) | 0x10, byte(firstLen >> 3), byte(firstLen >> 11), 0x9d, 0x01, 0x2a}
	c = binary.LittleEndian.AppendUint16(c, uint16(w))
	c = binary.LittleEndian.AppendUint16(c, uint16(h))
	c = append(c, make([]byte, firstLen+tokenLen)...)
	return webpFile("VP8 ", c)
}

// declaredVP8 is a lossy WebP of w×h whose header declares a first
// partition of declared bytes while the file holds only actual bytes of
// zeros after the frame header: a file of a hundred bytes that once cost
// its decoder 145 MB and seconds.
func declaredVP8(w, h, declared, actual int) []byte {
	c := []byte{byte(declared<<5) | 0x10, byte(declared >> 3), byte(declared >> 11), 0x9d, 0x01, 0x2a}
	c = binary.LittleEndian.AppendUint16(c, uint16(w))
	c = binary.LittleEndian.AppendUint16(c, uint16(h))
	c = append(c, make([]byte, actual)...)
	return webpFile("VP8 ", c)
}

// bitWriter writes bits least significant first, as VP8L reads them.
type bitWriter struct {
	b []byte
	n uint
}

func (bw *bitWriter) write(v uint32, n uint) {
	for i := uint(0); i < n; i++ {
		if bw.n%8 == 0 {
			bw.b = append(bw.b, 0)
		}
		bw.b[len(bw.b)-1] |= byte(v>>i&1) << (bw.n % 8)
		bw.n++
	}
}

// hostileVP8L is a lossless WebP of w×h. Solid: every Huffman tree has a
// single symbol, so the pixels take no bits (a valid black image). Else
// the green tree has two symbols and no pixel data follows (truncated).
func hostileVP8L(w, h int, solid bool) []byte {
	var bw bitWriter
	bw.write(0x2f, 8)
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(0, 1) // alpha hint
	bw.write(0, 3) // version
	bw.write(0, 1) // no transform
	bw.write(0, 1) // no colour cache
	bw.write(0, 1) // no meta Huffman image
	for i := 0; i < 5; i++ {
		bw.write(1, 1) // simple code
		if i == 0 && !solid {
			bw.write(1, 1) // two symbols
			bw.write(0, 1) // first symbol in 1 bit
			bw.write(0, 1) // symbol 0
			bw.write(1, 8) // symbol 1
			continue
		}
		bw.write(0, 1) // one symbol
		bw.write(0, 1) // in 1 bit
		bw.write(0, 1) // symbol 0
	}
	return webpFile("VP8L", bw.b)
}

// heapUse runs f and reports the largest heap in use above the start,
// sampled every millisecond, and the bytes allocated in all.
func heapUse(f func()) (peak, total uint64) {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var max atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > base.HeapAlloc && ms.HeapAlloc-base.HeapAlloc > max.Load() {
				max.Store(ms.HeapAlloc - base.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	var end runtime.MemStats
	runtime.ReadMemStats(&end)
	if end.HeapAlloc > base.HeapAlloc {
		max.Store(maxU(max.Load(), end.HeapAlloc-base.HeapAlloc))
	}
	return max.Load(), end.TotalAlloc - base.TotalAlloc
}

func maxU(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}
