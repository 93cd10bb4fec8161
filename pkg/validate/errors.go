package validate

import (
	"strconv"

	"github.com/agentschema/agentschema"
)

// Error is one fault in a document: where it is and what is wrong. It is
// the module's one fault type, agentschema.Fault: Keyword is the JSON
// Schema keyword that failed ("type", "required", "const", "enum",
// "format", "contentEncoding", ...), "discriminator" for a missing or
// unknown tag of a tagged union, and "syntax" when the input is not JSON or
// exceeds a decoding limit; Type is pydantic's error type ("missing",
// "string_type", "union_tag_invalid", ...) in autogen mode, empty in schema
// mode.
type Error = agentschema.Fault

// Errors is every fault found in one document, in input order.
type Errors = agentschema.Faults

// UnknownTypeError is returned for a type name that no schema has.
type UnknownTypeError struct {
	// Title is the name asked for.
	Title string
}

// Error implements error.
func (e *UnknownTypeError) Error() string {
	return "validate: unknown type " + strconv.Quote(e.Title) + " (see validate.Titles)"
}
