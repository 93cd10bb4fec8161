package pyjson

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema"
)

// MaxIntDigits is Python's default limit on int string conversion (3.11+):
// json.loads refuses an integer with more digits.
const MaxIntDigits = 4300

// SyntaxError reports JSON that Python's json.loads refuses.
type SyntaxError struct {
	Offset int    // byte offset of the fault
	Msg    string // what is wrong ("expecting value")
	// Line and Column (1-based, bytes) of Offset, set by Parse.
	Line, Column int
}

// Error gives the offset and the fault.
func (e *SyntaxError) Error() string {
	return "invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns the fault as the module's one fault type, so errors.As
// finds an *agentschema.Fault (of type "json_invalid") in every error that
// holds a SyntaxError.
func (e *SyntaxError) Unwrap() error {
	return &agentschema.Fault{Offset: e.Offset, Line: e.Line, Column: e.Column, Type: "json_invalid", Message: e.Msg}
}

// placed sets e's line and column in data.
func (e *SyntaxError) placed(data []byte) *SyntaxError {
	off := min(e.Offset, len(data))
	e.Line, e.Column = 1, off+1
	if i := bytes.LastIndexByte(data[:off], '\n'); i >= 0 {
		e.Line = 1 + bytes.Count(data[:off], []byte{'\n'})
		e.Column = off - i
	}
	return e
}

// Parse is Options{}.Parse: a lone surrogate becomes U+FFFD.
func Parse(data []byte) (Value, error) { return Options{}.Parse(data) }

// Parse decodes one JSON document as Python's json.loads does: NaN,
// Infinity and -Infinity are accepted; a number with '.', 'e' or 'E' is a
// Float, any other an Int of up to MaxIntDigits digits; a duplicated key
// keeps its first place and its last value. Strings are read as o.WTF8
// says. A document Python refuses gives a *SyntaxError.
func (o Options) Parse(data []byte) (Value, error) {
	v, err := o.parse(data)
	if se, ok := err.(*SyntaxError); ok {
		return Value{}, se.placed(data)
	}
	return v, err
}

func (o Options) parse(data []byte) (Value, error) {
	if o.WTF8 && !utf8.Valid(data) {
		return Value{}, &SyntaxError{Offset: 0, Msg: "input is not valid UTF-8"}
	}
	p := &parser{data: data, wtf8: o.WTF8, maxDepth: o.MaxDepth, anyInt: o.AnyInt, standard: o.Standard}
	if p.maxDepth <= 0 {
		p.maxDepth = DefaultMaxDepth
	}
	p.ws()
	v, err := p.value()
	if err != nil {
		return Value{}, err
	}
	p.ws()
	if p.pos != len(p.data) {
		return Value{}, p.fail("extra data")
	}
	return v, nil
}

type parser struct {
	data     []byte
	pos      int
	depth    int
	maxDepth int
	wtf8     bool
	anyInt   bool
	standard bool
}

func (p *parser) fail(msg string) error { return &SyntaxError{Offset: p.pos, Msg: msg} }

func (p *parser) ws() { p.pos = SkipSpace(p.data, p.pos) }

func (p *parser) lit(s string) bool {
	if len(p.data)-p.pos >= len(s) && string(p.data[p.pos:p.pos+len(s)]) == s {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *parser) value() (Value, error) {
	if p.pos >= len(p.data) {
		return Value{}, p.fail("expecting value")
	}
	switch c := p.data[p.pos]; c {
	case '{':
		return p.object()
	case '[':
		return p.array()
	case '"':
		s, err := p.str()
		return StrValue(s), err
	case 'n':
		if p.lit("null") {
			return NoneValue(), nil
		}
	case 't':
		if p.lit("true") {
			return BoolValue(true), nil
		}
	case 'f':
		if p.lit("false") {
			return BoolValue(false), nil
		}
	case 'N':
		if !p.standard && p.lit("NaN") {
			return FloatValue(math.NaN()), nil
		}
	case 'I':
		if !p.standard && p.lit("Infinity") {
			return FloatValue(math.Inf(1)), nil
		}
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			if c == '-' && !p.standard && p.lit("-Infinity") {
				return FloatValue(math.Inf(-1)), nil
			}
			return p.number()
		}
	}
	return Value{}, p.fail("expecting value")
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > p.maxDepth {
		return p.fail("maximum nesting depth exceeded")
	}
	return nil
}

// delimiter reads what follows a member of an array or object: ',' (more
// to come) or end (done).
func (p *parser) delimiter(end byte) (done bool, err error) {
	p.ws()
	if p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ',':
			p.pos++
			return false, nil
		case end:
			p.pos++
			return true, nil
		}
	}
	return false, p.fail("expecting ',' delimiter")
}

