package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/tools"
)

// OverrideError is AutoGen's ValueError for tool overrides that cannot be
// told apart: an override name that is another tool's name, or one name
// given to two tools. Msg is AutoGen's message.
type OverrideError struct {
	// Name is the override name at fault.
	Name string
	// Msg is AutoGen's message.
	Msg string
}

// Error returns AutoGen's message.
func (e *OverrideError) Error() string { return e.Msg }

// StaticWorkbench is AutoGen's StaticWorkbench: a fixed list of tools, with
// optional overrides of their names and descriptions.
//
// It is safe for concurrent use: any number of calls may run at once. Start
// is not required before calling (as in AutoGen); Stop refuses new calls
// with ErrStopped until Start is called again, and waits for the running
// ones (see Stop).
type StaticWorkbench struct {
	tools      []tools.Tool
	overrides  map[string]gen.ToolOverride
	toOriginal map[string]string // override name -> original name

	calls tracker
}

// NewStaticWorkbench returns a workbench serving ts, with overrides keyed by
// the tools' original names. As in AutoGen, an override with a name maps
// that name back to the original for CallTool; an override name that is
// the name of a tool, or that two overrides share, is an *OverrideError
// with AutoGen's message. Overrides are checked in the order of their keys
// (a Go map has no order of its own).
func NewStaticWorkbench(ts []tools.Tool, overrides map[string]gen.ToolOverride) (*StaticWorkbench, error) {
	w := &StaticWorkbench{
		tools:      slices.Clone(ts),
		overrides:  make(map[string]gen.ToolOverride, len(overrides)),
		toOriginal: map[string]string{},
	}
	existing := map[string]bool{}
	for i, t := range w.tools {
		if t == nil {
			return nil, fmt.Errorf("workbench: tool %d is nil", i)
		}
		existing[t.Name()] = true
	}
	keys := make([]string, 0, len(overrides))
	for k, o := range overrides {
		keys = append(keys, k)
		w.overrides[k] = cloneOverride(o)
	}
	slices.Sort(keys)
	for _, original := range keys {
		o := overrides[original]
		if o.Name == nil || *o.Name == "" || *o.Name == original {
			continue
		}
		name := *o.Name
		if existing[name] {
			return nil, &OverrideError{Name: name, Msg: fmt.Sprintf(
				"Tool override name '%s' conflicts with existing tool name. Override names must not conflict with any tool names.", name)}
		}
		if prev, dup := w.toOriginal[name]; dup {
			return nil, &OverrideError{Name: name, Msg: fmt.Sprintf(
				"Tool override name '%s' is used by multiple tools: '%s' and '%s'. Override names must be unique.", name, prev, original)}
		}
		w.toOriginal[name] = original
	}
	return w, nil
}

func cloneOverride(o gen.ToolOverride) gen.ToolOverride {
	var out gen.ToolOverride
	if o.Name != nil {
		n := *o.Name
		out.Name = &n
	}
	if o.Description != nil {
		d := *o.Description
		out.Description = &d
	}
	return out
}

// Tools returns the workbench's tools, in order.
func (w *StaticWorkbench) Tools() []tools.Tool { return slices.Clone(w.tools) }

// Overrides returns a copy of the tool overrides.
func (w *StaticWorkbench) Overrides() map[string]gen.ToolOverride {
	out := make(map[string]gen.ToolOverride, len(w.overrides))
	for k, o := range w.overrides {
		out[k] = cloneOverride(o)
	}
	return out
}

// ListTools returns the tools' schemas in order, overrides applied: an
// override's name and description replace the tool's when not nil.
func (w *StaticWorkbench) ListTools(context.Context) ([]gen.ToolSchema, error) {
	out := make([]gen.ToolSchema, 0, len(w.tools))
	for _, t := range w.tools {
		s := t.Schema()
		if o, ok := w.overrides[t.Name()]; ok {
			name := s.Name
			if o.Name != nil {
				name = *o.Name
			}
			desc := ""
			if s.Description != nil {
				desc = *s.Description
			}
			if o.Description != nil {
				desc = *o.Description
			}
			s = gen.ToolSchema{Name: name, Description: &desc, Parameters: s.Parameters, Strict: s.Strict}
		}
		out = append(out, s)
	}
	return out, nil
}

