package pydantic

import (
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// TestText checks str(ValidationError). The first text is pkg/tools'
// documented example, from AutoGen's recorded tool cases; the second is
// written by hand from pydantic-core's rules: the header counts in the
// plural, a location key holding "." is in backquotes and items are
// joined by ".", a line error without a location has no location line,
// and an input of None is written None, of type NoneType.
func TestText(t *testing.T) {
	one, err := pyjson.Parse([]byte(`{"a": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	x := pyjson.StrValue("x")
	got := Text("addargs", []Line{{Loc: []any{"b"}, Type: "missing", Msg: "Field required", Input: &one}})
	want := "1 validation error for addargs\nb\n  Field required [type=missing, input_value={'a': 1}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	got = Text("m", []Line{
		{Loc: []any{"a.b", 1}, Type: "int_parsing", Msg: "Input should be a valid integer, unable to parse string as an integer", Input: &x},
		{Type: "missing", Msg: "Field required"},
	})
	want = "2 validation errors for m\n`a.b`.1\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing\n  Field required [type=missing, input_value=None, input_type=NoneType]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestTruncate50 checks pydantic-core's cut: 25 bytes, "...", the last 24,
// moved to character boundaries (a 2-byte "é" straddling byte 25 is left
// out whole).
func TestTruncate50(t *testing.T) {
	s := strings.Repeat("a", 50)
	if Truncate50(s) != s {
		t.Errorf("50 bytes cut")
	}
	s = strings.Repeat("a", 30) + strings.Repeat("b", 30)
	if got := Truncate50(s); got != strings.Repeat("a", 25)+"..."+strings.Repeat("b", 24) {
		t.Errorf("got %q", got)
	}
	s = strings.Repeat("a", 24) + "é" + strings.Repeat("b", 40)
	if got := Truncate50(s); got != strings.Repeat("a", 24)+"..."+strings.Repeat("b", 24) {
		t.Errorf("got %q", got)
	}
}

// TestPointer checks RFC 6901's escapes of "/" and "~".
func TestPointer(t *testing.T) {
	if got := Pointer([]any{"a/b", "c~d", 2}); got != "/a~1b/c~0d/2" {
		t.Errorf("got %q", got)
	}
}
