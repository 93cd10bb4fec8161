package runtimecase

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// ExhaustedBody is the model endpoint's answer (HTTP 400) once its script
// is used up: an OpenAI error body.
const ExhaustedBody = `{"error": {"message": "mock script exhausted", "type": "invalid_request_error", "param": null, "code": null}}`

// listenLoopback starts an httptest.Server for h on 127.0.0.1 (never ::1,
// so that the placeholders' host holds).
func listenLoopback(h http.Handler) (*httptest.Server, error) {
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("runtimecase: listening on 127.0.0.1: %w", err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	return srv, nil
}

// ModelServer is the scripted OpenAI chat-completions endpoint of one run.
// The N-th request it gets (whatever its method and path), counted from 0
// in order of arrival, is answered with script[N] verbatim; once the script
// is used up, with HTTP 400 and ExhaustedBody. It records every request and
// is safe for concurrent requests.
type ModelServer struct {
	srv    *httptest.Server
	script []ScriptEntry

	mu   sync.Mutex
	reqs []ModelRequest
}

// NewModelServer starts a model endpoint answering with script.
func NewModelServer(script []ScriptEntry) (*ModelServer, error) {
	m := &ModelServer{script: script}
	srv, err := listenLoopback(http.HandlerFunc(m.serve))
	if err != nil {
		return nil, err
	}
	m.srv = srv
	return m, nil
}

func (m *ModelServer) serve(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "reading the request body: "+err.Error(), http.StatusInternalServerError)
		return
	}
	m.mu.Lock()
	n := len(m.reqs)
	m.reqs = append(m.reqs, ModelRequest{Method: r.Method, Path: r.URL.Path, Body: parseBody(data)})
	m.mu.Unlock()
	if n >= len(m.script) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, ExhaustedBody)
		return
	}
	e := m.script[n]
	ct, status := e.ContentType, e.Status
	if ct == "" {
		ct = "application/json"
	}
	if status == 0 {
		status = http.StatusOK
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	io.WriteString(w, e.Body)
}

// URL is the endpoint's origin, "http://127.0.0.1:PORT".
func (m *ModelServer) URL() string { return m.srv.URL }

// Requests returns the requests received so far, in order of arrival.
func (m *ModelServer) Requests() []ModelRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]ModelRequest(nil), m.reqs...)
}

// Close shuts the endpoint down, waiting for the requests in flight. It
// may be called more than once.
func (m *ModelServer) Close() { m.srv.Close() }

// ToolServer is the HTTP tool endpoint of one run. A request is answered by
// the first route whose Method and Path equal the request's (the path
// unescaped): its Status (default 200), ContentType (default text/plain)
// and Body with every {name} (name a word: letters, digits, _) replaced by
// the argument name's value, when there is one. The arguments are the
// query string for GET and DELETE (the first value of each parameter), the
// top-level members of the JSON body otherwise; a non-string value is
// written as Python's json.dumps writes it ("true", "2.5", "[1, 2]"). No
// route: 404 "no route". It records every request and is safe for
// concurrent requests.
type ToolServer struct {
	srv    *httptest.Server
	routes []ToolRoute

	mu   sync.Mutex
	reqs []ToolRequest
}

// NewToolServer starts a tool endpoint serving routes.
func NewToolServer(routes []ToolRoute) (*ToolServer, error) {
	ts := &ToolServer{routes: routes}
	srv, err := listenLoopback(http.HandlerFunc(ts.serve))
	if err != nil {
		return nil, err
	}
	ts.srv = srv
	return ts, nil
}

var argRef = regexp.MustCompile(`\{(\w+)\}`)

