package pyimg

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"testing"
)

// checkOutcome is what checking a PNG gave: the error, and whether the
// file counts as clean (EncodePNG hands it on unchanged).
func checkOutcome(err error, clean bool) string {
	return fmt.Sprintf("err=%v clean=%v", err, clean)
}

// slowCheck checks data with compress/zlib's path only (readPNG); ok is
// false when data does not open as a PNG.
func slowCheck(data []byte) (string, bool) {
	im, err := Open(data, Limits{})
	if err != nil || im.png == nil {
		return "", false
	}
	_, err = im.readPNG(true, nil)
	return checkOutcome(err, im.png.clean), true
}

// fastCheck checks data with checkPNGFast; done is false when it left the
// decision to readPNG.
func fastCheck(data []byte) (string, bool) {
	im, err := Open(data, Limits{})
	if err != nil || im.png == nil {
		return "", false
	}
	done, err := im.checkPNGFast()
	return checkOutcome(err, im.png.clean), done
}

// pngFile is a PNG of the given header with idat as its image data, in
// chunks of at most split bytes (all in one when split is 0).
func pngFile(w, h int, depth, ctype, interlace byte, idat []byte, split int) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9], ihdr[12] = depth, ctype, interlace
	out := append(bytes.Clone(pngSignature), pngChunk("IHDR", ihdr)...)
	if ctype == 3 {
		out = append(out, pngChunk("PLTE", []byte{0, 0, 0, 255, 255, 255})...)
	}
	for len(idat) > 0 {
		n := len(idat)
		if split > 0 {
			n = min(n, split)
		}
		out = append(out, pngChunk("IDAT", idat[:n])...)
		idat = idat[n:]
	}
	return append(out, pngChunk("IEND", nil)...)
}

// zlibOf is raw compressed with compress/zlib at level.
func zlibOf(t testing.TB, raw []byte, level int) []byte {
	var b bytes.Buffer
	zw, err := zlib.NewWriterLevel(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

// goPNGs are PNGs written by image/png: each colour type it writes, at
// each compression level, small and larger, noisy and smooth.
func goPNGs(t testing.TB) [][]byte {
	var out [][]byte
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range [][2]int{{1, 1}, {3, 5}, {64, 64}, {200, 90}} {
		w, h := size[0], size[1]
		imgs := []image.Image{image.NewGray(image.Rect(0, 0, w, h)), image.NewRGBA(image.Rect(0, 0, w, h)),
			image.NewNRGBA64(image.Rect(0, 0, w, h)), image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, color.White, color.Gray{128}})}
		for y := range h {
			for x := range w {
				v := uint8(x*3 + y)
				if (x+y)%3 == 0 {
					v = uint8(rng.Uint32())
				}
				imgs[0].(*image.Gray).SetGray(x, y, color.Gray{v})
				imgs[1].(*image.RGBA).SetRGBA(x, y, color.RGBA{v, v / 2, uint8(x), 255})
				imgs[2].(*image.NRGBA64).SetNRGBA64(x, y, color.NRGBA64{uint16(v) << 8, 7, uint16(y), 0xffff})
				imgs[3].(*image.Paletted).SetColorIndex(x, y, v%3)
			}
		}
		for _, m := range imgs {
			for _, level := range []png.CompressionLevel{png.NoCompression, png.BestSpeed, png.DefaultCompression, png.BestCompression} {
				var b bytes.Buffer
				if err := (&png.Encoder{CompressionLevel: level}).Encode(&b, m); err != nil {
					t.Fatal(err)
				}
				out = append(out, b.Bytes())
			}
		}
	}
	return out
}

// transcriptPNGs are the images of the benchmark transcript (written by
// Pillow, as AutoGen writes them).
func transcriptPNGs(t testing.TB) [][]byte {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		var m struct {
			Type    string
			Content []json.RawMessage
		}
		if json.Unmarshal(l, &m) != nil || m.Type != "MultiModalMessage" {
			continue
		}
		for _, c := range m.Content {
			var im struct{ Data string }
			if json.Unmarshal(c, &im) == nil && im.Data != "" {
				b, err := base64.StdEncoding.DecodeString(im.Data)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, b)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no images in the transcript")
	}
	return out
}

// samplePNGs are the PNGs of the conformance and Pillow cases, the
// transcript's and image/png's.
func samplePNGs(t testing.TB) [][]byte {
	var out [][]byte
	for _, c := range loadImagesJSON(t).Images {
		if data, _ := DecodeBase64(c.B64); bytes.HasPrefix(data, pngSignature) {
			out = append(out, data)
		}
	}
	for _, c := range loadPillowCases(t) {
		if data, _ := DecodeBase64(c.B64); bytes.HasPrefix(data, pngSignature) {
			out = append(out, data)
		}
	}
	out = append(out, transcriptPNGs(t)...)
	return append(out, goPNGs(t)...)
}

