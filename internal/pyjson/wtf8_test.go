package pyjson

import (
	"testing"
	"unicode/utf8"
)

func TestWTF8(t *testing.T) {
	for _, r := range []rune{0, 'a', 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF} {
		b := AppendRune(nil, r)
		if r < 0xD800 || r > 0xDFFF {
			if want := string(r); string(b) != want {
				t.Errorf("AppendRune(%U) = %x, want %x", r, b, want)
			}
		} else if len(b) != 3 || b[0] != 0xED {
			t.Errorf("AppendRune(%U) = %x", r, b)
		}
		if got, w := DecodeRune(string(b) + "z"); got != r || w != len(b) {
			t.Errorf("DecodeRune(%x) = %U, %d; want %U, %d", b, got, w, r, len(b))
		}
	}
	// U+D800 is ED A0 80 and U+DFFF ED BF BF, as UTF-8 would encode them.
	if b := AppendRune(nil, 0xD800); string(b) != "\xed\xa0\x80" {
		t.Errorf("AppendRune(U+D800) = %x", b)
	}
	for _, tc := range []struct {
		s string
		r rune
		w int
	}{
		{"", utf8.RuneError, 0},
		{"\xff", utf8.RuneError, 1},
		{"\xed\xa0", utf8.RuneError, 1},         // cut short
		{"\xed\x9f\xbf", 0xD7FF, 3},             // plain UTF-8 under the surrogates
		{"\xed\xa0\x7f", utf8.RuneError, 1},     // bad continuation byte
		{"\xc3\xa9\xed\xa0\x80", 0xE9, 2},       // only the first character
		{"\xef\xbf\xbd", utf8.RuneError, 3},     // U+FFFD itself
		{"\xf0\x9f\x98\x80x", 0x1F600, 4},       // astral
		{"\xed\xbf\xbf\xed\xa0\x80", 0xDFFF, 3}, // a pair of WTF-8 surrogates stays two
	} {
		if r, w := DecodeRune(tc.s); r != tc.r || w != tc.w {
			t.Errorf("DecodeRune(%x) = %U, %d; want %U, %d", tc.s, r, w, tc.r, tc.w)
		}
	}
}

func TestReplaceSurrogates(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain é😀", "plain é😀"},
		{"a\xed\xa0\x80b\xed\xbf\xbf", "a\uFFFDb\uFFFD"},
		{"\xed\x9f\xbf", "\ud7ff"},
		{"\xff\xed", "\xff\xed"}, // not WTF-8: kept
	} {
		if got := ReplaceSurrogates(tc.in); got != tc.want {
			t.Errorf("ReplaceSurrogates(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
