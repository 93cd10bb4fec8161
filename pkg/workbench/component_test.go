package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
)

// decodeGeneric decodes JSON into maps, slices and json.Numbers.
func decodeGeneric(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// withoutSource drops what a Go dump cannot reproduce from each tool's
// config: the Python source (Go writes a stub with the same signature) and
// the global imports (the stub imports the typing names it uses).
func withoutSource(t *testing.T, v any) any {
	t.Helper()
	cfg := v.(map[string]any)["config"].(map[string]any)
	for _, tool := range cfg["tools"].([]any) {
		tc := tool.(map[string]any)["config"].(map[string]any)
		if _, ok := tc["source_code"].(string); !ok {
			t.Fatalf("tool config without source_code: %v", tc)
		}
		delete(tc, "source_code")
		delete(tc, "global_imports")
	}
	return v
}

// The static_workbench cases record the workbench's dump_component(); the
// Go workbench over the mirrored tools must dump the same, source code
// aside, and load AutoGen's dump back (with the functions registered).
func TestConformanceWorkbenchComponent(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for file, data := range loadKind(t, "static_workbench") {
		var c workbenchCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		if c.Component == nil {
			continue
		}
		t.Run(file, func(t *testing.T) {
			w, err := buildCase(t, &c)
			if err != nil {
				t.Fatal(err)
			}
			m, err := w.StaticWorkbench.ComponentModel()
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			g, want := withoutSource(t, decodeGeneric(t, got)), withoutSource(t, decodeGeneric(t, c.Component))
			if !reflect.DeepEqual(g, want) {
				t.Errorf("dump:\n got %s\nwant %s", got, c.Component)
			}

			loaded, err := component.LoadAs[*StaticWorkbench](ctx, c.Component)
			if err != nil {
				t.Fatal(err)
			}
			list, err := loaded.ListTools(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range c.ListTools {
				checkToolSchema(t, list[i], want)
			}
			r, err := loaded.CallTool(ctx, "greet", json.RawMessage(`{"name":"Go"}`), "")
			if err != nil || ToText(r, nil) != "Hello, Go!" {
				t.Errorf("loaded greet: %v %v", ToText(r, nil), err)
			}
			checked++
		})
	}
	if checked == 0 {
		t.Fatal("no component checked")
	}
}

// components.json holds AutoGen's dump of a StaticWorkbench with one
// FunctionTool (add, described "Add") renamed to plus.
func TestComponentsJSONStaticWorkbench(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(conformanceDir, "misc", "components.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components []struct {
			Class     string          `json:"class"`
			Component json.RawMessage `json:"component"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var want json.RawMessage
	for _, c := range doc.Components {
		if c.Class == "StaticWorkbench" {
			want = c.Component
		}
	}
	if want == nil {
		t.Fatal("no StaticWorkbench in components.json")
	}
	addTool, err := tools.NewFunctionTool("add", "Add", add)
	if err != nil {
		t.Fatal(err)
	}
	plus := "plus"
	w, err := NewStaticWorkbench([]tools.Tool{addTool}, map[string]gen.ToolOverride{"add": {Name: &plus}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := component.Dump(w)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(withoutSource(t, decodeGeneric(t, got)), withoutSource(t, decodeGeneric(t, want))) {
		t.Errorf("dump:\n got %s\nwant %s", got, want)
	}
	// The envelope's members come in AutoGen's order.
	if g, w := canonJSON(t, got)[:60], canonJSON(t, want)[:60]; g != w {
		t.Errorf("envelope order:\n got %s\nwant %s", g, w)
	}

	loaded, err := component.Load(context.Background(), want)
	if err != nil {
		t.Fatal(err)
	}
	lw, ok := loaded.(*StaticWorkbench)
	if !ok {
		t.Fatalf("loaded %T", loaded)
	}
	r, err := lw.CallTool(context.Background(), "plus", json.RawMessage(`{"a":2,"b":3}`), "")
	if err != nil || ToText(r, nil) != "5" || r.Name != "plus" {
		t.Errorf("plus(2, 3) = %+v %v", r, err)
	}
}

func TestStreamWorkbenchComponentRoundTrip(t *testing.T) {
	addTool, err := tools.NewFunctionTool("add", "Add two integers.", add)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewStaticStreamWorkbench([]tools.Tool{addTool}, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := component.Dump(w)
	if err != nil {
		t.Fatal(err)
	}
	m := decodeGeneric(t, data).(map[string]any)
	if m["provider"] != StaticStreamWorkbenchProvider || m["label"] != "StaticStreamWorkbench" || m["component_type"] != "workbench" {
		t.Errorf("envelope: %s", data)
	}
	if ov := m["config"].(map[string]any)["tool_overrides"]; !reflect.DeepEqual(ov, map[string]any{}) {
		t.Errorf("tool_overrides = %v, want {} (AutoGen's default)", ov)
	}
	loaded, err := component.LoadAs[*StaticStreamWorkbench](context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	var last any
	for v, err := range loaded.CallToolStream(context.Background(), "add", json.RawMessage(`{"a":1,"b":1}`), "") {
		if err != nil {
			t.Fatal(err)
		}
		last = v
	}
	if r, ok := last.(gen.ToolResult); !ok || ToText(r, nil) != "2" {
		t.Errorf("stream result %#v", last)
	}
}

type opaqueTool struct{ tools.Tool }

func TestComponentErrors(t *testing.T) {
	addTool, _ := tools.NewFunctionTool("add", "Add two integers.", add)
	w, err := NewStaticWorkbench([]tools.Tool{opaqueTool{addTool}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.ComponentModel(); err == nil || !strings.Contains(err.Error(), "no component config") {
		t.Errorf("dump of a tool without config: %v", err)
	}
	cfg := `{"provider":"autogen_core.tools.StaticWorkbench","config":{"tools":[{"provider":"autogen_core.tools.FunctionTool","config":{"source_code":"def unknown_fn(x: int) -> int:\n    return x\n","name":"u","description":"","global_imports":[],"has_cancellation_support":false}}]}}`
	_, err = component.Load(context.Background(), []byte(cfg))
	var ue *tools.UnregisteredFunctionError
	if !errors.As(err, &ue) || ue.Function != "unknown_fn" {
		t.Errorf("load with an unregistered function: %v", err)
	}
}
