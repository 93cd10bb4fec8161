package clientcase

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// Case is one recorded call of an AutoGen client. Every expected value
// comes from the recording.
type Case struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Client string `json:"client"`
	// Config is the client's component config; "{{BASE_URL}}" stands for
	// the fake server's origin.
	Config json.RawMessage `json:"config"`
	// Messages is the list of LLMMessage given to create.
	Messages        json.RawMessage   `json:"messages"`
	Tools           []json.RawMessage `json:"tools"`
	ToolChoice      json.RawMessage   `json:"tool_choice"`
	JSONOutput      json.RawMessage   `json:"json_output"`
	ExtraCreateArgs json.RawMessage   `json:"extra_create_args"`
	Stream          bool              `json:"stream"`
	// Request is the first request AutoGen sent (nil when none was), the
	// further ones are in MoreRequests.
	Request      *Request  `json:"request"`
	MoreRequests []Request `json:"more_requests"`
	Response     Response  `json:"response"`
	// Result is the CreateResult, Chunks the streamed strings.
	Result json.RawMessage `json:"result"`
	Chunks []string        `json:"chunks"`
	Error  *Error          `json:"error"`
	// UsageAfter is the client's usage after the call.
	UsageAfter *struct {
		ActualUsage json.RawMessage `json:"actual_usage"`
		TotalUsage  json.RawMessage `json:"total_usage"`
	} `json:"usage_after"`
	// StubDependent marks an error whose text depends on the recorder's
	// stub: only its class is compared.
	StubDependent bool `json:"stub_dependent"`
}

// Request is a recorded request.
type Request struct {
	Method string            `json:"method"`
	Path   string            `json:"path"`
	Query  map[string]string `json:"query"`
	Body   json.RawMessage   `json:"body"`
	// Authorization and APIKeyHeader say whether the Authorization and
	// api-key headers were sent (their values are secrets).
	Authorization bool `json:"authorization"`
	APIKeyHeader  bool `json:"api_key_header"`
	// Headers are the headers the recorder keeps (lower-case names).
	Headers map[string]string `json:"headers"`
}

// Response is the fake server's answer: one, or a Sequence whose n-th
// answers the n-th request, the last repeating.
type Response struct {
	Status      int               `json:"status"`
	ContentType string            `json:"content_type"`
	Body        string            `json:"body"`
	BodyBase64  string            `json:"body_base64"`
	Headers     map[string]string `json:"headers"`
	Sequence    []Response        `json:"sequence"`
}

// Error is the exception AutoGen raised: Stage is "load" when loading the
// client raised it. The fields after Message are the API error's, as each
// provider records them.
type Error struct {
	Stage      string          `json:"stage"`
	Type       string          `json:"type"`
	Module     string          `json:"module"`
	Message    string          `json:"message"`
	StatusCode *int            `json:"status_code"`
	Code       json.RawMessage `json:"code"`
	Param      *string         `json:"param"`
	ErrorType  *string         `json:"error_type"`
	Err        *string         `json:"error"`
}

// Wanted is the requests AutoGen sent, in order.
func (c *Case) Wanted() []Request {
	if c.Request == nil {
		return nil
	}
	return append([]Request{*c.Request}, c.MoreRequests...)
}

// ConfigFor is the case's config with "{{BASE_URL}}" replaced by origin.
func (c *Case) ConfigFor(origin string) []byte {
	return []byte(strings.ReplaceAll(string(c.Config), "{{BASE_URL}}", origin))
}

// Load reads the case files the glob patterns match, in the order of
// their names; none is fatal.
func Load(t testing.TB, patterns ...string) []*Case {
	t.Helper()
	var files []string
	for _, p := range patterns {
		f, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f...)
	}
	if len(files) == 0 {
		t.Fatalf("no cases match %q", patterns)
	}
	sort.Strings(files)
	out := make([]*Case, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := new(Case)
		if err := json.Unmarshal(data, c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, c)
	}
	return out
}

// LoadClients reads the cases of a testdata/conformance/clients folder
// (dir/KIND/*.json) and checks their number against its meta.json.
func LoadClients(t testing.TB, dir string) []*Case {
	t.Helper()
	out := Load(t, filepath.Join(dir, "*", "*.json"))
	var meta struct {
		Cases int `json:"cases"`
	}
	readMeta(t, dir, &meta)
	if meta.Cases != len(out) {
		t.Fatalf("meta.json counts %d cases, found %d", meta.Cases, len(out))
	}
	return out
}

// LoadProviders reads the cases of the given clients of a
// testdata/conformance/providers folder (dir/CLIENT/KIND/*.json) and
// checks their number against its meta.json.
func LoadProviders(t testing.TB, dir string, clients ...string) []*Case {
	t.Helper()
	var patterns []string
	for _, client := range clients {
		patterns = append(patterns, filepath.Join(dir, client, "*", "*.json"))
	}
	out := Load(t, patterns...)
	var meta struct {
		Counts map[string]map[string]int `json:"counts"`
	}
	readMeta(t, dir, &meta)
	want := 0
	for _, client := range clients {
		for _, n := range meta.Counts[client] {
			want += n
		}
	}
	if want != len(out) {
		t.Fatalf("meta.json counts %d %v cases, found %d", want, clients, len(out))
	}
	return out
}

