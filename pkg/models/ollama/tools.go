package ollama

import (
	"encoding/json"
	"sort"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// chooseTools is _process_create_args' tool_choice: "none" sends no tools,
// a tool's name sends that tool alone (a schema of the name only when
// tools has none of that name, as a Tool whose schema is just its name),
// "required" refuses an empty tool list, anything else sends every tool.
func chooseTools(tools []gen.ToolSchema, choice string) ([]pyjson.Value, error) {
	switch choice {
	case "", "auto":
		return convertTools(tools)
	case "none":
		return nil, nil
	case "required":
		out, err := convertTools(tools)
		if err == nil && len(out) == 0 {
			err = valueError("tool_choice 'required' specified but no tools provided")
		}
		return out, err
	}
	for _, t := range tools {
		if t.Name == choice {
			return convertTools([]gen.ToolSchema{t})
		}
	}
	return convertTools([]gen.ToolSchema{{Name: choice}})
}

// convertTools is AutoGen's convert_tools: ollama Tools whose parameters
// keep only each property's type (the first non-null type of an anyOf,
// "string" by default) and description, and the required list; every
// tool name must then be valid.
func convertTools(tools []gen.ToolSchema) ([]pyjson.Value, error) {
	out := make([]pyjson.Value, 0, len(tools))
	for _, t := range tools {
		params := pyjson.Value{Kind: pyjson.Dict}
		params.Set("type", pyjson.StrValue("object"))
		if p := t.Parameters; p != nil {
			if p.Required != nil {
				req := pyjson.Value{Kind: pyjson.List}
				for _, r := range p.Required {
					req.List = append(req.List, pyjson.StrValue(r))
				}
				params.Set("required", req)
			}
			props, err := convertProperties(p.Properties)
			if err != nil {
				return nil, err
			}
			params.Set("properties", props)
		}
		fn := pyjson.Value{Kind: pyjson.Dict}
		fn.Set("name", pyjson.StrValue(t.Name))
		desc := ""
		if t.Description != nil {
			desc = *t.Description
		}
		fn.Set("description", pyjson.StrValue(desc))
		fn.Set("parameters", params)
		tool := pyjson.Value{Kind: pyjson.Dict}
		tool.Set("type", pyjson.StrValue("function"))
		tool.Set("function", fn)
		out = append(out, tool)
	}
	for _, t := range tools {
		if err := assertValidName(t.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// convertProperties converts parameters["properties"].
func convertProperties(raw gen.RawJSON) (pyjson.Value, error) {
	if len(raw) == 0 {
		return pyjson.Value{}, &Error{Exception: KeyError, Message: "'properties'"}
	}
	props, err := pyjson.Parse(raw)
	if err != nil {
		return pyjson.Value{}, err
	}
	if props.Kind != pyjson.Dict {
		return pyjson.Value{}, &Error{Exception: AttributeError, Message: "'" + props.TypeName() + "' object has no attribute 'items'"}
	}
	out := pyjson.Value{Kind: pyjson.Dict}
	for i := range props.Keys {
		ps := &props.Vals[i]
		if ps.Kind != pyjson.Dict {
			return pyjson.Value{}, &Error{Exception: AttributeError, Message: "'" + ps.TypeName() + "' object has no attribute 'get'"}
		}
		typ, err := propertyType(ps)
		if err != nil {
			return pyjson.Value{}, err
		}
		prop := pyjson.Value{Kind: pyjson.Dict}
		var faults []FieldError
		if typ.Kind != pyjson.Str {
			faults = append(faults, FieldError{Loc: []any{"type"}, Type: "string_type", Msg: "Input should be a valid string", input: typ})
		}
		prop.Set("type", typ)
		if d, ok := ps.Get("description"); ok && d.Kind != pyjson.None {
			if d.Kind != pyjson.Str {
				faults = append(faults, FieldError{Loc: []any{"description"}, Type: "string_type", Msg: "Input should be a valid string", input: *d})
			}
			prop.Set("description", *d)
		}
		if faults != nil {
			return pyjson.Value{}, &ValidationError{Title: "Property", Errors: faults}
		}
		out.Keys = append(out.Keys, props.Keys[i])
		out.Vals = append(out.Vals, prop)
	}
	return out, nil
}

// propertyType is convert_tools' property type: "type", else the first
// anyOf option whose type is not "null", else "string" (a falsy type
// counts as none).
func propertyType(ps *pyjson.Value) (pyjson.Value, error) {
	t, ok := ps.Get("type")
	var typ pyjson.Value
	if ok {
		typ = *t
	}
	if (!ok || t.Kind == pyjson.None) && hasKey(ps, "anyOf") {
		any, _ := ps.Get("anyOf")
		typ = pyjson.NoneValue()
		items := any.List
		if any.Kind == pyjson.Dict {
			items = any.Keys
		}
		for i := range items {
			opt := &items[i]
			if opt.Kind != pyjson.Dict {
				return pyjson.Value{}, &Error{Exception: AttributeError, Message: "'" + opt.TypeName() + "' object has no attribute 'get'"}
			}
			ot, ok := opt.Get("type")
			if ok && ot.Kind == pyjson.Str && ot.Str == "null" {
				continue
			}
			if ok {
				typ = *ot
			}
			break
		}
	}
	if falsy(&typ) {
		return pyjson.StrValue("string"), nil
	}
	return typ, nil
}

func hasKey(v *pyjson.Value, k string) bool { _, ok := v.Get(k); return ok }

// falsy is Python's "not v" for a JSON value.
func falsy(v *pyjson.Value) bool {
	switch v.Kind {
	case pyjson.None:
		return true
	case pyjson.Bool:
		return !v.Bool
	case pyjson.Int:
		return v.Int == "0"
	case pyjson.Float:
		return v.Float == 0
	case pyjson.Str:
		return v.Str == ""
	case pyjson.List, pyjson.Tuple:
		return len(v.List) == 0
	case pyjson.Dict:
		return len(v.Keys) == 0
	}
	return false
}

func sortStrings(s []string) { sort.Strings(s) }

// marshalAny is encoding/json's Marshal of an extra argument (a
// json.Number stays as written).
func marshalAny(v any) ([]byte, error) { return json.Marshal(v) }
