package httptool

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
)

// seen is one request the test server received.
type seen struct {
	method, path, rawPath, query, body string
	header                             http.Header
}

// recorder is a test server that records each request and answers with
// a fixed status, content type and body.
type recorder struct {
	mu          sync.Mutex
	got         []seen
	status      int
	contentType string
	body        string
	gzip        bool
}

func (rc *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	rc.got = append(rc.got, seen{method: r.Method, path: r.URL.Path, rawPath: r.RequestURI, query: r.URL.RawQuery, body: string(b), header: r.Header.Clone()})
	rc.mu.Unlock()
	if rc.contentType != "" {
		w.Header().Set("Content-Type", rc.contentType)
	}
	if rc.gzip {
		w.Header().Set("Content-Encoding", "gzip")
		w.WriteHeader(rc.status)
		zw := gzip.NewWriter(w)
		_, _ = io.WriteString(zw, rc.body)
		_ = zw.Close()
		return
	}
	w.WriteHeader(rc.status)
	_, _ = io.WriteString(w, rc.body)
}

func (rc *recorder) last(t *testing.T) seen {
	t.Helper()
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.got) != 1 {
		t.Fatalf("the server got %d requests, want 1", len(rc.got))
	}
	return rc.got[0]
}

func serverPort(t *testing.T, srv *httptest.Server) int {
	t.Helper()
	return srv.Listener.Addr().(*net.TCPAddr).Port
}

const userSchema = `{"type": "object", "properties": {"user_id": {"type": "string", "description": "User id"}, "email": {"type": "string", "description": "New email"}}, "required": ["user_id", "email"]}`

const mixedSchema = `{"type": "object", "properties": {
	"q": {"type": "string"},
	"n": {"type": "integer"},
	"x": {"type": "number"},
	"ok": {"type": "boolean"},
	"tags": {"type": "array", "items": {"type": "string"}},
	"note": {"type": "string"},
	"word": {"type": "string", "description": "non-ASCII"}
}, "required": ["q"]}`

func TestRunJSON(t *testing.T) {
	for _, tc := range runJSONCases {
		t.Run(tc.name, func(t *testing.T) {
			rc := &recorder{status: tc.status, contentType: tc.contentType, body: tc.body}
			srv := httptest.NewServer(rc)
			defer srv.Close()
			opts := []Option{WithMethod(tc.method), WithPath(tc.path)}
			if tc.headers != nil {
				opts = append(opts, WithHeaders(tc.headers))
			}
			if tc.returnType != "" {
				opts = append(opts, WithReturnType(tc.returnType))
			}
			tool, err := New("t", "127.0.0.1", serverPort(t, srv), json.RawMessage(tc.schema), opts...)
			if err != nil {
				t.Fatal(err)
			}
			out, err := tool.RunJSON(context.Background(), json.RawMessage(tc.args), "call_1")
			if err != nil {
				t.Fatal(err)
			}
			if got := tool.ReturnValueAsString(out); got != tc.want {
				t.Errorf("result %q, want %q", got, tc.want)
			}
			s := rc.last(t)
			if s.method != tc.wantMethod || s.rawPath != tc.wantURI {
				t.Errorf("request %s %s, want %s %s", s.method, s.rawPath, tc.wantMethod, tc.wantURI)
			}
			if s.body != tc.wantBody {
				t.Errorf("body %q, want %q", s.body, tc.wantBody)
			}
			for k, v := range tc.wantHeader {
				if got := s.header.Get(k); got != v {
					t.Errorf("header %s: %q, want %q", k, got, v)
				}
			}
		})
	}
}

