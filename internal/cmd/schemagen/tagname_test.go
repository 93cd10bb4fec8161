package main

import (
	"strings"
	"testing"
)

// tagNameSchemas is a union whose discriminator is not "type" (as
// AutoGen's EmbeddingFunctionConfig is told apart by "function_type"),
// with a member holding a callable, a type holding the union with a
// default member, and a "type"-tagged object beside them.
var tagNameSchemas = map[string]string{
	"Fn": `{"title":"Fn","oneOf":[{"$ref":"A.json"},{"$ref":"B.json"}],
		"discriminator":{"propertyName":"function_type","mapping":{"a":"A.json","b":"B.json"}}}`,
	"A": `{"title":"A","type":"object","properties":{"function_type":{"const":"a","default":"a","type":"string"}}}`,
	"B": `{"title":"B","type":"object","properties":{
		"function_type":{"const":"b","default":"b","type":"string"},
		"function":{"title":"Function","not":{},"x-callable":true},
		"params":{"type":"object","additionalProperties":true,"default":{}}},
		"required":["function"]}`,
	"Holder": `{"title":"Holder","type":"object","properties":{
		"fn":{"$ref":"Fn.json","default":{"function_type":"a"}}}}`,
	"T": `{"title":"T","type":"object","properties":{"type":{"const":"t","default":"t","type":"string"}}}`,
}

// TestDiscriminatorTagName checks that a union member's tag may be the
// member named by the union's discriminator: its constant, Type and codec
// use that name; only "type" tags go in the registry's tag map; a union
// member's default is the member its tag names; and an x-callable member
// is read as pydantic's callable_type fault.
func TestDiscriminatorTagName(t *testing.T) {
	out, err := generateMem(t, tagNameSchemas)
	if err != nil {
		t.Fatal(err)
	}
	for file, wants := range map[string][]string{
		"a.go": {
			"// AType is the value of A's \"function_type\" tag.\nconst AType = \"a\"",
			"// Type returns the \"function_type\" tag, \"a\".\nfunc (*A) Type() string { return \"a\" }",
			"func (*A) isFn() {}",
			"case \"function_type\":\n\t\t\td.Const(\"a\")",
			"e.Raw(\"{\\\"function_type\\\":\\\"a\\\"}\")",
		},
		"b.go": {
			"Function any `json:\"function\"`",
			"x.Function = d.Callable()",
			"d.Missing(\"function\")",
		},
		"fn.go": {
			"told apart by the \"function_type\" tag",
			"tag, st := d.PeekTag(\"function_type\")",
			"var FnTags = []string{\"a\", \"b\"}",
		},
		"holder.go": {
			"x.Fn = func() Fn {\n\t\t\tv := new(A)\n\t\t\tv.decodeFrom(wire.NewDecoder([]byte(\"{\\\"function_type\\\":\\\"a\\\"}\"), wire.Options{}))",
		},
		"registry.go": {"\"t\": \"T\","},
	} {
		src := string(out[file])
		for _, want := range wants {
			if !strings.Contains(src, want) {
				t.Errorf("%s lacks %q", file, want)
			}
		}
	}
	reg := string(out["registry.go"])
	if strings.Contains(reg, `"a": "A"`) || strings.Contains(reg, `"b": "B"`) {
		t.Errorf("registry.go maps a function_type tag as a type tag:\n%s", reg)
	}
}

// TestDiscriminatorTagNameRefused checks the misuses: a member whose tag
// is not the union's discriminator, two tag members, and x-callable
// without "not": {}.
func TestDiscriminatorTagNameRefused(t *testing.T) {
	with := func(name, body string) map[string]string {
		m := map[string]string{}
		for k, v := range tagNameSchemas {
			m[k] = v
		}
		m[name] = body
		return m
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"member tagged by type", with("A", `{"title":"A","type":"object","properties":{"type":{"const":"a"}}}`),
			`union member A has no const "function_type" tag`},
		{"two tag members", with("A", `{"title":"A","type":"object","properties":{"type":{"const":"a"},"function_type":{"const":"a"}}}`),
			`properties "type" and "function_type" are both tag members`},
		{"callable without not", with("B", `{"title":"B","type":"object","properties":{"function_type":{"const":"b"},"function":{"x-callable":true}}}`),
			`x-callable needs "not": {}`},
	} {
		_, err := generateMem(t, tc.files)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}
