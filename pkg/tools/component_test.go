package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/component"
)

func init() {
	RegisterFunction("add", add)
	RegisterFunction("greet", greet)
}

// defLineDiffers names the cases whose Python signature uses a type the
// stub cannot name (Go has no Python class to refer to), with the reason.
var defLineDiffers = map[string]string{
	"move":       "Point is a pydantic class; the stub writes Dict[str, Any]",
	"set_mode":   "Color is a Python Enum class; the stub writes Literal[...]",
	"make_reply": "Reply is a pydantic class; the stub writes Dict[str, Any]",
	"when":       "the stub writes datetime and str (Go has no date type)",
}

// Each function_tool case records AutoGen's dump_component() of the tool:
// the Go dump must have the same envelope and config, and its Python stub
// the same signature line as the case's function source (where the types
// have Python names the stub can write).
func TestConformanceFunctionToolComponent(t *testing.T) {
	for file, data := range loadKind(t, "function_tool") {
		var c struct {
			functionCase
			Source    string          `json:"function_source"`
			Component json.RawMessage `json:"component"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		mk, ok := mirrors[c.Function]
		if !ok {
			continue
		}
		t.Run(file+"/"+c.Function, func(t *testing.T) {
			tool, err := mk(c.ToolName, c.Description)
			if err != nil {
				t.Fatal(err)
			}
			got, err := component.Dump(tool.(component.Component))
			if err != nil {
				t.Fatal(err)
			}
			var g, w map[string]any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(c.Component, &w); err != nil {
				t.Fatal(err)
			}
			gc, wc := g["config"].(map[string]any), w["config"].(map[string]any)
			gsrc, wsrc := gc["source_code"].(string), wc["source_code"].(string)
			delete(gc, "source_code")
			delete(wc, "source_code")
			if imports := gc["global_imports"].([]any); len(imports) > 0 {
				delete(gc, "global_imports") // the stub imports its typing names
				delete(wc, "global_imports")
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("dump\n got %s\nwant %s", got, c.Component)
			}
			gdef, _, _ := strings.Cut(gsrc, "\n")
			wdef, _, _ := strings.Cut(wsrc, "\n")
			if why, ok := defLineDiffers[c.Function]; ok {
				t.Logf("signature not compared: %s", why)
			} else if gdef != wdef {
				t.Errorf("signature\n got %s\nwant %s", gdef, wdef)
			}
			if !strings.HasPrefix(gsrc, "def "+c.Function+"(") {
				t.Errorf("stub %q does not define %s", gsrc, c.Function)
			}
		})
	}
}

func TestLoadFunctionTool(t *testing.T) {
	ctx := context.Background()
	for file, data := range loadKind(t, "function_tool") {
		var c struct {
			Function  string          `json:"function"`
			Component json.RawMessage `json:"component"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		if c.Function != "add" && c.Function != "greet" {
			continue
		}
		// AutoGen's config, with Python source: the registered function
		// named by "def add(" is used.
		tool, err := component.LoadAs[Tool](ctx, c.Component)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		args := map[string]string{"add": `{"a": 2, "b": "3"}`, "greet": `{"name": "Go"}`}[c.Function]
		out, err := tool.RunJSON(ctx, json.RawMessage(args), "")
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"add": "5", "greet": "Hello, Go!"}[c.Function]
		if got := tool.ReturnValueAsString(out); got != want {
			t.Errorf("%s: %s", file, got)
		}
		var cfg struct {
			Config struct{ Name, Description string } `json:"config"`
		}
		json.Unmarshal(c.Component, &cfg)
		if tool.Name() != cfg.Config.Name || tool.Description() != cfg.Config.Description {
			t.Errorf("%s: loaded %s %q", file, tool.Name(), tool.Description())
		}
	}
}

