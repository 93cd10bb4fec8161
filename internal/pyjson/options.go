package pyjson

import "unicode/utf8"

// DefaultMaxDepth is the nesting Parse accepts when Options.MaxDepth is 0,
// about where Python's recursion limit stops json.loads.
const DefaultMaxDepth = 1000

// Options say how Go strings stand for Python's str and how deep Parse may
// go. The zero Options is ready to use.
type Options struct {
	// WTF8 keeps lone surrogates. Parse refuses input that is not UTF-8
	// and stores a lone "\ud800" escape as WTF-8; the writers read such
	// bytes back as the surrogate (Dumps writes "\ud800", Repr '\ud800'),
	// and Repr escapes a byte that is not UTF-8 as \ufffd.
	//
	// Without WTF8, strings are read as a Go range loop reads them: Parse
	// turns a lone surrogate escape and each run of bytes that are not
	// UTF-8 into U+FFFD, and the writers take any byte that is not UTF-8
	// for U+FFFD.
	WTF8 bool
	// ASCII makes Repr escape every non-ASCII character, as Python's
	// ascii() does.
	ASCII bool
	// MaxDepth bounds the nesting of arrays and objects Parse accepts;
	// 0 means DefaultMaxDepth.
	MaxDepth int
	// AnyInt lifts Python's MaxIntDigits limit: Parse reads ints of any
	// length, as pydantic does when it reads JSON itself.
	AnyInt bool
	// Standard makes Parse refuse NaN, Infinity and -Infinity, which
	// json.loads accepts and standard JSON (encoding/json, pydantic's
	// JSON mode) does not.
	Standard bool
}

// decode returns the character at the start of s (not empty) and its width
// in bytes, as the Options read strings.
func (o Options) decode(s string) (rune, int) {
	if o.WTF8 {
		return DecodeRune(s)
	}
	return utf8.DecodeRuneInString(s)
}
