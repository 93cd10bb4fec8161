package tokens

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/agentschema/agentschema/internal/bpe"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// Tool-schema counting: count_tokens_openai's tool section (AutoGen
// _openai_client.py) run on JSON values with Python's semantics, so that
// malformed schemas fail the way AutoGen fails (KeyError, TypeError,
// AssertionError) and valid ones count exactly (json.dumps of defaults,
// str() of titles and anyOf types).

// countText is len(encoding.encode(s)) for a Python str held as WTF-8.
func countText(enc *bpe.Encoding, s string) (int, error) {
	n, err := enc.Count(pyText(s))
	if err != nil {
		var dse *bpe.DisallowedSpecialError
		if errors.As(err, &dse) {
			return 0, valueError(err.Error(), err)
		}
		return 0, err
	}
	return n, nil
}

// countValue is len(encoding.encode(v)): v must be a str.
func countValue(enc *bpe.Encoding, v *pyValue) (int, error) {
	if v.Kind != pyjson.Str {
		got := v.TypeName()
		if v.Kind == pyjson.None {
			got = "None"
		}
		return 0, typeError("expected string or buffer, got " + got)
	}
	return countText(enc, v.Str)
}

// pyIter returns the items "for x in v" yields: list elements, dict keys,
// or the characters of a str.
func pyIter(v *pyValue) ([]pyValue, error) {
	switch v.Kind {
	case pyjson.List:
		return v.List, nil
	case pyjson.Dict:
		return v.Keys, nil
	case pyjson.Str:
		var out []pyValue
		for i := 0; i < len(v.Str); {
			_, w := decodeWTF8(v.Str, i)
			out = append(out, pyjson.StrValue(v.Str[i:i+w]))
			i += w
		}
		return out, nil
	}
	return nil, typeError("'" + v.TypeName() + "' object is not iterable")
}

// pyGetItem is v[key] for a str key.
func pyGetItem(v *pyValue, key string) (*pyValue, error) {
	switch v.Kind {
	case pyjson.Dict:
		if x, ok := v.Get(key); ok {
			return x, nil
		}
		return nil, keyError(key)
	case pyjson.List:
		return nil, typeError("list indices must be integers or slices, not str")
	case pyjson.Str:
		return nil, typeError("string indices must be integers, not 'str'")
	}
	return nil, typeError("'" + v.TypeName() + "' object is not subscriptable")
}

// pyContains is `key in v` for a str key.
func pyContains(v *pyValue, key string) (bool, error) {
	switch v.Kind {
	case pyjson.Dict:
		_, ok := v.Get(key)
		return ok, nil
	case pyjson.List:
		for i := range v.List {
			if v.List[i].Kind == pyjson.Str && v.List[i].Str == key {
				return true, nil
			}
		}
		return false, nil
	case pyjson.Str:
		return strings.Contains(v.Str, key), nil
	}
	return false, typeError("argument of type '" + v.TypeName() + "' is not iterable")
}

// oaiFunction is the "function" part of the ChatCompletionToolParam that
// convert_tools builds.
type oaiFunction struct {
	name        pyValue
	description pyValue
	parameters  pyValue
}

