package wire

import (
	"math"
	"strconv"
	"strings"
)

// Str reads a string. Like pydantic, it never turns a number or a boolean
// into a string.
func (d *Decoder) Str() string {
	if d.fatal || d.pos >= len(d.data) || d.data[d.pos] != '"' {
		// Not a string at once (after a member name, Next has skipped
		// the white space): Peek says what comes.
		if d.Peek() != KindString {
			d.typeFault("string_type", "Input should be a valid string")
			return ""
		}
	}
	return d.strValue()
}

// StrBytes reads a string as Str does and returns its text without making
// a string: a sub-slice of the input when it has no escapes, otherwise a
// new slice. Either stays valid while the input does.
func (d *Decoder) StrBytes() ([]byte, bool) {
	if d.Peek() != KindString {
		d.typeFault("string_type", "Input should be a valid string")
		return nil, false
	}
	return d.rawString()
}

// typeFault records a type mismatch at the next value and skips it.
func (d *Decoder) typeFault(code, msg string) {
	if d.Peek() != KindInvalid {
		d.Fail(code, msg)
	}
	d.Skip()
}

// StrPtr reads a string or null.
func (d *Decoder) StrPtr() *string {
	if d.Null() {
		return nil
	}
	s := d.Str()
	return &s
}

// Const reads a string that must equal want (a Literal in pydantic).
func (d *Decoder) Const(want string) string {
	if d.Peek() != KindString {
		d.typeFault("literal_error", "Input should be "+pyQuote(want))
		return want
	}
	off := d.pos
	b, ok := d.valueString()
	if ok && string(b) != want {
		d.failAt(off, "", "literal_error", "Input should be "+pyQuote(want))
	}
	return want
}

// Enum reads a string that must be one of allowed.
func (d *Decoder) Enum(allowed ...string) string {
	if d.Peek() != KindString {
		d.typeFault("literal_error", "Input should be "+pyList(allowed))
		return ""
	}
	off := d.pos
	b, ok := d.valueString()
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if string(b) == a {
			return a
		}
	}
	d.failAt(off, "", "literal_error", "Input should be "+pyList(allowed))
	return string(b)
}

func pyQuote(s string) string { return "'" + s + "'" }

// pyList renders allowed values as pydantic does: 'a', 'b' or 'c'.
func pyList(vals []string) string {
	var b strings.Builder
	for i, v := range vals {
		if i > 0 {
			if i == len(vals)-1 {
				b.WriteString(" or ")
			} else {
				b.WriteString(", ")
			}
		}
		b.WriteString(pyQuote(v))
	}
	return b.String()
}

// Int reads an integer with pydantic's lax rules: a JSON integer of any
// size, a float with no fractional part, a string holding an integer
// ("12", " 12 ", "12.0"), or a boolean (1 or 0).
func (d *Decoder) Int() Int {
	switch d.Peek() {
	case KindNumber:
		off := d.pos
		text, ok := d.number()
		if !ok {
			return Int{}
		}
		if v, ok := smallInt(text); ok {
			return IntOf(v)
		}
		if v, ok := ParseInt(string(text)); ok {
			return v
		}
		f, err := strconv.ParseFloat(string(text), 64)
		if err != nil || math.IsInf(f, 0) {
			d.failAt(off, "", "finite_number", "Input should be a finite number")
			return Int{}
		}
		if !isIntegral(f) {
			d.failAt(off, "", "int_from_float", "Input should be a valid integer, got a number with a fractional part")
			return Int{}
		}
		if !floatFitsInt64(f) {
			d.failAt(off, "", "int_parsing_size", intParsingSizeMsg)
			return Int{}
		}
		return intFromFloat(f)
	case KindString:
		off := d.pos
		b, ok := d.valueString()
		if !ok {
			return Int{}
		}
		if len(strings.TrimSpace(string(b))) > MaxIntChars {
			d.failAt(off, "", "int_parsing_size", intParsingSizeMsg)
			return Int{}
		}
		if v, ok := intFromString(string(b)); ok {
			return v
		}
		d.failAt(off, "", "int_parsing", "Input should be a valid integer, unable to parse string as an integer")
		return Int{}
	case KindBool:
		if d.data[d.pos] == 't' {
			d.literal("true")
			return IntOf(1)
		}
		d.literal("false")
		return IntOf(0)
	}
	d.typeFault("int_type", "Input should be a valid integer")
	return Int{}
}

// intParsingSizeMsg is pydantic's message for int_parsing_size: a string
// longer than MaxIntChars, or an integral float outside int64's range.
const intParsingSizeMsg = "Unable to parse input string as an integer, exceeded maximum size"

