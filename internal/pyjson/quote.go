package pyjson

import (
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
// The text between two escapes is copied whole. The first byte of invalid
// UTF-8 sends the rest of s to appendQuoteSlow, which writes it byte by
// byte.
func AppendQuote(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; ; {
		b, i = appendPlain(b, s, i)
		if i >= len(s) {
			return append(b, '"')
		}
		if c := s[i]; c < utf8.RuneSelf {
			b = appendJSONEscape(b, c)
			i++
			continue
		}
		j, ok := skipRunes(s, i)
		b = append(b, s[i:j]...)
		if !ok {
			return appendQuoteSlow(b, s[j:])
		}
		i = j
	}
}

// appendPlain appends the run of plain ASCII text of s from i on (up to a
// byte to escape or a non-ASCII byte), and returns b and the index after
// the run. When b has the room for the rest of s, the run is copied as it
// is scanned.
func appendPlain(b []byte, s string, i int) ([]byte, int) {
	if spare := b[len(b):cap(b)]; len(spare) >= len(s)-i {
		k := jsonscan.CopyPlainString(spare, s[i:])
		return b[:len(b)+k], i + k
	}
	j := i + jsonscan.IndexString(s[i:])
	return append(b, s[i:j]...), j
}

// skipRunes returns the index just past the valid non-ASCII characters
// that follow one another from i, and true; or the index of the first
// byte that does not start a valid UTF-8 sequence and false.
func skipRunes(s string, i int) (int, bool) {
	for i < len(s) && s[i] >= utf8.RuneSelf {
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
