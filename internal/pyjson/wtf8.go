package pyjson

import (
	"strings"
	"unicode/utf8"
)

// isSurrogate reports whether r is a UTF-16 surrogate (U+D800 to U+DFFF).
func isSurrogate(r rune) bool { return r >= 0xD800 && r <= 0xDFFF }

// AppendRune appends r as WTF-8: a surrogate as the three bytes UTF-8 would
// give it (0xED 0xA0-0xBF 0x80-0xBF), anything else as utf8.AppendRune.
func AppendRune(b []byte, r rune) []byte {
	if isSurrogate(r) {
		return append(b, 0xED, byte(0xA0|(r>>6)&0x1F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(b, r)
}

// DecodeRune decodes the first character of s as WTF-8: as
// utf8.DecodeRuneInString does, but a surrogate encoded as AppendRune
// encodes it is returned as itself (width 3). A byte that is not WTF-8
// gives (utf8.RuneError, 1); an empty s gives (utf8.RuneError, 0).
func DecodeRune(s string) (rune, int) {
	if s == "" {
		return utf8.RuneError, 0
	}
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	if s[0] == 0xED && len(s) > 2 && s[1] >= 0xA0 && s[1] <= 0xBF && s[2] >= 0x80 && s[2] <= 0xBF {
		return 0xD000 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s)
}

// ReplaceSurrogates returns the WTF-8 string s with each surrogate replaced
// by U+FFFD: the text tiktoken's Python wrapper encodes for a str with lone
// surrogates (its utf-16 "surrogatepass" then "replace" round trip). Other
// bytes, even those that are not UTF-8, are kept.
func ReplaceSurrogates(s string) string {
	if !strings.Contains(s, "\xed") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, w := DecodeRune(s[i:])
		if isSurrogate(r) {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	return b.String()
}
