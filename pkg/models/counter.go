package models

import (
	"fmt"

	"github.com/agentschema/agentschema/gen"
)

// MessageCounter is a token count that decomposes per message, so that a
// model context can count each message once and a changing list of
// messages in O(n):
//
//	CountTokens(ms, tools...) == OverheadTokens(tools...) + Σ MessageTokens(m)
//
// for every list of messages ms. It is the design note's TokenEstimator and
// the one estimator interface of this module: the replay client, the
// OpenAI clients and tokens.OpenAICounter implement it, and
// modelcontext.TokenLimited uses it when its client does.
type MessageCounter interface {
	// MessageTokens returns the tokens m adds to a count.
	MessageTokens(m gen.LLMMessage) (int, error)
	// OverheadTokens returns the tokens a count has beyond its messages:
	// the count of no messages with the tools.
	OverheadTokens(tools ...gen.ToolSchema) (int, error)
}

// CountEach returns the tokens of each message of ms and the count of all
// of them with the tools, Σ each + OverheadTokens(tools...), as c counts
// them. An error names the index of the message at fault.
func CountEach(c MessageCounter, ms []gen.LLMMessage, tools ...gen.ToolSchema) (each []int, total int, err error) {
	total, err = c.OverheadTokens(tools...)
	if err != nil {
		return nil, 0, err
	}
	each = make([]int, len(ms))
	for i, m := range ms {
		n, err := c.MessageTokens(m)
		if err != nil {
			return nil, 0, fmt.Errorf("message %d: %w", i, err)
		}
		each[i] = n
		total += n
	}
	return each, total, nil
}
