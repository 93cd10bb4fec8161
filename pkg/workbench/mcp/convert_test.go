package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/workbench/mcp/internal/testserver"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestEmbeddedResourceJSON(t *testing.T) {
	// EmbeddedResource.model_dump_json() (mcp/types.py): declared fields
	// by name in order (None included), then the extra members; AnyUrl
	// normalized; priority a float. Derived by hand from the models.
	cases := []struct{ in, want string }{
		{`{"type":"resource","resource":{"uri":"file:///a.txt","text":"x"}}`,
			`{"type":"resource","resource":{"uri":"file:///a.txt","mimeType":null,"meta":null,"text":"x"},"annotations":null,"meta":null}`},
		{`{"type":"resource","resource":{"blob":"AAE=","uri":"HTTP://Example.COM:80","mimeType":"application/octet-stream","_meta":{"k":1}},"annotations":{"priority":1,"audience":["user"],"x":true},"_meta":{"a":[1.0,"é"]},"extra":"kept"}`,
			`{"type":"resource","resource":{"uri":"http://example.com/","mimeType":"application/octet-stream","meta":{"k":1},"blob":"AAE="},"annotations":{"audience":["user"],"priority":1.0,"x":true},"meta":{"a":[1.0,"é"]},"extra":"kept"}`},
		{`{"type":"resource","resource":{"uri":"https://h:8443?q=1","text":"t","size":3}}`,
			`{"type":"resource","resource":{"uri":"https://h:8443/?q=1","mimeType":null,"meta":null,"text":"t","size":3},"annotations":null,"meta":null}`},
	}
	for _, c := range cases {
		v, err := pyjson.Parse([]byte(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := embeddedResourceJSON(&v); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestAnyURL(t *testing.T) {
	cases := map[string]string{
		"test://static/hello":        "test://static/hello",
		"TEST://Static/Hello":        "test://Static/Hello",
		"http://example.com":         "http://example.com/",
		"https://EXAMPLE.com:443/a":  "https://example.com/a",
		"https://user@Host:444#frag": "https://user@host:444/#frag",
		"file:///tmp/x":              "file:///tmp/x",
		"urn:isbn:1":                 "urn:isbn:1",
	}
	for in, want := range cases {
		if got := anyURL(pyjson.StrValue(in)); got.Str != want {
			t.Errorf("anyURL(%q) = %q, want %q", in, got.Str, want)
		}
	}
}

func TestCaptureBody(t *testing.T) {
	// An SSE answer: a notification, then the response (data split over
	// two lines, CRLF line ends), read in small pieces.
	stream := "event: message\r\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\r\n\r\n" +
		"id: 1\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\n" + "data: \"result\":{\"b\":1,\"a\":2}}\n\n"
	s := &rawSlot{}
	b := &captureBody{ReadCloser: io.NopCloser(iotestOneByte(strings.NewReader(stream))), slot: s, sse: true}
	if _, err := io.ReadAll(b); err != nil {
		t.Fatal(err)
	}
	if got := s.all(); len(got) != 1 || string(got[0]) != `{"b":1,"a":2}` {
		t.Errorf("results %q", got)
	}
	s2 := &rawSlot{}
	b2 := &captureBody{ReadCloser: io.NopCloser(strings.NewReader(`{"jsonrpc":"2.0","id":"x","result":{"z":[]}}`)), slot: s2}
	if _, err := io.ReadAll(b2); err != nil {
		t.Fatal(err)
	}
	if got := s2.all(); len(got) != 1 || string(got[0]) != `{"z":[]}` {
		t.Errorf("JSON results %q", got)
	}
}

type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

func iotestOneByte(r io.Reader) io.Reader { return oneByte{r} }

func TestHTTPHeadersAndTerminate(t *testing.T) {
	for _, terminate := range []bool{true, false} {
		srv := testserver.New(testserver.Options{Stdout: discard{}, Exit: func(int) {}})
		h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
		var mu sync.Mutex
		var methods []string
		auth := map[string]bool{}
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			methods = append(methods, r.Method)
			auth[r.Header.Get("Authorization")] = true
			mu.Unlock()
			h.ServeHTTP(w, r)
		}))
		p := params(t, `{"type":"StreamableHttpServerParams","url":"`+ts.URL+`","headers":{"Authorization":"Bearer s3cret"}}`).(*gen.StreamableHttpServerParams)
		p.TerminateOnClose = terminate
		w, err := New(p, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.ListTools(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := w.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		ts.Close()
		mu.Lock()
		deleted := bytes.Contains([]byte(strings.Join(methods, ",")), []byte("DELETE"))
		if deleted != terminate {
			t.Errorf("terminate_on_close %v: requests %v", terminate, methods)
		}
		if len(auth) != 1 || !auth["Bearer s3cret"] {
			t.Errorf("Authorization headers seen: %v", auth)
		}
		mu.Unlock()
	}
}

func TestHeaderValues(t *testing.T) {
	if _, err := headerValues(gen.RawJSON(`{"A":1}`)); err == nil {
		t.Error("a number header: no error")
	}
	h, err := headerValues(gen.RawJSON(`{"X-A":"1","x-b":"2"}`))
	if err != nil || h.Get("X-A") != "1" || h.Get("X-B") != "2" {
		t.Errorf("%v %v", h, err)
	}
}

func TestServerEnv(t *testing.T) {
	t.Setenv("PATH", "/bin")
	t.Setenv("SHELL", "() { :; }") // a function: not inherited
	t.Setenv("AGENTSCHEMA_SECRET", "x")
	env := serverEnv(map[string]string{"B": "2", "A": "1", "PATH": "/usr/bin"})
	got := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		got[k] = v
	}
	if got["PATH"] != "/usr/bin" || got["A"] != "1" || got["B"] != "2" {
		t.Errorf("env %v", env)
	}
	if _, ok := got["SHELL"]; ok {
		t.Errorf("SHELL inherited: %v", env)
	}
	if _, ok := got["AGENTSCHEMA_SECRET"]; ok {
		t.Errorf("a variable outside DEFAULT_INHERITED_ENV_VARS inherited: %v", env)
	}
}

func TestFormatError(t *testing.T) {
	// _format_errors: str(e) + "\n", not stripped; a group's members
	// concatenated.
	if got := FormatError(&Error{Message: "boom "}); got != "boom \n" {
		t.Errorf("%q", got)
	}
	if got := FormatError(errorsJoin(&Error{Message: "a"}, &Error{Message: "b"})); got != "a\nb\n" {
		t.Errorf("%q", got)
	}
	if got := timeoutMessage(5); got != "Timed out while waiting for response to ClientRequest. Waited 5.0 seconds." {
		t.Errorf("%q", got)
	}
	_ = json.Valid
}

func errorsJoin(errs ...error) error { return joined(errs) }

type joined []error

func (j joined) Error() string   { return "group" }
func (j joined) Unwrap() []error { return j }
