package tokens

import (
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
)

// TestPyJSONDumps checks the exported entry points over internal/pyjson
// (whose tests hold the full json.loads/json.dumps tables and the Python
// golden file): lone surrogates kept, input that is not UTF-8 refused,
// nesting up to maxDepth, and refusals holding an *agentschema.Fault.
func TestPyJSONDumps(t *testing.T) {
	deep := strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth)
	for _, tc := range []struct{ in, want string }{
		{`{"b":1,"a":[1,2.0,"x"],"b":1e16}`, `{"b": 1e+16, "a": [1, 2.0, "x"]}`},
		{`"é😀\ud800x\udfff"`, `"\u00e9\ud83d\ude00\ud800x\udfff"`},
		{`[NaN, -1e400, -0, 123456789012345678901234567890]`, `[NaN, -Infinity, 0, 123456789012345678901234567890]`},
		{deep, deep},
	} {
		got, err := PyJSONDumps([]byte(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("PyJSONDumps(%.40s) = %.40s, %v; want %.40s", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"\"\xff\"", 0, "input is not valid UTF-8"},
		{`[1,]`, 3, "expecting value"},
		{`{1:2}`, 1, "expecting property name enclosed in double quotes"},
		{strings.Repeat("[", maxDepth+1), maxDepth, "maximum nesting depth exceeded"},
	} {
		got, err := PyJSONDumps([]byte(tc.in))
		var je *agentschema.Fault
		if !errors.As(err, &je) || je.Offset != tc.offset || je.Message != tc.msg || je.Type != "json_invalid" || je.Line != 1 || je.Column != tc.offset+1 {
			t.Errorf("PyJSONDumps(%.40q) = %q, %v; want offset %d: %s", tc.in, got, err, tc.offset, tc.msg)
		}
	}
	if _, err := PyJSONDumps([]byte("[1,\n]")); err == nil || err.Error() != "invalid JSON at offset 4: expecting value" {
		t.Errorf("Error() = %v", err)
	}
	var f *agentschema.Fault
	if _, err := PyJSONDumps([]byte("[1,\n  ]")); !errors.As(err, &f) || f.Line != 2 || f.Column != 3 {
		t.Errorf("fault %+v, want line 2, column 3", f)
	}
	if got := PyJSONDumpsString("Jos\u00e9 \"x\"\n\U0001F600\xed\xa0\x80"); got != `"Jos\u00e9 \"x\"\n\ud83d\ude00\ud800"` {
		t.Errorf("PyJSONDumpsString = %s", got)
	}
}

// TestPyStr checks str() of the package's values, which go back to
// pyjson's: the expected texts are CPython 3.11's.
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
		{`{"k": {}, "l": []}`, `{'k': {}, 'l': []}`},
	} {
		v, err := parsePyJSON([]byte(strings.ReplaceAll(tc.in, `\U000e0001`, "\U000e0001")))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := pyStrOf(&v); got != tc.want {
			t.Errorf("str(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	// A KeyError quotes the key with repr.
	if got, want := strRepr("gpt-x'"), `"gpt-x'"`; got != want {
		t.Errorf("repr = %s, want %s", got, want)
	}
}

// TestErrorIs checks that an *Error matches its Python class with errors.Is
// and keeps Python's printed form: AutoGen's get_token_limit raises
// KeyError('gpt-x') for an unknown model, shown as KeyError: 'gpt-x'.
func TestErrorIs(t *testing.T) {
	err := keyError("gpt-x")
	if !errors.Is(err, KeyError) || errors.Is(err, ValueError) || err.Error() != "KeyError: 'gpt-x'" {
		t.Errorf("keyError: %v", err)
	}
	if err := typeError("t"); !errors.Is(err, TypeError) || err.Error() != "TypeError: t" {
		t.Errorf("typeError: %v", err)
	}
}
