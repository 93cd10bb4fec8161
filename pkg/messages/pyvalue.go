package messages

import (
	"math"
	"math/big"
	"strconv"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// pyValue is a Python object as AutoGen's renderings see it: what
// pydantic's model_dump() (python mode) gives for a field, or what a JSON
// value becomes when pydantic reads it. It is internal/pyjson's value
// model; its repr() and str() are pyjson's, format() and str.format are
// internal/pyformat's and datetimes print as internal/pytime says.
type pyValue = pyjson.Value

// pyNone is Python's None.
var pyNone = pyjson.NoneValue()

// pyRepr is Python's repr(v).
func pyRepr(v *pyValue) string { return pyjson.Repr(v) }

// pyStr is Python's str(v).
func pyStr(v *pyValue) string { return pyjson.StrOf(v) }

// pyIntOf is the Python int i.
func pyIntOf(i int64) pyValue { return pyjson.IntValue(strconv.FormatInt(i, 10)) }

// pyBigInt is the Python int x.
func pyBigInt(x *big.Int) pyValue { return pyjson.IntValue(x.String()) }

// pyList is a Python list of n Nones, to be filled.
func pyList(n int) pyValue { return pyValue{Kind: pyjson.List, List: make([]pyValue, n)} }

// pyBytes is a Python bytes object holding b.
func pyBytes(b []byte) pyValue { return pyValue{Kind: pyjson.Bytes, Str: string(b)} }

// pyObject is an object whose repr is class(name=repr(value), ...): a
// dataclass or a pydantic model.
func pyObject(class string, names []string, vals ...pyValue) pyValue {
	keys := make([]pyValue, len(names))
	for i, n := range names {
		keys[i] = pyjson.StrValue(n)
	}
	return pyValue{Kind: pyjson.Model, Name: class, Keys: keys, Vals: vals}
}

// pyOpts is how the package reads JSON into Python values: standard JSON
// of any depth with ints of any length, as pydantic reads a document.
var pyOpts = pyjson.Options{MaxDepth: math.MaxInt, AnyInt: true, Standard: true}

// pyFromJSON converts JSON text to the Python object json.loads and
// pydantic give: objects keep their key order (a repeated key keeps its
// first position and its last value), integers are ints of any size and
// numbers with a fraction or an exponent are floats (inf when out of
// range). Only standard JSON is read (no NaN or Infinity).
func pyFromJSON(data []byte) (pyValue, error) {
	if !utf8.Valid(data) {
		data = replaceInvalidBytes(data)
	}
	return pyOpts.Parse(data)
}

// replaceInvalidBytes replaces each byte of data that is not UTF-8 by
// U+FFFD, as encoding/json does inside strings (pyjson would replace each
// run of them by one).
func replaceInvalidBytes(data []byte) []byte {
	out := make([]byte, 0, len(data)+8)
	for i := 0; i < len(data); {
		r, w := utf8.DecodeRune(data[i:])
		out = utf8.AppendRune(out, r)
		i += w
	}
	return out
}
