package pyjson

import (
	"math"
	"testing"
	"unicode"
)

// TestRepr compares StrOf and Repr of Parse(doc) with CPython 3.11's
// str(json.loads(doc)) and repr(json.loads(doc)).
func TestRepr(t *testing.T) {
	for _, tc := range []struct{ in, str, repr string }{
		{`"plain"`, `plain`, `'plain'`},
		{`5`, `5`, `5`},
		{`5.0`, `5.0`, `5.0`},
		{`true`, `True`, `True`},
		{`null`, `None`, `None`},
		{`[1e400, -1e400, NaN, 1e16, 1e-5]`, `[inf, -inf, nan, 1e+16, 1e-05]`, `[inf, -inf, nan, 1e+16, 1e-05]`},
		{`{"b":1,"a":[1,2.0,"x"]}`, `{'b': 1, 'a': [1, 2.0, 'x']}`, `{'b': 1, 'a': [1, 2.0, 'x']}`},
		{`"it's"`, `it's`, `"it's"`},
		{`"x\"y"`, `x"y`, `'x"y'`},
		{`"a'b\"c"`, `a'b"c`, `'a\'b"c'`},
		{`["\u007f\u001b\t"]`, `['\x7f\x1b\t']`, `['\x7f\x1b\t']`},
		{`["a\/b\"c\\d\n\r\t\b\f"]`, `['a/b"c\\d\n\r\t\x08\x0c']`, `['a/b"c\\d\n\r\t\x08\x0c']`},
		{`["é😀\u0000\u007f<>&'"]`, `["é😀\x00\x7f<>&'"]`, `["é😀\x00\x7f<>&'"]`},
		{`["\u0085\u00a0\u00ad\u2028\ue000\u0378"]`, `['\x85\xa0\xad\u2028\ue000\u0378']`, `['\x85\xa0\xad\u2028\ue000\u0378']`},
		{`["\udb40\udc01\udbff\udfff"]`, `['\U000e0001\U0010ffff']`, `['\U000e0001\U0010ffff']`},
	} {
		for _, o := range []Options{{}, {WTF8: true}} {
			v, err := o.Parse([]byte(tc.in))
			if err != nil {
				t.Fatalf("%s: %v", tc.in, err)
			}
			if got := o.StrOf(&v); got != tc.str {
				t.Errorf("%+v: str(%s) = %s, want %s", o, tc.in, got, tc.str)
			}
			if got := o.Repr(&v); got != tc.repr {
				t.Errorf("%+v: repr(%s) = %s, want %s", o, tc.in, got, tc.repr)
			}
		}
	}
}

// TestReprSurrogates checks lone surrogates (CPython 3.11:
// repr(json.loads('"\\ud800x\\udfff"')) is '\ud800x\udfff') and bytes that
// are not UTF-8: U+FFFD as a Go range loop reads them, escaped with WTF8.
func TestReprSurrogates(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		s    string
		want string
	}{
		{Options{WTF8: true}, "\xed\xa0\x80x\xed\xbf\xbf", `'\ud800x\udfff'`},
		{Options{WTF8: true}, "a\xffb", `'a\ufffdb'`},
		{Options{WTF8: true}, "\uFFFD", "'\uFFFD'"},
		{Options{}, "a\xffb", "'a\uFFFDb'"},
		{Options{}, "\xed\xa0\x80", "'\uFFFD\uFFFD\uFFFD'"},
		{Options{ASCII: true}, "a\xffb", `'a\ufffdb'`},
	} {
		if got := string(tc.o.AppendStrRepr(nil, tc.s)); got != tc.want {
			t.Errorf("%+v: repr(%q) = %s, want %s", tc.o, tc.s, got, tc.want)
		}
	}
}

// TestReprASCII compares with CPython 3.11's ascii().
func TestReprASCII(t *testing.T) {
	o := Options{ASCII: true}
	for _, tc := range []struct{ s, want string }{
		{"é😀\u2028", `'\xe9\U0001f600\u2028'`},
		{"it's", `"it's"`},
		{"plain", `'plain'`},
	} {
		if got := string(o.AppendStrRepr(nil, tc.s)); got != tc.want {
			t.Errorf("ascii(%q) = %s, want %s", tc.s, got, tc.want)
		}
	}
	v := Value{Kind: Dict, Keys: []Value{StrValue("ключ")}, Vals: []Value{{Kind: List, List: []Value{StrValue("значение")}}}}
	if got, want := o.Repr(&v), `{'\u043a\u043b\u044e\u0447': ['\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435']}`; got != want {
		t.Errorf("ascii(dict) = %s, want %s", got, want)
	}
}