// floatFitsInt64 is pydantic-core's float_as_int range check:
// i64::MIN as f64 < f < i64::MAX as f64 (both bounds are 2^63 in
// magnitude, and excluded).
func floatFitsInt64(f float64) bool { return f > -(1<<63) && f < 1<<63 }

// intFromString parses a string as pydantic does for an int: surrounding
// white space is ignored and a fractional part of zeros is allowed.
func intFromString(s string) (Int, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		frac := s[i+1:]
		if strings.Trim(frac, "0") != "" {
			return Int{}, false
		}
		s = s[:i]
	}
	return ParseInt(s)
}

// IntPtr reads an integer or null.
func (d *Decoder) IntPtr() *Int {
	if d.Null() {
		return nil
	}
	v := d.Int()
	return &v
}

// Float reads a number with pydantic's lax rules: a JSON number, a string
// holding a number, or a boolean (1.0 or 0.0).
func (d *Decoder) Float() float64 {
	switch d.Peek() {
	case KindNumber:
		off := d.pos
		text, ok := d.number()
		if !ok {
			return 0
		}
		f, err := strconv.ParseFloat(string(text), 64)
		if err != nil || math.IsInf(f, 0) {
			d.failAt(off, "", "finite_number", "Input should be a finite number")
			return 0
		}
		return f
	case KindString:
		off := d.pos
		b, ok := d.valueString()
		if !ok {
			return 0
		}
		s := strings.TrimSpace(string(b))
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || !isPlainFloatText(s) || math.IsInf(f, 0) || math.IsNaN(f) {
			d.failAt(off, "", "float_parsing", "Input should be a valid number, unable to parse string as a number")
			return 0
		}
		return f
	case KindBool:
		if d.data[d.pos] == 't' {
			d.literal("true")
			return 1
		}
		d.literal("false")
		return 0
	}
	d.typeFault("float_type", "Input should be a valid number")
	return 0
}

// isPlainFloatText rejects Go-only spellings (hex floats, underscores,
// "Inf") that strconv accepts and pydantic does not.
func isPlainFloatText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			return false
		}
	}
	return s != ""
}

// FloatPtr reads a number or null.
func (d *Decoder) FloatPtr() *float64 {
	if d.Null() {
		return nil
	}
	v := d.Float()
	return &v
}

// Bool reads a boolean with pydantic's lax rules: true/false, the numbers
// 0 and 1, and the strings 0/1, off/on, f/t, false/true, n/y, no/yes in
// any case.
func (d *Decoder) Bool() bool {
	switch d.Peek() {
	case KindBool:
		if d.data[d.pos] == 't' {
			d.literal("true")
			return true
		}
		d.literal("false")
		return false
	case KindNumber:
		off := d.pos
		text, ok := d.number()
		if !ok {
			return false
		}
		if f, err := strconv.ParseFloat(string(text), 64); err == nil && (f == 0 || f == 1) {
			return f == 1
		}
		d.failAt(off, "", "bool_parsing", "Input should be a valid boolean, unable to interpret input")
		return false
	case KindString:
		off := d.pos
		b, ok := d.valueString()
		if !ok {
			return false
		}
		switch strings.ToLower(strings.TrimSpace(string(b))) {
		case "0", "off", "f", "false", "n", "no":
			return false
		case "1", "on", "t", "true", "y", "yes":
			return true
		}
		d.failAt(off, "", "bool_parsing", "Input should be a valid boolean, unable to interpret input")
		return false
	}
	d.typeFault("bool_type", "Input should be a valid boolean")
	return false
}

// BoolPtr reads a boolean or null.
func (d *Decoder) BoolPtr() *bool {
	if d.Null() {
		return nil
	}
	v := d.Bool()
	return &v
}

// StringMap reads an object whose values are all strings.
func (d *Decoder) StringMap() map[string]string {
	m, _ := d.StringMapKeys()
	return m
}

// Strings reads an array of strings.
func (d *Decoder) Strings() []string {
	if !d.Array() {
		return nil
	}
	out := []string{}
	for d.More() {
		out = append(out, d.Str())
	}
	return out
}

// Ints reads an array of integers.
func (d *Decoder) Ints() []Int {
	if !d.Array() {
		return nil
	}
	out := []Int{}
	for d.More() {
		out = append(out, d.Int())
	}
	return out
}

// Missing records that a required member is absent from the object just
// read.
func (d *Decoder) Missing(name string) {
	d.FailField(name, "missing", "Field required")
}
