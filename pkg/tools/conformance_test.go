package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// The function_tool cases in testdata/conformance/tools record, for a
// Python function wrapped in AutoGen's FunctionTool, the schema AutoGen
// wrote and what run_json did with some arguments. Each Go mirror below is
// the Go counterpart of the Python signature in the case (its
// function_source); the test builds a FunctionTool from it and compares the
// schema (key order included), the results as return_value_as_string, and
// the errors (pydantic's full text, and each error's loc, type and msg).

const conformanceDir = "../../testdata/conformance"

// canon normalizes JSON text for comparison: parsed as json.loads would and
// written compactly, key order kept, floats distinct from ints.
func canon(t *testing.T, data []byte) string {
	t.Helper()
	v, err := parsePyJSON(data)
	if err != nil {
		t.Fatalf("canon: %v in %s", err, data)
	}
	return string(appendJSON(nil, &v))
}

// ---- Go mirrors of the Python functions ----

// def add(a: int, b: int) -> int  (Python ints have no size: gen.Int)
type addArgs struct {
	A gen.Int `json:"a"`
	B gen.Int `json:"b"`
}

func add(_ context.Context, in addArgs) (gen.Int, error) { return in.A.Add(in.B), nil }

// def greet(name: str, greeting: str = "Hello") -> str
type greetArgs struct {
	Name     string `json:"name"`
	Greeting string `json:"greeting" default:"Hello"`
}

func greet(_ context.Context, in greetArgs) (string, error) {
	return in.Greeting + ", " + in.Name + "!", nil
}

// def scale(x: float, factor: float = 2.0) -> float
type scaleArgs struct {
	X      float64 `json:"x"`
	Factor float64 `json:"factor" default:"2.0"`
}

func scale(_ context.Context, in scaleArgs) (float64, error) { return in.X * in.Factor, nil }

// def total(values: List[int]) -> int
type totalArgs struct {
	Values []int `json:"values"`
}

func total(_ context.Context, in totalArgs) (int, error) {
	s := 0
	for _, v := range in.Values {
		s += v
	}
	return s, nil
}

// def get_stock_price(ticker: str, date: Annotated[str, "Date in YYYY/MM/DD"]) -> float
type stockArgs struct {
	Ticker string `json:"ticker"`
	Date   string `json:"date" description:"Date in YYYY/MM/DD"`
}

func stockPrice(context.Context, stockArgs) (float64, error) { return 123.45, nil }

// def find(query: Annotated[str, "The search query"], limit: Optional[int] = None) -> List[str]
type findArgs struct {
	Query string `json:"query" description:"The search query"`
	Limit *int   `json:"limit"`
}

func find(_ context.Context, in findArgs) ([]string, error) {
	n := 2
	if in.Limit != nil && *in.Limit != 0 {
		n = *in.Limit
	}
	out := []string{}
	for i := range n {
		out = append(out, fmt.Sprintf("%s-%d", in.Query, i))
	}
	return out, nil
}

// class Point(BaseModel): x: int; y: int = 0
type Point struct {
	X int `json:"x"`
	Y int `json:"y" default:"0"`
}

// def move(point: Point, dx: int = 1, label: Annotated[str, "label text"] = "p") -> Point
type moveArgs struct {
	Point Point  `json:"point"`
	Dx    int    `json:"dx" default:"1"`
	Label string `json:"label" description:"label text" default:"p"`
}

func move(_ context.Context, in moveArgs) (Point, error) {
	return Point{X: in.Point.X + in.Dx, Y: in.Point.Y}, nil
}

// class Color(Enum): RED = "red"; GREEN = "green"
type Color string

func (Color) EnumValues() []any { return []any{"red", "green"} }

// def set_mode(mode: Literal["fast", "slow"], color: Color = Color.RED) -> str
type setModeArgs struct {
	Mode  string `json:"mode" enum:"fast,slow"`
	Color Color  `json:"color" default:"red"`
}

func setMode(_ context.Context, in setModeArgs) (string, error) {
	return in.Mode + "/" + string(in.Color), nil
}

