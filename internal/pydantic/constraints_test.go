package pydantic

import (
	"math"
	"math/big"
	"regexp"
	"testing"
)

// TestConstraintFaults checks the faults pydantic-core gives, in its
// order, for values against Field constraints; the messages are
// pydantic's (src/errors/types.rs), the bounds written as their Text.
func TestConstraintFaults(t *testing.T) {
	i := func(n int64) *Bound { return &Bound{I: big.NewInt(n), Text: big.NewInt(n).String()} }
	f := func(x float64, text string) *Bound { return &Bound{F: x, Text: text} }
	for _, tt := range []struct {
		name, typ, msg string
		got            [2]string
	}{
		{"int multiple first", "multiple_of", "Input should be a multiple of 4", pair(IntFault(big.NewInt(9), i(4), i(5), nil, nil, nil))},
		{"int le", "less_than_equal", "Input should be less than or equal to 5", pair(IntFault(big.NewInt(8), i(4), i(5), nil, nil, nil))},
		{"int lt", "less_than", "Input should be less than 3", pair(IntFault(big.NewInt(3), nil, nil, i(3), nil, nil))},
		{"int ge", "greater_than_equal", "Input should be greater than or equal to 1", pair(IntFault(big.NewInt(0), nil, nil, nil, i(1), nil))},
		{"int gt", "greater_than", "Input should be greater than 0", pair(IntFault(big.NewInt(0), nil, nil, nil, nil, i(0)))},
		{"int ok", "", "", pair(IntFault(big.NewInt(4), i(2), i(5), i(6), i(1), i(0)))},
		{"float multiple within 1e-9", "", "", pair(FloatFault(0.3, f(0.1, "0.1"), nil, nil, nil, nil))},
		{"float multiple", "multiple_of", "Input should be a multiple of 0.25", pair(FloatFault(0.3, f(0.25, "0.25"), nil, nil, nil, nil))},
		{"float NaN meets no bound", "less_than_equal", "Input should be less than or equal to 1.5", pair(FloatFault(math.NaN(), nil, f(1.5, "1.5"), nil, nil, nil))},
		{"float gt", "greater_than", "Input should be greater than 0", pair(FloatFault(0, nil, nil, nil, nil, f(0, "0")))},
		{"str short", "string_too_short", "String should have at least 2 characters", pair(StrFault("é", 2, -1, nil, ""))},
		{"str long", "string_too_long", "String should have at most 1 character", pair(StrFault("ab", -1, 1, nil, ""))},
		{"str pattern searched", "", "", pair(StrFault("xaby", -1, -1, regexp.MustCompile("ab"), "ab"))},
		{"str pattern", "string_pattern_mismatch", "String should match pattern '^a'", pair(StrFault("ba", -1, -1, regexp.MustCompile("^a"), "^a"))},
	} {
		if tt.got != [2]string{tt.typ, tt.msg} {
			t.Errorf("%s: got %q, want %q %q", tt.name, tt.got, tt.typ, tt.msg)
		}
	}
}

func pair(typ, msg string) [2]string { return [2]string{typ, msg} }
