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
// The counting code walks pyValue, the json.loads types only, with dict keys
// as plain strings; str() and repr() go back to a pyjson.Value.

// maxDepth bounds nesting (Python raises RecursionError near 1000).
const maxDepth = 10000

// pyOpts is how this package reads and writes Python values: lone
// surrogates kept as WTF-8, input that is not UTF-8 refused.
var pyOpts = pyjson.Options{WTF8: true, MaxDepth: maxDepth}

// pyKind is the Python type of a decoded JSON value.
type pyKind uint8

const (
	pyNone pyKind = iota
	pyBool
	pyInt
	pyFloat
	pyStr
	pyList
	pyDict
)

// pyValue is a JSON value as json.loads builds it.
type pyValue struct {
	kind pyKind
	b    bool      // pyBool
	i    string    // pyInt: canonical decimal text
	f    float64   // pyFloat
	s    string    // pyStr: WTF-8
	list []pyValue // pyList
	keys []string  // pyDict: keys in insertion order (WTF-8)
	vals []pyValue // pyDict: values, parallel to keys
}

// get returns the value of key k of a dict.
func (v *pyValue) get(k string) (*pyValue, bool) {
	for i := range v.keys {
		if v.keys[i] == k {
			return &v.vals[i], true
		}
	}
	return nil, false
}

// typeName is Python's type(v).__name__.
func (v *pyValue) typeName() string {
	return [...]string{"NoneType", "bool", "int", "float", "str", "list", "dict"}[v.kind]
}

// parsePyJSON decodes one JSON document with json.loads semantics.
func parsePyJSON(data []byte) (pyValue, error) {
	v, err := pyOpts.Parse(data)
	if err != nil {
		return pyValue{}, err
	}
	return fromPy(&v), nil
}

// fromPy converts a value Parse made (json.loads types only).
func fromPy(v *pyjson.Value) pyValue {
	switch v.Kind {
	case pyjson.Bool:
		return pyValue{kind: pyBool, b: v.Bool}
	case pyjson.Int:
		return pyValue{kind: pyInt, i: v.Int}
	case pyjson.Float:
		return pyValue{kind: pyFloat, f: v.Float}
	case pyjson.Str:
		return pyValue{kind: pyStr, s: v.Str}
	case pyjson.List:
		out := pyValue{kind: pyList, list: make([]pyValue, len(v.List))}
		for i := range v.List {
			out.list[i] = fromPy(&v.List[i])
		}
		return out
	case pyjson.Dict:
		out := pyValue{kind: pyDict, keys: make([]string, len(v.Keys)), vals: make([]pyValue, len(v.Vals))}
		for i := range v.Keys {
			out.keys[i] = v.Keys[i].Str
			out.vals[i] = fromPy(&v.Vals[i])
		}
		return out
	}
	return pyValue{kind: pyNone}
}

// toPy is the inverse of fromPy.
func toPy(v *pyValue) pyjson.Value {
	switch v.kind {
	case pyBool:
		return pyjson.BoolValue(v.b)
	case pyInt:
		return pyjson.IntValue(v.i)
	case pyFloat:
		return pyjson.FloatValue(v.f)
	case pyStr:
		return pyjson.StrValue(v.s)
	case pyList:
		out := pyjson.Value{Kind: pyjson.List, List: make([]pyjson.Value, len(v.list))}
		for i := range v.list {
			out.List[i] = toPy(&v.list[i])
		}
		return out
	case pyDict:
		out := pyjson.Value{Kind: pyjson.Dict, Keys: make([]pyjson.Value, len(v.keys)), Vals: make([]pyjson.Value, len(v.vals))}
		for i := range v.keys {
			out.Keys[i] = pyjson.StrValue(v.keys[i])
			out.Vals[i] = toPy(&v.vals[i])
		}
		return out
	}
	return pyjson.NoneValue()
}

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
func pyStrOf(v *pyValue) string {
	if v.kind == pyStr {
		return v.s
	}
	return pyRepr(v)
}

// pyRepr is Python's repr(v).
func pyRepr(v *pyValue) string {
	p := toPy(v)
	return pyOpts.Repr(&p)
}

// dumpValue writes json.dumps(v).
func dumpValue(b *strings.Builder, v *pyValue) {
	p := toPy(v)
	var buf [128]byte
	b.Write(pyOpts.AppendDumps(buf[:0], &p))
}
