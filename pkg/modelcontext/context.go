package modelcontext

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// ChatCompletionContext is AutoGen's ChatCompletionContext: it stores the
// LLM messages of a conversation and gives a view of them to send to a
// model. Implementations decide what the view keeps (all messages, the
// last n, the first and last few, as many as fit in a token budget, ...).
//
// Every method takes a context.Context, because an implementation may
// store its messages remotely or count tokens with a service; the
// implementations in this package keep them in memory and only return
// ctx.Err() when ctx is already done (and stop counting tokens when it
// ends). They are safe for concurrent use.
type ChatCompletionContext interface {
	// AddMessage appends m to the history. The message is kept as it is,
	// not copied: do not change it afterwards.
	AddMessage(ctx context.Context, m gen.LLMMessage) error
	// GetMessages returns the view of the history to send to a model. The
	// slice is the caller's; the messages in it are shared with the
	// context and must not be changed (copy one to change it).
	GetMessages(ctx context.Context) ([]gen.LLMMessage, error)
	// Clear empties the history (AutoGen's clear(); the initial messages
	// are gone too, but a component config still lists them).
	Clear(ctx context.Context) error
	// SaveState returns the history as AutoGen's ChatCompletionContextState
	// JSON: {"messages": [...]}, every field present, as AutoGen's
	// save_state() writes it.
	SaveState(ctx context.Context) ([]byte, error)
	// LoadState replaces the history with the messages of a saved
	// ChatCompletionContextState (JSON, as AutoGen's save_state() or
	// SaveState writes it; {} loads an empty history). A state that does
	// not validate is a *StateError and leaves the history as it was.
	LoadState(ctx context.Context, state []byte) error
}

// SizeError is AutoGen's ValueError for a buffer_size, head_size,
// tail_size or token_limit that is not greater than 0. Its Error is
// AutoGen's message, for example "buffer_size must be greater than 0.".
type SizeError struct {
	// Name is the parameter: "buffer_size", "head_size", "tail_size" or
	// "token_limit".
	Name string
	// Value is the value given.
	Value gen.Int
}

// Error returns AutoGen's message, "<Name> must be greater than 0.".
func (e *SizeError) Error() string { return e.Name + " must be greater than 0." }

// StateError is the error of LoadState for a state that is not a valid
// ChatCompletionContextState (AutoGen's pydantic ValidationError). Err is
// the decoder's agentschema.Faults, each with its JSON pointer, such as
// "/messages/0: Unable to extract tag using discriminator 'type'".
type StateError struct {
	Err error
}

// Error returns the decoder's faults, after what failed.
func (e *StateError) Error() string {
	return "modelcontext: invalid ChatCompletionContextState: " + e.Err.Error()
}

// Unwrap returns Err.
func (e *StateError) Unwrap() error { return e.Err }

// MessageError reports a message a context cannot hold: a nil message, or
// one whose content holds no value (a zero gen union), which AutoGen's
// models cannot be built with.
type MessageError struct {
	// Index is the message's position among the initial messages, or -1
	// for AddMessage.
	Index int
	// Reason says what is wrong.
	Reason string
}

// Error says which message is wrong and why.
func (e *MessageError) Error() string {
	if e.Index < 0 {
		return "modelcontext: AddMessage: " + e.Reason
	}
	return fmt.Sprintf("modelcontext: initial message %d: %s", e.Index, e.Reason)
}

// ErrNoClient is returned by NewTokenLimited without a model client.
var ErrNoClient = errors.New("modelcontext: a TokenLimited context needs a model client")

// The options of each kind of context. Each constructor takes the options
// of its kind only, so an option that does not apply does not compile:
//
//   - every kind: WithInitialMessages (a CommonOption);
//   - Buffered, HeadAndTail and TokenLimited: KeepToolPairs (a TrimOption);
//   - TokenLimited: WithTokenLimit and WithToolSchema (TokenLimitOptions).
type (
	// UnboundedOption configures NewUnbounded.
	UnboundedOption interface{ applyUnbounded(*options) }
	// BufferedOption configures NewBuffered.
	BufferedOption interface{ applyBuffered(*options) }
	// HeadAndTailOption configures NewHeadAndTail.
	HeadAndTailOption interface{ applyHeadAndTail(*options) }
	// TokenLimitedOption configures NewTokenLimited.
	TokenLimitedOption interface{ applyTokenLimited(*options) }
	// TrimmingOption is an option of every context that trims its view
	// (Buffered, HeadAndTail and TokenLimited): a TrimOption or a
	// CommonOption.
	TrimmingOption interface {
		BufferedOption
		HeadAndTailOption
		TokenLimitedOption
	}
)

