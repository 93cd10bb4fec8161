package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/workbench"
	"github.com/agentschema/agentschema/pkg/workbench/mcp/internal/testserver"
)

func ptr[T any](v T) *T { return &v }

// jsonEqual reports whether a and b are the same JSON value.
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

// The tool schemas AutoGen's list_tools builds from the test server's
// tools: ParametersSchema(type="object", properties=inputSchema.get(
// "properties", {}), required=inputSchema.get("required", []),
// additionalProperties=inputSchema.get("additionalProperties", False)),
// the description or "" (derived by hand from the schemas in
// internal/testserver; "add" and "sleep" have the schemas the SDK infers
// from their Go argument types: every field required, no other members).
var wantTools = map[string]string{
	"echo":     `{"name":"echo","description":"Echoes its text.","parameters":{"type":"object","properties":{"times":{"type":"integer","default":1},"text":{"type":"string","description":"what to echo"}},"required":[],"additionalProperties":false}}`,
	"add":      `{"name":"add","description":"Adds two integers.","parameters":{"type":"object","properties":{"a":{"type":"integer","description":"the first addend"},"b":{"type":"integer","description":"the second addend"}},"required":["a","b"],"additionalProperties":false}}`,
	"image":    `{"name":"image","description":"Returns a caption and a 2x2 PNG.","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}`,
	"badimage": `{"name":"badimage","description":"Returns image content that is not an image.","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}`,
	"fail":     `{"name":"fail","description":"Always fails.","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":true}}`,
	"resource": `{"name":"resource","description":"Returns an embedded text resource.","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}`,
	"sleep":    `{"name":"sleep","description":"Answers after millis milliseconds.","parameters":{"type":"object","properties":{"millis":{"type":"integer"}},"required":["millis"],"additionalProperties":false}}`,
	"exit":     `{"name":"exit","description":"Ends the server process during the call.","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}`,
	"garbage":  `{"name":"garbage","description":"Writes a line that is not JSON-RPC to stdout.","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}`,
}

func TestListTools(t *testing.T) {
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			w := started(t, paramsFor(t, kind), map[string]gen.ToolOverride{
				"image": {Name: ptr("picture")},
				"fail":  {Description: ptr("Fails, always.")},
			})
			got, err := w.ListTools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{}
			for k, v := range wantTools {
				want[k] = v
			}
			want["image"] = strings.Replace(want["image"], `"name":"image"`, `"name":"picture"`, 1)
			want["fail"] = strings.Replace(want["fail"], `"Always fails."`, `"Fails, always."`, 1)
			if len(got) != len(want) {
				t.Fatalf("got %d tools, want %d", len(got), len(want))
			}
			for _, s := range got {
				b, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				key := s.Name
				if key == "picture" {
					key = "image"
				}
				if !jsonEqual(t, b, []byte(want[key])) {
					t.Errorf("tool %s:\n got %s\nwant %s", s.Name, b, want[key])
				}
				if s.Name == "echo" {
					// The server's order of the properties is kept, as
					// Python's dict keeps it.
					if g, w := string(s.Parameters.Properties), `{"times":{"type":"integer","default":1},"text":{"type":"string","description":"what to echo"}}`; g != w {
						t.Errorf("echo properties\n got %s\nwant %s", g, w)
					}
				}
			}
		})
	}
}

// text returns the texts of a result's contents.
func texts(r gen.ToolResult) []string {
	var out []string
	for _, c := range r.Result {
		if c, ok := c.(*gen.TextResultContent); ok {
			out = append(out, c.Content)
		}
	}
	return out
}

