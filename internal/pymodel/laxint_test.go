package pymodel

import (
	"math"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// TestLaxInt: pydantic-core's lax int (float_as_int, str_as_int), derived
// by hand from its source: integral floats strictly inside (-2^63, 2^63),
// strings of at most 4,300 characters after trimming.
func TestLaxInt(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    pyjson.Value
		text string
		code string
	}{
		{"float", pyjson.FloatValue(3), "3", ""},
		{"float below 2^63", pyjson.FloatValue(9.223372036854775e18), "9223372036854774784", ""},
		{"float 2^63", pyjson.FloatValue(math.Exp2(63)), "", "int_parsing_size"},
		{"float -2^63", pyjson.FloatValue(-math.Exp2(63)), "", "int_parsing_size"},
		{"float 1e300", pyjson.FloatValue(1e300), "", "int_parsing_size"},
		{"fraction", pyjson.FloatValue(1.5), "", "int_from_float"},
		{"inf", pyjson.FloatValue(math.Inf(1)), "", "finite_number"},
		{"string 4300", pyjson.StrValue(strings.Repeat("1", 4300)), strings.Repeat("1", 4300), ""},
		{"string 4301", pyjson.StrValue(strings.Repeat("1", 4301)), "", "int_parsing_size"},
		{"string trimmed", pyjson.StrValue("  " + strings.Repeat("1", 4300) + " "), strings.Repeat("1", 4300), ""},
		{"string zeros", pyjson.StrValue("12.000"), "12", ""},
		{"string bad", pyjson.StrValue("12a"), "", "int_parsing"},
	} {
		text, code, _ := LaxInt(&tc.v)
		if text != tc.text || code != tc.code {
			t.Errorf("%s: got (%.20s, %s), want (%.20s, %s)", tc.name, text, code, tc.text, tc.code)
		}
	}
}
