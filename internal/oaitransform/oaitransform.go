// Package oaitransform is the part of AutoGen's OpenAI message transformers
// (autogen_ext.models.openai._transformation) that both the token count
// (pkg/tokens) and the client's requests (pkg/models/openai) need: which
// transformer map a model family uses, and the name check every message
// source and tool name goes through.
package oaitransform

import (
	"strings"
	"unicode/utf8"
)

// Map is one of AutoGen's transformer maps (_message_transform.py).
type Map uint8

// The transformer maps.
const (
	Base Map = iota
	Gemini
	Claude
	Mistral
)

// families is ModelFamily.ANY with the transformer map each family is
// registered with (_message_transform.py, bottom; the registry key
// "default" maps to Base as well).
var families = map[string]Map{
	"gpt-5": Base, "gpt-41": Base, "gpt-45": Base, "gpt-4o": Base,
	"o1": Base, "o3": Base, "o4": Base, "gpt-4": Base, "gpt-35": Base,
	"r1":               Base,
	"gemini-1.5-flash": Gemini, "gemini-1.5-pro": Gemini, "gemini-2.0-flash": Gemini,
	"gemini-2.5-pro": Gemini, "gemini-2.5-flash": Gemini,
	"claude-3-haiku": Claude, "claude-3-sonnet": Claude, "claude-3-opus": Claude,
	"claude-3-5-haiku": Claude, "claude-3-5-sonnet": Claude, "claude-3-7-sonnet": Claude,
	"claude-4-opus": Claude, "claude-4-sonnet": Claude,
	"llama-3.3-8b": Base, "llama-3.3-70b": Base, "llama-4-scout": Base, "llama-4-maverick": Base,
	"codestral": Mistral, "open-codestral-mamba": Mistral, "mistral": Mistral,
	"ministral": Mistral, "pixtral": Mistral,
	"unknown": Base,
}

// For is _transformation/registry.py get_transformer("openai", model,
// family): a family outside ModelFamily.ANY, or "unknown", is replaced by
// the longest registered family name that is a prefix of the model name
// ("default", also registered, can only ever select Base).
func For(model, family string) Map {
	if t, ok := families[family]; ok && family != "unknown" {
		return t
	}
	best, bestLen := Base, 0
	for f, t := range families {
		if len(f) > bestLen && strings.HasPrefix(model, f) {
			best, bestLen = t, len(f)
		}
	}
	return best
}

// InvalidName is AutoGen's assert_valid_name (_utils.py):
// re.match(r"^[a-zA-Z0-9_-]+$") (Python's $ also matches before one final
// "\n") and at most 64 characters. It returns "" for a valid name, else the
// message of the ValueError AutoGen raises.
func InvalidName(name string) string {
	core := strings.TrimSuffix(name, "\n")
	ok := core != ""
	for i := 0; ok && i < len(core); i++ {
		c := core[i]
		ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
	}
	if !ok {
		return "Invalid name: " + name + ". Only letters, numbers, '_' and '-' are allowed."
	}
	if utf8.RuneCountInString(name) > 64 {
		return "Invalid name: " + name + ". Name must be less than 64 characters."
	}
	return ""
}