// mutations are variants of a PNG: bits flipped and bytes changed in its
// image data (whose CRC Pillow does not check), and the file cut short.
func mutations(data []byte, rng *rand.Rand) [][]byte {
	im, err := Open(data, Limits{})
	if err != nil || im.png == nil {
		return nil
	}
	start := im.png.idat + 8
	var out [][]byte
	for range 24 {
		m := bytes.Clone(data)
		i := start + rng.IntN(len(data)-start)
		m[i] ^= 1 << rng.IntN(8)
		out = append(out, m)
		m = bytes.Clone(m)
		m[start+rng.IntN(len(data)-start)] = byte(rng.Uint32())
		out = append(out, m)
	}
	for range 12 {
		out = append(out, data[:start+rng.IntN(len(data)-start)])
	}
	return out
}

// TestCheckPNGFastAgrees: the fast check gives readPNG's error and
// cleanness wherever it decides, on every sample PNG and its mutations;
// it decides for every valid image written by Pillow and image/png.
func TestCheckPNGFastAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	decided, total := 0, 0
	compare := func(name string, data []byte, mustDecide bool) {
		want, ok := slowCheck(data)
		if !ok {
			return
		}
		total++
		got, done := fastCheck(data)
		if !done {
			if mustDecide {
				t.Errorf("%s: the fast check did not decide (%s)", name, want)
			}
			return
		}
		decided++
		if got != want {
			t.Errorf("%s: fast check %s, readPNG %s", name, got, want)
		}
	}
	for i, data := range transcriptPNGs(t) {
		compare(fmt.Sprintf("transcript image %d", i), data, true)
	}
	for i, data := range goPNGs(t) {
		compare(fmt.Sprintf("image/png %d", i), data, true)
	}
	for i, data := range samplePNGs(t) {
		compare(fmt.Sprintf("sample %d", i), data, false)
		for j, m := range mutations(data, rng) {
			compare(fmt.Sprintf("sample %d mutation %d", i, j), m, false)
		}
	}
	t.Logf("the fast check decided %d of %d", decided, total)
}

// bitWriter writes a deflate stream's bits, least significant first.
type deflateBits struct {
	out  []byte
	acc  uint64
	nacc uint
}

// bits writes the n low bits of v.
func (w *deflateBits) bits(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// code writes a Huffman code of n bits, most significant first.
func (w *deflateBits) code(c uint64, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.bits(c>>uint(i)&1, 1)
	}
}

// fixedLitCode writes literal or length symbol v with the fixed code.
func (w *deflateBits) fixedLitCode(v int) {
	switch {
	case v < 144:
		w.code(uint64(0x30+v), 8)
	case v < 256:
		w.code(uint64(0x190+v-144), 9)
	case v < 280:
		w.code(uint64(v-256), 7)
	default:
		w.code(uint64(0xc0+v-280), 8)
	}
}

// flush pads the last byte with zeros.
func (w *deflateBits) flush() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	w.acc, w.nacc = 0, 0
	return w.out
}

// fixedStream is a zlib stream of one final fixed-Huffman block: syms
// (literals, and -dist after a length symbol 257 for a copy of 3) then
// the end of the block, and the Adler-32 of want.
func fixedStream(syms []int, want []byte) []byte {
	w := &deflateBits{out: []byte{0x78, 0x01}}
	w.bits(1, 1) // final
	w.bits(1, 2) // fixed
	for i := 0; i < len(syms); i++ {
		if syms[i] < 0 {
			w.code(uint64(-syms[i]-1), 5) // distance symbol, no extra bits below 4
			continue
		}
		w.fixedLitCode(syms[i])
	}
	w.fixedLitCode(256)
	return binary.BigEndian.AppendUint32(w.flush(), adler32.Checksum(want))
}

