package httptool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// Config is AutoGen's HttpToolConfig, the config of an HttpTool component:
//
//	name         str, required
//	description  Optional[str], required (null is None)
//	scheme       Literal["http", "https"] = "http"
//	host         str, required
//	port         int, required
//	path         str = "/"; names in braces are path parameters
//	method       Optional[Literal["GET", "POST", "PUT", "DELETE", "PATCH"]] = "POST" (None sends a POST)
//	headers      Optional[dict[str, Any]], required (null is None); values must be str to be sent
//	json_schema  dict[str, Any], required: the arguments' JSON Schema
//	return_type  Optional[Literal["text", "json"]] = "text" (None fails after the request is sent)
//	timeout      float = 5.0, seconds
//
// ParseConfig reads one from JSON as pydantic validates it; MarshalJSON
// writes its model_dump().
type Config struct {
	// Name is the tool's name.
	Name string
	// Description is the tool's description; nil is None (the tool then
	// has no description).
	Description *string
	// Scheme is "http" or "https".
	Scheme string
	// Host is the host the requests go to: a name, an IPv4 address or an
	// IPv6 address (with or without brackets).
	Host string
	// Port is the port the requests go to (left out of the URL when it is
	// the scheme's default, as httpx does).
	Port int
	// Path is the request path; "{name}" is replaced by the argument name
	// (str.format), which is then not sent in the query or body.
	Path string
	// Method is GET, POST, PUT, DELETE or PATCH; nil is None, which sends
	// a POST.
	Method *string
	// Headers is a JSON object of the headers to send (nil is None, no
	// headers); its values must be strings when a call is made.
	Headers json.RawMessage
	// JSONSchema is the JSON Schema of the arguments (a JSON object).
	JSONSchema json.RawMessage
	// ReturnType is "text" (the body as a string) or "json" (the body
	// decoded); nil is None, with which every call fails once the request
	// is sent, as in AutoGen.
	ReturnType *string
	// Timeout is httpx's timeout in seconds: the limit of each connect,
	// read and write.
	Timeout float64
}

// configModel is HttpToolConfig as a model of this package's validator.
var configModel = func() *model {
	str := &typ{kind: kStr}
	lit := func(values ...string) *typ {
		t := &typ{kind: kLiteral}
		for _, v := range values {
			t.values = append(t.values, pyjson.StrValue(v))
		}
		return t
	}
	opt := func(t *typ) *typ { return &typ{kind: kOptional, elem: t} }
	f := func(name string, t *typ, def *pyjson.Value) *field {
		fl := &field{name: name, key: name, typ: t, required: def == nil}
		if def != nil {
			fl.def = *def
		}
		return fl
	}
	s := func(v string) *pyjson.Value { x := pyjson.StrValue(v); return &x }
	timeout := pyjson.FloatValue(5.0)
	return &model{title: "HttpToolConfig", fields: []*field{
		f("name", str, nil),
		f("description", opt(str), nil),
		f("scheme", lit("http", "https"), s("http")),
		f("host", str, nil),
		f("port", &typ{kind: kInt}, nil),
		f("path", str, s("/")),
		f("method", opt(lit("GET", "POST", "PUT", "DELETE", "PATCH")), s("POST")),
		f("headers", opt(&typ{kind: kDict}), nil),
		f("json_schema", &typ{kind: kDict}, nil),
		f("return_type", opt(lit("text", "json")), s("text")),
		f("timeout", &typ{kind: kFloat}, &timeout),
	}}
}()

// ParseConfig reads an HttpToolConfig (the config member of the
// component) as pydantic's lax model_validate reads the dict json.loads
// built: defaults filled, "8080" and 8080.0 taken for the port, unknown
// members ignored. Each fault is an *agentschema.Fault with the JSON
// pointer of the member at fault, its line and column, pydantic's error
// type and message; several are an agentschema.Faults.
func ParseConfig(data []byte) (*Config, error) {
	v, err := pyjson.Parse(data)
	if err != nil {
		var se *pyjson.SyntaxError
		if errors.As(err, &se) {
			return nil, &agentschema.Fault{Offset: se.Offset, Line: se.Line, Column: se.Column, Type: "json_invalid", Message: "Invalid JSON: " + se.Msg, Err: err}
		}
		return nil, err
	}
	var vd validator
	dump, _ := vd.model(configModel, &v)
	if len(vd.faults) > 0 {
		return nil, configFaults(data, vd.faults)
	}
	return configFromDump(data, &dump)
}