// runJSONCases are the cases of TestRunJSON.
var runJSONCases = []struct {
	name        string
	method      string
	path        string
	schema      string
	headers     map[string]string
	returnType  string
	status      int
	contentType string
	body        string
	args        string
	// what the server must see
	wantMethod, wantURI, wantBody string
	wantHeader                    map[string]string
	// what the call returns, rendered
	want string
}{
	{
		name: "GET puts the arguments in the query", method: "GET", path: "/search", schema: mixedSchema,
		status: 200, body: "found",
		args:       `{"q": "a b&c", "n": "7", "x": 1, "ok": true, "tags": ["t1", "t2"], "word": "café"}`,
		wantMethod: "GET",
		wantURI:    "/search?q=a+b%26c&n=7&x=1.0&ok=true&tags=t1&tags=t2&note=&word=caf%C3%A9",
		want:       "found",
	},
	{
		name: "DELETE puts the arguments in the query", method: "DELETE", path: "/items", schema: `{"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}`,
		status: 204, args: `{"id": 3.0}`, wantMethod: "DELETE", wantURI: "/items?id=3", want: "",
	},
	{
		name: "POST sends a JSON body", method: "POST", path: "/search", schema: mixedSchema,
		status: 200, body: "created",
		args:       `{"q": "a\"b", "n": 2, "x": 2.5, "ok": "no", "tags": [], "word": "café\n"}`,
		wantMethod: "POST", wantURI: "/search",
		wantBody:   `{"q":"a\"b","n":2,"x":2.5,"ok":false,"tags":[],"note":null,"word":"café\n"}`,
		wantHeader: map[string]string{"Content-Type": "application/json", "Accept": "*/*", "Accept-Encoding": "gzip, deflate"},
		want:       "created",
	},
	{
		name: "PUT and PATCH send a JSON body", method: "PATCH", path: "/", schema: `{"type": "object", "properties": {"v": {"type": "string"}}}`,
		status: 200, body: "ok", args: `{}`, wantMethod: "PATCH", wantURI: "/", wantBody: `{"v":null}`, want: "ok",
	},
	{
		name: "a path parameter is formatted into the path", method: "POST", path: "/users/{user_id}", schema: userSchema,
		status: 200, body: "updated", args: `{"user_id": "u42", "email": "a@b.c"}`,
		wantMethod: "POST", wantURI: "/users/u42", wantBody: `{"email":"a@b.c"}`, want: "updated",
	},
	{
		name: "a path parameter is percent-encoded as httpx does", method: "GET", path: "/files/{name}",
		schema: `{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}`,
		status: 200, body: "f", args: `{"name": "a b/ü"}`, wantMethod: "GET", wantURI: "/files/a%20b/%C3%BC", want: "f",
	},
	{
		name: "custom headers are sent as written", method: "GET", path: "/me",
		schema:  `{"type": "object", "properties": {"verbose": {"type": "string"}}, "required": ["verbose"]}`,
		headers: map[string]string{"X-Api-Key": "k-123", "Accept": "application/json"},
		status:  200, body: "you", args: `{"verbose": "yes"}`, wantMethod: "GET", wantURI: "/me?verbose=yes",
		wantHeader: map[string]string{"X-Api-Key": "k-123", "Accept": "application/json"},
		want:       "you",
	},
	{
		name: "an HTTP 500 is not an error: its body is the result", method: "GET", path: "/weather",
		schema: `{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}`,
		status: 500, body: "upstream failure for Nowhere", args: `{"city": "Nowhere"}`,
		wantMethod: "GET", wantURI: "/weather?city=Nowhere", want: "upstream failure for Nowhere",
	},
	{
		name: "return_type json is rendered as Python's str()", method: "POST", path: "/j",
		schema: `{"type": "object", "properties": {}}`, returnType: "json",
		status: 200, contentType: "application/json", body: `{"a": 1, "ok": false, "x": null, "f": 2.0, "s": "it's"}`,
		args: `{}`, wantMethod: "POST", wantURI: "/j", wantBody: `{}`,
		want: `{'a': 1, 'ok': False, 'x': None, 'f': 2.0, 's': "it's"}`,
	},
	{
		name: "the text is decoded by the charset", method: "GET", path: "/l",
		schema: `{"type": "object", "properties": {}}`,
		status: 200, contentType: "text/plain; charset=latin-1", body: "caf\xe9",
		args: `{}`, wantMethod: "GET", wantURI: "/l", want: "café",
	},
	{
		name: "bad UTF-8 is replaced", method: "GET", path: "/u",
		schema: `{"type": "object", "properties": {}}`,
		status: 200, body: "a\xe2\x82b\xff", args: `{}`, wantMethod: "GET", wantURI: "/u", want: "a\ufffdb\ufffd",
	},
}

