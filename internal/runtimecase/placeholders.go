package runtimecase

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The placeholders of configs and states, and the text that replaces the
// tool endpoint's address in recorded outputs.
const (
	BaseURLPlaceholder  = "{{BASE_URL}}"
	ToolHostPlaceholder = "{{TOOL_HOST}}"
	ToolPortPlaceholder = "{{TOOL_PORT}}"
	WorkDirPlaceholder  = "{{WORK_DIR}}"
)

// Placeholders holds what the placeholders of one run stand for.
type Placeholders struct {
	// BaseURL is the model endpoint's origin, "http://127.0.0.1:PORT".
	BaseURL string
	// ToolHost is the tool endpoint's host, "127.0.0.1".
	ToolHost string
	// ToolPort is the tool endpoint's port.
	ToolPort int
	// WorkDir is the case's code execution directory (runtime_code
	// cases: a fresh directory per case, its canonical absolute path);
	// "" leaves "{{WORK_DIR}}" as it is.
	WorkDir string
}

// Apply returns the JSON document data with the placeholders replaced, key
// order and number texts kept (the output is compact): in every string
// (values and keys) "{{BASE_URL}}" becomes p.BaseURL, "{{TOOL_HOST}}"
// p.ToolHost and "{{TOOL_PORT}}" the port's digits, except that a string
// value that is exactly "{{TOOL_PORT}}" becomes the port as a JSON integer;
// "{{WORK_DIR}}" becomes p.WorkDir when it is set.
func (p Placeholders) Apply(data []byte) ([]byte, error) {
	type frame struct {
		object  bool // an object, else an array
		wantKey bool // an object expecting a key next
		n       int  // members written so far
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	var stack []*frame
	values := 0 // top-level values
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF && len(stack) > 0 {
			return nil, fmt.Errorf("placeholders: at offset %d: unexpected end of JSON input", off)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("placeholders: at offset %d: %w", off, err)
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			out.WriteByte(byte(d))
			stack = stack[:len(stack)-1]
		} else {
			var top *frame
			if len(stack) > 0 {
				top = stack[len(stack)-1]
				if top.n > 0 && (!top.object || top.wantKey) {
					out.WriteByte(',')
				}
			} else if values++; values > 1 {
				return nil, fmt.Errorf("placeholders: at offset %d: more than one JSON value", off)
			}
			if s, ok := tok.(string); ok && top != nil && top.wantKey {
				writeJSONString(&out, p.applyString(s))
				out.WriteByte(':')
				top.wantKey = false
				continue
			}
			switch x := tok.(type) {
			case json.Delim:
				out.WriteByte(byte(x))
				stack = append(stack, &frame{object: x == '{', wantKey: x == '{'})
				continue
			case string:
				if x == ToolPortPlaceholder {
					out.WriteString(strconv.Itoa(p.ToolPort))
				} else {
					writeJSONString(&out, p.applyString(x))
				}
			case json.Number:
				out.WriteString(x.String())
			case bool:
				out.WriteString(strconv.FormatBool(x))
			case nil:
				out.WriteString("null")
			default:
				return nil, fmt.Errorf("placeholders: at offset %d: unexpected token %v", off, tok)
			}
		}
		// A value (scalar or container) is complete.
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			top.n++
			top.wantKey = top.object
		}
	}
	if values == 0 {
		return nil, errors.New("placeholders: no JSON value")
	}
	return out.Bytes(), nil
}

// applyString replaces the placeholders inside s.
func (p Placeholders) applyString(s string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	pairs := []string{
		BaseURLPlaceholder, p.BaseURL,
		ToolHostPlaceholder, p.ToolHost,
		ToolPortPlaceholder, strconv.Itoa(p.ToolPort),
	}
	if p.WorkDir != "" {
		pairs = append(pairs, WorkDirPlaceholder, p.WorkDir)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// writeJSONString writes s as a JSON string, without HTML escaping.
func writeJSONString(out *bytes.Buffer, s string) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	out.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// Reverse returns a copy of the JSON value v (as decoded by encoding/json)
// in which every string value has the endpoints replaced by placeholders
// (see ReverseString). Object keys are kept.
func (p Placeholders) Reverse(v any) any {
	switch x := v.(type) {
	case string:
		return p.ReverseString(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = p.Reverse(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = p.Reverse(e)
		}
		return out
	}
	return v
}

// ReverseString replaces, in s, the model endpoint's origin p.BaseURL by
// "{{BASE_URL}}" and "<ToolHost>:<ToolPort>" by
// "{{TOOL_HOST}}:{{TOOL_PORT}}", each only where it is not followed by
// another digit (and the tool address not preceded by a digit or dot), so
// that one port is never taken for the start of another. Before them, every
// occurrence of p.WorkDir (when set) becomes "{{WORK_DIR}}", a plain
// substring replacement as runtime_code/README.md says.
func (p Placeholders) ReverseString(s string) string {
	if p.WorkDir != "" {
		s = strings.ReplaceAll(s, p.WorkDir, WorkDirPlaceholder)
	}
	if p.BaseURL != "" {
		s = replaceBounded(s, p.BaseURL, BaseURLPlaceholder, false)
	}
	if p.ToolHost != "" {
		s = replaceBounded(s, p.ToolHost+":"+strconv.Itoa(p.ToolPort), ToolHostPlaceholder+":"+ToolPortPlaceholder, true)
	}
	return s
}

// replaceBounded replaces old by repl in s where old is not followed by a
// digit and, with checkBefore, not preceded by a digit or '.'.
func replaceBounded(s, old, repl string, checkBefore bool) string {
	var b strings.Builder
	done := 0 // s[:done] is written
	for from := 0; ; {
		i := strings.Index(s[from:], old)
		if i < 0 {
			break
		}
		i += from
		end := i + len(old)
		ok := end == len(s) || !isDigit(s[end])
		if checkBefore && i > 0 {
			ok = ok && !isDigit(s[i-1]) && s[i-1] != '.'
		}
		if ok {
			b.WriteString(s[done:i])
			b.WriteString(repl)
			done = end
		}
		from = end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
