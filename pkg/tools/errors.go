package tools

import (
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// FieldError is one fault in a tool's arguments, as pydantic reports it:
// where (Loc), what kind (Type, pydantic's error type such as "missing" or
// "int_parsing"), the message and the input value at fault.
type FieldError struct {
	// Loc is the path to the value: field names and dict keys as strings,
	// list indices as ints, outermost first. It is empty for a fault in
	// the arguments as a whole.
	Loc []any
	// Type is pydantic's error type ("missing", "int_parsing", ...).
	Type string
	// Msg is pydantic's message ("Field required").
	Msg string
	// Input is the JSON of the value at fault (for "missing", the object
	// the field is missing from).
	Input json.RawMessage

	input pyValue
}

// NewFieldError returns a FieldError; input is the JSON of the value at
// fault (nil for none), quoted in the error text as Python's repr.
func NewFieldError(loc []any, typ, msg string, input json.RawMessage) FieldError {
	fe := FieldError{Loc: append([]any(nil), loc...), Type: typ, Msg: msg}
	if input != nil {
		if v, err := parsePyJSON(input); err == nil {
			fe.input = v
		} else {
			fe.input = pyjson.StrValue(string(input))
		}
		fe.Input = append(json.RawMessage(nil), input...)
	}
	return fe
}

func newFieldError(loc []any, typ, msg string, input *pyValue) FieldError {
	fe := FieldError{Loc: append([]any(nil), loc...), Type: typ, Msg: msg}
	if input != nil {
		fe.input = *input
		fe.Input = appendJSON(nil, input)
	}
	return fe
}

// Pointer returns Loc as a JSON pointer ("/point/x", "/values/2").
func (e *FieldError) Pointer() string { return pydantic.Pointer(e.Loc) }

// locText is pydantic's rendering of a location: items joined by ".", a
// string holding a "." in backquotes.
func (e *FieldError) locText() string { return pydantic.LocText(e.Loc) }

// Error returns the fault as one line: "loc: message".
func (e *FieldError) Error() string {
	if len(e.Loc) == 0 {
		return e.Msg
	}
	return e.locText() + ": " + e.Msg
}

// ValidationError reports arguments a tool refused, with every fault. Its
// Error text is pydantic's str(ValidationError), which AutoGen's workbench
// puts in the tool result:
//
//	1 validation error for addargs
//	b
//	  Field required [type=missing, input_value={'a': 1}, input_type=dict]
//	    For further information visit https://errors.pydantic.dev/2.13/v/missing
type ValidationError struct {
	// Title is the argument model's title ("addargs" for a FunctionTool
	// named add).
	Title string
	// Errors lists the faults in input order.
	Errors []FieldError
}

// Unwrap gives the faults as the module's one fault type, an
// agentschema.Faults, so errors.As finds each *agentschema.Fault (pointer
// from Loc, pydantic's error type and message; no line or column: the
// arguments are checked as a value) in a ValidationError.
func (e *ValidationError) Unwrap() error {
	out := make(agentschema.Faults, len(e.Errors))
	for i := range e.Errors {
		fe := &e.Errors[i]
		out[i] = &agentschema.Fault{Pointer: fe.Pointer(), Type: fe.Type, Message: fe.Msg}
	}
	return out
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

// PanicError is the error a tool returns when its function panicked: the
// panic is recovered and reported, never crashing the caller.
type PanicError struct {
	// Tool is the tool's name.
	Tool string
	// Value is what was passed to panic.
	Value any
	// Stack is the goroutine's stack when the panic was recovered.
	Stack []byte
}

// Error names the tool and the panic value.
func (e *PanicError) Error() string {
	return fmt.Sprintf("tool %s panicked: %v", e.Tool, e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// StrictModeError is AutoGen's ValueError for a strict tool whose schema
// has optional arguments. Its message is AutoGen's.
type StrictModeError struct {
	// Tool is the tool's name.
	Tool string
	// Msg is AutoGen's message.
	Msg string
}

// Error returns AutoGen's message.
func (e *StrictModeError) Error() string { return e.Msg }

// strictRequiredMsg is AutoGen's message for a strict tool with optional
// arguments (BaseTool.schema). Its other strict-mode error, additional
// properties enabled, cannot happen here: argument schemas never allow
// them.
const strictRequiredMsg = "Strict mode is enabled, but not all input arguments are marked as required. Default arguments are not allowed in strict mode."