func (ts *ToolServer) serve(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "reading the request body: "+err.Error(), http.StatusInternalServerError)
		return
	}
	query := map[string]string{}
	for k, vs := range r.URL.Query() {
		if len(vs) > 0 {
			query[k] = vs[0]
		}
	}
	headers := map[string]string{}
	for k, vs := range r.Header {
		if lk := strings.ToLower(k); strings.HasPrefix(lk, "x-") {
			headers[lk] = strings.Join(vs, ", ")
		}
	}
	ts.mu.Lock()
	ts.reqs = append(ts.reqs, ToolRequest{
		Method: r.Method, Path: r.URL.Path, Query: query, Body: parseBody(data), Headers: headers,
	})
	ts.mu.Unlock()

	var route *ToolRoute
	for i := range ts.routes {
		if ts.routes[i].Method == r.Method && ts.routes[i].Path == r.URL.Path {
			route = &ts.routes[i]
			break
		}
	}
	if route == nil {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, "no route")
		return
	}
	var args map[string]string
	if r.Method == http.MethodGet || r.Method == http.MethodDelete {
		args = query
	} else {
		args = bodyArgs(data)
	}
	body := argRef.ReplaceAllStringFunc(route.Body, func(ref string) string {
		if v, ok := args[ref[1:len(ref)-1]]; ok {
			return v
		}
		return ref
	})
	ct, status := route.ContentType, route.Status
	if ct == "" {
		ct = "text/plain"
	}
	if status == 0 {
		status = http.StatusOK
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// bodyArgs returns the top-level members of a JSON object body as
// arguments: strings as they are, other values as json.dumps writes them.
// A body that is not a JSON object has no arguments.
func bodyArgs(data []byte) map[string]string {
	v, err := pyjson.Parse(data)
	if err != nil || v.Kind != pyjson.Dict {
		return nil
	}
	args := make(map[string]string, len(v.Keys))
	for i, k := range v.Keys {
		val := &v.Vals[i]
		if val.Kind == pyjson.Str {
			args[k.Str] = val.Str
		} else {
			args[k.Str] = pyjson.Dumps(val)
		}
	}
	return args
}

// parseBody returns a request body as a JSON value (json.Number numbers),
// nil when empty, its text when it is not one JSON value.
func parseBody(data []byte) any {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	v, err := decodeOne(data)
	if err != nil {
		return string(data)
	}
	return v
}

// URL is the endpoint's origin, "http://127.0.0.1:PORT".
func (ts *ToolServer) URL() string { return ts.srv.URL }

// Host is the endpoint's host, "127.0.0.1".
func (ts *ToolServer) Host() string {
	host, _, _ := net.SplitHostPort(ts.srv.Listener.Addr().String())
	return host
}

// Port is the endpoint's port.
func (ts *ToolServer) Port() int {
	return ts.srv.Listener.Addr().(*net.TCPAddr).Port
}

// Requests returns the requests received so far, in order of arrival.
func (ts *ToolServer) Requests() []ToolRequest {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]ToolRequest(nil), ts.reqs...)
}

// Close shuts the endpoint down, waiting for the requests in flight. It
// may be called more than once.
func (ts *ToolServer) Close() { ts.srv.Close() }

// Servers are the two endpoints of one run.
type Servers struct {
	Model *ModelServer // the scripted OpenAI endpoint
	Tool  *ToolServer  // the HttpTool endpoint
	// WorkDir is what "{{WORK_DIR}}" stands for in the case (see
	// Placeholders.WorkDir); the caller sets it, "" when unused.
	WorkDir string
}

// NewServers starts the endpoints of run r of case c: the model endpoint
// with r's script, the tool endpoint with c's routes. The caller closes
// them.
func NewServers(c *Case, r *Run) (*Servers, error) {
	m, err := NewModelServer(r.ModelScript)
	if err != nil {
		return nil, fmt.Errorf("case %s: model endpoint: %w", c.ID, err)
	}
	ts, err := NewToolServer(c.ToolRoutes)
	if err != nil {
		m.Close()
		return nil, fmt.Errorf("case %s: tool endpoint: %w", c.ID, err)
	}
	return &Servers{Model: m, Tool: ts}, nil
}

// Start is NewServers for a test: a failure to start is fatal, and the
// endpoints are closed when the test ends (Close may be called earlier).
func Start(t testing.TB, c *Case, r *Run) *Servers {
	t.Helper()
	s, err := NewServers(c, r)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// Close shuts both endpoints down. It may be called more than once.
func (s *Servers) Close() {
	s.Model.Close()
	s.Tool.Close()
}

// Placeholders returns what the placeholders stand for in this run.
func (s *Servers) Placeholders() Placeholders {
	return Placeholders{BaseURL: s.Model.URL(), ToolHost: s.Tool.Host(), ToolPort: s.Tool.Port(), WorkDir: s.WorkDir}
}

// Outcome gathers a finished execution's results with the requests the
// endpoints recorded. state is the saved state file's content, nil when
// none was written.
func (s *Servers) Outcome(exitCode int, stdout, stderr, state []byte) *Outcome {
	return &Outcome{
		ExitCode:      exitCode,
		Stdout:        stdout,
		Stderr:        stderr,
		State:         state,
		ModelRequests: s.Model.Requests(),
		ToolRequests:  s.Tool.Requests(),
	}
}

// Compare is Compare(&r.Expect, got, s.Placeholders()).
func (s *Servers) Compare(r *Run, got *Outcome) []string {
	return Compare(&r.Expect, got, s.Placeholders())
}