// configFromDump fills a Config from a validated dump.
func configFromDump(data []byte, d *pyjson.Value) (*Config, error) {
	get := func(k string) *pyjson.Value { v, _ := d.Get(k); return v }
	optStr := func(k string) *string {
		if v := get(k); v.Kind == pyjson.Str {
			s := v.Str
			return &s
		}
		return nil
	}
	c := &Config{
		Name:        get("name").Str,
		Description: optStr("description"),
		Scheme:      get("scheme").Str,
		Host:        get("host").Str,
		Path:        get("path").Str,
		Method:      optStr("method"),
		ReturnType:  optStr("return_type"),
		Timeout:     get("timeout").Float,
	}
	port, err := strconv.Atoi(get("port").Int)
	if err != nil {
		return nil, configFaults(data, []fault{{loc: []any{"port"}, typ: "value_error", msg: "port " + get("port").Int + " is out of range", input: *get("port")}})
	}
	c.Port = port
	if h := get("headers"); h.Kind == pyjson.Dict {
		c.Headers = pyjson.AppendJSON(nil, h)
	}
	c.JSONSchema = pyjson.AppendJSON(nil, get("json_schema"))
	return c, nil
}

// configFaults places each fault in data: a missing member at the object
// that lacks it.
func configFaults(data []byte, faults []fault) error {
	out := make(agentschema.Faults, len(faults))
	for i := range faults {
		f := &faults[i]
		path := make([]string, len(f.loc))
		var ptr strings.Builder
		for j, item := range f.loc {
			path[j] = fmt.Sprint(item)
			ptr.WriteByte('/')
			ptr.WriteString(escapePointer(path[j]))
		}
		at := path
		if f.typ == "missing" && len(at) > 0 {
			at = at[:len(at)-1]
		}
		fault := &agentschema.Fault{Pointer: ptr.String(), Type: f.typ, Message: f.msg}
		if off := locate(data, at); off >= 0 {
			fault.Offset = off
			fault.Line, fault.Column = lineColumn(data, off)
		}
		out[i] = fault
	}
	if len(out) == 1 {
		return out[0]
	}
	return out
}

// lineColumn is the 1-based line and byte column of offset off.
func lineColumn(data []byte, off int) (int, int) {
	off = min(off, len(data))
	if i := bytes.LastIndexByte(data[:off], '\n'); i >= 0 {
		return 1 + bytes.Count(data[:off], []byte{'\n'}), off - i
	}
	return 1, off + 1
}

// MarshalJSON writes the config as model_dump() does (every member, None
// as null); a component's config leaves out the null members
// (ComponentModel). Headers and JSONSchema are written as they are.
func (c *Config) MarshalJSON() ([]byte, error) {
	str := func(b []byte, s string) []byte { return pyjson.AppendQuote(b, s) }
	optStr := func(b []byte, s *string) []byte {
		if s == nil {
			return append(b, "null"...)
		}
		return str(b, *s)
	}
	raw := func(b []byte, name string, r json.RawMessage) ([]byte, error) {
		r = bytes.TrimSpace(r)
		if len(r) == 0 {
			return append(b, "null"...), nil
		}
		if !json.Valid(r) {
			if _, err := pyjson.Parse(r); err != nil {
				return nil, fmt.Errorf("httptool: Config.%s is not JSON: %w", name, err)
			}
		}
		return append(b, r...), nil
	}
	b := []byte(`{"name":`)
	b = str(b, c.Name)
	b = append(b, `,"description":`...)
	b = optStr(b, c.Description)
	b = append(b, `,"scheme":`...)
	b = str(b, c.Scheme)
	b = append(b, `,"host":`...)
	b = str(b, c.Host)
	b = append(b, `,"port":`...)
	b = strconv.AppendInt(b, int64(c.Port), 10)
	b = append(b, `,"path":`...)
	b = str(b, c.Path)
	b = append(b, `,"method":`...)
	b = optStr(b, c.Method)
	b = append(b, `,"headers":`...)
	var err error
	if b, err = raw(b, "Headers", c.Headers); err != nil {
		return nil, err
	}
	b = append(b, `,"json_schema":`...)
	if b, err = raw(b, "JSONSchema", c.JSONSchema); err != nil {
		return nil, err
	}
	b = append(b, `,"return_type":`...)
	b = optStr(b, c.ReturnType)
	b = append(b, `,"timeout":`...)
	t := pyjson.FloatValue(c.Timeout)
	b = pyjson.AppendJSON(b, &t)
	return append(b, '}'), nil
}

