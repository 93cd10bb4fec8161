package openai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"
	"unicode"
)

// OutputSchema is structured output given as a JSON Schema rather than a
// Go type: the response format is {"type": "json_schema", "json_schema":
// {"name": Name, "schema": Schema made strict, "strict": true}}, as the
// openai library's type_to_response_format_param writes it for a pydantic
// model whose model_json_schema() is Schema.
type OutputSchema struct {
	// Name is the response format's name (the model class name in
	// AutoGen).
	Name string
	// Schema is the JSON Schema of the answer, a JSON object.
	Schema json.RawMessage
}

// structuredOutput is a json_schema response format.
type structuredOutput struct {
	name   string
	schema any          // ordered, strict
	typ    reflect.Type // nil for an OutputSchema
}

func (s *structuredOutput) param() obj {
	return obj{{"type", "json_schema"}, {"json_schema", obj{{"schema", s.schema}, {"name", s.name}, {"strict", true}}}}
}

// outputOfType is type_to_response_format_param(t): the pydantic
// model_json_schema of t's Python counterpart made strict.
func outputOfType(t reflect.Type) (*structuredOutput, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, &TypeError{Message: fmt.Sprintf("Unsupported response_format type - %s (structured output needs a struct type)", t)}
	}
	g := &schemaGen{defs: obj{}, seen: map[reflect.Type]string{}}
	root, err := g.object(t)
	if err != nil {
		return nil, err
	}
	if len(g.defs) > 0 {
		root = append(obj{{"$defs", g.defs}}, root...)
	}
	strict, err := ensureStrict(root, root)
	if err != nil {
		return nil, err
	}
	return &structuredOutput{name: t.Name(), schema: strict, typ: t}, nil
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
	strict, err := ensureStrict(root, root)
	if err != nil {
		return nil, err
	}
	return &structuredOutput{name: name, schema: strict}, nil
}

// schemaGen writes pydantic v2's model_json_schema for Go types: a struct
// is a model (properties in field order, titled with pydantic's title of
// the field name, required unless a pointer or omitempty), nested structs
// go to $defs, pointers are Optional[T] = None.
type schemaGen struct {
	defs obj
	seen map[reflect.Type]string
}

