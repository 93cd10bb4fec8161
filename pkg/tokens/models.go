package tokens

import (
	"strings"

	"github.com/agentschema/agentschema/internal/modelinfo"
)

// tiktoken's model tables, copied from Python tiktoken 0.14.0
// (tiktoken/model.py). AutoGen's model table (aliases, families, token
// limits) is internal/modelinfo.

// modelToEncoding is tiktoken's MODEL_TO_ENCODING (exact names).
var modelToEncoding = map[string]string{
	// reasoning
	"o1":      "o200k_base",
	"o3":      "o200k_base",
	"o4-mini": "o200k_base",
	// chat
	"gpt-5":         "o200k_base",
	"gpt-4.1":       "o200k_base",
	"gpt-4o":        "o200k_base",
	"gpt-4":         "cl100k_base",
	"gpt-3.5-turbo": "cl100k_base",
	"gpt-3.5":       "cl100k_base",
	"gpt-35-turbo":  "cl100k_base",
	// base
	"davinci-002": "cl100k_base",
	"babbage-002": "cl100k_base",
	// embeddings
	"text-embedding-ada-002": "cl100k_base",
	"text-embedding-3-small": "cl100k_base",
	"text-embedding-3-large": "cl100k_base",
	// text (deprecated)
	"text-davinci-003": "p50k_base",
	"text-davinci-002": "p50k_base",
	"text-davinci-001": "r50k_base",
	"text-curie-001":   "r50k_base",
	"text-babbage-001": "r50k_base",
	"text-ada-001":     "r50k_base",
	"davinci":          "r50k_base",
	"curie":            "r50k_base",
	"babbage":          "r50k_base",
	"ada":              "r50k_base",
	// code (deprecated)
	"code-davinci-002": "p50k_base",
	"code-davinci-001": "p50k_base",
	"code-cushman-002": "p50k_base",
	"code-cushman-001": "p50k_base",
	"davinci-codex":    "p50k_base",
	"cushman-codex":    "p50k_base",
	// edit (deprecated)
	"text-davinci-edit-001": "p50k_edit",
	"code-davinci-edit-001": "p50k_edit",
	// old embeddings (deprecated)
	"text-similarity-davinci-001":  "r50k_base",
	"text-similarity-curie-001":    "r50k_base",
	"text-similarity-babbage-001":  "r50k_base",
	"text-similarity-ada-001":      "r50k_base",
	"text-search-davinci-doc-001":  "r50k_base",
	"text-search-curie-doc-001":    "r50k_base",
	"text-search-babbage-doc-001":  "r50k_base",
	"text-search-ada-doc-001":      "r50k_base",
	"code-search-babbage-code-001": "r50k_base",
	"code-search-ada-code-001":     "r50k_base",
	// open source
	"gpt2":  "gpt2",
	"gpt-2": "gpt2",
}

// modelPrefixToEncoding is tiktoken's MODEL_PREFIX_TO_ENCODING, in its
// (significant) dict order: the first matching prefix wins.
var modelPrefixToEncoding = []struct{ prefix, encoding string }{
	{"o1-", "o200k_base"},
	{"o3-", "o200k_base"},
	{"o4-mini-", "o200k_base"},
	// chat
	{"gpt-5", "o200k_base"},
	{"gpt-4.5-", "o200k_base"},
	{"gpt-4.1-", "o200k_base"},
	{"chatgpt-4o-", "o200k_base"},
	{"gpt-4o-", "o200k_base"},
	{"gpt-4-", "cl100k_base"},
	{"gpt-3.5-turbo-", "cl100k_base"},
	{"gpt-35-turbo-", "cl100k_base"},
	{"gpt-oss-", "o200k_harmony"},
	// fine-tuned
	{"ft:gpt-4o", "o200k_base"},
	{"ft:gpt-4", "cl100k_base"},
	{"ft:gpt-3.5-turbo", "cl100k_base"},
	{"ft:davinci-002", "cl100k_base"},
	{"ft:babbage-002", "cl100k_base"},
}

// DefaultEncoding is the encoding AutoGen falls back to when tiktoken does
// not know the model.
const DefaultEncoding = "cl100k_base"

// EncodingForModel returns the name of the encoding AutoGen's OpenAI client
// uses for model: tiktoken 0.14's encoding_name_for_model (exact name, then
// the first matching prefix), and "cl100k_base" for every model tiktoken does
// not know (AutoGen catches the KeyError). It never fails. The model is the
// raw model name, not resolved through AutoGen's aliases.
func EncodingForModel(model string) string {
	if name, ok := lookupEncodingForModel(model); ok {
		return name
	}
	return DefaultEncoding
}

// LookupEncodingForModel is tiktoken's encoding_name_for_model: the
// encoding of a model tiktoken knows, by name or prefix. ok is false where
// tiktoken raises KeyError (AutoGen then falls back to cl100k_base; see
// EncodingForModel).
func LookupEncodingForModel(model string) (name string, ok bool) {
	return lookupEncodingForModel(model)
}

// lookupEncodingForModel is LookupEncodingForModel.
func lookupEncodingForModel(model string) (string, bool) {
	if name, ok := modelToEncoding[model]; ok {
		return name, true
	}
	for _, p := range modelPrefixToEncoding {
		if strings.HasPrefix(model, p.prefix) {
			return p.encoding, true
		}
	}
	return "", false
}

// ResolveModel is AutoGen's resolve_model: an alias such as "gpt-4o" becomes
// the dated model it points to ("gpt-4o-2024-08-06"); other names are
// returned unchanged.
func ResolveModel(model string) string {
	return modelinfo.Resolve(model)
}

// TokenLimit is AutoGen's get_token_limit: the context size of the model
// (after ResolveModel). ok is false where AutoGen raises KeyError: unknown
// models and the two gpt-4o*-search-preview-2025-03-11 models, which have
// model info but no limit.
func TokenLimit(model string) (limit int, ok bool) {
	info, ok := modelinfo.Lookup(model)
	if !ok || info.TokenLimit == 0 {
		return 0, false
	}
	return info.TokenLimit, true
}

// ModelInfoFamily returns the family AutoGen's _MODEL_INFO gives the model
// (after ResolveModel), e.g. "gpt-4o" for "gpt-4o-mini". ok is false for
// models AutoGen does not know, for which its client requires an explicit
// model_info.
func ModelInfoFamily(model string) (family string, ok bool) {
	info, ok := modelinfo.Lookup(model)
	return info.Family, ok
}
