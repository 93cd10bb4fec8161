package messages

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// TestPyReprCPython checks repr() and ascii() of strings, bytes and floats
// against CPython 3.11 (testdata/pyrepr.json, made by
// testdata/pyrepr_gen.py).
func TestPyReprCPython(t *testing.T) {
	data, err := os.ReadFile("testdata/pyrepr.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Strings []struct{ S, Repr, ASCII string } `json:"strings"`
		Bytes   []struct {
			B    []int
			Repr string
		} `json:"bytes"`
		Floats []struct{ F, Repr string } `json:"floats"`
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	for _, c := range golden.Strings {
		s := pyjson.StrValue(c.S)
		if got := pyRepr(&s); got != c.Repr {
			t.Errorf("repr(%q) = %s, want %s", c.S, got, c.Repr)
		}
		if got := (pyjson.Options{ASCII: true}).Repr(&s); got != c.ASCII {
			t.Errorf("ascii(%q) = %s, want %s", c.S, got, c.ASCII)
		}
	}
	for _, c := range golden.Bytes {
		b := make([]byte, len(c.B))
		for i, v := range c.B {
			b[i] = byte(v)
		}
		v := pyBytes(b)
		if got := pyRepr(&v); got != c.Repr {
			t.Errorf("repr(%v) = %s, want %s", b, got, c.Repr)
		}
	}
	for _, c := range golden.Floats {
		f, err := strconv.ParseFloat(c.F, 64)
		if err != nil {
			t.Fatal(err)
		}
		v := pyjson.FloatValue(f)
		if got := pyRepr(&v); got != c.Repr {
			t.Errorf("repr(%s) = %s", c.F, got)
		}
	}
	if len(golden.Strings) < 30 {
		t.Fatal("too few cases")
	}
}

// TestPyFromJSON checks how JSON becomes Python objects: key order kept,
// a repeated key keeping its first place and last value, ints of any
// size, floats for numbers with a fraction or an exponent.
func TestPyFromJSON(t *testing.T) {
	for _, tc := range []struct{ in, repr string }{
		{`{"b": 1, "a": [true, false, null], "b": 2}`, `{'b': 2, 'a': [True, False, None]}`},
		{`[100000000000000000000, -0, 1.0, 1E2, 1e400, -1e400, 0.1]`, `[100000000000000000000, 0, 1.0, 100.0, inf, -inf, 0.1]`},
		{`{"it's": "x\ty"}`, `{"it's": 'x\ty'}`},
	} {
		v, err := pyFromJSON([]byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := pyRepr(&v); got != tc.repr {
			t.Errorf("%s: %s, want %s", tc.in, got, tc.repr)
		}
	}
	for _, bad := range []string{``, `{`, `[1,]`, `1 2`, `{"a" 1}`, `[NaN]`, `Infinity`, `-Infinity`} {
		if _, err := pyFromJSON([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	one, e := pyIntOf(1), pyjson.EnumValue("E", "A", pyjson.StrValue("a"))
	if one.TypeName() != "int" || pyNone.TypeName() != "NoneType" || pyStr(&e) != "E.A" {
		t.Error("type names")
	}
}
