package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"iter"
	"reflect"
	"runtime/debug"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// Tool is AutoGen's Tool protocol: something a model can call by name with
// JSON arguments that match its schema.
//
// Implementations must be safe for concurrent use: a workbench may run
// several calls of one tool at once.
type Tool interface {
	// Name is the name the model calls the tool by.
	Name() string
	// Description tells the model what the tool does.
	Description() string
	// Schema is the tool's ToolSchema: name, description, parameters and
	// strict, as AutoGen's BaseTool.schema writes it.
	Schema() gen.ToolSchema
	// RunJSON validates the arguments (a JSON object) and runs the tool.
	// callID identifies the call for tracing; it may be empty. An invalid
	// argument is a *ValidationError; a panic in the tool is a
	// *PanicError.
	RunJSON(ctx context.Context, args json.RawMessage, callID string) (any, error)
	// ReturnValueAsString renders a value RunJSON returned as the text a
	// model sees (see the package function ReturnValueAsString).
	ReturnValueAsString(value any) string
	// SaveState returns the tool's state as a JSON object (AutoGen's
	// save_state_json; {} for a stateless tool).
	SaveState(ctx context.Context) (json.RawMessage, error)
	// LoadState restores a state SaveState returned.
	LoadState(ctx context.Context, state json.RawMessage) error
}

// StreamTool is AutoGen's StreamTool protocol: a tool that also streams.
type StreamTool interface {
	Tool
	// RunJSONStream validates the arguments and runs the tool, yielding
	// its intermediate values and, last, its return value. A fault ends
	// the sequence with a non-nil error (the value is then nil).
	// Cancelling ctx stops the stream: the sequence ends with ctx.Err().
	// Breaking out of the loop stops the tool too.
	RunJSONStream(ctx context.Context, args json.RawMessage, callID string) iter.Seq2[any, error]
}

// Option configures a tool.
type Option func(*options)

type options struct {
	strict   bool
	funcName string
}

// Strict makes a tool strict, as AutoGen's strict=True: its schema says
// "strict": true, and every argument must be required (no defaults, no
// optional fields); a tool that has one is refused with AutoGen's error.
func Strict() Option { return func(o *options) { o.strict = true } }

// FunctionName names the registered Go function (see RegisterFunction) a
// FunctionTool's component config refers to. The default is the tool's
// name.
func FunctionName(name string) Option { return func(o *options) { o.funcName = name } }

type callIDKey struct{}

// CallID returns the call ID RunJSON or RunJSONStream was given, from the
// context a tool function receives ("" when none).
func CallID(ctx context.Context) string {
	id, _ := ctx.Value(callIDKey{}).(string)
	return id
}

func withCallID(ctx context.Context, callID string) context.Context {
	if callID == "" {
		return ctx
	}
	return context.WithValue(ctx, callIDKey{}, callID)
}

// spec is what every tool built from a Go argument type has: the plan of
// its argument type and its schema.
type spec struct {
	name        string
	description string
	strict      bool
	funcName    string // the registered function a config names
	node        *node
	properties  []byte // compact JSON of the parameters' properties
	required    []string
}

// newSpec builds the spec of a tool whose arguments are In.
func newSpec[In any](name, description, title string, sem semantics, opts []Option) (*spec, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	t := reflect.TypeFor[In]()
	if title == "" {
		title = typeName(t)
	}
	n, err := buildArgs(t, title, sem)
	if err != nil {
		return nil, err
	}
	s := &spec{name: name, description: description, strict: o.strict, funcName: o.funcName, node: n, required: []string{}}
	if s.funcName == "" {
		s.funcName = name
	}
	props := newDict()
	for _, f := range n.Fields {
		props.Set(f.Name, fieldSchema(f))
		if f.Required {
			s.required = append(s.required, f.Name)
		}
	}
	if o.strict && len(s.required) != len(n.Fields) {
		return nil, &StrictModeError{Tool: name, Msg: strictRequiredMsg}
	}
	s.properties = appendJSON(nil, &props)
	return s, nil
}

func (s *spec) parameters() gen.ParametersSchema {
	f := false
	return gen.ParametersSchema{
		Type:                 "object",
		Properties:           gen.RawJSON(bytes.Clone(s.properties)),
		Required:             append([]string{}, s.required...),
		AdditionalProperties: &f,
	}
}

// schema is the ToolSchema; every call returns a fresh copy.
func (s *spec) schema() gen.ToolSchema {
	desc, strict := s.description, s.strict
	p := s.parameters()
	return gen.ToolSchema{Name: s.name, Description: &desc, Parameters: &p, Strict: &strict}
}

// decodeArgs validates args (a JSON object; empty input is {}) into In.
func decodeArgs[In any](s *spec, args json.RawMessage) (In, error) {
	var in In
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	v, err := parsePyJSON(args)
	if err != nil {
		return in, jsonInvalid(s.node.Title, args, err)
	}
	dst := reflect.ValueOf(&in).Elem()
	if errs := validateModel(s.node, &v, dst); len(errs) > 0 {
		return in, &ValidationError{Title: s.node.Title, Errors: errs}
	}
	return in, nil
}

// jsonInvalid is pydantic's error for text that is not JSON: the input is
// the text, as a str.
func jsonInvalid(title string, text []byte, err error) *ValidationError {
	input := pyjson.StrValue(string(text))
	return &ValidationError{Title: title, Errors: []FieldError{newFieldError(nil, "json_invalid", "Invalid JSON: "+err.Error(), &input)}}
}

// call runs fn, turning a panic into a *PanicError.
func call[In, Out any](name string, fn func(context.Context, In) (Out, error), ctx context.Context, in In) (out Out, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Tool: name, Value: r, Stack: debug.Stack()}
		}
	}()
	return fn(ctx, in)
}

// emptyState is the state of a stateless tool.
var emptyState = json.RawMessage("{}")

// modelCache holds the plans Validate builds, by type and title.
var modelCache sync.Map // modelKey -> *node or error

type modelKey struct {
	t     reflect.Type
	title string
}

// Validate reads data, a JSON object, into a T as pydantic's lax
// model_validate reads json.loads(data) into the model T mirrors: the same
// conversions, defaults and errors (a *ValidationError titled title, or
// T's type name when title is empty). T must be a struct (see the package
// documentation for how its fields are read).
func Validate[T any](data json.RawMessage, title string) (T, error) {
	var out T
	t := reflect.TypeFor[T]()
	if title == "" {
		title = typeName(t)
	}
	key := modelKey{t, title}
	cached, ok := modelCache.Load(key)
	if !ok {
		n, err := buildArgs(t, title, asModel)
		if err != nil {
			cached = err
		} else {
			cached = n
		}
		modelCache.Store(key, cached)
	}
	n, ok := cached.(*node)
	if !ok {
		return out, cached.(error)
	}
	v, err := parsePyJSON(data)
	if err != nil {
		return out, jsonInvalid(title, data, err)
	}
	if errs := validateModel(n, &v, reflect.ValueOf(&out).Elem()); len(errs) > 0 {
		return out, &ValidationError{Title: title, Errors: errs}
	}
	return out, nil
}
