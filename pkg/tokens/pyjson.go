package tokens

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads JSON the way Python's json.loads does and writes values the
// way Python's json.dumps (default arguments) and str()/repr() do. AutoGen
// counts tool-schema values through these, so the exact text matters:
//
//   - key order is kept; a duplicated key keeps its first position and its
//     last value (Python's dict(pairs));
//   - a number with '.', 'e' or 'E' is a float (printed by Python's repr:
//     1.0, 1e-05, 1e+16, inf), any other number an int of any size (printed
//     digit for digit); NaN, Infinity and -Infinity are accepted;
//   - strings may hold lone surrogates ("\ud800"), which Python keeps; they
//     are stored here as WTF-8 (the UTF-8 form of the surrogate code point).

// pyKind is the Python type of a decoded JSON value.
type pyKind uint8

const (
	pyNone pyKind = iota
	pyBool
	pyInt
	pyFloat
	pyStr
	pyList
	pyDict
)

// pyValue is a JSON value as json.loads builds it.
type pyValue struct {
	kind pyKind
	b    bool      // pyBool
	i    string    // pyInt: canonical decimal text
	f    float64   // pyFloat
	s    string    // pyStr: WTF-8
	list []pyValue // pyList
	keys []string  // pyDict: keys in insertion order (WTF-8)
	vals []pyValue // pyDict: values, parallel to keys
}

// get returns the value of key k of a dict.
func (v *pyValue) get(k string) (*pyValue, bool) {
	for i := range v.keys {
		if v.keys[i] == k {
			return &v.vals[i], true
		}
	}
	return nil, false
}

// typeName is Python's type(v).__name__.
func (v *pyValue) typeName() string {
	return [...]string{"NoneType", "bool", "int", "float", "str", "list", "dict"}[v.kind]
}

// maxIntDigits is Python's default int max string digits (3.11+): json.loads
// refuses longer integers.
const maxIntDigits = 4300

// maxDepth bounds nesting (Python raises RecursionError near 1000).
const maxDepth = 10000

// JSONError reports JSON that Python's json.loads refuses.
type JSONError struct {
	Offset int    // byte offset of the fault
	Msg    string // what is wrong
}

// Error gives the offset and the fault.
func (e *JSONError) Error() string {
	return "invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

type pyParser struct {
	data  []byte
	pos   int
	depth int
}

// parsePyJSON decodes one JSON document with json.loads semantics.
func parsePyJSON(data []byte) (pyValue, error) {
	if !utf8.Valid(data) {
		return pyValue{}, &JSONError{0, "input is not valid UTF-8"}
	}
	p := &pyParser{data: data}
	p.ws()
	v, err := p.value()
	if err != nil {
		return pyValue{}, err
	}
	p.ws()
	if p.pos != len(p.data) {
		return pyValue{}, p.fail("extra data")
	}
	return v, nil
}

func (p *pyParser) fail(msg string) error { return &JSONError{p.pos, msg} }

func (p *pyParser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *pyParser) lit(s string) bool {
	if len(p.data)-p.pos >= len(s) && string(p.data[p.pos:p.pos+len(s)]) == s {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *pyParser) value() (pyValue, error) {
	if p.pos >= len(p.data) {
		return pyValue{}, p.fail("expecting value")
	}
	switch c := p.data[p.pos]; c {
	case '{':
		return p.object()
	case '[':
		return p.array()
	case '"':
		s, err := p.str()
		return pyValue{kind: pyStr, s: s}, err
	case 'n':
		if p.lit("null") {
			return pyValue{kind: pyNone}, nil
		}
	case 't':
		if p.lit("true") {
			return pyValue{kind: pyBool, b: true}, nil
		}
	case 'f':
		if p.lit("false") {
			return pyValue{kind: pyBool}, nil
		}
	case 'N':
		if p.lit("NaN") {
			return pyValue{kind: pyFloat, f: math.NaN()}, nil
		}
	case 'I':
		if p.lit("Infinity") {
			return pyValue{kind: pyFloat, f: math.Inf(1)}, nil
		}
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			if c == '-' && p.lit("-Infinity") {
				return pyValue{kind: pyFloat, f: math.Inf(-1)}, nil
			}
			return p.number()
		}
	}
	return pyValue{}, p.fail("expecting value")
}

func (p *pyParser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.fail("maximum nesting depth exceeded")
	}
	return nil
}

