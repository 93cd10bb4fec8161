package main

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestUnexported(t *testing.T) {
	for in, want := range map[string]string{
		"AIContent":        "aiContent",
		"AdditionalCounts": "additionalCounts",
		"URI":              "uri",
		"X":                "x",
		"already":          "already",
		"LLMMessage":       "llmMessage",
	} {
		if got := unexported(in); got != want {
			t.Errorf("unexported(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWrapComment(t *testing.T) {
	got := wrapComment(strings.Repeat("word ", 30))
	for _, line := range strings.Split(got, "\n") {
		if len(line) > 78 || !strings.HasPrefix(line, "// ") {
			t.Errorf("line %q", line)
		}
	}
}

// schemaFS holds the schemas, by title, as files of a folder.
func schemaFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name+".json"] = &fstest.MapFile{Data: []byte(body)}
	}
	return fsys
}

// load loads the schemas, given by title.
func load(t *testing.T, files map[string]string) (*generator, error) {
	t.Helper()
	return loadSchemas(schemaFS(files))
}

// TestContentExtensions checks that the extensions of the content types are
// classified, and that their misuses are refused with a reason.
func TestContentExtensions(t *testing.T) {
	g, err := load(t, map[string]string{
		"Counts": `{"title":"Counts","type":"object","properties":{"known":{"type":"integer"}},
			"additionalProperties":{"type":"integer"},"propertyNames":{"pattern":"^(known|[a-z]+\\..+)$"},"x-go-add":true}`,
		"Usage": `{"title":"Usage","type":"object","x-omit-null":true,"x-go-add":true,"properties":{
			"n":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":null,"x-aliases":["N"]},
			"counts":{"anyOf":[{"$ref":"Counts.json"},{"type":"null"}],"default":null}}}`,
		"Blob": `{"title":"Blob","type":"object","x-go-data-uri":{"data":"data","media_type":"mt","uri":"uri"},
			"properties":{"type":{"const":"blob"},"data":{"type":"string","contentEncoding":"base64"},"mt":{"type":"string"},
			"err":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"x-go-type":"error"},"raw":{"x-go-in-memory":true}},
			"required":["data","mt"]}`,
		"Any": `{"title":"Any","oneOf":[{"$ref":"Blob.json"}],"discriminator":{"propertyName":"type","mapping":{"blob":"Blob.json"}},
			"x-tag-aliases":{"propertyName":"$type","mapping":{"Blob":"blob"}}}`,
	})
	if err != nil {
		t.Fatal(err)
	}
	counts, usage, blob, union := g.concepts["Counts"], g.concepts["Usage"], g.concepts["Blob"], g.concepts["Any"]
	if counts.kind != "map" || counts.keyPattern == "" || len(counts.keys) != 1 || !counts.addable {
		t.Errorf("Counts: %+v", counts)
	}
	if usage.kind != "object" || !usage.omitNull || !usage.addable || usage.props[0].aliases[0] != "N" {
		t.Errorf("Usage: %+v", usage)
	}
	if g.goType(usage.props[1].typ) != "Counts" {
		t.Errorf("Usage.counts is a %s", g.goType(usage.props[1].typ))
	}
	for _, p := range usage.props {
		if _, err := g.addExpr(p.typ, "a", "b"); err != nil {
			t.Errorf("Usage.%s: %v", p.json, err)
		}
	}
	kinds := map[string]string{}
	for _, p := range blob.props {
		if p.typ != nil {
			kinds[p.json] = g.goType(p.typ)
		}
	}
	if kinds["data"] != "[]byte" || kinds["err"] != "error" || kinds["raw"] != "any" {
		t.Errorf("Blob kinds %v", kinds)
	}
	if _, err := g.dataURIProps(blob); err != nil {
		t.Error(err)
	}
	if key, alias, err := g.tagAlias(blob); err != nil || key != "$type" || alias != "Blob" {
		t.Errorf("tagAlias = %q, %q, %v", key, alias, err)
	}
	if union.aliasKey != "$type" || len(union.aliases) != 1 {
		t.Errorf("Any: %+v", union)
	}
	if _, err := g.addExpr(&typeRef{kind: "string"}, "a", "b"); err == nil {
		t.Error("a string can be added")
	}

	bad := []struct{ name, body, reason string }{
		{"go type", `{"title":"X","type":"object","properties":{"a":{"type":"string","x-go-type":"chan"}}}`, `x-go-type "chan" is not supported`},
		{"error of an int", `{"title":"X","type":"object","properties":{"a":{"type":"integer","x-go-type":"error"}}}`, "needs a string"},
		{"encoding", `{"title":"X","type":"object","properties":{"a":{"type":"string","contentEncoding":"base32"}}}`, `contentEncoding "base32"`},
		{"map key type", `{"title":"X","type":"object","properties":{"k":{"type":"string"}},"additionalProperties":{"type":"integer"}}`, "well-known key"},
		{"key pattern", `{"title":"X","type":"object","properties":{"k":{"type":"integer"}},"additionalProperties":{"type":"integer"},"propertyNames":{"pattern":"^a"}}`, "does not match the key pattern"},
		{"bad pattern", `{"title":"X","type":"object","additionalProperties":{"type":"integer"},"propertyNames":{"pattern":"("}}`, "propertyNames pattern"},
		{"no pattern", `{"title":"X","type":"object","additionalProperties":{"type":"integer"},"propertyNames":{"maxLength":3}}`, "must give a pattern"},
		{"tag aliases", `{"title":"X","oneOf":[],"discriminator":{"propertyName":"type"},"x-tag-aliases":{"propertyName":"$type"}}`, "needs a propertyName and a mapping"},
		{"null default of an int", `{"title":"X","type":"object","properties":{"a":{"type":"integer","default":0,"x-null-is-default":true}}}`, "x-null-is-default needs an optional string"},
		{"null default, other default", `{"title":"X","type":"object","properties":{"a":{"type":"string","default":"x","x-null-is-default":true}}}`, "x-null-is-default needs an optional string"},
		{"null default, required", `{"title":"X","type":"object","properties":{"a":{"type":"string","default":"","x-null-is-default":true}},"required":["a"]}`, "x-null-is-default needs an optional string"},
	}
	for _, tt := range bad {
		_, err := load(t, map[string]string{"X": tt.body})
		if err == nil || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.reason)
		}
	}
	// x-go-data-uri must name a required bytes member.
	g, err = load(t, map[string]string{"X": `{"title":"X","type":"object","x-go-data-uri":{"data":"d","media_type":"m","uri":"u"},
		"properties":{"d":{"type":"string"},"m":{"type":"string"}},"required":["d","m"]}`})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.dataURIProps(g.concepts["X"]); err == nil || !strings.Contains(err.Error(), "base64 string") {
		t.Errorf("dataURIProps: %v", err)
	}
}

