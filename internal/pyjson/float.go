package pyjson

import (
	"math"

	"github.com/agentschema/agentschema/internal/wire"
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
	return wire.AppendPyFloat(b, f)
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
	return wire.AppendPyFloat(b, f)
}
