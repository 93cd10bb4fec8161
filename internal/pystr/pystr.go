// Package pystr is Python's white space, as str.isspace, str.strip and
// str.rstrip (no argument) define it: the characters of bidirectional
// class WS, B or S, or of category Zs. That includes U+001C..U+001F,
// U+0085, U+00A0 and U+3000, which Go's unicode.IsSpace partly disagrees
// with. The model clients share it (OpenAI, Anthropic, replay, and the
// merging of system messages).
package pystr

import "strings"

// IsSpaceRune reports whether str.isspace() is true for the one
// character r.
func IsSpaceRune(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0D, r >= 0x1C && r <= 0x20, r == 0x85, r == 0xA0, r == 0x1680,
		r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}

// IsSpace is str.isspace(): s is not empty and all white space.
func IsSpace(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !IsSpaceRune(r) {
			return false
		}
	}
	return true
}

// Strip is str.strip().
func Strip(s string) string { return strings.TrimFunc(s, IsSpaceRune) }

// RStrip is str.rstrip().
func RStrip(s string) string { return strings.TrimRightFunc(s, IsSpaceRune) }
