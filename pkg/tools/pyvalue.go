package tools

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/wire"
)

// This file holds the Python side of the package: a JSON value as Python's
// json.loads builds it (ints of any size apart from floats, dict key order
// kept), and the texts Python writes for such values: str(), repr() and
// json.dumps() with its default arguments. Validation errors quote inputs
// with repr, ReturnValueAsString is str(), and pydantic models are rendered
// with json.dumps, so all three must be exact.

// pyKind is the Python type of a value.
type pyKind uint8

const (
	pyNone pyKind = iota
	pyBool
	pyInt
	pyFloat
	pyStr
	pyList
	pyTuple
	pyDict
	pyBytes
	pyModel  // a pydantic model instance: a dict whose repr is Name(k=v, ...)
	pyObject // another object: str and repr are its text
)

// pyValue is one Python value.
type pyValue struct {
	kind pyKind
	b    bool      // pyBool
	i    string    // pyInt: canonical decimal text
	f    float64   // pyFloat
	s    string    // pyStr, pyBytes (raw bytes)
	list []pyValue // pyList, pyTuple
	keys []pyValue // pyDict, pyModel: keys in insertion order
	vals []pyValue // pyDict, pyModel: values, parallel to keys
	name string    // pyModel: class name
}

func pyNoneValue() pyValue           { return pyValue{kind: pyNone} }
func pyBoolValue(b bool) pyValue     { return pyValue{kind: pyBool, b: b} }
func pyIntText(s string) pyValue     { return pyValue{kind: pyInt, i: s} }
func pyFloatValue(f float64) pyValue { return pyValue{kind: pyFloat, f: f} }
func pyStrValue(s string) pyValue    { return pyValue{kind: pyStr, s: s} }

// get returns the value of string key k of a dict.
func (v *pyValue) get(k string) (*pyValue, bool) {
	for i := range v.keys {
		if v.keys[i].kind == pyStr && v.keys[i].s == k {
			return &v.vals[i], true
		}
	}
	return nil, false
}

// set adds or replaces key k (a str), as assignment to a Python dict
// does: a new key goes last, an existing one keeps its place.
func (v *pyValue) set(k, val pyValue) {
	for i := range v.keys {
		if v.keys[i].kind == k.kind && v.keys[i].s == k.s {
			v.vals[i] = val
			return
		}
	}
	v.keys = append(v.keys, k)
	v.vals = append(v.vals, val)
}

// typeName is Python's type(v).__qualname__.
func (v *pyValue) typeName() string {
	switch v.kind {
	case pyModel:
		return v.name
	case pyBool:
		return "bool"
	case pyInt:
		return "int"
	case pyFloat:
		return "float"
	case pyStr:
		return "str"
	case pyList:
		return "list"
	case pyTuple:
		return "tuple"
	case pyDict:
		return "dict"
	case pyBytes:
		return "bytes"
	case pyObject:
		return "object"
	}
	return "NoneType"
}

// JSONSyntaxError reports arguments that are not valid JSON (Python's
// json.loads refuses them). Offset is the byte offset of the fault.
type JSONSyntaxError struct {
	Offset int
	Msg    string
}

// Error returns the fault and its offset.
func (e *JSONSyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at offset %d: %s", e.Offset, e.Msg)
}

// maxIntDigits is Python's default limit on int string conversion: json.loads
// refuses longer integers.
const maxIntDigits = 4300

// maxDepth bounds nesting, as Python's recursion limit does.
const maxDepth = 1000

type pyParser struct {
	data  []byte
	pos   int
	depth int
}

