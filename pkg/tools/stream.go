package tools

import (
	"context"
	"encoding/json"
	"iter"
	"runtime/debug"

	"github.com/agentschema/agentschema/gen"
)

// StreamFunc is the function of a BaseStreamTool: it sends intermediate
// values with yield and returns the final value. When yield returns false
// (the consumer stopped, or ctx was cancelled) the function should return
// promptly; its return values are then ignored.
type StreamFunc[In, Item, Out any] func(ctx context.Context, in In, yield func(Item) bool) (Out, error)

// BaseStreamTool is AutoGen's BaseStreamTool: a tool that streams values of
// type Item and ends with its return value, of type Out. In is its argument
// model, as an AutoGen args_type class: the model's title is In's type name
// and fields are described only by their tags.
//
// A BaseStreamTool is immutable and safe for concurrent use.
type BaseStreamTool[In, Item, Out any] struct {
	spec *spec
	fn   StreamFunc[In, Item, Out]
}

// NewBaseStreamTool returns a stream tool named name that runs fn.
func NewBaseStreamTool[In, Item, Out any](name, description string, fn StreamFunc[In, Item, Out], opts ...Option) (*BaseStreamTool[In, Item, Out], error) {
	if fn == nil {
		return nil, errNilFunc
	}
	s, err := newSpec[In](name, description, "", asModel, opts)
	if err != nil {
		return nil, err
	}
	return &BaseStreamTool[In, Item, Out]{spec: s, fn: fn}, nil
}

// Name returns the tool's name.
func (t *BaseStreamTool[In, Item, Out]) Name() string { return t.spec.name }

// Description returns the tool's description.
func (t *BaseStreamTool[In, Item, Out]) Description() string { return t.spec.description }

// Schema returns the tool's schema (a fresh copy).
func (t *BaseStreamTool[In, Item, Out]) Schema() gen.ToolSchema { return t.spec.schema() }

// RunJSONStream validates args and runs the tool: the sequence yields each
// Item the function sends, then its Out. A validation error, a function
// error or a panic (as *PanicError) ends the sequence with that error;
// cancelling ctx ends it with ctx.Err().
func (t *BaseStreamTool[In, Item, Out]) RunJSONStream(ctx context.Context, args json.RawMessage, callID string) iter.Seq2[any, error] {
	return func(yield func(any, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(nil, err)
			return
		}
		in, err := decodeArgs[In](t.spec, args)
		if err != nil {
			yield(nil, err)
			return
		}
		var (
			consumerDone bool // the loop body returned false
			inBody       bool // a panic now comes from the loop body
		)
		emit := func(item Item) bool {
			if consumerDone || ctx.Err() != nil {
				return false
			}
			inBody = true
			ok := yield(item, nil)
			inBody = false
			if !ok {
				consumerDone = true
			}
			return ok
		}
		out, err := t.runStream(withCallID(ctx, callID), in, emit, &inBody)
		switch {
		case consumerDone:
		case err != nil:
			yield(nil, err)
		case ctx.Err() != nil:
			yield(nil, ctx.Err())
		default:
			yield(out, nil)
		}
	}
}

// runStream calls the function, turning its panics (not the loop body's)
// into *PanicError.
func (t *BaseStreamTool[In, Item, Out]) runStream(ctx context.Context, in In, emit func(Item) bool, inBody *bool) (out Out, err error) {
	defer func() {
		if r := recover(); r != nil {
			if *inBody {
				panic(r)
			}
			err = &PanicError{Tool: t.spec.name, Value: r, Stack: debug.Stack()}
		}
	}()
	return t.fn(ctx, in, emit)
}

// RunJSON runs the stream to its end and returns the final value.
func (t *BaseStreamTool[In, Item, Out]) RunJSON(ctx context.Context, args json.RawMessage, callID string) (any, error) {
	var last any
	for v, err := range t.RunJSONStream(ctx, args, callID) {
		if err != nil {
			return nil, err
		}
		last = v
	}
	return last, nil
}

// ReturnValueAsString renders a value as AutoGen does (see the package
// function ReturnValueAsString).
func (t *BaseStreamTool[In, Item, Out]) ReturnValueAsString(value any) string {
	return ReturnValueAsString(value)
}

// SaveState returns {}: a BaseStreamTool has no state.
func (t *BaseStreamTool[In, Item, Out]) SaveState(context.Context) (json.RawMessage, error) {
	return append(json.RawMessage(nil), emptyState...), nil
}

// LoadState does nothing: a BaseStreamTool has no state.
func (t *BaseStreamTool[In, Item, Out]) LoadState(context.Context, json.RawMessage) error { return nil }
