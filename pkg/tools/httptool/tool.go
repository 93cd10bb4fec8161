package httptool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
)

// Provider is the provider string of AutoGen's HttpTool (its
// component_provider_override).
const Provider = "autogen_ext.tools.http.HttpTool"

// spec is HttpTool's class as dump_component reads it. The config's
// headers and json_schema are free-form dicts, whose null members a dump
// keeps.
var spec = component.Spec{
	Provider:      Provider,
	ComponentType: "tool",
	Description:   "A wrapper for using an HTTP server as a tool.",
	Label:         "HttpTool",
	KeepNull:      []string{"/headers", "/json_schema"},
}

func init() {
	component.Register(Provider, func(_ context.Context, config gen.RawJSON) (any, error) {
		cfg, err := ParseConfig(config)
		if err != nil {
			return nil, err
		}
		return build(cfg)
	}, "autogen_ext.tools.http._http_tool.HttpTool")
}

// HTTPTool is AutoGen's HttpTool: a tool whose call is an HTTP request
// built from its arguments, and whose result is the answer's body. It
// implements tools.Tool and component.Component; it is immutable and safe
// for concurrent use.
type HTTPTool struct {
	cfg        Config
	headers    *pyjson.Value // the config's headers; nil for None
	model      *model
	pathParams []string
	properties []byte // the parameters' properties, compact JSON
	required   []string
}

var (
	_ tools.Tool          = (*HTTPTool)(nil)
	_ component.Component = (*HTTPTool)(nil)
)

// Option sets one of HttpTool's keyword arguments in New.
type Option func(*Config)

// WithDescription sets the description (default "HTTP tool").
func WithDescription(description string) Option {
	return func(c *Config) { c.Description = &description }
}

// WithScheme sets the scheme, "http" (the default) or "https".
func WithScheme(scheme string) Option { return func(c *Config) { c.Scheme = scheme } }

// WithPath sets the path (default "/"); "{name}" is replaced by the
// argument name.
func WithPath(path string) Option { return func(c *Config) { c.Path = path } }

// WithMethod sets the method: GET, POST (the default), PUT, DELETE or
// PATCH.
func WithMethod(method string) Option { return func(c *Config) { c.Method = &method } }

// WithHeaders sets the headers to send, in the order of their names
// (sorted: a Go map has no order).
func WithHeaders(headers map[string]string) Option {
	return func(c *Config) {
		names := make([]string, 0, len(headers))
		for k := range headers {
			names = append(names, k)
		}
		sort.Strings(names)
		d := dict()
		for _, k := range names {
			d.Set(k, pyjson.StrValue(headers[k]))
		}
		c.Headers = pyjson.AppendJSON(nil, &d)
	}
}

// WithReturnType sets what a call returns: "text" (the default: the body
// as a string) or "json" (the body decoded, as a json.RawMessage).
func WithReturnType(returnType string) Option {
	return func(c *Config) { c.ReturnType = &returnType }
}

// WithTimeout sets the limit of each connect, read and write (default 5
// seconds).
func WithTimeout(d time.Duration) Option {
	return func(c *Config) { c.Timeout = d.Seconds() }
}

// New is HttpTool's constructor: a tool named name that sends its calls to
// host:port, whose arguments are described by jsonSchema (a JSON Schema
// object, turned into a pydantic model as json_schema_to_pydantic does;
// see the package documentation). The options set the other keyword
// arguments; their defaults are AutoGen's. A config pydantic would refuse
// is an agentschema.Fault (or Faults), a schema the model cannot be built
// from a *SchemaError.
func New(name, host string, port int, jsonSchema json.RawMessage, opts ...Option) (*HTTPTool, error) {
	desc, method, ret := "HTTP tool", "POST", "text"
	cfg := Config{Name: name, Description: &desc, Scheme: "http", Host: host, Port: port, Path: "/",
		Method: &method, JSONSchema: jsonSchema, ReturnType: &ret, Timeout: 5.0}
	for _, o := range opts {
		o(&cfg)
	}
	return NewFromConfig(cfg)
}

// NewFromConfig builds the tool of a config, as HttpTool._from_config
// does: the config is validated again (as HttpToolConfig(**model_dump()))
// and its json_schema turned into the argument model.
func NewFromConfig(cfg Config) (*HTTPTool, error) {
	data, err := cfg.MarshalJSON()
	if err != nil {
		return nil, err
	}
	c, err := ParseConfig(data)
	if err != nil {
		return nil, err
	}
	return build(c)
}