func (p *pyParser) object() (pyValue, error) {
	if err := p.enter(); err != nil {
		return pyValue{}, err
	}
	defer func() { p.depth-- }()
	p.pos++ // '{'
	v := pyValue{kind: pyDict}
	p.ws()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	var index map[string]int // built only for large objects
	for {
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return pyValue{}, p.fail("expecting property name enclosed in double quotes")
		}
		k, err := p.str()
		if err != nil {
			return pyValue{}, err
		}
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return pyValue{}, p.fail("expecting ':' delimiter")
		}
		p.pos++
		p.ws()
		val, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		// dict(pairs): a repeated key keeps its first position, last value.
		at := -1
		if index != nil {
			if j, ok := index[k]; ok {
				at = j
			}
		} else {
			for j := range v.keys {
				if v.keys[j] == k {
					at = j
					break
				}
			}
		}
		if at >= 0 {
			v.vals[at] = val
		} else {
			v.keys = append(v.keys, k)
			v.vals = append(v.vals, val)
			if index != nil {
				index[k] = len(v.keys) - 1
			} else if len(v.keys) > 32 {
				index = make(map[string]int, 64)
				for j, kk := range v.keys {
					index[kk] = j
				}
			}
		}
		p.ws()
		if p.pos >= len(p.data) {
			return pyValue{}, p.fail("expecting ',' delimiter")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return v, nil
		default:
			return pyValue{}, p.fail("expecting ',' delimiter")
		}
	}
}

func (p *pyParser) array() (pyValue, error) {
	if err := p.enter(); err != nil {
		return pyValue{}, err
	}
	defer func() { p.depth-- }()
	p.pos++ // '['
	v := pyValue{kind: pyList, list: []pyValue{}}
	p.ws()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	for {
		p.ws()
		val, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		v.list = append(v.list, val)
		p.ws()
		if p.pos >= len(p.data) {
			return pyValue{}, p.fail("expecting ',' delimiter")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return v, nil
		default:
			return pyValue{}, p.fail("expecting ',' delimiter")
		}
	}
}

func (p *pyParser) number() (pyValue, error) {
	start := p.pos
	d := p.data
	if d[p.pos] == '-' {
		p.pos++
	}
	if p.pos >= len(d) || d[p.pos] < '0' || d[p.pos] > '9' {
		p.pos = start
		return pyValue{}, p.fail("expecting value")
	}
	if d[p.pos] == '0' {
		p.pos++
	} else {
		for p.pos < len(d) && d[p.pos] >= '0' && d[p.pos] <= '9' {
			p.pos++
		}
	}
	isFloat := false
	if p.pos+1 < len(d) && d[p.pos] == '.' && d[p.pos+1] >= '0' && d[p.pos+1] <= '9' {
		isFloat = true
		p.pos += 2
		for p.pos < len(d) && d[p.pos] >= '0' && d[p.pos] <= '9' {
			p.pos++
		}
	}
	if p.pos < len(d) && (d[p.pos] == 'e' || d[p.pos] == 'E') {
		q := p.pos + 1
		if q < len(d) && (d[q] == '+' || d[q] == '-') {
			q++
		}
		if q < len(d) && d[q] >= '0' && d[q] <= '9' {
			isFloat = true
			for q < len(d) && d[q] >= '0' && d[q] <= '9' {
				q++
			}
			p.pos = q
		}
	}
	text := string(d[start:p.pos])
	if isFloat {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return pyValue{}, &JSONError{start, "bad number " + text}
		}
		return pyValue{kind: pyFloat, f: f}, nil
	}
	digits := strings.TrimPrefix(text, "-")
	if len(digits) > maxIntDigits {
		return pyValue{}, &JSONError{start, "Exceeds the limit (4300 digits) for integer string conversion"}
	}
	if digits == "0" {
		text = "0"
	}
	return pyValue{kind: pyInt, i: text}, nil
}

// str reads a JSON string (p.data[p.pos] == '"') and returns it as WTF-8.
func (p *pyParser) str() (string, error) {
	p.pos++
	start := p.pos
	d := p.data
	// Fast path: no escapes.
	for p.pos < len(d) {
		c := d[p.pos]
		if c == '"' {
			s := string(d[start:p.pos])
			p.pos++
			return s, nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", p.fail("invalid control character in string")
		}
		p.pos++
	}
	b := make([]byte, 0, p.pos-start+16)
	b = append(b, d[start:p.pos]...)
	for {
		if p.pos >= len(d) {
			return "", &JSONError{start - 1, "unterminated string"}
		}
		c := d[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), nil
		case c < 0x20:
			return "", p.fail("invalid control character in string")
		case c != '\\':
			b = append(b, c)
			p.pos++
			continue
		}
		// Escape.
		if p.pos+1 >= len(d) {
			return "", &JSONError{start - 1, "unterminated string"}
		}
		e := d[p.pos+1]
		p.pos += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			u, ok := hex4(d, p.pos)
			if !ok {
				return "", p.fail("invalid \\uXXXX escape")
			}
			p.pos += 4
			r := rune(u)
			if u >= 0xD800 && u <= 0xDBFF && p.pos+1 < len(d) && d[p.pos] == '\\' && d[p.pos+1] == 'u' {
				if u2, ok := hex4(d, p.pos+2); ok && u2 >= 0xDC00 && u2 <= 0xDFFF {
					r = 0x10000 + (rune(u)-0xD800)<<10 + (rune(u2) - 0xDC00)
					p.pos += 6
				}
			}
			b = appendWTF8(b, r)
		default:
			p.pos -= 2
			return "", p.fail("invalid \\escape")
		}
	}
}

