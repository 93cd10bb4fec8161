package messages

import (
	"strconv"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
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

// pyFromJSON converts JSON text to the Python object json.loads and
// pydantic give (see pymodel.ParseJSON).
func pyFromJSON(data []byte) (pyValue, error) { return pymodel.ParseJSON(data) }

// pyFromRaw converts JSON text to Python values; bad JSON is None.
func pyFromRaw(data []byte) pyValue {
	if len(data) == 0 {
		return pyNone
	}
	v, err := pyFromJSON(data)
	if err != nil {
		return pyNone
	}
	return v
}
