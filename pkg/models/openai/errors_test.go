package openai

import (
	"errors"
	"fmt"
	"testing"

	"github.com/agentschema/agentschema/internal/pyexc"
)

// TestErrorClasses checks that each error type matches its Python class,
// and only it, with errors.Is, also when wrapped.
func TestErrorClasses(t *testing.T) {
	for _, c := range []struct {
		err  error
		want Exception
		text string
	}{
		{valueError("bad"), ValueError, "ValueError: bad"},
		{&Error{Exception: LengthFinishReasonError, Message: "m"}, LengthFinishReasonError, "LengthFinishReasonError: m"},
		{&TypeError{Message: "no schema"}, pyexc.TypeError, "TypeError: no schema"},
		{&KeyError{Key: "#/$defs/X"}, pyexc.KeyError, "KeyError: '#/$defs/X'"},
		// pydantic's str(ValidationError) for a missing field.
		{&ValidationError{Title: "M", Errors: []FieldError{{Loc: []any{"a"}, Type: "missing", Msg: "Field required"}}}, Exception("ValidationError"),
			"1 validation error for M\na\n  Field required [type=missing, input_value=None, input_type=NoneType]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing"},
	} {
		wrapped := fmt.Errorf("create: %w", c.err)
		if !errors.Is(wrapped, c.want) {
			t.Errorf("errors.Is(%v, %s) = false", c.err, c.want)
		}
		for _, other := range []Exception{ValueError, pyexc.TypeError, pyexc.KeyError, OpenAIError} {
			if other != c.want && errors.Is(wrapped, other) {
				t.Errorf("errors.Is(%v, %s) = true", c.err, other)
			}
		}
		if got := c.err.Error(); got != c.text {
			t.Errorf("Error() = %q, want %q", got, c.text)
		}
	}
}
