package main

import (
	"strings"
	"testing"
)

// TestChromaEmbeddingFunctionVerbs: the verbs read a ChromaDB memory's
// embedding_function_config as AutoGen 0.7.5 does (a pydantic union on
// function_type, autogen_ext/memory/chromadb/_chroma_configs.py; the
// expected values are read off that file, see
// pkg/validate/chroma_embedding_test.go): normalize fills the variant's
// defaults and drops what it does not declare; validate --mode autogen and
// normalize refuse an unknown tag with pydantic's words, and a custom
// config's function as not callable; validate --strict warns about the
// dropped member.
func TestChromaEmbeddingFunctionVerbs(t *testing.T) {
	tree := func(efc string) string {
		return `{"provider":"autogen_ext.memory.chromadb.ChromaDBVectorMemory","component_type":"memory","config":{"client_type":"persistent","embedding_function_config":` + efc + `}}` + "\n"
	}
	// OpenAIEmbeddingFunctionConfig: api_key "" and model_name
	// "text-embedding-ada-002" by default; it has no params.
	code, out, errs := runCmd(t, tree(`{"function_type":"openai","params":{}}`), "normalize", "-")
	if want := `"embedding_function_config":{"function_type":"openai","api_key":"","model_name":"text-embedding-ada-002"}`; code != 0 || errs != "" || !strings.Contains(out, want) {
		t.Errorf("normalize openai: exit %d, stderr %q\n got %s\nwant it to hold %s", code, errs, out, want)
	}

	// normalize reports a union's tag fault at pydantic's location (the
	// union), validate and normalize --strict at the tag member.
	unknown := tree(`{"function_type":"cohere"}`)
	const tagFault = ": Input tag 'cohere' found using 'function_type' does not match any of the expected tags: 'default', 'sentence_transformer', 'openai', 'custom'"
	const union = "/config/embedding_function_config"
	code, _, errs = runCmd(t, unknown, "normalize", "-")
	if code != 1 || !strings.Contains(errs, union+tagFault) {
		t.Errorf("normalize unknown tag: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCmd(t, unknown, "normalize", "--strict", "-")
	if code != 1 || !strings.Contains(errs, union+"/function_type"+tagFault) {
		t.Errorf("normalize --strict unknown tag: exit %d, stderr %q", code, errs)
	}
	code, out, _ = runCmd(t, unknown, "validate", "--mode", "autogen", "-")
	if code != 1 || !strings.Contains(out, union+"/function_type"+tagFault) {
		t.Errorf("validate unknown tag: exit %d, out %q", code, out)
	}

	custom := tree(`{"function_type":"custom","function":"my_module.make_embedding_function"}`)
	const callable = "/config/embedding_function_config/function: Input should be callable"
	code, _, errs = runCmd(t, custom, "normalize", "-")
	if code != 1 || !strings.Contains(errs, callable) {
		t.Errorf("normalize custom: exit %d, stderr %q", code, errs)
	}
	code, out, _ = runCmd(t, custom, "validate", "--mode", "autogen", "-")
	if code != 1 || !strings.Contains(out, callable) {
		t.Errorf("validate custom: exit %d, out %q", code, out)
	}

	code, _, errs = runCmd(t, tree(`{"function_type":"default","model_name":"all-mpnet-base-v2"}`), "validate", "--mode", "autogen", "--strict", "-")
	const warning = `/config/embedding_function_config/model_name: warning: DefaultEmbeddingFunctionConfig has no member "model_name": AutoGen ignores it`
	if code != 0 || !strings.Contains(errs, warning) {
		t.Errorf("validate --strict: exit %d, stderr %q", code, errs)
	}
}
