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
