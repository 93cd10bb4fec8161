package pymodel

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// The models of the cross-path test: pydantic gives the same error types,
// messages and locations for model_validate(json.loads(text)) and for
// model_validate_json(text), so Validate and DecodeModel must too.

type xInts struct {
	I8  int8   `json:"i8,omitempty"`
	U8  uint8  `json:"u8,omitempty"`
	U64 uint64 `json:"u64,omitempty"`
	I64 int64  `json:"i64,omitempty"`
}

type xCons struct {
	N     int      `json:"n,omitempty" minimum:"0" exclusiveMaximum:"10" multipleOf:"3"`
	F     float64  `json:"f,omitempty" multipleOf:"0.5" maximum:"2.5" exclusiveMinimum:"-1"`
	S     string   `json:"s,omitempty" minLength:"2" maxLength:"3" pattern:"^[a-z]*$"`
	W     string   `json:"w,omitempty" minLength:"2" maxLength:"2"`
	Re    string   `json:"re,omitempty" pattern:"^\\d+$"`
	L     []int    `json:"l,omitempty" minItems:"1" maxItems:"2"`
	P     *string  `json:"p,omitempty" minLength:"3"`
	Small int8     `json:"small,omitempty" minimum:"0"`
	Big   uint64   `json:"big,omitempty" maximum:"100"`
	Ls    []string `json:"ls,omitempty" minItems:"2" enum:"a,b"`
	G     float32  `json:"g,omitempty" minimum:"1"`
	D     string   `json:"d" minLength:"3" default:"ab"` // a default is not validated
}

type xShapes struct {
	T    [2]int         `json:"t,omitempty"`
	E    *shade         `json:"e,omitempty"`
	Lit  string         `json:"lit,omitempty" enum:"a,b"`
	Lits []string       `json:"lits,omitempty" enum:"a,b"`
	TE   [2]shade       `json:"te,omitempty"`
	M    map[int]string `json:"m,omitempty"`
	M8   map[int8]int   `json:"m8,omitempty"`
	TS   [2]inner       `json:"ts,omitempty"`
	N    int            `json:"n,omitempty" enum:"1,2"`
}

// crossFault is one fault as both paths can report it: pointer, type and
// message.
type crossFault = string

// locPointer writes a pydantic location as a JSON pointer.
func locPointer(loc []any) string {
	var b strings.Builder
	for _, item := range loc {
		b.WriteByte('/')
		switch x := item.(type) {
		case int:
			b.WriteString(strconv.Itoa(x))
		case string:
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(x, "~", "~0"), "/", "~1"))
		}
	}
	return b.String()
}

func pythonFaults(t *testing.T, n *Node, input string) ([]crossFault, reflect.Value) {
	t.Helper()
	v, err := ParseJSON([]byte(input))
	if err != nil {
		t.Fatalf("input %s: %v", input, err)
	}
	dst := reflect.New(n.Type).Elem()
	var out []crossFault
	for _, e := range Validate(n, &v, dst) {
		out = append(out, locPointer(e.Loc)+" "+e.Type+" "+e.Msg)
	}
	return out, dst
}

func jsonFaults(t *testing.T, n *Node, input string) ([]crossFault, reflect.Value) {
	t.Helper()
	dst := reflect.New(n.Type).Elem()
	err := wire.Decode([]byte(input), wire.Options{}, func(d *wire.Decoder) { DecodeModel(d, n, dst, nil) })
	var out []crossFault
	var es wire.Errors
	if errors.As(err, &es) {
		for _, e := range es {
			out = append(out, e.Pointer+" "+e.Type+" "+e.Message)
		}
	} else if err != nil {
		t.Fatalf("input %s: %v", input, err)
	}
	return out, dst
}