// CommonOption is an option of every kind of context.
type CommonOption func(*options)

func (f CommonOption) applyUnbounded(o *options)    { call(f, o) }
func (f CommonOption) applyBuffered(o *options)     { call(f, o) }
func (f CommonOption) applyHeadAndTail(o *options)  { call(f, o) }
func (f CommonOption) applyTokenLimited(o *options) { call(f, o) }

// TrimOption is an option of the contexts that trim their view: Buffered,
// HeadAndTail and TokenLimited.
type TrimOption func(*options)

func (f TrimOption) applyBuffered(o *options)     { call(f, o) }
func (f TrimOption) applyHeadAndTail(o *options)  { call(f, o) }
func (f TrimOption) applyTokenLimited(o *options) { call(f, o) }

// TokenLimitOption is an option of TokenLimited contexts only.
type TokenLimitOption func(*options)

func (f TokenLimitOption) applyTokenLimited(o *options) { call(f, o) }

// options are the collected options.
type options struct {
	initial    []gen.LLMMessage
	keepPairs  bool
	tokenLimit *gen.Int
	tools      []gen.ToolSchema
	toolsSet   bool
}

// WithInitialMessages starts the history with msgs (AutoGen's
// initial_messages). They are also written in the context's component
// config, even after Clear, as AutoGen does. An empty list is kept as
// such: a context built with WithInitialMessages([]LLMMessage{}...) dumps
// "initial_messages": [], one built without it dumps none.
func WithInitialMessages(msgs ...gen.LLMMessage) CommonOption {
	return func(o *options) { o.initial = msgs }
}

// KeepToolPairs makes a Buffered, HeadAndTail or TokenLimited context keep
// tool exchanges whole, which AutoGen's contexts do not: the view never
// holds a function call message without the function result messages
// that followed it, nor results without their call. See the package
// documentation for the exact rule.
func KeepToolPairs() TrimOption {
	return func(o *options) { o.keepPairs = true }
}

// WithTokenLimit sets a TokenLimited context's token_limit: the view is
// trimmed until the client's CountTokens is at most limit. Without it the
// view is trimmed until the client's RemainingTokens is not negative.
func WithTokenLimit(limit int) TokenLimitOption {
	return func(o *options) {
		v := gen.IntOf(int64(limit))
		o.tokenLimit = &v
	}
}

// WithToolSchema sets the tool schemas a TokenLimited context counts with
// the messages (AutoGen's tool_schema).
func WithToolSchema(tools ...gen.ToolSchema) TokenLimitOption {
	return func(o *options) {
		o.tools = tools
		o.toolsSet = true
	}
}

// withTokenLimitInt sets the token limit from a config's integer, of any
// size.
func withTokenLimitInt(limit *gen.Int) TokenLimitOption {
	return func(o *options) { o.tokenLimit = limit }
}

// call applies a nil-safe option.
func call[F ~func(*options)](f F, o *options) {
	if f != nil {
		f(o)
	}
}

// collect applies opts, each with apply (its kind's method).
func collect[T any](opts []T, apply func(T, *options)) options {
	var o options
	for _, opt := range opts {
		if any(opt) != nil {
			apply(opt, &o)
		}
	}
	return o
}

// positive returns v as an int (saturated at math.MaxInt) if it is greater
// than 0, or a *SizeError.
func positive(name string, v gen.Int) (int, error) {
	if v.Sign() <= 0 {
		return 0, &SizeError{Name: name, Value: v}
	}
	return saturate(v), nil
}

// saturate returns v as an int, clamped to the int range.
func saturate(v gen.Int) int {
	n, ok := v.Int64()
	switch {
	case !ok && v.Sign() > 0, ok && n > math.MaxInt:
		return math.MaxInt
	case !ok, n < math.MinInt:
		return math.MinInt
	}
	return int(n)
}

