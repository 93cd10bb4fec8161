package runtimecase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one case file, <dir>/<kind>/<name>.json: a dumped component run
// once or more against scripted endpoints.
type Case struct {
	// ID is "<kind>/<name>", the file's path under the runtime directory
	// without ".json", such as "assistant/a010_tool_no_reflect".
	ID string `json:"id"`
	// Kind is the directory the case is in: "assistant", "round_robin",
	// "selector", "swarm", "graph" or "magentic_one".
	Kind string `json:"kind"`
	// Note says what the case exercises.
	Note string `json:"note"`
	// Config is the dumped component (agent or team) with placeholders, as
	// written in the file (key order kept); see Placeholders.Apply.
	Config json.RawMessage `json:"config"`
	// ToolRoutes are the tool endpoint's routes, shared by every run.
	ToolRoutes []ToolRoute `json:"tool_routes"`
	// Runs are executed in order, each as one 'agentschema run'.
	Runs []*Run `json:"runs"`

	// File is the path the case was read from.
	File string `json:"-"`
}

// ToolRoute is one route of the tool endpoint.
type ToolRoute struct {
	// Method and Path must equal the request's for the route to answer.
	Method string `json:"method"`
	Path   string `json:"path"`
	// Status is the HTTP status; 0 means 200.
	Status int `json:"status"`
	// ContentType is the Content-Type; "" means "text/plain".
	ContentType string `json:"content_type"`
	// Body is the response body, in which every {name} is replaced by the
	// request's argument name (see ToolServer).
	Body string `json:"body"`
}

// ScriptEntry is one answer of the model endpoint, sent verbatim.
type ScriptEntry struct {
	// Status is the HTTP status; 0 means 200.
	Status int `json:"status"`
	// ContentType is the Content-Type; "" means "application/json".
	ContentType string `json:"content_type"`
	// Body is the response body: a JSON completion, an OpenAI error, or a
	// complete text/event-stream text ending in "data: [DONE]".
	Body string `json:"body"`
}

// Run is one execution of the command within a case.
type Run struct {
	// Task, when not nil, is given as --task.
	Task *string `json:"task"`
	// TaskMessages, when not nil, is a JSON array of AgentChat messages
	// written to a file given as --task-file. Neither Task nor
	// TaskMessages: the run has no task.
	TaskMessages json.RawMessage `json:"task_messages"`
	// State, when not nil, is a saved state (with placeholders) given as
	// --state.
	State json.RawMessage `json:"state"`
	// StateFromPrevious says that --state is the file the previous run of
	// the case saved.
	StateFromPrevious bool `json:"state_from_previous"`
	// ModelScript are the model endpoint's answers, the N-th request
	// getting ModelScript[N].
	ModelScript []ScriptEntry `json:"model_script"`
	// Expect is what the run must produce.
	Expect Expect `json:"expect"`
}

// Expect is what a run must produce, as the README's Comparison section
// says. JSON values are decoded with json.Decoder.UseNumber: numbers are
// json.Number.
type Expect struct {
	// ExitCode is the command's exit status: 0, or 1 when the run raised.
	ExitCode int `json:"exit_code"`
	// Stdout are the normalized stdout lines, the last the TaskResult.
	Stdout []any `json:"stdout"`
	// ModelRequests are the requests the model endpoint gets, in order.
	ModelRequests []ModelRequest `json:"model_requests"`
	// ToolRequests are the requests the tool endpoint gets, in any order.
	ToolRequests []ToolRequest `json:"tool_requests"`
	// State is the normalized saved state; compared only when ExitCode is 0.
	State any `json:"state"`
	// Error is the "ExceptionClass: message" AutoGen raised, when ExitCode
	// is 1. It is informational: stderr is not compared.
	Error string `json:"error"`
}

// ModelRequest is one request to the model endpoint.
type ModelRequest struct {
	// Method and Path are the request's ("POST", "/v1/chat/completions").
	Method string `json:"method"`
	Path   string `json:"path"`
	// Body is the request's JSON body (json.Number numbers); a body that is
	// not JSON is recorded as its text, an empty one as nil.
	Body any `json:"body"`
}

