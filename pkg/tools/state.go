package tools

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"

	"github.com/agentschema/agentschema/gen"
)

// BaseToolWithState is AutoGen's BaseToolWithState: a tool with a state of
// type S (a struct, AutoGen's state model) that SaveState writes as JSON
// and LoadState validates back. In is its argument model, as an AutoGen
// args_type class (title In's type name, fields described by tags only).
//
// The function receives a pointer to the state. Calls hold the tool's lock
// for their whole run, so they see and change the state one at a time; the
// function must not call the tool's own methods.
type BaseToolWithState[In, Out, S any] struct {
	spec      *spec
	stateNode *node
	fn        func(context.Context, In, *S) (Out, error)

	mu    sync.Mutex
	state S
}

// NewBaseToolWithState returns a stateful tool named name that starts with
// the state initial and runs fn.
func NewBaseToolWithState[In, Out, S any](name, description string, initial S, fn func(ctx context.Context, in In, state *S) (Out, error), opts ...Option) (*BaseToolWithState[In, Out, S], error) {
	if fn == nil {
		return nil, errNilFunc
	}
	s, err := newSpec[In](name, description, "", asModel, opts)
	if err != nil {
		return nil, err
	}
	st := reflect.TypeFor[S]()
	sn, err := buildArgs(st, typeName(st), asModel)
	if err != nil {
		return nil, err
	}
	return &BaseToolWithState[In, Out, S]{spec: s, stateNode: sn, fn: fn, state: initial}, nil
}

// Name returns the tool's name.
func (t *BaseToolWithState[In, Out, S]) Name() string { return t.spec.name }

// Description returns the tool's description.
func (t *BaseToolWithState[In, Out, S]) Description() string { return t.spec.description }

// Schema returns the tool's schema (a fresh copy).
func (t *BaseToolWithState[In, Out, S]) Schema() gen.ToolSchema { return t.spec.schema() }

// RunJSON validates args and runs the function with the state, under the
// tool's lock.
func (t *BaseToolWithState[In, Out, S]) RunJSON(ctx context.Context, args json.RawMessage, callID string) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, err := decodeArgs[In](t.spec, args)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	out, err := call(t.spec.name, func(ctx context.Context, in In) (Out, error) {
		return t.fn(ctx, in, &t.state)
	}, withCallID(ctx, callID), in)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReturnValueAsString renders a value as AutoGen does (see the package
// function ReturnValueAsString).
func (t *BaseToolWithState[In, Out, S]) ReturnValueAsString(value any) string {
	return ReturnValueAsString(value)
}

// State returns a copy of the state.
func (t *BaseToolWithState[In, Out, S]) State() S {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state
}

// SetState replaces the state.
func (t *BaseToolWithState[In, Out, S]) SetState(s S) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.state = s
}

// SaveState returns the state's dump as a JSON object (AutoGen's
// save_state().model_dump()).
func (t *BaseToolWithState[In, Out, S]) SaveState(context.Context) (json.RawMessage, error) {
	t.mu.Lock()
	dumped := dumpValueOf(t.stateNode, reflect.ValueOf(&t.state).Elem())
	t.mu.Unlock()
	return appendJSON(nil, &dumped), nil
}

// LoadState validates state as the state model (pydantic's lax rules; the
// error is a *ValidationError titled with S's type name) and replaces the
// state with it.
func (t *BaseToolWithState[In, Out, S]) LoadState(_ context.Context, state json.RawMessage) error {
	v, err := parsePyJSON(state)
	if err != nil {
		return err
	}
	var s S
	if errs := validateModel(t.stateNode, &v, reflect.ValueOf(&s).Elem()); len(errs) > 0 {
		return &ValidationError{Title: t.stateNode.Title, Errors: errs}
	}
	t.SetState(s)
	return nil
}
