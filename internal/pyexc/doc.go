// Package pyexc names Python's exception classes, so that the public error
// types that stand for a Python exception (tokens.Error,
// messages.FormatError) carry one kind type that errors.Is matches, rather
// than a class name in a string.
//
// It owns Exception (the class, an error value usable as an errors.Is
// target) and Error (an exception instance: its class and its str()), which
// the internal packages that emulate Python (internal/pyformat) return and
// the public packages turn into their own error types.
package pyexc
