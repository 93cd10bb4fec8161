package messages

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// Inner and Sample are the Go twins of the pydantic models of
// testdata/model_gen.py.
type Inner struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight" default:"1.0"`
}

type Sample struct {
	S      string             `json:"s"`
	I      gen.Int            `json:"i"`
	F      float64            `json:"f"`
	B      bool               `json:"b"`
	Tags   []string           `json:"tags" default:"[]"`
	Counts map[string]gen.Int `json:"counts" default:"{}"`
	Maybe  *int               `json:"maybe" default:"null"`
	Inner  Inner              `json:"inner"`
	Inners []Inner            `json:"inners" default:"[]"`
	When   *gen.DateTime      `json:"when" default:"null"`
	Extra  any                `json:"extra" default:"null"`
	Raw    []byte             `json:"raw" default:"\"\""`
	Skip   string             `json:"-"`
	Ptrs   map[string]*bool   `json:"-"`
}

// TestModelCodecPydantic decodes the inputs of testdata/model.json as
// Sample and compares with what pydantic 2.13.4 did: the dump
// (model_dump(mode="json")), model_dump_json(), str.format with
// model_dump(), or the errors' locations and types.
func TestModelCodecPydantic(t *testing.T) {
	data, err := os.ReadFile("testdata/model.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Input       json.RawMessage `json:"input"`
		Format      string          `json:"format"`
		Dump        json.RawMessage `json:"dump"`
		DumpJSON    *string         `json:"dump_json"`
		Formatted   *string         `json:"formatted"`
		FormatError *struct {
			Exception string `json:"exception"`
			Msg       string `json:"msg"`
		} `json:"format_error"`
		Errors []struct {
			Loc  []any  `json:"loc"`
			Type string `json:"type"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		var s Sample
		err := Unmarshal(c.Input, &s)
		if c.Errors != nil {
			var es wire.Errors
			if !errors.As(err, &es) {
				t.Errorf("case %d %s: want errors, got %v", i, c.Input, err)
				continue
			}
			var got, want []string
			for _, e := range es {
				got = append(got, e.Pointer+" "+e.Type)
			}
			for _, e := range c.Errors {
				var p strings.Builder
				for _, seg := range e.Loc {
					fmt.Fprintf(&p, "/%v", seg)
				}
				want = append(want, p.String()+" "+e.Type)
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("case %d %s: errors %v, want %v", i, c.Input, got, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("case %d %s: %v", i, c.Input, err)
			continue
		}
		b, err := Marshal(&s)
		if err != nil {
			t.Fatal(err)
		}
		if msg := jsonDiff(b, c.Dump); msg != "" {
			t.Errorf("case %d dump: %s", i, msg)
		}
		// Go maps have no order: with two keys or more in a map, compare
		// the JSON as values and skip the rendering.
		ordered := len(s.Counts) < 2
		if got := string(pydanticJSON(b)); ordered && got != *c.DumpJSON {
			t.Errorf("case %d model_dump_json:\n got %s\nwant %s", i, got, *c.DumpJSON)
		}
		kw := mustModel(t, reflect.TypeFor[Sample]()).py(reflect.ValueOf(s))
		got, err := pyFormatString(c.Format, &kw)
		switch {
		case c.FormatError != nil:
			var fe *FormatError
			if !errors.As(err, &fe) || string(fe.Exception) != c.FormatError.Exception || fe.Message != c.FormatError.Msg {
				t.Errorf("case %d format: %q %v, want %v", i, got, err, *c.FormatError)
			}
		case ordered && (err != nil || got != *c.Formatted):
			t.Errorf("case %d format:\n got %q %v\nwant %q", i, got, err, *c.Formatted)
		}
	}
	if len(cases) < 25 {
		t.Fatal("too few cases")
	}
}

func mustModel(t *testing.T, ty reflect.Type) *structInfo {
	t.Helper()
	s, err := modelOf(ty)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type (
	ranged struct {
		I8  int8    `json:"i8" default:"0"`
		U8  uint8   `json:"u8" default:"0"`
		U   uint    `json:"u" default:"0"`
		F32 float32 `json:"f32" default:"0"`
		// unexported fields are not model fields
		secret string
	}
	clock struct {
		At  time.Time   `json:"at" default:"@now"`
		ID  string      `json:"id" default:"@uuid4"`
		Big *big.Int    `json:"big" default:"null"`
		Raw gen.RawJSON `json:"raw" default:"{}"`
		Fn  gen.FunctionCall
	}
	recursive struct {
		Name     string       `json:"name"`
		Children []*recursive `json:"children" default:"[]"`
	}
	badChan struct {
		C chan int `json:"c"`
	}
	badKey struct {
		M map[int]string `json:"m"`
	}
	badDefault struct {
		N int `json:"n" default:"\"x\""`
	}
	badNow struct {
		N string `json:"n" default:"@now"`
	}
	twiceInner struct {
		A string `json:"a"`
	}
	twice struct {
		twiceInner
		D string
		E string `json:"D"`
	}
)

// TestModelCodecGo checks what only Go has: integer ranges, time.Time,
// @now and @uuid4 defaults, gen types inside a model, recursive types and
// the types no pydantic type matches.
func TestModelCodecGo(t *testing.T) {
	var r ranged
	err := Unmarshal([]byte(`{"i8": 300, "u8": -1, "u": "18446744073709551616", "f32": "2.5"}`), &r)
	var es wire.Errors
	if !errors.As(err, &es) || len(es) != 3 || es[0].Pointer != "/i8" || es[1].Pointer != "/u8" || es[2].Pointer != "/u" ||
		// pydantic's faults for int with Field(ge=-128, le=127) and the like
		es[0].Message != "Input should be less than or equal to 127" || es[1].Message != "Input should be greater than or equal to 0" ||
		es[2].Type != "less_than_equal" || es[2].Message != "Input should be less than or equal to 18446744073709551615" {
		t.Errorf("ranges: %v", err)
	}
	if r.F32 != 2.5 {
		t.Errorf("f32 %v", r.F32)
	}
	r.secret = "s"
	if b, err := Marshal(&r); err != nil || string(b) != `{"i8":0,"u8":0,"u":0,"f32":2.5}` || r.secret != "s" {
		t.Errorf("%s %v", b, err)
	}

	var c clock
	if err := Unmarshal([]byte(`{"big": 123456789012345678901234567890, "Fn": {"id": "1", "arguments": "{}", "name": "f"}}`), &c); err != nil {
		t.Fatal(err)
	}
	if time.Since(c.At) > time.Minute || !uuid4Re.MatchString(c.ID) || c.Big.String() != "123456789012345678901234567890" || string(c.Raw) != "{}" || c.Fn.Name != "f" {
		t.Errorf("clock %+v", c)
	}
	c.At = time.Date(2024, 1, 2, 3, 4, 5, 6000, time.FixedZone("", 3600))
	b, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"at":"2024-01-02T03:04:05.000006+01:00","id":"` + c.ID + `","big":123456789012345678901234567890,"raw":{},"Fn":{"id":"1","arguments":"{}","name":"f"}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}

	var tree recursive
	if err := Unmarshal([]byte(`{"name": "a", "children": [{"name": "b"}, {"name": "c", "children": [{"name": 1}]}]}`), &tree); err == nil || !strings.Contains(err.Error(), "/children/1/children/0/name") {
		t.Errorf("recursive: %v", err)
	}

	var ute *UnsupportedTypeError
	for _, v := range []any{&badChan{}, &badKey{}, &badDefault{}, &badNow{}, &twice{}} {
		if err := Unmarshal([]byte(`{}`), v); !errors.As(err, &ute) {
			t.Errorf("%T: %v", v, err)
		}
		if _, err := Marshal(v); !errors.As(err, &ute) {
			t.Errorf("%T: Marshal %v", v, err)
		}
	}
	if err := Unmarshal([]byte(`{}`), Sample{}); !errors.As(err, &ute) {
		t.Errorf("non-pointer: %v", err)
	}
	if err := Unmarshal([]byte(`{}`), nil); !errors.As(err, &ute) || !strings.Contains(err.Error(), "nil") {
		t.Errorf("Unmarshal(nil): %v", err)
	}
	if _, err := Marshal(nil); !errors.As(err, &ute) {
		t.Errorf("Marshal(nil): %v", err)
	}
	if _, err := Marshal(3); !errors.As(err, &ute) {
		t.Errorf("Marshal(3): %v", err)
	}
	if b, err := Marshal((*Sample)(nil)); err != nil || string(b) != "null" {
		t.Errorf("nil: %s %v", b, err)
	}
	if _, err := Marshal(&Sample{Raw: []byte{0xff}}); err == nil {
		t.Error("bytes that are not UTF-8 cannot be dumped")
	}
	if err := Unmarshal([]byte(`{"s": 1} x`), &Sample{}); err == nil {
		t.Error("trailing data")
	}
}

func TestPydanticFloats(t *testing.T) {
	// pydantic 2.13.4's model_dump_json of these floats (see the
	// dump_json of testdata/model.json for more).
	for in, want := range map[string]string{
		`[1e16,1e-05,30.0,123456789.12345679,1e+300,0.0001,1000000000000000.0,1.5e-07,-0.0,1.234e-06,5e-324,1.7976931348623157e+308,1.2345e-05,2.5e-05,1,"1e-05"]`: `[1e+16,0.00001,30.0,123456789.12345679,1e+300,0.0001,1000000000000000.0,1.5e-7,-0.0,1.234e-6,5e-324,1.7976931348623157e+308,0.000012345,0.000025,1,"1e-05"]`,
		`{"a\"1e-05":[-1e-05]}`: `{"a\"1e-05":[-0.00001]}`,
	} {
		if got := string(pydanticJSON([]byte(in))); got != want {
			t.Errorf("%s:\n got %s\nwant %s", in, got, want)
		}
	}
}

func TestPythonTitle(t *testing.T) {
	for in, want := range map[string]string{"temperature_c": "Temperature C", "created_at": "Created At", "id": "Id", "abc1def": "Abc1Def", "HTTPCode": "Httpcode", "élan_vital": "Élan Vital", "日本_x": "日本 X"} {
		if got := pythonTitle(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
