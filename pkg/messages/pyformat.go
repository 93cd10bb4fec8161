package messages

import (
	"errors"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyformat"
)

// Exception is a Python exception class by name, such as KeyError. It is
// an error value so that errors.Is(err, messages.KeyError) tells whether
// err is (or wraps) a *FormatError of that class.
type Exception = pyexc.Exception

// The exception classes a *FormatError may hold.
const (
	ValueError     = pyexc.ValueError
	TypeError      = pyexc.TypeError
	KeyError       = pyexc.KeyError
	IndexError     = pyexc.IndexError
	AttributeError = pyexc.AttributeError
	OverflowError  = pyexc.OverflowError
	MemoryError    = pyexc.MemoryError
)

// FormatError is the Python exception AutoGen's to_text raises when a
// StructuredMessage's format_string cannot be rendered by Python's
// str.format with the content's fields: a KeyError for an unknown field,
// an IndexError for a positional field, a ValueError for bad syntax, and
// so on. Exception is the Python class and Message the exception's str(),
// exactly as Python gives them (for a KeyError, the repr of the key:
// 'missing'). errors.Is(err, KeyError) matches a FormatError of class
// KeyError.
type FormatError struct {
	Exception Exception
	Message   string
}

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *FormatError) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's Exception.
func (e *FormatError) Is(target error) bool { return pyexc.Is(e.Exception, target) }

// pyFormatString renders format as Python's format.format(**kwargs) does
// (see internal/pyformat); kwargs is a dict. The error is a *FormatError.
func pyFormatString(format string, kwargs *pyValue) (string, error) {
	s, err := pyformat.Format(format, kwargs)
	var pe *pyexc.Error
	if errors.As(err, &pe) {
		return "", &FormatError{Exception: pe.Exception, Message: pe.Message}
	}
	return s, err
}