func hex4(d []byte, i int) (uint32, bool) {
	if i+4 > len(d) {
		return 0, false
	}
	var u uint32
	for _, c := range d[i : i+4] {
		u <<= 4
		switch {
		case c >= '0' && c <= '9':
			u |= uint32(c - '0')
		case c >= 'a' && c <= 'f':
			u |= uint32(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			u |= uint32(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return u, true
}

// appendWTF8 appends r, encoding surrogate code points as three bytes.
func appendWTF8(b []byte, r rune) []byte {
	if r >= 0xD800 && r <= 0xDFFF {
		return append(b, 0xED, byte(0xA0|(r>>6)&0x1F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(b, r)
}

// decodeWTF8 decodes the code point at s[i:], including surrogates. Invalid
// bytes decode as U+FFFD of width 1.
func decodeWTF8(s string, i int) (rune, int) {
	if s[i] < utf8.RuneSelf {
		return rune(s[i]), 1
	}
	if s[i] == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
		return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s[i:])
}

// pyText returns the text Python tiktoken encodes for s: lone surrogates are
// replaced by U+FFFD (core.py's utf-16 "surrogatepass"/"replace" round trip).
func pyText(s string) string {
	if !strings.Contains(s, "\xed") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, w := decodeWTF8(s, i)
		if r >= 0xD800 && r <= 0xDFFF {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	return b.String()
}

// PyJSONDumps parses raw JSON the way Python's json.loads does and returns
// what Python's json.dumps (default arguments) writes for the result:
// ensure_ascii escapes (\uXXXX, lowercase, surrogate pairs for astral
// characters), separators ", " and ": ", key order kept, ints digit for
// digit, floats as Python's repr (1.0, 1e-05, 1e+16, Infinity, NaN).
func PyJSONDumps(raw []byte) (string, error) {
	v, err := parsePyJSON(raw)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	dumpValue(&b, &v)
	return b.String(), nil
}

// PyJSONDumpsString returns json.dumps(s) for a Go string s (ensure_ascii).
func PyJSONDumpsString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	dumpString(&b, s)
	return b.String()
}

func dumpValue(b *strings.Builder, v *pyValue) {
	switch v.kind {
	case pyNone:
		b.WriteString("null")
	case pyBool:
		if v.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case pyInt:
		b.WriteString(v.i)
	case pyFloat:
		switch {
		case math.IsNaN(v.f):
			b.WriteString("NaN")
		case math.IsInf(v.f, 1):
			b.WriteString("Infinity")
		case math.IsInf(v.f, -1):
			b.WriteString("-Infinity")
		default:
			b.WriteString(pyFloatRepr(v.f))
		}
	case pyStr:
		dumpString(b, v.s)
	case pyList:
		b.WriteByte('[')
		for i := range v.list {
			if i > 0 {
				b.WriteString(", ")
			}
			dumpValue(b, &v.list[i])
		}
		b.WriteByte(']')
	case pyDict:
		b.WriteByte('{')
		for i := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			dumpString(b, v.keys[i])
			b.WriteString(": ")
			dumpValue(b, &v.vals[i])
		}
		b.WriteByte('}')
	}
}

const hexDigits = "0123456789abcdef"

func writeU4(b *strings.Builder, u rune) {
	b.WriteString(`\u`)
	b.WriteByte(hexDigits[u>>12&0xF])
	b.WriteByte(hexDigits[u>>8&0xF])
	b.WriteByte(hexDigits[u>>4&0xF])
	b.WriteByte(hexDigits[u&0xF])
}

// dumpString writes json.dumps(s) with ensure_ascii=True. s is WTF-8; an
// invalid byte is written as \ufffd.
func dumpString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			j := i + 1
			for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f && s[j] != '"' && s[j] != '\\' {
				j++
			}
			b.WriteString(s[i:j])
			i = j
			continue
		}
		r, w := decodeWTF8(s, i)
		i += w
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r >= 0x10000 {
				r -= 0x10000
				writeU4(b, 0xD800|(r>>10)&0x3FF)
				writeU4(b, 0xDC00|r&0x3FF)
			} else {
				writeU4(b, r)
			}
		}
	}
	b.WriteByte('"')
}

// pyFloatRepr is Python's repr(float) for finite values: the shortest
// round-trip digits, in fixed notation when the decimal exponent is in
// (-4, 16], else in exponent notation with at least two exponent digits.
func pyFloatRepr(f float64) string {
	if math.IsInf(f, 1) {
		return "inf"
	}
	if math.IsInf(f, -1) {
		return "-inf"
	}
	if math.IsNaN(f) {
		return "nan"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // [-]d[.ddd]e±XX
	neg := false
	if e[0] == '-' {
		neg = true
		e = e[1:]
	}
	ePos := strings.IndexByte(e, 'e')
	mant, expText := e[:ePos], e[ePos+1:]
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expText)
	decpt := exp + 1
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	if decpt <= -4 || decpt > 16 {
		b.WriteByte(digits[0])
		if len(digits) > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		b.WriteByte('e')
		x := decpt - 1
		if x < 0 {
			b.WriteByte('-')
			x = -x
		} else {
			b.WriteByte('+')
		}
		if x < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(x))
		return b.String()
	}
	switch {
	case decpt <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -decpt))
		b.WriteString(digits)
	case decpt < len(digits):
		b.WriteString(digits[:decpt])
		b.WriteByte('.')
		b.WriteString(digits[decpt:])
	default:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", decpt-len(digits)))
		b.WriteString(".0")
	}
	return b.String()
}

