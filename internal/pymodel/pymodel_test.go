package pymodel

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

type inner struct {
	A int `json:"a"`
}

type embedded struct {
	ID   int    `json:"id"`
	Note string `json:"note"`
}

type shade string

func (shade) EnumValues() []any { return []any{"light", "dark"} }

// props returns the "properties" and "required" of model t's schema as
// compact JSON, or the build error.
func props(t reflect.Type, opts Options) (string, string, error) {
	n, err := Build(t, opts)
	if err != nil {
		return "", "", err
	}
	s := Schema(n)
	p, _ := s.Get("properties")
	r, ok := s.Get("required")
	req := "[]"
	if ok {
		req = string(pyjson.AppendJSON(nil, r))
	}
	return string(pyjson.AppendJSON(nil, p)), req, nil
}

// TestTagGrammar has a case for each rule of the tag grammar (doc.go). The
// schemas are pydantic 2.13.4's model_json_schema() of the Python model in
// each comment.
func TestTagGrammar(t *testing.T) {
	for _, tt := range tagGrammarCases {
		t.Run(tt.rule, func(t *testing.T) {
			got, req, err := props(tt.typ, Options{})
			if tt.req == "" {
				var te *TypeError
				if !errors.As(err, &te) || !strings.Contains(err.Error(), tt.props) {
					t.Fatalf("error %v, want a *TypeError containing %q", err, tt.props)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.props {
				t.Errorf("properties\n got %s\nwant %s", got, tt.props)
			}
			if req != tt.req {
				t.Errorf("required %s, want %s", req, tt.req)
			}
		})
	}
}

// tagGrammarCases are the cases of TestTagGrammar.
var tagGrammarCases = []struct {
	rule  string
	typ   reflect.Type
	props string // "properties", or a substring of the error
	req   string
}{
	// json: name, "-", unexported, the Go name without a tag.
	{"json name", reflect.TypeFor[struct {
		X    int `json:"x"`
		Skip int `json:"-"`
		priv int
		Y    bool
	}](), `{"x":{"title":"X","type":"integer"},"Y":{"title":"Y","type":"boolean"}}`, `["x","Y"]`},
	// Embedded structs are flattened; the shallower field hides the deeper.
	{"json embedded", reflect.TypeFor[struct {
		embedded
		Note bool `json:"note"`
	}](), `{"id":{"title":"Id","type":"integer"},"note":{"title":"Note","type":"boolean"}}`, `["id","note"]`},
	{"json same depth", reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
		{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
	}), "same JSON name", ""},
	{"json string option", reflect.TypeFor[struct {
		A int `json:"a,string"`
	}](), `"string" is not supported`, ""},
	// a: str = "x" (default:"x" and default:"\"x\"" alike)
	{"default string", reflect.TypeFor[struct {
		A string `json:"a" default:"x"`
		B string `json:"b" default:"\"x\""`
		C string `json:"c" default:""`
		D string `json:"d" default:"null"`
	}](), `{"a":{"default":"x","title":"A","type":"string"},"b":{"default":"x","title":"B","type":"string"},"c":{"default":"","title":"C","type":"string"},"d":{"default":"null","title":"D","type":"string"}}`, `[]`},
	// b: Optional[str] = None
	{"default null pointer", reflect.TypeFor[struct {
		B *string `json:"b" default:"null"`
	}](), `{"b":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"B"}}`, `[]`},
	// d: List[int] = []; n: int = 3
	{"default JSON", reflect.TypeFor[struct {
		D []int `json:"d" default:"[]"`
		N int   `json:"n" default:"3"`
	}](), `{"d":{"default":[],"items":{"type":"integer"},"title":"D","type":"array"},"n":{"default":3,"title":"N","type":"integer"}}`, `[]`},
	{"default not JSON", reflect.TypeFor[struct {
		N int `json:"n" default:"x"`
	}](), "is not JSON", ""},
	{"default invalid", reflect.TypeFor[struct {
		N int `json:"n" default:"\"x\""`
	}](), "unable to parse string as an integer", ""},
	// id: str = Field(default_factory=...): no default in the schema
	{"default factories", reflect.TypeFor[struct {
		ID  string       `json:"id" default:"@uuid4"`
		At  gen.DateTime `json:"at" default:"@now"`
		At2 time.Time    `json:"at2" default:"@now"`
	}](), `{"id":{"title":"Id","type":"string"},"at":{"format":"date-time","title":"At","type":"string"},"at2":{"format":"date-time","title":"At2","type":"string"}}`, `[]`},
	{"default @now on a string", reflect.TypeFor[struct {
		N string `json:"n" default:"@now"`
	}](), "@now needs", ""},
	{"default @uuid4 on an int", reflect.TypeFor[struct {
		N int `json:"n" default:"@uuid4"`
	}](), "@uuid4 needs", ""},
	// b: Optional[str] = None; c: Optional[int] (required)
	{"pointer", reflect.TypeFor[struct {
		B *string `json:"b"`
		C *int    `json:"c" required:"true"`
	}](), `{"b":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"B"},"c":{"anyOf":[{"type":"integer"},{"type":"null"}],"title":"C"}}`, `["c"]`},
	{"pointer bad required", reflect.TypeFor[struct {
		C *int `json:"c" required:"yes"`
	}](), "required tag", ""},
	// d: List[int] = []; s: str = ""
	{"omitempty", reflect.TypeFor[struct {
		D []int  `json:"d,omitempty"`
		S string `json:"s,omitzero"`
	}](), `{"d":{"default":[],"items":{"type":"integer"},"title":"D","type":"array"},"s":{"default":"","title":"S","type":"string"}}`, `[]`},
	// a: str = Field(description="The a.")
	{"description", reflect.TypeFor[struct {
		A string `json:"a" description:"The a."`
	}](), `{"a":{"description":"The a.","title":"A","type":"string"}}`, `["a"]`},
	// e: Literal["a", "b"]; h: List[Literal["p", "q"]]; o: Literal[1]
	{"enum", reflect.TypeFor[struct {
		E string   `json:"e" enum:"a,b"`
		H []string `json:"h" enum:"[\"p\",\"q\"]"`
		O int      `json:"o" enum:"1"`
	}](), `{"e":{"enum":["a","b"],"title":"E","type":"string"},"h":{"items":{"enum":["p","q"],"type":"string"},"title":"H","type":"array"},"o":{"const":1,"title":"O","type":"integer"}}`, `["e","h","o"]`},
	{"enum bad value", reflect.TypeFor[struct {
		E int `json:"e" enum:"a"`
	}](), "enum tag value", ""},
	{"enum on a model", reflect.TypeFor[struct {
		E inner `json:"e" enum:"a"`
	}](), "enum tag on", ""},
	// f: Annotated[int, Field(ge=1, le=5)] = 3; g: Annotated[str, Field(min_length=2, pattern="^a")]
	{"constraints", reflect.TypeFor[struct {
		F int64  `json:"f" minimum:"1" maximum:"5" default:"3"`
		G string `json:"g" minLength:"2" pattern:"^a"`
	}](), `{"f":{"default":3,"maximum":5,"minimum":1,"title":"F","type":"integer"},"g":{"minLength":2,"pattern":"^a","title":"G","type":"string"}}`, `["g"]`},
	{"constraint on the wrong kind", reflect.TypeFor[struct {
		G string `json:"g" minimum:"1"`
	}](), "minimum tag on", ""},
	{"constraint not a number", reflect.TypeFor[struct {
		G string `json:"g" maxLength:"x"`
	}](), "not a number", ""},
	// pydantic does not validate defaults: a default outside the
	// constraints stands. h: Annotated[str, Field(min_length=3)] = "ab"
	{"constraints do not check defaults", reflect.TypeFor[struct {
		H string `json:"h" minLength:"3" default:"ab"`
	}](), `{"h":{"default":"ab","minLength":3,"title":"H","type":"string"}}`, `[]`},
	// pydantic-core's int validator reads le and the like with
	// validate_as_int: "'ge' must be coercible to an integer".
	{"integer field, fractional bound", reflect.TypeFor[struct {
		N int `json:"n" minimum:"1.5"`
	}](), "minimum tag \"1.5\": an integer field needs an integer", ""},
	{"integer field, integral float bound", reflect.TypeFor[struct {
		N int `json:"n" minimum:"2.0"`
	}](), `{"n":{"minimum":2.0,"title":"N","type":"integer"}}`, `["n"]`},
	{"multipleOf 0", reflect.TypeFor[struct {
		F float64 `json:"f" multipleOf:"0"`
	}](), "multipleOf tag \"0\": want a number greater than 0", ""},
	{"pattern that does not compile", reflect.TypeFor[struct {
		S string `json:"s" pattern:"(?=a)"`
	}](), "pattern tag \"(?=a)\": not a regular expression", ""},
	// x: Inner (a $ref: no title); s: Shade (an Enum class)
	{"models and enums", reflect.TypeFor[struct {
		X inner  `json:"x" description:"kept"`
		S *shade `json:"s"`
	}](), `{"x":{"$ref":"#/$defs/inner","description":"kept"},"s":{"anyOf":[{"$ref":"#/$defs/shade"},{"type":"null"}],"default":null}}`, `["x"]`},
}

type node2 struct {
	Name     string   `json:"name"`
	Children []*node2 `json:"children" default:"[]"`
}

// TestOptions: what each option refuses or adds.
func TestOptions(t *testing.T) {
	if _, err := Build(reflect.TypeFor[node2](), Options{}); err != nil {
		t.Errorf("recursive model: %v", err)
	}
	if _, err := Build(reflect.TypeFor[node2](), Options{Inline: true}); err == nil || !strings.Contains(err.Error(), "recursive") {
		t.Errorf("recursive model inlined: %v", err)
	}
	if _, err := Build(reflect.TypeFor[struct{ B []byte }](), Options{NoBytes: true}); err == nil {
		t.Error("NoBytes accepted []byte")
	}
	if _, err := Build(reflect.TypeFor[struct{ M map[int]string }](), Options{StringKeys: true}); err == nil {
		t.Error("StringKeys accepted map[int]string")
	}
	if _, err := Build(reflect.TypeFor[int](), Options{}); err == nil {
		t.Error("a model of int")
	}
	n, err := Build(reflect.TypeFor[struct {
		A int `json:"a"`
	}](), Options{Title: "fargs", DescribeFields: true})
	if err != nil {
		t.Fatal(err)
	}
	s := InlineSchema(n)
	// def f(a: int): AutoGen describes each parameter by its name.
	if got := string(pyjson.AppendJSON(nil, &s)); got != `{"properties":{"a":{"description":"a","title":"A","type":"integer"}},"required":["a"],"title":"fargs","type":"object"}` {
		t.Errorf("DescribeFields: %s", got)
	}
}

type validated struct {
	C *int     `json:"c" required:"true"`
	E string   `json:"e" enum:"a,b"`
	G string   `json:"g"`
	N int8     `json:"n" default:"1"`
	L []string `json:"l,omitempty"`
}

// TestValidate: python-mode validation, errors as pydantic 2.13.4 gives
// them for model_validate({"c": None, "e": "z", "g": 1, "n": "300"}) of
// the model validated stands for (n: conint(ge=-128, le=127)).
func TestValidate(t *testing.T) {
	n, err := Build(reflect.TypeFor[validated](), Options{})
	if err != nil {
		t.Fatal(err)
	}
	in, _ := pyjson.Parse([]byte(`{"c": null, "e": "z", "g": 1, "n": "300"}`))
	var out validated
	errs := Validate(n, &in, reflect.ValueOf(&out).Elem())
	var got []string
	for _, e := range errs {
		got = append(got, pyjson.Repr(&pyjson.Value{Kind: pyjson.List, List: locValues(e.Loc)})+" "+e.Type+" "+e.Msg)
	}
	want := []string{
		"['e'] literal_error Input should be 'a' or 'b'",
		"['g'] string_type Input should be a valid string",
		"['n'] less_than_equal Input should be less than or equal to 127",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	in, _ = pyjson.Parse([]byte(`{"c": "4", "e": "b", "g": "x"}`))
	out = validated{}
	if errs := Validate(n, &in, reflect.ValueOf(&out).Elem()); len(errs) > 0 || *out.C != 4 || out.N != 1 || out.L == nil {
		t.Errorf("%+v %v", out, errs)
	}
	d := DumpJSON(n, reflect.ValueOf(out))
	if got := string(pyjson.AppendJSON(nil, &d)); got != `{"c":4,"e":"b","g":"x","n":1,"l":[]}` {
		t.Errorf("dump %s", got)
	}
}

func locValues(loc []any) []pyjson.Value {
	out := make([]pyjson.Value, len(loc))
	for i, x := range loc {
		out[i] = pyjson.StrValue(x.(string))
	}
	return out
}

// TestJSONMode: Decode and Encode, with the faults of internal/wire.
func TestJSONMode(t *testing.T) {
	n, err := Build(reflect.TypeFor[validated](), Options{})
	if err != nil {
		t.Fatal(err)
	}
	decode := func(doc string) (validated, error) {
		var out validated
		d := wire.NewDecoder([]byte(doc), wire.Options{})
		d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { DecodeModel(d, n, reflect.ValueOf(&out).Elem(), nil) }))
		return out, d.Err()
	}
	out, err := decode(`{"c": 4, "e": "a", "g": "x", "l": ["p"], "extra": 1}`)
	if err != nil || *out.C != 4 || out.N != 1 || len(out.L) != 1 {
		t.Fatalf("%+v %v", out, err)
	}
	b, err := Marshal(n, reflect.ValueOf(out))
	if err != nil || string(b) != `{"c":4,"e":"a","g":"x","n":1,"l":["p"]}` {
		t.Errorf("%s %v", b, err)
	}
	_, err = decode(`{"e": "z", "g": 1, "n": 300}`)
	var es wire.Errors
	if !errors.As(err, &es) {
		t.Fatalf("%v", err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Pointer+" "+e.Type)
	}
	if want := "/e literal_error,/g string_type,/n less_than_equal,/c missing"; strings.Join(got, ",") != want {
		t.Errorf("got %s, want %s", strings.Join(got, ","), want)
	}
}

