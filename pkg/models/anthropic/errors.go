package anthropic

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// Exception is a Python exception class by name, such as ValueError. It is
// an error value so that errors.Is(err, anthropic.ValueError) tells whether
// err is (or wraps) an *Error of that class.
type Exception = pyexc.Exception

// The exception classes an *Error may hold: Python's, and the anthropic
// library's APITimeoutError and APIConnectionError.
const (
	ValueError         = pyexc.ValueError
	TypeError          = pyexc.TypeError
	IndexError         = pyexc.IndexError
	APITimeoutError    = Exception("APITimeoutError")
	APIConnectionError = Exception("APIConnectionError")
)

// Error is an input or an answer AutoGen's client refuses with a Python
// exception: Exception names the class and Message is AutoGen's (or the
// anthropic library's) text.
type Error struct {
	Exception Exception
	Message   string
}

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *Error) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's Exception.
func (e *Error) Is(target error) bool { return pyexc.Is(e.Exception, target) }

// PythonException returns the exception's class and text (models.Exception).
func (e *Error) PythonException() (class, message string) { return string(e.Exception), e.Message }

func valueError(msg string) *Error { return &Error{Exception: ValueError, Message: msg} }

func typeError(msg string) *Error { return &Error{Exception: TypeError, Message: msg} }

// APIError is an error answer of the Messages API after the retries the
// client allows (the anthropic library's APIStatusError subclasses:
// BadRequestError for 400, AuthenticationError for 401, RateLimitError for
// 429, InternalServerError for 5xx, ...), or an error event of a stream
// (APIStatusError, with the stream's status, usually 200). It never holds
// the API key.
type APIError struct {
	// StatusCode is the HTTP status of the answer.
	StatusCode int
	// Body is the response body as received (for an error event, the
	// event's data).
	Body string
	// Event is true for an error event of a stream.
	Event bool
}

// Error returns the anthropic library's text: for an answer, "Error code:
// 400 - " followed by the body as Python prints the parsed JSON, or the
// body as it is when it is not JSON, or "Error code: 502" when it is
// empty; for an error event, the parsed data as Python prints it, or the
// data as it is.
func (e *APIError) Error() string {
	body := e.Body
	if !e.Event {
		body = strings.TrimSpace(body)
	}
	v, err := pyjson.Parse([]byte(body))
	switch {
	case err == nil && e.Event:
		return pyjson.StrOf(&v)
	case err == nil:
		return "Error code: " + strconv.Itoa(e.StatusCode) + " - " + pyjson.StrOf(&v)
	case body != "":
		return body
	}
	return "Error code: " + strconv.Itoa(e.StatusCode)
}

// ExceptionName returns the anthropic library's exception class for the
// status code (APIStatusError for an error event).
func (e *APIError) ExceptionName() string {
	if e.Event {
		return "APIStatusError"
	}
	switch e.StatusCode {
	case 400:
		return "BadRequestError"
	case 401:
		return "AuthenticationError"
	case 403:
		return "PermissionDeniedError"
	case 404:
		return "NotFoundError"
	case 409:
		return "ConflictError"
	case 422:
		return "UnprocessableEntityError"
	case 429:
		return "RateLimitError"
	}
	if e.StatusCode >= 500 {
		return "InternalServerError"
	}
	return "APIStatusError"
}

// PythonException returns the exception's class and text (models.Exception).
func (e *APIError) PythonException() (class, message string) { return e.ExceptionName(), e.Error() }

// apiError turns the SDK's *anthropic.Error into an *APIError; other
// errors are returned as they are.
func apiError(err error) error {
	var se *sdk.Error
	if !errors.As(err, &se) {
		return err
	}
	out := &APIError{StatusCode: se.StatusCode}
	if se.Response != nil && se.Response.Body != nil {
		if b, rerr := io.ReadAll(se.Response.Body); rerr == nil {
			out.Body = string(b)
			se.Response.Body = io.NopCloser(bytes.NewReader(b))
		}
	}
	if out.Body == "" {
		out.Body = se.RawJSON()
	}
	return out
}