// ToolRequest is one request to the tool endpoint.
type ToolRequest struct {
	// Method and Path are the request's, the path unescaped.
	Method string `json:"method"`
	Path   string `json:"path"`
	// Query holds the query string's parameters (the first value of each).
	Query map[string]string `json:"query"`
	// Body is the request's JSON body (json.Number numbers), nil when
	// empty; a body that is not JSON is recorded as its text.
	Body any `json:"body"`
	// Headers holds the request's x-* headers, names lower-cased, several
	// values joined by ", ".
	Headers map[string]string `json:"headers"`
}

// value is r as a JSON value for comparison.
func (r ModelRequest) value() any {
	return map[string]any{"method": r.Method, "path": r.Path, "body": r.Body}
}

// value is r as a JSON value for comparison; a nil Query or Headers is an
// empty object.
func (r ToolRequest) value() any {
	return map[string]any{
		"method":  r.Method,
		"path":    r.Path,
		"query":   stringMap(r.Query),
		"body":    r.Body,
		"headers": stringMap(r.Headers),
	}
}

func stringMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// LoadDir reads the cases <dir>/<kind>/*.json for each kind, kinds in the
// order given and files sorted by name within a kind. With no kinds it
// reads every subdirectory of dir, in sorted order. Unknown fields are
// errors (the format is the README's), and so are an id other than
// "<kind>/<name>", a case without runs, a run with both task and
// task_messages, a first run with state_from_previous, and a run with both
// state and state_from_previous. Errors name the file.
func LoadDir(dir string, kinds ...string) ([]*Case, error) {
	if len(kinds) == 0 {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("runtimecase: %w", err)
		}
		for _, e := range entries {
			if e.IsDir() {
				kinds = append(kinds, e.Name())
			}
		}
	}
	var cases []*Case
	for _, kind := range kinds {
		kdir := filepath.Join(dir, kind)
		if _, err := os.Stat(kdir); err != nil {
			return nil, fmt.Errorf("runtimecase: kind %q: %w", kind, err)
		}
		files, err := filepath.Glob(filepath.Join(kdir, "*.json"))
		if err != nil {
			return nil, fmt.Errorf("runtimecase: kind %q: %w", kind, err)
		}
		sort.Strings(files)
		for _, f := range files {
			c, err := LoadFile(f)
			if err != nil {
				return nil, err
			}
			if c.Kind != kind {
				return nil, fmt.Errorf("runtimecase: %s: kind %q is not its directory's %q", f, c.Kind, kind)
			}
			if want := kind + "/" + strings.TrimSuffix(filepath.Base(f), ".json"); c.ID != want {
				return nil, fmt.Errorf("runtimecase: %s: id %q is not %q", f, c.ID, want)
			}
			cases = append(cases, c)
		}
	}
	return cases, nil
}

// LoadFile reads and checks one case file (see LoadDir).
func LoadFile(path string) (*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("runtimecase: %w", err)
	}
	c, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("runtimecase: %s: %w", path, err)
	}
	c.File = path
	return c, nil
}

// Decode decodes and checks one case (see LoadDir); numbers in JSON values
// are json.Number.
func Decode(data []byte) (*Case, error) {
	var c Case
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("decoding case: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("decoding case: data after the case object at offset %d", dec.InputOffset())
	}
	if len(c.Config) == 0 || string(c.Config) == "null" {
		return nil, fmt.Errorf("case %q: no config", c.ID)
	}
	if len(c.Runs) == 0 {
		return nil, fmt.Errorf("case %q: no runs", c.ID)
	}
	for i, r := range c.Runs {
		if r == nil {
			return nil, fmt.Errorf("case %q: runs[%d] is null", c.ID, i)
		}
		// A null task_messages or state reads as absent.
		if string(r.TaskMessages) == "null" {
			r.TaskMessages = nil
		}
		if string(r.State) == "null" {
			r.State = nil
		}
		if r.Task != nil && r.TaskMessages != nil {
			return nil, fmt.Errorf("case %q: runs[%d] has both task and task_messages", c.ID, i)
		}
		if r.StateFromPrevious && i == 0 {
			return nil, fmt.Errorf("case %q: runs[0] has state_from_previous but no previous run", c.ID)
		}
		if r.StateFromPrevious && r.State != nil {
			return nil, fmt.Errorf("case %q: runs[%d] has both state and state_from_previous", c.ID, i)
		}
		if r.Expect.ExitCode != 0 && r.Expect.ExitCode != 1 {
			return nil, fmt.Errorf("case %q: runs[%d]: expect.exit_code %d is neither 0 nor 1", c.ID, i, r.Expect.ExitCode)
		}
	}
	return &c, nil
}
