package pyjson

import (
	"math"
	"testing"
)

// TestDumps compares Dumps(Parse(doc)) with what CPython 3.11 printed for
// json.dumps(json.loads(doc)).
func TestDumps(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`null`, `null`},
		{`[true, false, null]`, `[true, false, null]`},
		{`[]`, `[]`},
		{`{}`, `{}`},
		{`{"b":1,"a":[1,2.0,"x"]}`, `{"b": 1, "a": [1, 2.0, "x"]}`},
		{`{"a":1,"b":2,"a":3}`, `{"a": 3, "b": 2}`},
		{" [ 1 ,\n2 ] ", `[1, 2]`},
		{`1E5`, `100000.0`},
		{`1e-5`, `1e-05`},
		{`1e16`, `1e+16`},
		{`1e15`, `1000000000000000.0`},
		{`1.5e300`, `1.5e+300`},
		{`2.5e-07`, `2.5e-07`},
		{`0.1`, `0.1`},
		{`-0.0`, `-0.0`},
		{`-0`, `0`},
		{`1e400`, `Infinity`},
		{`-1e400`, `-Infinity`},
		{`NaN`, `NaN`},
		{`5e-324`, `5e-324`},
		{`123456789012345678901234567890`, `123456789012345678901234567890`},
		{`12345678901234567890.0`, `1.2345678901234567e+19`},
		{`"é😀\u0000\u007f<>&'"`, `"\u00e9\ud83d\ude00\u0000\u007f<>&'"`},
		{`"a\/b\"c\\d\n\r\t\b\f"`, `"a/b\"c\\d\n\r\t\b\f"`},
		{`"\u0085\u00a0\u00ad\u2028\ue000\u0378"`, `"\u0085\u00a0\u00ad\u2028\ue000\u0378"`},
		{`"\ud83d\ude00"`, `"\ud83d\ude00"`},
	} {
		for _, o := range []Options{{}, {WTF8: true}} {
			v, err := o.Parse([]byte(tc.in))
			if got := o.Dumps(&v); err != nil || got != tc.want {
				t.Errorf("%+v: dumps(loads(%s)) = %s, %v; want %s", o, tc.in, got, err, tc.want)
			}
		}
	}
}

// TestDumpsSurrogates checks lone surrogates, kept (as CPython 3.11 does)
// with WTF8 and U+FFFD without, and bytes that are neither UTF-8 nor WTF-8.
func TestDumpsSurrogates(t *testing.T) {
	for _, tc := range []struct{ in, utf8, wtf8 string }{
		{`"\ud800x\udfff"`, `"\ufffdx\ufffd"`, `"\ud800x\udfff"`},
		{`"\udc00\ud800"`, `"\ufffd\ufffd"`, `"\udc00\ud800"`},
	} {
		for _, o := range []Options{{}, {WTF8: true}} {
			want := tc.utf8
			if o.WTF8 {
				want = tc.wtf8
			}
			v, err := o.Parse([]byte(tc.in))
			if got := o.Dumps(&v); err != nil || got != want {
				t.Errorf("%+v: dumps(loads(%s)) = %s, %v; want %s", o, tc.in, got, err, want)
			}
		}
	}
	// A Str built from Go: each byte that is not UTF-8 is \ufffd; a
	// surrogate in WTF-8 is itself only with WTF8.
	s := "a\xff\xed\xa0\x80b"
	if got, want := string(Options{}.AppendDumpsStr(nil, s)), `"a\ufffd\ufffd\ufffd\ufffdb"`; got != want {
		t.Errorf("UTF-8: %s, want %s", got, want)
	}
	if got, want := string(Options{WTF8: true}.AppendDumpsStr(nil, s)), `"a\ufffd\ud800b"`; got != want {
		t.Errorf("WTF-8: %s, want %s", got, want)
	}
}

// TestDumpsKinds checks the Python types json.loads does not make, as
// CPython 3.11 dumps them: json.dumps({True: 1, None: 2, 1.5: 3, 2: 4,
// float('nan'): 5, float('inf'): 6}) and json.dumps([(1, 2), "x"]); a
// model is dumped as model_dump() gives it, a dict.
func TestDumpsKinds(t *testing.T) {
	d := Value{Kind: Dict, Keys: []Value{BoolValue(true), NoneValue(), FloatValue(1.5), IntValue("2"), FloatValue(math.NaN()), FloatValue(math.Inf(1))},
		Vals: []Value{IntValue("1"), IntValue("2"), IntValue("3"), IntValue("4"), IntValue("5"), IntValue("6")}}
	if got, want := Dumps(&d), `{"true": 1, "null": 2, "1.5": 3, "2": 4, "NaN": 5, "Infinity": 6}`; got != want {
		t.Errorf("dict: %s, want %s", got, want)
	}
	l := Value{Kind: List, List: []Value{{Kind: Tuple, List: []Value{IntValue("1"), IntValue("2")}}, {Kind: Bytes, Str: "x"}}}
	if got, want := Dumps(&l), `[[1, 2], "x"]`; got != want {
		t.Errorf("list: %s, want %s", got, want)
	}
	m := Value{Kind: Model, Name: "Point", Keys: []Value{StrValue("x"), StrValue("label")}, Vals: []Value{IntValue("1"), ObjectValue("2024-01-02")}}
	if got, want := Dumps(&m), `{"x": 1, "label": "2024-01-02"}`; got != want {
		t.Errorf("model: %s, want %s", got, want)
	}
}

func TestAppendJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{`{"b": 1, "a": [1.0, 1e-5, 1e16, "é\n\u00e9"], "c": {"d": null, "e": [true, false]}}`,
			`{"b":1,"a":[1.0,1e-05,1e+16,"é\né"],"c":{"d":null,"e":[true,false]}}`},
		{`[NaN, Infinity, -Infinity, -0]`, `[NaN,Infinity,-Infinity,0]`},
	} {
		v, err := Parse([]byte(tc.in))
		if got := string(AppendJSON(nil, &v)); err != nil || got != tc.want {
			t.Errorf("AppendJSON(%s) = %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	v := Value{Kind: Tuple, List: []Value{{Kind: Dict, Keys: []Value{IntValue("7"), BoolValue(false)}, Vals: []Value{{Kind: Bytes, Str: "b"}, ObjectValue("o")}}}}
	if got, want := string(AppendJSON(nil, &v)), `[{"7":"b","false":"o"}]`; got != want {
		t.Errorf("AppendJSON = %s, want %s", got, want)
	}
}
