package contents

import (
	"bytes"
	"testing"

	"github.com/agentschema/agentschema/schemas"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compileSchema compiles the canonical schema with the title from
// schemas/, with every schema file registered for cross-file $refs.
func compileSchema(t *testing.T, title string) *jsonschema.Schema {
	t.Helper()
	const base = "https://schemas.agentschema.test/"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertContent()
	for _, name := range schemas.Names() {
		data, err := schemas.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := c.AddResource(base+name+".json", doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	s, err := c.Compile(base + title + ".json")
	if err != nil {
		t.Fatalf("compiling %s: %v", title, err)
	}
	return s
}

// TestSchemasDescribeTheJSON checks that the JSON Schemas written here
// accept this project's JSON of every content (as Marshal writes it) and
// refuse what the decoder refuses; the .NET form is read by the decoder
// but is not what the schemas describe.
func TestSchemasDescribeTheJSON(t *testing.T) {
	s := compileSchema(t, "AIContent")
	valid := []string{
		`{"type":"text","text":"hi"}`,
		`{"type":"text_reasoning","text":"r","additional_properties":{"a":1},"raw_representation":[1]}`,
		`{"type":"data","data":"iVBORw0KGgo=","media_type":"image/png"}`,
		`{"type":"uri","uri":"https://x","media_type":"text/html"}`,
		`{"type":"function_call","call_id":"c","name":"f","arguments":{"x":1},"exception":"bad"}`,
		`{"type":"function_result","call_id":"c","result":"ok"}`,
		`{"type":"error","error_code":"E","details":"d","message":null}`,
		`{"type":"usage","details":{"input_token_count":1,"additional_counts":{"thought_token_count":1,"openai.x":2}}}`,
	}
	invalid := []string{
		`{"type":"text"}`,
		`{"type":"image","text":"x"}`,
		`{"type":"data","data":"@@@","media_type":"image/png"}`,
		`{"type":"error"}`,
		`{"type":"usage","details":{"additional_counts":{"cached":1}}}`,
		`{"type":"usage","details":{"input_token_count":1.5}}`,
		`{"type":"function_call","call_id":"c","name":"f","arguments":[1]}`,
		`{"$type":"text","text":"hi"}`,
	}
	for _, doc := range valid {
		c, err := Unmarshal([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		out, err := Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{doc, string(out)} {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(d)))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(inst); err != nil {
				t.Errorf("schema refuses %s: %v", d, err)
			}
		}
	}
	for _, doc := range invalid {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(doc)))
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(inst) == nil {
			t.Errorf("schema accepts %s", doc)
		}
		if _, err := Unmarshal([]byte(doc)); err == nil && doc[2] != '$' {
			t.Errorf("decoder accepts %s", doc)
		}
	}
	// The unions of the note's aliases accept only their members.
	loc := compileSchema(t, "LocatableContent")
	text, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(valid[0])))
	if loc.Validate(text) == nil {
		t.Error("LocatableContent accepts a TextContent")
	}
}