// parsePyJSON decodes one JSON document as json.loads does: NaN, Infinity
// and -Infinity are accepted; a number with '.', 'e' or 'E' is a float, any
// other an int of any size; a duplicated key keeps its first place and its
// last value. Invalid UTF-8 and lone surrogates become U+FFFD.
func parsePyJSON(data []byte) (pyValue, error) {
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

func (p *pyParser) fail(msg string) error { return &JSONSyntaxError{p.pos, msg} }

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
		return pyStrValue(s), err
	case 'n':
		if p.lit("null") {
			return pyNoneValue(), nil
		}
	case 't':
		if p.lit("true") {
			return pyBoolValue(true), nil
		}
	case 'f':
		if p.lit("false") {
			return pyBoolValue(false), nil
		}
	case 'N':
		if p.lit("NaN") {
			return pyFloatValue(math.NaN()), nil
		}
	case 'I':
		if p.lit("Infinity") {
			return pyFloatValue(math.Inf(1)), nil
		}
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			if c == '-' && p.lit("-Infinity") {
				return pyFloatValue(math.Inf(-1)), nil
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
	p.pos++ // {
	v := pyValue{kind: pyDict}
	p.ws()
	if p.lit("}") {
		p.depth--
		return v, nil
	}
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
		if !p.lit(":") {
			return pyValue{}, p.fail("expecting ':' delimiter")
		}
		p.ws()
		val, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		v.set(pyStrValue(k), val)
		p.ws()
		if p.lit("}") {
			p.depth--
			return v, nil
		}
		if !p.lit(",") {
			return pyValue{}, p.fail("expecting ',' delimiter")
		}
	}
}

func (p *pyParser) array() (pyValue, error) {
	if err := p.enter(); err != nil {
		return pyValue{}, err
	}
	p.pos++ // [
	v := pyValue{kind: pyList, list: []pyValue{}}
	p.ws()
	if p.lit("]") {
		p.depth--
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
		if p.lit("]") {
			p.depth--
			return v, nil
		}
		if !p.lit(",") {
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
			return pyValue{}, &JSONSyntaxError{start, "bad number " + text}
		}
		return pyFloatValue(f), nil
	}
	digits := strings.TrimPrefix(text, "-")
	if len(digits) > maxIntDigits {
		return pyValue{}, &JSONSyntaxError{start, "Exceeds the limit (4300 digits) for integer string conversion"}
	}
	if digits == "0" {
		text = "0"
	}
	return pyIntText(text), nil
}

// str reads a JSON string (p.data[p.pos] == '"').
func (p *pyParser) str() (string, error) {
	p.pos++
	start := p.pos
	d := p.data
	for p.pos < len(d) {
		c := d[p.pos]
		if c == '"' {
			s := string(d[start:p.pos])
			p.pos++
			return strings.ToValidUTF8(s, "\uFFFD"), nil
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
			return "", &JSONSyntaxError{start - 1, "unterminated string"}
		}
		c := d[p.pos]
		switch {
		case c == '"':
			p.pos++
			return strings.ToValidUTF8(string(b), "\uFFFD"), nil
		case c < 0x20:
			return "", p.fail("invalid control character in string")
		case c != '\\':
			b = append(b, c)
			p.pos++
			continue
		}
		if p.pos+1 >= len(d) {
			return "", &JSONSyntaxError{start - 1, "unterminated string"}
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
			b = utf8.AppendRune(b, r) // a lone surrogate becomes U+FFFD
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

// ---- Python texts ----

// pyFloatRepr is Python's repr(float).
func pyFloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	return string(wire.AppendPyFloat(nil, f))
}

// pyStrOf is Python's str(v): a str is itself, anything else its repr.
func pyStrOf(v *pyValue) string {
	if v.kind == pyStr || v.kind == pyObject {
		return v.s
	}
	return pyRepr(v)
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
	case pyObject:
		b.WriteString(v.s)
	case pyBytes:
		reprBytes(b, v.s)
	case pyList, pyTuple:
		open, end := byte('['), byte(']')
		if v.kind == pyTuple {
			open, end = '(', ')'
		}
		b.WriteByte(open)
		for i := range v.list {
			if i > 0 {
				b.WriteString(", ")
			}
			reprValue(b, &v.list[i])
		}
		if v.kind == pyTuple && len(v.list) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(end)
	case pyDict:
		b.WriteByte('{')
		for i := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			reprValue(b, &v.keys[i])
			b.WriteString(": ")
			reprValue(b, &v.vals[i])
		}
		b.WriteByte('}')
	case pyModel:
		// pydantic's BaseModel.__repr__: Name(field=repr(value), ...).
		b.WriteString(v.name)
		b.WriteByte('(')
		for i := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(v.keys[i].s)
			b.WriteByte('=')
			reprValue(b, &v.vals[i])
		}
		b.WriteByte(')')
	}
}

