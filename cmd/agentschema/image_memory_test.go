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
