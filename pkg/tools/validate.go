package tools

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// Arguments are validated by internal/pymodel as pydantic's lax
// model_validate validates the dict json.loads built from them (AutoGen's
// BaseTool.run_json): the same conversions ("4" to 4, 2.0 to 2, "yes" to
// True), refusals, error types, messages and locations.

// validateModel validates v into dst, a value of model n's struct type,
// and returns the faults as FieldErrors.
func validateModel(n *node, v *pyValue, dst reflect.Value) []FieldError {
	es := pymodel.Validate(n, v, dst)
	if len(es) == 0 {
		return nil
	}
	out := make([]FieldError, len(es))
	for i := range es {
		out[i] = newFieldError(es[i].Loc, es[i].Type, es[i].Msg, &es[i].Input)
	}
	return out
}

// plural is "1 item" or "N items".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// pyToSchemaInstance converts a JSON value to what the JSON Schema
// validator reads (numbers as json.Number).
func pyToSchemaInstance(v *pyValue) any {
	switch v.Kind {
	case pyjson.Bool:
		return v.Bool
	case pyjson.Int:
		return json.Number(v.Int)
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return v.Float
		}
		return json.Number(strconv.FormatFloat(v.Float, 'g', -1, 64))
	case pyjson.Str, pyjson.Bytes:
		return v.Str
	case pyjson.List, pyjson.Tuple:
		out := make([]any, len(v.List))
		for i := range v.List {
			out[i] = pyToSchemaInstance(&v.List[i])
		}
		return out
	case pyjson.Dict, pyjson.Model:
		out := make(map[string]any, len(v.Keys))
		for i := range v.Keys {
			out[pyjson.KeyText(&v.Keys[i])] = pyToSchemaInstance(&v.Vals[i])
		}
		return out
	}
	return nil
}