// TestReprKinds checks the Python types json.loads does not make, against
// CPython 3.11: repr((1,)), repr(()), repr((1, 'a')), repr(b"it's
// \x00\xff\"\\"), repr(b'a"b'), repr(b"a'b\"c") and repr({1: 'a', 'k':
// [1.0, None]}); a pydantic model's repr is Name(field=repr(value), ...).
func TestReprKinds(t *testing.T) {
	for _, tc := range []struct {
		v        Value
		str      string
		repr     string
		typeName string
	}{
		{Value{Kind: Tuple, List: []Value{IntValue("1")}}, `(1,)`, `(1,)`, "tuple"},
		{Value{Kind: Tuple}, `()`, `()`, "tuple"},
		{Value{Kind: Tuple, List: []Value{IntValue("1"), StrValue("a")}}, `(1, 'a')`, `(1, 'a')`, "tuple"},
		{Value{Kind: Bytes, Str: "it's \x00\xff\"\\"}, `b'it\'s \x00\xff"\\'`, `b'it\'s \x00\xff"\\'`, "bytes"},
		{Value{Kind: Bytes, Str: `a"b`}, `b'a"b'`, `b'a"b'`, "bytes"},
		{Value{Kind: Bytes, Str: "a'b\"c\t\n\r"}, `b'a\'b"c\t\n\r'`, `b'a\'b"c\t\n\r'`, "bytes"},
		{Value{Kind: Bytes, Str: "it's"}, `b"it's"`, `b"it's"`, "bytes"},
		{Value{Kind: Dict, Keys: []Value{IntValue("1"), StrValue("k")}, Vals: []Value{StrValue("a"), {Kind: List, List: []Value{FloatValue(1), NoneValue()}}}},
			`{1: 'a', 'k': [1.0, None]}`, `{1: 'a', 'k': [1.0, None]}`, "dict"},
		{Value{Kind: Model, Name: "Point", Keys: []Value{StrValue("x"), StrValue("tag")}, Vals: []Value{FloatValue(math.Inf(-1)), StrValue("p")}},
			`Point(x=-inf, tag='p')`, `Point(x=-inf, tag='p')`, "Point"},
		{ObjectValue("2024-01-02 03:04:05"), `2024-01-02 03:04:05`, `2024-01-02 03:04:05`, "object"},
		{NoneValue(), `None`, `None`, "NoneType"},
		{BoolValue(false), `False`, `False`, "bool"},
		{IntValue("-7"), `-7`, `-7`, "int"},
		{FloatValue(0.5), `0.5`, `0.5`, "float"},
		{StrValue("s"), `s`, `'s'`, "str"},
		{Value{Kind: List}, `[]`, `[]`, "list"},
	} {
		if got := StrOf(&tc.v); got != tc.str {
			t.Errorf("str(%+v) = %s, want %s", tc.v, got, tc.str)
		}
		if got := Repr(&tc.v); got != tc.repr {
			t.Errorf("repr(%+v) = %s, want %s", tc.v, got, tc.repr)
		}
		if got := tc.v.TypeName(); got != tc.typeName {
			t.Errorf("type(%+v) = %s, want %s", tc.v, got, tc.typeName)
		}
	}
}

// TestPrintable checks Printable against Python's definition of
// str.isprintable, written out from Go's category tables: everything but
// Cc, Cf, Cs, Co, Zl, Zp, Zs (the ASCII space aside) and the unassigned
// code points (Cn: in no category).
func TestPrintable(t *testing.T) {
	notPrintable := []*unicode.RangeTable{unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Zl, unicode.Zp, unicode.Zs}
	// Every category but Cn (Go's unicode.C holds Cn too).
	assigned := []*unicode.RangeTable{unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := r == ' ' || (!unicode.In(r, notPrintable...) && unicode.In(r, assigned...))
		if got := Printable(r); got != want {
			t.Errorf("Printable(%U) = %v, want %v", r, got, want)
		}
	}
	// Spot checks, CPython 3.11 (Unicode 14): 'é😀 a'.isprintable() is
	// True; each of '\xa0', '\xad', '\u0378', '\u2028', '\ue000',
	// '\U000e0001' and '\ud800' gives False.
	for _, r := range "é😀 a" {
		if !Printable(r) {
			t.Errorf("Printable(%U) = false", r)
		}
	}
	for _, r := range []rune{0xA0, 0xAD, 0x378, 0x2028, 0xE000, 0xE0001, 0xD800, 0x10FFFF} {
		if Printable(r) {
			t.Errorf("Printable(%U) = true", r)
		}
	}
}
