package ollama

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// Exception is a Python exception class by name, such as ValueError. It is
// an error value so that errors.Is(err, ollama.ValueError) tells whether
// err is (or wraps) an *Error of that class.
type Exception = pyexc.Exception

// The exception classes an *Error may hold.
const (
	ValueError      = pyexc.ValueError
	TypeError       = pyexc.TypeError
	KeyError        = pyexc.KeyError
	AttributeError  = pyexc.AttributeError
	AssertionError  = Exception("AssertionError")
	JSONDecodeError = Exception("JSONDecodeError")
	// ConnectionError is what ollama-python raises when it cannot connect
	// (a request that is not streamed).
	ConnectionError = Exception("ConnectionError")
	// ConnectError is httpx's connection failure, which ollama-python lets
	// through for a streamed request.
	ConnectError = Exception("ConnectError")
	// ReadTimeout is httpx's read timeout (only with WithReadTimeout:
	// AutoGen's client has no timeout).
	ReadTimeout = Exception("ReadTimeout")
)

// connectionErrorMessage is ollama-python's CONNECTION_ERROR_MESSAGE.
const connectionErrorMessage = "Failed to connect to Ollama. Please check that Ollama is downloaded, running and accessible. https://ollama.com/download"

// Error is an input or an answer AutoGen's client (or ollama-python, or
// Python itself) refuses with a Python exception: Exception names the
// class and Message is its text.
type Error struct {
	Exception Exception
	Message   string
}

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *Error) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's Exception.
func (e *Error) Is(target error) bool { return pyexc.Is(e.Exception, target) }

func valueError(msg string) *Error { return &Error{Exception: ValueError, Message: msg} }

// ResponseError is ollama-python's ResponseError: an error answer of the
// Ollama API (any status outside 2xx, after redirects), or an "error"
// member in a line of a stream (StatusCode -1).
type ResponseError struct {
	// StatusCode is the HTTP status; -1 for an error line of a stream.
	StatusCode int
	// Err is the error: the body's "error" member when the body is a JSON
	// object that has one, else the body as it is; rendered as Python's
	// str() of the value.
	Err string
}

// Error returns ollama-python's text: "<error> (status code: <status>)".
func (e *ResponseError) Error() string {
	return e.Err + " (status code: " + strconv.Itoa(e.StatusCode) + ")"
}

// Is reports whether target is ollama's ResponseError, for errors.Is.
func (e *ResponseError) Is(target error) bool { return target == Exception("ResponseError") }

// responseError is ResponseError.__init__: the text parsed as JSON and
// its "error" member taken when it is an object that has one. A JSON value
// that is not an object makes Python fail on .get (AttributeError).
func responseError(text string, status int) error {
	v, err := pyjson.Parse([]byte(text))
	if err != nil {
		return &ResponseError{StatusCode: status, Err: text}
	}
	if v.Kind != pyjson.Dict {
		return &Error{Exception: AttributeError, Message: "'" + v.TypeName() + "' object has no attribute 'get'"}
	}
	if e, ok := v.Get("error"); ok {
		return &ResponseError{StatusCode: status, Err: pyjson.StrOf(e)}
	}
	return &ResponseError{StatusCode: status, Err: text}
}

// LimitError is an answer larger than the client accepts: a response body
// over the limit of WithMaxResponseBytes, or a line of a stream over the
// limit of WithMaxLineBytes.
type LimitError struct {
	// What is "response body" or "stream line".
	What string
	// Limit is the bound, in bytes.
	Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("ollama: %s exceeds the limit of %d bytes", e.What, e.Limit)
}

// ValidationError is pydantic's ValidationError: a client config the
// config model refuses, an answer ollama-python's ChatResponse refuses, or
// a value one of ollama-python's request models refuses. Its Error text is
// pydantic's str(ValidationError).
type ValidationError struct {
	// Title is the model's name (BaseOllamaClientConfigurationConfigModel,
	// ChatResponse, ...).
	Title string
	// Errors are the faults, in pydantic's order.
	Errors []FieldError
}

// FieldError is one fault of a ValidationError.
type FieldError struct {
	// Loc is the path to the value: field names and dict keys as strings,
	// list indices as ints; empty for the value as a whole.
	Loc []any
	// Type is pydantic's error type ("missing", "string_type", ...).
	Type string
	// Msg is pydantic's message ("Field required").
	Msg string

	input pyjson.Value
}

// Error returns pydantic's text.
func (e *ValidationError) Error() string {
	lines := make([]pydantic.Line, len(e.Errors))
	for i := range e.Errors {
		fe := &e.Errors[i]
		lines[i] = pydantic.Line{Loc: fe.Loc, Type: fe.Type, Msg: fe.Msg, Input: &fe.input}
	}
	return pydantic.Text(e.Title, lines)
}

// Is reports whether target is pydantic's ValidationError, for errors.Is.
func (e *ValidationError) Is(target error) bool { return target == Exception("ValidationError") }

// Unwrap gives the faults as the module's one fault type, so errors.As
// finds each *agentschema.Fault (pointer from Loc, pydantic's type and
// message).
func (e *ValidationError) Unwrap() error {
	out := make(agentschema.Faults, len(e.Errors))
	for i := range e.Errors {
		fe := &e.Errors[i]
		out[i] = &agentschema.Fault{Pointer: pydantic.Pointer(fe.Loc), Type: fe.Type, Message: fe.Msg}
	}
	return out
}

// PythonException returns the exception's class and text (models.Exception).
func (e *Error) PythonException() (class, message string) { return string(e.Exception), e.Message }

// PythonException returns "ResponseError" and ollama-python's text
// (models.Exception).
func (e *ResponseError) PythonException() (class, message string) { return "ResponseError", e.Error() }

// PythonException returns "ValidationError" and pydantic's text
// (models.Exception).
func (e *ValidationError) PythonException() (class, message string) {
	return "ValidationError", e.Error()
}

// ExceptionOf returns the Python exception an error of this package
// stands for: its class (ValueError, ResponseError, ValidationError, ...)
// and its str(), as AutoGen's client would raise it. ok is false for other
// errors (a canceled context, a *LimitError).
func ExceptionOf(err error) (class, message string, ok bool) {
	var re *ResponseError
	var ve *ValidationError
	var oe *Error
	switch {
	case errors.As(err, &re):
		return "ResponseError", re.Error(), true
	case errors.As(err, &ve):
		return "ValidationError", ve.Error(), true
	case errors.As(err, &oe):
		return string(oe.Exception), oe.Message, true
	}
	return "", "", false
}
