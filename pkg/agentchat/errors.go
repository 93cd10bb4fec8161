package agentchat

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/pkg/component"
)

// Error is implemented by every error type of this package and of the
// agents, conditions and teams packages, so that errors.As can find any
// of them:
//
//   - *TerminatedError: a condition called after it fired;
//   - *ConfigError: a config the runtime cannot run;
//   - *RunError: an exception a run raised, with AutoGen's class name.
type Error interface {
	error
	agentchatError()
}

var (
	_ Error = (*TerminatedError)(nil)
	_ Error = (*ConfigError)(nil)
	_ Error = (*RunError)(nil)
)

// TerminatedError is AutoGen's TerminatedException: a termination
// condition called again after it fired, without a reset.
type TerminatedError struct {
	// Message is AutoGen's text, such as "Termination condition has
	// already been reached".
	Message string
}

func (e *TerminatedError) Error() string { return "TerminatedException: " + e.Message }
func (*TerminatedError) agentchatError() {}

// ConfigError is a component config that cannot be run: an unknown
// provider, a FunctionTool with no Go function, a team with no
// participants, a value AutoGen's constructor refuses. Pointer is the JSON
// pointer of the component in the document that was loaded ("" for the
// root).
type ConfigError struct {
	Pointer string
	Err     error
}

func (e *ConfigError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return fmt.Sprintf("%s: %v", p, e.Err)
}

// Unwrap returns the underlying error.
func (e *ConfigError) Unwrap() error { return e.Err }
func (*ConfigError) agentchatError() {}

// AtPointer places err at the component at pointer ptr (relative to the
// config that is being loaded); a *ConfigError's pointer is prefixed with
// ptr, so nested loads give the full pointer.
func AtPointer(ptr string, err error) error {
	if err == nil {
		return nil
	}
	var ce *ConfigError
	if errors.As(err, &ce) {
		return &ConfigError{Pointer: ptr + ce.Pointer, Err: ce.Err}
	}
	var ne *component.NestedError
	if errors.As(err, &ne) {
		return AtPointer(ptr+ne.Pointer, ne.Err)
	}
	return &ConfigError{Pointer: ptr, Err: err}
}

// RunError is an exception a run raised, as AutoGen raises it: Exception
// is the Python class name (ValueError, RuntimeError, ...) and Message its
// text. Err, when set, is the Go error behind it.
type RunError struct {
	Exception string
	Message   string
	Err       error
}

func (e *RunError) Error() string { return e.Exception + ": " + e.Message }

// Unwrap returns the Go error behind the exception, if any.
func (e *RunError) Unwrap() error { return e.Err }
func (*RunError) agentchatError() {}

// ExceptionText renders err as Python prints an exception in a traceback's
// last line, "ExceptionClass: message": an error that already reads so
// (a *RunError, a model client's typed error) as it is, an error with an
// ExceptionName method (the openai client's *APIError) under that name,
// a model client's models.Exception (pydantic's ValidationError of a
// structured output, ...) as its class and str(), a cancelled context as CancelledError, anything else as Exception.
func ExceptionText(err error) string {
	if err == nil {
		return ""
	}
	var re *RunError
	if errors.As(err, &re) {
		return re.Error()
	}
	var named interface{ ExceptionName() string }
	if errors.As(err, &named) {
		return named.ExceptionName() + ": " + fmt.Sprint(named)
	}
	var py interface {
		PythonException() (class, message string)
	}
	if errors.As(err, &py) {
		class, message := py.PythonException()
		return class + ": " + message
	}
	if errors.Is(err, errStopped) {
		return "CancelledError: " + err.Error()
	}
	msg := err.Error()
	if name, _, ok := strings.Cut(msg, ": "); ok && isPyClassName(name) {
		return msg
	}
	return "Exception: " + msg
}

// isPyClassName reports whether s looks like a Python exception class
// name (ValueError, TerminatedException, ...).
func isPyClassName(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return strings.HasSuffix(s, "Error") || strings.HasSuffix(s, "Exception") || strings.HasSuffix(s, "Exit")
}