func TestRunJSONGzip(t *testing.T) {
	rc := &recorder{status: 200, body: `{"z": [1, 2]}`, gzip: true}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	tool, err := New("z", "127.0.0.1", serverPort(t, srv), json.RawMessage(`{"type": "object", "properties": {}}`), WithReturnType("json"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := tool.RunJSON(context.Background(), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := tool.ReturnValueAsString(out); got != "{'z': [1, 2]}" {
		t.Errorf("got %q", got)
	}
	if _, ok := out.(json.RawMessage); !ok {
		t.Errorf("json result is %T, want json.RawMessage", out)
	}
}

func TestRunJSONErrors(t *testing.T) {
	rc := &recorder{status: 200, body: "not json"}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	port := serverPort(t, srv)
	cases := []struct {
		name   string
		path   string
		schema string
		opts   []Option
		args   string
		want   string // the error's text
		typ    string // *Error's Type, or "" for a *tools.ValidationError
	}{
		{
			name: "a missing required argument", path: "/users/{user_id}", schema: userSchema,
			args: `{"email": "a@b.c"}`,
			want: "1 validation error for DynamicModel\nuser_id\n  Field required [type=missing, input_value={'email': 'a@b.c'}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing",
		},
		{
			name: "wrong types, in field order", schema: mixedSchema, args: `{"n": "x", "q": 5, "ok": null}`,
			want: "3 validation errors for DynamicModel\nq\n  Input should be a valid string [type=string_type, input_value=5, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.13/v/string_type\n" +
				"n\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing\n" +
				"ok\n  Input should be a valid boolean [type=bool_type, input_value=None, input_type=NoneType]\n    For further information visit https://errors.pydantic.dev/2.13/v/bool_type",
		},
		{
			name: "the schema's title names the model", schema: `{"title": "Args", "type": "object", "properties": {"a": {"type": "string", "enum": ["x", "y"]}}, "required": ["a"]}`,
			args: `{"a": "z"}`,
			want: "1 validation error for Args\na\n  Input should be 'x' or 'y' [type=literal_error, input_value='z', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/literal_error",
		},
		{
			name: "arguments that are not JSON", schema: userSchema, args: `{"a": `,
			want: "1 validation error for DynamicModel\n  Invalid JSON: expecting value [type=json_invalid, input_value='{\"a\": ', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/json_invalid",
		},
		{
			name: "a path parameter that is not a property", path: "/u/{id}", schema: `{"type": "object", "properties": {}}`,
			args: `{}`, want: "'id'", typ: "KeyError",
		},
		{
			name: "a path that is not a valid URL path", path: "/u/{p}", schema: `{"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]}`,
			args: `{"p": "a?b"}`, want: "Invalid URL component 'path'", typ: "InvalidURL",
		},
		{
			name: "a header value that is not a string", schema: `{"type": "object", "properties": {}}`,
			opts: []Option{func(c *Config) { c.Headers = json.RawMessage(`{"X-N": 5}`) }},
			args: `{}`, want: "Header value must be str or bytes, not <class 'int'>", typ: "TypeError",
		},
		{
			name: "NaN in a JSON body", schema: `{"type": "object", "properties": {"x": {"type": "number"}}}`,
			args: `{"x": NaN}`, want: "Out of range float values are not JSON compliant: nan", typ: "ValueError",
		},
		{
			name: "an answer that is not JSON", schema: `{"type": "object", "properties": {}}`, opts: []Option{WithReturnType("json")},
			args: `{}`, want: "Expecting value: line 1 column 1 (char 0)", typ: "JSONDecodeError",
		},
		{
			name: "return_type None fails after the request", schema: `{"type": "object", "properties": {}}`,
			opts: []Option{func(c *Config) { c.ReturnType = nil }},
			args: `{}`, want: "Invalid return type: None", typ: "ValueError",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := append([]Option{WithPath(tc.path)}, tc.opts...)
			if tc.path == "" {
				opts[0] = WithPath("/")
			}
			tool, err := New("t", "127.0.0.1", port, json.RawMessage(tc.schema), opts...)
			if err != nil {
				t.Fatal(err)
			}
			_, err = tool.RunJSON(context.Background(), json.RawMessage(tc.args), "")
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tc.want {
				t.Errorf("error:\n%s\nwant:\n%s", err, tc.want)
			}
			if tc.typ == "" {
				var ve *tools.ValidationError
				if !errors.As(err, &ve) {
					t.Errorf("error is %T, want *tools.ValidationError", err)
				}
				var f *agentschema.Fault
				if !errors.As(err, &f) {
					t.Errorf("no *agentschema.Fault in %T", err)
				}
				return
			}
			var he *Error
			if !errors.As(err, &he) || he.Type != tc.typ {
				t.Errorf("error %#v, want an *Error of type %s", err, tc.typ)
			}
		})
	}
}

func TestTransportErrors(t *testing.T) {
	schema := json.RawMessage(`{"type": "object", "properties": {}}`)
	t.Run("connection refused", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		tool, err := New("t", "127.0.0.1", port, schema)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tool.RunJSON(context.Background(), nil, "")
		var he *Error
		if !errors.As(err, &he) || he.Type != "ConnectError" || err.Error() != "All connection attempts failed" {
			t.Errorf("got %#v (%v)", err, err)
		}
	})
	t.Run("read timeout", func(t *testing.T) {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-time.After(5 * time.Second):
			}
		}))
		defer srv.Close()
		defer close(release)
		tool, err := New("t", "127.0.0.1", serverPort(t, srv), schema, WithTimeout(50*time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		_, err = tool.RunJSON(context.Background(), nil, "")
		var he *Error
		if !errors.As(err, &he) || he.Type != "ReadTimeout" || !he.Timeout() {
			t.Errorf("got %#v (%v)", err, err)
		}
	})
	t.Run("server closes the connection", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			c, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				c.Close()
			}
		}))
		defer srv.Close()
		tool, err := New("t", "127.0.0.1", serverPort(t, srv), schema)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tool.RunJSON(context.Background(), nil, "")
		var he *Error
		if !errors.As(err, &he) || he.Type != "RemoteProtocolError" || err.Error() != "Server disconnected without sending a response." {
			t.Errorf("got %#v (%v)", err, err)
		}
	})
	t.Run("the context cancels the call", func(t *testing.T) {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		defer srv.Close()
		defer close(release)
		tool, err := New("t", "127.0.0.1", serverPort(t, srv), schema)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		_, err = tool.RunJSON(ctx, nil, "")
		if !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, want context.Canceled", err)
		}
	})
}

