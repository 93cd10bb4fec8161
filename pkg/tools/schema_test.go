package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
)

// The schema inference, field type by field type. Each expected property
// schema is what pydantic (2.13) writes for the Python counterpart of the
// field in a FunctionTool's argument model, after AutoGen's $ref
// inlining: the Python type is in the comment. Keys are in pydantic's
// sorted order; the comparison includes the order.

// Shade is a Python Enum class counterpart with a docstring.
type Shade string

func (Shade) EnumValues() []any    { return []any{"light", "dark"} }
func (Shade) SchemaDoc() string    { return "How dark." }
func (s Shade) String() string     { return string(s) }
func (Level) EnumValues() []any    { return []any{1, 2, 3} }
func (Location) SchemaDoc() string { return "A place." }

// Level is an int Enum class counterpart.
type Level int

// Location is a nested model with a docstring.
type Location struct {
	City string  `json:"city" description:"City name"`
	Lat  float64 `json:"lat,omitempty"`
}

type Base struct {
	ID   int    `json:"id"`
	Note string `json:"note" default:"none"`
}

func TestFieldSchemas(t *testing.T) {
	for _, tt := range fieldSchemaCases {
		t.Run(tt.name, func(t *testing.T) {
			n, err := buildArgs(tt.typ, "fargs", asFunction)
			if err != nil {
				t.Fatal(err)
			}
			props := newDict()
			req := []string{}
			for _, f := range n.Fields {
				props.Set(f.Name, fieldSchema(f))
				if f.Required {
					req = append(req, f.Name)
				}
			}
			if got := string(appendJSON(nil, &props)); got != tt.want {
				t.Errorf("properties\n got %s\nwant %s", got, tt.want)
			}
			if got, _ := json.Marshal(req); string(got) != tt.req {
				t.Errorf("required %s, want %s", got, tt.req)
			}
		})
	}
}

