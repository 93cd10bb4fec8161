package pyexc

// Exception is a Python exception class, by its name. It is an error so
// that it can be the target of errors.Is: an error standing for a Python
// exception matches its class.
type Exception string

// The exception classes AutoGen's code paths raise and this module
// reproduces.
const (
	ValueError        Exception = "ValueError"
	TypeError         Exception = "TypeError"
	KeyError          Exception = "KeyError"
	IndexError        Exception = "IndexError"
	AttributeError    Exception = "AttributeError"
	OverflowError     Exception = "OverflowError"
	MemoryError       Exception = "MemoryError"
	AssertionError    Exception = "AssertionError"
	ZeroDivisionError Exception = "ZeroDivisionError"
)

// Error returns the class name.
func (e Exception) Error() string { return string(e) }

// Error is a Python exception instance: its class and its str().
type Error struct {
	Exception Exception
	Message   string
}

// New returns an exception of class exc whose str() is msg.
func New(exc Exception, msg string) *Error { return &Error{Exception: exc, Message: msg} }

// Error returns "<Exception>: <Message>", as Python prints an exception.
func (e *Error) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's class, for errors.Is.
func (e *Error) Is(target error) bool { return Is(e.Exception, target) }

// Is reports whether target is the Exception exc: the Is method of the
// public error types that carry an Exception.
func Is(exc Exception, target error) bool {
	t, ok := target.(Exception)
	return ok && t == exc
}
