package pyjson

import (
	"encoding/json"
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
	} {
		if got := string(AppendQuote(nil, c.in)); got != c.want {
			t.Errorf("AppendQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	// Every special byte at every offset of a 40-byte run (two blocks of
	// 16 bytes, a word and a tail).
	for _, sp := range []string{`"`, `\`, "\x00", "\x1f", "é", "\xff", "\x7f"} {
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
	for _, s := range []string{"", "abc", `"\`, "\x00\n", "héllo wörld 12345678", "\xff\xfe", strings.Repeat("x", 40) + "\"" + strings.Repeat("y", 9)} {
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