// TestTitle: pydantic's field titles (str.title(), "_" as " ", stripped).
func TestTitle(t *testing.T) {
	for in, want := range map[string]string{"temperature_c": "Temperature C", "_private": "Private", "HTTPCode": "Httpcode", "abc1def": "Abc1Def", "they're": "They'Re"} {
		if got := Title(in); got != want {
			t.Errorf("Title(%q) = %q, want %q", in, got, want)
		}
	}
}

// namedShade is a Python `class shade(str, Enum): LIGHT = "light"; DARK =
// "dark"`; badNames has a name too few.
type (
	namedShade string
	badNames   string
)

func (namedShade) EnumValues() []any   { return []any{"light", "dark"} }
func (namedShade) EnumNames() []string { return []string{"LIGHT", "DARK"} }
func (badNames) EnumValues() []any     { return []any{"a", "b"} }
func (badNames) EnumNames() []string   { return []string{"A"} }

// TestEnumNames: model_dump() keeps Enum members (python mode), and
// model_dump(mode="json") their values.
func TestEnumNames(t *testing.T) {
	type model struct {
		S namedShade   `json:"s"`
		L []namedShade `json:"l"`
	}
	n, err := Build(reflect.TypeFor[model](), Options{})
	if err != nil {
		t.Fatal(err)
	}
	v := reflect.ValueOf(model{S: "dark", L: []namedShade{"light"}})
	py, js := DumpPython(n, v), DumpJSON(n, v)
	if got := pyjson.Repr(&py); got != "{'s': <namedShade.DARK: 'dark'>, 'l': [<namedShade.LIGHT: 'light'>]}" {
		t.Errorf("python dump %s", got)
	}
	if got := string(pyjson.AppendJSON(nil, &js)); got != `{"s":"dark","l":["light"]}` {
		t.Errorf("JSON dump %s", got)
	}
	_, err = Build(reflect.TypeFor[struct {
		B badNames `json:"b"`
	}](), Options{})
	if err == nil || !strings.Contains(err.Error(), "has 1 names for 2 values") {
		t.Errorf("bad names: %v", err)
	}
}