// find returns the first tool named name.
func (w *StaticWorkbench) find(name string) tools.Tool {
	for _, t := range w.tools {
		if t.Name() == name {
			return t
		}
	}
	return nil
}

// CallTool calls a tool by its name or its override name. The result is
// named as called. An unknown name gives AutoGen's "Tool {name} not
// found." result; a tool's error gives its text (see FormatError), with
// IsError set. A tool that returns a gen.ToolResult has it returned as is;
// any other value is rendered with the tool's ReturnValueAsString.
//
// The error is ErrStopped after Stop, or ctx's error when ctx was
// cancelled while the tool ran and the tool failed (AutoGen's
// CancelledError is not turned into a result either).
func (w *StaticWorkbench) CallTool(ctx context.Context, name string, args json.RawMessage, callID string) (gen.ToolResult, error) {
	original := name
	if o, ok := w.toOriginal[name]; ok {
		original = o
	}
	t := w.find(original)
	if t == nil {
		return notFound(name), nil
	}
	ctx, done, err := w.calls.begin(ctx)
	if err != nil {
		return gen.ToolResult{}, err
	}
	defer done()
	out, err := t.RunJSON(ctx, normalizeArgs(args), callID)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return gen.ToolResult{}, ctxErr
		}
		return textResult(name, FormatError(err), true), nil
	}
	if r, ok := asToolResult(out); ok {
		return r, nil
	}
	return textResult(name, t.ReturnValueAsString(out), false), nil
}

// Start lets calls run again after Stop. A new workbench needs no Start.
func (w *StaticWorkbench) Start(context.Context) error {
	w.calls.start()
	return nil
}

// Stop refuses new calls (they fail with ErrStopped) and waits until the
// running calls return. If ctx is done first, the running calls' contexts
// are cancelled and Stop waits for them to return, then returns ctx's
// error: tools must honour their context for Stop to return.
func (w *StaticWorkbench) Stop(ctx context.Context) error { return w.calls.stop(ctx) }

// Reset does nothing, as AutoGen's StaticWorkbench.reset: the tools have no
// per-run resources.
func (w *StaticWorkbench) Reset(context.Context) error { return nil }

// SaveState returns AutoGen's StaticWorkbenchState: {"type":
// "StaticWorkbenchState", "tools": {name: state}}, each tool's SaveState
// under its original name.
func (w *StaticWorkbench) SaveState(ctx context.Context) (json.RawMessage, error) {
	var names []string
	states := map[string]json.RawMessage{}
	for _, t := range w.tools {
		s, err := t.SaveState(ctx)
		if err != nil {
			return nil, fmt.Errorf("workbench: saving the state of tool %s: %w", t.Name(), err)
		}
		if _, seen := states[t.Name()]; !seen {
			names = append(names, t.Name())
		}
		states[t.Name()] = s
	}
	b := []byte(`{"type":"StaticWorkbenchState","tools":{`)
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = pyjson.AppendQuote(b, n)
		b = append(b, ':')
		s := states[n]
		if len(s) == 0 {
			s = json.RawMessage("{}")
		}
		b = append(b, wire.Compact(s)...)
	}
	return append(b, "}}"...), nil
}

// staticWorkbenchState is AutoGen's state model (its class name,
// StateicWorkbenchState, is misspelt in AutoGen; errors carry it).
type staticWorkbenchState struct {
	Type  string                                `json:"type" enum:"StaticWorkbenchState" default:"StaticWorkbenchState"`
	Tools map[string]map[string]json.RawMessage `json:"tools" default:"{}"`
}

// LoadState validates state as AutoGen's StaticWorkbenchState (the error is
// a *tools.ValidationError) and gives each tool its saved state, by the
// tool's original name; tools without one keep theirs.
func (w *StaticWorkbench) LoadState(ctx context.Context, state json.RawMessage) error {
	st, err := tools.Validate[staticWorkbenchState](state, "StateicWorkbenchState")
	if err != nil {
		return err
	}
	for _, t := range w.tools {
		s, ok := st.Tools[t.Name()]
		if !ok {
			continue
		}
		raw, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if err := t.LoadState(ctx, raw); err != nil {
			return fmt.Errorf("workbench: loading the state of tool %s: %w", t.Name(), err)
		}
	}
	return nil
}

