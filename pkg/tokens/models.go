package tokens

import "strings"

// Model tables, copied from Python tiktoken 0.14.0 (tiktoken/model.py) and
// AutoGen 0.7.5 (autogen_ext/models/openai/_model_info.py at microsoft/autogen
// 027ecf0a).

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

// modelPointers is AutoGen's _MODEL_POINTERS (alias -> dated model).
var modelPointers = map[string]string{
	// OpenAI models
	"o4-mini":             "o4-mini-2025-04-16",
	"o3":                  "o3-2025-04-16",
	"o3-mini":             "o3-mini-2025-01-31",
	"o1":                  "o1-2024-12-17",
	"o1-preview":          "o1-preview-2024-09-12",
	"o1-mini":             "o1-mini-2024-09-12",
	"gpt-5":               "gpt-5-2025-08-07",
	"gpt-5-mini":          "gpt-5-mini-2025-08-07",
	"gpt-5-nano":          "gpt-5-nano-2025-08-07",
	"gpt-4.1":             "gpt-4.1-2025-04-14",
	"gpt-4.1-mini":        "gpt-4.1-mini-2025-04-14",
	"gpt-4.1-nano":        "gpt-4.1-nano-2025-04-14",
	"gpt-4.5-preview":     "gpt-4.5-preview-2025-02-27",
	"gpt-4o":              "gpt-4o-2024-08-06",
	"gpt-4o-mini":         "gpt-4o-mini-2024-07-18",
	"gpt-4-turbo":         "gpt-4-turbo-2024-04-09",
	"gpt-4-turbo-preview": "gpt-4-0125-preview",
	"gpt-4":               "gpt-4-0613",
	"gpt-4-32k":           "gpt-4-32k-0613",
	"gpt-3.5-turbo":       "gpt-3.5-turbo-0125",
	"gpt-3.5-turbo-16k":   "gpt-3.5-turbo-16k-0613",
	// Anthropic models
	"claude-3-haiku":    "claude-3-haiku-20240307",
	"claude-3-sonnet":   "claude-3-sonnet-20240229",
	"claude-3-opus":     "claude-3-opus-20240229",
	"claude-3-5-haiku":  "claude-3-5-haiku-20241022",
	"claude-3-5-sonnet": "claude-3-5-sonnet-20241022",
	"claude-3-7-sonnet": "claude-3-7-sonnet-20250219",
	"claude-4-sonnet":   "claude-sonnet-4-20250514",
	"claude-4-opus":     "claude-opus-4-20250514",
	// Llama models
	"llama-3.3-8b":     "Llama-3.3-8B-Instruct",
	"llama-3.3-70b":    "Llama-3.3-70B-Instruct",
	"llama-4-scout":    "Llama-4-Scout-17B-16E-Instruct-FP8",
	"llama-4-maverick": "Llama-4-Maverick-17B-128E-Instruct-FP8",
}

