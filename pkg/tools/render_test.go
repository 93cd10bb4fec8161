package tools

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pytime"
)

// The return_value_as_string_table case lists Python values with what
// AutoGen's return_value_as_string gives for them. goCounterparts maps
// each value's repr to its Go counterpart; tableSkips names the values
// that have none.
var goCounterparts = map[string]any{
	"None":                           nil,
	"True":                           true,
	"False":                          false,
	"0":                              0,
	"-1":                             int64(-1),
	"1180591620717411303424":         mustBig("1180591620717411303424"),
	"1.0":                            1.0,
	"0.1":                            0.1,
	"0.3333333333333333":             1.0 / 3,
	"1e+16":                          1e16,
	"1e-05":                          1e-5,
	"1e+22":                          1e22,
	"inf":                            math.Inf(1),
	"''":                             "",
	"'text'":                         "text",
	"'日本'":                           "日本",
	"[1, 'a', None]":                 []any{1, "a", nil},
	`["it's"]`:                       []string{"it's"},
	"{'a': 1, 'b': 'x'}":             map[string]any{"a": 1, "b": "x"},
	`{'q': 'say "hi"'}`:              map[string]string{"q": `say "hi"`},
	"(1, 2)":                         [2]int{1, 2},
	"Reply(message='日本 😀', count=1)": Reply{Message: "日本 😀", Count: 1},
	"Point(x=1, y=0)":                &Point{X: 1},
	"b'bytes'":                       []byte("bytes"),
}

var tableSkips = map[string]string{
	"{3}": "a Python set has no Go counterpart",
	"FunctionCall(id='1', arguments='{}', name='f')": "FunctionCall is a Python dataclass, written by its repr; a Go struct is a pydantic model, written as JSON",
}

func mustBig(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return x
}

func TestConformanceReturnValueAsStringTable(t *testing.T) {
	for file, data := range loadKind(t, "return_value_as_string_table") {
		var c struct {
			Cases []struct {
				Repr string `json:"python_value_repr"`
				Type string `json:"python_type"`
				Want string `json:"return_value_as_string"`
			} `json:"cases"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, tc := range c.Cases {
			t.Run(file+"/"+tc.Repr, func(t *testing.T) {
				if why, ok := tableSkips[tc.Repr]; ok {
					t.Skip(why)
				}
				v, ok := goCounterparts[tc.Repr]
				if !ok {
					t.Fatalf("no Go counterpart for %s (%s)", tc.Repr, tc.Type)
				}
				if got := ReturnValueAsString(v); got != tc.Want {
					t.Errorf("ReturnValueAsString(%#v) = %q, want %q", v, got, tc.Want)
				}
				checked++
			})
		}
		if checked != len(goCounterparts) {
			t.Errorf("checked %d values, have %d counterparts", checked, len(goCounterparts))
		}
	}
}

type inner struct {
	F float64 `json:"f"`
}

type outer struct {
	Name   string            `json:"name"`
	Skip   string            `json:"-"`
	Empty  string            `json:"empty,omitempty"`
	Inner  inner             `json:"inner"`
	Ptr    *inner            `json:"ptr"`
	Tags   []string          `json:"tags"`
	Counts map[string]int    `json:"counts"`
	Raw    json.RawMessage   `json:"raw"`
	When   time.Time         `json:"when"`
	Big    gen.Int           `json:"big"`
	Extra  map[int]float32   `json:"extra,omitempty"`
	Opt    gen.Optional[int] `json:"-"`
}

type stringer int

func (s stringer) String() string { return "stringer#" + string(rune('0'+s)) }

type embedded struct {
	A int `json:"a"`
}

type withEmbedded struct {
	embedded
	B int `json:"b"`
}

// Hand-derived expectations: each is what Python prints for the
// counterpart value (str() of it, or json.dumps of a model's dump).
func TestReturnValueAsString(t *testing.T) {
	when := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"nil pointer", (*int)(nil), "None"},
		{"nil slice", []int(nil), "None"},
		{"nil map", map[string]int(nil), "None"},
		{"int8", int8(-5), "-5"},
		{"uint64", uint64(math.MaxUint64), "18446744073709551615"},
		{"float32", float32(0.1), "0.10000000149011612"},
		{"neg zero", math.Copysign(0, -1), "-0.0"},
		{"nan", math.NaN(), "nan"},
		{"-inf", math.Inf(-1), "-inf"},
		{"big float", 1e16, "1e+16"},
		{"fixed float", 123456789012345.6, "123456789012345.6"},
		{"small float", 0.0001, "0.0001"},
		{"tiny float", 0.00001, "1e-05"},
		{"wire int", gen.IntOf(42), "42"},
		{"json number int", json.Number("12"), "12"},
		{"json number float", json.Number("12.0"), "12.0"},
		{"raw object keeps order", json.RawMessage(`{"z": 1, "a": [true, null, 1.5]}`), "{'z': 1, 'a': [True, None, 1.5]}"},
		{"string top level", "it's \"x\"\n", "it's \"x\"\n"},
		{"string in list, both quotes", []string{`it's "x"`}, `['it\'s "x"']`},
		{"control chars", []string{"a\tb\x00\u00e9\u200b"}, `['a\tb\x00é\u200b']`},
		{"bytes quote", []byte(`it's`), `b"it's"`},
		{"bytes high", []byte{0, 0xff, '\\'}, `b'\x00\xff\\'`},
		{"nested map sorted", map[string]any{"b": []any{1.0, map[string]any{}}, "a": nil}, "{'a': None, 'b': [1.0, {}]}"},
		{"int keys", map[int]string{2: "b", 1: "a"}, "{1: 'a', 2: 'b'}"},
		{"one-tuple", [1]string{"x"}, "('x',)"},
		{"time", when, "2024-01-02 03:04:05+00:00"},
		{"datetime naive", pytime.FromNaive(when), "2024-01-02 03:04:05"},
		{"stringer", stringer(3), "stringer#3"},
		{"stringers in list", []stringer{1, 2}, "[stringer#1, stringer#2]"},
		{"models in list", []Point{{X: 1}, {X: 2, Y: 3}}, "[Point(x=1, y=0), Point(x=2, y=3)]"},
		{"embedded flattened", withEmbedded{embedded{1}, 2}, `{"a": 1, "b": 2}`},
		{"model dump", outer{
			Name: "n\u00e9", Skip: "x", Inner: inner{F: 2}, Tags: []string{"t"}, Counts: map[string]int{"b": 2, "a": 1},
			Raw: json.RawMessage(`{"k":[1,2.50]}`), When: when, Big: gen.IntFromBig(mustBig("99999999999999999999")),
		}, `{"name": "n\u00e9", "inner": {"f": 2.0}, "ptr": null, "tags": ["t"], "counts": {"a": 1, "b": 2}, "raw": {"k": [1, 2.5]}, "when": "2024-01-02T03:04:05Z", "big": 99999999999999999999}`},
		{"map with float32 in model", outer{Extra: map[int]float32{1: 0.5}}, `{"name": "", "inner": {"f": 0.0}, "ptr": null, "tags": null, "counts": null, "raw": null, "when": "0001-01-01T00:00:00Z", "big": 0, "extra": {"1": 0.5}}`},
		{"gen model uses its MarshalJSON", gen.TextResultContent{Content: "x"}, `{"type": "TextResultContent", "content": "x"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ReturnValueAsString(tt.v); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
