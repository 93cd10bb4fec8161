package modelcontext

import (
	"context"
	"slices"

	"github.com/agentschema/agentschema/gen"
)

// Unbounded is AutoGen's UnboundedChatCompletionContext: its view is the
// whole history, untrimmed (a leading function result message is kept).
// It is safe for concurrent use.
type Unbounded struct {
	history
}

var _ ChatCompletionContext = (*Unbounded)(nil)

// NewUnbounded returns an unbounded context. The only option that applies
// is WithInitialMessages.
func NewUnbounded(opts ...UnboundedOption) (*Unbounded, error) {
	o := collect(opts, UnboundedOption.applyUnbounded)
	u := &Unbounded{}
	if err := u.init(o); err != nil {
		return nil, err
	}
	return u, nil
}

// GetMessages returns every message of the history, in order.
func (u *Unbounded) GetMessages(ctx context.Context) ([]gen.LLMMessage, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return slices.Clone(u.snapshot()), nil
}

// View returns c's view of the history for a caller that only reads it:
// what GetMessages returns, except that the view of an Unbounded context
// is its history itself, not a copy, so it must not be changed or
// appended to (it never changes: the history only grows past it). A
// caller that sends the view on every model call (an agent, a selector)
// then copies no list of n messages per call.
func View(ctx context.Context, c ChatCompletionContext) ([]gen.LLMMessage, error) {
	u, ok := c.(*Unbounded)
	if !ok {
		return c.GetMessages(ctx)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return u.snapshot(), nil
}
