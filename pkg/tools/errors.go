package tools

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// pydanticURLPrefix is where pydantic's messages send readers: the errors
// page of pydantic 2.13, the version AutoGen 0.7.5's conformance cases were
// made with.
const pydanticURLPrefix = "https://errors.pydantic.dev/2.13/v/"

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
func (e *FieldError) Pointer() string {
	var b strings.Builder
	for _, item := range e.Loc {
		b.WriteByte('/')
		s := fmt.Sprint(item)
		s = strings.ReplaceAll(s, "~", "~0")
		b.WriteString(strings.ReplaceAll(s, "/", "~1"))
	}
	return b.String()
}

// locText is pydantic's rendering of a location: items joined by ".", a
// string holding a "." in backquotes.
func (e *FieldError) locText() string {
	parts := make([]string, len(e.Loc))
	for i, item := range e.Loc {
		switch x := item.(type) {
		case string:
			if strings.Contains(x, ".") {
				x = "`" + x + "`"
			}
			parts[i] = x
		case int:
			parts[i] = strconv.Itoa(x)
		default:
			parts[i] = fmt.Sprint(x)
		}
	}
	return strings.Join(parts, ".")
}

// Error returns the fault as one line: "loc: message".
func (e *FieldError) Error() string {
	if len(e.Loc) == 0 {
		return e.Msg
	}
	return e.locText() + ": " + e.Msg
}

// pretty is pydantic's text of one line error: the location line, the
// message with its type and input, and the documentation link.
func (e *FieldError) pretty(b *strings.Builder) {
	if len(e.Loc) > 0 {
		b.WriteString(e.locText())
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	b.WriteString(e.Msg)
	b.WriteString(" [type=")
	b.WriteString(e.Type)
	b.WriteString(", input_value=")
	b.WriteString(truncate50(pyjson.Repr(&e.input)))
	b.WriteString(", input_type=")
	b.WriteString(e.input.TypeName())
	b.WriteString("]\n    For further information visit ")
	b.WriteString(pydanticURLPrefix)
	b.WriteString(e.Type)
}

// truncate50 is pydantic-core's write_truncated_to_50_bytes: a repr longer
// than 50 bytes keeps its first 25 and last 24 bytes (on character
// boundaries) around "...".
func truncate50(s string) string {
	if len(s) <= 50 {
		return s
	}
	head := 25
	for head > 0 && !isCharStart(s[head]) {
		head--
	}
	tail := len(s) - 24
	for tail < len(s) && !isCharStart(s[tail]) {
		tail++
	}
	return s[:head] + "..." + s[tail:]
}

func isCharStart(c byte) bool { return c < 0x80 || c >= 0xC0 }

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
	var b strings.Builder
	n := len(e.Errors)
	b.WriteString(strconv.Itoa(n))
	b.WriteString(" validation error")
	if n != 1 {
		b.WriteByte('s')
	}
	b.WriteString(" for ")
	b.WriteString(e.Title)
	for i := range e.Errors {
		b.WriteByte('\n')
		e.Errors[i].pretty(&b)
	}
	return b.String()
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