func TestSchema(t *testing.T) {
	cases := []struct {
		name, schema string
		want         string // parameters
	}{
		{
			name:   "recorded: a property without a description",
			schema: `{"type":"object","properties":{"host":{"type":"string"}},"required":["host"]}`,
			want:   `{"type":"object","properties":{"host":{"title":"Host","type":"string"}},"required":["host"],"additionalProperties":false}`,
		},
		{
			name:   "recorded: a property with a description",
			schema: `{"type": "object", "properties": {"city": {"type": "string", "description": "The city name"}}, "required": ["city"]}`,
			want:   `{"type":"object","properties":{"city":{"description":"The city name","title":"City","type":"string"}},"required":["city"],"additionalProperties":false}`,
		},
		{
			name:   "recorded: titles from names with underscores",
			schema: userSchema,
			want:   `{"type":"object","properties":{"user_id":{"description":"User id","title":"User Id","type":"string"},"email":{"description":"New email","title":"Email","type":"string"}},"required":["user_id","email"],"additionalProperties":false}`,
		},
		{
			name: "optional properties default to None without becoming Optional",
			schema: `{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "title": "ignored"},
				"unit": {"type": "string", "enum": ["c", "f"], "default": "c"}, "x-y": {"type": "number", "x-unit": {"b": 1, "a": 2}}}}`,
			want: `{"type":"object","properties":{"n":{"default":null,"minimum":1,"title":"N","type":"integer"},"unit":{"default":"c","enum":["c","f"],"title":"Unit","type":"string"},"x-y":{"default":null,"title":"X-Y","type":"number","x-unit":{"a":2,"b":1}}},"required":[],"additionalProperties":false}`,
		},
		{
			name: "types",
			schema: `{"type": "object", "properties": {
				"o": {"type": ["string", "null"]}, "l": {"type": "array", "items": {"type": "boolean"}, "maxItems": 3},
				"s": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true}, "d": {"type": "object"},
				"c": {"const": 1}, "t": {"type": "string", "format": "date-time", "minLength": 3},
				"e": {"type": "string", "format": "email"}, "z": {"type": "null"}},
				"required": ["o", "l", "s", "d", "c", "t", "e", "z"]}`,
			want: `{"type":"object","properties":{` +
				`"o":{"anyOf":[{"type":"string"},{"type":"null"}],"title":"O"},` +
				`"l":{"items":{"type":"boolean"},"maxItems":3,"title":"L","type":"array"},` +
				`"s":{"items":{"type":"integer"},"title":"S","type":"array","uniqueItems":true},` +
				`"d":{"additionalProperties":true,"title":"D","type":"object"},` +
				`"c":{"const":1,"title":"C","type":"integer"},` +
				`"t":{"format":"date-time","title":"T","type":"string"},` +
				`"e":{"pattern":"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$","title":"E","type":"string"},` +
				`"z":{"title":"Z","type":"null"}},` +
				`"required":["o","l","s","d","c","t","e","z"],"additionalProperties":false}`,
		},
		{
			name: "a nested object is its model's schema, inlined",
			schema: `{"type": "object", "properties": {"p": {"type": "object", "description": "the docstring",
				"properties": {"x": {"type": "integer"}, "y": {"type": "integer"}}, "required": ["x"]},
				"q": {"$ref": "#/$defs/Point"}}, "required": ["p", "q"],
				"$defs": {"Point": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}}`,
			want: `{"type":"object","properties":{` +
				`"p":{"description":"the docstring","properties":{"x":{"title":"X","type":"integer"},"y":{"default":null,"title":"Y","type":"integer"}},"required":["x"],"title":"DynamicModel","type":"object"},` +
				`"q":{"properties":{"x":{"title":"X","type":"integer"}},"required":["x"],"title":"Point","type":"object"}},` +
				`"required":["p","q"],"additionalProperties":false}`,
		},
		{
			name:   "a leading underscore: the alias is the key",
			schema: `{"type": "object", "properties": {"_id": {"type": "string"}}, "required": ["_id"]}`,
			want:   `{"type":"object","properties":{"_id":{"title":"Id","type":"string"}},"required":["_id"],"additionalProperties":false}`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tool, err := New("t", "localhost", 80, json.RawMessage(tc.schema), WithDescription("d"))
			if err != nil {
				t.Fatal(err)
			}
			s := tool.Schema()
			got, _ := json.Marshal(s.Parameters)
			if string(got) != tc.want {
				t.Errorf("parameters\n got %s\nwant %s", got, tc.want)
			}
			if s.Name != "t" || s.Description == nil || *s.Description != "d" || s.Strict == nil || *s.Strict {
				t.Errorf("schema %+v", s)
			}
		})
	}
}