// TestCrossPath runs each input through both paths: both must give the
// faults pydantic gives (want, derived by hand from pydantic-core's
// validators: src/validators/{int,float,string,list,tuple,dict,literal}.rs
// and the messages of src/errors/types.rs), and, when the input is valid,
// the same value.
func TestCrossPath(t *testing.T) {
	for _, tc := range crossPathCases {
		n, err := Build(tc.typ, Options{})
		if err != nil {
			t.Fatal(err)
		}
		py, pv := pythonFaults(t, n, tc.input)
		js, jv := jsonFaults(t, n, tc.input)
		if !slices.Equal(py, tc.want) {
			t.Errorf("%v %s: python mode\n got %q\nwant %q", tc.typ, tc.input, py, tc.want)
		}
		if !slices.Equal(js, tc.want) {
			t.Errorf("%v %s: JSON mode\n got %q\nwant %q", tc.typ, tc.input, js, tc.want)
		}
		if tc.want == nil && len(py) == 0 && len(js) == 0 {
			a, b := DumpJSON(n, pv), DumpJSON(n, jv)
			if x, y := string(pyjson.AppendJSON(nil, &a)), string(pyjson.AppendJSON(nil, &b)); x != y {
				t.Errorf("%v %s: values differ\npython %s\n  json %s", tc.typ, tc.input, x, y)
			}
		}
	}
}