// convertTools is AutoGen's convert_tools: it reads name, description
// (default "") and parameters (default {}), then validates every name.
func convertTools(tools []pyValue) ([]oaiFunction, error) {
	out := make([]oaiFunction, 0, len(tools))
	for i := range tools {
		t := &tools[i]
		if t.Kind != pyjson.Dict {
			return nil, assertionError("tool schema must be a dict, got " + t.TypeName())
		}
		name, ok := t.Get("name")
		if !ok {
			return nil, keyError("name")
		}
		f := oaiFunction{name: *name, description: pyjson.StrValue(""), parameters: pyValue{Kind: pyjson.Dict}}
		if d, ok := t.Get("description"); ok {
			f.description = *d
		}
		if p, ok := t.Get("parameters"); ok {
			f.parameters = *p
		}
		out = append(out, f)
	}
	for i := range out {
		n := &out[i].name
		if n.Kind != pyjson.Str {
			return nil, typeError("expected string or bytes-like object, got '" + n.TypeName() + "'")
		}
		if err := assertValidName(n.Str); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// countToolValues is the tool section of count_tokens_openai.
func countToolValues(enc *bpe.Encoding, tools []pyValue) (int, error) {
	funcs, err := convertTools(tools)
	if err != nil {
		return 0, err
	}
	total := 0
	for i := range funcs {
		n, err := countFunction(enc, &funcs[i])
		if err != nil {
			return 0, err
		}
		total += n
	}
	if len(funcs) > 0 {
		total += 12
	}
	return total, nil
}

func countFunction(enc *bpe.Encoding, f *oaiFunction) (int, error) {
	t, err := countValue(enc, &f.name)
	if err != nil {
		return 0, err
	}
	n, err := countValue(enc, &f.description)
	if err != nil {
		return 0, err
	}
	t += n - 2
	params := &f.parameters
	has, err := pyContains(params, "properties")
	if err != nil || !has {
		return t, err
	}
	props, err := pyGetItem(params, "properties")
	if err != nil {
		return 0, err
	}
	if props.Kind != pyjson.Dict {
		return 0, assertionError("parameters[\"properties\"] must be a dict, got " + props.TypeName())
	}
	for i := range props.Keys {
		n, err := countText(enc, props.Keys[i].Str)
		if err != nil {
			return 0, err
		}
		t += n
		v := &props.Vals[i]
		fields, err := pyIter(v)
		if err != nil {
			return 0, err
		}
		for _, field := range fields {
			if field.Kind != pyjson.Str {
				continue // compares unequal to every field name
			}
			n, err := countField(enc, v, field.Str)
			if err != nil {
				return 0, err
			}
			t += n
		}
	}
	t += 11
	if len(props.Keys) == 0 {
		t -= 2
	}
	return t, nil
}

// countField counts one field of a property schema v.
func countField(enc *bpe.Encoding, v *pyValue, field string) (int, error) {
	switch field {
	case "type", "description":
		x, err := pyGetItem(v, field)
		if err != nil {
			return 0, err
		}
		n, err := countValue(enc, x)
		return 2 + n, err
	case "anyOf":
		x, err := pyGetItem(v, field)
		if err != nil {
			return 0, err
		}
		items, err := pyIter(x)
		if err != nil {
			return 0, err
		}
		t := -3
		for i := range items {
			typ, err := pyGetItem(&items[i], "type")
			if err != nil {
				return 0, err
			}
			n, err := countText(enc, pyStrOf(typ))
			if err != nil {
				return 0, err
			}
			t += 3 + n
		}
		return t, nil
	case "default":
		x, err := pyGetItem(v, field)
		if err != nil {
			return 0, err
		}
		var b strings.Builder
		dumpValue(&b, x)
		n, err := countText(enc, b.String())
		return 2 + n, err
	case "title":
		x, err := pyGetItem(v, field)
		if err != nil {
			return 0, err
		}
		n, err := countText(enc, pyStrOf(x))
		return 2 + n, err
	case "enum":
		x, err := pyGetItem(v, field)
		if err != nil {
			return 0, err
		}
		items, err := pyIter(x)
		if err != nil {
			return 0, err
		}
		t := -3
		for i := range items {
			n, err := countValue(enc, &items[i])
			if err != nil {
				return 0, err
			}
			t += 3 + n
		}
		return t, nil
	}
	return 0, nil // any other field: not counted
}

// parseTools decodes raw tool schemas with json.loads semantics.
func parseTools(raw []json.RawMessage) ([]pyValue, error) {
	out := make([]pyValue, len(raw))
	for i, r := range raw {
		v, err := parsePyJSON(r)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// CountTools returns the tokens that AutoGen's count_tokens_openai adds for
// the given tool schemas (raw JSON objects such as
// {"name": ..., "description": ..., "parameters": {...}}) with the given
// encoding: per tool the name, the description, the top-level properties'
// names, types, descriptions, titles, defaults (as Python's json.dumps
// writes them), enums and anyOf types with AutoGen's fixed overheads, plus 12
// once when there is any tool. Schemas that AutoGen refuses give an *Error
// (KeyError for a missing name, ValueError for an invalid name or special
// token text, TypeError for a non-string type/description/enum value, ...);
// raw JSON that Python's json.loads refuses gives an error holding an
// *agentschema.Fault of type "json_invalid".
func CountTools(enc *Encoding, tools []json.RawMessage) (int, error) {
	vals, err := parseTools(tools)
	if err != nil {
		return 0, err
	}
	return countToolValues(enc.e, vals)
}

// CountToolsJSON is CountTools for a JSON array of tool schemas.
func CountToolsJSON(enc *Encoding, tools []byte) (int, error) {
	v, err := parsePyJSON(tools)
	if err != nil {
		return 0, err
	}
	if v.Kind != pyjson.List {
		return 0, typeError("tools must be a list, got " + v.TypeName())
	}
	return countToolValues(enc.e, v.List)
}
