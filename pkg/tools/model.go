package tools

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// A tool's argument model is a pydantic model built by internal/pymodel
// from a Go struct; the rules are documented in doc.go and, once for every
// package, in internal/pymodel.

// node is the plan of a Go type: its schema, validation and dump.
type node = pymodel.Node

// Enum is implemented by a named Go type whose values form a closed set:
// the Go counterpart of a Python Enum class. EnumValues lists the members'
// values in order (each convertible to the type's underlying string, int,
// float or bool kind). A field of such a type has the schema pydantic gives
// an Enum class: {"enum": [...], "title": "<TypeName>", "type": ...}.
type Enum = pymodel.Enum

// SchemaDoc is implemented by struct and Enum types that have a docstring:
// pydantic puts a class docstring in the schema as "description".
type SchemaDoc = pymodel.SchemaDoc

// semantics selects how top-level fields are described.
type semantics uint8

const (
	// asFunction is FunctionTool's args model: every top-level field has a
	// description (its name when no tag gives one).
	asFunction semantics = iota
	// asModel is a BaseTool's args class: fields are described only by tags.
	asModel
)

// TypeError reports a Go type that cannot be a tool's argument model, or a
// struct tag that cannot be read. It is returned by the tool constructors.
type TypeError struct {
	Type  reflect.Type
	Field string // the Go field path, when the fault is in a field
	Msg   string
}

// Error names the type, the field and the fault.
func (e *TypeError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("tools: %v field %s: %s", e.Type, e.Field, e.Msg)
	}
	return fmt.Sprintf("tools: %v: %s", e.Type, e.Msg)
}

// buildArgs builds the model of an argument struct: its schema is inlined
// as AutoGen's tools inline $refs, so recursive types are refused, and
// []byte is refused (JSON arguments carry no bytes).
func buildArgs(t reflect.Type, title string, sem semantics) (*node, error) {
	n, err := pymodel.Build(t, pymodel.Options{Title: title, DescribeFields: sem == asFunction, Inline: true, NoBytes: true})
	var te *pymodel.TypeError
	if errors.As(err, &te) {
		if te.Msg == "a model must be a struct" {
			te.Msg = "the argument type must be a struct"
		}
		return nil, &TypeError{Type: te.Type, Field: te.Field, Msg: te.Msg}
	}
	return n, err
}

// typeName is the class name pydantic would use for t.
func typeName(t reflect.Type) string { return pymodel.ClassName(t) }

// pyTitle is pydantic's default field title.
func pyTitle(name string) string { return pymodel.Title(name) }

// fieldSchema is the schema of one property, as AutoGen writes it.
func fieldSchema(f *pymodel.Field) pyValue { return pymodel.InlineFieldSchema(f) }

// dumpValueOf returns the JSON-mode dump of v, a value of n's type.
func dumpValueOf(n *node, v reflect.Value) pyValue { return pymodel.DumpJSON(n, v) }

func newDict() pyValue { return pyValue{Kind: pyjson.Dict} }