// build makes the tool of a validated config.
func build(c *Config) (*HTTPTool, error) {
	t := &HTTPTool{cfg: *c, pathParams: pathParams(c.Path)}
	if len(c.Headers) > 0 {
		h, err := pyjson.Parse(c.Headers)
		if err != nil {
			return nil, err
		}
		t.headers = &h
	}
	schema, err := pyjson.Parse(c.JSONSchema)
	if err != nil {
		return nil, err
	}
	if t.model, err = buildModel(&schema); err != nil {
		return nil, err
	}
	props, required := t.model.properties()
	t.properties = pyjson.AppendJSON(nil, &props)
	t.required = required
	return t, nil
}

// Name is the tool's name.
func (t *HTTPTool) Name() string { return t.cfg.Name }

// Description is the tool's description ("" when it is None).
func (t *HTTPTool) Description() string {
	if t.cfg.Description == nil {
		return ""
	}
	return *t.cfg.Description
}

// Config returns the tool's config (a copy).
func (t *HTTPTool) Config() Config {
	c := t.cfg
	c.Headers = bytes.Clone(c.Headers)
	c.JSONSchema = bytes.Clone(c.JSONSchema)
	return c
}

// Schema is the ToolSchema AutoGen sends to the model: the argument
// model's properties as pydantic's model_json_schema() writes them (each
// with its title), the required names, additionalProperties false, strict
// false, and the description (absent when it is None).
func (t *HTTPTool) Schema() gen.ToolSchema {
	var desc *string
	if t.cfg.Description != nil {
		d := *t.cfg.Description
		desc = &d
	}
	strict, additional := false, false
	return gen.ToolSchema{
		Name:        t.cfg.Name,
		Description: desc,
		Parameters: &gen.ParametersSchema{
			Type:                 "object",
			Properties:           gen.RawJSON(bytes.Clone(t.properties)),
			Required:             append([]string{}, t.required...),
			AdditionalProperties: &additional,
		},
		Strict: &strict,
	}
}

// RunJSON validates the arguments (a JSON object) as the argument model
// does, then sends the request HttpTool.run sends: the path parameters
// formatted into the path, the other arguments (all the model's fields,
// an absent optional one as its default) in the query string of a GET or
// DELETE or as the JSON body of a POST, PUT or PATCH, with the config's
// headers. It returns the body as a string (return_type "text", whatever
// the status) or, for "json", the body's JSON as a json.RawMessage (as
// json.loads reads it: UTF-16 and UTF-32 bodies are decoded, a BOM
// dropped). An invalid argument is a *tools.ValidationError (pydantic's
// text, titled by the json_schema's title or "DynamicModel"); a failure
// after validation an *Error; a cancelled ctx its error. callID is not
// used (AutoGen uses it for tracing).
func (t *HTTPTool) RunJSON(ctx context.Context, args json.RawMessage, callID string) (any, error) {
	dump, err := t.validate(args)
	if err != nil {
		return nil, err
	}
	req, err := t.buildRequest(dump)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	resp, err := t.send(ctx, req)
	if err != nil {
		return nil, err
	}
	switch {
	case t.cfg.ReturnType == nil:
		return nil, pyErr("ValueError", "Invalid return type: None")
	case *t.cfg.ReturnType == "json":
		return jsonLoads(resp.body)
	}
	return text(resp.header, resp.body), nil
}

// validate reads args as json.loads does and validates them into the
// model's dump.
func (t *HTTPTool) validate(args json.RawMessage) (pyjson.Value, error) {
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	v, err := pyjson.Parse(args)
	if err != nil {
		input := pyjson.StrValue(string(args))
		msg := err.Error()
		var se *pyjson.SyntaxError
		if errors.As(err, &se) {
			msg = se.Msg
		}
		return pyjson.Value{}, validationError(t.model.title, []fault{{typ: "json_invalid", msg: "Invalid JSON: " + msg, input: input}})
	}
	return validateArgs(t.model, &v)
}

// ReturnValueAsString renders a value RunJSON returned as AutoGen's
// return_value_as_string does, with str(): a string as it is, a
// json.RawMessage as Python writes the value json.loads builds ({'a': 1,
// 'ok': False, 'x': None}, key order kept). Other values are rendered by
// tools.ReturnValueAsString.
func (t *HTTPTool) ReturnValueAsString(value any) string {
	return tools.ReturnValueAsString(value)
}

// SaveState returns {}: the tool has no state.
func (t *HTTPTool) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage("{}"), nil
}

// LoadState does nothing, as AutoGen's load_state_json of a stateless
// tool.
func (t *HTTPTool) LoadState(context.Context, json.RawMessage) error { return nil }

