package anthropic

import (
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/modelinfo"
)

// LookupModelInfo is _model_info.get_info without its KeyError: the exact
// entry of AutoGen's Anthropic model table, else the first entry whose
// base name (the part before "-2") model starts with. As in AutoGen,
// "claude-2.0"'s base name is "claude", so any claude-* model that no
// earlier entry matches (claude-3-5-haiku-..., claude-haiku-4-5, ...) gets
// claude-2.0's info: no vision, no function calling. A plain bug of
// AutoGen's table, reproduced.
func LookupModelInfo(model string) (gen.ModelInfo, bool) {
	e, ok := modelinfo.AnthropicLookup(model)
	if !ok {
		return gen.ModelInfo{}, false
	}
	return gen.ModelInfo{Vision: e.Vision, FunctionCalling: e.FunctionCalling, JSONOutput: e.JSONOutput,
		Family: gen.ModelFamily(e.Family), StructuredOutput: e.StructuredOutput,
		MultipleSystemMessages: gen.Optional[*bool]{Set: true, Value: e.MultipleSystemMessages}}, true
}

// TokenLimit is _model_info.get_token_limit: the exact entry, else the
// first whose base name model starts with, else 100000.
func TokenLimit(model string) int { return modelinfo.AnthropicTokenLimit(model) }
