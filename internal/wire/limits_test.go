package wire

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strconv"
	"strings"
	"testing"
	"time"
)

// decodeAny decodes data as a generic value (every value skipped), the
// smallest decoder that walks the whole document.
func decodeAny(data []byte, opts Options) error {
	d := NewDecoder(data, opts)
	d.DecodeDocument(DecodeFunc(func(d *Decoder) { d.Skip() }))
	return d.Err()
}

func limitOf(t *testing.T, err error) *LimitError {
	t.Helper()
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("error %v (%T) holds no *LimitError", err, err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Type != "limit" {
		t.Fatalf("error %v: want an *Error with Code limit", err)
	}
	return le
}

func TestDepthLimit(t *testing.T) {
	// 100,000 nested arrays: refused at the default depth, quickly, without
	// exhausting the stack.
	doc := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	start := time.Now()
	err := decodeAny([]byte(doc), Options{})
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %v", el)
	}
	le := limitOf(t, err)
	if le.Limit != "depth" || le.Max != defaultMaxDepth {
		t.Fatalf("limit %+v, want depth %d", le, defaultMaxDepth)
	}
	var e *Error
	errors.As(err, &e)
	if e.Offset != defaultMaxDepth || e.Line != 1 || e.Column != defaultMaxDepth+1 {
		t.Errorf("fault at offset %d (line %d, column %d), want the %dth bracket", e.Offset, e.Line, e.Column, defaultMaxDepth+1)
	}
	// A configured depth.
	if le := limitOf(t, decodeAny([]byte(`[[[[1]]]]`), Options{MaxDepth: 3})); le.Max != 3 {
		t.Errorf("max %d, want 3", le.Max)
	}
	if err := decodeAny([]byte(`[[[1]]]`), Options{MaxDepth: 3}); err != nil {
		t.Errorf("depth 3 within MaxDepth 3: %v", err)
	}
}

func TestDocumentSizeLimit(t *testing.T) {
	doc := []byte(`{"a":"` + strings.Repeat("x", 100) + `"}`)
	le := limitOf(t, decodeAny(doc, Options{MaxDocumentSize: 50}))
	if le.Limit != "document_size" || le.Max != 50 {
		t.Fatalf("limit %+v", le)
	}
	if err := decodeAny(doc, Options{MaxDocumentSize: len(doc)}); err != nil {
		t.Fatalf("document of exactly the limit: %v", err)
	}
	if err := decodeAny(doc, Options{MaxDocumentSize: -1}); err != nil {
		t.Fatalf("no limit: %v", err)
	}
}

func TestStringLimit(t *testing.T) {
	for _, doc := range []string{`["` + strings.Repeat("y", 40) + `"]`, `["` + strings.Repeat(`\n`, 40) + `"]`} {
		d := NewDecoder([]byte(doc), Options{MaxStringLen: 20})
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			d.Array()
			for d.More() {
				d.Str()
			}
		}))
		le := limitOf(t, d.Err())
		if le.Limit != "string" || le.Max != 20 {
			t.Fatalf("limit %+v", le)
		}
		if e := d.Errors()[0]; e.Pointer != "/0" {
			t.Errorf("pointer %q, want /0", e.Pointer)
		}
	}
}

// bombPNG is a 67-byte PNG header claiming 100,000 x 100,000 pixels, with an
// empty IDAT chunk.
func bombPNG() []byte {
	chunk := func(typ string, data []byte) []byte {
		var b bytes.Buffer
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		return b.Bytes()
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 100000)
	binary.BigEndian.PutUint32(ihdr[4:], 100000)
	ihdr[8], ihdr[9] = 8, 2
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	out = append(out, chunk("IDAT", nil)...)
	return append(out, chunk("IEND", nil)...)
}

