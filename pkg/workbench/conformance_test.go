package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/tools"
)

// The static_workbench, static_stream_workbench and tool_result_to_text
// cases in testdata/conformance/tools record what AutoGen's workbenches did
// with a set of FunctionTools (and one BaseStreamTool). The Go tools below
// mirror the Python functions named in the cases (their source is in each
// case's component config); every case of these kinds has Go mirrors, so
// none is skipped.

const conformanceDir = "../../testdata/conformance"

// canonJSON rewrites JSON compactly with its key order and number texts
// kept, so two documents compare equal only if they have the same members
// in the same order.
func canonJSON(t *testing.T, data []byte) string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var b strings.Builder
	var stack []bool // per open container: true for an object
	first := []bool{true}
	expectKey := func() bool { return len(stack) > 0 && stack[len(stack)-1] }
	isKey := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("canonJSON: %v in %s", err, data)
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			b.WriteRune(rune(d))
			stack = stack[:len(stack)-1]
			first = first[:len(first)-1]
			isKey = expectKey()
			continue
		}
		if !first[len(first)-1] && (isKey || !expectKey()) {
			b.WriteByte(',')
		}
		first[len(first)-1] = false
		switch x := tok.(type) {
		case json.Delim:
			b.WriteRune(rune(x))
			stack = append(stack, x == '{')
			first = append(first, true)
			isKey = x == '{'
			continue
		case string:
			q, _ := json.Marshal(x)
			b.Write(q)
		case json.Number:
			b.WriteString(string(x))
		case bool:
			fmt.Fprint(&b, x)
		case nil:
			b.WriteString("null")
		}
		if isKey {
			b.WriteByte(':')
			first[len(first)-1] = true // the value follows without a comma
			isKey = false
		} else {
			isKey = expectKey()
		}
	}
	return b.String()
}

// ---- Go mirrors of the Python tools ----

type addArgs struct {
	A gen.Int `json:"a"`
	B gen.Int `json:"b"`
}

type greetArgs struct {
	Name     string `json:"name"`
	Greeting string `json:"greeting" default:"Hello"`
}

type xArgs struct {
	X int `json:"x"`
}

type messageArgs struct {
	Message string `json:"message"`
}

// Reply mirrors the pydantic model make_reply returns.
type Reply struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

type keyArgs struct {
	Key string `json:"key"`
}

// CountdownArgs mirrors the stream tool's argument model.
type CountdownArgs struct {
	N int `json:"n"`
}

// Tick and Done mirror the stream tool's item and result models.
type Tick struct {
	Remaining int `json:"remaining"`
}

// Done is the countdown's final value.
type Done struct {
	Message string `json:"message"`
}

// The mirrored functions, also registered for loading component configs.
func add(_ context.Context, in addArgs) (gen.Int, error) { return in.A.Add(in.B), nil }

func greet(_ context.Context, in greetArgs) (string, error) {
	return in.Greeting + ", " + in.Name + "!", nil
}

func fails(_ context.Context, in xArgs) (int, error) { return 0, fmt.Errorf("bad value: %d", in.X) }

func makeReply(_ context.Context, in messageArgs) (Reply, error) {
	return Reply{Message: in.Message, Count: len([]rune(in.Message))}, nil
}

// failsGroup raises ExceptionGroup("many", [ValueError(...), TypeError(...)]).
func failsGroup(context.Context, struct{}) (int, error) {
	return 0, fmt.Errorf("many: %w; %w", errors.New("first problem"), errors.New("second problem"))
}

func returnsDict(_ context.Context, in keyArgs) (map[string]any, error) {
	return map[string]any{"key": in.Key, "nested": map[string]any{"a": []int{1, 2}}, "none": nil, "unicode": "日本"}, nil
}

func countdown(_ context.Context, in CountdownArgs, yield func(Tick) bool) (Done, error) {
	for i := in.N; i > 0; i-- {
		if i == 99 {
			return Done{}, errors.New("99 is unlucky")
		}
		if !yield(Tick{Remaining: i}) {
			return Done{}, nil
		}
	}
	return Done{Message: fmt.Sprintf("lift off after %d", in.N)}, nil
}

