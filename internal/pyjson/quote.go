package pyjson

import (
	"slices"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/jsonscan"
)

// shortEscape is the letter of a byte's two-character escape (\" \\ \n \r
// \t \b \f), 0 for a control character written as \u00XX and for bytes
// that are not escaped.
var shortEscape = [256]byte{'"': '"', '\\': '\\', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f'}

// AppendQuote appends s as a JSON string: UTF-8 kept as is, quotes,
// backslashes and control characters escaped, and each byte that does not
// start a valid UTF-8 sequence written as \ufffd (one U+FFFD per such
// byte, as decoding with errors replaced gives).
//
// jsonscan.Quote writes the ASCII text and its escapes into b's spare
// capacity (b grows when it runs out); the non-ASCII characters between
// are checked here. The first byte of invalid UTF-8 sends the rest of s
// to appendQuoteSlow, which writes it byte by byte.
func AppendQuote(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		w, r := jsonscan.Quote(b[len(b):cap(b)], s[i:])
		b, i = b[:len(b)+w], i+r
		if i >= len(s) {
			break
		}
		if s[i] < utf8.RuneSelf {
			// No room left for the next piece.
			n := len(s) - i
			b = slices.Grow(b, n+n/4+quoteRoom)
			continue
		}
		j, ok := skipRunes(s, i)
		b = append(b, s[i:j]...)
		if !ok {
			return appendQuoteSlow(b, s[j:])
		}
		i = j
	}
	return append(b, '"')
}

// quoteRoom is room that jsonscan.Quote always goes on with: 16 bytes of
// plain text, or an escape.
const quoteRoom = 16

// skipRunes returns the index just past the valid non-ASCII characters
// that follow one another from i, and true; or the index of the first
// byte that does not start a valid UTF-8 sequence and false. The two- and
// three-byte sequences whose continuation bytes may be any of 0x80 to
// 0xBF (all but those led by 0xE0 and 0xED) are checked here; the rest go
// through utf8.DecodeRuneInString.
func skipRunes(s string, i int) (int, bool) {
	for i < len(s) {
		c := s[i]
		switch {
		case c < utf8.RuneSelf:
			return i, true
		case c >= 0xC2 && c < 0xE0:
			if i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
				i += 2
				continue
			}
		case c > 0xE0 && c < 0xF0 && c != 0xED:
			if i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
				i += 3
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i, false
		}
		i += size
	}
	return i, true
}

// appendJSONEscape appends the escape of c, a quote, a backslash or a control
// character.
func appendJSONEscape(b []byte, c byte) []byte {
	if e := shortEscape[c]; e != 0 {
		return append(b, '\\', e)
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// appendQuoteSlow appends s, the rest of a string that AppendQuote has
// opened, and the closing quote, one byte or character at a time: each byte
// that does not start a valid UTF-8 sequence becomes \ufffd.
func appendQuoteSlow(b []byte, s string) []byte {
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
		if c == '"' || c == '\\' || c < 0x20 {
			b = appendJSONEscape(b, c)
		} else {
			b = append(b, c)
		}
		i++
	}
	return append(b, '"')
}