const hexDigits = "0123456789abcdef"

// reprString writes Python's repr(s).
func reprString(b *strings.Builder, s string) {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
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
			b.WriteRune(r)
		case pyPrintable(r):
			b.WriteRune(r)
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

// reprBytes writes Python's repr(bytes).
func reprBytes(b *strings.Builder, s string) {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b.WriteByte('b')
	b.WriteByte(quote)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == quote || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c >= 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&0xF])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(quote)
}

// pyPrintable is Python's str.isprintable for one character: false for the
// categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs (except the space).
func pyPrintable(r rune) bool {
	if r == ' ' {
		return true
	}
	if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Zl, unicode.Zp, unicode.Zs) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
}

// pyDumps is Python's json.dumps(v) with default arguments: ensure_ascii,
// separators ", " and ": ", NaN and Infinity allowed.
func pyDumps(v *pyValue) string {
	var b strings.Builder
	dumpValue(&b, v)
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
	case pyStr, pyBytes, pyObject:
		dumpString(b, v.s)
	case pyList, pyTuple:
		b.WriteByte('[')
		for i := range v.list {
			if i > 0 {
				b.WriteString(", ")
			}
			dumpValue(b, &v.list[i])
		}
		b.WriteByte(']')
	case pyDict, pyModel:
		b.WriteByte('{')
		for i := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			dumpString(b, dictKeyText(&v.keys[i]))
			b.WriteString(": ")
			dumpValue(b, &v.vals[i])
		}
		b.WriteByte('}')
	}
}

// dictKeyText is the string json.dumps writes for a dict key.
func dictKeyText(k *pyValue) string {
	switch k.kind {
	case pyStr, pyBytes, pyObject:
		return k.s
	case pyBool:
		if k.b {
			return "true"
		}
		return "false"
	case pyNone:
		return "null"
	case pyFloat:
		var b strings.Builder
		dumpValue(&b, k)
		return b.String()
	}
	return k.i
}

func writeU4(b *strings.Builder, u rune) {
	b.WriteString(`\u`)
	b.WriteByte(hexDigits[u>>12&0xF])
	b.WriteByte(hexDigits[u>>8&0xF])
	b.WriteByte(hexDigits[u>>4&0xF])
	b.WriteByte(hexDigits[u&0xF])
}

// dumpString writes json.dumps(s) with ensure_ascii=True.
func dumpString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r >= 0x10000:
			r -= 0x10000
			writeU4(b, 0xD800|(r>>10)&0x3FF)
			writeU4(b, 0xDC00|r&0x3FF)
		default:
			writeU4(b, r)
		}
	}
	b.WriteByte('"')
}

// appendJSON appends v as compact JSON, UTF-8 kept, floats as Python
// writes them (1.0, 1e-05; Infinity and NaN as json.dumps spells them).
func appendJSON(b []byte, v *pyValue) []byte {
	switch v.kind {
	case pyNone:
		return append(b, "null"...)
	case pyBool:
		return strconv.AppendBool(b, v.b)
	case pyInt:
		return append(b, v.i...)
	case pyFloat:
		switch {
		case math.IsNaN(v.f):
			return append(b, "NaN"...)
		case math.IsInf(v.f, 1):
			return append(b, "Infinity"...)
		case math.IsInf(v.f, -1):
			return append(b, "-Infinity"...)
		}
		return wire.AppendPyFloat(b, v.f)
	case pyStr, pyBytes, pyObject:
		return wire.AppendQuote(b, v.s)
	case pyList, pyTuple:
		b = append(b, '[')
		for i := range v.list {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, &v.list[i])
		}
		return append(b, ']')
	}
	b = append(b, '{')
	for i := range v.keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = wire.AppendQuote(b, dictKeyText(&v.keys[i]))
		b = append(b, ':')
		b = appendJSON(b, &v.vals[i])
	}
	return append(b, '}')
}

// pyStrip is Python's str.strip(): it removes white space as str.isspace
// defines it (Unicode White_Space plus the separators U+001C to U+001F).
func pyStrip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f || r == 0x85
	})
}