func init() {
	tools.RegisterFunction("add", add)
	tools.RegisterFunction("greet", greet)
	tools.RegisterFunction("fails", fails)
	tools.RegisterFunction("make_reply", makeReply)
	tools.RegisterFunction("fails_group", failsGroup)
	tools.RegisterFunction("returns_dict", returnsDict)
}

func mirrorTools(t *testing.T) map[string]tools.Tool {
	t.Helper()
	must := func(tool tools.Tool, err error) tools.Tool {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return tool
	}
	return map[string]tools.Tool{
		"add":          must(tools.NewFunctionTool("add", "Add two integers.", add)),
		"greet":        must(tools.NewFunctionTool("greet", "Greet someone.", greet)),
		"fails":        must(tools.NewFunctionTool("fails", "Always raises.", fails)),
		"make_reply":   must(tools.NewFunctionTool("make_reply", "Returns a pydantic model.", makeReply)),
		"fails_group":  must(tools.NewFunctionTool("fails_group", "Raises ExceptionGroup.", failsGroup)),
		"returns_dict": must(tools.NewFunctionTool("returns_dict", "Returns dict.", returnsDict)),
		"countdown":    must(tools.NewBaseStreamTool("countdown", "Counts down, streaming ticks.", countdown)),
	}
}

type workbenchCase struct {
	Kind          string                      `json:"kind"`
	Tools         []string                    `json:"tools"`
	ToolOverrides map[string]gen.ToolOverride `json:"tool_overrides"`
	Note          string                      `json:"note"`
	ListTools     []json.RawMessage           `json:"list_tools"`
	Calls         []struct {
		Name           string            `json:"name"`
		Arguments      json.RawMessage   `json:"arguments"`
		CallTool       json.RawMessage   `json:"call_tool"`
		CallToolToText *string           `json:"call_tool_to_text"`
		CallToolStream []json.RawMessage `json:"call_tool_stream"`
	} `json:"calls"`
	SaveState      json.RawMessage `json:"save_state"`
	Component      json.RawMessage `json:"component"`
	ConstructError *struct {
		Exception string `json:"exception"`
		Msg       string `json:"msg"`
	} `json:"construct_error"`
}

func loadKind(t *testing.T, kinds ...string) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(conformanceDir, "tools", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tool cases: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if slices.Contains(kinds, head.Kind) {
			out[filepath.Base(f)] = data
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %v cases", kinds)
	}
	return out
}

func buildCase(t *testing.T, c *workbenchCase) (*StaticStreamWorkbench, error) {
	t.Helper()
	all := mirrorTools(t)
	var ts []tools.Tool
	for _, name := range c.Tools {
		tool, ok := all[name]
		if !ok {
			t.Fatalf("no Go mirror for tool %s", name)
		}
		ts = append(ts, tool)
	}
	return NewStaticStreamWorkbench(ts, c.ToolOverrides)
}

