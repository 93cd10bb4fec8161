package openai

import (
	"strconv"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file words the refusals of the two JSON parsers the openai library
// and AutoGen go through: Python's json.loads (JSONDecodeError: the body of
// an answer, an SSE event's data, a strict tool's arguments) and jiter,
// pydantic's parser (model_validate_json's "Invalid JSON", and the partial
// parsing of a structured stream).

// loadsJSON is Python's json.loads: the value, or the JSONDecodeError
// worded as Python words it ("Expecting value: line 1 column 1 (char 0)",
// places counted in characters).
func loadsJSON(data []byte) (pyjson.Value, error) {
	v, err := pyjson.Parse(data)
	if err == nil {
		return v, nil
	}
	return v, &Error{Exception: JSONDecodeError, Message: pyjson.LoadsErrorText(data, err)}
}

// jiterMessage words why data is not JSON as jiter does ("EOF while
// parsing a string at line 1 column 12", "expected value at line 1 column
// 1"). In partial mode (from_json(partial_mode=True)) a list or object
// cut short, or broken where a comma or its end should be, ends there
// without a fault, and what follows the value is not checked; a value
// cut short outside any list or object is still a fault.
func jiterMessage(data []byte, partial bool) string {
	s := jscan{data: data, partial: partial}
	s.ws()
	f := s.value()
	if f == nil && !partial {
		s.ws()
		if s.pos < len(s.data) {
			f = s.fault("trailing characters")
		}
	}
	if f == nil {
		return ""
	}
	return f.kind + " at " + s.place(f.pos)
}

// jfault is a fault of jscan: its kind (jiter's wording) and place.
type jfault struct {
	kind string
	pos  int
}

// allowedIfPartial is jiter's JsonError.allowed_if_partial.
func (f *jfault) allowedIfPartial() bool {
	switch f.kind {
	case "EOF while parsing a list", "EOF while parsing an object", "EOF while parsing a string",
		"EOF while parsing a value", "expected `,` or `]`", "expected `,` or `}`":
		return true
	}
	return false
}

// jscan is a JSON scanner that stops at the first fault.
type jscan struct {
	data    []byte
	pos     int
	depth   int
	partial bool
}

func (s *jscan) ws() { s.pos = pyjson.SkipSpace(s.data, s.pos) }

func (s *jscan) fault(kind string) *jfault { return &jfault{kind, s.pos} }

func (s *jscan) eof(what string) *jfault {
	s.pos = len(s.data)
	return s.fault("EOF while parsing " + what)
}

// place is "line L column C" as jiter counts them (1-based; at the end of
// the data, the column of the last byte).
func (s *jscan) place(pos int) string {
	line, start := 1, 0
	end := min(pos, len(s.data))
	for i := 0; i < end; i++ {
		if s.data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	col := pos + 1 - start
	if pos >= len(s.data) {
		col = len(s.data) - start
	}
	return "line " + strconv.Itoa(line) + " column " + strconv.Itoa(col)
}

func (s *jscan) value() *jfault {
	if s.pos >= len(s.data) {
		return s.eof("a value")
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.container(s.object)
	case c == '[':
		return s.container(s.list)
	case c == '"':
		return s.str()
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	case c == 't':
		return s.ident("true")
	case c == 'f':
		return s.ident("false")
	case c == 'n':
		return s.ident("null")
	case c == 'N':
		return s.ident("NaN")
	case c == 'I':
		return s.ident("Infinity")
	}
	return s.fault("expected value")
}

// container parses a list or an object; in partial mode a fault jiter
// allows there ends it without one.
func (s *jscan) container(parse func() *jfault) *jfault {
	s.depth++
	defer func() { s.depth-- }()
	if s.depth > 200 {
		return s.fault("recursion limit exceeded")
	}
	f := parse()
	if f != nil && s.partial && f.allowedIfPartial() {
		s.pos = f.pos
		return nil
	}
	return f
}

func (s *jscan) ident(word string) *jfault {
	for i := 0; i < len(word); i++ {
		if s.pos >= len(s.data) {
			return s.eof("a value")
		}
		if s.data[s.pos] != word[i] {
			return s.fault("expected ident")
		}
		s.pos++
	}
	return nil
}

func (s *jscan) digits() int {
	n := 0
	for s.pos < len(s.data) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
		s.pos++
		n++
	}
	return n
}

func (s *jscan) number() *jfault {
	if s.data[s.pos] == '-' {
		s.pos++
		if s.pos >= len(s.data) {
			return s.eof("a value")
		}
		if s.data[s.pos] == 'I' {
			return s.ident("Infinity")
		}
	}
	if s.pos < len(s.data) && s.data[s.pos] == '0' {
		s.pos++
		if s.pos < len(s.data) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
			return s.fault("invalid number")
		}
	} else if s.digits() == 0 {
		return s.fault("invalid number")
	}
	if s.pos < len(s.data) && s.data[s.pos] == '.' {
		s.pos++
		if s.pos >= len(s.data) {
			return s.eof("a value")
		}
		if s.digits() == 0 {
			return s.fault("invalid number")
		}
	}
	if s.pos < len(s.data) && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.pos < len(s.data) && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		if s.pos >= len(s.data) {
			return s.eof("a value")
		}
		if s.digits() == 0 {
			return s.fault("invalid number")
		}
	}
	return nil
}