func TestSchemaErrors(t *testing.T) {
	cases := []struct{ schema, want string }{
		{`{"type": "object", "properties": {"a": {"type": "array"}}}`, "httptool: json_schema /properties/a: Array type must specify 'items' schema"},
		{`{"type": "object", "properties": {"a": {"enum": []}}}`, "httptool: json_schema /properties/a/enum: Enum must have at least one value"},
		{`{"type": "object", "properties": {"a": {"description": "no type"}}}`, "httptool: json_schema /properties/a: Schema must specify a type. Set allow_undefined_type=True to infer Any type for schemas without explicit types."},
		{`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}]}}}`, "httptool: json_schema /properties/a: not supported: anyOf (the library builds unions and merged models)"},
		{`{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}}}`, "httptool: json_schema /properties/a/properties/a/$ref: not supported: a recursive model (#/$defs/A): AutoGen inlines $refs, which cannot end"},
		{`{"type": "string"}`, `httptool: json_schema /: not supported: a root schema of type 'string' is a RootModel, whose schema has no properties (AutoGen fails with KeyError 'properties')`},
	}
	for _, tc := range cases {
		_, err := New("t", "localhost", 80, json.RawMessage(tc.schema))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.schema, err, tc.want)
		}
		var f *agentschema.Fault
		if err != nil && !errors.As(err, &f) {
			t.Errorf("%s: no *agentschema.Fault in %T", tc.schema, err)
		}
	}
}

