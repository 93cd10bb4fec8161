package validate

import "slices"

// typeKeywords lists, per JSON type, the keywords that constrain only
// values of that type (every other value passes them).
var typeKeywords = map[string][]string{
	"string":  {"minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"},
	"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
	"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
	"array":   {"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains"},
	"object":  {"properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"},
	"boolean": nil,
	"null":    nil,
}

// annotations are keywords that never fail.
var annotations = []string{"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment"}

// mergeKindUnions rewrites, throughout a schema document, every anyOf
// whose branches each admit a different JSON type and use only keywords
// of that type, into one schema with a list of types:
//
//	{"anyOf": [{"type": "string"}, {"type": "array", "items": X}]}
//	  => {"type": ["string", "array"], "items": X}
//
// The two accept exactly the same values (each keyword applies only to
// its own type), and the second is validated without a sub-validation per
// branch: the schemas use such unions for every optional field (T or
// null) and for content that is a string or a list.
func mergeKindUnions(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, sub := range x {
			x[k] = mergeKindUnions(sub)
		}
		if merged, ok := mergedAnyOf(x); ok {
			return merged
		}
		return x
	case []any:
		for i, sub := range x {
			x[i] = mergeKindUnions(sub)
		}
		return x
	}
	return v
}

// mergedAnyOf returns obj with its anyOf merged, if it can be.
func mergedAnyOf(obj map[string]any) (map[string]any, bool) {
	branches, ok := obj["anyOf"].([]any)
	if !ok || len(branches) < 2 {
		return nil, false
	}
	out := map[string]any{}
	for k, v := range obj {
		if k == "anyOf" {
			continue
		}
		if !slices.Contains(annotations, k) {
			return nil, false // the parent constrains values itself
		}
		out[k] = v
	}
	var types []any
	for _, b := range branches {
		bo, ok := b.(map[string]any)
		if !ok {
			return nil, false
		}
		t, ok := bo["type"].(string)
		if !ok || slices.Contains(types, any(t)) {
			return nil, false
		}
		allowed, known := typeKeywords[t]
		if !known {
			return nil, false
		}
		for k, v := range bo {
			switch {
			case k == "type", slices.Contains(annotations, k):
			case slices.Contains(allowed, k):
				if _, clash := out[k]; clash {
					return nil, false // integer and number both bounded
				}
				out[k] = v
			default:
				return nil, false
			}
		}
		types = append(types, t)
	}
	out["type"] = types
	return out, true
}
