package component

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// DropNone returns the JSON value data without its null object members, at
// every depth: what pydantic's model_dump(exclude_none=True) leaves of a
// config. Array elements that are null stay (exclude_none drops fields, not
// list items). Objects matched by a keep pattern keep their null members,
// at every depth below them: keep patterns are JSON pointers in which "*"
// matches any one segment, such as "/tool_schema/*/parameters/properties".
//
// The result is compact; key order, string escapes and number text are
// kept as written. Invalid JSON is an error.
func DropNone(data []byte, keep ...string) (gen.RawJSON, error) {
	if !json.Valid(data) {
		return nil, errors.New("component: invalid JSON")
	}
	pats := make([][]string, len(keep))
	for i, k := range keep {
		pats[i] = splitPointer(k)
	}
	w := &dropper{src: data, keep: pats, out: make([]byte, 0, len(data))}
	w.value(nil, false)
	return w.out, nil
}

// splitPointer splits a JSON pointer into its unescaped segments.
func splitPointer(p string) []string {
	if p == "" || p == "/" {
		return []string{}
	}
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return segs
}

// dropper copies valid JSON from src to out without null object members.
type dropper struct {
	src  []byte
	pos  int
	out  []byte
	keep [][]string
}

func (w *dropper) ws() { w.pos = pyjson.SkipSpace(w.src, w.pos) }

// matches reports whether path is matched by a keep pattern.
func (w *dropper) matches(path []string) bool {
	for _, p := range w.keep {
		if len(p) != len(path) {
			continue
		}
		ok := true
		for i := range p {
			if p[i] != "*" && p[i] != path[i] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// value copies one value at path; kept says a keep pattern matched an
// enclosing object.
func (w *dropper) value(path []string, kept bool) {
	w.ws()
	switch w.src[w.pos] {
	case '{':
		w.object(path, kept || w.matches(path))
	case '[':
		w.pos++
		w.out = append(w.out, '[')
		w.ws()
		if w.src[w.pos] == ']' {
			w.pos++
			w.out = append(w.out, ']')
			return
		}
		for i := 0; ; i++ {
			var child []string
			if len(w.keep) > 0 && !kept {
				child = append(path[:len(path):len(path)], strconv.Itoa(i))
			}
			w.value(child, kept)
			w.ws()
			c := w.src[w.pos]
			w.pos++
			w.out = append(w.out, c)
			if c == ']' {
				return
			}
		}
	case '"':
		w.out = append(w.out, w.str()...)
	default:
		start := w.pos
		for w.pos < len(w.src) {
			switch w.src[w.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				w.out = append(w.out, w.src[start:w.pos]...)
				return
			}
			w.pos++
		}
		w.out = append(w.out, w.src[start:w.pos]...)
	}
}

// str returns the string token at pos (quotes and escapes included).
func (w *dropper) str() []byte {
	start := w.pos
	w.pos++
	for w.src[w.pos] != '"' {
		if w.src[w.pos] == '\\' {
			w.pos++
		}
		w.pos++
	}
	w.pos++
	return w.src[start:w.pos]
}

func (w *dropper) object(path []string, kept bool) {
	w.pos++
	w.out = append(w.out, '{')
	first := true
	for {
		w.ws()
		if w.src[w.pos] == '}' {
			w.pos++
			w.out = append(w.out, '}')
			return
		}
		if w.src[w.pos] == ',' {
			w.pos++
			w.ws()
		}
		keyTok := w.str()
		w.ws()
		w.pos++ // ':'
		w.ws()
		if !kept && w.src[w.pos] == 'n' { // null
			w.pos += len("null")
			continue
		}
		if !first {
			w.out = append(w.out, ',')
		}
		first = false
		w.out = append(w.out, keyTok...)
		w.out = append(w.out, ':')
		if len(w.keep) == 0 || kept {
			w.value(nil, kept) // paths only matter for keep patterns
			continue
		}
		var key string
		if err := json.Unmarshal(keyTok, &key); err != nil {
			key = string(keyTok) // unreachable: the input is valid JSON
		}
		w.value(append(path[:len(path):len(path)], key), kept)
	}
}