func TestImagePixelLimit(t *testing.T) {
	doc := []byte(`{"data":"` + base64.StdEncoding.EncodeToString(bombPNG()) + `"}`)
	decode := func(opts Options) error {
		d := NewDecoder(doc, opts)
		d.DecodeDocument(DecodeFunc(func(d *Decoder) { d.Image() }))
		return d.Err()
	}
	le := limitOf(t, decode(Options{}))
	if le.Limit != "image_pixels" || le.Max != 2*89478485 {
		t.Fatalf("limit %+v, want Pillow's bomb threshold", le)
	}
	if le := limitOf(t, decode(Options{MaxImagePixels: 1000})); le.Max != 1000 {
		t.Fatalf("limit %+v, want 1000", le)
	}
}

// TestDuplicateMembers pins the documented rule: the last value of a
// repeated member is kept, and every occurrence is checked.
func TestDuplicateMembers(t *testing.T) {
	decode := func(doc string) (string, error) {
		var got string
		d := NewDecoder([]byte(doc), Options{})
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			if !d.Object("model_type", "want an object") {
				return
			}
			for {
				name, ok := d.Next()
				if !ok {
					return
				}
				if string(name) == "a" {
					got = d.Str()
				} else {
					d.SkipUnknown()
				}
			}
		}))
		return got, d.Err()
	}
	if got, err := decode(`{"a":"first","a":"last"}`); err != nil || got != "last" {
		t.Fatalf("got %q, %v; want the last value", got, err)
	}
	_, err := decode(`{"a":5,"a":"last"}`)
	var e *Error
	if !errors.As(err, &e) || e.Pointer != "/a" || e.Type != "string_type" {
		t.Fatalf("an invalid earlier occurrence: %v, want string_type at /a", err)
	}
}

// TestBadBytes covers the inputs of doc.go's list, each with where it is
// reported (1-based line and byte column) or the value it is accepted as.
func TestBadBytes(t *testing.T) {
	type kind int
	const (
		str kind = iota
		integer
		float
	)
	cases := []struct {
		name     string
		doc      string
		k        kind
		line     int
		col      int
		contains string // in the message; "" when the input is accepted
		want     string // the accepted value
	}{
		{"bom", "\xef\xbb\xbf\"a\"", str, 1, 1, "invalid character 0xef", ""},
		{"invalid utf-8", "\"a\xffb\"", str, 1, 3, "invalid UTF-8", ""},
		{"raw nul", "\"a\x00b\"", str, 1, 3, "control character", ""},
		{"escaped nul", `"a\u0000b"`, str, 0, 0, "", "a\x00b"},
		{"lone high surrogate", `"x\ud800"`, str, 1, 3, "lone surrogate", ""},
		{"lone low surrogate", `"\udc00y"`, str, 1, 2, "lone surrogate", ""},
		{"surrogate pair", `"\ud83d\ude00"`, str, 0, 0, "", "\U0001F600"},
		{"big int", `123456789012345678901234567890`, integer, 0, 0, "", "123456789012345678901234567890"},
		{"float overflow", `1e400`, float, 1, 1, "finite number", ""},
		{"nan", `NaN`, float, 1, 1, "invalid character 'N'", ""},
		{"infinity", `-Infinity`, float, 1, 2, "invalid character in a number", ""},
		{"trailing garbage", "\"a\"\n x", str, 2, 2, "after the top-level value", ""},
		{"truncated", "\n\"abc", str, 2, 5, "end of input", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got string
			d := NewDecoder([]byte(c.doc), Options{})
			d.DecodeDocument(DecodeFunc(func(d *Decoder) {
				switch c.k {
				case str:
					got = d.Str()
				case integer:
					got = d.Int().String()
				case float:
					got = strconv.FormatFloat(d.Float(), 'g', -1, 64)
				}
			}))
			err := d.Err()
			if c.contains == "" {
				if err != nil || got != c.want {
					t.Fatalf("got %q, %v; want %q accepted", got, err, c.want)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("accepted %q; want an error", got)
			}
			if !strings.Contains(e.Message, c.contains) || e.Line != c.line || e.Column != c.col {
				t.Fatalf("error at %d:%d %q; want %d:%d containing %q", e.Line, e.Column, e.Message, c.line, c.col, c.contains)
			}
		})
	}
}
