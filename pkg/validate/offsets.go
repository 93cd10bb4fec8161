package validate

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file maps JSON pointers to byte offsets in the raw input. The
// schema validator works on decoded values and reports where a fault is
// as a path of member names and array indexes; users need the line and
// column. Rather than recording the offset of every value while parsing
// (a large cost on valid documents, which are the common case), the
// offsets are looked up only when there are errors, in one pass over the
// input that descends only into the members on the wanted paths and skips
// everything else.

// pathNode is a node of a trie of wanted paths.
type pathNode struct {
	members map[string]*pathNode
	indexes map[int]*pathNode
	offset  int // -1 until found
}

func newPathNode() *pathNode { return &pathNode{offset: -1} }

func (n *pathNode) child(tok string) *pathNode {
	if n.members == nil {
		n.members = map[string]*pathNode{}
	}
	c := n.members[tok]
	if c == nil {
		c = newPathNode()
		n.members[tok] = c
		if i, ok := arrayIndex(tok); ok {
			if n.indexes == nil {
				n.indexes = map[int]*pathNode{}
			}
			n.indexes[i] = c
		}
	}
	return c
}

// arrayIndex reads a reference token as an array index: digits without a
// leading zero (RFC 6901).
func arrayIndex(tok string) (int, bool) {
	if tok == "" || len(tok) > 9 || (len(tok) > 1 && tok[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// locate returns the byte offset in data of the value at each path (a
// path is a list of unescaped reference tokens), or -1 where there is no
// such value. data should be valid JSON; on anything else locate does not
// fail but may not find every path.
func locate(data []byte, paths [][]string) []int {
	root := newPathNode()
	nodes := make([]*pathNode, len(paths))
	for i, p := range paths {
		n := root
		for _, tok := range p {
			n = n.child(tok)
		}
		nodes[i] = n
	}
	s := &scanner{data: data}
	s.ws()
	s.value(root)
	out := make([]int, len(paths))
	for i, n := range nodes {
		out[i] = n.offset
	}
	return out
}

// scanner walks raw JSON text.
type scanner struct {
	data []byte
	pos  int
}

func (s *scanner) ws() { s.pos = pyjson.SkipSpace(s.data, s.pos) }

// value records the offset of the value at s.pos in n and descends into
// it along n's children. The recursion follows the wanted paths only.
func (s *scanner) value(n *pathNode) {
	if s.pos >= len(s.data) {
		return
	}
	n.offset = s.pos
	if n.members == nil {
		s.skip()
		return
	}
	switch s.data[s.pos] {
	case '{':
		s.pos++
		for {
			s.ws()
			if s.pos >= len(s.data) {
				return
			}
			switch s.data[s.pos] {
			case '}':
				s.pos++
				return
			case ',':
				s.pos++
				continue
			case '"':
			default:
				return // not JSON: give up
			}
			key, ok := s.key()
			if !ok {
				return
			}
			s.ws()
			if s.pos >= len(s.data) || s.data[s.pos] != ':' {
				return
			}
			s.pos++
			s.ws()
			if c := n.members[key]; c != nil {
				s.value(c)
			} else {
				s.skip()
			}
		}
	case '[':
		s.pos++
		for i := 0; ; i++ {
			s.ws()
			if s.pos >= len(s.data) {
				return
			}
			switch s.data[s.pos] {
			case ']':
				s.pos++
				return
			case ',':
				if i == 0 {
					return // not JSON
				}
				s.pos++
				s.ws()
			default:
				if i > 0 {
					return // not JSON
				}
			}
			start := s.pos
			if c := n.indexes[i]; c != nil {
				s.value(c)
			} else {
				s.skip()
			}
			if s.pos == start {
				return // no progress: not JSON
			}
		}
	default:
		s.skip()
	}
}

// key reads an object member name at s.pos (an opening quote).
func (s *scanner) key() (string, bool) {
	start := s.pos
	escaped := s.skipString()
	if s.pos > len(s.data) || s.pos-start < 2 {
		return "", false
	}
	raw := s.data[start:s.pos]
	if !escaped {
		return string(raw[1 : len(raw)-1]), true
	}
	var k string
	if err := json.Unmarshal(raw, &k); err != nil {
		return "", false
	}
	return k, true
}

// skipString moves past the string at s.pos (an opening quote) and
// reports whether it holds escapes.
func (s *scanner) skipString() bool {
	escaped := false
	s.pos++
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case '\\':
			escaped = true
			s.pos += 2
			continue
		case '"':
			s.pos++
			return escaped
		}
		s.pos++
	}
	if s.pos > len(s.data) {
		s.pos = len(s.data)
	}
	return escaped
}

// skip moves past the value at s.pos without recursion.
func (s *scanner) skip() {
	if s.pos >= len(s.data) {
		return
	}
	switch s.data[s.pos] {
	case '"':
		s.skipString()
		return
	case '{', '[':
	default:
		for s.pos < len(s.data) {
			switch s.data[s.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			s.pos++
		}
		return
	}
	depth := 0
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case '"':
			s.skipString()
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				s.pos++
				return
			}
		}
		s.pos++
	}
}

