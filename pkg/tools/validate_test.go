package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
)

// validateInto validates args as the model of T ("targs") and returns the
// value or the error.
func validateInto[T any](t *testing.T, args string) (T, error) {
	t.Helper()
	s, err := newSpec[T]("t", "", "targs", asFunction, nil)
	if err != nil {
		t.Fatal(err)
	}
	return decodeArgs[T](s, json.RawMessage(args))
}

// fieldErr is one expected error: loc (dotted), type and message.
type fieldErr struct{ loc, typ, msg string }

func checkErrors(t *testing.T, err error, want []fieldErr) {
	t.Helper()
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error %v, want a ValidationError", err)
	}
	var got []fieldErr
	for _, e := range ve.Errors {
		got = append(got, fieldErr{e.locText(), e.Type, e.Msg})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors\n got %v\nwant %v", got, want)
	}
}

// The conversions follow pydantic's lax mode for Python inputs (the dict
// json.loads made); each expected value or error is pydantic's for the
// counterpart field type (see pydantic's conversion table and error types).
func TestValidateScalars(t *testing.T) {
	type args struct {
		I  int     `json:"i,omitempty"`
		I8 int8    `json:"i8,omitempty"`
		U  uint    `json:"u,omitempty"`
		F  float64 `json:"f,omitempty"`
		B  bool    `json:"b,omitempty"`
		S  string  `json:"s,omitempty"`
	}
	ok := []struct {
		in   string
		want args
	}{
		{`{"i": 4}`, args{I: 4}},
		{`{"i": "4"}`, args{I: 4}},
		{`{"i": " 4 "}`, args{I: 4}},
		{`{"i": "4.00"}`, args{I: 4}},
		{`{"i": 4.0}`, args{I: 4}},
		{`{"i": 1e3}`, args{I: 1000}},
		{`{"i": true}`, args{I: 1}},
		{`{"i8": -128}`, args{I8: -128}},
		{`{"u": 18446744073709551615}`, args{U: 18446744073709551615}},
		{`{"f": 1}`, args{F: 1}},
		{`{"f": " 1.5 "}`, args{F: 1.5}},
		{`{"f": "1e3"}`, args{F: 1000}},
		{`{"f": false}`, args{F: 0}},
		{`{"b": "yes"}`, args{B: true}},
		{`{"b": "Off"}`, args{B: false}},
		{`{"b": 1}`, args{B: true}},
		{`{"b": 1.0}`, args{B: true}},
		{`{"s": "日本"}`, args{S: "日本"}},
		{`{"unknown": [1], "s": "x"}`, args{S: "x"}},
		{`{"s": "a", "s": "b"}`, args{S: "b"}},
	}
	for _, tt := range ok {
		got, err := validateInto[args](t, tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%s: got %+v %v, want %+v", tt.in, got, err, tt.want)
		}
	}
	bad := []struct {
		in   string
		want []fieldErr
	}{
		{`{"i": 1.5}`, []fieldErr{{"i", "int_from_float", "Input should be a valid integer, got a number with a fractional part"}}},
		{`{"i": "x"}`, []fieldErr{{"i", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"}}},
		{`{"i": "1e3"}`, []fieldErr{{"i", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"}}},
		{`{"i": Infinity}`, []fieldErr{{"i", "finite_number", "Input should be a finite number"}}},
		{`{"i": null}`, []fieldErr{{"i", "int_type", "Input should be a valid integer"}}},
		{`{"i": [1]}`, []fieldErr{{"i", "int_type", "Input should be a valid integer"}}},
		{`{"i": 9223372036854775808}`, []fieldErr{{"i", "less_than_equal", "Input should be less than or equal to 9223372036854775807"}}},
		{`{"i8": 128}`, []fieldErr{{"i8", "less_than_equal", "Input should be less than or equal to 127"}}},
		{`{"i8": -129}`, []fieldErr{{"i8", "greater_than_equal", "Input should be greater than or equal to -128"}}},
		{`{"u": -1}`, []fieldErr{{"u", "greater_than_equal", "Input should be greater than or equal to 0"}}},
		{`{"f": "abc"}`, []fieldErr{{"f", "float_parsing", "Input should be a valid number, unable to parse string as a number"}}},
		{`{"f": "inf"}`, []fieldErr{{"f", "float_parsing", "Input should be a valid number, unable to parse string as a number"}}},
		{`{"f": "0x1p3"}`, []fieldErr{{"f", "float_parsing", "Input should be a valid number, unable to parse string as a number"}}},
		{`{"f": {}}`, []fieldErr{{"f", "float_type", "Input should be a valid number"}}},
		{`{"b": 2}`, []fieldErr{{"b", "bool_parsing", "Input should be a valid boolean, unable to interpret input"}}},
		{`{"b": "maybe"}`, []fieldErr{{"b", "bool_parsing", "Input should be a valid boolean, unable to interpret input"}}},
		{`{"b": null}`, []fieldErr{{"b", "bool_type", "Input should be a valid boolean"}}},
		{`{"s": 5}`, []fieldErr{{"s", "string_type", "Input should be a valid string"}}},
		{`{"s": true}`, []fieldErr{{"s", "string_type", "Input should be a valid string"}}},
		{`[]`, []fieldErr{{"", "model_type", "Input should be a valid dictionary or instance of targs"}}},
		{`null`, []fieldErr{{"", "model_type", "Input should be a valid dictionary or instance of targs"}}},
		{`{"i": "x", "b": 5, "s": 1}`, []fieldErr{
			{"i", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"},
			{"b", "bool_parsing", "Input should be a valid boolean, unable to interpret input"},
			{"s", "string_type", "Input should be a valid string"},
		}},
	}
	for _, tt := range bad {
		_, err := validateInto[args](t, tt.in)
		t.Run(tt.in, func(t *testing.T) { checkErrors(t, err, tt.want) })
	}
}

func TestValidateSpecialScalars(t *testing.T) {
	type args struct {
		Big  gen.Int         `json:"big"`
		BigP *big.Int        `json:"bigp"`
		Any  any             `json:"any"`
		Raw  json.RawMessage `json:"raw"`
		At   time.Time       `json:"at"`
		DT   gen.DateTime    `json:"dt"`
	}
	got, err := validateInto[args](t, `{"big": "123456789012345678901234567890", "bigp": 2.0, "any": {"l": [1, 2.5, "s", null, true, 99999999999999999999]},
		"raw": {"z": 1, "a": 1.50}, "at": "2024-01-02T03:04:05+01:00", "dt": 1700000000}`)
	if err != nil {
		t.Fatal(err)
	}
	if got.Big.String() != "123456789012345678901234567890" || got.BigP.String() != "2" {
		t.Errorf("big ints %v %v", got.Big, got.BigP)
	}
	wantAny := map[string]any{"l": []any{int64(1), 2.5, "s", nil, true, mustBig("99999999999999999999")}}
	if !reflect.DeepEqual(got.Any, wantAny) {
		t.Errorf("any %#v", got.Any)
	}
	if string(got.Raw) != `{"z":1,"a":1.5}` {
		t.Errorf("raw %s", got.Raw)
	}
	if !got.At.Equal(time.Date(2024, 1, 2, 2, 4, 5, 0, time.UTC)) {
		t.Errorf("at %v", got.At)
	}
	if got.DT.String() != "2023-11-14T22:13:20Z" {
		t.Errorf("dt %v", got.DT)
	}
	_, err = validateInto[args](t, `{"big": 1.5, "bigp": "x", "any": 1, "raw": 1, "at": "2024-13-01", "dt": [1]}`)
	checkErrors(t, err, []fieldErr{
		{"big", "int_from_float", "Input should be a valid integer, got a number with a fractional part"},
		{"bigp", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"},
		{"at", "datetime_from_date_parsing", "Input should be a valid datetime or date, month value is outside expected range of 1-12"},
		{"dt", "datetime_type", "Input should be a valid datetime"},
	})
}

func TestValidateContainers(t *testing.T) {
	type args struct {
		List  []int          `json:"list,omitempty"`
		Tuple [2]string      `json:"tuple,omitempty"`
		Map   map[string]int `json:"map,omitempty"`
		IntK  map[int]bool   `json:"intk,omitempty"`
		Loc   *Location      `json:"loc"`
		Locs  []Location     `json:"locs,omitempty"`
	}
	got, err := validateInto[args](t, `{"list": ["1", 2.0], "tuple": ["a", "b"], "map": {"x": "3"}, "intk": {" 7": "t"}, "loc": {"city": "Oslo", "lat": "59.9"}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := args{List: []int{1, 2}, Tuple: [2]string{"a", "b"}, Map: map[string]int{"x": 3}, IntK: map[int]bool{7: true}, Loc: &Location{City: "Oslo", Lat: 59.9}, Locs: []Location{}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	_, err = validateInto[args](t, `{"list": "123", "tuple": ["a"], "map": [], "intk": {"x": true, "2": "no", "3": 5}, "loc": {"lat": []}, "locs": [{"city": "A"}, "B"]}`)
	checkErrors(t, err, []fieldErr{
		{"list", "list_type", "Input should be a valid list"},
		{"tuple.1", "missing", "Field required"},
		{"map", "dict_type", "Input should be a valid dictionary"},
		{"intk.x.[key]", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"},
		{"intk.3", "bool_parsing", "Input should be a valid boolean, unable to interpret input"},
		{"loc.city", "missing", "Field required"},
		{"loc.lat", "float_type", "Input should be a valid number"},
		{"locs.1", "model_type", "Input should be a valid dictionary or instance of Location"},
	})
	_, err = validateInto[args](t, `{"tuple": ["a", "b", "c"], "loc": null}`)
	checkErrors(t, err, []fieldErr{{"tuple", "too_long", "Tuple should have at most 2 items after validation, not 3"}})
	_, err = validateInto[args](t, `{"tuple": "ab"}`)
	checkErrors(t, err, []fieldErr{{"tuple", "tuple_type", "Input should be a valid tuple"}})
}

func TestValidateEnums(t *testing.T) {
	type args struct {
		Mode  string `json:"mode,omitempty" enum:"fast,slow,off"`
		N     int    `json:"n,omitempty" enum:"1,2"`
		Shade Shade  `json:"shade" default:"light"`
		Lvl   *Level `json:"lvl"`
	}
	got, err := validateInto[args](t, `{"mode": "off", "n": "2", "lvl": 3.0}`)
	if err != nil {
		t.Fatal(err)
	}
	three := Level(3)
	if want := (args{Mode: "off", N: 2, Shade: "light", Lvl: &three}); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	_, err = validateInto[args](t, `{"mode": "FAST", "n": true, "shade": 1, "lvl": 4}`)
	checkErrors(t, err, []fieldErr{
		{"mode", "literal_error", "Input should be 'fast', 'slow' or 'off'"},
		{"n", "literal_error", "Input should be 1 or 2"},
		{"shade", "enum", "Input should be 'light' or 'dark'"},
		{"lvl", "enum", "Input should be 1, 2 or 3"},
	})
}

// Constraint tags are enforced as pydantic-core enforces the same Field
// constraints (src/validators/{int,float,string,list}.rs): after the
// conversion, the first constraint that fails is the value's one fault
// ("ABCD" is too long, and its pattern is not checked then).
func TestValidateConstraints(t *testing.T) {
	type args struct {
		N     int      `json:"n,omitempty" minimum:"0" exclusiveMaximum:"10"`
		F     float64  `json:"f,omitempty" multipleOf:"0.5" maximum:"2.5"`
		S     string   `json:"s,omitempty" minLength:"2" maxLength:"3" pattern:"^[a-z]*$"`
		L     []string `json:"l,omitempty" maxItems:"1"`
		Small int8     `json:"small,omitempty"`
	}
	if _, err := validateInto[args](t, `{"n": 9, "f": 2.5, "s": "ab", "l": ["x"]}`); err != nil {
		t.Fatal(err)
	}
	_, err := validateInto[args](t, `{"n": 10, "f": 0.3, "s": "ABCD", "l": ["x", "y"]}`)
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error %v", err)
	}
	got := map[string]string{}
	for _, e := range ve.Errors {
		got[e.locText()+" "+e.Type] = e.Msg
	}
	want := map[string]string{
		"n less_than":       "Input should be less than 10",
		"f multiple_of":     "Input should be a multiple of 0.5",
		"s string_too_long": "String should have at most 3 characters",
		"l too_long":        "List should have at most 1 item after validation, not 2",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors\n got %v\nwant %v", got, want)
	}
	_, err = validateInto[args](t, `{"n": -1, "s": "a"}`)
	checkErrors(t, err, []fieldErr{
		{"n", "greater_than_equal", "Input should be greater than or equal to 0"},
		{"s", "string_too_short", "String should have at least 2 characters"},
	})
	// A type fault and a constraint fault are reported together, in field
	// order, as pydantic reports them; the pattern is quoted as written.
	_, err = validateInto[args](t, `{"n": "x", "s": "AB"}`)
	checkErrors(t, err, []fieldErr{
		{"n", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"},
		{"s", "string_pattern_mismatch", "String should match pattern '^[a-z]*$'"},
	})
	// The input at fault is the input as given (pydantic-core's
	// ValError::new(..., input)), not the converted value.
	_, err = validateInto[args](t, `{"n": "12"}`)
	wantText := "1 validation error for targs\n" +
		"n\n  Input should be less than 10 [type=less_than, input_value='12', input_type=str]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/less_than"
	if err == nil || err.Error() != wantText {
		t.Errorf("got\n%v\nwant\n%s", err, wantText)
	}
}

// The full text of a ValidationError is pydantic's str(ValidationError).
// An input whose repr is over 50 bytes is cut as pydantic-core's
// write_truncated_to_50_bytes does: the first 25 bytes and the last 24,
// each moved to a character boundary (down for the head, up for the tail).
func TestValidationErrorText(t *testing.T) {
	type args struct {
		Long   string            `json:"long"`
		Dotted map[string]int    `json:"dotted"`
		Uni    int               `json:"uni"`
		Deep   map[string][]bool `json:"deep"`
	}
	long := strings.Repeat("ab", 30)
	_, err := validateInto[args](t, fmt.Sprintf(`{"long": [%q], "dotted": {"a.b": "x"}, "uni": "日本語のテキストはとても長いのでここで切り詰められるはずです", "deep": {"k": [true, "nope"]}}`, long))
	want := "4 validation errors for targs\n" +
		"long\n  Input should be a valid string [type=string_type, input_value=['abababababababababababa...ababababababababababab'], input_type=list]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/string_type\n" +
		"dotted.`a.b`\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing\n" +
		"uni\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='日本語のテキスト...られるはずです', input_type=str]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing\n" +
		"deep.k.1\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='nope', input_type=str]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/bool_parsing"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	var ve *ValidationError
	errors.As(err, &ve)
	if p := ve.Errors[3].Pointer(); p != "/deep/k/1" {
		t.Errorf("pointer %s", p)
	}
	if string(ve.Errors[1].Input) != `"x"` || ve.Errors[1].Error() != "dotted.`a.b`: Input should be a valid integer, unable to parse string as an integer" {
		t.Errorf("field error %s %v", ve.Errors[1].Input, ve.Errors[1].Error())
	}
	_, err = validateInto[args](t, `{"long": `)
	if !errors.As(err, &ve) || ve.Errors[0].Type != "json_invalid" {
		t.Errorf("invalid JSON: %v", err)
	}
}

// A default is validated afresh for every call: a function that changes
// its arguments does not change the next call's default.
func TestDefaultsAreFresh(t *testing.T) {
	type args struct {
		L []int `json:"l" default:"[1]"`
	}
	tool, err := NewFunctionTool("f", "", func(_ context.Context, in args) ([]int, error) {
		in.L[0]++
		in.L = append(in.L, 9)
		return in.L, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		out, err := tool.RunJSON(context.Background(), nil, "")
		if err != nil || tool.ReturnValueAsString(out) != "[2, 9]" {
			t.Fatalf("got %v %v", out, err)
		}
	}
}

func TestValidateGeneric(t *testing.T) {
	type State struct {
		Count int      `json:"count"`
		Tags  []string `json:"tags" default:"[]"`
	}
	s, err := Validate[State](json.RawMessage(`{"count": "3"}`), "")
	if err != nil || s.Count != 3 || s.Tags == nil {
		t.Errorf("got %+v %v", s, err)
	}
	_, err = Validate[State](json.RawMessage(`{}`), "")
	if err == nil || !strings.HasPrefix(err.Error(), "1 validation error for State\ncount\n  Field required") {
		t.Errorf("error %v", err)
	}
	if _, err := Validate[int](json.RawMessage(`1`), ""); err == nil {
		t.Error("Validate of a non-struct type succeeded")
	}
}