func TestCallTool(t *testing.T) {
	cases := []struct {
		name, tool, args string
		wantTexts        []string
		wantError        bool
		// wantPrefix checks the first text's start instead of all texts.
		wantPrefix string
	}{
		{name: "text", tool: "echo", args: `{"text":"hi","times":2}`, wantTexts: []string{"hi", "hi"}},
		{name: "override name", tool: "say", args: `{"text":"hi"}`, wantTexts: []string{"hi"}},
		{name: "typed tool", tool: "add", args: `{"a":2,"b":3}`, wantTexts: []string{"5"}},
		// EmbeddedResource.model_dump_json(): field names (meta, not
		// _meta), None included, UTF-8 kept, compact.
		{name: "embedded resource", tool: "resource", wantTexts: []string{`{"type":"resource","resource":{"uri":"test://static/hello","mimeType":"text/plain","meta":null,"text":"héllo"},"annotations":null,"meta":null}`}},
		{name: "error result", tool: "fail", args: `null`, wantTexts: []string{"the tool failed"}, wantError: true},
		// McpError's str() is the JSON-RPC error's message; AutoGen's
		// _format_errors adds "\n".
		{name: "unknown tool", tool: "nope", wantTexts: []string{"unknown tool \"nope\"\n"}, wantError: true},
		// The Go SDK's server answers with an error result (the text is
		// the server's, passed on as is).
		{name: "arguments failing the schema", tool: "add", args: `{"a":"two","b":3}`, wantTexts: []string{`validating "arguments": validating root: validating /properties/a: type: two has type "string", want "integer"`}, wantError: true},
		{name: "arguments not an object", tool: "add", args: `[1,2]`, wantTexts: []string{"arguments must be a JSON object, got [1,2]\n"}, wantError: true},
		{name: "image that is not an image", tool: "badimage", wantPrefix: "image content: ", wantError: true},
	}
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			w := started(t, paramsFor(t, kind), map[string]gen.ToolOverride{"echo": {Name: ptr("say")}})
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					r, err := w.CallTool(context.Background(), c.tool, json.RawMessage(c.args), "call-1")
					if err != nil {
						t.Fatal(err)
					}
					if r.Name != c.tool {
						t.Errorf("name %q, want %q", r.Name, c.tool)
					}
					if r.IsError != c.wantError {
						t.Errorf("is_error %v, want %v (%q)", r.IsError, c.wantError, texts(r))
					}
					got := texts(r)
					if c.wantPrefix != "" {
						if len(got) != 1 || !strings.HasPrefix(got[0], c.wantPrefix) || !strings.HasSuffix(got[0], "\n") {
							t.Errorf("got %q, want one text starting %q and ending in a newline", got, c.wantPrefix)
						}
						return
					}
					if !reflect.DeepEqual(got, c.wantTexts) {
						t.Errorf("got %q, want %q", got, c.wantTexts)
					}
				})
			}
			t.Run("image", func(t *testing.T) {
				r, err := w.CallTool(context.Background(), "image", nil, "")
				if err != nil {
					t.Fatal(err)
				}
				if r.IsError || len(r.Result) != 2 {
					t.Fatalf("got %+v", r)
				}
				im, ok := r.Result[1].(*gen.ImageResultContent)
				if !ok {
					t.Fatalf("second content is %T", r.Result[1])
				}
				// The PNG the server sent, re-encoded as AutoGen writes
				// images (RGB PNG), is what ToText shows.
				want, err := loadImage(testserver.PNG())
				if err != nil {
					t.Fatal(err)
				}
				wb, _ := want.EncodeBase64()
				if got := workbench.ToText(r, nil); got != "four pixels\n[Image: "+wb+"]" {
					t.Errorf("ToText = %q", got)
				}
				// 2x2: red, green / blue, white (internal/testserver.PNG).
				w, h, pix, err := im.Content.RGB()
				if err != nil {
					t.Fatal(err)
				}
				if wantPix := []byte{255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255}; w != 2 || h != 2 || !reflect.DeepEqual(pix, wantPix) {
					t.Errorf("image %dx%d %v, want 2x2 %v", w, h, pix, wantPix)
				}
			})
		})
	}
}

func TestPromptsResourcesInitialize(t *testing.T) {
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			w := started(t, paramsFor(t, kind), nil)
			ctx := context.Background()
			ir := w.InitializeResult()
			if ir == nil || ir.ServerInfo == nil || ir.ServerInfo.Name != testserver.Name || ir.ServerInfo.Version != testserver.Version {
				t.Fatalf("initialize result %+v", ir)
			}
			if ir.Instructions != "A server for the agentschema tests." {
				t.Errorf("instructions %q", ir.Instructions)
			}
			ps, err := w.ListPrompts(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps.Prompts) != 1 || ps.Prompts[0].Name != "greet" || len(ps.Prompts[0].Arguments) != 1 {
				t.Fatalf("prompts %+v", ps.Prompts)
			}
			p, err := w.GetPrompt(ctx, "greet", map[string]string{"name": "Ada"})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Messages) != 1 || p.Messages[0].Role != "user" {
				t.Fatalf("prompt %+v", p)
			}
			if b, _ := json.Marshal(p.Messages[0].Content); !strings.Contains(string(b), `"Hello, Ada!"`) {
				t.Errorf("prompt message %s", b)
			}
			if _, err := w.GetPrompt(ctx, "nope", nil); err == nil {
				t.Error("GetPrompt of an unknown prompt: no error")
			} else if e := new(Error); !errors.As(err, &e) || e.Code == 0 {
				t.Errorf("GetPrompt error %T %v, want an *Error with a JSON-RPC code", err, err)
			}
			rs, err := w.ListResources(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs.Resources) != 1 || rs.Resources[0].URI != "test://static/hello" {
				t.Fatalf("resources %+v", rs.Resources)
			}
			ts, err := w.ListResourceTemplates(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(ts.ResourceTemplates) != 1 || ts.ResourceTemplates[0].URITemplate != "test://items/{id}" {
				t.Fatalf("templates %+v", ts.ResourceTemplates)
			}
			for uri, want := range map[string]string{"test://static/hello": "hello", "test://items/7": "item test://items/7"} {
				r, err := w.ReadResource(ctx, uri)
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Contents) != 1 || r.Contents[0].Text != want {
					t.Errorf("read %s: %+v", uri, r.Contents)
				}
			}
		})
	}
}

