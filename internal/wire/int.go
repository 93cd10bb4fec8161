package wire

import (
	"math"
	"math/big"
	"strconv"
)

// MaxIntChars is the longest integer text (its sign and digits) pydantic
// reads: 4,300, Python's limit on int-string conversion
// (sys.get_int_max_str_digits()). A JSON number whose integer part is
// longer is invalid JSON to pydantic's parser ("number out of range"), and
// a longer string given for an integer is int_parsing_size.
const MaxIntChars = 4300

// Int is an integer of any size, as Python's int is. Values that fit in
// an int64 (nearly all) are held without allocation; larger ones are held
// exactly as a big.Int, so no integer AutoGen writes is ever wrapped or
// rounded. The zero value is 0.
type Int struct {
	small int64
	big   *big.Int // non-nil only when the value does not fit in int64
}

// IntOf returns v as an Int.
func IntOf(v int64) Int { return Int{small: v} }

// IntFromBig returns a copy of v as an Int.
func IntFromBig(v *big.Int) Int {
	if v.IsInt64() {
		return Int{small: v.Int64()}
	}
	return Int{big: new(big.Int).Set(v)}
}

// ParseInt parses a base-10 integer (optional sign, digits only).
func ParseInt(s string) (Int, bool) {
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return Int{small: v}, true
	}
	if !isDecimalInt(s) {
		return Int{}, false
	}
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Int{}, false
	}
	return IntFromBig(b), true
}

// smallInt parses text, a JSON number, when it is an integer of at most
// 18 digits (which always fits in an int64), without allocating.
func smallInt(text []byte) (int64, bool) {
	neg := len(text) > 0 && text[0] == '-'
	digits := text
	if neg {
		digits = text[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var v int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

func isDecimalInt(s string) bool {
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Int64 returns the value and whether it fits in an int64.
func (i Int) Int64() (int64, bool) {
	if i.big != nil {
		return 0, false
	}
	return i.small, true
}

// IsInt64 reports whether the value fits in an int64.
func (i Int) IsInt64() bool { return i.big == nil }

// Big returns the value as a new big.Int.
func (i Int) Big() *big.Int {
	if i.big != nil {
		return new(big.Int).Set(i.big)
	}
	return big.NewInt(i.small)
}

// Sign returns -1, 0 or 1.
func (i Int) Sign() int {
	if i.big != nil {
		return i.big.Sign()
	}
	switch {
	case i.small < 0:
		return -1
	case i.small > 0:
		return 1
	}
	return 0
}

// Cmp compares i and j: -1, 0 or 1.
func (i Int) Cmp(j Int) int {
	if i.big == nil && j.big == nil {
		switch {
		case i.small < j.small:
			return -1
		case i.small > j.small:
			return 1
		}
		return 0
	}
	return i.Big().Cmp(j.Big())
}

// Add returns i+j, exactly.
func (i Int) Add(j Int) Int {
	if i.big == nil && j.big == nil {
		s := i.small + j.small
		// Overflow happens only when both operands have the same sign and
		// the sum's sign differs.
		if (i.small >= 0) == (j.small >= 0) && (s >= 0) != (i.small >= 0) {
			return IntFromBig(new(big.Int).Add(big.NewInt(i.small), big.NewInt(j.small)))
		}
		return Int{small: s}
	}
	return IntFromBig(new(big.Int).Add(i.Big(), j.Big()))
}

// String returns the base-10 text.
func (i Int) String() string {
	if i.big != nil {
		return i.big.String()
	}
	return strconv.FormatInt(i.small, 10)
}

// AppendText appends the base-10 text to b.
func (i Int) AppendText(b []byte) []byte {
	if i.big != nil {
		return i.big.Append(b, 10)
	}
	return strconv.AppendInt(b, i.small, 10)
}

// intFromFloat converts an integral, finite float to Int exactly.
func intFromFloat(f float64) Int {
	if f >= -(1<<63) && f < (1<<63) {
		return Int{small: int64(f)}
	}
	bf := new(big.Float).SetFloat64(f)
	bi, _ := bf.Int(nil)
	return IntFromBig(bi)
}

func isIntegral(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) && f == math.Trunc(f) }
