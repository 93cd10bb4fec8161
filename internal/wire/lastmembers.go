package wire

import (
	"bytes"
	"encoding/json"
	"unsafe"

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
// without duplicate names, data that is not JSON (the decoder reports it),
// and data with more names than maxDupNames at once are returned as they
// are; a changed document is a new slice.
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
	if s.pos != len(s.src) || s.out == nil {
		return data, false
	}
	return s.out, true
}

// dupScanner finds the members that a later member of the same name
// replaces and blanks them in out, a copy of src made at the first one.
// names counts the names held for the objects being scanned, which
// maxDupNames bounds.
type dupScanner struct {
	src   []byte
	out   []byte
	pos   int
	names int
}

// blank blanks src[start:end] in the copy, keeping line ends.
func (s *dupScanner) blank(start, end int) {
	if s.out == nil {
		s.out = append([]byte(nil), s.src...)
	}
	for i := start; i < end; i++ {
		if c := s.out[i]; c != '\n' && c != '\r' {
			s.out[i] = ' '
		}
	}
}

// maxDupNames bounds the member names the scan holds at once (those of an
// object and of the objects around it): a document with more is returned
// as it is, and its earlier duplicates are reported as the decoder finds
// them. It keeps the scan's memory in proportion to it (a few megabytes),
// not to the document's members.
const maxDupNames = 1 << 16

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
			c, ok := s.valueThen(depth + 1)
			if !ok {
				return false
			}
			switch c {
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

// valueThen skips a value and the white space around it, and returns the
// byte that follows (a comma or a closing bracket, for the caller to
// check); false at the end of the input or on anything that is not JSON.
func (s *dupScanner) valueThen(depth int) (byte, bool) {
	s.ws()
	if !s.value(depth) {
		return 0, false
	}
	s.ws()
	if s.pos >= len(s.src) {
		return 0, false
	}
	return s.src[s.pos], true
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

// object skips an object, blanking the members a later one of the same
// name replaces; false on anything that is not JSON, or when it holds more
// names than maxDupNames allows.
func (s *dupScanner) object(depth int) bool {
	s.pos++
	s.ws()
	if s.pos < len(s.src) && s.src[s.pos] == '}' {
		s.pos++
		return true
	}
	var seen memberSet
	defer func() { s.names -= seen.len() }()
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
		c, ok := s.valueThen(depth + 1)
		if !ok {
			return false
		}
		last := c == '}'
		if !last && c != ',' {
			return false
		}
		s.pos++ // past the comma or brace
		if prev, ok := seen.put(memberName(raw), span{start, s.pos}); ok {
			// An earlier member is never an object's last: it ends with
			// its comma, which goes with it.
			s.blank(prev.start, prev.end)
		} else if s.names++; s.names > maxDupNames {
			return false
		}
		if last {
			return true
		}
	}
}

// span is where a member is in the document, its comma included.
type span struct{ start, end int }

// memberSet maps an object's member names to where each was last seen:
// the first names in an array, linearly searched (most objects have a few
// members, and then the scan allocates nothing), the rest in a map.
type memberSet struct {
	small [16]struct {
		name string
		at   span
	}
	n    int
	more map[string]span
}

// put records name at at and returns where it was before, if it was.
func (m *memberSet) put(name string, at span) (span, bool) {
	for i := range m.small[:m.n] {
		if m.small[i].name == name {
			prev := m.small[i].at
			m.small[i].at = at
			return prev, true
		}
	}
	if m.n < len(m.small) {
		m.small[m.n].name, m.small[m.n].at = name, at
		m.n++
		return span{}, false
	}
	if m.more == nil {
		m.more = map[string]span{}
	}
	prev, ok := m.more[name]
	m.more[name] = at
	return prev, ok
}

// len is the number of names held.
func (m *memberSet) len() int { return m.n + len(m.more) }

// memberName returns the name a member's raw name (quotes included)
// stands for: its bytes when it has no escapes (the map keys then share
// the document's memory, which the scan does not change), else its
// unescaped text.
func memberName(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return unsafe.String(unsafe.SliceData(inner), len(inner))
	}
	var key string
	if json.Unmarshal(raw, &key) == nil {
		return key
	}
	return string(raw)
}