// modelInfo holds, per resolved model, the family of AutoGen's _MODEL_INFO
// and the limit of _MODEL_TOKEN_LIMITS (0: the model has info but no limit).
var modelInfo = map[string]struct {
	family string
	limit  int
}{
	"gpt-4o-mini-search-preview-2025-03-11":  {"gpt-4o", 0},
	"gpt-4o-search-preview-2025-03-11":       {"gpt-4o", 0},
	"o4-mini-2025-04-16":                     {"o4", 200000},
	"o3-2025-04-16":                          {"o3", 200000},
	"o3-mini-2025-01-31":                     {"o3", 200000},
	"o1-2024-12-17":                          {"o1", 200000},
	"o1-preview-2024-09-12":                  {"o1", 128000},
	"o1-mini-2024-09-12":                     {"o1", 128000},
	"gpt-5-2025-08-07":                       {"gpt-5", 400000},
	"gpt-5-mini-2025-08-07":                  {"gpt-5", 400000},
	"gpt-5-nano-2025-08-07":                  {"gpt-5", 400000},
	"gpt-4.1-2025-04-14":                     {"gpt-41", 1047576},
	"gpt-4.1-mini-2025-04-14":                {"gpt-41", 1047576},
	"gpt-4.1-nano-2025-04-14":                {"gpt-41", 1047576},
	"gpt-4.5-preview-2025-02-27":             {"gpt-45", 128000},
	"gpt-4o-2024-11-20":                      {"gpt-4o", 128000},
	"gpt-4o-2024-08-06":                      {"gpt-4o", 128000},
	"gpt-4o-2024-05-13":                      {"gpt-4o", 128000},
	"gpt-4o-mini-2024-07-18":                 {"gpt-4o", 128000},
	"gpt-4-turbo-2024-04-09":                 {"gpt-4", 128000},
	"gpt-4-0125-preview":                     {"gpt-4", 128000},
	"gpt-4-1106-preview":                     {"gpt-4", 128000},
	"gpt-4-1106-vision-preview":              {"gpt-4", 128000},
	"gpt-4-0613":                             {"gpt-4", 8192},
	"gpt-4-32k-0613":                         {"gpt-4", 32768},
	"gpt-3.5-turbo-0125":                     {"gpt-35", 16385},
	"gpt-3.5-turbo-1106":                     {"gpt-35", 16385},
	"gpt-3.5-turbo-instruct":                 {"gpt-35", 4096},
	"gpt-3.5-turbo-0613":                     {"gpt-35", 4096},
	"gpt-3.5-turbo-16k-0613":                 {"gpt-35", 16385},
	"gemini-1.5-flash":                       {"gemini-1.5-flash", 1048576},
	"gemini-1.5-flash-8b":                    {"gemini-1.5-flash", 1048576},
	"gemini-1.5-pro":                         {"gemini-1.5-pro", 2097152},
	"gemini-2.0-flash":                       {"gemini-2.0-flash", 1048576},
	"gemini-2.0-flash-lite-preview-02-05":    {"gemini-2.0-flash", 1048576},
	"gemini-2.5-pro-preview-03-25":           {"gemini-2.5-pro", 2097152},
	"gemini-2.5-flash":                       {"gemini-2.5-flash", 1048576},
	"claude-3-haiku-20240307":                {"claude-3-haiku", 50000},
	"claude-3-sonnet-20240229":               {"claude-3-sonnet", 200000},
	"claude-3-opus-20240229":                 {"claude-3-opus", 200000},
	"claude-3-5-haiku-20241022":              {"claude-3-5-haiku", 200000},
	"claude-3-5-sonnet-20241022":             {"claude-3-5-sonnet", 200000},
	"claude-3-7-sonnet-20250219":             {"claude-3-7-sonnet", 200000},
	"claude-sonnet-4-20250514":               {"claude-4-sonnet", 200000},
	"claude-opus-4-20250514":                 {"claude-4-opus", 200000},
	"Llama-3.3-8B-Instruct":                  {"llama-3.3-8b", 128000},
	"Llama-3.3-70B-Instruct":                 {"llama-3.3-70b", 128000},
	"Llama-4-Scout-17B-16E-Instruct-FP8":     {"llama-4-scout", 128000},
	"Llama-4-Maverick-17B-128E-Instruct-FP8": {"llama-4-maverick", 128000},
}

// ResolveModel is AutoGen's resolve_model: an alias such as "gpt-4o" becomes
// the dated model it points to ("gpt-4o-2024-08-06"); other names are
// returned unchanged.
func ResolveModel(model string) string {
	if r, ok := modelPointers[model]; ok {
		return r
	}
	return model
}

// TokenLimit is AutoGen's get_token_limit: the context size of the model
// (after ResolveModel). ok is false where AutoGen raises KeyError: unknown
// models and the two gpt-4o*-search-preview-2025-03-11 models, which have
// model info but no limit.
func TokenLimit(model string) (limit int, ok bool) {
	info, ok := modelInfo[ResolveModel(model)]
	if !ok || info.limit == 0 {
		return 0, false
	}
	return info.limit, true
}

// ModelInfoFamily returns the family AutoGen's _MODEL_INFO gives the model
// (after ResolveModel), e.g. "gpt-4o" for "gpt-4o-mini". ok is false for
// models AutoGen does not know, for which its client requires an explicit
// model_info.
func ModelInfoFamily(model string) (family string, ok bool) {
	info, ok := modelInfo[ResolveModel(model)]
	return info.family, ok
}
