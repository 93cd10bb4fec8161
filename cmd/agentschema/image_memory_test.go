package main

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"
)

// bigGrayPNG is an 8-bit greyscale PNG of side×side black pixels, made
// without holding them: its image data is zlib of zero rows.
func bigGrayPNG(t *testing.T, side int) []byte {
	t.Helper()
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, side+1)
	for range side {
		if _, err := zw.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	zw.Close()
	chunk := func(out []byte, name string, data []byte) []byte {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		out = append(out, name...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(name), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(side))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(side))
	ihdr = append(ihdr, 8, 0, 0, 0, 0)
	out := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", ihdr)
	out = chunk(out, "IDAT", z.Bytes())
	return chunk(out, "IEND", nil)
}

// TestNormalizeHugeImageRowMemory: normalize of a message holding a
// 13,000² greyscale PNG writes it back as AutoGen's RGB PNG holding a row
// at a time: the heap grows by a few megabytes, where decoding the pixels
// first took 507 MB of RGB and 676 MB more to encode them.
func TestNormalizeHugeImageRowMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes and encodes 169 million pixels")
	}
	side := 13000
	if raceEnabled {
		side = 4000
	}
	doc := `{"type":"UserMessage","source":"user","content":[{"data":"` + base64.StdEncoding.EncodeToString(bigGrayPNG(t, side)) + `"}]}`
	var stdout, stderr bytes.Buffer
	var code int
	peak := peakHeap(func() {
		code = run([]string{"normalize", "-"}, strings.NewReader(doc), &stdout, &stderr)
	})
	t.Logf("heap peak %.1f MB, input %d bytes, output %d bytes", float64(peak)/(1<<20), len(doc), stdout.Len())
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"type":"UserMessage"`) {
		t.Errorf("output %.200q", stdout.String())
	}
	if peak > 64<<20 {
		t.Errorf("heap peak %.1f MB, want at most 64 MB", float64(peak)/(1<<20))
	}
}

// TestHostileWebPDeclaringLongPartition: four 116-byte lossy WebP images
// whose headers declare 16383x10000 pixels and a 512 KiB first partition
// (the file ends after 85 bytes of it) are refused by normalize and tokens
// at once, each at its pointer, without decoding a frame (they used to
// take seconds and hundreds of megabytes each).
func TestHostileWebPDeclaringLongPartition(t *testing.T) {
	declared := 0x7ffff
	c := []byte{byte(declared<<5) | 0x10, byte(declared >> 3), byte(declared >> 11), 0x9d, 0x01, 0x2a}
	c = binary.LittleEndian.AppendUint16(c, 16383)
	c = binary.LittleEndian.AppendUint16(c, 10000)
	c = append(c, make([]byte, 85)...)
	webp := []byte("RIFF")
	webp = binary.LittleEndian.AppendUint32(webp, uint32(12+len(c)+len(c)&1))
	webp = append(webp, "WEBPVP8 "...)
	webp = binary.LittleEndian.AppendUint32(webp, uint32(len(c)))
	webp = append(webp, c...)
	if len(c)&1 != 0 {
		webp = append(webp, 0)
	}
	part := `{"data":"` + base64.StdEncoding.EncodeToString(webp) + `"}`
	doc := `{"type":"UserMessage","source":"u","content":[` + strings.Repeat(part+",", 3) + part + `]}`
	for _, args := range [][]string{{"normalize", "-"}, {"tokens", "--model", "gpt-4o", "-"}} {
		t.Run(args[0], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			var code int
			peak := peakHeap(func() { code = run(args, strings.NewReader(doc), &stdout, &stderr) })
			out := stdout.String() + stderr.String()
			if code != exitBad || strings.Count(out, "cannot decode WEBP image: broken data stream: unexpected EOF") != 4 || !strings.Contains(out, "/content/3/data") {
				t.Errorf("exit %d, output %q", code, out)
			}
			if peak > 16<<20 {
				t.Errorf("heap peak %.1f MB, want at most 16 MB", float64(peak)/(1<<20))
			}
		})
	}
}
