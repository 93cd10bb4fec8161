package jsonscan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// naiveEscape is the content of the JSON string for s, s all ASCII, as
// Python's json.dumps writes it: the reference for Quote.
func naiveEscape(s string) string {
	b, _ := json.Marshal(s) // escapes <, > and & too: undone below
	out := string(b[1 : len(b)-1])
	for _, r := range []struct{ from, to string }{{`\u003c`, "<"}, {`\u003e`, ">"}, {`\u0026`, "&"}} {
		out = strings.ReplaceAll(out, r.from, r.to)
	}
	return out
}

// checkQuote runs Quote of src into the first m bytes of a buffer of
// sentinels and checks what it wrote and where it stopped.
func checkQuote(t *testing.T, src string, m int, quoteFunc func([]byte, string) (int, int)) {
	t.Helper()
	big := bytes.Repeat([]byte{0xAA}, m+32)
	w, r := quoteFunc(big[:m], src)
	if r < 0 || r > len(src) || w < 0 || w > m {
		t.Fatalf("Quote(dst[%d], %q) = %d, %d: out of range", m, src, w, r)
	}
	read := src[:r]
	if k := IndexString(read); k < len(read) && read[k] >= 0x80 {
		t.Fatalf("Quote(dst[%d], %q) read %q, past a byte that is not ASCII", m, src, read)
	}
	if got, want := string(big[:w]), naiveEscape(read); got != want {
		t.Fatalf("Quote(dst[%d], %q) wrote %q for %q, want %q", m, src, got, read, want)
	}
	if r < len(src) && src[r] < 0x80 && m-w >= 16 {
		t.Fatalf("Quote(dst[%d], %q) stopped at %d with %d bytes of room", m, src, r, m-w)
	}
	for i := m; i < len(big); i++ {
		if big[i] != 0xAA {
			t.Fatalf("Quote(dst[%d], %q) wrote past dst, at %d", m, src, i)
		}
	}
}

func genericQuote(dst []byte, src string) (int, int) { return quoteGeneric(dst, []byte(src)) }

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{`say "hi"`, `say \"hi\"`},
		{"a\\b", `a\\b`},
		{"line\nnext\r\ttab\bb\ff", `line\nnext\r\ttab\bb\ff`},
		{"\x00\x01\x1f\x7f", `\u0000\u0001\u001f` + "\x7f"},
		{`{"query": "weather in Paris", "units": "metric"}`, `{\"query\": \"weather in Paris\", \"units\": \"metric\"}`},
	}
	for _, tt := range tests {
		for _, f := range []func([]byte, string) (int, int){Quote, genericQuote} {
			dst := make([]byte, 6*len(tt.in)+16)
			w, r := f(dst, tt.in)
			if got := string(dst[:w]); got != tt.want || r != len(tt.in) {
				t.Errorf("Quote(%q) = %q (read %d), want %q", tt.in, got, r, tt.want)
			}
		}
	}
	// It stops at a byte that is not ASCII, having written what came before.
	dst := make([]byte, 64)
	if w, r := Quote(dst, "caf\u00e9 \"x\""); string(dst[:w]) != "caf" || r != 3 {
		t.Errorf("Quote(café) = %q, read %d; want \"caf\", 3", dst[:w], r)
	}
}

// TestQuoteEveryPlace puts each kind of byte at each place of ASCII text
// of every length up to 70, after an escape or not, into destinations
// from empty to roomy.
func TestQuoteEveryPlace(t *testing.T) {
	for n := 0; n <= 70; n++ {
		for at := -1; at < n; at++ {
			for _, c := range []byte{'"', '\\', '\n', 0x01, 0x1f, 0x7f, 0xc3} {
				src := bytes.Repeat([]byte{'q'}, n)
				if at >= 0 {
					src[at] = c
				}
				if n > 3 {
					src[n/3] = '"'
				}
				for _, m := range []int{0, 1, 5, 6, 15, 16, 17, n, n + 5, n + 16, 6*n + 16} {
					checkQuote(t, string(src), m, Quote)
					checkQuote(t, string(src), m, genericQuote)
				}
			}
		}
	}
}

func FuzzQuote(f *testing.F) {
	f.Add(`{"a": "b\nc"}`, uint16(40))
	f.Add("plain text longer than sixteen bytes", uint16(16))
	f.Add("\x00\x1f\"\\ and é", uint16(200))
	f.Fuzz(func(t *testing.T, src string, m uint16) {
		checkQuote(t, src, int(m%512), Quote)
		checkQuote(t, src, int(m%512), genericQuote)
	})
}
