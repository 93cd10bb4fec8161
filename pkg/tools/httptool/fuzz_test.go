package httptool

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The fuzz tests check that no input panics: a config, a json_schema, or
// the arguments of a call (validated and turned into a request, not sent).

func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(`{"name": "n", "description": null, "host": "h", "port": 1, "headers": null, "json_schema": {"type": "object", "properties": {"a": {"type": "string"}}}}`))
	f.Add([]byte(`{"name": "n", "description": "d", "scheme": "https", "host": "::1", "port": "443", "path": "/{a}", "method": "GET", "headers": {"X": "y"}, "json_schema": {}, "return_type": "json", "timeout": 1}`))
	f.Add([]byte(`{"name": 1, "port": [], "json_schema": null}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"name": "n",`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig(data)
		if err != nil {
			return
		}
		tool, err := build(c)
		if err != nil {
			return
		}
		_ = tool.Schema()
		if _, err := tool.ComponentModel(); err != nil && json.Valid(data) {
			t.Errorf("ComponentModel: %v", err)
		}
		out, err := c.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		c2, err := ParseConfig(out)
		if err != nil {
			t.Fatalf("the dump %s does not load: %v", out, err)
		}
		out2, _ := c2.MarshalJSON()
		if !bytes.Equal(out, out2) {
			t.Errorf("dump changed:\n%s\n%s", out, out2)
		}
	})
}

func FuzzSchema(f *testing.F) {
	f.Add([]byte(mixedSchema))
	f.Add([]byte(userSchema))
	f.Add([]byte(`{"type": "object", "properties": {"p": {"$ref": "#/$defs/P"}, "s": {"type": "array", "uniqueItems": true, "items": {"type": "integer"}}}, "$defs": {"P": {"type": "object", "properties": {"x": {"type": ["number", "null"], "minimum": 0}}}}}`))
	f.Add([]byte(`{"type": "object", "properties": {"e": {"enum": ["a", 1, null, 1.5]}, "_x": {"type": "string", "pattern": "^a+$", "maxLength": 3}}}`))
	f.Fuzz(func(t *testing.T, schema []byte) {
		tool, err := New("t", "localhost", 80, json.RawMessage(schema))
		if err != nil {
			return
		}
		s := tool.Schema()
		if !json.Valid(s.Parameters.Properties) && bytes.Contains(schema, []byte("NaN")) == false && bytes.Contains(schema, []byte("Infinity")) == false {
			t.Errorf("properties are not JSON: %s", s.Parameters.Properties)
		}
		if dump, err := tool.validate(json.RawMessage(`{}`)); err == nil {
			_, _ = tool.buildRequest(dump)
		}
	})
}

func FuzzRunJSONArgs(f *testing.F) {
	schema := `{"type": "object", "properties": {
		"id": {"type": "string"}, "n": {"type": "integer", "minimum": 0}, "x": {"type": "number"},
		"ok": {"type": "boolean"}, "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
		"set": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true},
		"when": {"type": "string", "format": "date-time"}, "kind": {"enum": ["a", "b", 1]},
		"opt": {"type": ["string", "null"]}, "obj": {"type": "object"},
		"p": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}},
		"required": ["id"]}`
	get, err := New("t", "localhost", 80, json.RawMessage(schema), WithMethod("GET"), WithPath("/a/{id}/{n!r}"))
	if err != nil {
		f.Fatal(err)
	}
	post, err := New("t", "localhost", 80, json.RawMessage(schema), WithPath("/a/{id}"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(`{"id": "u1", "n": 2, "x": 1, "ok": "yes", "tags": ["a"], "set": [1, 1.0, true], "when": "2024-01-02T03:04:05Z", "kind": "1", "opt": null, "obj": {"k": [1]}, "p": {"q": "r"}}`))
	f.Add([]byte(`{"id": "a/../b?c", "n": -1, "x": NaN, "tags": [1, 2, 3, 4]}`))
	f.Add([]byte(`{"id": 1}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, args []byte) {
		for _, tool := range []*HTTPTool{get, post} {
			dump, err := tool.validate(args)
			if err != nil {
				if err.Error() == "" {
					t.Error("an empty validation error")
				}
				continue
			}
			r, err := tool.buildRequest(dump)
			if err != nil {
				if err.Error() == "" {
					t.Error("an empty error")
				}
				continue
			}
			if r.url == nil || r.header == nil {
				t.Error("an incomplete request")
			}
		}
	})
}