// StaticStreamWorkbench is AutoGen's StaticStreamWorkbench: a
// StaticWorkbench whose calls can also stream. It is safe for concurrent
// use, as StaticWorkbench.
type StaticStreamWorkbench struct {
	*StaticWorkbench
}

// NewStaticStreamWorkbench returns a stream workbench serving ts, with
// overrides as NewStaticWorkbench.
func NewStaticStreamWorkbench(ts []tools.Tool, overrides map[string]gen.ToolOverride) (*StaticStreamWorkbench, error) {
	w, err := NewStaticWorkbench(ts, overrides)
	if err != nil {
		return nil, err
	}
	return &StaticStreamWorkbench{w}, nil
}

// CallToolStream calls a tool by its original name (as in AutoGen, override
// names are not mapped here) and yields what it streams, then a
// gen.ToolResult named with the tool's name.
//
// A tools.StreamTool's values are yielded one behind, as AutoGen does: the
// last value the tool yields is not passed on but becomes the result's
// text (through ReturnValueAsString), and nil values are not passed on. If
// the stream fails, the value held back is yielded, then an error result.
// Another tool runs with RunJSON and yields only its result. An unknown
// name yields AutoGen's "Tool {name} not found." result.
//
// The sequence ends with ErrStopped after Stop, or with ctx's error when
// ctx is cancelled while the tool runs.
func (w *StaticStreamWorkbench) CallToolStream(ctx context.Context, name string, args json.RawMessage, callID string) iter.Seq2[any, error] {
	return func(yield func(any, error) bool) {
		t := w.find(name)
		if t == nil {
			yield(notFound(name), nil)
			return
		}
		ctx, done, err := w.calls.begin(ctx)
		if err != nil {
			yield(nil, err)
			return
		}
		defer done()
		args := normalizeArgs(args)
		var final any
		if st, ok := t.(tools.StreamTool); ok {
			var prev any
			for v, err := range st.RunJSONStream(ctx, args, callID) {
				if err != nil {
					// AutoGen's CancelledError is not an Exception: it
					// propagates without the held-back value.
					if ctxErr := ctx.Err(); ctxErr != nil {
						yield(nil, ctxErr)
						return
					}
					if prev != nil && !yield(prev, nil) {
						return
					}
					yield(textResult(t.Name(), FormatError(err), true), nil)
					return
				}
				if prev != nil && !yield(prev, nil) {
					return
				}
				prev = v
			}
			final = prev
		} else {
			out, err := t.RunJSON(ctx, args, callID)
			if err != nil {
				if ctxErr := ctx.Err(); ctxErr != nil {
					yield(nil, ctxErr)
					return
				}
				yield(textResult(t.Name(), FormatError(err), true), nil)
				return
			}
			final = out
		}
		if r, ok := asToolResult(final); ok {
			yield(r, nil)
			return
		}
		yield(textResult(t.Name(), t.ReturnValueAsString(final), false), nil)
	}
}

// tracker counts running calls so Stop can wait for them, and cancels them
// when Stop's context ends first.
type tracker struct {
	mu      sync.Mutex
	stopped bool
	next    uint64
	active  map[uint64]context.CancelFunc
	idle    chan struct{} // closed when active empties; nil when no one waits
}

func (t *tracker) begin(ctx context.Context) (context.Context, func(), error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return nil, nil, ErrStopped
	}
	if t.active == nil {
		t.active = map[uint64]context.CancelFunc{}
	}
	cctx, cancel := context.WithCancel(ctx)
	id := t.next
	t.next++
	t.active[id] = cancel
	return cctx, func() {
		cancel()
		t.mu.Lock()
		defer t.mu.Unlock()
		delete(t.active, id)
		if len(t.active) == 0 && t.idle != nil {
			close(t.idle)
			t.idle = nil
		}
	}, nil
}

func (t *tracker) start() {
	t.mu.Lock()
	t.stopped = false
	t.mu.Unlock()
}

func (t *tracker) stop(ctx context.Context) error {
	t.mu.Lock()
	t.stopped = true
	if len(t.active) == 0 {
		t.mu.Unlock()
		return nil
	}
	if t.idle == nil {
		t.idle = make(chan struct{})
	}
	idle := t.idle
	t.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
	}
	t.mu.Lock()
	for _, cancel := range t.active {
		cancel()
	}
	t.mu.Unlock()
	<-idle
	return ctx.Err()
}
