package models

import "github.com/agentschema/agentschema/gen"

// The model families AutoGen 0.7.5 defines, named after its ModelFamily
// constants (FamilyGPT4O is ModelFamily.GPT_4O). Other families exist and
// can be any string; AutoGen treats them as unknown.
const (
	FamilyGPT5               gen.ModelFamily = "gpt-5"
	FamilyGPT41              gen.ModelFamily = "gpt-41"
	FamilyGPT45              gen.ModelFamily = "gpt-45"
	FamilyGPT4O              gen.ModelFamily = "gpt-4o"
	FamilyO1                 gen.ModelFamily = "o1"
	FamilyO3                 gen.ModelFamily = "o3"
	FamilyO4                 gen.ModelFamily = "o4"
	FamilyGPT4               gen.ModelFamily = "gpt-4"
	FamilyGPT35              gen.ModelFamily = "gpt-35"
	FamilyR1                 gen.ModelFamily = "r1"
	FamilyGemini15Flash      gen.ModelFamily = "gemini-1.5-flash"
	FamilyGemini15Pro        gen.ModelFamily = "gemini-1.5-pro"
	FamilyGemini20Flash      gen.ModelFamily = "gemini-2.0-flash"
	FamilyGemini25Pro        gen.ModelFamily = "gemini-2.5-pro"
	FamilyGemini25Flash      gen.ModelFamily = "gemini-2.5-flash"
	FamilyClaude3Haiku       gen.ModelFamily = "claude-3-haiku"
	FamilyClaude3Sonnet      gen.ModelFamily = "claude-3-sonnet"
	FamilyClaude3Opus        gen.ModelFamily = "claude-3-opus"
	FamilyClaude35Haiku      gen.ModelFamily = "claude-3-5-haiku"
	FamilyClaude35Sonnet     gen.ModelFamily = "claude-3-5-sonnet"
	FamilyClaude37Sonnet     gen.ModelFamily = "claude-3-7-sonnet"
	FamilyClaude4Opus        gen.ModelFamily = "claude-4-opus"
	FamilyClaude4Sonnet      gen.ModelFamily = "claude-4-sonnet"
	FamilyLlama338B          gen.ModelFamily = "llama-3.3-8b"
	FamilyLlama3370B         gen.ModelFamily = "llama-3.3-70b"
	FamilyLlama4Scout        gen.ModelFamily = "llama-4-scout"
	FamilyLlama4Maverick     gen.ModelFamily = "llama-4-maverick"
	FamilyCodestral          gen.ModelFamily = "codestral"            // AutoGen's CODESRAL
	FamilyOpenCodestralMamba gen.ModelFamily = "open-codestral-mamba" // AutoGen's OPEN_CODESRAL_MAMBA
	FamilyMistral            gen.ModelFamily = "mistral"
	FamilyMinistral          gen.ModelFamily = "ministral"
	FamilyPixtral            gen.ModelFamily = "pixtral"
	FamilyUnknown            gen.ModelFamily = "unknown"
)

// anyFamily is ModelFamily.ANY, in AutoGen's order.
var anyFamily = [...]gen.ModelFamily{
	FamilyGPT5, FamilyGPT41, FamilyGPT45, FamilyGPT4O, FamilyO1, FamilyO3, FamilyO4, FamilyGPT4, FamilyGPT35,
	FamilyR1,
	FamilyGemini15Flash, FamilyGemini15Pro, FamilyGemini20Flash, FamilyGemini25Pro, FamilyGemini25Flash,
	FamilyClaude3Haiku, FamilyClaude3Sonnet, FamilyClaude3Opus, FamilyClaude35Haiku, FamilyClaude35Sonnet,
	FamilyClaude37Sonnet, FamilyClaude4Opus, FamilyClaude4Sonnet,
	FamilyLlama338B, FamilyLlama3370B, FamilyLlama4Scout, FamilyLlama4Maverick,
	FamilyCodestral, FamilyOpenCodestralMamba, FamilyMistral, FamilyMinistral, FamilyPixtral,
	FamilyUnknown,
}

// Families returns AutoGen's ModelFamily.ANY: every family it knows, in its
// order, ending with "unknown".
func Families() []gen.ModelFamily {
	out := make([]gen.ModelFamily, len(anyFamily))
	copy(out, anyFamily[:])
	return out
}

// IsKnownFamily reports whether family is one of ModelFamily.ANY (exactly:
// the comparison is case-sensitive, as in Python).
func IsKnownFamily(family gen.ModelFamily) bool {
	for _, f := range anyFamily {
		if f == family {
			return true
		}
	}
	return false
}

// IsOpenAI is ModelFamily.is_openai: GPT-5, GPT-4.1, GPT-4.5, GPT-4o, o1,
// o3, o4, GPT-4 and GPT-3.5 (not r1). It compares exactly, so a model name
// such as "gpt-4o-mini" is not a family.
func IsOpenAI(family gen.ModelFamily) bool {
	switch family {
	case FamilyGPT5, FamilyGPT45, FamilyGPT41, FamilyGPT4O, FamilyO1, FamilyO3, FamilyO4, FamilyGPT4, FamilyGPT35:
		return true
	}
	return false
}

// IsClaude is ModelFamily.is_claude: the claude-3, 3.5, 3.7 and 4 families.
func IsClaude(family gen.ModelFamily) bool {
	switch family {
	case FamilyClaude3Haiku, FamilyClaude3Sonnet, FamilyClaude3Opus, FamilyClaude35Haiku, FamilyClaude35Sonnet,
		FamilyClaude37Sonnet, FamilyClaude4Opus, FamilyClaude4Sonnet:
		return true
	}
	return false
}

// IsGemini is ModelFamily.is_gemini: the gemini-1.5, 2.0 and 2.5 families.
func IsGemini(family gen.ModelFamily) bool {
	switch family {
	case FamilyGemini15Flash, FamilyGemini15Pro, FamilyGemini20Flash, FamilyGemini25Pro, FamilyGemini25Flash:
		return true
	}
	return false
}

// IsLlama is ModelFamily.is_llama: the llama-3.3 and llama-4 families.
func IsLlama(family gen.ModelFamily) bool {
	switch family {
	case FamilyLlama338B, FamilyLlama3370B, FamilyLlama4Scout, FamilyLlama4Maverick:
		return true
	}
	return false
}

// IsMistral is ModelFamily.is_mistral: codestral, open-codestral-mamba,
// mistral, ministral and pixtral.
func IsMistral(family gen.ModelFamily) bool {
	switch family {
	case FamilyCodestral, FamilyOpenCodestralMamba, FamilyMistral, FamilyMinistral, FamilyPixtral:
		return true
	}
	return false
}
