package tokens

import (
	"errors"

	"github.com/agentschema/agentschema/internal/bpe"
)

// Error is an input that AutoGen's Python code refuses with an exception.
// Exception names the Python exception class ("ValueError", "TypeError",
// "KeyError" or "AssertionError"); Message is its text, as close to
// Python's as practical.
type Error struct {
	Exception string
	Message   string
	Err       error // the underlying Go error, if any
}

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *Error) Error() string { return e.Exception + ": " + e.Message }

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
	return &Error{Exception: "ValueError", Message: msg, Err: err}
}

func typeError(msg string) *Error { return &Error{Exception: "TypeError", Message: msg} }

// keyError is Python's KeyError(key), whose str() is the key's repr.
func keyError(key string) *Error {
	return &Error{Exception: "KeyError", Message: pyRepr(&pyValue{kind: pyStr, s: key})}
}

func assertionError(msg string) *Error { return &Error{Exception: "AssertionError", Message: msg} }
