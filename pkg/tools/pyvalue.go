package tools

import "github.com/agentschema/agentschema/internal/pyjson"

// This file holds the Python side of the package. A pyValue is a Python
// value as internal/pyjson models it: a JSON value as Python's json.loads
// builds it (ints of any size apart from floats, dict key order kept), or a
// tuple, bytes, pydantic model or other object the package renders. The
// texts Python writes for such values are pyjson's: str() (pyjson.StrOf),
// repr() (pyjson.Repr) and json.dumps() with its default arguments
// (pyjson.Dumps). Validation errors quote inputs with repr,
// ReturnValueAsString is str(), and pydantic models are rendered with
// json.dumps, so all three must be exact. Strings are Go strings: a lone
// surrogate in JSON becomes U+FFFD.
type pyValue = pyjson.Value

// parsePyJSON decodes one JSON document as json.loads does (see
// pyjson.Parse); a refusal holds an *agentschema.Fault (errors.As) of type
// "json_invalid". Invalid UTF-8 and lone surrogates become U+FFFD.
func parsePyJSON(data []byte) (pyValue, error) {
	return pyjson.Parse(data)
}

// appendJSON appends v as compact JSON, UTF-8 kept, floats as Python
// writes them (1.0, 1e-05; Infinity and NaN as json.dumps spells them).
func appendJSON(b []byte, v *pyValue) []byte { return pyjson.AppendJSON(b, v) }
