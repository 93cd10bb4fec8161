package tools

import (
	"reflect"

	"github.com/agentschema/agentschema/internal/pymodel"
)

// Arguments are validated by internal/pymodel as pydantic's lax
// model_validate validates the dict json.loads built from them (AutoGen's
// BaseTool.run_json): the same conversions ("4" to 4, 2.0 to 2, "yes" to
// True), refusals, error types, messages and locations, and the
// constraint tags (minimum, maxLength, pattern, ...) enforced as pydantic's
// Field constraints are.

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
