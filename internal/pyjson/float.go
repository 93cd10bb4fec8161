package pyjson

import (
	"math"
	"strconv"
)

// FloatRepr is Python's repr(float): the shortest digits that read back
// to f, in fixed notation for decimal exponents from -4 to 15 (1.0,
// 0.0001, 1e+16, 1e-05), and inf, -inf or nan.
func FloatRepr(f float64) string { return string(AppendFloatRepr(nil, f)) }

// AppendFloatRepr appends FloatRepr(f) to b.
func AppendFloatRepr(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "nan"...)
	case math.IsInf(f, 1):
		return append(b, "inf"...)
	case math.IsInf(f, -1):
		return append(b, "-inf"...)
	}
	return appendFinite(b, f)
}

// appendDumpsFloat appends f as json.dumps writes it: FloatRepr, but NaN,
// Infinity and -Infinity for the values JSON has no number for.
func appendDumpsFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "Infinity"...)
	case math.IsInf(f, -1):
		return append(b, "-Infinity"...)
	}
	return appendFinite(b, f)
}

// appendFinite appends finite f as Python's float repr writes it: the shortest
// digits that round-trip, fixed notation for exponents from -4 to 15 with
// at least one fractional digit, otherwise d.ddde±XX.
func appendFinite(b []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(b, "-0.0"...)
		}
		return append(b, "0.0"...)
	}
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // -d.ddde±dd
	neg := s[0] == '-'
	if neg {
		s = s[1:]
		b = append(b, '-')
	}
	epos := 0
	for i, c := range s {
		if c == 'e' {
			epos = i
			break
		}
	}
	mant := s[:epos]
	exp, _ := strconv.Atoi(string(s[epos+1:]))
	digits := make([]byte, 0, 20)
	for _, c := range mant {
		if c != '.' {
			digits = append(digits, c)
		}
	}
	if exp >= -4 && exp < 16 {
		if exp < 0 {
			b = append(b, "0."...)
			for i := 0; i < -exp-1; i++ {
				b = append(b, '0')
			}
			return append(b, digits...)
		}
		if len(digits) <= exp+1 {
			b = append(b, digits...)
			for i := len(digits); i < exp+1; i++ {
				b = append(b, '0')
			}
			return append(b, ".0"...)
		}
		b = append(b, digits[:exp+1]...)
		b = append(b, '.')
		return append(b, digits[exp+1:]...)
	}
	b = append(b, digits[0])
	if len(digits) > 1 {
		b = append(b, '.')
		b = append(b, digits[1:]...)
	}
	b = append(b, 'e')
	if exp < 0 {
		b = append(b, '-')
		exp = -exp
	} else {
		b = append(b, '+')
	}
	if exp < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, int64(exp), 10)
}
