package wire

import (
	"encoding/json"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// LastMembers returns data as Python's json.loads, and so AutoGen, sees
// it: of an object's members with the same name only the last counts
// (json.loads builds a dict, in which a later key replaces an earlier
// one). The earlier members are blanked: their bytes, and the comma after
// them, become spaces (newlines are kept), so every other byte keeps its
// offset, line and column, and faults found in the result are placed in
// data. Names are compared after unescaping ("a" and "\u0061" are one
// name). changed reports whether there was anything to blank: data
// without duplicate names, and data that is not JSON (the decoder reports
// it), are returned as they are; a changed document is a new slice.
//
// Decode reads a document that has faults through it once more (see
// Decode), so that an earlier duplicate, which AutoGen never sees, is no
// fault.
func LastMembers(data []byte) (out []byte, changed bool) {
	s := &dupScanner{src: data}
	s.ws()
	if !s.value(0) {
		return data, false
	}
	s.ws()
	if s.pos != len(s.src) || len(s.blank) == 0 {
		return data, false
	}
	out = append([]byte(nil), data...)
	for _, r := range s.blank {
		for i := r[0]; i < r[1]; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out, true
}

// dupScanner finds the spans of the members that a later member of the
// same name replaces.
type dupScanner struct {
	src   []byte
	pos   int
	blank [][2]int
}

// maxDupDepth bounds the scan's recursion; deeper documents are left to
// the decoder, whose depth limit refuses them.
const maxDupDepth = 10000

func (s *dupScanner) ws() { s.pos = pyjson.SkipSpace(s.src, s.pos) }

// value skips one value, recording duplicate members of its objects; it
// reports false on anything that is not JSON.
func (s *dupScanner) value(depth int) bool {
	if s.pos >= len(s.src) || depth > maxDupDepth {
		return false
	}
	switch c := s.src[s.pos]; {
	case c == '{':
		return s.object(depth)
	case c == '[':
		s.pos++
		s.ws()
		if s.pos < len(s.src) && s.src[s.pos] == ']' {
			s.pos++
			return true
		}
		for {
			s.ws()
			if !s.value(depth + 1) {
				return false
			}
			s.ws()
			if s.pos >= len(s.src) {
				return false
			}
			switch s.src[s.pos] {
			case ',':
				s.pos++
			case ']':
				s.pos++
				return true
			default:
				return false
			}
		}
	case c == '"':
		_, ok := s.str()
		return ok
	default:
		start := s.pos
		for s.pos < len(s.src) {
			switch s.src[s.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return s.pos > start
			}
			s.pos++
		}
		return s.pos > start
	}
}

// str skips a string and returns its raw text (quotes included).
func (s *dupScanner) str() ([]byte, bool) {
	start := s.pos
	s.pos++
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
		case '"':
			s.pos++
			return s.src[start:s.pos], true
		default:
			s.pos++
		}
	}
	return nil, false
}

func (s *dupScanner) object(depth int) bool {
	s.pos++
	s.ws()
	if s.pos < len(s.src) && s.src[s.pos] == '}' {
		s.pos++
		return true
	}
	type member struct{ start, end int }
	var seen map[string]member
	for {
		s.ws()
		if s.pos >= len(s.src) || s.src[s.pos] != '"' {
			return false
		}
		start := s.pos
		raw, ok := s.str()
		if !ok {
			return false
		}
		s.ws()
		if s.pos >= len(s.src) || s.src[s.pos] != ':' {
			return false
		}
		s.pos++
		s.ws()
		if !s.value(depth + 1) {
			return false
		}
		s.ws()
		if s.pos >= len(s.src) {
			return false
		}
		last := s.src[s.pos] == '}'
		if !last && s.src[s.pos] != ',' {
			return false
		}
		s.pos++ // past the comma or brace
		name := string(raw)
		var key string
		if json.Unmarshal(raw, &key) == nil {
			name = key
		}
		if seen == nil {
			seen = map[string]member{}
		}
		if prev, ok := seen[name]; ok {
			// An earlier member is never an object's last: it ends with
			// its comma, which goes with it.
			s.blank = append(s.blank, [2]int{prev.start, prev.end})
		}
		seen[name] = member{start, s.pos}
		if last {
			return true
		}
	}
}
