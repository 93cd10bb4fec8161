package validate

import (
	"strconv"
	"strings"
)

// Error is one fault in a document: where it is and what is wrong.
type Error struct {
	// Pointer is the RFC 6901 JSON pointer of the value at fault; "" is
	// the whole document. For a missing member it points at the member
	// ("/messages/0/source") while Offset, Line and Column give the
	// object that lacks it.
	Pointer string
	// Offset is the byte offset in the input of the value at fault.
	Offset int
	// Line and Column are 1-based; Column counts bytes, as the typed
	// decoder does.
	Line, Column int
	// Keyword is the JSON Schema keyword that failed ("type",
	// "required", "const", "enum", "format", "contentEncoding", ...),
	// "discriminator" for a missing or unknown tag of a tagged union, and
	// "syntax" when the input is not JSON or exceeds a decoding limit.
	Keyword string
	// Code is pydantic's error type ("missing", "string_type",
	// "union_tag_invalid", ...) in autogen mode, empty in schema mode.
	Code string
	// Message says what is wrong in plain words.
	Message string
}

// Error implements error as "line L, column C: POINTER: message", with
// "/" for the whole document.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("line ")
	b.WriteString(strconv.Itoa(e.Line))
	b.WriteString(", column ")
	b.WriteString(strconv.Itoa(e.Column))
	b.WriteString(": ")
	b.WriteString(e.DisplayPointer())
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// DisplayPointer returns Pointer, or "/" for the whole document.
func (e *Error) DisplayPointer() string {
	if e.Pointer == "" {
		return "/"
	}
	return e.Pointer
}

// Errors is every fault found in one document, in input order. errors.As
// finds the first *Error through Unwrap.
type Errors []*Error

// Error implements error: the first fault, and how many more there are.
func (es Errors) Error() string {
	switch len(es) {
	case 0:
		return "no errors"
	case 1:
		return es[0].Error()
	}
	return es[0].Error() + " (and " + strconv.Itoa(len(es)-1) + " more errors)"
}

// Unwrap gives the individual errors to errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// UnknownTypeError is returned for a type name that no schema has.
type UnknownTypeError struct {
	// Title is the name asked for.
	Title string
}

// Error implements error.
func (e *UnknownTypeError) Error() string {
	return "validate: unknown type " + strconv.Quote(e.Title) + " (see validate.Titles)"
}