// fieldSchemaCases are the cases of TestFieldSchemas.
var fieldSchemaCases = []struct {
	name string
	typ  reflect.Type // a struct with one field X (or a few), built below
	want string       // the "properties" object
	req  string       // the "required" list
}{
	// x: str
	{"string", reflect.TypeFor[struct {
		X string `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"string"}}`, `["x"]`},
	// x: int
	{"int", reflect.TypeFor[struct {
		X int `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"integer"}}`, `["x"]`},
	// x: int (any size)
	{"gen.Int", reflect.TypeFor[struct {
		X gen.Int `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"integer"}}`, `["x"]`},
	{"*big.Int", reflect.TypeFor[struct {
		X *big.Int `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"integer"}}`, `["x"]`},
	// x: conint(ge=-128, le=127), Go's int8 range
	{"int8", reflect.TypeFor[struct {
		X int8 `json:"x"`
	}](), `{"x":{"description":"x","maximum":127,"minimum":-128,"title":"X","type":"integer"}}`, `["x"]`},
	// x: conint(ge=0, le=255)
	{"uint8", reflect.TypeFor[struct {
		X uint8 `json:"x"`
	}](), `{"x":{"description":"x","maximum":255,"minimum":0,"title":"X","type":"integer"}}`, `["x"]`},
	// x: conint(ge=0)
	{"uint", reflect.TypeFor[struct {
		X uint `json:"x"`
	}](), `{"x":{"description":"x","minimum":0,"title":"X","type":"integer"}}`, `["x"]`},
	// x: float
	{"float64", reflect.TypeFor[struct {
		X float64 `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"number"}}`, `["x"]`},
	{"float32", reflect.TypeFor[struct {
		X float32 `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"number"}}`, `["x"]`},
	// x: bool
	{"bool", reflect.TypeFor[struct {
		X bool `json:"x"`
	}](), `{"x":{"description":"x","title":"X","type":"boolean"}}`, `["x"]`},
	// x: Any
	{"any", reflect.TypeFor[struct {
		X any `json:"x"`
	}](), `{"x":{"description":"x","title":"X"}}`, `["x"]`},
	{"json.RawMessage", reflect.TypeFor[struct {
		X json.RawMessage `json:"x"`
	}](), `{"x":{"description":"x","title":"X"}}`, `["x"]`},
	// x: datetime
	{"time.Time", reflect.TypeFor[struct {
		X time.Time `json:"x"`
	}](), `{"x":{"description":"x","format":"date-time","title":"X","type":"string"}}`, `["x"]`},
	{"gen.DateTime", reflect.TypeFor[struct {
		X gen.DateTime `json:"x"`
	}](), `{"x":{"description":"x","format":"date-time","title":"X","type":"string"}}`, `["x"]`},
	// x: List[str]
	{"[]string", reflect.TypeFor[struct {
		X []string `json:"x"`
	}](), `{"x":{"description":"x","items":{"type":"string"},"title":"X","type":"array"}}`, `["x"]`},
	// x: List[Any]
	{"[]any", reflect.TypeFor[struct {
		X []any `json:"x"`
	}](), `{"x":{"description":"x","items":{},"title":"X","type":"array"}}`, `["x"]`},
	// x: List[List[int]]
	{"[][]int", reflect.TypeFor[struct {
		X [][]int `json:"x"`
	}](), `{"x":{"description":"x","items":{"items":{"type":"integer"},"type":"array"},"title":"X","type":"array"}}`, `["x"]`},
	// x: Tuple[int, int]
	{"[2]int", reflect.TypeFor[struct {
		X [2]int `json:"x"`
	}](), `{"x":{"description":"x","maxItems":2,"minItems":2,"prefixItems":[{"type":"integer"},{"type":"integer"}],"title":"X","type":"array"}}`, `["x"]`},
	// x: Dict[str, int]
	{"map[string]int", reflect.TypeFor[struct {
		X map[string]int `json:"x"`
	}](), `{"x":{"additionalProperties":{"type":"integer"},"description":"x","title":"X","type":"object"}}`, `["x"]`},
	// x: Dict[str, Any]
	{"map[string]any", reflect.TypeFor[struct {
		X map[string]any `json:"x"`
	}](), `{"x":{"additionalProperties":true,"description":"x","title":"X","type":"object"}}`, `["x"]`},
	// x: Dict[int, str]
	{"map[int]string", reflect.TypeFor[struct {
		X map[int]string `json:"x"`
	}](), `{"x":{"additionalProperties":{"type":"string"},"description":"x","title":"X","type":"object"}}`, `["x"]`},
	// loc: Location (a model: the field schema is the inlined definition)
	{"struct", reflect.TypeFor[struct {
		Loc Location `json:"loc" description:"dropped by the inlining"`
	}](), `{"loc":{"description":"A place.","properties":{"city":{"description":"City name","title":"City","type":"string"},"lat":{"default":0.0,"title":"Lat","type":"number"}},"required":["city"],"title":"Location","type":"object"}}`, `["loc"]`},
	// loc: Optional[Location] = None (no title: pydantic 2.13.4 sets none
	// on a nullable $ref, as on a $ref)
	{"*struct", reflect.TypeFor[struct {
		Loc *Location `json:"loc"`
	}](), `{"loc":{"anyOf":[{"description":"A place.","properties":{"city":{"description":"City name","title":"City","type":"string"},"lat":{"default":0.0,"title":"Lat","type":"number"}},"required":["city"],"title":"Location","type":"object"},{"type":"null"}],"default":null,"description":"loc"}}`, `[]`},
	// locs: List[Location]
	{"[]struct", reflect.TypeFor[struct {
		Locs []Location `json:"locs"`
	}](), `{"locs":{"description":"locs","items":{"description":"A place.","properties":{"city":{"description":"City name","title":"City","type":"string"},"lat":{"default":0.0,"title":"Lat","type":"number"}},"required":["city"],"title":"Location","type":"object"},"title":"Locs","type":"array"}}`, `["locs"]`},
	// x: Optional[int] = None
	{"*int", reflect.TypeFor[struct {
		X *int `json:"x"`
	}](), `{"x":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":null,"description":"x","title":"X"}}`, `[]`},
	// x: Optional[int] (required)
	{"*int required", reflect.TypeFor[struct {
		X *int `json:"x" required:"true"`
	}](), `{"x":{"anyOf":[{"type":"integer"},{"type":"null"}],"description":"x","title":"X"}}`, `["x"]`},
	// x: Optional[int] = 3
	{"*int default", reflect.TypeFor[struct {
		X *int `json:"x" default:"3"`
	}](), `{"x":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":3,"description":"x","title":"X"}}`, `[]`},
	// x: Optional[List[str]] = None (the maybe parameter of case 026)
	{"*[]string", reflect.TypeFor[struct {
		Maybe *[]string `json:"maybe"`
	}](), `{"maybe":{"anyOf":[{"items":{"type":"string"},"type":"array"},{"type":"null"}],"default":null,"description":"maybe","title":"Maybe"}}`, `[]`},
	// x: str = "" (omitempty: the zero value is the default)
	{"omitempty string", reflect.TypeFor[struct {
		X string `json:"x,omitempty"`
	}](), `{"x":{"default":"","description":"x","title":"X","type":"string"}}`, `[]`},
	// x: List[int] = []
	{"omitempty slice", reflect.TypeFor[struct {
		X []int `json:"x,omitzero"`
	}](), `{"x":{"default":[],"description":"x","items":{"type":"integer"},"title":"X","type":"array"}}`, `[]`},
	// x: float = 2.0 (a default is shown as the value the function gets)
	{"float default", reflect.TypeFor[struct {
		X float64 `json:"x" default:"2"`
	}](), `{"x":{"default":2.0,"description":"x","title":"X","type":"number"}}`, `[]`},
	// x: Dict[str, int] = {"a": 1}
	{"map default", reflect.TypeFor[struct {
		X map[string]int `json:"x" default:"{\"b\":2,\"a\":1}"`
	}](), `{"x":{"additionalProperties":{"type":"integer"},"default":{"a":1,"b":2},"description":"x","title":"X","type":"object"}}`, `[]`},
	// x: Literal["a", "b"]
	{"enum tag", reflect.TypeFor[struct {
		X string `json:"x" enum:"a,b"`
	}](), `{"x":{"description":"x","enum":["a","b"],"title":"X","type":"string"}}`, `["x"]`},
	// x: Literal[1, 2]
	{"int enum tag", reflect.TypeFor[struct {
		X int8 `json:"x" enum:"1,2"`
	}](), `{"x":{"description":"x","enum":[1,2],"title":"X","type":"integer"}}`, `["x"]`},
	// x: Literal["a, b", "c"] (JSON form)
	{"enum tag JSON", reflect.TypeFor[struct {
		X string `json:"x" enum:"[\"a, b\", \"c\"]"`
	}](), `{"x":{"description":"x","enum":["a, b","c"],"title":"X","type":"string"}}`, `["x"]`},
	// x: Literal["only"]
	{"single enum", reflect.TypeFor[struct {
		X string `json:"x" enum:"only"`
	}](), `{"x":{"const":"only","description":"x","title":"X","type":"string"}}`, `["x"]`},
	// x: List[Literal["a", "b"]]
	{"[]enum", reflect.TypeFor[struct {
		X []string `json:"x" enum:"a,b"`
	}](), `{"x":{"description":"x","items":{"enum":["a","b"],"type":"string"},"title":"X","type":"array"}}`, `["x"]`},
	// shade: Shade = Shade.DARK (an Enum class: inlined, default dropped)
	{"Enum type", reflect.TypeFor[struct {
		Shade Shade `json:"shade" default:"dark"`
	}](), `{"shade":{"description":"How dark.","enum":["light","dark"],"title":"Shade","type":"string"}}`, `[]`},
	// level: Optional[Level] = None
	{"*Enum type", reflect.TypeFor[struct {
		Level *Level `json:"level"`
	}](), `{"level":{"anyOf":[{"enum":[1,2,3],"title":"Level","type":"integer"},{"type":"null"}],"default":null,"description":"level"}}`, `[]`},
	// x: Annotated[int, Field(ge=0, lt=10)]
	{"constraints", reflect.TypeFor[struct {
		X int `json:"x" minimum:"0" exclusiveMaximum:"10"`
	}](), `{"x":{"description":"x","exclusiveMaximum":10,"minimum":0,"title":"X","type":"integer"}}`, `["x"]`},
	{"string constraints", reflect.TypeFor[struct {
		X string `json:"x" minLength:"1" maxLength:"5" pattern:"^[a-z]+$" format:"email"`
	}](), `{"x":{"description":"x","format":"email","maxLength":5,"minLength":1,"pattern":"^[a-z]+$","title":"X","type":"string"}}`, `["x"]`},
	{"list constraints", reflect.TypeFor[struct {
		X []int `json:"x" minItems:"1" maxItems:"3"`
	}](), `{"x":{"description":"x","items":{"type":"integer"},"maxItems":3,"minItems":1,"title":"X","type":"array"}}`, `["x"]`},
	// names and titles: user_id: int; x1y: int; Go name without tag
	{"titles", reflect.TypeFor[struct {
		UserID int `json:"user_id"`
		X1y    int `json:"x1y"`
		Plain  int
	}](), `{"user_id":{"description":"user_id","title":"User Id","type":"integer"},"x1y":{"description":"x1y","title":"X1Y","type":"integer"},"Plain":{"description":"Plain","title":"Plain","type":"integer"}}`, `["user_id","x1y","Plain"]`},
	// skipped fields and embedded structs (flattened, as encoding/json)
	{"embedded", reflect.TypeFor[struct {
		Base
		Skip    int `json:"-"`
		private int
		After   bool `json:"after"`
	}](), `{"id":{"description":"id","title":"Id","type":"integer"},"note":{"default":"none","description":"note","title":"Note","type":"string"},"after":{"description":"after","title":"After","type":"boolean"}}`, `["id","after"]`},
	// an outer field hides an embedded one with the same name
	{"dominant", reflect.TypeFor[struct {
		*Base
		Note bool `json:"note"`
	}](), `{"id":{"description":"id","title":"Id","type":"integer"},"note":{"description":"note","title":"Note","type":"boolean"}}`, `["id","note"]`},
	// an empty model
	{"no fields", reflect.TypeFor[struct{}](), `{}`, `[]`},
}

// A BaseTool's argument class (model semantics): no descriptions unless
// tagged, title the type's name.
func TestModelSemantics(t *testing.T) {
	type CountdownArgs struct {
		N    int    `json:"n"`
		Note string `json:"note" description:"a note" default:""`
	}
	tool, err := NewBaseStreamTool("countdown", "d", func(context.Context, CountdownArgs, func(int) bool) (int, error) { return 0, nil })
	if err != nil {
		t.Fatal(err)
	}
	s := tool.Schema()
	if got, want := string(s.Parameters.Properties), `{"n":{"title":"N","type":"integer"},"note":{"default":"","description":"a note","title":"Note","type":"string"}}`; got != want {
		t.Errorf("properties\n got %s\nwant %s", got, want)
	}
	_, err = tool.RunJSON(context.Background(), json.RawMessage(`{}`), "")
	var ve *ValidationError
	if !errors.As(err, &ve) || !strings.HasPrefix(ve.Error(), "1 validation error for CountdownArgs\nn\n") {
		t.Errorf("error %v", err)
	}
}

func TestStrict(t *testing.T) {
	type all struct {
		A int    `json:"a"`
		B string `json:"b"`
	}
	tool, err := NewFunctionTool("f", "d", func(context.Context, all) (int, error) { return 0, nil }, Strict())
	if err != nil {
		t.Fatal(err)
	}
	if s := tool.Schema(); s.Strict == nil || !*s.Strict || len(s.Parameters.Required) != 2 || *s.Parameters.AdditionalProperties {
		t.Errorf("strict schema %+v", s)
	}
	want := "Strict mode is enabled, but not all input arguments are marked as required. Default arguments are not allowed in strict mode."
	optional := []func() error{
		func() error {
			type withDefault struct {
				A int `json:"a" default:"1"`
			}
			_, err := NewFunctionTool("f", "d", func(context.Context, withDefault) (int, error) { return 0, nil }, Strict())
			return err
		},
		func() error {
			type withPointer struct {
				A *int `json:"a"`
			}
			_, err := NewFunctionTool("f", "d", func(context.Context, withPointer) (int, error) { return 0, nil }, Strict())
			return err
		},
		func() error {
			type withOmitempty struct {
				A int `json:"a,omitempty"`
			}
			_, err := NewBaseStreamTool("f", "d", func(context.Context, withOmitempty, func(int) bool) (int, error) { return 0, nil }, Strict())
			return err
		},
	}
	for i, mk := range optional {
		err := mk()
		var se *StrictModeError
		if !errors.As(err, &se) || err.Error() != want {
			t.Errorf("%d: error %v, want %q", i, err, want)
		}
	}
	// A required nullable pointer is allowed: it is required.
	type requiredPointer struct {
		A *int `json:"a" required:"true"`
	}
	if _, err := NewFunctionTool("f", "d", func(context.Context, requiredPointer) (int, error) { return 0, nil }, Strict()); err != nil {
		t.Errorf("required pointer in strict mode: %v", err)
	}
}

type recursive struct {
	Next *recursive `json:"next"`
}

type badEnum string

func (badEnum) EnumValues() []any { return []any{1.5} }

func TestTypeErrors(t *testing.T) {
	tests := []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"not a struct", reflect.TypeFor[int](), "must be a struct"},
		{"chan", reflect.TypeFor[struct{ C chan int }](), "not supported"},
		{"func", reflect.TypeFor[struct{ F func() }](), "not supported"},
		{"bytes", reflect.TypeFor[struct{ B []byte }](), "[]byte is not supported"},
		{"interface with methods", reflect.TypeFor[struct{ E error }](), "only any"},
		{"recursive", reflect.TypeFor[struct{ R recursive }](), "recursive type"},
		{"struct map key", reflect.TypeFor[struct{ M map[Location]int }](), "map key type"},
		{"pointer to pointer", reflect.TypeFor[struct{ P **int }](), "pointer to pointer"},
		{"complex", reflect.TypeFor[struct{ C complex128 }](), "not supported"},
		{"bad default", reflect.TypeFor[struct {
			X int `default:"x"`
		}](), "is not JSON"},
		{"wrong default", reflect.TypeFor[struct {
			X int `default:"1.5"`
		}](), "fractional part"},
		{"bad enum", reflect.TypeFor[struct {
			X int `enum:"a,b"`
		}](), "enum tag value"},
		{"enum on struct", reflect.TypeFor[struct {
			X Location `enum:"a"`
		}](), "enum tag on"},
		{"enum on Enum type", reflect.TypeFor[struct {
			X Shade `enum:"a"`
		}](), "Enum type"},
		{"bad Enum values", reflect.TypeFor[struct{ X badEnum }](), "cannot convert"},
		// (built with reflect.StructOf: go vet refuses the literal)
		{"duplicate names", reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
			{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
		}), "same JSON name"},
		{"string option", reflect.TypeFor[struct {
			A int `json:"a,string"`
		}](), `"string" is not supported`},
		{"bad required", reflect.TypeFor[struct {
			A *int `required:"yes"`
		}](), "required tag"},
		{"constraint kind", reflect.TypeFor[struct {
			A string `minimum:"1"`
		}](), "minimum tag on"},
		{"constraint value", reflect.TypeFor[struct {
			A string `maxLength:"x"`
		}](), "not a number"},
		{"constraint integer", reflect.TypeFor[struct {
			A string `maxLength:"1.5"`
		}](), "not an integer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := buildArgs(tt.typ, "t", asFunction)
			var te *TypeError
			if !errors.As(err, &te) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want a TypeError containing %q", err, tt.want)
			}
		})
	}
	if _, err := NewFunctionTool[struct{}, int]("f", "d", nil); err == nil {
		t.Error("nil function accepted")
	}
}

func TestPyTitle(t *testing.T) {
	for in, want := range map[string]string{
		"a": "A", "user_id": "User Id", "x1y": "X1Y", "userID": "Userid", "_private": "Private",
		"they're": "They'Re", "élan": "Élan", "a__b": "A  B", "ABC": "Abc",
	} {
		if got := pyTitle(in); got != want {
			t.Errorf("pyTitle(%q) = %q, want %q", in, got, want)
		}
	}
}
