package pyjson

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestParseErrors checks what Parse refuses and where. The offsets are
// CPython 3.11's JSONDecodeError.pos for the same documents (the messages
// are its own, lowercased and reworded), except where a comment says
// otherwise.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "expecting value"},
		{`  `, 2, "expecting value"},
		{`01`, 1, "extra data"},
		{`1.`, 1, "extra data"},
		{`1e`, 1, "extra data"},
		{`.5`, 0, "expecting value"},
		{`-`, 0, "expecting value"},
		{`[-]`, 1, "expecting value"},
		{`nul`, 0, "expecting value"},
		{`tru`, 0, "expecting value"},
		{`-Infinity1`, 9, "extra data"},
		{`[`, 1, "expecting value"},
		{`[1,]`, 3, "expecting value"},
		{`[1 2]`, 3, "expecting ',' delimiter"},
		{`[1,2`, 4, "expecting ',' delimiter"},
		{`[1] [2]`, 4, "extra data"},
		{`{1:2}`, 1, "expecting property name enclosed in double quotes"},
		{`{"a" 1}`, 5, "expecting ':' delimiter"},
		{`{"a":1`, 6, "expecting ',' delimiter"},
		{`{"a":1 "b":2}`, 7, "expecting ',' delimiter"},
		{`{"a":1,}`, 7, "expecting property name enclosed in double quotes"},
		{"\"a\nb\"", 2, "invalid control character in string"},
		{`"abc`, 0, "unterminated string"},
		{`"\`, 0, "unterminated string"},
		{`"\x"`, 1, "invalid \\escape"},
		{`"\u12"`, 3, "invalid \\uXXXX escape"}, // CPython: 2
		{`"\ud800`, 0, "unterminated string"},   // CPython: 2, invalid \uXXXX escape
		{"1" + strings.Repeat("0", MaxIntDigits), 0, "Exceeds the limit (4300 digits) for integer string conversion"},
		{"[-1" + strings.Repeat("0", MaxIntDigits) + "]", 1, "Exceeds the limit (4300 digits) for integer string conversion"},
		{strings.Repeat("[", DefaultMaxDepth+1), DefaultMaxDepth, "maximum nesting depth exceeded"},
		{strings.Repeat(`{"a":`, DefaultMaxDepth+1), 5 * DefaultMaxDepth, "maximum nesting depth exceeded"},
	} {
		for _, o := range []Options{{}, {WTF8: true}} {
			_, err := o.Parse([]byte(tc.in))
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset != tc.offset || se.Msg != tc.msg {
				t.Errorf("%+v.Parse(%.40q) = %v, want offset %d: %s", o, tc.in, err, tc.offset, tc.msg)
			}
		}
	}
}

// TestParseUTF8 checks the two ways of reading text that is not UTF-8 and
// lone surrogates.
func TestParseUTF8(t *testing.T) {
	for _, tc := range []struct {
		in         string
		utf8, wtf8 string // the str read, or "error"
	}{
		{`"\ud800"`, "\uFFFD", "\xed\xa0\x80"},
		{`"\udfff\ud800"`, "\uFFFD\uFFFD", "\xed\xbf\xbf\xed\xa0\x80"},
		{`"\ud83d\ude00"`, "😀", "😀"},
		{`"\uD83D\uDE00"`, "😀", "😀"},
		{"\"\xff\xfe\\u00e9\xc3\"", "\uFFFDé\uFFFD", "error"}, // a run of bad bytes is one U+FFFD
		{"\"\xed\xa0\x80\"", "\uFFFD", "error"},               // raw WTF-8 is not UTF-8
		{"\"é\"", "é", "é"},
	} {
		for _, o := range []Options{{}, {WTF8: true}} {
			want := tc.utf8
			if o.WTF8 {
				want = tc.wtf8
			}
			v, err := o.Parse([]byte(tc.in))
			switch {
			case want == "error":
				var se *SyntaxError
				if !errors.As(err, &se) || se.Offset != 0 || se.Msg != "input is not valid UTF-8" {
					t.Errorf("%+v.Parse(%q) = %v, want a UTF-8 error", o, tc.in, err)
				}
			case err != nil || v.Kind != Str || v.Str != want:
				t.Errorf("%+v.Parse(%q) = %+v, %v; want %q", o, tc.in, v, err, want)
			}
		}
	}
}

