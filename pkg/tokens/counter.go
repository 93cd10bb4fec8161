package tokens

import (
	"github.com/agentschema/agentschema/gen"
)

// ReplyPrimingTokens is what AutoGen's OpenAI count adds once per prompt
// for the reply priming (<|start|>assistant<|message|>).
const ReplyPrimingTokens = 3

// OpenAICounter is the count of AutoGen's OpenAI chat client (CountMessages)
// split into per-message parts: it implements models.MessageCounter.
//
// AutoGen's count decomposes as
//
//	count_tokens(messages, tools) = Σ_i m(messages[i]) + 3 + t(tools)
//
// where m(x) is 3 plus the tokens of the values of the OpenAI message(s)
// x becomes (it depends on x, the model and the options only, never on
// the other messages), 3 is the reply priming and t(tools) is the tools'
// count (0 without tools, else the sum of the tools' counts plus 12).
// MessageTokens returns m(x) = CountMessages([x]) - 3 without tools, and
// OverheadTokens returns 3 + t(tools) = CountMessages([]) with the tools, so
//
//	Σ MessageTokens(x) + OverheadTokens(tools...) == CountMessages(messages, Model, Options with the tools)
//
// for every list of messages, and a message AutoGen refuses (an invalid
// source, text with a special token) fails alone with the same error.
type OpenAICounter struct {
	// Model is the model name the client is created with (its "model"
	// create argument); it selects the encoding.
	Model string
	// Options are the client's counting options: model family, name
	// prefixes, names in messages. Their Tools and RawTools count in
	// OverheadTokens, after the tools it is given.
	Options Options
}

// MessageTokens returns the tokens m adds to a prompt: 3 plus its values'
// tokens, as AutoGen counts them. The error is a *Error for a message
// AutoGen refuses.
func (c *OpenAICounter) MessageTokens(m gen.LLMMessage) (int, error) {
	o := c.Options
	o.Tools, o.RawTools = nil, nil
	n, err := CountMessages([]gen.LLMMessage{m}, c.Model, o)
	if err != nil {
		return 0, err
	}
	return n - ReplyPrimingTokens, nil
}

// OverheadTokens returns the tokens of a prompt beyond its messages: the
// reply priming, and the tools (tools, then Options.Tools and
// Options.RawTools).
func (c *OpenAICounter) OverheadTokens(tools ...gen.ToolSchema) (int, error) {
	o := c.Options
	if len(tools) > 0 {
		o.Tools = append(append([]gen.ToolSchema(nil), tools...), o.Tools...)
	}
	return CountMessages(nil, c.Model, o)
}
