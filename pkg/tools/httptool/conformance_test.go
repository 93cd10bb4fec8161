package httptool

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/component"
)

// The runtime conformance cases record AutoGen 0.7.5 running agents whose
// tools are HttpTools against a scripted tool endpoint (see
// testdata/conformance/runtime/README.md). For every HttpTool of every
// case this test checks, against the recording:
//
//   - the tool loads from its dumped component and dumps back to it;
//   - its Schema() is the tool AutoGen sent to the model;
//   - each call the model made gives the result AutoGen put in its
//     ToolCallExecutionEvent, and the endpoint receives the requests
//     AutoGen's tool sent (method, path, query, body, x-* headers).

const conformanceDir = "../../../testdata/conformance/runtime"

// route is one answer of the scripted tool endpoint.
type route struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	Status      int    `json:"status"`
	ContentType string `json:"content_type"`
	Body        string `json:"body"`
}

// recorded is one request the endpoint received, as the cases record it.
type recorded struct {
	Method  string            `json:"method"`
	Path    string            `json:"path"`
	Query   map[string]string `json:"query"`
	Body    any               `json:"body"`
	Headers map[string]string `json:"headers"`
}

// endpoint is the scripted tool endpoint of the cases' README.
type endpoint struct {
	routes []route
	mu     sync.Mutex
	got    []recorded
}

var braceWord = regexp.MustCompile(`\{(\w+)\}`)

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	rec := recorded{Method: r.Method, Path: r.URL.Path, Query: map[string]string{}, Headers: map[string]string{}}
	args := map[string]string{}
	for k, v := range r.URL.Query() {
		rec.Query[k] = v[0]
	}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &rec.Body)
	}
	for k, v := range r.Header {
		if strings.HasPrefix(strings.ToLower(k), "x-") {
			rec.Headers[strings.ToLower(k)] = v[0]
		}
	}
	if r.Method == "GET" || r.Method == "DELETE" {
		args = rec.Query
	} else if m, ok := rec.Body.(map[string]any); ok {
		for k, v := range m {
			if s, ok := v.(string); ok {
				args[k] = s
			} else {
				b, _ := json.Marshal(v)
				args[k] = string(b)
			}
		}
	}
	e.mu.Lock()
	e.got = append(e.got, rec)
	e.mu.Unlock()
	for _, rt := range e.routes {
		if rt.Method == r.Method && rt.Path == r.URL.Path {
			ct, status := rt.ContentType, rt.Status
			if ct == "" {
				ct = "text/plain"
			}
			if status == 0 {
				status = 200
			}
			w.Header().Set("Content-Type", ct)
			w.WriteHeader(status)
			_, _ = io.WriteString(w, braceWord.ReplaceAllStringFunc(rt.Body, func(m string) string {
				if v, ok := args[m[1:len(m)-1]]; ok {
					return v
				}
				return m
			}))
			return
		}
	}
	w.WriteHeader(404)
	_, _ = io.WriteString(w, "no route")
}

// runtimeCase is what the test reads of a case.
type runtimeCase struct {
	Config json.RawMessage `json:"config"`
	Routes []route         `json:"tool_routes"`
	Runs   []struct {
		Expect struct {
			Stdout        []json.RawMessage `json:"stdout"`
			ModelRequests []struct {
				Body struct {
					Tools []struct {
						Function json.RawMessage `json:"function"`
					} `json:"tools"`
				} `json:"body"`
			} `json:"model_requests"`
			ToolRequests []recorded `json:"tool_requests"`
		} `json:"expect"`
	} `json:"runs"`
}

// httpTools returns the HttpTool components in a config, in order, as
// JSON (key order kept).
func httpTools(v *pyjson.Value) [][]byte {
	var out [][]byte
	switch v.Kind {
	case pyjson.Dict:
		if p, ok := v.Get("provider"); ok && p.Kind == pyjson.Str && p.Str == Provider {
			return [][]byte{pyjson.AppendJSON(nil, v)}
		}
		for i := range v.Vals {
			out = append(out, httpTools(&v.Vals[i])...)
		}
	case pyjson.List:
		for i := range v.List {
			out = append(out, httpTools(&v.List[i])...)
		}
	}
	return out
}

// substitute replaces the cases' placeholders for the endpoint.
func substitute(data []byte, port int) []byte {
	data = bytes.ReplaceAll(data, []byte(`"{{TOOL_PORT}}"`), []byte(strconv.Itoa(port)))
	return bytes.ReplaceAll(data, []byte(`{{TOOL_HOST}}`), []byte("127.0.0.1"))
}

func TestConformanceRuntimeCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "*", "*.json"))
	if len(files) == 0 {
		t.Skip("no runtime conformance cases")
	}
	checked := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(Provider)) {
			continue
		}
		name := filepath.Base(filepath.Dir(file)) + "/" + strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			var c runtimeCase
			if err := json.Unmarshal(data, &c); err != nil {
				t.Fatal(err)
			}
			ep := &endpoint{routes: c.Routes}
			srv := httptest.NewServer(ep)
			defer srv.Close()
			port := srv.Listener.Addr().(*net.TCPAddr).Port
			cfg, err := pyjson.Parse(substitute(c.Config, port))
			if err != nil {
				t.Fatal(err)
			}
			byName := loadHTTPTools(t, &cfg)
			ep.got = nil
			var want []recorded
			for _, run := range c.Runs {
				want = append(want, run.Expect.ToolRequests...)
				for _, mr := range run.Expect.ModelRequests {
					for _, ft := range mr.Body.Tools {
						var fn struct {
							Name string `json:"name"`
						}
						_ = json.Unmarshal(ft.Function, &fn)
						tool, ok := byName[fn.Name]
						if !ok {
							continue // a handoff
						}
						got, _ := json.Marshal(tool.Schema())
						assertJSONEqual(t, "schema of "+fn.Name, got, ft.Function)
					}
				}
				checked += checkToolCalls(t, byName, run.Expect.Stdout)
			}
			if !sameRequests(ep.got, want) {
				g, _ := json.Marshal(ep.got)
				w, _ := json.Marshal(want)
				t.Errorf("tool requests:\n got %s\nwant %s", g, w)
			}
		})
	}
	if checked == 0 {
		t.Error("no tool call checked")
	}
}

// loadHTTPTools loads each HttpTool component of cfg, checks that it dumps
// to what was loaded, and returns the tools by name.
func loadHTTPTools(t *testing.T, cfg *pyjson.Value) map[string]*HTTPTool {
	t.Helper()
	byName := map[string]*HTTPTool{}
	for _, envelope := range httpTools(cfg) {
		v, err := component.Load(context.Background(), envelope)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		tool := v.(*HTTPTool)
		byName[tool.Name()] = tool
		dumped, err := component.Dump(tool)
		if err != nil {
			t.Fatal(err)
		}
		assertJSONEqual(t, "dump of "+tool.Name(), dumped, envelope)
	}
	return byName
}

// checkToolCalls runs each call the model made, as the ToolCallRequestEvents
// of stdout record it, and checks the result against the one AutoGen gave
// (the ToolCallExecutionEvents); it returns the number of calls checked.
func checkToolCalls(t *testing.T, byName map[string]*HTTPTool, stdout []json.RawMessage) int {
	t.Helper()
	checked := 0
	calls := map[string][2]string{}
	for _, line := range stdout {
		var ev struct {
			Type    string          `json:"type"`
			Content json.RawMessage `json:"content"`
		}
		_ = json.Unmarshal(line, &ev)
		switch ev.Type {
		case "ToolCallRequestEvent":
			var reqs []struct{ ID, Name, Arguments string }
			_ = json.Unmarshal(ev.Content, &reqs)
			for _, r := range reqs {
				calls[r.ID] = [2]string{r.Name, r.Arguments}
			}
		case "ToolCallExecutionEvent":
			var res []struct {
				CallID  string `json:"call_id"`
				Content string `json:"content"`
				IsError bool   `json:"is_error"`
			}
			_ = json.Unmarshal(ev.Content, &res)
			for _, r := range res {
				call := calls[r.CallID]
				tool, ok := byName[call[0]]
				if !ok {
					continue
				}
				out, err := tool.RunJSON(context.Background(), json.RawMessage(call[1]), r.CallID)
				text := ""
				if err != nil {
					text = err.Error()
				} else {
					text = tool.ReturnValueAsString(out)
				}
				if text != r.Content || (err != nil) != r.IsError {
					t.Errorf("call %s %s%s: got %q (error %v), want %q (error %v)", r.CallID, call[0], call[1], text, err, r.Content, r.IsError)
				}
				checked++
			}
		}
	}
	return checked
}

// sameRequests compares two lists of requests as multisets.
func sameRequests(a, b []recorded) bool {
	key := func(r recorded) string {
		if r.Query == nil {
			r.Query = map[string]string{}
		}
		if r.Headers == nil {
			r.Headers = map[string]string{}
		}
		s, _ := json.Marshal(r)
		return string(s)
	}
	var ka, kb []string
	for _, r := range a {
		ka = append(ka, key(r))
	}
	for _, r := range b {
		kb = append(kb, key(r))
	}
	sort.Strings(ka)
	sort.Strings(kb)
	return reflect.DeepEqual(ka, kb)
}

// assertJSONEqual compares two JSON texts as values.
func assertJSONEqual(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v in %s", what, err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: %v in %s", what, err, want)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}
