package modelinfo

import "strings"

// anthropicRow is one row of the Anthropic client's _MODEL_INFO
// (autogen_ext/models/anthropic/_model_info.py); every row has
// structured_output False and multiple_system_messages False.
type anthropicRow struct {
	name                                string
	vision, functionCalling, jsonOutput bool
	family                              string
}

// anthropicInfo is that _MODEL_INFO in its (insertion) order, which
// AnthropicLookup's prefix match depends on.
var anthropicInfo = []anthropicRow{
	{"claude-opus-4-20250514", true, true, true, "claude-4-opus"},
	{"claude-opus-4-0", true, true, true, "claude-4-opus"},
	{"claude-sonnet-4-20250514", true, true, true, "claude-4-sonnet"},
	{"claude-sonnet-4-0", true, true, true, "claude-4-sonnet"},
	{"claude-3-7-sonnet-20250219", true, true, true, "claude-3-7-sonnet"},
	{"claude-3-7-sonnet-latest", true, true, true, "claude-3-7-sonnet"},
	{"claude-3-opus-20240229", true, true, true, "claude-3-5-sonnet"},
	{"claude-3-sonnet-20240229", true, true, true, "claude-3-5-sonnet"},
	{"claude-3-haiku-20240307", true, true, true, "claude-3-5-sonnet"},
	{"claude-3-5-sonnet-20240620", true, true, true, "claude-3-5-sonnet"},
	{"claude-instant-1.2", false, false, true, "claude-3-5-sonnet"},
	{"claude-2.0", false, false, true, "claude-3-5-sonnet"},
	{"claude-2.1", false, false, true, "claude-3-5-sonnet"},
}

// anthropicLimits is the Anthropic client's _MODEL_TOKEN_LIMITS, in order.
var anthropicLimits = []struct {
	name  string
	limit int
}{
	{"claude-3-opus-20240229", 200000},
	{"claude-3-sonnet-20240229", 200000},
	{"claude-3-haiku-20240307", 200000},
	{"claude-3-5-sonnet-20240620", 200000},
	{"claude-3-7-sonnet-20250219", 200000},
	{"claude-instant-1.2", 100000},
	{"claude-2.0", 100000},
	{"claude-2.1", 200000},
}

// anthropicBase is the Anthropic table's model_id.split("-2")[0].
func anthropicBase(name string) string {
	before, _, _ := strings.Cut(name, "-2")
	return before
}

// AnthropicLookup is the Anthropic client's get_info without its KeyError:
// the exact row, else the first row whose base name (the part before
// "-2") model starts with. "claude-2.0"'s base name is "claude", so every
// claude-* model that no earlier row matches gets claude-2.0's row.
func AnthropicLookup(model string) (Entry, bool) {
	for _, r := range anthropicInfo {
		if r.name == model {
			return r.entry(), true
		}
	}
	for _, r := range anthropicInfo {
		if strings.HasPrefix(model, anthropicBase(r.name)) {
			return r.entry(), true
		}
	}
	return Entry{}, false
}

func (r anthropicRow) entry() Entry {
	f := false
	return Entry{Vision: r.vision, FunctionCalling: r.functionCalling, JSONOutput: r.jsonOutput,
		Family: r.family, MultipleSystemMessages: &f}
}

// AnthropicTokenLimit is the Anthropic client's get_token_limit: the exact
// row, else the first whose base name model starts with, else 100000.
func AnthropicTokenLimit(model string) int {
	for _, r := range anthropicLimits {
		if r.name == model {
			return r.limit
		}
	}
	for _, r := range anthropicLimits {
		if strings.HasPrefix(model, anthropicBase(r.name)) {
			return r.limit
		}
	}
	return 100000
}