// checkMessage returns what makes m unusable, or "".
func checkMessage(m gen.LLMMessage) string {
	switch m := m.(type) {
	case nil:
		return "nil message"
	case *gen.SystemMessage:
		if m == nil {
			return "nil *SystemMessage"
		}
	case *gen.UserMessage:
		if m == nil {
			return "nil *UserMessage"
		}
		if !m.Content.IsText() && !m.Content.IsParts() {
			return "UserMessage with empty content (neither a string nor a list)"
		}
		for i, it := range m.Content.Parts {
			if !it.IsText() && !it.IsImage() {
				return fmt.Sprintf("UserMessage content item %d is empty (neither a string nor an image)", i)
			}
		}
	case *gen.AssistantMessage:
		if m == nil {
			return "nil *AssistantMessage"
		}
		if !m.Content.IsText() && !m.Content.IsFunctionCalls() {
			return "AssistantMessage with empty content (neither a string nor a list of function calls)"
		}
	case *gen.FunctionExecutionResultMessage:
		if m == nil {
			return "nil *FunctionExecutionResultMessage"
		}
	}
	return ""
}

// history is the message list every context kind keeps, with AutoGen's
// base-class behaviour (add, clear, save and load state) and the lock
// that makes it safe for concurrent use.
//
// The list only grows by appending, and Clear and LoadState replace it
// with a new one, so a snapshot (the list cut to its length and capacity)
// never changes: GetMessages works on one without holding the lock.
type history struct {
	mu   sync.RWMutex
	msgs []gen.LLMMessage
	// initial is the initial messages as given (nil when none), for the
	// component config.
	initial []gen.LLMMessage
}

// init starts the history with the initial messages of o.
func (h *history) init(o options) error {
	for i, m := range o.initial {
		if reason := checkMessage(m); reason != "" {
			return &MessageError{Index: i, Reason: reason}
		}
	}
	if o.initial != nil {
		h.initial = slices.Clone(o.initial)
		h.msgs = slices.Clone(o.initial)
	}
	return nil
}

// snapshot returns the current messages; the slice must not be appended
// to or changed.
func (h *history) snapshot() []gen.LLMMessage {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.msgs[:len(h.msgs):len(h.msgs)]
}

// initialMessages returns the initial messages as configured (nil when
// none were given).
func (h *history) initialMessages() []gen.LLMMessage {
	return h.initial // never changed after init
}

// AddMessage appends m to the history. A nil message, or one with empty
// content, is a *MessageError.
func (h *history) AddMessage(ctx context.Context, m gen.LLMMessage) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if reason := checkMessage(m); reason != "" {
		return &MessageError{Index: -1, Reason: reason}
	}
	h.mu.Lock()
	h.msgs = append(h.msgs, m)
	h.mu.Unlock()
	return nil
}

// Clear empties the history. The component config still lists the
// initial messages, as AutoGen's does.
func (h *history) Clear(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	h.mu.Lock()
	h.msgs = nil
	h.mu.Unlock()
	return nil
}

// SaveState returns AutoGen's ChatCompletionContextState JSON of the
// history: {"messages": [...]} with every field of every message, nulls
// included, as AutoGen's save_state() gives it.
func (h *history) SaveState(ctx context.Context) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st := gen.ChatCompletionContextState{Messages: h.snapshot()}
	b, err := wire.Marshal(&st)
	if err != nil {
		return nil, fmt.Errorf("modelcontext: SaveState: %w", err)
	}
	return b, nil
}

// LoadState replaces the history with the messages of a saved state
// (AutoGen's ChatCompletionContextState JSON). A state that does not
// validate as AutoGen's would not (a message without its "type" tag, a
// missing field, not an object, ...) is a *StateError, and the history is
// left as it was.
func (h *history) LoadState(ctx context.Context, state []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var st gen.ChatCompletionContextState
	if err := st.UnmarshalJSON(state); err != nil {
		return &StateError{Err: err}
	}
	msgs := st.Messages
	if msgs == nil {
		msgs = []gen.LLMMessage{}
	}
	h.mu.Lock()
	h.msgs = msgs
	h.mu.Unlock()
	return nil
}
