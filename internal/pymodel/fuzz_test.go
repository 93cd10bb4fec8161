package pymodel

import (
	"reflect"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// fuzzModel has a field of most kinds.
type fuzzModel struct {
	S    string            `json:"s" default:"x"`
	I    int16             `json:"i" default:"0"`
	U    uint8             `json:"u,omitempty"`
	F    float64           `json:"f,omitempty"`
	B    bool              `json:"b,omitempty"`
	Big  gen.Int           `json:"big,omitempty"`
	When *gen.DateTime     `json:"when"`
	Any  any               `json:"any,omitempty"`
	Raw  gen.RawJSON       `json:"raw" default:"{}"`
	L    []inner           `json:"l,omitempty"`
	T    [2]int            `json:"t" default:"[1, 2]"`
	M    map[string]string `json:"m,omitempty"`
	K    map[int]bool      `json:"k,omitempty"`
	E    string            `json:"e" enum:"a,b" default:"a"`
	Sh   shade             `json:"sh" default:"dark"`
	By   []byte            `json:"by,omitempty"`
}

var fuzzSeeds = []string{
	`{}`,
	`{"s": "a", "i": "12", "u": 255, "f": "1e3", "b": "yes", "big": 123456789012345678901234567890}`,
	`{"when": "2024-01-02T03:04:05Z", "any": {"a": [1, 2.5, null]}, "raw": [1, {"b": 2}]}`,
	`{"l": [{"a": 1}, {"a": "2"}], "t": [3, 4], "m": {"x": "y"}, "k": {"1": true}, "e": "b", "sh": "light"}`,
	`{"i": 70000, "u": -1, "t": [1, 2, 3], "e": "c", "sh": "grey", "l": [1], "k": {"x": true}}`,
	`[1]`, `null`, `{"s": 1, "by": 2}`,
}

// FuzzValidate: python-mode validation never panics, and the JSON dump
// of what it accepts is accepted again and dumps the same.
func FuzzValidate(f *testing.F) {
	n, err := Build(reflect.TypeFor[fuzzModel](), Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := pyjson.Parse(data)
		if err != nil {
			return
		}
		var m fuzzModel
		if errs := Validate(n, &v, reflect.ValueOf(&m).Elem()); len(errs) > 0 {
			return
		}
		d := DumpJSON(n, reflect.ValueOf(m))
		var again fuzzModel
		if errs := Validate(n, &d, reflect.ValueOf(&again).Elem()); len(errs) > 0 {
			t.Fatalf("the dump %s is refused: %v", pyjson.AppendJSON(nil, &d), errs)
		}
		d2 := DumpJSON(n, reflect.ValueOf(again))
		if a, b := string(pyjson.AppendJSON(nil, &d)), string(pyjson.AppendJSON(nil, &d2)); a != b {
			t.Fatalf("dump changed:\n%s\n%s", a, b)
		}
		_ = DumpPython(n, reflect.ValueOf(m))
	})
}

// FuzzDecode: JSON-mode decoding never panics, and what it accepts
// encodes to JSON that decodes to the same encoding.
func FuzzDecode(f *testing.F) {
	n, err := Build(reflect.TypeFor[fuzzModel](), Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	decode := func(data []byte, m *fuzzModel) error {
		d := wire.NewDecoder(data, wire.Options{})
		d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { DecodeModel(d, n, reflect.ValueOf(m).Elem(), nil) }))
		return d.Err()
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m fuzzModel
		if decode(data, &m) != nil {
			return
		}
		b, err := Marshal(n, reflect.ValueOf(m))
		if err != nil {
			return // bytes that are not UTF-8
		}
		var again fuzzModel
		if err := decode(b, &again); err != nil {
			t.Fatalf("the encoding %s is refused: %v", b, err)
		}
		b2, err := Marshal(n, reflect.ValueOf(again))
		if err != nil || string(b) != string(b2) {
			t.Fatalf("encoding changed:\n%s\n%s %v", b, b2, err)
		}
	})
}
