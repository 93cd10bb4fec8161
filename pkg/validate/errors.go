package validate

import (
	"strconv"
)

// UnknownTypeError is returned for a type name that no schema has.
type UnknownTypeError struct {
	// Title is the name asked for.
	Title string
}

// Error implements error.
func (e *UnknownTypeError) Error() string {
	return "validate: unknown type " + strconv.Quote(e.Title) + " (see validate.Titles)"
}
