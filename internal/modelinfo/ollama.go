package modelinfo

// OllamaEntry is one row of AutoGen's Ollama model table
// (autogen_ext/models/ollama/_model_info.py, AutoGen 0.7.5): a model's
// capabilities and family.
type OllamaEntry struct {
	Vision, FunctionCalling, JSONOutput bool
	Family                              string
	StructuredOutput                    bool
}

// OllamaModelClass is the Ollama table's resolve_model_class: the model
// name before its first ':' (the tag). "llama3.2:3b" is "llama3.2"; a
// namespace such as "library/llama3.2" is kept, so it does not resolve.
func OllamaModelClass(model string) string {
	for i := 0; i < len(model); i++ {
		if model[i] == ':' {
			return model[:i]
		}
	}
	return model
}

// OllamaLookup is the Ollama table's get_info: the row of the model's
// class (OllamaModelClass), and false where AutoGen raises KeyError (its
// client then requires a model_info).
func OllamaLookup(model string) (OllamaEntry, bool) {
	e, ok := ollamaInfo[OllamaModelClass(model)]
	return e, ok
}

// OllamaTokenLimit is the Ollama table's get_token_limit: the limit of the
// model by its full name (some tags have their own), else of its class;
// false where AutoGen raises KeyError.
func OllamaTokenLimit(model string) (int, bool) {
	if n, ok := ollamaTokenLimits[model]; ok {
		return n, true
	}
	n, ok := ollamaTokenLimits[OllamaModelClass(model)]
	return n, ok
}

// ollamaInfo is _MODEL_INFO of the Ollama client.
var ollamaInfo = map[string]OllamaEntry{
	"all-minilm":             {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"bge-m3":                 {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"codegemma":              {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"codellama":              {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"command-r":              {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"deepseek-coder":         {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"deepseek-coder-v2":      {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"deepseek-r1":            {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "r1", StructuredOutput: true},
	"dolphin-llama3":         {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"dolphin-mistral":        {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"dolphin-mixtral":        {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"gemma":                  {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"gemma2":                 {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama2":                 {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama2-uncensored":      {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama3":                 {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama3.1":               {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama3.2":               {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama3.2-vision":        {Vision: true, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llama3.3":               {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llava":                  {Vision: true, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"llava-llama3":           {Vision: true, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"mistral":                {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"mistral-nemo":           {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"mixtral":                {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"mxbai-embed-large":      {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"nomic-embed-text":       {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"orca-mini":              {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"phi":                    {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"phi3":                   {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"phi3.5":                 {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"phi4":                   {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"qwen":                   {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"qwen2":                  {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"qwen2.5":                {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"qwen2.5-coder":          {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"qwen2.5vl":              {Vision: true, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"qwen3":                  {Vision: false, FunctionCalling: true, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"snowflake-arctic-embed": {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"starcoder2":             {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"tinyllama":              {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"wizardlm2":              {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"yi":                     {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
	"zephyr":                 {Vision: false, FunctionCalling: false, JSONOutput: true, Family: "unknown", StructuredOutput: true},
}

// ollamaTokenLimits is _MODEL_TOKEN_LIMITS of the Ollama client.
var ollamaTokenLimits = map[string]int{
	"all-minilm":             256,
	"bge-m3":                 8192,
	"codegemma":              8192,
	"codellama":              16384,
	"codellama:70b":          2048,
	"command-r":              131072,
	"deepseek-coder":         16384,
	"deepseek-coder-v2":      131072,
	"deepseek-r1":            131072,
	"dolphin-llama3":         8192,
	"dolphin-llama3:8b-256k": 256000,
	"dolphin-mistral":        32768,
	"dolphin-mixtral:8x22b":  65536,
	"gemma":                  8192,
	"gemma2":                 8192,
	"llama2":                 4096,
	"llama2-uncensored":      2048,
	"llama3":                 8192,
	"llama3.1":               131072,
	"llama3.2":               131072,
	"llama3.2-vision":        131072,
	"llama3.3":               131072,
	"llava":                  32768,
	"llava:13b":              4096,
	"llava:34b":              4096,
	"llava-llama3":           8192,
	"mistral":                32768,
	"mistral-nemo":           131072,
	"mixtral":                32768,
	"mixtral:8x22b":          65536,
	"mxbai-embed-large":      512,
	"nomic-embed-text":       8192,
	"orca-mini":              2048,
	"orca-mini:7b":           4096,
	"orca-mini:13b":          4096,
	"orca-mini:70b":          4096,
	"phi":                    2048,
	"phi3":                   131072,
	"phi3.5":                 131072,
	"phi4":                   16384,
	"qwen":                   32768,
	"qwen2":                  32768,
	"qwen2.5":                131072,
	"qwen2.5-coder":          131072,
	"qwen2.5-coder:0.5b":     32768,
	"qwen2.5-coder:1.5b":     32768,
	"qwen2.5-coder:3b":       32768,
	"qwen2.5vl":              128000,
	"qwen2.5vl:3b":           128000,
	"qwen2.5vl:7b":           128000,
	"qwen2.5vl:32b":          128000,
	"qwen2.5vl:72b":          128000,
	"qwen3":                  40960,
	"qwen3:0.6b":             40960,
	"qwen3:1.7b":             40960,
	"qwen3:4b":               40960,
	"qwen3:8b":               40960,
	"qwen3:14b":              40960,
	"qwen3:30b":              40960,
	"qwen3:32b":              40960,
	"qwen3:235b":             40960,
	"snowflake-arctic-embed": 512,
	"starcoder2":             16384,
	"tinyllama":              2048,
	"wizardlm2":              32768,
	"wizardlm2:8x22b":        65536,
	"yi":                     4096,
	"zephyr":                 32768,
	"zephyr:141b":            65536,
}