func TestConformanceWorkbench(t *testing.T) {
	ctx := context.Background()
	for file, data := range loadKind(t, "static_workbench", "static_stream_workbench") {
		var c workbenchCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		t.Run(file, func(t *testing.T) {
			w, err := buildCase(t, &c)
			if c.ConstructError != nil {
				var oe *OverrideError
				if !errors.As(err, &oe) || err.Error() != c.ConstructError.Msg {
					t.Fatalf("construction error %v, want %q", err, c.ConstructError.Msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			list, err := w.ListTools(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != len(c.ListTools) {
				t.Fatalf("%d tools listed, want %d", len(list), len(c.ListTools))
			}
			for i, want := range c.ListTools {
				checkToolSchema(t, list[i], want)
			}
			for i, call := range c.Calls {
				if call.CallTool != nil {
					r, err := w.CallTool(ctx, call.Name, call.Arguments, fmt.Sprintf("call-%d", i))
					if err != nil {
						t.Fatalf("call %d: %v", i, err)
					}
					got, err := json.Marshal(r)
					if err != nil {
						t.Fatal(err)
					}
					if g, w := canonJSON(t, got), canonJSON(t, call.CallTool); g != w {
						t.Errorf("call %d %s %s:\n got %s\nwant %s", i, call.Name, call.Arguments, g, w)
					}
					if call.CallToolToText != nil {
						if got := ToText(r, nil); got != *call.CallToolToText {
							t.Errorf("call %d to_text: got %q, want %q", i, got, *call.CallToolToText)
						}
					}
				}
				if call.CallToolStream != nil {
					var got []json.RawMessage
					for v, err := range w.CallToolStream(ctx, call.Name, call.Arguments, "") {
						if err != nil {
							t.Fatalf("call %d: %v", i, err)
						}
						b, err := json.Marshal(v)
						if err != nil {
							t.Fatal(err)
						}
						got = append(got, b)
					}
					if len(got) != len(call.CallToolStream) {
						t.Errorf("call %d %s %s: %d items, want %d: %s", i, call.Name, call.Arguments, len(got), len(call.CallToolStream), got)
						continue
					}
					for j, want := range call.CallToolStream {
						// A stream item is recorded as {"stream_item": ..., "python_type": ...}.
						var item struct {
							StreamItem json.RawMessage `json:"stream_item"`
						}
						if json.Unmarshal(want, &item) == nil && item.StreamItem != nil {
							want = item.StreamItem
						}
						if g, w := canonJSON(t, got[j]), canonJSON(t, want); g != w {
							t.Errorf("call %d item %d:\n got %s\nwant %s", i, j, g, w)
						}
					}
				}
			}
			if c.SaveState != nil {
				got, err := w.SaveState(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := canonJSON(t, got), canonJSON(t, c.SaveState); g != w {
					t.Errorf("save_state:\n got %s\nwant %s", g, w)
				}
				if err := w.LoadState(ctx, c.SaveState); err != nil {
					t.Errorf("load_state of AutoGen's state: %v", err)
				}
			}
		})
	}
}

// checkToolSchema compares a listed schema with AutoGen's, member by member
// (gen.ToolSchema writes its members in another order).
func checkToolSchema(t *testing.T, got gen.ToolSchema, want json.RawMessage) {
	t.Helper()
	var w struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
		Strict      bool            `json:"strict"`
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if got.Name != w.Name || got.Description == nil || *got.Description != w.Description || got.Strict == nil || *got.Strict != w.Strict {
		t.Errorf("schema of %s: got name %q description %v strict %v, want %q %q %v", w.Name, got.Name, got.Description, got.Strict, w.Name, w.Description, w.Strict)
	}
	p, err := json.Marshal(got.Parameters)
	if err != nil {
		t.Fatal(err)
	}
	if g, wp := canonJSON(t, p), canonJSON(t, w.Parameters); g != wp {
		t.Errorf("parameters of %s:\n got %s\nwant %s", w.Name, g, wp)
	}
}

func TestConformanceToText(t *testing.T) {
	empty := ""
	image := "<image>"
	for file, data := range loadKind(t, "tool_result_to_text") {
		var c struct {
			ToolResult   json.RawMessage `json:"tool_result"`
			ToText       string          `json:"to_text"`
			ReplaceImage string          `json:"to_text_replace_image"`
			ReplaceEmpty string          `json:"to_text_replace_image_empty"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		var r gen.ToolResult
		if err := json.Unmarshal(c.ToolResult, &r); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if got := ToText(r, nil); got != c.ToText {
			t.Errorf("%s: to_text() = %q, want %q", file, got, c.ToText)
		}
		if got := ToText(r, &image); got != c.ReplaceImage {
			t.Errorf("%s: to_text(%q) = %q, want %q", file, image, got, c.ReplaceImage)
		}
		if got := ToText(r, &empty); got != c.ReplaceEmpty {
			t.Errorf("%s: to_text('') = %q, want %q", file, got, c.ReplaceEmpty)
		}
	}
}