// crossPathCases are the cases of TestCrossPath.
var crossPathCases = []struct {
	typ   reflect.Type
	input string
	want  []crossFault
}{
	// A Go integer below 64 bits is int with Field(ge=min, le=max);
	// a 64-bit one holds what fits (int.rs: le is checked before ge).
	{reflect.TypeFor[xInts](), `{"i8": 127, "u8": 255, "u64": 18446744073709551615, "i64": -9223372036854775808}`, nil},
	{reflect.TypeFor[xInts](), `{"i8": 300}`, []crossFault{"/i8 less_than_equal Input should be less than or equal to 127"}},
	{reflect.TypeFor[xInts](), `{"i8": -129}`, []crossFault{"/i8 greater_than_equal Input should be greater than or equal to -128"}},
	{reflect.TypeFor[xInts](), `{"i8": "300"}`, []crossFault{"/i8 less_than_equal Input should be less than or equal to 127"}},
	{reflect.TypeFor[xInts](), `{"i8": 1.5}`, []crossFault{"/i8 int_from_float Input should be a valid integer, got a number with a fractional part"}},
	{reflect.TypeFor[xInts](), `{"u8": -1}`, []crossFault{"/u8 greater_than_equal Input should be greater than or equal to 0"}},
	{reflect.TypeFor[xInts](), `{"u64": 18446744073709551616}`, []crossFault{"/u64 less_than_equal Input should be less than or equal to 18446744073709551615"}},
	{reflect.TypeFor[xInts](), `{"u64": -1}`, []crossFault{"/u64 greater_than_equal Input should be greater than or equal to 0"}},
	{reflect.TypeFor[xInts](), `{"i64": 9223372036854775808}`, []crossFault{"/i64 less_than_equal Input should be less than or equal to 9223372036854775807"}},
	{reflect.TypeFor[xInts](), `{"i8": 1e10, "i64": -9223372036854775809}`, []crossFault{
		"/i8 less_than_equal Input should be less than or equal to 127",
		"/i64 greater_than_equal Input should be greater than or equal to -9223372036854775808",
	}},

	// Constraint tags: int.rs checks multiple_of, le, lt, ge, gt in
	// that order and reports the first that fails.
	{reflect.TypeFor[xCons](), `{"n": 9, "f": 2.5, "s": "ab", "w": "日本", "re": "12", "l": [1], "p": "abc", "small": 0, "big": 100, "ls": ["a", "b"], "g": 1}`, nil},
	{reflect.TypeFor[xCons](), `{"n": 10}`, []crossFault{"/n multiple_of Input should be a multiple of 3"}},
	{reflect.TypeFor[xCons](), `{"n": 12}`, []crossFault{"/n less_than Input should be less than 10"}},
	{reflect.TypeFor[xCons](), `{"n": -3}`, []crossFault{"/n greater_than_equal Input should be greater than or equal to 0"}},
	{reflect.TypeFor[xCons](), `{"n": "x"}`, []crossFault{"/n int_parsing Input should be a valid integer, unable to parse string as an integer"}},
	// float.rs: |x - round(x/m)*m| > 1e-9 is not a multiple; numbers
	// in messages are Rust's f64 Display (2.5, -1).
	{reflect.TypeFor[xCons](), `{"f": 0.3}`, []crossFault{"/f multiple_of Input should be a multiple of 0.5"}},
	{reflect.TypeFor[xCons](), `{"f": "3"}`, []crossFault{"/f less_than_equal Input should be less than or equal to 2.5"}},
	{reflect.TypeFor[xCons](), `{"f": -1}`, []crossFault{"/f greater_than Input should be greater than -1"}},
	{reflect.TypeFor[xCons](), `{"f": true}`, nil},
	// string.rs: min_length, max_length (in characters), then pattern,
	// quoted as written.
	{reflect.TypeFor[xCons](), `{"s": "a"}`, []crossFault{"/s string_too_short String should have at least 2 characters"}},
	{reflect.TypeFor[xCons](), `{"s": "abcd"}`, []crossFault{"/s string_too_long String should have at most 3 characters"}},
	{reflect.TypeFor[xCons](), `{"s": "AB"}`, []crossFault{"/s string_pattern_mismatch String should match pattern '^[a-z]*$'"}},
	{reflect.TypeFor[xCons](), `{"s": 5}`, []crossFault{"/s string_type Input should be a valid string"}},
	{reflect.TypeFor[xCons](), `{"w": "日本語"}`, []crossFault{"/w string_too_long String should have at most 2 characters"}},
	{reflect.TypeFor[xCons](), `{"re": "1a"}`, []crossFault{`/re string_pattern_mismatch String should match pattern '^\d+$'`}},
	// list.rs: max_length stops at the first item past it; min_length
	// is checked when the items are valid.
	{reflect.TypeFor[xCons](), `{"l": []}`, []crossFault{"/l too_short List should have at least 1 item after validation, not 0"}},
	{reflect.TypeFor[xCons](), `{"l": [1, 2, 3]}`, []crossFault{"/l too_long List should have at most 2 items after validation, not 3"}},
	// list.rs: a list past max_length reports too_long alone, the
	// faults of the items before it dropped.
	{reflect.TypeFor[xCons](), `{"l": [1, "x", 3]}`, []crossFault{"/l too_long List should have at most 2 items after validation, not 3"}},
	{reflect.TypeFor[xCons](), `{"ls": ["c"]}`, []crossFault{"/ls/0 literal_error Input should be 'a' or 'b'"}},
	{reflect.TypeFor[xCons](), `{"ls": ["a"]}`, []crossFault{"/ls too_short List should have at least 2 items after validation, not 1"}},
	{reflect.TypeFor[xCons](), `{"p": "ab", "small": 200}`, []crossFault{
		"/p string_too_short String should have at least 3 characters",
		"/small less_than_equal Input should be less than or equal to 127",
	}},
	{reflect.TypeFor[xCons](), `{"p": null, "small": -5}`, []crossFault{"/small greater_than_equal Input should be greater than or equal to 0"}},
	{reflect.TypeFor[xCons](), `{"big": 18446744073709551615}`, []crossFault{"/big less_than_equal Input should be less than or equal to 100"}},
	{reflect.TypeFor[xCons](), `{"g": 0.5}`, []crossFault{"/g greater_than_equal Input should be greater than or equal to 1"}},

	// Tuples (tuple.rs): items by position, missing ones at their
	// index, extra ones refused as a whole.
	{reflect.TypeFor[xShapes](), `{"t": [1, "2"], "te": ["dark", "light"], "ts": [{"a": 1}, {"a": "2"}]}`, nil},
	{reflect.TypeFor[xShapes](), `{"t": ["x", "y"]}`, []crossFault{
		"/t/0 int_parsing Input should be a valid integer, unable to parse string as an integer",
		"/t/1 int_parsing Input should be a valid integer, unable to parse string as an integer",
	}},
	{reflect.TypeFor[xShapes](), `{"t": [1]}`, []crossFault{"/t/1 missing Field required"}},
	{reflect.TypeFor[xShapes](), `{"t": [1, 2, 3]}`, []crossFault{"/t too_long Tuple should have at most 2 items after validation, not 3"}},
	{reflect.TypeFor[xShapes](), `{"t": ["x", 2, 3]}`, []crossFault{"/t too_long Tuple should have at most 2 items after validation, not 3"}},
	{reflect.TypeFor[xShapes](), `{"t": 5}`, []crossFault{"/t tuple_type Input should be a valid tuple"}},
	{reflect.TypeFor[xShapes](), `{"te": ["light", "x"]}`, []crossFault{"/te/1 enum Input should be 'light' or 'dark'"}},
	{reflect.TypeFor[xShapes](), `{"ts": [{"a": "x"}, {}]}`, []crossFault{
		"/ts/0/a int_parsing Input should be a valid integer, unable to parse string as an integer",
		"/ts/1/a missing Field required",
	}},
	// Literals and Enums (literal.rs, enum_.rs).
	{reflect.TypeFor[xShapes](), `{"e": "x", "lit": "c", "n": 3}`, []crossFault{
		"/e enum Input should be 'light' or 'dark'",
		"/lit literal_error Input should be 'a' or 'b'",
		"/n literal_error Input should be 1 or 2",
	}},
	{reflect.TypeFor[xShapes](), `{"lits": ["a", "c", 1]}`, []crossFault{
		"/lits/1 literal_error Input should be 'a' or 'b'",
		"/lits/2 literal_error Input should be 'a' or 'b'",
	}},
	// Dicts with integer keys (dict.rs): a key fault is at (key, "[key]").
	{reflect.TypeFor[xShapes](), `{"m": {"1": "a", "x": "b", "3": 5}, "m8": {"300": 1, "2": "y"}}`, []crossFault{
		"/m/x/[key] int_parsing Input should be a valid integer, unable to parse string as an integer",
		"/m/3 string_type Input should be a valid string",
		"/m8/300/[key] less_than_equal Input should be less than or equal to 127",
		"/m8/2 int_parsing Input should be a valid integer, unable to parse string as an integer",
	}},
}

