package modelcontext

import (
	"context"
	"fmt"
	"slices"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// BudgetCounter is implemented by a models.MessageCounter whose remaining tokens
// are a fixed budget less the count:
//
//	RemainingTokens(ms, tools...) == TokenBudget() - CountTokens(ms, tools...)
//
// for every list of messages. A TokenLimited context without a token
// limit trims until RemainingTokens is not negative; with a client that
// implements BudgetCounter it does so in O(n). With other clients it asks
// RemainingTokens once, and only if that is negative recounts after every
// removal as AutoGen does. (The replay client's RemainingTokens does not
// depend on the messages and is never negative, so it needs no budget:
// one call shows there is nothing to trim.)
type BudgetCounter interface {
	models.MessageCounter
	// TokenBudget returns the tokens the model's context holds.
	TokenBudget() (int, error)
}

// ctxCheckEvery is how many messages are counted between checks of ctx.
const ctxCheckEvery = 256

// trimTokens is TokenLimitedChatCompletionContext.get_messages over msgs:
// remove units from the middle until the count fits limit (or, when limit
// is nil, until the remaining tokens are not negative), then drop a
// leading result message. keepPairs makes the units whole tool exchanges
// and leaves out unpaired calls and results.
func trimTokens(ctx context.Context, client models.ChatCompletionClient, msgs []gen.LLMMessage,
	limit *int, tools []gen.ToolSchema, keepPairs bool) ([]gen.LLMMessage, error) {
	units := spans(msgs, keepPairs)
	var view []gen.LLMMessage
	var err error
	mc, counted := client.(models.MessageCounter)
	switch {
	case limit != nil && counted:
		view, err = trimCounted(ctx, mc, msgs, units, *limit, tools)
	case limit != nil:
		view, err = trimRecount(ctx, msgs, units, func(ms []gen.LLMMessage) (bool, error) {
			c, err := client.CountTokens(ms, tools...)
			return c > *limit, err
		})
	default:
		if bc, ok := client.(BudgetCounter); ok {
			budget, berr := bc.TokenBudget()
			if berr != nil {
				return nil, fmt.Errorf("modelcontext: token budget: %w", berr)
			}
			view, err = trimCounted(ctx, bc, msgs, units, budget, tools)
			break
		}
		view, err = trimRecount(ctx, msgs, units, func(ms []gen.LLMMessage) (bool, error) {
			r, err := client.RemainingTokens(ms, tools...)
			return r < 0, err
		})
	}
	if err != nil {
		return nil, err
	}
	if len(view) > 0 && isResult(view[0]) {
		view = view[1:]
	}
	return view, nil
}

// trimCounted counts each message once and removes units from the middle
// while the total is over limit (trimMiddle).
func trimCounted(ctx context.Context, mc models.MessageCounter, msgs []gen.LLMMessage, units []span,
	limit int, tools []gen.ToolSchema) ([]gen.LLMMessage, error) {
	total, err := mc.OverheadTokens(tools...)
	if err != nil {
		return nil, fmt.Errorf("modelcontext: counting tokens: %w", err)
	}
	weights := make([]int, len(units))
	counted := 0
	for u, s := range units {
		for i := s.start; i < s.end; i++ {
			if counted++; counted%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			w, err := mc.MessageTokens(msgs[i])
			if err != nil {
				return nil, fmt.Errorf("modelcontext: counting tokens of message %d: %w", i, err)
			}
			weights[u] += w
		}
		total += weights[u]
	}
	a, b := trimMiddle(weights, total, limit)
	if a == b {
		return flatten(msgs, units), nil // nothing removed
	}
	return flatten(msgs, append(units[:a:a], units[b:]...)), nil
}

// trimRecount is AutoGen's loop as it is: measure the whole list, and
// while over reports it is over the limit, pop the unit at len/2 and
// measure again.
func trimRecount(ctx context.Context, msgs []gen.LLMMessage, units []span,
	over func([]gen.LLMMessage) (bool, error)) ([]gen.LLMMessage, error) {
	units = slices.Clone(units)
	view := flatten(msgs, units)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		o, err := over(view)
		if err != nil {
			return nil, fmt.Errorf("modelcontext: counting tokens: %w", err)
		}
		if !o || len(units) == 0 {
			return view, nil
		}
		units = slices.Delete(units, len(units)/2, len(units)/2+1)
		view = flatten(msgs, units)
	}
}
