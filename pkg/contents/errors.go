package contents

import (
	"errors"
	"strconv"
	"strings"
)

// ConversionError reports a message or content that cannot be converted
// between AutoGen's messages and contents. Message and Content locate it
// (-1 when they do not apply); Err is the underlying error, if any.
type ConversionError struct {
	// Message is the index of the message in the list converted, or -1.
	Message int
	// Content is the index of the content (or AutoGen part, call or
	// result) in the message, or -1.
	Content int
	// Reason says what cannot be converted.
	Reason string
	// Err is the underlying error, such as an image that does not load.
	Err error
}

// Error implements error.
func (e *ConversionError) Error() string {
	var b strings.Builder
	b.WriteString("contents: ")
	if e.Message >= 0 {
		b.WriteString("message " + strconv.Itoa(e.Message) + ": ")
	}
	if e.Content >= 0 {
		b.WriteString("content " + strconv.Itoa(e.Content) + ": ")
	}
	b.WriteString(e.Reason)
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	return b.String()
}

// Unwrap returns Err.
func (e *ConversionError) Unwrap() error { return e.Err }

func convErr(content int, reason string, err error) *ConversionError {
	return &ConversionError{Message: -1, Content: content, Reason: reason, Err: err}
}

// atContent sets the content index of a *ConversionError.
func atContent(err error, i int) error {
	var ce *ConversionError
	if errors.As(err, &ce) {
		ce.Content = i
	}
	return err
}

// atMessage sets the message index of a *ConversionError.
func atMessage(err error, i int) error {
	var ce *ConversionError
	if errors.As(err, &ce) {
		ce.Message = i
	}
	return err
}

// ArgumentsError is the Exception of a FunctionCallContent made from an
// AutoGen FunctionCall whose arguments are not a JSON object: the call is
// kept, with this error and the original text.
type ArgumentsError struct {
	// Arguments is the arguments text of the FunctionCall.
	Arguments string
	// Reason says why it is not a JSON object.
	Reason string
}

// Error implements error.
func (e *ArgumentsError) Error() string {
	return "function call arguments are not a JSON object: " + e.Reason
}
