package pyjson

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestFloatRepr compares with CPython 3.11's repr(float).
func TestFloatRepr(t *testing.T) {
	tenth := 0.1
	for _, tc := range []struct {
		f    float64
		want string
	}{
		{0, "0.0"}, {math.Copysign(0, -1), "-0.0"}, {1, "1.0"}, {-1.5, "-1.5"}, {1e16, "1e+16"},
		{9999999999999998, "9999999999999998.0"}, {1e15, "1000000000000000.0"}, {1e-4, "0.0001"},
		{1e-5, "1e-05"}, {tenth + 2*tenth, "0.30000000000000004"}, {1e22, "1e+22"}, {123.456, "123.456"},
		{math.MaxFloat64, "1.7976931348623157e+308"}, {5e-324, "5e-324"}, {2.5e-7, "2.5e-07"},
		{1.5e300, "1.5e+300"}, {12345678901234567890.0, "1.2345678901234567e+19"},
		{math.Inf(1), "inf"}, {math.Inf(-1), "-inf"}, {math.NaN(), "nan"},
	} {
		if got := FloatRepr(tc.f); got != tc.want {
			t.Errorf("FloatRepr(%v) = %s, want %s", tc.f, got, tc.want)
		}
	}
}

// TestFloatReprRules checks, on random floats, the rules of Python's
// float_repr_style 'short': the text reads back to the same float, uses
// the digits of strconv's shortest 'e' form, is in fixed notation with a
// fractional part exactly when the decimal exponent is from -4 to 15, and
// otherwise has a signed exponent of at least two digits.
func TestFloatReprRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 200000 {
		f := math.Float64frombits(rng.Uint64())
		if rng.IntN(2) == 0 {
			f = float64(rng.Int64N(1<<53)) * math.Pow10(rng.IntN(44)-22)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		got := FloatRepr(f)
		if back, err := strconv.ParseFloat(got, 64); err != nil || back != f {
			t.Fatalf("FloatRepr(%b) = %s reads back as %v", f, got, back)
		}
		short := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
		mant, exp, _ := strings.Cut(short, "e")
		x, _ := strconv.Atoi(exp)
		body := strings.TrimPrefix(got, "-")
		if f != 0 && x >= -4 && x < 16 {
			whole, frac, ok := strings.Cut(body, ".")
			if !ok || strings.ContainsRune(body, 'e') || frac == "" {
				t.Fatalf("FloatRepr(%v) = %s, want fixed notation", f, got)
			}
			digits := strings.TrimLeft(whole+strings.TrimRight(frac, "0"), "0")
			if want := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0"); strings.TrimRight(digits, "0") != want {
				t.Fatalf("FloatRepr(%v) = %s, digits %s, want %s", f, got, digits, want)
			}
		} else if f != 0 {
			m, e, ok := strings.Cut(body, "e")
			if !ok || m != mant || len(e) < 3 || (e[0] != '+' && e[0] != '-') {
				t.Fatalf("FloatRepr(%v) = %s, want %se%+03d", f, got, mant, x)
			}
		}
	}
}
