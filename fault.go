package agentschema

import (
	"strconv"
	"strings"
)

// Fault is one thing wrong with a JSON document: where it is and what was
// expected. It is the module's one error model: the decoders of package gen
// (and every function built on them), package validate in both its modes,
// component and state loading, the argument checks of package tools and the
// JSON errors of package tokens all report faults as *Fault values, so
//
//	var f *agentschema.Fault
//	if errors.As(err, &f) {
//		fmt.Printf("%d:%d: %s: %s\n", f.Line, f.Column, f.Pointer, f.Message)
//	}
//
// works on any error they return. Where a document has several faults, the
// error is a [Faults] holding each, in input order.
type Fault struct {
	// File names the input the document came from, when known (the
	// command sets it; the library leaves it empty).
	File string
	// Pointer is the RFC 6901 JSON pointer of the value at fault ("" is
	// the whole document). For a missing member it points at the member
	// ("/messages/0/source"), while Offset, Line and Column give the
	// object that lacks it.
	Pointer string
	// Offset is the byte offset in the input of the value at fault.
	Offset int
	// Line and Column are 1-based; Column counts bytes. Both are zero when
	// the fault has no place in a text (a Go value checked after
	// decoding).
	Line, Column int
	// Type is pydantic's error type ("missing", "string_type",
	// "union_tag_invalid", ...), or "limit" for a decoding limit hit and
	// "json_invalid" for text that is not JSON. It may be empty for a
	// fault found by JSON Schema validation alone.
	Type string
	// Keyword is the JSON Schema keyword that failed ("type", "required",
	// "enum", ...) for a fault found by schema validation; empty otherwise.
	Keyword string
	// Message says what is wrong, in plain words (pydantic's message where
	// AutoGen would give one).
	Message string
	// Err is the underlying error, if any: a *LimitError for a limit hit,
	// the image library's error for an image that does not load.
	Err error
}

// Error implements error as "line L, column C: POINTER: message" ("/"
// stands for the whole document), preceded by "FILE: " when File is set.
// A fault with no position leaves out the line and column.
func (f *Fault) Error() string {
	var b strings.Builder
	if f.File != "" {
		b.WriteString(f.File)
		b.WriteString(": ")
	}
	if f.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(f.Line))
		b.WriteString(", column ")
		b.WriteString(strconv.Itoa(f.Column))
		b.WriteString(": ")
	}
	b.WriteString(f.DisplayPointer())
	b.WriteString(": ")
	b.WriteString(f.Message)
	return b.String()
}

// Unwrap returns f.Err, so errors.As finds a *LimitError through a fault.
func (f *Fault) Unwrap() error { return f.Err }

// DisplayPointer returns Pointer, or "/" for the whole document.
func (f *Fault) DisplayPointer() string {
	if f.Pointer == "" {
		return "/"
	}
	return f.Pointer
}

// Faults is every fault found in one document, in input order. errors.As
// finds each *Fault (and the *LimitError of a limit hit) through Unwrap.
type Faults []*Fault

// Error implements error: the first fault, and how many more there are.
func (fs Faults) Error() string {
	switch len(fs) {
	case 0:
		return "no errors"
	case 1:
		return fs[0].Error()
	}
	return fs[0].Error() + " (and " + strconv.Itoa(len(fs)-1) + " more errors)"
}

// Unwrap gives the individual faults to errors.Is and errors.As.
func (fs Faults) Unwrap() []error {
	out := make([]error, len(fs))
	for i, f := range fs {
		out[i] = f
	}
	return out
}

// LimitError is the Err of a [Fault] of Type "limit": the input exceeds a
// decoding limit (see gen.UnmarshalOptions). errors.As finds it through
// the fault.
type LimitError struct {
	// Limit names the limit: "depth", "document_size", "string",
	// "image_pixels".
	Limit string
	// Max is the configured maximum.
	Max int64
}

// Error says which limit was exceeded and its maximum.
func (e *LimitError) Error() string {
	return "exceeds the " + e.Limit + " limit of " + strconv.FormatInt(e.Max, 10)
}