func TestConcurrentCalls(t *testing.T) {
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			w := started(t, paramsFor(t, kind), nil)
			var wg sync.WaitGroup
			errs := make(chan string, 16)
			for i := range 16 {
				wg.Go(func() {
					text := strings.Repeat("x", i+1)
					r, err := w.CallTool(context.Background(), "echo", json.RawMessage(`{"text":"`+text+`"}`), "")
					if err != nil || r.IsError || !reflect.DeepEqual(texts(r), []string{text}) {
						errs <- text
					}
				})
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Errorf("call %q went wrong", e)
			}
		})
	}
}

func TestStartStop(t *testing.T) {
	ctx := context.Background()
	w, err := New(stdioParams(t, 0), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// AutoGen's stop() of a workbench never started is a RuntimeError.
	if err := w.Stop(ctx); !errors.Is(err, ErrNotStarted) || err.Error() != "McpWorkbench is not started. Call start() first." {
		t.Fatalf("Stop before Start: %v", err)
	}
	// A call before Start starts the workbench (AutoGen's fallback).
	r, err := w.CallTool(ctx, "echo", json.RawMessage(`{"text":"a"}`), "")
	if err != nil || r.IsError {
		t.Fatalf("first call: %+v %v", r, err)
	}
	pid := w.childPID()
	if pid == 0 {
		t.Fatal("no child after the first call")
	}
	// Start again does nothing.
	if err := w.Start(ctx); err != nil || w.childPID() != pid {
		t.Fatalf("second Start: %v (pid %d, was %d)", err, w.childPID(), pid)
	}
	if err := w.Reset(ctx); err != nil || w.childPID() != pid {
		t.Fatalf("Reset: %v (pid %d, was %d)", err, w.childPID(), pid)
	}
	if err := w.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	assertGone(t, pid)
	if w.InitializeResult() != nil {
		t.Error("InitializeResult after Stop")
	}
	if _, err := w.CallTool(ctx, "echo", nil, ""); !errors.Is(err, workbench.ErrStopped) {
		t.Fatalf("call after Stop: %v", err)
	}
	if _, err := w.ListTools(ctx); !errors.Is(err, workbench.ErrStopped) {
		t.Fatalf("ListTools after Stop: %v", err)
	}
	if err := w.Stop(ctx); err != nil {
		t.Fatalf("second Stop: %v", err)
	}
	if err := w.Start(ctx); err != nil {
		t.Fatal(err)
	}
	pid2 := w.childPID()
	if pid2 == 0 || pid2 == pid {
		t.Fatalf("restart: pid %d (was %d)", pid2, pid)
	}
	if err := w.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	assertGone(t, pid2)
}

func TestStartContextEndsSession(t *testing.T) {
	w, err := New(stdioParams(t, 0), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := w.Start(ctx); err != nil {
		t.Fatal(err)
	}
	pid := w.childPID()
	cancel()
	assertGone(t, pid)
	// The session is over: calls fail as on a closed connection.
	r, err := w.CallTool(context.Background(), "echo", json.RawMessage(`{"text":"a"}`), "")
	if err != nil || !r.IsError || !reflect.DeepEqual(texts(r), []string{"Connection closed\n"}) {
		t.Errorf("call after the Start context ended: %+v %v", texts(r), err)
	}
	if err := w.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestState(t *testing.T) {
	w, err := New(stdioParams(t, 0), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// AutoGen's McpWorkbenchState().model_dump(), type spelt so.
	s, err := w.SaveState(context.Background())
	if err != nil || string(s) != `{"type":"McpWorkBenchState"}` {
		t.Fatalf("SaveState = %s, %v", s, err)
	}
	// load_state is `pass` in AutoGen: any state is accepted.
	if err := w.LoadState(context.Background(), json.RawMessage(`{"type":"Other"}`)); err != nil {
		t.Fatal(err)
	}
}

func TestOverrideConflict(t *testing.T) {
	_, err := New(stdioParams(t, 0), map[string]gen.ToolOverride{"a": {Name: ptr("x")}, "b": {Name: ptr("x")}}, nil)
	var oe *workbench.OverrideError
	if !errors.As(err, &oe) {
		t.Fatalf("err %v, want an *OverrideError", err)
	}
	// AutoGen's message (_workbench.py, __init__), keys in sorted order.
	if want := "Tool override name 'x' is used by multiple tools: 'a' and 'b'. Override names must be unique."; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

var _ = time.Second
