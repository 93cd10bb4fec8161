package replay

import (
	"github.com/agentschema/agentschema/gen"
)

// MessageTokens returns the tokens one message adds to CountTokens: the
// words (Python's str.split()) of its content when that is a string, 0
// for list content (function calls, function results, multimodal user
// messages). With OverheadTokens it decomposes CountTokens exactly:
//
//	CountTokens(ms, tools...) == OverheadTokens(tools...) + Σ MessageTokens(m)
//
// for every list of messages, which lets a token-limited model context
// count each message once (it is a models.MessageCounter). It never
// fails.
func (c *Client) MessageTokens(m gen.LLMMessage) (int, error) {
	return CountWords([]gen.LLMMessage{m}), nil
}

// OverheadTokens returns the tokens CountTokens adds beyond the messages:
// always 0, since the replay client counts no per-request overhead and
// ignores tools. It never fails.
func (c *Client) OverheadTokens(tools ...gen.ToolSchema) (int, error) {
	return 0, nil
}