func TestFunctionToolRoundTrip(t *testing.T) {
	tool, err := NewFunctionTool("plus", "Adds.", add, FunctionName("add"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := component.Dump(tool)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"source_code":"def add(a: int, b: int) -\u003e int:\n    raise NotImplementedError(\"add is implemented in Go\")\n"`)) &&
		!bytes.Contains(data, []byte(`"source_code":"def add(a: int, b: int) -> int:\n    raise NotImplementedError(\"add is implemented in Go\")\n"`)) {
		t.Errorf("dump %s", data)
	}
	loaded, err := component.LoadAs[*FunctionTool[addArgs, int64]](context.Background(), data)
	var te *component.TypeError
	if err == nil || !errors.As(err, &te) {
		t.Errorf("LoadAs with the wrong type: %v %v", loaded, err)
	}
	back, err := component.LoadAs[Tool](context.Background(), data)
	if err != nil || back.Name() != "plus" || back.Description() != "Adds." {
		t.Fatalf("round trip: %v %v", back, err)
	}
	if ft, ok := back.(interface{ FunctionName() string }); !ok || ft.FunctionName() != "add" {
		t.Errorf("function name after the round trip")
	}
}

// The Python stub, for the parameter kinds the conformance cases lack.
func TestPythonSource(t *testing.T) {
	type args struct {
		Opt   *int                `json:"opt" description:"an \"optional\" int"`
		Need  []string            `json:"need"`
		Mode  string              `json:"mode" enum:"a,b"`
		Pair  [2]float64          `json:"pair" default:"[1, 2.5]"`
		Codes map[int]bool        `json:"codes" default:"{}"`
		Loc   Location            `json:"loc"`
		Any   any                 `json:"any,omitempty"`
		Deep  map[string][]string `json:"deep"`
	}
	tool, err := NewFunctionTool("many", "", func(context.Context, args) ([]Location, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	src, imports := tool.PythonSource()
	want := `def many(*, opt: Annotated[Optional[int], "an \"optional\" int"] = None, need: List[str], mode: Literal["a", "b"], pair: Tuple[float, float] = [1.0, 2.5], codes: Dict[int, bool] = {}, loc: Dict[str, Any], any: Any = None, deep: Dict[str, List[str]]) -> List[Dict[str, Any]]:
    raise NotImplementedError("many is implemented in Go")
`
	if src != want {
		t.Errorf("source\n got %s\nwant %s", src, want)
	}
	b, _ := json.Marshal(imports)
	if string(b) != `[{"module":"typing","imports":["Annotated","Any","Dict","List","Literal","Optional","Tuple"]}]` {
		t.Errorf("imports %s", b)
	}
}

func TestFunctionConfigErrors(t *testing.T) {
	ctx := context.Background()
	cfg := func(src string) []byte {
		b, _ := json.Marshal(map[string]any{"provider": FunctionToolProvider, "config": map[string]any{
			"source_code": src, "name": "x", "description": "", "global_imports": []any{}, "has_cancellation_support": false}})
		return b
	}
	_, err := component.Load(ctx, cfg("lambda x: x"))
	if err == nil || !strings.Contains(err.Error(), "Could not compile and load function: list index out of range") {
		t.Errorf("no def: %v", err)
	}
	_, err = component.Load(ctx, cfg("def nowhere(x: int) -> int:\n    return x\n"))
	var ue *UnregisteredFunctionError
	if !errors.As(err, &ue) || ue.Function != "nowhere" {
		t.Errorf("unregistered: %v", err)
	}
	if got := RegisteredFunctions(); !reflect.DeepEqual(got, []string{"add", "greet"}) {
		t.Errorf("RegisteredFunctions = %v", got)
	}
	for name, f := range map[string]func(){
		"empty":     func() { RegisterFunction("", add) },
		"nil":       func() { RegisterFunction[addArgs, int](("nilfn"), nil) },
		"duplicate": func() { RegisterFunction("add", add) },
		"bad type":  func() { RegisterFunction("badtype", func(context.Context, int) (int, error) { return 0, nil }) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: RegisterFunction did not panic", name)
				}
			}()
			f()
		}()
	}
}
