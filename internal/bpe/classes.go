package bpe

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// Character classes used by the pre-tokenizers. A rune can be in several.
const (
	clsL    uint8 = 1 << iota // \p{L}
	clsN                      // \p{N}
	clsS                      // \s (Unicode White_Space, as in Rust's regex and Go's unicode.IsSpace)
	clsU                      // o200k "upper" set [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	clsW                      // o200k "lower" set [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	clsCRLF                   // \r or \n
)

// clsQ reports a rune that is neither whitespace, letter nor number, i.e. the
// class [^\s\p{L}\p{N}].
func isQ(c uint8) bool { return c&(clsS|clsL|clsN) == 0 }

var asciiClass [128]uint8

var (
	bmpOnce  sync.Once
	bmpClass []uint8 // class of every BMP rune, built on first use
)

func init() {
	for r := rune(0); r < 128; r++ {
		asciiClass[r] = computeClass(r)
	}
}

func computeClass(r rune) uint8 {
	var c uint8
	if unicode.IsLetter(r) {
		c |= clsL
	}
	if unicode.IsNumber(r) {
		c |= clsN
	}
	if unicode.IsSpace(r) {
		c |= clsS
	}
	if r == '\r' || r == '\n' {
		c |= clsCRLF
	}
	isM := unicode.IsMark(r)
	lmlo := unicode.In(r, unicode.Lm, unicode.Lo)
	if isM || lmlo || unicode.In(r, unicode.Lu, unicode.Lt) {
		c |= clsU
	}
	if isM || lmlo || unicode.Is(unicode.Ll, r) {
		c |= clsW
	}
	return c
}

func buildBMP() {
	t := make([]uint8, 0x10000)
	for r := rune(0); r < 0x10000; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			t[r] = 0 // surrogates never appear decoded; treat like a symbol
			continue
		}
		t[r] = computeClass(r)
	}
	bmpClass = t
}

// classOf returns the class bits of r. Invalid UTF-8 (utf8.RuneError with
// width 1) is classified by the caller as a symbol (class 0).
func classOf(r rune) uint8 {
	if r < 128 {
		return asciiClass[r]
	}
	if r < 0x10000 {
		bmpOnce.Do(buildBMP)
		return bmpClass[r]
	}
	return computeClass(r)
}

// decodeAt decodes the rune starting at byte offset i of s and returns its
// class and byte width. Invalid UTF-8 bytes are returned one at a time with
// class 0 (a symbol: not a letter, number or space).
func decodeAt(s string, i int) (r rune, cls uint8, w int) {
	b := s[i]
	if b < utf8.RuneSelf {
		return rune(b), asciiClass[b], 1
	}
	r, w = utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && w == 1 {
		return r, 0, 1
	}
	return r, classOf(r), w
}
