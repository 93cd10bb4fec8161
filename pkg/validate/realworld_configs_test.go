package validate

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
)

// TestRealWorldConfigs checks component trees as AutoGen 0.7.5's
// dump_component() writes them (model_dump_json of the ComponentModel;
// the config is model_dump(exclude_none=True)):
//
//   - chroma_persistent.json and chroma_http.json: ChromaDBVectorMemory
//     with a PersistentChromaDBVectorMemoryConfig and an
//     HttpChromaDBVectorMemoryConfig (autogen_ext/memory/chromadb/
//     _chroma_configs.py: the base members in order, then the variant's;
//     _chromadb.py: component_provider_override, the docstring's first
//     paragraph as description), with sentence_transformer and openai
//     embedding function configs;
//   - azure_client.json: an AzureOpenAIChatCompletionClient whose
//     azure_ad_token_provider is an AzureTokenProvider
//     (autogen_ext/auth/azure/__init__.py: component_type
//     "token_provider", no docstring so no description, config
//     {provider_kind, scopes}; models/openai/_openai_client.py
//     _to_config dumps it with model_dump(exclude_none=True)).
//
// Each validates in both modes with --strict's unknown-provider check, and
// normalizes to itself: nothing the writer wrote is dropped.
func TestRealWorldConfigs(t *testing.T) {
	for _, f := range []string{"chroma_persistent.json", "chroma_http.json", "azure_client.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "realworld", f))
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.TrimSpace(data)
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			v := &Validator{Mode: m, Warn: func(e *agentschema.Fault) { t.Errorf("%s, %v: warning %s: %s", f, m, e.Pointer, e.Message) }}
			if err := v.ValidateComponent(data); err != nil {
				t.Errorf("%s, %v: %v", f, m, err)
			}
		}
		out, err := component.NormalizeTree(data)
		if err != nil {
			t.Fatalf("%s: normalize: %v", f, err)
		}
		if !bytes.Equal(bytes.TrimSpace(out), data) {
			t.Errorf("%s: normalize\n got %s\nwant %s", f, out, data)
		}
	}
}

// TestRealWorldConfigsInvalid checks one invalid config of each kind in
// both modes: the first fault's pointer in the whole tree.
func TestRealWorldConfigsInvalid(t *testing.T) {
	const chroma = `{"provider":"autogen_ext.memory.chromadb.ChromaDBVectorMemory","component_type":"memory","config":`
	const token = `{"provider":"autogen_ext.auth.azure.AzureTokenProvider","component_type":"token_provider","config":`
	tests := []struct{ name, in, ptr string }{
		// ChromaDBVectorMemoryConfig.client_type has no default.
		{"chroma without client_type", chroma + `{"collection_name":"x"}}`, "/config/client_type"},
		{"chroma client_type unknown", chroma + `{"client_type":"cloud"}}`, "/config/client_type"},
		{"chroma embedding function_type unknown", chroma + `{"client_type":"persistent","embedding_function_config":{"function_type":"cohere"}}}`, "/config/embedding_function_config/function_type"},
		{"chroma http port not an integer", chroma + `{"client_type":"http","port":"eighty"}}`, "/config/port"},
		{"token provider scopes not a list", token + `{"provider_kind":"DefaultAzureCredential","scopes":"https://cognitiveservices.azure.com/.default"}}`, "/config/scopes"},
		{"token provider without provider_kind", token + `{"scopes":[]}}`, "/config/provider_kind"},
		{"azure client's token provider config", `{"provider":"autogen_ext.models.openai.AzureOpenAIChatCompletionClient","config":{"model":"gpt-4o","azure_endpoint":"https://e","api_version":"v","azure_ad_token_provider":` + token + `{"provider_kind":"DefaultAzureCredential","scopes":[7]}}}}`,
			"/config/azure_ad_token_provider/config/scopes/0"},
	}
	for _, tt := range tests {
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: m}).ValidateComponent([]byte(tt.in))
			var f *agentschema.Fault
			if !errors.As(err, &f) {
				t.Errorf("%s, %v: %v, want a fault", tt.name, m, err)
				continue
			}
			if f.Pointer != tt.ptr {
				t.Errorf("%s, %v: pointer %q (%s), want %q", tt.name, m, f.Pointer, f.Message, tt.ptr)
			}
		}
	}
}
