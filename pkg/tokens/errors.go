package tokens

import (
	"errors"

	"github.com/agentschema/agentschema/internal/bpe"
	"github.com/agentschema/agentschema/internal/pyexc"
)

// Exception is a Python exception class by name, such as ValueError. It is
// an error value so that errors.Is(err, tokens.ValueError) tells whether
// err is (or wraps) an *Error of that class.
type Exception = pyexc.Exception

// The exception classes an *Error may hold.
const (
	ValueError        = pyexc.ValueError
	TypeError         = pyexc.TypeError
	KeyError          = pyexc.KeyError
	AssertionError    = pyexc.AssertionError
	ZeroDivisionError = pyexc.ZeroDivisionError
)

// Error is an input that AutoGen's Python code refuses with an exception.
// Exception is the Python exception class (ValueError, TypeError, KeyError,
// AssertionError or ZeroDivisionError); Message is its text, as close to Python's as
// practical. errors.Is(err, ValueError) matches an Error of that class.
type Error struct {
	Exception Exception
	Message   string
	Err       error // the underlying Go error, if any
}

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *Error) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's Exception.
func (e *Error) Is(target error) bool { return pyexc.Is(e.Exception, target) }

// Unwrap returns the underlying error (for example a
// *DisallowedSpecialError).
func (e *Error) Unwrap() error { return e.Err }

// DisallowedSpecialError reports text that contains a special token, which
// Python tiktoken's encode refuses with ValueError (its default is
// disallowed_special="all"). Token is the special token found.
type DisallowedSpecialError = bpe.DisallowedSpecialError

// ErrNoTokenLimit is returned by RemainingTokens for a model that AutoGen
// has no token limit for (its get_token_limit raises KeyError).
var ErrNoTokenLimit = errors.New("no token limit known for model")

func valueError(msg string, err error) *Error {
	return &Error{Exception: ValueError, Message: msg, Err: err}
}

func typeError(msg string) *Error { return &Error{Exception: TypeError, Message: msg} }

// keyError is Python's KeyError(key), whose str() is the key's repr.
func keyError(key string) *Error {
	return &Error{Exception: KeyError, Message: strRepr(key)}
}

func assertionError(msg string) *Error { return &Error{Exception: AssertionError, Message: msg} }
