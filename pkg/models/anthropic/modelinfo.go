package anthropic

import (
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// modelEntry is one row of AutoGen's _model_info._MODEL_INFO.
type modelEntry struct {
	name                            string
	vision, functionCalling, jsonOK bool
	family                          gen.ModelFamily
}

// modelTable is _MODEL_INFO in its (insertion) order, which get_info's
// prefix match depends on. Every entry has structured_output False and
// multiple_system_messages False.
var modelTable = []modelEntry{
	{"claude-opus-4-20250514", true, true, true, models.FamilyClaude4Opus},
	{"claude-opus-4-0", true, true, true, models.FamilyClaude4Opus},
	{"claude-sonnet-4-20250514", true, true, true, models.FamilyClaude4Sonnet},
	{"claude-sonnet-4-0", true, true, true, models.FamilyClaude4Sonnet},
	{"claude-3-7-sonnet-20250219", true, true, true, models.FamilyClaude37Sonnet},
	{"claude-3-7-sonnet-latest", true, true, true, models.FamilyClaude37Sonnet},
	{"claude-3-opus-20240229", true, true, true, models.FamilyClaude35Sonnet},
	{"claude-3-sonnet-20240229", true, true, true, models.FamilyClaude35Sonnet},
	{"claude-3-haiku-20240307", true, true, true, models.FamilyClaude35Sonnet},
	{"claude-3-5-sonnet-20240620", true, true, true, models.FamilyClaude35Sonnet},
	{"claude-instant-1.2", false, false, true, models.FamilyClaude35Sonnet},
	{"claude-2.0", false, false, true, models.FamilyClaude35Sonnet},
	{"claude-2.1", false, false, true, models.FamilyClaude35Sonnet},
}

// tokenLimits is _MODEL_TOKEN_LIMITS, in its order.
var tokenLimits = []struct {
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

// basePrefix is AutoGen's model_id.split("-2")[0].
func basePrefix(name string) string {
	before, _, _ := strings.Cut(name, "-2")
	return before
}

// LookupModelInfo is _model_info.get_info without its KeyError: the exact
// entry, else the first entry whose base name (the part before "-2") model
// starts with. As in AutoGen, "claude-2.0"'s base name is "claude", so any
// claude-* model that no earlier entry matches (claude-3-5-haiku-...,
// claude-haiku-4-5, ...) gets claude-2.0's info: no vision, no function
// calling. A plain bug of AutoGen's table, reproduced.
func LookupModelInfo(model string) (gen.ModelInfo, bool) {
	for _, e := range modelTable {
		if e.name == model {
			return e.info(), true
		}
	}
	for _, e := range modelTable {
		if strings.HasPrefix(model, basePrefix(e.name)) {
			return e.info(), true
		}
	}
	return gen.ModelInfo{}, false
}

func (e modelEntry) info() gen.ModelInfo {
	f := false
	return gen.ModelInfo{Vision: e.vision, FunctionCalling: e.functionCalling, JSONOutput: e.jsonOK, Family: e.family,
		StructuredOutput: false, MultipleSystemMessages: gen.Optional[*bool]{Set: true, Value: &f}}
}

// TokenLimit is _model_info.get_token_limit: the exact entry, else the
// first whose base name model starts with, else 100000.
func TokenLimit(model string) int {
	for _, e := range tokenLimits {
		if e.name == model {
			return e.limit
		}
	}
	for _, e := range tokenLimits {
		if strings.HasPrefix(model, basePrefix(e.name)) {
			return e.limit
		}
	}
	return 100000
}