// ComponentModel returns the tool's component, as AutoGen's
// dump_component() writes an HttpTool's: provider
// "autogen_ext.tools.http.HttpTool", the class docstring's first line as
// description, and the config as model_dump(exclude_none=True) gives it
// (a None description, method, headers or return_type left out).
func (t *HTTPTool) ComponentModel() (gen.ComponentModel, error) {
	data, err := t.cfg.MarshalJSON()
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return spec.Model(gen.RawJSON(data))
}

// jsonLoads is httpx's Response.json(): json.loads of the body bytes,
// which picks the encoding from the first bytes (a BOM, or the zero bytes
// of UTF-16 and UTF-32) and decodes strictly.
func jsonLoads(body []byte) (json.RawMessage, error) {
	enc := detectEncoding(body)
	var s string
	switch enc {
	case "utf-8", "utf-8-sig":
		b := body
		if enc == "utf-8-sig" {
			b = b[3:]
		}
		if err := utf8Error(b); err != nil {
			return nil, err
		}
		s = string(b)
	default:
		var ok bool
		s, ok = decodeWide(enc, body)
		if !ok {
			return nil, pyErr("UnicodeDecodeError", "'%s' codec can't decode the body", enc)
		}
	}
	if _, err := pyjson.Parse([]byte(s)); err != nil {
		var se *pyjson.SyntaxError
		if errors.As(err, &se) {
			return nil, jsonDecodeError(s, se)
		}
		return nil, pyErr("ValueError", "%s", err.Error())
	}
	return json.RawMessage(s), nil
}

// detectEncoding is json.detect_encoding.
func detectEncoding(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte{0, 0, 0xFE, 0xFF}), bytes.HasPrefix(b, []byte{0xFF, 0xFE, 0, 0}):
		return "utf-32"
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}), bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		return "utf-16"
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return "utf-8-sig"
	}
	if len(b) >= 4 {
		if b[0] == 0 {
			if b[1] != 0 {
				return "utf-16-be"
			}
			return "utf-32-be"
		}
		if b[1] == 0 {
			if b[2] != 0 || b[3] != 0 {
				return "utf-16-le"
			}
			return "utf-32-le"
		}
	} else if len(b) == 2 {
		if b[0] == 0 {
			return "utf-16-be"
		}
		if b[1] == 0 {
			return "utf-16-le"
		}
	}
	return "utf-8"
}

// utf8Error is Python's UnicodeDecodeError for bytes that are not UTF-8,
// or nil.
func utf8Error(b []byte) error {
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || w > 1 {
			i += w
			continue
		}
		n := invalidRun(b[i:])
		reason := "invalid continuation byte"
		switch c := b[i]; {
		case c < 0xC2 || c > 0xF4:
			reason = "invalid start byte"
		case i+n >= len(b):
			reason = "unexpected end of data"
		}
		if n == 1 {
			return pyErr("UnicodeDecodeError", "'utf-8' codec can't decode byte 0x%02x in position %d: %s", b[i], i, reason)
		}
		return pyErr("UnicodeDecodeError", "'utf-8' codec can't decode bytes in position %d-%d: %s", i, i+n-1, reason)
	}
	return nil
}

// jsonMessages maps pyjson's messages to json.JSONDecodeError's.
var jsonMessages = map[string]string{
	"expecting value":                                   "Expecting value",
	"extra data":                                        "Extra data",
	"expecting ',' delimiter":                           "Expecting ',' delimiter",
	"expecting ':' delimiter":                           "Expecting ':' delimiter",
	"invalid control character in string":               "Invalid control character at",
	"unterminated string":                               "Unterminated string starting at",
	"invalid \\uXXXX escape":                            "Invalid \\uXXXX escape",
	"invalid \\escape":                                  "Invalid \\escape",
	"expecting property name enclosed in double quotes": "Expecting property name enclosed in double quotes",
}

// jsonDecodeError is json.JSONDecodeError's text: the message, then the
// line, column and character position (in characters) of the fault.
func jsonDecodeError(doc string, se *pyjson.SyntaxError) *Error {
	msg, ok := jsonMessages[se.Msg]
	if !ok {
		msg = se.Msg
		if msg != "" {
			msg = string(bytes.ToUpper([]byte(msg[:1]))) + msg[1:]
		}
	}
	off := min(se.Offset, len(doc))
	pos := utf8.RuneCountInString(doc[:off])
	line, col := 1, pos+1
	if i := bytes.LastIndexByte([]byte(doc[:off]), '\n'); i >= 0 {
		line = 1 + bytes.Count([]byte(doc[:off]), []byte{'\n'})
		col = pos - utf8.RuneCountInString(doc[:i])
	}
	return pyErr("JSONDecodeError", "%s: line %d column %d (char %d)", msg, line, col, pos)
}
