package tools

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/agentschema/agentschema/gen"
)

// FunctionTool is AutoGen's FunctionTool for a Go function: it takes its
// arguments as one struct, In, whose fields are the parameters, and
// returns Out. The parameters schema is inferred from In (see the package
// documentation); the argument model's title is the tool's name followed
// by "args", and every parameter has a description (its name when no tag
// gives one), as AutoGen writes them for a Python function.
//
// A FunctionTool is immutable and safe for concurrent use.
type FunctionTool[In, Out any] struct {
	spec *spec
	fn   func(context.Context, In) (Out, error)
}

var errNilFunc = errors.New("tools: the tool function is nil")

// NewFunctionTool returns a tool named name that runs fn. The error is a
// *TypeError when In cannot be an argument model, or a *StrictModeError
// when Strict() is given and In has optional fields.
func NewFunctionTool[In, Out any](name, description string, fn func(context.Context, In) (Out, error), opts ...Option) (*FunctionTool[In, Out], error) {
	if fn == nil {
		return nil, errNilFunc
	}
	s, err := newSpec[In](name, description, name+"args", asFunction, opts)
	if err != nil {
		return nil, err
	}
	return &FunctionTool[In, Out]{spec: s, fn: fn}, nil
}

// Name returns the tool's name.
func (t *FunctionTool[In, Out]) Name() string { return t.spec.name }

// Description returns the tool's description.
func (t *FunctionTool[In, Out]) Description() string { return t.spec.description }

// Schema returns the tool's schema (a fresh copy).
func (t *FunctionTool[In, Out]) Schema() gen.ToolSchema { return t.spec.schema() }

// FunctionName is the name of the registered Go function the tool's
// component config refers to (see RegisterFunction and FunctionName).
func (t *FunctionTool[In, Out]) FunctionName() string { return t.spec.funcName }

// Strict reports whether the tool is strict.
func (t *FunctionTool[In, Out]) Strict() bool { return t.spec.strict }

// DecodeArgs validates JSON arguments into In as RunJSON does, without
// running the function.
func (t *FunctionTool[In, Out]) DecodeArgs(args json.RawMessage) (In, error) {
	return decodeArgs[In](t.spec, args)
}

// Run runs the function with typed arguments (no validation); a panic is
// returned as a *PanicError.
func (t *FunctionTool[In, Out]) Run(ctx context.Context, in In) (Out, error) {
	return call(t.spec.name, t.fn, ctx, in)
}

// RunJSON validates args and runs the function; the result is an Out. The
// call ID is available to the function through CallID(ctx).
func (t *FunctionTool[In, Out]) RunJSON(ctx context.Context, args json.RawMessage, callID string) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, err := decodeArgs[In](t.spec, args)
	if err != nil {
		return nil, err
	}
	out, err := call(t.spec.name, t.fn, withCallID(ctx, callID), in)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReturnValueAsString renders a return value as AutoGen does (see the
// package function ReturnValueAsString).
func (t *FunctionTool[In, Out]) ReturnValueAsString(value any) string {
	return ReturnValueAsString(value)
}

// SaveState returns {}: a FunctionTool has no state.
func (t *FunctionTool[In, Out]) SaveState(context.Context) (json.RawMessage, error) {
	return append(json.RawMessage(nil), emptyState...), nil
}

// LoadState does nothing: a FunctionTool has no state.
func (t *FunctionTool[In, Out]) LoadState(context.Context, json.RawMessage) error { return nil }
