package pydantic

import (
	"math"
	"math/big"
	"regexp"
	"unicode/utf8"
)

// Bound is a number constraint of a field (multiple_of, le, lt, ge, gt):
// I on an int field (pydantic-core reads it with validate_as_int), F on a
// float field; Text is how pydantic's message writes it (Rust's Display
// of an int or an f64).
type Bound struct {
	I    *big.Int
	F    float64
	Text string
}

// IntFault is pydantic-core's fault of integer x under the constraints
// (int.rs, in its order: multiple_of, le, lt, ge, gt; nil for none), or
// "" when x meets them.
func IntFault(x *big.Int, multipleOf, le, lt, ge, gt *Bound) (typ, msg string) {
	switch {
	case multipleOf != nil && new(big.Int).Rem(x, multipleOf.I).Sign() != 0:
		return "multiple_of", "Input should be a multiple of " + multipleOf.Text
	case le != nil && x.Cmp(le.I) > 0:
		return "less_than_equal", "Input should be less than or equal to " + le.Text
	case lt != nil && x.Cmp(lt.I) >= 0:
		return "less_than", "Input should be less than " + lt.Text
	case ge != nil && x.Cmp(ge.I) < 0:
		return "greater_than_equal", "Input should be greater than or equal to " + ge.Text
	case gt != nil && x.Cmp(gt.I) <= 0:
		return "greater_than", "Input should be greater than " + gt.Text
	}
	return "", ""
}

// FloatFault is pydantic-core's fault of float x under the constraints
// (float.rs: multiple_of within 1e-9, then le, lt, ge, gt; NaN meets none
// of the bounds), or "".
func FloatFault(x float64, multipleOf, le, lt, ge, gt *Bound) (typ, msg string) {
	if m := multipleOf; m != nil {
		if math.Abs(x-math.Round(x/m.F)*m.F) > 1e-9 {
			return "multiple_of", "Input should be a multiple of " + m.Text
		}
	}
	switch {
	case le != nil && !(x <= le.F):
		return "less_than_equal", "Input should be less than or equal to " + le.Text
	case lt != nil && !(x < lt.F):
		return "less_than", "Input should be less than " + lt.Text
	case ge != nil && !(x >= ge.F):
		return "greater_than_equal", "Input should be greater than or equal to " + ge.Text
	case gt != nil && !(x > gt.F):
		return "greater_than", "Input should be greater than " + gt.Text
	}
	return "", ""
}

// StrFault is pydantic-core's fault of string s (string.rs: its length in
// characters against minLen and maxLen, -1 for none, then pattern,
// searched, quoted in the message as patternText), or "".
func StrFault(s string, minLen, maxLen int, pattern *regexp.Regexp, patternText string) (typ, msg string) {
	if minLen >= 0 || maxLen >= 0 {
		chars := utf8.RuneCountInString(s)
		if minLen >= 0 && chars < minLen {
			return "string_too_short", "String should have at least " + Plural(minLen, "character")
		}
		if maxLen >= 0 && chars > maxLen {
			return "string_too_long", "String should have at most " + Plural(maxLen, "character")
		}
	}
	if pattern != nil && !pattern.MatchString(s) {
		return "string_pattern_mismatch", "String should match pattern '" + patternText + "'"
	}
	return "", ""
}