func (s *jscan) str() *jfault {
	s.pos++ // the opening quote
	for s.pos < len(s.data) {
		switch c := s.data[s.pos]; {
		case c == '"':
			s.pos++
			return nil
		case c == '\\':
			s.pos++
			if s.pos >= len(s.data) {
				return s.eof("a string")
			}
			switch s.data[s.pos] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.pos++
			case 'u':
				s.pos++
				for i := 0; i < 4; i++ {
					if s.pos >= len(s.data) {
						return s.eof("a string")
					}
					if !isHex(s.data[s.pos]) {
						return s.fault("invalid escape")
					}
					s.pos++
				}
			default:
				return s.fault("invalid escape")
			}
		case c < 0x20:
			return s.fault("control character (\\u0000-\\u001F) found while parsing a string")
		default:
			s.pos++
		}
	}
	return s.eof("a string")
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (s *jscan) list() *jfault {
	s.pos++
	s.ws()
	if s.pos >= len(s.data) {
		return s.eof("a list")
	}
	if s.data[s.pos] == ']' {
		s.pos++
		return nil
	}
	for {
		if f := s.value(); f != nil {
			return f
		}
		s.ws()
		if s.pos >= len(s.data) {
			return s.eof("a list")
		}
		switch s.data[s.pos] {
		case ']':
			s.pos++
			return nil
		case ',':
			s.pos++
			s.ws()
			if s.pos < len(s.data) && s.data[s.pos] == ']' {
				return s.fault("trailing comma")
			}
		default:
			return s.fault("expected `,` or `]`")
		}
	}
}

func (s *jscan) object() *jfault {
	s.pos++
	s.ws()
	if s.pos >= len(s.data) {
		return s.eof("an object")
	}
	if s.data[s.pos] == '}' {
		s.pos++
		return nil
	}
	for {
		if s.pos >= len(s.data) {
			return s.eof("an object")
		}
		if s.data[s.pos] != '"' {
			return s.fault("key must be a string")
		}
		if f := s.str(); f != nil {
			return f
		}
		s.ws()
		if s.pos >= len(s.data) {
			return s.eof("an object")
		}
		if s.data[s.pos] != ':' {
			return s.fault("expected `:`")
		}
		s.pos++
		s.ws()
		if f := s.value(); f != nil {
			return f
		}
		s.ws()
		if s.pos >= len(s.data) {
			return s.eof("an object")
		}
		switch s.data[s.pos] {
		case '}':
			s.pos++
			return nil
		case ',':
			s.pos++
			s.ws()
			if s.pos >= len(s.data) {
				return s.eof("a value")
			}
			if s.data[s.pos] == '}' {
				return s.fault("trailing comma")
			}
		default:
			return s.fault("expected `,` or `}`")
		}
	}
}