// crossModel has a field of each kind whose two paths were made to agree.
type crossModel struct {
	I8 int8              `json:"i8,omitempty" multipleOf:"2"`
	U  uint64            `json:"u,omitempty"`
	F  float64           `json:"f,omitempty" exclusiveMinimum:"0" maximum:"10"`
	S  string            `json:"s,omitempty" minLength:"1" maxLength:"4" pattern:"^[a-z]"`
	L  []int16           `json:"l,omitempty" minItems:"1" maxItems:"3"`
	T  [2]namedShade     `json:"t,omitempty"`
	M  map[uint8]string  `json:"m,omitempty"`
	E  []string          `json:"e,omitempty" enum:"a,b"`
	N  *[1]inner         `json:"n,omitempty"`
	K  map[string][2]int `json:"k,omitempty"`
}

// FuzzCrossPath: for any object, Validate and DecodeModel accept or refuse
// it alike; the faults are the same ones (as a set: DecodeModel reports in
// input order), and an accepted input gives the same value. Inputs the two
// paths read differently on purpose are left out: duplicate member names
// (json.loads keeps the last; a streaming decoder reads each) and a list or
// tuple refused as too long (pydantic drops its items' faults then).
func FuzzCrossPath(f *testing.F) {
	n, err := Build(reflect.TypeFor[crossModel](), Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		`{"i8": 4, "u": 18446744073709551615, "f": 2.5, "s": "ab", "l": [1], "t": ["dark", "light"], "m": {"7": "x"}, "e": ["a"], "n": [{"a": 1}], "k": {"x": [1, 2]}}`,
		`{"i8": 3, "u": -1, "f": 0, "s": "", "l": [], "t": ["x"], "m": {"300": 1}, "e": ["c"], "n": [{}], "k": {"x": [1]}}`,
		`{"i8": "200", "f": "nan", "s": "ABCDE", "l": [1, 2, 3, 4], "t": [1, 2, 3], "m": {"x": "y"}}`,
		`{"s": 1, "l": ["x"], "t": "ab", "n": null, "k": {"y": [1, 2, 3]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseJSON(data)
		if err != nil || v.Kind != pyjson.Dict || hasDuplicateKeys(data) {
			return
		}
		py, pv := pythonFaults(t, n, string(data))
		js, jv := jsonFaults(t, n, string(data))
		for _, x := range append(slices.Clone(py), js...) {
			if strings.Contains(x, " json_invalid ") || strings.Contains(x, " limit ") {
				return
			}
		}
		slices.Sort(py)
		slices.Sort(js)
		if !slices.Equal(py, js) {
			t.Fatalf("%s\npython %q\n  json %q", data, py, js)
		}
		if len(py) == 0 {
			a, b := DumpJSON(n, pv), DumpJSON(n, jv)
			if x, y := string(pyjson.AppendJSON(nil, &a)), string(pyjson.AppendJSON(nil, &b)); x != y {
				t.Fatalf("%s: values differ\npython %s\n  json %s", data, x, y)
			}
		}
	})
}

// hasDuplicateKeys reports whether an object anywhere in data repeats a
// member name (or data is not JSON encoding/json reads).
func hasDuplicateKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		names  map[string]bool
		object bool
		key    bool // the next string is a member name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			return true
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top != nil && top.object {
					top.key = true
				}
				stack = append(stack, &frame{names: map[string]bool{}, object: d == '{', key: d == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if top != nil && top.object {
			if top.key {
				name := tok.(string)
				if top.names[name] {
					return true
				}
				top.names[name] = true
			}
			top.key = !top.key
		}
	}
}

// TestFaultOffsets checks that a fault found after reading a whole value
// (a constraint, a Go integer range, a list or tuple refused as a whole)
// is placed where the value starts: the offsets are counted by hand.
func TestFaultOffsets(t *testing.T) {
	for _, c := range []struct {
		typ       reflect.Type
		input     string
		offset    int
		line, col int
	}{
		{reflect.TypeFor[xCons](), `{"s": "abcd"}`, 6, 1, 7},
		{reflect.TypeFor[xCons](), "{\n  \"small\": 200}", 13, 2, 12},
		{reflect.TypeFor[xCons](), `{"f": 3.5}`, 6, 1, 7},
		{reflect.TypeFor[xCons](), `{"l":  [1, "x", 3]}`, 7, 1, 8},
		{reflect.TypeFor[xShapes](), `{"t": [1, 2, 3]}`, 6, 1, 7},
	} {
		n, err := Build(c.typ, Options{})
		if err != nil {
			t.Fatal(err)
		}
		dst := reflect.New(n.Type).Elem()
		err = wire.Decode([]byte(c.input), wire.Options{}, func(d *wire.Decoder) { DecodeModel(d, n, dst, nil) })
		var es wire.Errors
		if !errors.As(err, &es) || len(es) != 1 {
			t.Errorf("%s: %v, want one fault", c.input, err)
			continue
		}
		if e := es[0]; e.Offset != c.offset || e.Line != c.line || e.Column != c.col {
			t.Errorf("%s: %s at %d (%d:%d), want %d (%d:%d)", c.input, e.Type, e.Offset, e.Line, e.Column, c.offset, c.line, c.col)
		}
	}
}