// lineCols returns the 1-based line and column (in bytes, as the typed
// decoder counts them) of each offset, in one pass over data.
func lineCols(data []byte, offsets []int) (lines, cols []int) {
	order := make([]int, len(offsets))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return offsets[order[a]] < offsets[order[b]] })
	lines = make([]int, len(offsets))
	cols = make([]int, len(offsets))
	line, lineStart, pos := 1, 0, 0
	for _, i := range order {
		off := min(max(offsets[i], 0), len(data))
		for ; pos < off; pos++ {
			if data[pos] == '\n' {
				line++
				lineStart = pos + 1
			}
		}
		lines[i] = line
		cols[i] = off - lineStart + 1
	}
	return lines, cols
}

// pointer returns the RFC 6901 JSON pointer of a path of reference tokens.
func pointer(path []string) string {
	var b strings.Builder
	for _, tok := range path {
		b.WriteByte('/')
		if strings.ContainsAny(tok, "~/") {
			tok = strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
		}
		b.WriteString(tok)
	}
	return b.String()
}

// parsePointer splits an RFC 6901 JSON pointer into unescaped reference
// tokens.
func parsePointer(p string) []string {
	if p == "" || p == "/" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		if strings.Contains(t, "~") {
			toks[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
		}
	}
	return toks
}

// itoa is strconv.Itoa, short.
func itoa(i int) string { return strconv.Itoa(i) }

// placeFaults puts autogen mode's faults where schema mode puts the same
// faults, and in the same order, so that the two modes agree on where a
// fault is: a missing member at the object that lacks it (placeMissing),
// a tagged union's unknown tag at the tag member's value and a missing
// tag at the object, both with the pointer of the tag member ("type", or
// the union's discriminator, such as "function_type"; pydantic places
// them at the union, loc []), and the faults sorted in input order (by
// offset, then pointer, as schema mode sorts them).
func placeFaults(data []byte, es agentschema.Faults) {
	placeMissing(data, es)
	var idx []int
	var paths [][]string
	for i, e := range es {
		switch e.Type {
		case "union_tag_invalid":
			// At the tag member the input used: the one the fault names
			// ("type", "function_type", or a union's second tag member, a
			// .NET content's "$type"), as schema mode places it.
			key := tagKeyNamed(e.Type, e.Message)
			if key == "" {
				key = tagMemberUsed(data, parsePointer(e.Pointer))
			}
			idx = append(idx, i)
			paths = append(paths, append(parsePointer(e.Pointer), key))
			e.Pointer += "/" + escapeToken(key)
		case "union_tag_not_found":
			key := tagKeyNamed(e.Type, e.Message)
			if key == "" {
				key = "type"
			}
			e.Pointer += "/" + escapeToken(key)
		}
	}
	if len(idx) > 0 {
		offs := locate(data, paths)
		lines, cols := lineCols(data, offs)
		for k, i := range idx {
			if offs[k] >= 0 {
				es[i].Offset, es[i].Line, es[i].Column = offs[k], lines[k], cols[k]
			}
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Offset != es[j].Offset {
			return es[i].Offset < es[j].Offset
		}
		return es[i].Pointer < es[j].Pointer
	})
}

// tagMemberUsed returns the tag member of the object at path: "type" when
// it has one, else the first second-tag member (x-tag-aliases, such as
// "$type") it has, else "type".
func tagMemberUsed(data []byte, path []string) string {
	loadDialects()
	keys := []string{"type"}
	for _, u := range dialects.aliasUnions {
		if !slices.Contains(keys, u[1]) {
			keys = append(keys, u[1])
		}
	}
	paths := make([][]string, len(keys))
	for i, k := range keys {
		paths[i] = append(path[:len(path):len(path)], k)
	}
	for i, off := range locate(data, paths) {
		if off >= 0 {
			return keys[i]
		}
	}
	return "type"
}

// tagKeyNamed returns the tag member a union tag fault of the typed
// decoder names (pydantic's words: "Input tag 'x' found using 'key' does
// not match any of the expected tags: ...", "Unable to extract tag using
// discriminator 'key'"), or "" for other words.
func tagKeyNamed(code, msg string) string {
	switch code {
	case "union_tag_invalid":
		// The tag comes first and may hold anything; the expected tags
		// are the union's own.
		end := strings.LastIndex(msg, "' does not match any of the expected tags")
		if end < 0 {
			return ""
		}
		const using = " found using '"
		start := strings.LastIndex(msg[:end], using)
		if start < 0 {
			return ""
		}
		return msg[start+len(using) : end]
	case "union_tag_not_found":
		const using = "Unable to extract tag using discriminator '"
		if strings.HasPrefix(msg, using) && strings.HasSuffix(msg, "'") && len(msg) > len(using) {
			return msg[len(using) : len(msg)-1]
		}
	}
	return ""
}

// escapeToken escapes one JSON pointer token.
func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