// def count_words(counts: Dict[str, int]) -> Dict[str, int]
type countWordsArgs struct {
	Counts map[string]int `json:"counts"`
}

func countWords(_ context.Context, in countWordsArgs) (map[string]int, error) {
	out := map[string]int{}
	for k, v := range in.Counts {
		out[k] = v * 2
	}
	return out, nil
}

// def now() -> str
func now(context.Context, struct{}) (string, error) { return "2024-01-01T00:00:00Z", nil }

// class Reply(BaseModel): message: str; count: int
type Reply struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

type messageArgs struct {
	Message string `json:"message"`
}

// def make_reply(message: str) -> Reply
func makeReply(_ context.Context, in messageArgs) (Reply, error) {
	return Reply{Message: in.Message, Count: len([]rune(in.Message))}, nil
}

type xIntArgs struct {
	X int `json:"x"`
}

// def returns_bool(x: int) -> bool
func returnsBool(_ context.Context, in xIntArgs) (bool, error) { return in.X > 0, nil }

type xFloatArgs struct {
	X float64 `json:"x"`
}

// def returns_float(x: float) -> float
func returnsFloat(_ context.Context, in xFloatArgs) (float64, error) { return in.X / 3, nil }

type nArgs struct {
	N int `json:"n"`
}

// def returns_list(n: int) -> List[Any]
func returnsList(context.Context, nArgs) ([]any, error) {
	return []any{1, "two", 3.0, nil, true, map[string]any{"k": "v"}}, nil
}

// def fails(x: int) -> int: raise ValueError(f"bad value: {x}")
func fails(_ context.Context, in xIntArgs) (int, error) {
	return 0, fmt.Errorf("bad value: %d", in.X)
}

// def when(at: datetime, day: date) -> str: return at.isoformat()
// Go has no date type: day is a string with format "date".
type whenArgs struct {
	At  time.Time `json:"at"`
	Day string    `json:"day" format:"date"`
}

func when(_ context.Context, in whenArgs) (string, error) {
	return in.At.Format("2006-01-02T15:04:05-07:00"), nil
}

// mirror builds the tool for a case.
type mirror func(name, description string, opts ...Option) (Tool, error)

func fnMirror[In, Out any](fn func(context.Context, In) (Out, error)) mirror {
	return func(name, description string, opts ...Option) (Tool, error) {
		return NewFunctionTool(name, description, fn, opts...)
	}
}

var mirrors = map[string]mirror{
	"add":             fnMirror(add),
	"greet":           fnMirror(greet),
	"scale":           fnMirror(scale),
	"total":           fnMirror(total),
	"get_stock_price": fnMirror(stockPrice),
	"find":            fnMirror(find),
	"move":            fnMirror(move),
	"set_mode":        fnMirror(setMode),
	"count_words":     fnMirror(countWords),
	"now":             fnMirror(now),
	"make_reply":      fnMirror(makeReply),
	"returns_bool":    fnMirror(returnsBool),
	"returns_float":   fnMirror(returnsFloat),
	"returns_list":    fnMirror(returnsList),
	"fails":           fnMirror(fails),
	"when":            fnMirror(when),
}

// noGoCounterpart names the functions whose signature has no Go
// counterpart, with the reason.
var noGoCounterpart = map[string]string{
	"union_param": "Union[int, str] has no Go counterpart (a Go field has one type)",
}

type functionCase struct {
	Kind          string          `json:"kind"`
	Function      string          `json:"function"`
	Description   string          `json:"description"`
	Strict        bool            `json:"strict"`
	ToolName      string          `json:"tool_name"`
	Schema        json.RawMessage `json:"schema"`
	ArgsModelJSON json.RawMessage `json:"args_model_schema"`
	Runs          []struct {
		Args                json.RawMessage `json:"args"`
		ReturnValueAsString *string         `json:"return_value_as_string"`
		Error               *struct {
			Exception string `json:"exception"`
			Msg       string `json:"msg"`
		} `json:"error"`
		AllErrors []struct {
			Loc  []any  `json:"loc"`
			Type string `json:"type"`
			Msg  string `json:"msg"`
		} `json:"all_errors"`
		StrException string `json:"str_exception"`
	} `json:"runs"`
}

