// Package modelinfo is AutoGen's table of the models it knows
// (autogen_ext/models/openai/_model_info.py, AutoGen 0.7.5 at
// microsoft/autogen 027ecf0a): _MODEL_POINTERS, the aliases it resolves to
// dated models, and for each dated model its _MODEL_INFO (capabilities and
// family) and _MODEL_TOKEN_LIMITS. The OpenAI client takes a model's
// ModelInfo from it, the token counter its limit and family, and the
// component checks refuse an OpenAI client config naming a model it does
// not hold without a model_info, as the client's constructor does.
//
// It also holds the Anthropic client's table (AnthropicLookup,
// AnthropicTokenLimit, with its prefix match) and the Ollama client's own table
// (autogen_ext/models/ollama/_model_info.py: OllamaLookup,
// OllamaTokenLimit), which pkg/models/ollama and the component checks read.
package modelinfo

// Entry is one model's row: _MODEL_INFO's members and _MODEL_TOKEN_LIMITS'
// limit (0 where AutoGen has info but no limit). MultipleSystemMessages is
// nil where _MODEL_INFO does not list it.
type Entry struct {
	Vision, FunctionCalling, JSONOutput bool
	Family                              string
	StructuredOutput                    bool
	MultipleSystemMessages              *bool
	TokenLimit                          int
}

// Resolve is _model_info.resolve_model: the dated model an alias points to
// ("gpt-4o" -> "gpt-4o-2024-08-06"), or model itself.
func Resolve(model string) string {
	if r, ok := pointers[model]; ok {
		return r
	}
	return model
}

// Lookup returns the row of model (after Resolve), and false for a model
// AutoGen does not know (get_info raises KeyError; its client then
// requires a model_info).
func Lookup(model string) (Entry, bool) {
	e, ok := table[Resolve(model)]
	return e, ok
}

var yes, no = true, false

// pointers is AutoGen's _MODEL_POINTERS (alias -> dated model).
var pointers = map[string]string{
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

// table is _MODEL_INFO with _MODEL_TOKEN_LIMITS, by dated model.
var table = map[string]Entry{
	"gpt-4o-mini-search-preview-2025-03-11":  {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-4o", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 0},
	"gpt-4o-search-preview-2025-03-11":       {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-4o", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 0},
	"o4-mini-2025-04-16":                     {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "o4", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"o3-2025-04-16":                          {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "o3", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"o3-mini-2025-01-31":                     {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "o3", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"o1-2024-12-17":                          {Vision: false, FunctionCalling: true, JSONOutput: false, Family: "o1", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"o1-preview-2024-09-12":                  {Vision: false, FunctionCalling: true, JSONOutput: false, Family: "o1", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"o1-mini-2024-09-12":                     {Vision: false, FunctionCalling: false, JSONOutput: false, Family: "o1", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-5-2025-08-07":                       {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-5", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 400000},
	"gpt-5-mini-2025-08-07":                  {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-5", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 400000},
	"gpt-5-nano-2025-08-07":                  {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-5", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 400000},
	"gpt-4.1-2025-04-14":                     {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-41", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 1047576},
	"gpt-4.1-mini-2025-04-14":                {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-41", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 1047576},
	"gpt-4.1-nano-2025-04-14":                {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-41", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 1047576},
	"gpt-4.5-preview-2025-02-27":             {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-45", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4o-2024-11-20":                      {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-4o", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4o-2024-08-06":                      {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-4o", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4o-2024-05-13":                      {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-4o", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4o-mini-2024-07-18":                 {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-4o", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4-turbo-2024-04-09":                 {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gpt-4", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4-0125-preview":                     {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-4", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4-1106-preview":                     {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-4", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4-1106-vision-preview":              {Vision: true, FunctionCalling: false, JSONOutput: false, Family: "gpt-4", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"gpt-4-0613":                             {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-4", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 8192},
	"gpt-4-32k-0613":                         {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-4", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 32768},
	"gpt-3.5-turbo-0125":                     {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-35", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 16385},
	"gpt-3.5-turbo-1106":                     {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-35", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 16385},
	"gpt-3.5-turbo-instruct":                 {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-35", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 4096},
	"gpt-3.5-turbo-0613":                     {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-35", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 4096},
	"gpt-3.5-turbo-16k-0613":                 {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "gpt-35", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 16385},
	"gemini-1.5-flash":                       {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-1.5-flash", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 1048576},
	"gemini-1.5-flash-8b":                    {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-1.5-flash", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 1048576},
	"gemini-1.5-pro":                         {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-1.5-pro", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 2097152},
	"gemini-2.0-flash":                       {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-2.0-flash", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 1048576},
	"gemini-2.0-flash-lite-preview-02-05":    {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-2.0-flash", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 1048576},
	"gemini-2.5-pro-preview-03-25":           {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-2.5-pro", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 2097152},
	"gemini-2.5-flash":                       {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "gemini-2.5-flash", StructuredOutput: true, MultipleSystemMessages: &no, TokenLimit: 1048576},
	"claude-3-haiku-20240307":                {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-3-haiku", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 50000},
	"claude-3-sonnet-20240229":               {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-3-sonnet", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"claude-3-opus-20240229":                 {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-3-opus", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"claude-3-5-haiku-20241022":              {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-3-5-haiku", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"claude-3-5-sonnet-20241022":             {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-3-5-sonnet", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"claude-3-7-sonnet-20250219":             {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-3-7-sonnet", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"claude-sonnet-4-20250514":               {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-4-sonnet", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"claude-opus-4-20250514":                 {Vision: true, FunctionCalling: true, JSONOutput: false, Family: "claude-4-opus", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 200000},
	"Llama-3.3-8B-Instruct":                  {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "llama-3.3-8b", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"Llama-3.3-70B-Instruct":                 {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "llama-3.3-70b", StructuredOutput: false, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"Llama-4-Scout-17B-16E-Instruct-FP8":     {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "llama-4-scout", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
	"Llama-4-Maverick-17B-128E-Instruct-FP8": {Vision: true, FunctionCalling: true, JSONOutput: true, Family: "llama-4-maverick", StructuredOutput: true, MultipleSystemMessages: &yes, TokenLimit: 128000},
}