// TestExtraMembers checks x-extra-members: it must name a member whose
// type is a map of integers with a key pattern.
func TestExtraMembers(t *testing.T) {
	counts := `{"title":"Counts","type":"object","additionalProperties":{"type":"integer"},"propertyNames":{"pattern":"^[a-z]+\\..+$"}}`
	strs := `{"title":"Strs","type":"object","additionalProperties":{"type":"string"},"propertyNames":{"pattern":"^[a-z]+\\..+$"}}`
	usage := func(extra string) string {
		return `{"title":"Usage","type":"object","x-extra-members":"` + extra + `","properties":{
			"n":{"type":"integer"},
			"counts":{"anyOf":[{"$ref":"Counts.json"},{"type":"null"}],"default":null},
			"strs":{"anyOf":[{"$ref":"Strs.json"},{"type":"null"}],"default":null}}}`
	}
	tests := []struct{ extra, want, reason string }{
		{"counts", "Counts", ""},
		{"nope", "", `names no member "nope"`},
		{"n", "", "must name a member whose type is a map"},
		{"strs", "", "values must be integers"},
	}
	for _, tt := range tests {
		g, err := load(t, map[string]string{"Counts": counts, "Strs": strs, "Usage": usage(tt.extra)})
		if err != nil {
			t.Fatal(err)
		}
		spec, err := g.extraMembers(g.concepts["Usage"])
		switch {
		case tt.reason == "" && (err != nil || spec == nil || spec.mapName != tt.want):
			t.Errorf("%s: %+v, %v", tt.extra, spec, err)
		case tt.reason != "" && (err == nil || !strings.Contains(err.Error(), tt.reason)):
			t.Errorf("%s: error %v, want %q", tt.extra, err, tt.reason)
		}
	}
	// None: nil, nil.
	g, err := load(t, map[string]string{"Counts": counts})
	if err != nil {
		t.Fatal(err)
	}
	if spec, err := g.extraMembers(g.concepts["Counts"]); spec != nil || err != nil {
		t.Errorf("no x-extra-members: %+v, %v", spec, err)
	}
}

// TestAnyWithAliases checks that a member of any JSON value may have
// x-aliases.
func TestAnyWithAliases(t *testing.T) {
	g, err := load(t, map[string]string{"X": `{"title":"X","type":"object","properties":{"v":{"default":null,"title":"V","x-aliases":["vv"]}}}`})
	if err != nil {
		t.Fatal(err)
	}
	p := g.concepts["X"].props[0]
	if p.typ.kind != "any" || len(p.aliases) != 1 || p.aliases[0] != "vv" {
		t.Errorf("v: kind %s, aliases %v", p.typ.kind, p.aliases)
	}
}

// TestNullIsDefault checks that x-null-is-default marks an optional string
// property whose default is "", and that the decoder emitted for it reads
// a null as the member absent.
func TestNullIsDefault(t *testing.T) {
	g, err := load(t, map[string]string{
		"H": `{"title":"H","type":"object","properties":{"target":{"type":"string"},
			"name":{"type":"string","default":"","x-null-is-default":true},"note":{"type":"string","default":""}},"required":["target"]}`,
	})
	if err != nil {
		t.Fatal(err)
	}
	props := map[string]bool{}
	for _, p := range g.concepts["H"].props {
		props[p.json] = p.nullIsEmpty
		p.goName = goIdent(p.json) // bound from go-jsonschema's output in a real run
	}
	if props["target"] || !props["name"] || props["note"] {
		t.Fatalf("nullIsEmpty by member: %v", props)
	}
	w := &writer{}
	g.emitMemberCases(w, g.concepts["H"], true, "", "")
	code := w.String()
	want := "\t\tcase \"name\":\n\t\t\tif d.Null() {\n\t\t\t\tseen &^= 1 << 1\n\t\t\t\tx.Name = \"\"\n\t\t\t\tbreak\n\t\t\t}\n\t\t\tseen |= 1 << 1\n"
	if !strings.Contains(code, want) {
		t.Errorf("the name case does not read null as absent:\n%s", code)
	}
	if strings.Count(code, "d.Null()") != 1 {
		t.Errorf("only name reads null as absent:\n%s", code)
	}
}