func (p *parser) object() (Value, error) {
	if err := p.enter(); err != nil {
		return Value{}, err
	}
	defer func() { p.depth-- }()
	p.pos++ // '{'
	v := Value{Kind: Dict}
	p.ws()
	if p.lit("}") {
		return v, nil
	}
	var index map[string]int // built only for large objects
	for {
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return Value{}, p.fail("expecting property name enclosed in double quotes")
		}
		k, err := p.str()
		if err != nil {
			return Value{}, err
		}
		p.ws()
		if !p.lit(":") {
			return Value{}, p.fail("expecting ':' delimiter")
		}
		p.ws()
		val, err := p.value()
		if err != nil {
			return Value{}, err
		}
		// dict(pairs): a repeated key keeps its first position, last value.
		at := -1
		if index != nil {
			if j, ok := index[k]; ok {
				at = j
			}
		} else {
			for j := range v.Keys {
				if v.Keys[j].Str == k {
					at = j
					break
				}
			}
		}
		if at >= 0 {
			v.Vals[at] = val
		} else {
			v.Keys = append(v.Keys, StrValue(k))
			v.Vals = append(v.Vals, val)
			if index != nil {
				index[k] = len(v.Keys) - 1
			} else if len(v.Keys) > 32 {
				index = make(map[string]int, 64)
				for j := range v.Keys {
					index[v.Keys[j].Str] = j
				}
			}
		}
		done, err := p.delimiter('}')
		if err != nil {
			return Value{}, err
		}
		if done {
			return v, nil
		}
	}
}

func (p *parser) array() (Value, error) {
	if err := p.enter(); err != nil {
		return Value{}, err
	}
	defer func() { p.depth-- }()
	p.pos++ // '['
	v := Value{Kind: List, List: []Value{}}
	p.ws()
	if p.lit("]") {
		return v, nil
	}
	for {
		p.ws()
		val, err := p.value()
		if err != nil {
			return Value{}, err
		}
		v.List = append(v.List, val)
		done, err := p.delimiter(']')
		if err != nil {
			return Value{}, err
		}
		if done {
			return v, nil
		}
	}
}

func (p *parser) number() (Value, error) {
	start := p.pos
	d := p.data
	if d[p.pos] == '-' {
		p.pos++
	}
	if p.pos >= len(d) || d[p.pos] < '0' || d[p.pos] > '9' {
		p.pos = start
		return Value{}, p.fail("expecting value")
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
			return Value{}, &SyntaxError{Offset: start, Msg: "bad number " + text}
		}
		return FloatValue(f), nil
	}
	digits := strings.TrimPrefix(text, "-")
	if len(digits) > MaxIntDigits && !p.anyInt {
		return Value{}, &SyntaxError{Offset: start, Msg: "Exceeds the limit (4300 digits) for integer string conversion"}
	}
	if digits == "0" {
		text = "0"
	}
	return IntValue(text), nil
}

// str reads a JSON string (p.data[p.pos] == '"').
func (p *parser) str() (string, error) {
	p.pos++
	start := p.pos
	d := p.data
	// Fast path: no escapes.
	for p.pos < len(d) {
		c := d[p.pos]
		if c == '"' {
			s := string(d[start:p.pos])
			p.pos++
			return p.text(s), nil
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
			return "", &SyntaxError{Offset: start - 1, Msg: "unterminated string"}
		}
		c := d[p.pos]
		switch {
		case c == '"':
			p.pos++
			return p.text(string(b)), nil
		case c < 0x20:
			return "", p.fail("invalid control character in string")
		case c != '\\':
			b = append(b, c)
			p.pos++
			continue
		}
		// Escape.
		if p.pos+1 >= len(d) {
			return "", &SyntaxError{Offset: start - 1, Msg: "unterminated string"}
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
			if p.wtf8 {
				b = AppendRune(b, r)
			} else {
				b = utf8.AppendRune(b, r) // a lone surrogate becomes U+FFFD
			}
		default:
			p.pos -= 2
			return "", p.fail("invalid \\escape")
		}
	}
}

// text is the str for the string s read from the document: as it is with
// WTF8 (the document is UTF-8), else each run of bytes that are not UTF-8
// made U+FFFD.
func (p *parser) text(s string) string {
	if p.wtf8 {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
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
