package contents

import (
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// TokenEstimator is the note's TokenEstimator: it estimates the prompt
// tokens of messages. Estimates are additive, so a context that keeps the
// estimate of each message counts a changing list of messages in O(n)
// (see OpenAIEstimator for the exact decomposition).
type TokenEstimator interface {
	// EstimateMessage returns the tokens one message adds to a prompt.
	EstimateMessage(m gen.LLMMessage) (int, error)
	// EstimateMessages returns the estimate of each message (as
	// EstimateMessage) and the tokens of a prompt made of all of them:
	// the sum of the estimates plus the prompt's fixed overhead.
	EstimateMessages(ms []gen.LLMMessage) (each []int, total int, err error)
}

// ReplyPrimingTokens is what AutoGen's OpenAI count adds once per prompt
// for the reply priming (<|start|>assistant<|message|>).
const ReplyPrimingTokens = 3

// OpenAIEstimator is the TokenEstimator of AutoGen's OpenAI chat client:
// its count_tokens, exactly (package tokens), split into per-message parts.
//
// AutoGen's count decomposes as
//
//	count_tokens(messages, tools) = Σ_i m(messages[i]) + 3 + t(tools)
//
// where m(x) is 3 plus the tokens of the values of the OpenAI message(s)
// x becomes (it depends on x, the model and the options only, never on
// the other messages), 3 is the reply priming and t(tools) is the tools'
// count (0 without tools, else the sum of the tools' counts plus 12).
// EstimateMessage returns m(x) = CountMessages([x]) - 3 without tools,
// Overhead returns 3 + t(tools) = CountMessages([]) with the tools, so
//
//	Σ EstimateMessage(x) + Overhead() == tokens.CountMessages(messages, Model, Options)
//
// for every list of messages, and a message AutoGen refuses (an invalid
// source, text with a special token) fails alone with the same error.
type OpenAIEstimator struct {
	// Model is the model name the client is created with (its "model"
	// create argument); it selects the encoding.
	Model string
	// Options are the client's counting options: tools, model family,
	// name prefixes, names in messages.
	Options tokens.Options
}

var _ TokenEstimator = (*OpenAIEstimator)(nil)

// messageOptions are the options without the tools, which count in the
// overhead only.
func (e *OpenAIEstimator) messageOptions() tokens.Options {
	o := e.Options
	o.Tools, o.RawTools = nil, nil
	return o
}

// EstimateMessage returns the tokens m adds to a prompt: 3 plus its
// values' tokens, as AutoGen counts them. The error is a *tokens.Error for
// a message AutoGen refuses.
func (e *OpenAIEstimator) EstimateMessage(m gen.LLMMessage) (int, error) {
	n, err := tokens.CountMessages([]gen.LLMMessage{m}, e.Model, e.messageOptions())
	if err != nil {
		return 0, err
	}
	return n - ReplyPrimingTokens, nil
}

// Overhead returns the tokens of a prompt beyond its messages: the reply
// priming and the tools.
func (e *OpenAIEstimator) Overhead() (int, error) {
	return tokens.CountMessages(nil, e.Model, e.Options)
}

// EstimateMessages returns the estimate of each message and the total,
// Σ each + Overhead(), which equals tokens.CountMessages(ms, Model,
// Options). An error names the message at fault.
func (e *OpenAIEstimator) EstimateMessages(ms []gen.LLMMessage) (each []int, total int, err error) {
	total, err = e.Overhead()
	if err != nil {
		return nil, 0, err
	}
	each = make([]int, len(ms))
	for i, m := range ms {
		n, err := e.EstimateMessage(m)
		if err != nil {
			return nil, 0, fmt.Errorf("contents: message %d: %w", i, err)
		}
		each[i] = n
		total += n
	}
	return each, total, nil
}