// TestCheckPNGFastHandmade: hand-written streams for a 2x1 8-bit
// greyscale image (one row: filter 0 and two samples) give the outcome
// worked out by hand, and the fast check decides only where it should.
func TestCheckPNGFastHandmade(t *testing.T) {
	row := []byte{0, 7, 7}
	cases := []struct {
		name   string
		stream []byte
		want   string // "" when the fast check leaves it to readPNG
		slow   string // readPNG's outcome
	}{
		{"literals", fixedStream([]int{0, 7, 7}, row), "err=<nil> clean=true", "err=<nil> clean=true"},
		{"a copy of distance 1", fixedStream([]int{0, 7, 257, -1}, []byte{0, 7, 7, 7, 7}), "", "err=<nil> clean=false"},
		{"wrong checksum", fixedStream([]int{0, 7, 7}, []byte{1}), "", "err=<nil> clean=false"},
		{"filter type 5", fixedStream([]int{5, 7, 7}, []byte{5, 7, 7}), "err=cannot decode PNG image: broken data stream: unknown filter type clean=false", "err=cannot decode PNG image: broken data stream: unknown filter type clean=false"},
		// The header's 3 bits, the literal's 8 and the length's 7 take 3
		// bytes; the distance's 5 bits are in the third: distance 2 with
		// 1 byte out fails with 3 bytes read.
		{"distance past the start", fixedStream([]int{0, 257, -2}, row), "", "err=cannot decode PNG image: broken data stream: flate: corrupt input before offset 3 clean=false"},
		// 3 + 8 + 8 bits: symbol 286 ends in the third byte.
		{"length symbol 286", fixedStream([]int{0, 286}, row), "", "err=cannot decode PNG image: broken data stream: flate: corrupt input before offset 3 clean=false"},
		{"too short", fixedStream([]int{0, 7}, row[:2]), "", "err=cannot decode PNG image: image file is truncated clean=false"},
		{"stored", append(append([]byte{0x78, 0x01, 1, 3, 0, 0xfc, 0xff}, row...), binary.BigEndian.AppendUint32(nil, adler32.Checksum(row))...), "err=<nil> clean=true", "err=<nil> clean=true"},
		{"preset dictionary", append([]byte{0x78, 0x20 + 31 - (0x7820 % 31)}, fixedStream([]int{0, 7, 7}, row)[2:]...), "", "err=cannot decode PNG image: broken data stream: zlib: invalid dictionary clean=false"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := pngFile(2, 1, 8, 0, 0, c.stream, 0)
			slow, ok := slowCheck(data)
			if !ok {
				t.Fatal("does not open")
			}
			if slow != c.slow {
				t.Errorf("readPNG: %s, want %s", slow, c.slow)
			}
			got, done := fastCheck(data)
			if c.want == "" {
				if done {
					t.Errorf("the fast check decided %s", got)
				}
				return
			}
			if !done || got != c.want {
				t.Errorf("fast check: %s (decided %v), want %s", got, done, c.want)
			}
		})
	}
}

// TestCheckPNGFastSplitAndInterlaced: image data split over many IDAT
// chunks, and an interlaced image, are decided by the fast check as
// readPNG decides them.
func TestCheckPNGFastSplitAndInterlaced(t *testing.T) {
	// An interlaced 8-bit greyscale 5x3 image: the passes' rows are
	// 1 (pass 1), 1 (pass 2), 1 (pass 3: x 0 and 4, y 4: none; so 0),
	// computed by checkPNGFast itself; here the stream is the raw rows
	// of all passes as readPNG reads them.
	raw := make([]byte, 0, 64)
	for _, p := range adam7 {
		pw, ph := (5-p[0]+p[2]-1)/p[2], (3-p[1]+p[3]-1)/p[3]
		if pw <= 0 || ph <= 0 {
			continue
		}
		for range ph {
			raw = append(raw, 1) // filter Sub
			for x := range pw {
				raw = append(raw, byte(x))
			}
		}
	}
	for _, level := range []int{zlib.NoCompression, zlib.BestSpeed, zlib.DefaultCompression} {
		stream := zlibOf(t, raw, level)
		for _, split := range []int{0, 1, 3, 1000} {
			data := pngFile(5, 3, 8, 0, 1, stream, split)
			want, _ := slowCheck(data)
			got, done := fastCheck(data)
			if !done || got != want || want != "err=<nil> clean=true" {
				t.Errorf("level %d split %d: fast %s (decided %v), readPNG %s", level, split, got, done, want)
			}
		}
	}
}

// FuzzCheckPNGFast: for any image data under a small header, the fast
// check, where it decides, gives readPNG's outcome.
func FuzzCheckPNGFast(f *testing.F) {
	row := []byte{0, 7, 7}
	f.Add(uint8(0), fixedStream([]int{0, 7, 7}, row))
	f.Add(uint8(1), zlibOf(f, []byte{0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7}, zlib.BestCompression))
	for _, data := range transcriptPNGs(f)[:2] {
		im, _ := Open(data, Limits{})
		f.Add(uint8(2), data[im.png.idat+8:len(data)-16])
	}
	f.Fuzz(func(t *testing.T, shape uint8, stream []byte) {
		w, h := 2, 1
		switch shape % 3 {
		case 1:
			w, h = 4, 4
		case 2:
			w, h = 64, 64
		}
		data := pngFile(w, h, 8, []byte{0, 0, 2}[shape%3], shape>>7, stream, int(shape>>4&7))
		want, ok := slowCheck(data)
		if !ok {
			return
		}
		if got, done := fastCheck(data); done && got != want {
			t.Fatalf("fast check %s, readPNG %s", got, want)
		}
	})
}
