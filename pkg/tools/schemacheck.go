package tools

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file is the second check of a tool's arguments: after the lax
// conversion (validate.go) has built the Go value, its dump is validated
// against the tool's own parameters schema with a JSON Schema validator.
// The conversion already enforces types, required fields and enums, so
// what this check adds is the constraint keywords (minimum, maxLength,
// pattern, ...) that struct tags put in the schema: the arguments the
// function receives always satisfy the schema the model was shown.

var schemaSeq atomic.Uint64

// compileParameters compiles a parameters schema (a JSON object).
func compileParameters(params []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(params))
	if err != nil {
		return nil, err
	}
	url := fmt.Sprintf("mem://agentschema/tools/%d.json", schemaSeq.Add(1))
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// schemaFaults validates the dump of validated arguments and returns the
// faults as pydantic-style field errors.
func schemaFaults(sch *jsonschema.Schema, dumped *pyValue) []FieldError {
	err := sch.Validate(pyToSchemaInstance(dumped))
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []FieldError{newFieldError(nil, "value_error", err.Error(), dumped)}
	}
	var out []FieldError
	collectFaults(ve, dumped, &out)
	// The validator's order follows its maps; pydantic's follows the input.
	slices.SortStableFunc(out, func(a, b FieldError) int {
		return slices.Compare(inputOrder(dumped, a.Loc), inputOrder(dumped, b.Loc))
	})
	return out
}

// inputOrder is the position of each location item in its container.
func inputOrder(v *pyValue, loc []any) []int {
	out := make([]int, 0, len(loc))
	cur := v
	for _, item := range loc {
		pos := -1
		switch x := item.(type) {
		case int:
			pos = x
			if cur != nil && x < len(cur.List) {
				cur = &cur.List[x]
			} else {
				cur = nil
			}
		case string:
			if cur != nil {
				for i := range cur.Keys {
					if cur.Keys[i].Str == x {
						pos = i
						break
					}
				}
				if pos >= 0 {
					cur = &cur.Vals[pos]
				} else {
					cur = nil
				}
			}
		}
		out = append(out, pos)
	}
	return out
}

func collectFaults(ve *jsonschema.ValidationError, root *pyValue, out *[]FieldError) {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			collectFaults(c, root, out)
		}
		return
	}
	loc, input := locate(root, ve.InstanceLocation)
	typ, msg := faultText(ve)
	*out = append(*out, newFieldError(loc, typ, msg, input))
}

// locate follows a JSON Schema instance location in v: list indices become
// ints, as in pydantic's locations.
func locate(v *pyValue, path []string) ([]any, *pyValue) {
	loc := make([]any, 0, len(path))
	cur := v
	for _, seg := range path {
		switch {
		case cur != nil && (cur.Kind == pyjson.List || cur.Kind == pyjson.Tuple):
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(cur.List) {
				loc = append(loc, seg)
				cur = nil
				continue
			}
			loc = append(loc, i)
			cur = &cur.List[i]
		case cur != nil && (cur.Kind == pyjson.Dict || cur.Kind == pyjson.Model):
			loc = append(loc, seg)
			cur, _ = cur.Get(seg)
		default:
			loc = append(loc, seg)
			cur = nil
		}
	}
	return loc, cur
}

// faultText maps a JSON Schema fault to pydantic's error type and message
// for the same constraint.
func faultText(ve *jsonschema.ValidationError) (string, string) {
	switch k := ve.ErrorKind.(type) {
	case *kind.Minimum:
		return "greater_than_equal", "Input should be greater than or equal to " + ratText(k.Want)
	case *kind.Maximum:
		return "less_than_equal", "Input should be less than or equal to " + ratText(k.Want)
	case *kind.ExclusiveMinimum:
		return "greater_than", "Input should be greater than " + ratText(k.Want)
	case *kind.ExclusiveMaximum:
		return "less_than", "Input should be less than " + ratText(k.Want)
	case *kind.MultipleOf:
		return "multiple_of", "Input should be a multiple of " + ratText(k.Want)
	case *kind.MinLength:
		return "string_too_short", "String should have at least " + plural(k.Want, "character")
	case *kind.MaxLength:
		return "string_too_long", "String should have at most " + plural(k.Want, "character")
	case *kind.Pattern:
		return "string_pattern_mismatch", "String should match pattern " + pyjson.Repr(&pyValue{Kind: pyjson.Str, Str: k.Want})
	case *kind.MinItems:
		return "too_short", fmt.Sprintf("List should have at least %s after validation, not %d", plural(k.Want, "item"), k.Got)
	case *kind.MaxItems:
		return "too_long", fmt.Sprintf("List should have at most %s after validation, not %d", plural(k.Want, "item"), k.Got)
	case *kind.Required:
		return "missing", "Field required"
	case *kind.Enum, *kind.Const:
		return "literal_error", ve.Error()
	}
	return "value_error", ve.Error()
}

// ratText writes a schema number as Python would write the constraint:
// an integer as an int, anything else as a float.
func ratText(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return pyjson.FloatRepr(f)
}
