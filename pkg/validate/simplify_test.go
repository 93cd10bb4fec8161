package validate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestMergeKindUnions(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"anyOf":[{"type":"string"},{"type":"null"}],"title":"T"}`, `{"title":"T","type":["string","null"]}`},
		{`{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"integer"}}]}`, `{"items":{"type":"integer"},"type":["string","array"]}`},
		{`{"properties":{"a":{"anyOf":[{"type":"boolean"},{"type":"null"}]}}}`, `{"properties":{"a":{"type":["boolean","null"]}}}`},
		// Left alone: a $ref branch, an enum, a repeated type, a constraint on the parent, clashing bounds.
		{`{"anyOf":[{"$ref":"X.json"},{"type":"null"}]}`, `{"anyOf":[{"$ref":"X.json"},{"type":"null"}]}`},
		{`{"anyOf":[{"enum":["a"],"type":"string"},{"type":"null"}]}`, `{"anyOf":[{"enum":["a"],"type":"string"},{"type":"null"}]}`},
		{`{"anyOf":[{"type":"string"},{"type":"string","format":"date"}]}`, `{"anyOf":[{"type":"string"},{"format":"date","type":"string"}]}`},
		{`{"anyOf":[{"type":"string"},{"type":"null"}],"minLength":1}`, `{"anyOf":[{"type":"string"},{"type":"null"}],"minLength":1}`},
		{`{"anyOf":[{"type":"integer","minimum":0},{"type":"number","minimum":1}]}`, `{"anyOf":[{"minimum":0,"type":"integer"},{"minimum":1,"type":"number"}]}`},
	}
	for _, tt := range tests {
		var v any
		if err := json.Unmarshal([]byte(tt.in), &v); err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(mergeKindUnions(v))
		if string(got) != tt.want {
			t.Errorf("%s:\n got  %s\n want %s", tt.in, got, tt.want)
		}
	}
}

// TestMergeKindUnionsEquivalent checks that merged and original schemas
// accept the same values.
func TestMergeKindUnionsEquivalent(t *testing.T) {
	schemaTexts := []string{
		`{"anyOf":[{"type":"string","minLength":2},{"type":"array","items":{"type":"integer"},"maxItems":2},{"type":"null"}]}`,
		`{"anyOf":[{"type":"integer","minimum":3},{"type":"object","required":["a"]},{"type":"boolean"}]}`,
	}
	values := []string{`null`, `"a"`, `"ab"`, `[]`, `[1,2]`, `[1,2,3]`, `["x"]`, `1`, `3`, `3.5`, `{}`, `{"a":1}`, `true`}
	for i, text := range schemaTexts {
		orig := compileText(t, "orig.json", text)
		var doc any
		if err := json.Unmarshal([]byte(text), &doc); err != nil {
			t.Fatal(err)
		}
		mergedText, _ := json.Marshal(mergeKindUnions(doc))
		if !strings.Contains(string(mergedText), `"type":[`) {
			t.Fatalf("schema %d was not merged: %s", i, mergedText)
		}
		merged := compileText(t, "merged.json", string(mergedText))
		for _, vt := range values {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(vt))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := orig.Validate(v) == nil, merged.Validate(v) == nil; a != b {
				t.Errorf("schema %d, value %s: original valid=%v, merged valid=%v", i, vt, a, b)
			}
		}
	}
}

func compileText(t *testing.T, name, text string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	url := "https://example.invalid/" + name
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
