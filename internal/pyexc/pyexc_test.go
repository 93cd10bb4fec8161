package pyexc_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/agentschema/agentschema/internal/pyexc"
)

func TestErrorIs(t *testing.T) {
	cases := []struct {
		err    error
		target error
		want   bool
	}{
		{pyexc.New(pyexc.KeyError, "'x'"), pyexc.KeyError, true},
		{pyexc.New(pyexc.KeyError, "'x'"), pyexc.ValueError, false},
		{fmt.Errorf("wrapped: %w", pyexc.New(pyexc.TypeError, "t")), pyexc.TypeError, true},
		{errors.New("ValueError"), pyexc.ValueError, false},
	}
	for i, c := range cases {
		if got := errors.Is(c.err, c.target); got != c.want {
			t.Errorf("%d: errors.Is(%v, %v) = %v, want %v", i, c.err, c.target, got, c.want)
		}
	}
}

func TestErrorText(t *testing.T) {
	// Python prints an exception as "<class name>: <str()>".
	if got, want := pyexc.New(pyexc.IndexError, "list index out of range").Error(), "IndexError: list index out of range"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got := pyexc.MemoryError.Error(); got != "MemoryError" {
		t.Errorf("Exception.Error() = %q", got)
	}
}