func readMeta(t testing.TB, dir string, meta any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, meta); err != nil {
		t.Fatalf("meta.json: %v", err)
	}
}

// DecodeTool reads a tool schema of a case into a gen.ToolSchema.
func DecodeTool(raw json.RawMessage) (gen.ToolSchema, error) {
	var ts gen.ToolSchema
	err := json.Unmarshal(raw, &ts)
	return ts, err
}

// Inputs are the case's create arguments as the library takes them: the
// messages, CreateOptions (tool_choice as recorded; json_output true or
// false as JSONOutput; extra_create_args with json.Number numbers, none
// as nil) and MoreOptions (json_output given a model as OutputSchema).
// decodeTool reads each tool (DecodeTool when nil).
func (c *Case) Inputs(t testing.TB, decodeTool func(json.RawMessage) (gen.ToolSchema, error)) ([]gen.LLMMessage, models.CreateOptions, models.MoreOptions) {
	t.Helper()
	if decodeTool == nil {
		decodeTool = DecodeTool
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(c.Messages, &raws); err != nil {
		t.Fatalf("messages: %v", err)
	}
	var msgs []gen.LLMMessage
	for i, raw := range raws {
		m, err := gen.UnmarshalLLMMessage(raw)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		msgs = append(msgs, m)
	}
	var opts models.CreateOptions
	var more models.MoreOptions
	for i, raw := range c.Tools {
		ts, err := decodeTool(raw)
		if err != nil {
			t.Fatalf("tool %d: %v", i, err)
		}
		opts.Tools = append(opts.Tools, ts)
	}
	opts.ToolChoice = c.toolChoice(t)
	switch s := strings.TrimSpace(string(c.JSONOutput)); s {
	case "", "null":
	case "true", "false":
		b := s == "true"
		opts.JSONOutput = &b
	default:
		name, schema := c.outputSchema(t)
		more.OutputSchema = &models.OutputSchema{Name: name, Schema: schema}
	}
	if len(c.ExtraCreateArgs) > 0 {
		dec := json.NewDecoder(bytes.NewReader(c.ExtraCreateArgs))
		dec.UseNumber()
		if err := dec.Decode(&opts.ExtraArgs); err != nil {
			t.Fatalf("extra_create_args: %v", err)
		}
		if len(opts.ExtraArgs) == 0 {
			opts.ExtraArgs = nil
		}
	}
	return msgs, opts, more
}

// toolChoice is the case's tool_choice: a string as it is, a tool by its
// name.
func (c *Case) toolChoice(t testing.TB) string {
	t.Helper()
	var choice any
	if err := json.Unmarshal(c.ToolChoice, &choice); err != nil {
		t.Fatalf("tool_choice: %v", err)
	}
	switch ch := choice.(type) {
	case string:
		return ch
	case map[string]any:
		name, _ := ch["tool"].(string)
		return name
	}
	return ""
}

// outputSchema is the model json_output names: its class name and JSON
// Schema.
func (c *Case) outputSchema(t testing.TB) (string, json.RawMessage) {
	t.Helper()
	var out struct {
		Name   string          `json:"name"`
		Schema json.RawMessage `json:"schema"`
	}
	if err := json.Unmarshal(c.JSONOutput, &out); err != nil {
		t.Fatalf("json_output: %v", err)
	}
	return out.Name, out.Schema
}

// CreateArgs are 'agentschema create' arguments for the case, as the
// README of the cases says: the config (with "{{BASE_URL}}" replaced by
// origin), tools, output schema, extra args and messages written to
// files in a temporary folder, the flags from the case.
func (c *Case) CreateArgs(t testing.TB, origin string) []string {
	t.Helper()
	tmp := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := []string{"create", "--config", write("client.json", c.ConfigFor(origin))}
	if len(c.Tools) > 0 {
		tools, _ := json.Marshal(c.Tools)
		args = append(args, "--tools", write("tools.json", tools))
	}
	if ch := c.toolChoice(t); ch != "" && ch != "auto" {
		args = append(args, "--tool-choice", ch)
	}
	switch s := strings.TrimSpace(string(c.JSONOutput)); s {
	case "", "null":
	case "true":
		args = append(args, "--json-output")
	case "false":
		args = append(args, "--json-output=false")
	default:
		name, schema := c.outputSchema(t)
		args = append(args, "--output-schema", name+"="+write("schema.json", schema))
	}
	if s := strings.TrimSpace(string(c.ExtraCreateArgs)); s != "" && s != "{}" {
		args = append(args, "--extra-args", write("args.json", c.ExtraCreateArgs))
	}
	if c.Stream {
		args = append(args, "--stream")
	}
	return append(args, write("messages.json", c.Messages))
}