// pyStrOf is Python's str(v): a str is itself, anything else its repr.
func pyStrOf(v *pyValue) string {
	if v.kind == pyStr {
		return v.s
	}
	var b strings.Builder
	reprValue(&b, v)
	return b.String()
}

// pyRepr is Python's repr(v).
func pyRepr(v *pyValue) string {
	var b strings.Builder
	reprValue(&b, v)
	return b.String()
}

func reprValue(b *strings.Builder, v *pyValue) {
	switch v.kind {
	case pyNone:
		b.WriteString("None")
	case pyBool:
		if v.b {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case pyInt:
		b.WriteString(v.i)
	case pyFloat:
		b.WriteString(pyFloatRepr(v.f))
	case pyStr:
		reprString(b, v.s)
	case pyList:
		b.WriteByte('[')
		for i := range v.list {
			if i > 0 {
				b.WriteString(", ")
			}
			reprValue(b, &v.list[i])
		}
		b.WriteByte(']')
	case pyDict:
		b.WriteByte('{')
		for i := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			reprString(b, v.keys[i])
			b.WriteString(": ")
			reprValue(b, &v.vals[i])
		}
		b.WriteByte('}')
	}
}

// reprString writes Python's repr(s) for a WTF-8 string.
func reprString(b *strings.Builder, s string) {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b.WriteByte(quote)
	for i := 0; i < len(s); {
		r, w := decodeWTF8(s, i)
		raw := s[i : i+w]
		i += w
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteByte(byte(r))
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&0xF])
		case r < 0x7f:
			b.WriteByte(byte(r))
		case pyPrintable(r) && !(r == utf8.RuneError && w == 1 && raw != "\uFFFD"):
			b.WriteString(raw)
		case r < 0x100:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&0xF])
		case r < 0x10000:
			b.WriteString(`\u`)
			for sh := 12; sh >= 0; sh -= 4 {
				b.WriteByte(hexDigits[r>>sh&0xF])
			}
		default:
			b.WriteString(`\U`)
			for sh := 28; sh >= 0; sh -= 4 {
				b.WriteByte(hexDigits[r>>sh&0xF])
			}
		}
	}
	b.WriteByte(quote)
}

// pyPrintable is Python's str.isprintable for one character: false for the
// categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs (except the space). Go's
// tables are Unicode 15.0, as Python 3.12's; an older Python also escapes the
// characters assigned since its Unicode version.
func pyPrintable(r rune) bool {
	if r == ' ' {
		return true
	}
	if r >= 0xD800 && r <= 0xDFFF {
		return false
	}
	if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Zl, unicode.Zp, unicode.Zs) {
		return false
	}
	// Unassigned (Cn): in no category at all.
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
}