// TestParseValues checks the Values Parse builds.
func TestParseValues(t *testing.T) {
	v, err := Parse([]byte(`{"b": 1, "a": [-0, 10, 1.0, 1e2, 1E-2, NaN, Infinity, -Infinity, 1e400, true, false, null, ""], "b": -12}`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Kind != Dict || len(v.Keys) != 2 || v.Keys[0].Str != "b" || v.Keys[1].Str != "a" {
		t.Fatalf("keys %+v", v.Keys)
	}
	if b, ok := v.Get("b"); !ok || !reflect.DeepEqual(*b, IntValue("-12")) {
		t.Errorf(`"b" = %+v, want the last value -12 in the first place`, b)
	}
	a, _ := v.Get("a")
	want := []Value{IntValue("0"), IntValue("10"), FloatValue(1), FloatValue(100), FloatValue(0.01)}
	for i, w := range want {
		if !reflect.DeepEqual(a.List[i], w) {
			t.Errorf("a[%d] = %+v, want %+v", i, a.List[i], w)
		}
	}
	if f := a.List[5]; f.Kind != Float || !math.IsNaN(f.Float) {
		t.Errorf("NaN = %+v", f)
	}
	for i, inf := range []float64{math.Inf(1), math.Inf(-1), math.Inf(1)} {
		if f := a.List[6+i]; f.Kind != Float || f.Float != inf {
			t.Errorf("a[%d] = %+v, want %v", 6+i, f, inf)
		}
	}
	rest := []Value{BoolValue(true), BoolValue(false), NoneValue(), StrValue("")}
	for i, w := range rest {
		if !reflect.DeepEqual(a.List[9+i], w) {
			t.Errorf("a[%d] = %+v, want %+v", 9+i, a.List[9+i], w)
		}
	}
	if empty, _ := Parse([]byte(`[]`)); empty.Kind != List || empty.List == nil {
		t.Errorf("[] = %+v, want an empty, non-nil list", empty)
	}
}

// TestParseManyKeys checks duplicate keys past the size where Parse
// indexes the keys of an object.
func TestParseManyKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 100 {
		fmt.Fprintf(&b, `"k%02d": %d, `, i%40, i%10)
	}
	b.WriteString(`"k00": "last"}`)
	v, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Keys) != 40 {
		t.Fatalf("%d keys, want 40", len(v.Keys))
	}
	// Key i is members i, i+40 and (for i < 20) i+80, all with the value
	// i%10, and "k00" comes once more at the end.
	for i := range 40 {
		k := fmt.Sprintf("k%02d", i)
		want := IntValue(strconv.Itoa(i % 10))
		if i == 0 {
			want = StrValue("last")
		}
		if v.Keys[i].Str != k || !reflect.DeepEqual(v.Vals[i], want) {
			t.Errorf("#%d: %s = %+v, want %s = %+v", i, v.Keys[i].Str, v.Vals[i], k, want)
		}
	}
}

// TestParseMaxDepth checks the nesting bound and its option.
func TestParseMaxDepth(t *testing.T) {
	nest := func(n int) []byte { return []byte(strings.Repeat("[", n) + strings.Repeat("]", n)) }
	for _, tc := range []struct {
		o  Options
		ok int // deepest nesting accepted
	}{
		{Options{}, DefaultMaxDepth},
		{Options{MaxDepth: 3}, 3},
		{Options{WTF8: true, MaxDepth: 10000}, 10000},
	} {
		if _, err := tc.o.Parse(nest(tc.ok)); err != nil {
			t.Errorf("%+v: depth %d: %v", tc.o, tc.ok, err)
		}
		if _, err := tc.o.Parse(nest(tc.ok + 1)); err == nil {
			t.Errorf("%+v: depth %d accepted", tc.o, tc.ok+1)
		}
	}
}

func TestSyntaxError(t *testing.T) {
	err := &SyntaxError{Offset: 7, Msg: "extra data"}
	if got, want := err.Error(), "invalid JSON at offset 7: extra data"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
