package wire

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
)

// naivePlainEnd is plainEnd written byte by byte, the reference the
// word-at-a-time version must agree with.
func naivePlainEnd(data []byte, p int) int {
	for ; p < len(data); p++ {
		if c := data[p]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return p
		}
	}
	return p
}

func TestPlainEnd(t *testing.T) {
	// Every special byte at every position of a 20-byte run, from every
	// start offset, and a run with none.
	specials := []byte{'"', '\\', 0x00, 0x1f, 0x80, 0xff, 0xc3}
	for _, sp := range specials {
		for pos := 0; pos < 20; pos++ {
			data := bytes.Repeat([]byte{'a'}, 20)
			data[pos] = sp
			for start := 0; start <= 20; start++ {
				if got, want := plainEnd(data, start), naivePlainEnd(data, start); got != want {
					t.Fatalf("plainEnd(%q, %d) = %d, want %d", data, start, got, want)
				}
			}
		}
	}
	// Bytes just outside the special ranges must not stop the scan.
	plain := []byte{0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, ' ', '~'}
	data := bytes.Repeat(plain, 5)
	if got := plainEnd(data, 0); got != len(data) {
		t.Fatalf("plainEnd stopped at %d in %q", got, data)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		data := make([]byte, r.IntN(40))
		for j := range data {
			// Mostly plain ASCII, sometimes anything.
			if r.IntN(8) == 0 {
				data[j] = byte(r.IntN(256))
			} else {
				data[j] = byte(0x20 + r.IntN(0x5f))
			}
		}
		start := 0
		if len(data) > 0 {
			start = r.IntN(len(data) + 1)
		}
		if got, want := plainEnd(data, start), naivePlainEnd(data, start); got != want {
			t.Fatalf("plainEnd(%q, %d) = %d, want %d", data, start, got, want)
		}
	}
}

// naiveSkimString is skimString written byte by byte.
func naiveSkimString(data []byte, p int) (int, bool) {
	esc := false
	for i := p + 1; i < len(data); i++ {
		switch data[i] {
		case '\\':
			esc = true
			i++
		case '"':
			return i + 1, esc
		}
	}
	return -1, esc
}

func TestSkimString(t *testing.T) {
	cases := []string{
		`""`, `"a"`, `"a\"b"`, `"a\\"b`, `"a\\\"b"`, `"\\\\"`, `"\"`, `"abc`,
		`"x\ny"`, `"\\"`, `"a\\\\\"" "`, `"` + strings.Repeat(`\\`, 9) + `"`,
	}
	for _, c := range cases {
		gotEnd, gotEsc := skimString([]byte(c), 0)
		wantEnd, wantEsc := naiveSkimString([]byte(c), 0)
		if gotEnd != wantEnd || (gotEnd >= 0 && gotEsc != wantEsc) {
			t.Errorf("skimString(%s) = %d, %v; want %d, %v", c, gotEnd, gotEsc, wantEnd, wantEsc)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte(`ab"\\ `)
	for i := 0; i < 20000; i++ {
		data := []byte{'"'}
		for j := r.IntN(16); j > 0; j-- {
			data = append(data, alphabet[r.IntN(len(alphabet))])
		}
		gotEnd, gotEsc := skimString(data, 0)
		wantEnd, wantEsc := naiveSkimString(data, 0)
		if gotEnd != wantEnd || (gotEnd >= 0 && gotEsc != wantEsc) {
			t.Fatalf("skimString(%q) = %d, %v; want %d, %v", data, gotEnd, gotEsc, wantEnd, wantEsc)
		}
	}
}

// TestStringsThroughCache checks that short strings read through the
// decoder's cache keep their own values when their hashes collide.
func TestStringsThroughCache(t *testing.T) {
	var words []string
	for i := 0; i < 500; i++ {
		words = append(words, fmt.Sprintf("w%d", i), fmt.Sprintf("x%dy", i%37))
	}
	doc := `["` + strings.Join(words, `","`) + `"]`
	d := NewDecoder([]byte(doc), Options{})
	var got []string
	d.DecodeDocument(DecodeFunc(func(d *Decoder) {
		if !d.Array() {
			return
		}
		for d.More() {
			got = append(got, d.Str())
		}
	}))
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != strings.Join(words, ",") {
		t.Fatalf("strings changed through the cache")
	}
}

// noisyPNG returns a PNG of random pixels, large enough (several KiB) to be
// checked on another goroutine.
func noisyPNG(t *testing.T, seed uint64) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	img := image.NewRGBA(image.Rect(0, 0, 48, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 48; x++ {
			img.Set(x, y, color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if buf.Len() < asyncImageMin {
		t.Fatalf("test image of %d bytes is below the async threshold %d", buf.Len(), asyncImageMin)
	}
	return buf.Bytes()
}

// truncatedPNG cuts a PNG inside its image data: the header reads, the
// pixel data does not.
func truncatedPNG(t *testing.T, seed uint64) []byte {
	p := noisyPNG(t, seed)
	return p[:len(p)*2/3]
}

// TestImageChecksInParallel decodes documents with good and bad large
// images, and a fault that is not an image, and checks that the errors are
// the ones a serial check gives, in document order.
func TestImageChecksInParallel(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString
	good := b64(noisyPNG(t, 1))
	bad1 := b64(truncatedPNG(t, 2))
	bad2 := b64(truncatedPNG(t, 3))
	doc := fmt.Sprintf(`[{"data":%q},{"data":%q},7,{"data":%q},{"data":%q},{"data":%q}]`, bad1, good, good, bad2, bad1)
	decode := func(opts Options) (Errors, []bool) {
		d := NewDecoder([]byte(doc), opts)
		var have []bool
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			if !d.Array() {
				return
			}
			for d.More() {
				if d.Peek() != KindObject {
					d.Fail("model_type", "Input should be an image")
					d.Skip()
					have = append(have, false)
					continue
				}
				im := d.Image()
				have = append(have, !im.IsZero())
			}
		}))
		var errs Errors
		if err := d.Err(); err != nil && !errors.As(err, &errs) {
			t.Fatalf("error %T is not Errors", err)
		}
		return errs, have
	}
	serial, _ := decode(Options{SerialImages: true})
	parallel, _ := decode(Options{})
	if len(serial) != 4 {
		t.Fatalf("serial check: %d errors, want 4 (three bad images and the 7): %v", len(serial), serial)
	}
	wantPtr := []string{"/0/data", "/2", "/4/data", "/5/data"}
	for i, e := range serial {
		if e.Pointer != wantPtr[i] {
			t.Errorf("serial error %d at %s, want %s", i, e.Pointer, wantPtr[i])
		}
	}
	if serial.Error() != parallel.Error() {
		t.Fatalf("parallel check differs:\nserial:   %v\nparallel: %v", serial, parallel)
	}
	for i := range serial {
		s, p := *serial[i], *parallel[i]
		if (s.Err == nil) != (p.Err == nil) || (s.Err != nil && s.Err.Error() != p.Err.Error()) {
			t.Errorf("error %d: serial cause %v, parallel cause %v", i, s.Err, p.Err)
		}
		s.Err, p.Err = nil, nil
		if s != p {
			t.Errorf("error %d: serial %+v, parallel %+v", i, *serial[i], *parallel[i])
		}
	}
}
