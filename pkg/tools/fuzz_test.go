package tools

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
)

// fuzzArgs has a field of every kind the validator converts.
type fuzzArgs struct {
	S    string            `json:"s"`
	I    int8              `json:"i,omitempty"`
	U    uint16            `json:"u" default:"7"`
	F    float32           `json:"f,omitempty"`
	B    *bool             `json:"b"`
	Big  gen.Int           `json:"big,omitempty"`
	Any  any               `json:"any"`
	Raw  json.RawMessage   `json:"raw"`
	At   *time.Time        `json:"at"`
	List []string          `json:"list,omitempty" maxItems:"4"`
	Tup  [2]int            `json:"tup,omitempty"`
	Map  map[int]float64   `json:"map,omitempty"`
	Loc  *Location         `json:"loc"`
	Mode string            `json:"mode" enum:"a,b" default:"a"`
	Lvl  Level             `json:"lvl" default:"1"`
	Deep map[string][]bool `json:"deep,omitempty"`
}

// FuzzRunJSON feeds arbitrary bytes to RunJSON's argument decoding: it must
// never panic; it fails with a *ValidationError or succeeds, and the
// values it accepts validate again, from their dump, to the same values.
func FuzzRunJSON(f *testing.F) {
	for _, seed := range []string{
		`{"s": "x"}`,
		`{"s": "x", "i": "12", "u": 3.0, "f": "1.5", "b": "yes", "big": 123456789012345678901234567890}`,
		`{"s": "", "any": {"a": [1, 2.5, null]}, "raw": [true], "at": "2024-01-02T03:04:05Z", "list": ["a"], "tup": [1, 2]}`,
		`{"s": "y", "map": {"1": 2}, "loc": {"city": "c", "lat": 1}, "mode": "b", "lvl": 3, "deep": {"k": [true, 0]}}`,
		`{"s": 1, "i": 300, "list": "no", "tup": [1], "loc": [], "mode": "c"}`,
		`[]`, `null`, `{`, `{"s": "\ud800"}`, `{"s": "x", "s": 1}`, `{"f": NaN, "s": "-Infinity"}`,
	} {
		f.Add([]byte(seed))
	}
	s, err := newSpec[fuzzArgs]("fuzz", "", "fuzzargs", asFunction, nil)
	if err != nil {
		f.Fatal(err)
	}
	tool, err := NewFunctionTool("fuzz", "", func(_ context.Context, in fuzzArgs) (fuzzArgs, error) { return in, nil })
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := decodeArgs[fuzzArgs](s, data)
		if err != nil {
			var ve *ValidationError
			if !errors.As(err, &ve) || len(ve.Errors) == 0 {
				t.Fatalf("error %T %v", err, err)
			}
			_ = ve.Error()
			return
		}
		dumped := dumpValueOf(s.node, reflect.ValueOf(&in).Elem())
		again, err := decodeArgs[fuzzArgs](s, appendJSON(nil, &dumped))
		if err != nil {
			t.Fatalf("the dump of accepted arguments is refused: %v\n%s", err, appendJSON(nil, &dumped))
		}
		d2 := dumpValueOf(s.node, reflect.ValueOf(&again).Elem())
		if a, b := string(appendJSON(nil, &dumped)), string(appendJSON(nil, &d2)); a != b {
			t.Fatalf("dump changed:\n%s\n%s", a, b)
		}
		out, err := tool.RunJSON(context.Background(), data, "")
		if err != nil {
			t.Fatalf("RunJSON refused what decodeArgs accepted: %v", err)
		}
		_ = ReturnValueAsString(out)
	})
}