func loadKind(t *testing.T, kind string) map[string][]byte {
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
		if head.Kind == kind {
			out[filepath.Base(f)] = data
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s cases", kind)
	}
	return out
}

func TestConformanceFunctionTool(t *testing.T) {
	cases := loadKind(t, "function_tool")
	ran := 0
	for file, data := range cases {
		var c functionCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		t.Run(file+"/"+c.Function, func(t *testing.T) {
			if why, ok := noGoCounterpart[c.Function]; ok {
				t.Skip(why)
			}
			mk, ok := mirrors[c.Function]
			if !ok {
				t.Fatalf("no Go mirror for %s", c.Function)
			}
			var opts []Option
			if c.Strict {
				opts = append(opts, Strict())
			}
			tool, err := mk(c.ToolName, c.Description, opts...)
			if err != nil {
				t.Fatal(err)
			}
			checkSchema(t, tool.Schema(), c.Schema)
			for i, r := range c.Runs {
				got, err := tool.RunJSON(context.Background(), r.Args, "call-1")
				switch {
				case r.Error == nil:
					if err != nil {
						t.Errorf("run %d %s: unexpected error %v", i, r.Args, err)
						continue
					}
					if s := tool.ReturnValueAsString(got); s != *r.ReturnValueAsString {
						t.Errorf("run %d %s: return_value_as_string\n got %q\nwant %q", i, r.Args, s, *r.ReturnValueAsString)
					}
				case r.Error.Exception == "ValidationError":
					var ve *ValidationError
					if !errors.As(err, &ve) {
						t.Errorf("run %d %s: want a ValidationError, got %v", i, r.Args, err)
						continue
					}
					if ve.Error() != r.StrException {
						t.Errorf("run %d: str(exception)\n got %q\nwant %q", i, ve.Error(), r.StrException)
					}
					if len(ve.Errors) != len(r.AllErrors) {
						t.Errorf("run %d: %d errors, want %d", i, len(ve.Errors), len(r.AllErrors))
						continue
					}
					for j, want := range r.AllErrors {
						g := ve.Errors[j]
						if fmt.Sprint(g.Loc) != fmt.Sprint(locInts(want.Loc)) || g.Type != want.Type || g.Msg != want.Msg {
							t.Errorf("run %d error %d: got %v %s %q, want %v %s %q", i, j, g.Loc, g.Type, g.Msg, want.Loc, want.Type, want.Msg)
						}
					}
					// The same faults reach errors.As as the module's one
					// fault type, with pydantic's type and message.
					var f *agentschema.Fault
					if !errors.As(err, &f) || f.Type != r.AllErrors[0].Type || f.Message != r.AllErrors[0].Msg {
						t.Errorf("run %d: errors.As finds fault %+v, want type %s %q", i, f, r.AllErrors[0].Type, r.AllErrors[0].Msg)
					}
				default:
					if err == nil || err.Error() != r.StrException {
						t.Errorf("run %d: error %v, want %q", i, err, r.StrException)
					}
				}
			}
			ran++
		})
	}
	if ran == 0 {
		t.Fatal("no case ran")
	}
}

// locInts turns JSON numbers of a loc into ints, as FieldError.Loc holds
// them.
func locInts(loc []any) []any {
	out := make([]any, len(loc))
	for i, x := range loc {
		if f, ok := x.(float64); ok && f == math.Trunc(f) {
			out[i] = int(f)
		} else {
			out[i] = x
		}
	}
	return out
}

// checkSchema compares a ToolSchema with AutoGen's: name, description and
// strict, and the parameters object as JSON with its key order.
func checkSchema(t *testing.T, got gen.ToolSchema, want json.RawMessage) {
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
		t.Errorf("schema head: got %s %v %v, want %s %q %v", got.Name, deref(got.Description), deref(got.Strict), w.Name, w.Description, w.Strict)
	}
	p, err := wire.Marshal(got.Parameters)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := canon(t, p), canon(t, w.Parameters); g != w {
		t.Errorf("parameters:\n got %s\nwant %s", g, w)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

var _ = strings.TrimSpace
