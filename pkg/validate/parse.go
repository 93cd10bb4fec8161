package validate

import (
	"encoding/json"

	"github.com/agentschema/agentschema/internal/wire"
)

// parse reads one JSON document into the values the schema validator
// works on: map[string]any, []any, string, json.Number, bool and nil. It
// uses the typed decoder's scanner, so syntax errors (with their
// positions and messages), invalid UTF-8 and the nesting limit are the
// same in both modes. A repeated object member keeps its last value, as
// pydantic does. limits bounds depth, size and string length.
func parse(data []byte, limits wire.Options) (any, wire.Errors) {
	d := wire.NewDecoder(data, limits)
	var v any
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { v = parseValue(d) }))
	if errs := d.Errors(); len(errs) > 0 {
		return nil, errs
	}
	return v, nil
}

func parseValue(d *wire.Decoder) any {
	switch d.Peek() {
	case wire.KindObject:
		if !d.Object("", "") {
			return nil
		}
		m := map[string]any{}
		for {
			name, ok := d.Next()
			if !ok {
				return m
			}
			m[string(name)] = parseValue(d)
		}
	case wire.KindArray:
		if !d.Array() {
			return nil
		}
		a := []any{}
		for d.More() {
			a = append(a, parseValue(d))
		}
		return a
	case wire.KindString:
		return d.Str()
	case wire.KindNumber:
		raw, ok := d.RawValue()
		if !ok {
			return nil
		}
		return json.Number(raw)
	case wire.KindBool:
		return d.Bool()
	case wire.KindNull:
		d.Null()
		return nil
	}
	d.Skip() // records the syntax error
	return nil
}