// locate returns the byte offset in data (a JSON document) of the value
// at path (object member names and array indices), or -1. A repeated
// member is found at its last occurrence, the one json.loads keeps.
func locate(data []byte, path []string) int {
	s := &scanner{d: data}
	s.ws()
	for _, seg := range path {
		if s.i >= len(s.d) {
			return -1
		}
		switch s.d[s.i] {
		case '{':
			s.i++
			found := -1
			for {
				s.ws()
				if s.i >= len(s.d) || s.d[s.i] == '}' {
					break
				}
				key, ok := s.str()
				if !ok {
					return -1
				}
				s.ws()
				if s.i >= len(s.d) || s.d[s.i] != ':' {
					return -1
				}
				s.i++
				s.ws()
				if key == seg {
					found = s.i
				}
				if !s.skip() {
					return -1
				}
				s.ws()
				if s.i < len(s.d) && s.d[s.i] == ',' {
					s.i++
				}
			}
			if found < 0 {
				return -1
			}
			s.i = found
		case '[':
			n, err := strconv.Atoi(seg)
			if err != nil {
				return -1
			}
			s.i++
			for k := 0; ; k++ {
				s.ws()
				if s.i >= len(s.d) || s.d[s.i] == ']' {
					return -1
				}
				if k == n {
					break
				}
				if !s.skip() {
					return -1
				}
				s.ws()
				if s.i < len(s.d) && s.d[s.i] == ',' {
					s.i++
				}
			}
		default:
			return -1
		}
	}
	return s.i
}

// scanner skips over JSON values.
type scanner struct {
	d []byte
	i int
}

func (s *scanner) ws() {
	for s.i < len(s.d) && (s.d[s.i] == ' ' || s.d[s.i] == '\t' || s.d[s.i] == '\n' || s.d[s.i] == '\r') {
		s.i++
	}
}

// str reads a string and returns its value.
func (s *scanner) str() (string, bool) {
	start := s.i
	if s.i >= len(s.d) || s.d[s.i] != '"' {
		return "", false
	}
	for s.i++; s.i < len(s.d); s.i++ {
		switch s.d[s.i] {
		case '\\':
			s.i++
		case '"':
			s.i++
			v, err := pyjson.Parse(s.d[start:s.i])
			if err != nil || v.Kind != pyjson.Str {
				return "", false
			}
			return v.Str, true
		}
	}
	return "", false
}

// skip moves past one value.
func (s *scanner) skip() bool {
	if s.i >= len(s.d) {
		return false
	}
	switch s.d[s.i] {
	case '"':
		_, ok := s.str()
		return ok
	case '{', '[':
		depth := 0
		for ; s.i < len(s.d); s.i++ {
			switch s.d[s.i] {
			case '"':
				if _, ok := s.str(); !ok {
					return false
				}
				s.i--
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return true
				}
			}
		}
		return false
	}
	for s.i < len(s.d) && !strings.ContainsRune(",]} \t\r\n", rune(s.d[s.i])) {
		s.i++
	}
	return true
}
