package tokens

import "testing"

func TestEncodingForModel(t *testing.T) {
	for model, want := range map[string]string{
		"gpt-4o": "o200k_base", "gpt-4o-mini": "o200k_base", "chatgpt-4o-latest": "o200k_base",
		"gpt-4o-search-preview-2025-03-11": "o200k_base", "o1": "o200k_base", "o1-mini": "o200k_base",
		"o1-preview": "o200k_base", "o3": "o200k_base", "o3-mini": "o200k_base", "o4-mini": "o200k_base",
		"o4-mini-2025-04-16": "o200k_base", "gpt-4.1": "o200k_base", "gpt-4.1-nano-2025-04-14": "o200k_base",
		"gpt-4.5-preview": "o200k_base", "gpt-5": "o200k_base", "gpt-5-mini": "o200k_base",
		"gpt-5.1": "o200k_base", "gpt-5o": "o200k_base", "gpt-oss-20b": "o200k_harmony",
		"gpt-oss-120b": "o200k_harmony", "ft:gpt-4o-mini:org:x:1": "o200k_base", "ft:gpt-4-0613:org": "cl100k_base",
		"ft:gpt-3.5-turbo:x": "cl100k_base", "gpt-4": "cl100k_base", "gpt-4-turbo": "cl100k_base",
		"gpt-4-32k": "cl100k_base", "gpt-3.5-turbo": "cl100k_base", "gpt-3.5-turbo-16k": "cl100k_base",
		"gpt-35-turbo": "cl100k_base", "gpt-35-turbo-16k": "cl100k_base", "gpt-3.5": "cl100k_base",
		"text-embedding-3-small": "cl100k_base", "davinci-002": "cl100k_base", "text-davinci-003": "p50k_base",
		"code-davinci-edit-001": "p50k_edit", "davinci": "r50k_base", "gpt2": "gpt2", "gpt-2": "gpt2",
		// unknown to tiktoken: AutoGen falls back to cl100k_base
		"claude-3-5-sonnet-20241022": "cl100k_base", "gemini-1.5-flash": "cl100k_base",
		"Llama-3.3-70B-Instruct": "cl100k_base", "mistral-large-latest": "cl100k_base",
		"deepseek-r1": "cl100k_base", "my-local-model": "cl100k_base", "": "cl100k_base",
		"o2": "cl100k_base", "gpt-4.5": "cl100k_base", "o4": "cl100k_base",
	} {
		if got := EncodingForModel(model); got != want {
			t.Errorf("EncodingForModel(%q) = %s, want %s", model, got, want)
		}
		if _, err := GetEncoding(EncodingForModel(model)); err != nil {
			t.Error(err)
		}
	}
}

func TestTokenLimit(t *testing.T) {
	for model, want := range map[string]int{
		"gpt-4o": 128000, "gpt-4o-2024-05-13": 128000, "gpt-4": 8192, "gpt-4-32k": 32768,
		"gpt-3.5-turbo": 16385, "gpt-3.5-turbo-instruct": 4096, "o3-mini": 200000, "o1-mini": 128000,
		"gpt-5-nano": 400000, "gpt-4.1": 1047576, "gemini-1.5-pro": 2097152, "claude-3-haiku": 50000,
		"claude-4-sonnet": 200000, "llama-4-scout": 128000, "gpt-4-turbo-preview": 128000,
	} {
		if got, ok := TokenLimit(model); !ok || got != want {
			t.Errorf("TokenLimit(%q) = %d, %v; want %d", model, got, ok, want)
		}
	}
	for _, model := range []string{"gpt-4o-search-preview-2025-03-11", "gpt-4o-mini-search-preview-2025-03-11",
		"my-local-model", "gpt-oss-20b", "text-davinci-003", "gpt-5.1", "grok-4"} {
		if got, ok := TokenLimit(model); ok {
			t.Errorf("TokenLimit(%q) = %d, want none", model, got)
		}
	}
	if got := ResolveModel("gpt-4o-mini"); got != "gpt-4o-mini-2024-07-18" {
		t.Errorf("ResolveModel = %s", got)
	}
	if got := ResolveModel("unknown-x"); got != "unknown-x" {
		t.Errorf("ResolveModel = %s", got)
	}
	for model, want := range map[string]string{
		"gpt-4o": "gpt-4o", "o4-mini": "o4", "claude-3-5-sonnet": "claude-3-5-sonnet",
		"claude-4-sonnet": "claude-4-sonnet", "gemini-2.5-flash": "gemini-2.5-flash",
		"gpt-4o-search-preview-2025-03-11": "gpt-4o", "llama-3.3-70b": "llama-3.3-70b",
	} {
		if got, ok := ModelInfoFamily(model); !ok || got != want {
			t.Errorf("ModelInfoFamily(%q) = %s, %v; want %s", model, got, ok, want)
		}
	}
	if _, ok := ModelInfoFamily("mistral-large-latest"); ok {
		t.Error("ModelInfoFamily knows mistral-large-latest")
	}
}

func TestTransformerFor(t *testing.T) {
	for _, tc := range []struct {
		model, family string
		want          transformer
	}{
		{"claude-sonnet-4-20250514", "unknown", mapBase},
		{"claude-sonnet-4-20250514", "claude-4-sonnet", mapClaude},
		{"claude-3-5-sonnet-20241022", "unknown", mapClaude},
		{"claude-3-5-sonnet-20241022", "", mapClaude},
		{"claude-3-5-sonnet-20241022", "not-a-family", mapClaude},
		{"gemini-1.5-flash-8b", "unknown", mapGemini},
		{"gemini-3-pro", "unknown", mapBase},
		{"mistral-large-latest", "unknown", mapMistral},
		{"codestral-latest", "unknown", mapMistral},
		{"open-codestral-mamba", "unknown", mapMistral},
		{"pixtral-12b", "unknown", mapMistral},
		{"gpt-4o", "mistral", mapMistral},
		{"mistral-small", "gpt-4o", mapBase},
		{"deepseek-r1", "r1", mapBase},
		{"r1-distill", "unknown", mapBase},
		{"llama-4-scout-x", "unknown", mapBase},
		{"anything", "default", mapBase},
	} {
		if got := transformerFor(tc.model, tc.family); got != tc.want {
			t.Errorf("transformerFor(%q, %q) = %d, want %d", tc.model, tc.family, got, tc.want)
		}
	}
}