// a024's HttpTool component, as AutoGen 0.7.5 dumped it (host and port
// set).
const a024Component = `{"provider": "autogen_ext.tools.http.HttpTool", "component_type": "tool", "version": 1, "component_version": 1, "description": "A wrapper for using an HTTP server as a tool.", "label": "HttpTool", "config": {"name": "update_user", "description": "Update a user's email.", "scheme": "http", "host": "127.0.0.1", "port": PORT, "path": "/users/{user_id}", "method": "POST", "headers": {}, "json_schema": {"type": "object", "properties": {"user_id": {"type": "string", "description": "User id"}, "email": {"type": "string", "description": "New email"}}, "required": ["user_id", "email"]}, "return_type": "text", "timeout": 5.0}}`

func TestComponentLoad(t *testing.T) {
	rc := &recorder{status: 200, body: "updated a@b.c"}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	data := strings.Replace(a024Component, "PORT", itoa(serverPort(t, srv)), 1)
	tool, err := component.LoadAs[tools.Tool](context.Background(), []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := tool.RunJSON(context.Background(), json.RawMessage(`{"user_id": "u42", "email": "a@b.c"}`), "c1")
	if err != nil || out != "updated a@b.c" {
		t.Fatalf("got %v, %v", out, err)
	}
	s := rc.last(t)
	if s.method != "POST" || s.rawPath != "/users/u42" || s.body != `{"email":"a@b.c"}` {
		t.Errorf("request %+v", s)
	}
	dumped, err := component.Dump(tool.(component.Component))
	if err != nil {
		t.Fatal(err)
	}
	assertJSONEqual(t, "dump", dumped, []byte(data))
	state, err := tool.SaveState(context.Background())
	if err != nil || string(state) != "{}" {
		t.Errorf("state %s, %v", state, err)
	}
	if err := tool.LoadState(context.Background(), json.RawMessage(`{"x": 1}`)); err != nil {
		t.Error(err)
	}
}

func TestComponentDumpDropsNone(t *testing.T) {
	tool, err := NewFromConfig(Config{Name: "n", Scheme: "https", Host: "example.com", Port: 443, Path: "/",
		JSONSchema: json.RawMessage(`{"type": "object", "properties": {"a": {"type": "string", "default": null}}}`), Timeout: 2})
	if err != nil {
		t.Fatal(err)
	}
	if tool.Schema().Description != nil || tool.Description() != "" {
		t.Error("a None description should stay None")
	}
	m, err := tool.ComponentModel()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"name":"n","scheme":"https","host":"example.com","port":443,"path":"/","json_schema":{"type":"object","properties":{"a":{"type":"string","default":null}}},"timeout":2.0}`
	if string(m.Config) != want {
		t.Errorf("config\n got %s\nwant %s", m.Config, want)
	}
}

func TestConfigFaults(t *testing.T) {
	cases := []struct{ config, want string }{
		{`{"name": "n", "host": "h", "port": 1, "json_schema": {}}`,
			"line 1, column 1: /description: Field required (and 1 more errors)"},
		{`{"name": "n", "description": null, "host": "h",
  "port": "x", "headers": null, "json_schema": {}, "method": "get"}`,
			"line 2, column 11: /port: Input should be a valid integer, unable to parse string as an integer (and 1 more errors)"},
		{`{"name": 1, "description": null, "host": "h", "port": 1, "headers": {}, "json_schema": [], "scheme": "ftp", "timeout": "soon"}`,
			"line 1, column 10: /name: Input should be a valid string (and 3 more errors)"},
		{`{"name": "n",`, "line 1, column 14: /: Invalid JSON: expecting property name enclosed in double quotes"},
	}
	for _, tc := range cases {
		_, err := ParseConfig([]byte(tc.config))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.config, err, tc.want)
		}
	}
	_, err := ParseConfig([]byte(`{"name": "n", "description": null, "host": "h", "port": 1, "headers": null, "json_schema": {}, "method": "get"}`))
	var f *agentschema.Fault
	if !errors.As(err, &f) || f.Pointer != "/method" || f.Type != "literal_error" || f.Message != "Input should be 'GET', 'POST', 'PUT', 'DELETE' or 'PATCH'" {
		t.Errorf("got %#v", f)
	}
	// Through component.Load, the fault is wrapped in a *component.LoadError.
	_, err = component.Load(context.Background(), []byte(`{"provider": "autogen_ext.tools.http.HttpTool", "config": {"name": "n"}}`))
	var le *component.LoadError
	if !errors.As(err, &le) || !errors.As(err, &f) || f.Pointer != "/description" {
		t.Errorf("got %v", err)
	}
}

func TestConfigRoundTrip(t *testing.T) {
	data := `{"name":"n","description":"d","scheme":"http","host":"h","port":8080,"path":"/p","method":null,"headers":{"X-A":"1","x-b":null},"json_schema":{"type":"object","properties":{"é":{"type":"string"}}},"return_type":"json","timeout":0.5}`
	c, err := ParseConfig([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != data {
		t.Errorf("got  %s\nwant %s", got, data)
	}
	c2, err := ParseConfig([]byte(`{"name": "n", "description": null, "host": "h", "port": "8080", "headers": null, "json_schema": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	if c2.Scheme != "http" || c2.Path != "/" || *c2.Method != "POST" || *c2.ReturnType != "text" || c2.Timeout != 5 || c2.Port != 8080 || c2.Headers != nil || c2.Description != nil {
		t.Errorf("defaults %+v", c2)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// The model's docstring is cleaned as inspect.cleandoc cleans it (values
// from CPython 3.11).
func TestCleandoc(t *testing.T) {
	for doc, want := range map[string]string{
		"  A point.\n    more\n      deeper\n  ": "A point.\nmore\n  deeper",
		"x\n\n\ty":                               "x\n\ny",
		"\n\n  lead\n  two\n\n":                  "lead\ntwo",
	} {
		if got := cleandoc(doc); got != want {
			t.Errorf("cleandoc(%q) = %q, want %q", doc, got, want)
		}
	}
}
