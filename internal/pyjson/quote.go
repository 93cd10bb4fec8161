package pyjson

import (
	"math/bits"
	"unicode/utf8"
)

// Word-at-a-time byte tests: lsb has the low bit of every byte set, msb
// the high bit.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plainEndString is plainEnd for a string.
func plainEndString(s string, p int) int {
	// Two words at a time while they last: one branch per 16 bytes.
	for ; p+16 <= len(s); p += 16 {
		c := s[p : p+16] // one bounds check; the loads become two
		if special(word(c[:8]))|special(word(c[8:])) != 0 {
			break
		}
	}
	for ; p+8 <= len(s); p += 8 {
		if m := special(word(s[p : p+8])); m != 0 {
			return p + bits.TrailingZeros64(m)/8
		}
	}
	for ; p < len(s); p++ {
		if c := s[p]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return p
		}
	}
	return p
}

// word is the little-endian uint64 of c's first 8 bytes (one load).
func word(c string) uint64 {
	_ = c[7]
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}

// special has the top bit of each byte of w set where that byte is a
// quote, a backslash, a control character or not ASCII (and perhaps of
// bytes above such a byte: only whether it is zero is exact, and the
// lowest such byte).
func special(w uint64) uint64 {
	q := w ^ (lsb * '"')
	b := w ^ (lsb * '\\')
	return (((q - lsb) &^ q) | ((b - lsb) &^ b) | ((w - 0x20*lsb) &^ w) | w) & msb
}

// AppendQuote appends s as a JSON string: UTF-8 kept as is, quotes,
// backslashes and control characters escaped.
func AppendQuote(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		// Runs of plain ASCII are copied whole, 8 bytes tested at a time.
		if i = plainEndString(s, i); i >= len(s) {
			break
		}
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, `\ufffd`...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		b = append(b, s[start:i]...)
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
			b = append(b, `\u00`...)
			b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
