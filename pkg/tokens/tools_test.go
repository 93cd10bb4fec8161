package tokens

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/agentschema/agentschema"
)

func o200k(t testing.TB) *Encoding {
	t.Helper()
	e, err := GetEncoding("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestCountToolsExamples checks the examples of TOKENS.md §6 and hand-made
// schemas (gpt-4o: 3 for the empty message list is not included here).
func TestCountToolsExamples(t *testing.T) {
	enc := o200k(t)
	count := func(tools ...string) (int, error) {
		raw := make([]json.RawMessage, len(tools))
		for i, s := range tools {
			raw[i] = json.RawMessage(s)
		}
		return CountTools(enc, raw)
	}
	n := func(s string) int { c, _ := enc.Count(s); return c }
	for _, tc := range []struct {
		tool string
		want int
	}{
		{`{"name":"now"}`, 1 + 0 - 2 + 12},
		{`{"name":"ping","description":"Ping the host","parameters":{"type":"object","properties":{}}}`, 1 + 3 - 2 + 11 - 2 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"type":"string"}}}}`, 1 - 2 + n("a") + 2 + n("string") + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"default":1.0}}}}`, 1 - 2 + n("a") + 2 + n("1.0") + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"default":1e-5}}}}`, 1 - 2 + n("a") + 2 + n("1e-05") + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"default":"é"}}}}`, 1 - 2 + n("a") + 2 + n(`"\u00e9"`) + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"title":true}}}}`, 1 - 2 + n("a") + 2 + n("True") + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"anyOf":[{"type":["string","null"]}]}}}}`, 1 - 2 + n("a") - 3 + 3 + n("['string', 'null']") + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"enum":"ab"}}}}`, 1 - 2 + n("a") - 3 + 3 + n("a") + 3 + n("b") + 11 + 12},
		{`{"name":"f","parameters":{"properties":{"a":"a string","b":["items"]}}}`, 1 - 2 + n("a") + n("b") + 11 + 12},
		{`{"name":"f","parameters":"no props here"}`, 1 - 2 + 12},
		{`{"name":"f","parameters":{"properties":{"a":{"type":"x","type":"integer"}}}}`, 1 - 2 + n("a") + 2 + n("integer") + 11 + 12},
	} {
		got, err := count(tc.tool)
		if err != nil || got != tc.want {
			t.Errorf("%s: %d, %v; want %d", tc.tool, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ tool, exc string }{
		{`{"description":"no name"}`, "KeyError"},
		{`{"name":"my tool"}`, "ValueError"},
		{`{"name":7}`, "TypeError"},
		{`{"name":"f","description":null}`, "TypeError"},
		{`{"name":"f","description":"<|endoftext|>"}`, "ValueError"},
		{`{"name":"f","parameters":null}`, "TypeError"},
		{`{"name":"f","parameters":"has properties inside"}`, "TypeError"},
		{`{"name":"f","parameters":{"properties":[]}}`, "AssertionError"},
		{`{"name":"f","parameters":{"properties":{"a":5}}}`, "TypeError"},
		{`{"name":"f","parameters":{"properties":{"a":["type"]}}}`, "TypeError"},
		{`{"name":"f","parameters":{"properties":{"a":{"type":["string","null"]}}}}`, "TypeError"},
		{`{"name":"f","parameters":{"properties":{"a":{"enum":[1,2]}}}}`, "TypeError"},
		{`{"name":"f","parameters":{"properties":{"a":{"anyOf":[{"$ref":"#/x"}]}}}}`, "KeyError"},
		{`{"name":"f","parameters":{"properties":{"a":{"anyOf":"ab"}}}}`, "TypeError"},
		{`["not", "a", "dict"]`, "AssertionError"},
	} {
		_, err := count(tc.tool)
		var e *Error
		if !errors.As(err, &e) || string(e.Exception) != tc.exc {
			t.Errorf("%s: %v, want %s", tc.tool, err, tc.exc)
		}
	}
	if _, err := count(`{"name": "f"`); err == nil {
		t.Error("truncated JSON accepted")
	}
	// AutoGen's get_weather tool, from TOKENS.md: 69 with the 3 reply tokens.
	weather := `[{"name":"get_weather","description":"Get the current weather for a city.","parameters":{"type":"object",` +
		`"properties":{"city":{"description":"The city name","title":"City","type":"string"},"unit":{"default":"celsius",` +
		`"description":"unit","enum":["celsius","fahrenheit"],"title":"Unit","type":"string"}},"required":["city"],` +
		`"additionalProperties":false},"strict":false}]`
	if got, err := CountToolsJSON(enc, []byte(weather)); err != nil || got+3 != 69 {
		t.Errorf("get_weather: %d, %v; want 66", got, err)
	}
	if _, err := CountToolsJSON(enc, []byte(`{"name":"f"}`)); err == nil {
		t.Error("a non-list accepted by CountToolsJSON")
	}
}

// TestCountToolsGolden compares with the tool walk run by Python itself on
// random (often malformed) schemas: testdata/tools_golden.json, made by
// testdata/gen_tools.py, holds per tool list either the Python exception or
// the constant part and the strings encoded; the count must be the constant
// plus the o200k_base tokens of those strings.
func TestCountToolsGolden(t *testing.T) {
	enc := o200k(t)
	data, err := os.ReadFile("testdata/tools_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	top, err := parsePyJSON(data) // keeps lone surrogates, unlike encoding/json
	if err != nil {
		t.Fatal(err)
	}
	if len(top.List) < 500 {
		t.Fatalf("only %d cases", len(top.List))
	}
	kinds := map[string]int{}
	for i := range top.List {
		rec := &top.List[i]
		raw, _ := rec.Get("tools")
		got, err := CountToolsJSON(enc, []byte(raw.Str))
		if exc, ok := rec.Get("error"); ok {
			kinds[exc.Str]++
			var e *Error
			if !errors.As(err, &e) || string(e.Exception) != exc.Str {
				t.Errorf("#%d %s\n got %d, %v; want %s", i, raw.Str, got, err, exc.Str)
			}
			continue
		}
		kinds["ok"]++
		c, _ := rec.Get("const")
		want := 0
		for _, ch := range c.Int {
			if ch != '-' {
				want = want*10 + int(ch-'0')
			}
		}
		if c.Int[0] == '-' {
			want = -want
		}
		texts, _ := rec.Get("texts")
		for _, s := range texts.List {
			n, err := countText(enc.e, s.Str)
			if err != nil {
				t.Fatalf("#%d: %v", i, err)
			}
			want += n
		}
		if err != nil || got != want {
			t.Errorf("#%d %s\n got %d, %v; want %d", i, raw.Str, got, err, want)
		}
	}
	t.Logf("%v", kinds)
}

// FuzzCountTools checks that no tool schema makes the counter panic and
// that every failure is a *Error or holds an *agentschema.Fault.
func FuzzCountTools(f *testing.F) {
	for _, s := range []string{
		`[{"name":"f","parameters":{"properties":{"a":{"anyOf":[{"type":["x",1.5]}],"default":{"k":[1e-7]}}}}}]`,
		`[{"name":"f","parameters":{"properties":{"a":{"enum":{"x":1}}}}}]`, `[{"name":"a\n"}]`, `[7]`,
	} {
		f.Add([]byte(s))
	}
	enc := o200k(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		_, err := CountToolsJSON(enc, raw)
		if err == nil {
			return
		}
		var e *Error
		var je *agentschema.Fault
		if !errors.As(err, &e) && !errors.As(err, &je) {
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
	})
}
