package tokens

import (
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file reads JSON the way Python's json.loads does and writes values the
// way Python's json.dumps (default arguments) and str()/repr() do, through
// internal/pyjson. AutoGen counts tool-schema values through these, so the
// exact text matters:
//
//   - key order is kept; a duplicated key keeps its first position and its
//     last value (Python's dict(pairs));
//   - a number with '.', 'e' or 'E' is a float (printed by Python's repr:
//     1.0, 1e-05, 1e+16, inf), any other number an int of any size (printed
//     digit for digit); NaN, Infinity and -Infinity are accepted;
//   - strings may hold lone surrogates ("\ud800"), which Python keeps; they
//     are stored here as WTF-8 (the UTF-8 form of the surrogate code point).
//
// The counting code walks pyjson.Value (pyValue) directly.

// maxDepth bounds nesting (Python raises RecursionError near 1000).
const maxDepth = 10000

// pyOpts is how this package reads and writes Python values: lone
// surrogates kept as WTF-8, input that is not UTF-8 refused.
var pyOpts = pyjson.Options{WTF8: true, MaxDepth: maxDepth}

// pyValue is a JSON value as json.loads builds it: internal/pyjson's value
// model, with dict keys that are all str.
type pyValue = pyjson.Value

// parsePyJSON decodes one JSON document with json.loads semantics.
func parsePyJSON(data []byte) (pyValue, error) { return pyOpts.Parse(data) }

// decodeWTF8 decodes the code point at s[i:], including surrogates. Invalid
// bytes decode as U+FFFD of width 1.
func decodeWTF8(s string, i int) (rune, int) { return pyjson.DecodeRune(s[i:]) }

// pyText returns the text Python tiktoken encodes for s: lone surrogates are
// replaced by U+FFFD (core.py's utf-16 "surrogatepass"/"replace" round trip).
func pyText(s string) string { return pyjson.ReplaceSurrogates(s) }

// PyJSONDumps parses raw JSON the way Python's json.loads does and returns
// what Python's json.dumps (default arguments) writes for the result:
// ensure_ascii escapes (\uXXXX, lowercase, surrogate pairs for astral
// characters), separators ", " and ": ", key order kept, ints digit for
// digit, floats as Python's repr (1.0, 1e-05, 1e+16, Infinity, NaN).
func PyJSONDumps(raw []byte) (string, error) {
	v, err := pyOpts.Parse(raw)
	if err != nil {
		return "", err
	}
	return pyOpts.Dumps(&v), nil
}

// PyJSONDumpsString returns json.dumps(s) for a Go string s (ensure_ascii).
func PyJSONDumpsString(s string) string {
	return string(pyOpts.AppendDumpsStr(make([]byte, 0, len(s)+2), s))
}

// dumpString writes json.dumps(s) with ensure_ascii=True. s is WTF-8; an
// invalid byte is written as \ufffd.
func dumpString(b *strings.Builder, s string) {
	var buf [128]byte
	b.Write(pyOpts.AppendDumpsStr(buf[:0], s))
}

// pyStrOf is Python's str(v): a str is itself, anything else its repr.
func pyStrOf(v *pyValue) string { return pyOpts.StrOf(v) }

// strRepr is Python's repr of the str s.
func strRepr(s string) string { return string(pyOpts.AppendStrRepr(nil, s)) }

// dumpValue writes json.dumps(v).
func dumpValue(b *strings.Builder, v *pyValue) {
	var buf [128]byte
	b.Write(pyOpts.AppendDumps(buf[:0], v))
}
