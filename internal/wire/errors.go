package wire

import (
	"strconv"
	"strings"
)

// Error is one fault found while decoding: where it is (JSON pointer, byte
// offset, line and column) and what was expected. Code is pydantic's error
// type for the same fault ("missing", "string_type", "union_tag_invalid",
// ...), so tools can match AutoGen's validation errors.
type Error struct {
	// Pointer is the RFC 6901 JSON pointer of the value at fault ("" is the
	// whole document).
	Pointer string
	// Offset is the byte offset in the input where the fault was found.
	Offset int
	// Line and Column are 1-based; Column counts bytes.
	Line, Column int
	// Code is the pydantic error type.
	Code string
	// Message says what was expected.
	Message string
	// Err is the underlying error, if any: a *LimitError for a limit hit,
	// the image library's error for an image that does not load.
	Err error
}

// Unwrap returns e.Err, so errors.As finds a *LimitError through an
// Errors value.
func (e *Error) Unwrap() error { return e.Err }

// Error implements error as "line L, column C: POINTER: message".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("line ")
	b.WriteString(strconv.Itoa(e.Line))
	b.WriteString(", column ")
	b.WriteString(strconv.Itoa(e.Column))
	b.WriteString(": ")
	b.WriteString(pointerText(e.Pointer))
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

func pointerText(p string) string {
	if p == "" {
		return "/"
	}
	return p
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

// LimitError is the Err of an *Error with Code "limit": the input exceeds
// a configured limit (see Options). errors.As finds it in an Errors value.
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

// lineCol computes the 1-based line and column of offset in data.
func lineCol(data []byte, offset int) (line, col int) {
	if offset > len(data) {
		offset = len(data)
	}
	line = 1
	last := -1
	for i := 0; i < offset; i++ {
		if data[i] == '\n' {
			line++
			last = i
		}
	}
	return line, offset - last
}

// appendPointerToken escapes one reference token as RFC 6901 requires.
func appendPointerToken(b []byte, tok string) []byte {
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, tok[i])
		}
	}
	return b
}
