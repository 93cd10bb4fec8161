package openai

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	sdk "github.com/openai/openai-go/v3"

	"github.com/agentschema/agentschema/internal/pyexc"
)

// Exception is a Python exception class by name, such as ValueError. It is
// an error value so that errors.Is(err, openai.ValueError) tells whether
// err is (or wraps) an *Error of that class.
type Exception = pyexc.Exception

// The exception classes an *Error may hold: Python's, the openai library's
// OpenAIError (no credentials), and the openai library's
// LengthFinishReasonError and ContentFilterFinishReasonError (a structured
// output the model did not finish).
const (
	ValueError                     = pyexc.ValueError
	IndexError                     = pyexc.IndexError
	AttributeError                 = pyexc.AttributeError
	JSONDecodeError                = Exception("JSONDecodeError")
	OpenAIError                    = Exception("OpenAIError")
	LengthFinishReasonError        = Exception("LengthFinishReasonError")
	ContentFilterFinishReasonError = Exception("ContentFilterFinishReasonError")
)

// Error is an input or an answer AutoGen's client refuses with a Python
// exception: Exception names the class and Message is AutoGen's (or the
// openai library's) text. errors.Is(err, ValueError) matches an Error of
// that class.
type Error struct {
	Exception Exception
	Message   string
}

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *Error) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's Exception.
func (e *Error) Is(target error) bool { return pyexc.Is(e.Exception, target) }

func valueError(msg string) *Error { return &Error{Exception: "ValueError", Message: msg} }

// TypeError is a Go type that has no JSON Schema for structured output
// (the openai library's TypeError).
type TypeError struct{ Message string }

func (e *TypeError) Error() string { return "TypeError: " + e.Message }

// Is reports whether target is Python's TypeError, for errors.Is.
func (e *TypeError) Is(target error) bool { return pyexc.Is(pyexc.TypeError, target) }

// KeyError is a missing key (a $ref that does not resolve).
type KeyError struct{ Key string }

func (e *KeyError) Error() string { return "KeyError: " + pyStrRepr(e.Key) }

// Is reports whether target is Python's KeyError, for errors.Is.
func (e *KeyError) Is(target error) bool { return pyexc.Is(pyexc.KeyError, target) }

// APIError is an error answer of the chat-completions API (the openai
// library's APIStatusError: BadRequestError for 400, AuthenticationError
// for 401, RateLimitError for 429, ...), after the retries the client
// allows, or an error event in a stream (the openai library's APIError,
// StatusCode 0). It never holds the API key.
type APIError struct {
	// StatusCode is the HTTP status; 0 for an error event of a stream.
	StatusCode int
	// Message, Type, Code and Param are the members of the error object,
	// when the body has one.
	Message, Type, Code, Param string
	// Body is the response body as received.
	Body string
}

// Error returns the openai library's text: "Error code: 400 - " followed
// by the body as Python prints the parsed JSON ({'error': {...}}), or the
// body as it is when it is not JSON; for an error event of a stream, the
// event's message ("An error occurred during streaming" when it has none).
func (e *APIError) Error() string {
	if e.StatusCode == 0 {
		return e.Message
	}
	body := strings.TrimSpace(e.Body)
	if body == "" {
		return "Error code: " + strconv.Itoa(e.StatusCode)
	}
	if v, err := parseOrdered([]byte(body)); err == nil {
		return "Error code: " + strconv.Itoa(e.StatusCode) + " - " + pyRepr(v)
	}
	return body
}

// ExceptionName returns the openai library's exception class for the
// status code (APIError for an error event of a stream).
func (e *APIError) ExceptionName() string {
	switch e.StatusCode {
	case 0:
		return "APIError"
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

// apiError turns the SDK's *openai.Error into an *APIError; other errors
// are returned as they are.
func apiError(err error) error {
	var oe *sdk.Error
	if !errors.As(err, &oe) {
		return err
	}
	out := &APIError{StatusCode: oe.StatusCode, Message: oe.Message, Type: oe.Type, Code: oe.Code, Param: oe.Param}
	if oe.Response != nil && oe.Response.Body != nil {
		if b, err := io.ReadAll(oe.Response.Body); err == nil {
			out.Body = string(b)
			oe.Response.Body = io.NopCloser(bytes.NewReader(b))
		}
	}
	if out.Body == "" {
		out.Body = oe.RawJSON()
	}
	return out
}

// pyRepr is Python's repr of a parsed JSON value (dict, list, str, int,
// float, True, False, None).
func pyRepr(v any) string {
	var b strings.Builder
	writeRepr(&b, v)
	return b.String()
}

func writeRepr(b *strings.Builder, v any) {
	switch v := v.(type) {
	case obj:
		b.WriteByte('{')
		for i, m := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(pyStrRepr(m.Key))
			b.WriteString(": ")
			writeRepr(b, m.Val)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, v[i])
		}
		b.WriteByte(']')
	case string:
		b.WriteString(pyStrRepr(v))
	case json.Number:
		s := string(v)
		if strings.ContainsAny(s, ".eE") {
			if f, err := v.Float64(); err == nil {
				s = strconv.FormatFloat(f, 'g', -1, 64)
				if !strings.ContainsAny(s, ".eEn") {
					s += ".0"
				}
			}
		}
		b.WriteString(s)
	case bool:
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case nil:
		b.WriteString("None")
	}
}

// PythonException returns the exception's class and text (models.Exception).
func (e *Error) PythonException() (class, message string) { return string(e.Exception), e.Message }

// PythonException returns the exception's class and text (models.Exception).
func (e *TypeError) PythonException() (class, message string) { return "TypeError", e.Message }

// PythonException returns the exception's class and text (models.Exception).
func (e *KeyError) PythonException() (class, message string) { return "KeyError", pyStrRepr(e.Key) }

// PythonException returns the exception's class and text (models.Exception).
func (e *APIError) PythonException() (class, message string) { return e.ExceptionName(), e.Error() }

// ExceptionOf returns the Python exception an error of this package
// stands for: its class (ValueError, BadRequestError, ValidationError,
// ...) and its str(), as AutoGen's client would raise it. ok is false for
// other errors (a network failure, a canceled context).
func ExceptionOf(err error) (class, message string, ok bool) {
	var ae *APIError
	var oe *Error
	var te *TypeError
	var ke *KeyError
	var ve *ValidationError
	switch {
	case errors.As(err, &ae):
		return ae.ExceptionName(), ae.Error(), true
	case errors.As(err, &ve):
		return "ValidationError", ve.Error(), true
	case errors.As(err, &oe):
		return string(oe.Exception), oe.Message, true
	case errors.As(err, &te):
		return "TypeError", te.Message, true
	case errors.As(err, &ke):
		return "KeyError", pyStrRepr(ke.Key), true
	}
	return "", "", false
}
