package pyjson

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// naiveAppendQuote is AppendQuote byte by byte (the first round's code),
// the reference the word-at-a-time version must agree with.
func naiveAppendQuote(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		default:
			if c < 0x20 {
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
			} else {
				b = append(b, c)
			}
		}
		i++
	}
	return append(b, '"')
}

func TestAppendQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"plain ascii text of some length", `"plain ascii text of some length"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"tab\there\nnew\rcr\bbs\fff", `"tab\there\nnew\rcr\bbs\fff"`},
		{"\x00\x01\x1f", `"\u0000\u0001\u001f"`},
		{"café ☕ 😀", `"café ☕ 😀"`},
		{"bad \xff byte", `"bad \ufffd byte"`},
		{"12345678\"12345678", `"12345678\"12345678"`},
		{"1234567é", `"1234567é"`},
		{"</script>&", `"</script>&"`}, // Python's json.dumps does not escape HTML
		// Non-ASCII text does not stop the 16-byte scan; characters that
		// cross a block's end, and escapes after them, are kept as they are.
		{strings.Repeat("a", 15) + "é" + "b", `"` + strings.Repeat("a", 15) + "éb" + `"`},
		{strings.Repeat("a", 14) + "😀" + "b", `"` + strings.Repeat("a", 14) + "😀b" + `"`},
		{"héllo \"wörld\"\n日本語 ok", `"héllo \"wörld\"\n日本語 ok"`},
		{"\x1b[0m\x7f", `"\u001b[0m` + "\x7f" + `"`}, // DEL is not escaped
		// Each byte that does not start valid UTF-8 is one \ufffd, inside a
		// block, in the last word, and before escapes and valid text.
		{"abcdefghijklmnop\xffq", `"abcdefghijklmnop\ufffdq"`},
		{strings.Repeat("a", 20) + "\xfe", `"` + strings.Repeat("a", 20) + `\ufffd"`},
		{"abc\xe2\x80", `"abc\ufffd\ufffd"`},                         // a cut 3-byte sequence
		{"\xed\xa0\x80 surrogate", `"\ufffd\ufffd\ufffd surrogate"`}, // U+D800 encoded
		{"\xc0\xaf overlong", `"\ufffd\ufffd overlong"`},
		{"\xff\"\n\té", `"\ufffd\"\n\té"`},
		{"valid é then 12345678 \x80 and \"q\"", `"valid é then 12345678 \ufffd and \"q\""`},
	} {
		if got := string(AppendQuote(nil, c.in)); got != c.want {
			t.Errorf("AppendQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	// Every special byte at every offset of a 40-byte run (two blocks of
	// 16 bytes, a word and a tail).
	for _, sp := range []string{`"`, `\`, "\x00", "\x1f", "é", "\xff", "\x7f", "😀", "日", "\xe2\x80", "\xed\xa0\x80", "é\"", "\n\xff", "\xf0\x9f\x98"} {
		for i := 0; i <= 40; i++ {
			s := strings.Repeat("a", i) + sp + strings.Repeat("b", 40-i)
			if got, want := string(AppendQuote(nil, s)), string(naiveAppendQuote(nil, s)); got != want {
				t.Errorf("AppendQuote(%q) = %s, want %s", s, got, want)
			}
		}
	}
}

// FuzzAppendQuote checks AppendQuote against the byte-by-byte reference and,
// for valid UTF-8, that encoding/json reads back the same string.
func FuzzAppendQuote(f *testing.F) {
	for _, s := range []string{"", "abc", `"\`, "\x00\n", "héllo wörld 12345678", "\xff\xfe", strings.Repeat("x", 40) + "\"" + strings.Repeat("y", 9),
		strings.Repeat("a", 15) + "é\n", strings.Repeat("b", 14) + "😀\"", "abc\xe2\x80", "\xed\xa0\x80", "é\"\n\xff 日本"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := AppendQuote([]byte("prefix"), s)
		want := naiveAppendQuote([]byte("prefix"), s)
		if string(got) != string(want) {
			t.Fatalf("AppendQuote(%q) = %s, want %s", s, got, want)
		}
		if utf8.ValidString(s) {
			var back string
			if err := json.Unmarshal(got[len("prefix"):], &back); err != nil || back != s {
				t.Fatalf("AppendQuote(%q) = %s reads back as %q (%v)", s, got, back, err)
			}
		}
	})
}

// transcriptStrings returns every string value and member name of the
// benchmark transcript (testdata/bench/transcript_2k.jsonl), the strings a
// transcript dump quotes.
func transcriptStrings(tb testing.TB) []string {
	tb.Helper()
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				out = append(out, k)
				walk(x)
			}
		}
	}
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var v any
		if err := json.Unmarshal(l, &v); err != nil {
			tb.Fatal(err)
		}
		walk(v)
	}
	return out
}

// BenchmarkAppendQuoteTranscript quotes the transcript's strings (half its
// texts hold some non-ASCII, many hold escapes) into one reused buffer.
func BenchmarkAppendQuoteTranscript(b *testing.B) {
	ss := transcriptStrings(b)
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	b.SetBytes(int64(n))
	buf := make([]byte, 0, 64<<10)
	for b.Loop() {
		for _, s := range ss {
			buf = AppendQuote(buf[:0], s)
		}
	}
}

// TestAppendQuoteTranscript checks AppendQuote against the byte-by-byte
// reference on every string of the benchmark transcript.
func TestAppendQuoteTranscript(t *testing.T) {
	for _, s := range transcriptStrings(t) {
		if got, want := string(AppendQuote(nil, s)), string(naiveAppendQuote(nil, s)); got != want {
			t.Fatalf("AppendQuote(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestAppendQuoteUTF8Edges checks the sequences at the edges of skipRunes'
// fast path against the byte-by-byte reference: every two- and three-byte
// lead with the lowest and highest continuation bytes and one past them,
// the 0xE0 and 0xED leads whose second byte is restricted (overlong forms
// and UTF-16 surrogates are invalid), four-byte sequences, and each of
// them cut short at the end of the string and before an ASCII byte.
func TestAppendQuoteUTF8Edges(t *testing.T) {
	var cases []string
	for lead := 0xC0; lead <= 0xF5; lead++ {
		for _, c1 := range []byte{0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0} {
			for _, c2 := range []byte{0x80, 0xBF, 0x41} {
				seq := string([]byte{byte(lead), c1, c2, 0x80})
				for n := 1; n <= len(seq); n++ {
					cases = append(cases, seq[:n], "a"+seq[:n]+"b", seq[:n]+"\"")
				}
			}
		}
	}
	for _, s := range cases {
		if got, want := string(AppendQuote(nil, s)), string(naiveAppendQuote(nil, s)); got != want {
			t.Errorf("AppendQuote(%q) = %s, want %s", s, got, want)
		}
	}
}
