package openai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
	"github.com/agentschema/agentschema/pkg/models"
)

// OutputSchema is structured output given as a JSON Schema rather than a
// Go type: the response format is {"type": "json_schema", "json_schema":
// {"name": Name, "schema": Schema made strict, "strict": true}}, as the
// openai library's type_to_response_format_param writes it for a pydantic
// model whose model_json_schema() is Schema. It is models.OutputSchema.
type OutputSchema = models.OutputSchema

// structuredOutput is a json_schema response format.
type structuredOutput struct {
	name     string
	schema   any // ordered, strict
	original obj // the model's schema, for validating the answers
}

func (s *structuredOutput) param() obj {
	return obj{{Key: "type", Val: "json_schema"}, {Key: "json_schema", Val: obj{{Key: "schema", Val: s.schema}, {Key: "name", Val: s.name}, {Key: "strict", Val: true}}}}
}

// outputOfType is type_to_response_format_param(t): the pydantic
// model_json_schema of t's Python counterpart (internal/pymodel, whose
// tag grammar applies) made strict.
func outputOfType(t reflect.Type) (*structuredOutput, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, &TypeError{Message: fmt.Sprintf("Unsupported response_format type - %s (structured output needs a struct type)", t)}
	}
	n, err := pymodel.Build(t, pymodel.Options{})
	if err != nil {
		return nil, &TypeError{Message: fmt.Sprintf("Unsupported response_format type - %s (%v)", t, err)}
	}
	schema := pymodel.Schema(n)
	return outputOfSchema(pymodel.ClassName(t), pyjson.AppendJSON(nil, &schema))
}

// outputOfSchema is an OutputSchema's response format.
func outputOfSchema(name string, schema json.RawMessage) (*structuredOutput, error) {
	v, err := parseOrdered(schema)
	if err != nil {
		return nil, fmt.Errorf("openai: output schema %s: %w", name, err)
	}
	root, ok := v.(obj)
	if !ok {
		return nil, &TypeError{Message: fmt.Sprintf("output schema %s is not a JSON object", name)}
	}
	original, _ := parseOrdered(schema) // ensureStrict changes root in place
	strict, err := ensureStrict(root, root)
	if err != nil {
		return nil, err
	}
	return &structuredOutput{name: name, schema: strict, original: original.(obj)}, nil
}

// ensureStrict is the openai library's _ensure_strict_json_schema
// (lib/_pydantic.py): objects get additionalProperties false, a schema
// with properties gets required listing every one of them ([] for none),
// None defaults go, $refs with siblings are inlined; $defs, definitions,
// properties, items, anyOf and allOf are made strict at every depth.
func ensureStrict(s obj, root obj) (obj, error) {
	for _, key := range []string{"$defs", "definitions"} {
		if err := strictDefs(s, key, root); err != nil {
			return nil, err
		}
	}
	if typ, _ := s.Get("type"); typ == "object" {
		if _, ok := s.Get("additionalProperties"); !ok {
			s.Set("additionalProperties", false)
		}
	}
	if err := strictProperties(&s, root); err != nil {
		return nil, err
	}
	if items, ok := s.Get("items"); ok {
		if it, ok := items.(obj); ok {
			v, err := ensureStrict(it, root)
			if err != nil {
				return nil, err
			}
			s.Set("items", v)
		}
	}
	for _, key := range []string{"anyOf", "allOf"} {
		if err := strictList(&s, key, root); err != nil {
			return nil, err
		}
	}
	if d, ok := s.Get("default"); ok && d == nil {
		s.Del("default")
	}
	if ref, ok := s.Get("$ref"); ok && len(s) > 1 {
		return inlineRef(s, ref, root)
	}
	return s, nil
}

// strictDefs makes each definition under key strict.
func strictDefs(s obj, key string, root obj) error {
	defs, ok := s.Get(key)
	if !ok {
		return nil
	}
	d, ok := defs.(obj)
	if !ok {
		return nil
	}
	for i := range d {
		if ds, ok := d[i].Val.(obj); ok {
			v, err := ensureStrict(ds, root)
			if err != nil {
				return err
			}
			d[i].Val = v
		}
	}
	return nil
}

// strictProperties requires every property (required is written even
// when there are none) and makes each strict.
func strictProperties(s *obj, root obj) error {
	p, ok := s.Get("properties")
	if !ok {
		return nil
	}
	props, ok := p.(obj)
	if !ok {
		return nil
	}
	req := make([]any, len(props))
	for i := range props {
		req[i] = props[i].Key
	}
	s.Set("required", req)
	for i := range props {
		ps, ok := props[i].Val.(obj)
		if !ok {
			return &TypeError{Message: fmt.Sprintf("Expected %v to be a dictionary; path=properties/%s", props[i].Val, props[i].Key)}
		}
		v, err := ensureStrict(ps, root)
		if err != nil {
			return err
		}
		props[i].Val = v
	}
	return nil
}

// strictList makes each schema of an anyOf or allOf strict; an allOf of
// one schema is merged into s.
func strictList(s *obj, key string, root obj) error {
	list, ok := s.Get(key)
	if !ok {
		return nil
	}
	l, ok := list.([]any)
	if !ok {
		return nil
	}
	for i := range l {
		vs, ok := l[i].(obj)
		if !ok {
			return &TypeError{Message: fmt.Sprintf("Expected %v to be a dictionary; path=%s/%d", l[i], key, i)}
		}
		v, err := ensureStrict(vs, root)
		if err != nil {
			return err
		}
		l[i] = v
	}
	if key == "allOf" && len(l) == 1 {
		for _, m := range l[0].(obj) {
			s.Set(m.Key, m.Val)
		}
		s.Del("allOf")
	}
	return nil
}

// inlineRef replaces a $ref that has siblings by the definition it names,
// the schema's own members taking priority.
func inlineRef(s obj, ref any, root obj) (obj, error) {
	r, ok := ref.(string)
	if !ok || !strings.HasPrefix(r, "#/") {
		return nil, valueError(fmt.Sprintf("Unexpected $ref format %v; Does not start with #/", ref))
	}
	var resolved any = root
	for _, k := range strings.Split(r[2:], "/") {
		o, ok := resolved.(obj)
		if !ok {
			return nil, valueError("Expected `$ref: " + r + "` to resolved to a dictionary")
		}
		resolved, ok = o.Get(k)
		if !ok {
			return nil, &KeyError{Key: k}
		}
	}
	ro, ok := resolved.(obj)
	if !ok {
		return nil, valueError("Expected `$ref: " + r + "` to resolved to a dictionary")
	}
	// json_schema.update({**resolved, **json_schema}): the schema's own
	// members keep their places and values, the definition's others
	// follow in its order.
	merged := append(obj{}, s...)
	for _, m := range ro {
		if _, own := s.Get(m.Key); !own {
			merged = append(merged, m)
		}
	}
	merged.Del("$ref")
	return ensureStrict(cloneOrdered(merged).(obj), root)
}

func cloneOrdered(v any) any {
	switch v := v.(type) {
	case obj:
		out := make(obj, len(v))
		for i, m := range v {
			out[i] = member{Key: m.Key, Val: cloneOrdered(m.Val)}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = cloneOrdered(v[i])
		}
		return out
	}
	return v
}

// parseOrdered reads JSON keeping object member order: objects are obj,
// arrays []any, strings string, numbers json.Number, and true, false,
// null as bool and nil.
func parseOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("data after the JSON value")
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := obj{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				o.Set(kt.(string), v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	return tok, nil
}