func pyTitle(name string) string {
	words := strings.Split(strings.ReplaceAll(name, "_", " "), " ")
	for i, w := range words {
		if w == "" {
			continue
		}
		r := []rune(strings.ToLower(w))
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}

func (g *schemaGen) object(t reflect.Type) (obj, error) {
	props := obj{}
	required := []any{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		omit := false
		if tag, ok := f.Tag.Lookup("json"); ok {
			if tag == "-" {
				continue
			}
			parts := strings.Split(tag, ",")
			if parts[0] != "" {
				name = parts[0]
			}
			for _, p := range parts[1:] {
				omit = omit || p == "omitempty" || p == "omitzero"
			}
		}
		s, err := g.typeSchema(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
		if _, isRef := s.get("$ref"); !isRef {
			s = append(s, member{"title", pyTitle(name)})
		}
		if desc := f.Tag.Get("description"); desc != "" {
			s = append(s, member{"description", desc})
		}
		// pydantic sorts the keys of a property's schema.
		sort.SliceStable(s, func(i, j int) bool { return s[i].key < s[j].key })
		if f.Type.Kind() != reflect.Pointer && !omit {
			required = append(required, name)
		}
		props = append(props, member{name, s})
	}
	o := obj{{"properties", props}}
	if len(required) > 0 {
		o = append(o, member{"required", required})
	}
	return append(o, member{"title", t.Name()}, member{"type", "object"}), nil
}

var timeType = reflect.TypeFor[time.Time]()

func (g *schemaGen) typeSchema(t reflect.Type) (obj, error) {
	if t == timeType {
		return obj{{"format", "date-time"}, {"type", "string"}}, nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		inner, err := g.typeSchema(t.Elem())
		if err != nil {
			return nil, err
		}
		return obj{{"anyOf", []any{inner, obj{{"type", "null"}}}}, {"default", nil}}, nil
	case reflect.String:
		return obj{{"type", "string"}}, nil
	case reflect.Bool:
		return obj{{"type", "boolean"}}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return obj{{"type", "integer"}}, nil
	case reflect.Float32, reflect.Float64:
		return obj{{"type", "number"}}, nil
	case reflect.Slice, reflect.Array:
		items, err := g.typeSchema(t.Elem())
		if err != nil {
			return nil, err
		}
		return obj{{"items", items}, {"type", "array"}}, nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return nil, &TypeError{Message: fmt.Sprintf("map key type %s is not a string", t.Key())}
		}
		v, err := g.typeSchema(t.Elem())
		if err != nil {
			return nil, err
		}
		return obj{{"additionalProperties", v}, {"type", "object"}}, nil
	case reflect.Interface:
		return obj{}, nil
	case reflect.Struct:
		name, ok := g.seen[t]
		if !ok {
			name = t.Name()
			g.seen[t] = name
			o, err := g.object(t)
			if err != nil {
				return nil, err
			}
			g.defs = append(g.defs, member{name, o})
		}
		return obj{{"$ref", "#/$defs/" + name}}, nil
	}
	return nil, &TypeError{Message: fmt.Sprintf("type %s has no JSON Schema", t)}
}

// ensureStrict is the openai library's _ensure_strict_json_schema
// (lib/_pydantic.py): objects get additionalProperties false and every
// property required, None defaults go, $refs with siblings are inlined.
func ensureStrict(s obj, root obj) (obj, error) {
	if defs, ok := s.get("$defs"); ok {
		if d, ok := defs.(obj); ok {
			for i := range d {
				if ds, ok := d[i].val.(obj); ok {
					v, err := ensureStrict(ds, root)
					if err != nil {
						return nil, err
					}
					d[i].val = v
				}
			}
		}
	}
	if defs, ok := s.get("definitions"); ok {
		if d, ok := defs.(obj); ok {
			for i := range d {
				if ds, ok := d[i].val.(obj); ok {
					v, err := ensureStrict(ds, root)
					if err != nil {
						return nil, err
					}
					d[i].val = v
				}
			}
		}
	}
	if typ, _ := s.get("type"); typ == "object" {
		if _, ok := s.get("additionalProperties"); !ok {
			s.set("additionalProperties", false)
		}
	}
	if p, ok := s.get("properties"); ok {
		if props, ok := p.(obj); ok {
			req := make([]any, len(props))
			for i := range props {
				req[i] = props[i].key
			}
			s.set("required", req)
			for i := range props {
				ps, ok := props[i].val.(obj)
				if !ok {
					return nil, &TypeError{Message: fmt.Sprintf("Expected %v to be a dictionary; path=properties/%s", props[i].val, props[i].key)}
				}
				v, err := ensureStrict(ps, root)
				if err != nil {
					return nil, err
				}
				props[i].val = v
			}
		}
	}
	if items, ok := s.get("items"); ok {
		if it, ok := items.(obj); ok {
			v, err := ensureStrict(it, root)
			if err != nil {
				return nil, err
			}
			s.set("items", v)
		}
	}
	for _, key := range []string{"anyOf", "allOf"} {
		list, ok := s.get(key)
		if !ok {
			continue
		}
		l, ok := list.([]any)
		if !ok {
			continue
		}
		for i := range l {
			vs, ok := l[i].(obj)
			if !ok {
				return nil, &TypeError{Message: fmt.Sprintf("Expected %v to be a dictionary; path=%s/%d", l[i], key, i)}
			}
			v, err := ensureStrict(vs, root)
			if err != nil {
				return nil, err
			}
			l[i] = v
		}
		if key == "allOf" && len(l) == 1 {
			for _, m := range l[0].(obj) {
				s.set(m.key, m.val)
			}
			s.del("allOf")
		}
	}
	if d, ok := s.get("default"); ok && d == nil {
		s.del("default")
	}
	if ref, ok := s.get("$ref"); ok && len(s) > 1 {
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
			resolved, ok = o.get(k)
			if !ok {
				return nil, &KeyError{Key: k}
			}
		}
		ro, ok := resolved.(obj)
		if !ok {
			return nil, valueError("Expected `$ref: " + r + "` to resolved to a dictionary")
		}
		// The schema's own members take priority over the ref's.
		merged := obj{}
		for _, m := range ro {
			if _, own := s.get(m.key); !own {
				merged = append(merged, m)
			}
		}
		merged = append(merged, s...)
		merged.del("$ref")
		return ensureStrict(cloneOrdered(merged).(obj), root)
	}
	return s, nil
}

func cloneOrdered(v any) any {
	switch v := v.(type) {
	case obj:
		out := make(obj, len(v))
		for i, m := range v {
			out[i] = member{m.key, cloneOrdered(m.val)}
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
				o.set(kt.(string), v)
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
