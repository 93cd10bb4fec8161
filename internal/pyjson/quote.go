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

// plainRun returns the index of the first byte of s at or after p that is
// not copied as it is: a quote, a backslash or a control character to
// escape, or the first byte of a sequence that is not valid UTF-8 (invalid
// true); len(s) when there is none. p must be at the start of a character.
//
// Sixteen bytes are tested at a time for escapes and for non-ASCII bytes;
// a block holding non-ASCII text has its characters checked one by one
// (skipRunes) without leaving the loop.
func plainRun(s string, p int) (end int, invalid bool) {
	for p+16 <= len(s) {
		c := s[p : p+16] // one bounds check; the loads become two
		w0, w1 := word(c[:8]), word(c[8:])
		e0, e1 := escapes(w0), escapes(w1)
		if e0|e1 == 0 {
			if (w0|w1)&msb == 0 {
				p += 16
				continue
			}
			// Non-ASCII text and no escape: check its characters; the
			// last may end in the next block.
			q, ok := skipRunes(s, p+firstSet(w0&msb, w1&msb), p+16)
			if !ok {
				return q, true
			}
			p = q
			continue
		}
		k := p + firstSet(e0, e1)
		if (w0|w1)&msb != 0 {
			// A valid character cannot hold the ASCII byte at k, so the
			// characters before k end at k.
			if q, ok := skipRunes(s, p, k); !ok {
				return q, true
			}
		}
		return k, false
	}
	// Fewer than 16 bytes left, or an escape among the next 16: a word at
	// a time, the last one read as the string's last 8 bytes.
	for p < len(s) {
		n := len(s) - p
		var w uint64
		switch {
		case n >= 8:
			w, n = word(s[p:p+8]), 8
		case len(s) >= 8:
			// The bytes already tested shifted out, plain letters in.
			w = word(s[len(s)-8:])>>(64-8*n) | (lsb*'a')<<(8*n)
		default:
			return plainShort(s, p)
		}
		e, h := escapes(w), w&msb
		if e == 0 {
			if h != 0 {
				q, ok := skipRunes(s, p+bits.TrailingZeros64(h)/8, p+n)
				if !ok {
					return q, true
				}
				p = q
				continue
			}
			p += n
			continue
		}
		k := p + bits.TrailingZeros64(e)/8
		if h != 0 {
			if q, ok := skipRunes(s, p, k); !ok {
				return q, true
			}
		}
		return k, false
	}
	return p, false
}

// plainShort is plainRun for a string shorter than 8 bytes.
func plainShort(s string, p int) (end int, invalid bool) {
	for p < len(s) {
		c := s[p]
		if c < utf8.RuneSelf {
			if c == '"' || c == '\\' || c < 0x20 {
				return p, false
			}
			p++
			continue
		}
		q, ok := skipRunes(s, p, p+1)
		if !ok {
			return q, true
		}
		p = q
	}
	return p, false
}

// firstSet is the index of the lowest byte with its top bit set in the
// 16 bytes whose words are lo and hi (one of them not zero).
func firstSet(lo, hi uint64) int {
	if lo != 0 {
		return bits.TrailingZeros64(lo) / 8
	}
	return 8 + bits.TrailingZeros64(hi)/8
}

// skipRunes returns the index just past the characters of s that start in
// [i, end), s[i:end] holding no byte to escape, and true; or the index of
// the first byte that does not start a valid UTF-8 sequence and false.
func skipRunes(s string, i, end int) (int, bool) {
	for i < end {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i, false
		}
		i += size
	}
	return i, true
}

// word is the little-endian uint64 of c's first 8 bytes (one load).
func word(c string) uint64 {
	_ = c[7]
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}

// escapes has the top bit of a byte of w set where that byte is a quote, a
// backslash or a control character, and perhaps of bytes above such a byte:
// whether it is zero, and its lowest set byte, are exact. (Each term is
// the zero-byte test (x-1)&^x, or x<0x20 as (x-0x20)&^x; a byte's test can
// only go wrong through a borrow from a byte below that tested true.)
func escapes(w uint64) uint64 {
	q := w ^ (lsb * '"')
	b := w ^ (lsb * '\\')
	return (((q - lsb) &^ q) | ((b - lsb) &^ b) | ((w - 0x20*lsb) &^ w)) & msb
}

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
		j, invalid := plainRun(s, i)
		b = append(b, s[i:j]...)
		if invalid {
			return appendQuoteSlow(b, s[j:])
		}
		if j >= len(s) {
			return append(b, '"')
		}
		b = appendJSONEscape(b, s[j])
		i = j + 1
	}
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
