package tokens

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

func TestPyJSONDumps(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`null`, `null`},
		{`true`, `true`},
		{`[]`, `[]`},
		{`{}`, `{}`},
		{`{"b":1,"a":[1,2.0,"x"]}`, `{"b": 1, "a": [1, 2.0, "x"]}`},
		{`{"a":1,"b":2,"a":3}`, `{"a": 3, "b": 2}`},
		{`1.0`, `1.0`},
		{`1E5`, `100000.0`},
		{`1e-5`, `1e-05`},
		{`0.0001`, `0.0001`},
		{`1e16`, `1e+16`},
		{`1e15`, `1000000000000000.0`},
		{`1.5e300`, `1.5e+300`},
		{`-0.0`, `-0.0`},
		{`-0`, `0`},
		{`0.1`, `0.1`},
		{`1e400`, `Infinity`},
		{`-1e400`, `-Infinity`},
		{`NaN`, `NaN`},
		{`123456789012345678901234567890`, `123456789012345678901234567890`},
		{`12345678901234567890.0`, `1.2345678901234567e+19`},
		{`5e-324`, `5e-324`},
		{`"é😀\u0000\u007f<>&'"`, `"\u00e9\ud83d\ude00\u0000\u007f<>&'"`},
		{`"\ud800x\udfff"`, `"\ud800x\udfff"`},
		{`"\ud83d\ude00"`, `"\ud83d\ude00"`},
		{`"a\/b\"c\\d\n\r\t\b\f"`, `"a/b\"c\\d\n\r\t\b\f"`},
		{" [ 1 ,\n2 ] ", `[1, 2]`},
	} {
		got, err := PyJSONDumps([]byte(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("PyJSONDumps(%s) = %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{``, `01`, `1.`, `.5`, `-`, `[1,]`, `{"a" 1}`, "\"a\nb\"", `[1] [2]`,
		`nul`, `"\x"`, `{"a":1,}`, "\xff", `"\u12"`, `{1:2}`, strings.Repeat("[", maxDepth+1)} {
		if got, err := PyJSONDumps([]byte(bad)); err == nil {
			t.Errorf("PyJSONDumps(%q) = %q, want an error", bad, got)
		} else {
			var je *JSONError
			if !errors.As(err, &je) {
				t.Errorf("error %T", err)
			}
		}
	}
	if got := PyJSONDumpsString("Jos\u00e9 \"x\"\n\U0001F600"); got != `"Jos\u00e9 \"x\"\n\ud83d\ude00"` {
		t.Errorf("PyJSONDumpsString = %s", got)
	}
}

func TestPyFloatRepr(t *testing.T) {
	tenth := 0.1
	for _, tc := range []struct {
		f    float64
		want string
	}{
		{0, "0.0"}, {1, "1.0"}, {-1.5, "-1.5"}, {1e16, "1e+16"}, {9999999999999998, "9999999999999998.0"},
		{1e-4, "0.0001"}, {1e-5, "1e-05"}, {tenth + 2*tenth, "0.30000000000000004"}, {1e22, "1e+22"},
		{123.456, "123.456"}, {math.MaxFloat64, "1.7976931348623157e+308"}, {5e-324, "5e-324"},
		{math.Inf(1), "inf"}, {math.Inf(-1), "-inf"}, {math.NaN(), "nan"}, {2.5e-7, "2.5e-07"},
	} {
		if got := pyFloatRepr(tc.f); got != tc.want {
			t.Errorf("pyFloatRepr(%v) = %s, want %s", tc.f, got, tc.want)
		}
	}
}

func TestPyStr(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`"plain"`, `plain`},
		{`5`, `5`},
		{`5.0`, `5.0`},
		{`true`, `True`},
		{`null`, `None`},
		{`["string", "null"]`, `['string', 'null']`},
		{`{"a": [1.0, null, true, "it's", "x\"y", "\u0000\u0085\ud800😀é"]}`, `{'a': [1.0, None, True, "it's", 'x"y', '\x00\x85\ud800😀é']}`},
		{`["a'b\"c"]`, `['a\'b"c']`},
		{`["\\ \t\n\r\u00a0\u00ad\u2028\ue000\u0378\U000e0001"]`, `['\\ \t\n\r\xa0\xad\u2028\ue000\u0378\U000e0001']`},
		{`[1e400, -1e400, NaN]`, `[inf, -inf, nan]`},
	} {
		v, err := parsePyJSON([]byte(strings.ReplaceAll(tc.in, `\U000e0001`, "\U000e0001")))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := pyStrOf(&v); got != tc.want {
			t.Errorf("str(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestPyJSONGolden compares with Python 3.11 itself: testdata/pyjson_golden.json
// holds random JSON documents (made by testdata/gen_pyjson.py) with what
// json.dumps(json.loads(doc)) and str(json.loads(doc)) gave, or whether
// json.loads refused the document.
func TestPyJSONGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/pyjson_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	// The golden file is ASCII with \uXXXX escapes and has lone surrogates
	// in its strings, which Go's decoder would turn into U+FFFD: read it
	// with the Python-compatible reader.
	top, err := parsePyJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	type golden struct {
		raw, dumps, str string
		err             bool
	}
	var cases []golden
	for i := range top.list {
		rec := &top.list[i]
		var c golden
		if v, ok := rec.get("raw"); ok {
			c.raw = v.s
		}
		if v, ok := rec.get("dumps"); ok {
			c.dumps = v.s
		}
		if v, ok := rec.get("str"); ok {
			c.str = v.s
		}
		if v, ok := rec.get("error"); ok {
			c.err = v.b
		}
		cases = append(cases, c)
	}
	if len(cases) < 500 {
		t.Fatalf("only %d cases", len(cases))
	}
	for i, c := range cases {
		v, err := parsePyJSON([]byte(c.raw))
		if c.err {
			if err == nil {
				t.Errorf("#%d %q: parsed, Python refuses it", i, c.raw)
			}
			continue
		}
		if err != nil {
			t.Errorf("#%d %q: %v", i, c.raw, err)
			continue
		}
		var b strings.Builder
		dumpValue(&b, &v)
		if b.String() != c.dumps {
			t.Errorf("#%d json.dumps(%q)\n got %q\nwant %q", i, c.raw, b.String(), c.dumps)
		}
		if got := pyStrOf(&v); got != c.str {
			t.Errorf("#%d str(%q)\n got %q\nwant %q", i, c.raw, got, c.str)
		}
	}
}

// FuzzPyJSONDumps checks that the writer never panics, that its output is
// ASCII JSON that reads back to the same output, and that Go's decoder
// accepts everything the Python reader accepts (bar NaN/Infinity).
func FuzzPyJSONDumps(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2.0}`, `[1e400,"\ud800",NaN]`, `"é"`, `{"x":{"y":[true,null]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := PyJSONDumps(raw)
		if err != nil {
			return
		}
		for i := 0; i < len(out); i++ {
			if out[i] >= 0x80 {
				t.Fatalf("non-ASCII output %q", out)
			}
		}
		again, err := PyJSONDumps([]byte(out))
		if err != nil || again != out {
			t.Fatalf("dumps not stable: %q -> %q (%v)", out, again, err)
		}
		v, _ := parsePyJSON(raw)
		_ = pyStrOf(&v)
	})
}
