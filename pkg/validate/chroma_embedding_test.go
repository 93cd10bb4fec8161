package validate

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
)

// The expected values of these tests are read off AutoGen 0.7.5's
// autogen_ext/memory/chromadb/_chroma_configs.py by hand, not produced by
// the code under test:
//
//	EmbeddingFunctionConfig = Annotated[Union[Default..., SentenceTransformer...,
//	    OpenAI..., Custom...], Field(discriminator="function_type")]
//	DefaultEmbeddingFunctionConfig:             function_type: Literal["default"] = "default"
//	SentenceTransformerEmbeddingFunctionConfig: function_type: Literal["sentence_transformer"] = ...,
//	                                            model_name: str = "all-MiniLM-L6-v2"
//	OpenAIEmbeddingFunctionConfig:              function_type: Literal["openai"] = ...,
//	                                            api_key: str = "", model_name: str = "text-embedding-ada-002"
//	CustomEmbeddingFunctionConfig:              function_type: Literal["custom"] = ...,
//	                                            function: Callable[..., Any] (required),
//	                                            params: Dict[str, Any] = Field(default_factory=dict)
//	ChromaDBVectorMemoryConfig.embedding_function_config:
//	    EmbeddingFunctionConfig = Field(default_factory=DefaultEmbeddingFunctionConfig)
//
// load_component validates the config with pydantic (model_validate), and
// dump_component writes model_dump(exclude_none=True) of it: each variant
// with every field it declares, in declaration order, its defaults
// filled, and the members it does not declare gone (pydantic's default
// extra="ignore"). The tag is required although each variant defaults
// it: pydantic reads a discriminated union's tag from the input before it
// picks the variant. pydantic-core's words (src/errors/types.rs):
// union_tag_invalid "Input tag '{tag}' found using {discriminator} does
// not match any of the expected tags: {expected_tags}" (the tag as
// str(tag), so 5 is '5'), union_tag_not_found "Unable to extract tag using
// discriminator {discriminator}" (the discriminator quoted, 'function_type'),
// both at the union's location; callable_type "Input should be callable"
// (src/validators/callable.rs: only a Python callable passes, and no value
// read from JSON is one); missing "Field required"; dict_type "Input
// should be a valid dictionary"; and for a value that is not an object,
// the union's model_attributes_type "Input should be a valid dictionary or
// object to extract fields from".

const chromaTree = `{"provider":"autogen_ext.memory.chromadb.ChromaDBVectorMemory","component_type":"memory","config":{"client_type":"persistent"`

// chromaWith is a ChromaDB memory tree whose embedding_function_config is
// efc ("" for none).
func chromaWith(efc string) []byte {
	if efc == "" {
		return []byte(chromaTree + `}}`)
	}
	return []byte(chromaTree + `,"embedding_function_config":` + efc + `}}`)
}

// TestChromaEmbeddingFunctionNormalize: normalize fills each variant's
// defaults and drops the members the variant does not declare, writing
// the members in the variant's order.
func TestChromaEmbeddingFunctionNormalize(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		// default_factory=DefaultEmbeddingFunctionConfig, dumped with its
		// one field.
		{"absent", "", `{"function_type":"default"}`},
		{"default", `{"function_type":"default"}`, `{"function_type":"default"}`},
		// DefaultEmbeddingFunctionConfig declares no model_name.
		{"default with model_name", `{"function_type":"default","model_name":"all-mpnet-base-v2"}`, `{"function_type":"default"}`},
		{"sentence_transformer, no members", `{"function_type":"sentence_transformer"}`,
			`{"function_type":"sentence_transformer","model_name":"all-MiniLM-L6-v2"}`},
		{"sentence_transformer with api_key", `{"function_type":"sentence_transformer","model_name":"paraphrase-multilingual-mpnet-base-v2","api_key":"sk-x"}`,
			`{"function_type":"sentence_transformer","model_name":"paraphrase-multilingual-mpnet-base-v2"}`},
		{"openai, no members", `{"function_type":"openai"}`,
			`{"function_type":"openai","api_key":"","model_name":"text-embedding-ada-002"}`},
		// Written out of order, with a custom config's params: the fields
		// in declaration order, params gone.
		{"openai, model only", `{"model_name":"text-embedding-3-small","params":{},"function_type":"openai"}`,
			`{"function_type":"openai","api_key":"","model_name":"text-embedding-3-small"}`},
		{"openai, all members", `{"function_type":"openai","api_key":"sk-test","model_name":"text-embedding-3-small"}`,
			`{"function_type":"openai","api_key":"sk-test","model_name":"text-embedding-3-small"}`},
	} {
		out, err := component.NormalizeTree(chromaWith(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var got struct {
			Config struct {
				EFC json.RawMessage `json:"embedding_function_config"`
			} `json:"config"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if string(got.Config.EFC) != tt.want {
			t.Errorf("%s: embedding_function_config\n got %s\nwant %s", tt.name, got.Config.EFC, tt.want)
		}
		// What normalize writes is valid in both modes and normalizes to
		// itself.
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			if err := (&Validator{Mode: m}).ValidateComponent(out); err != nil {
				t.Errorf("%s, %v: normalized tree: %v", tt.name, m, err)
			}
		}
		if again, err := component.NormalizeTree(out); err != nil || string(again) != string(out) {
			t.Errorf("%s: normalized twice: %v\n got %s\nwant %s", tt.name, err, again, out)
		}
	}
}

// TestChromaEmbeddingFunctionFaults: what load_component refuses, in both
// validate modes (at the same pointers: a union's tag fault at its tag
// member, as for every union; autogen mode with pydantic's type and
// message) and in normalize (at pydantic's location: the union itself for
// a tag fault).
func TestChromaEmbeddingFunctionFaults(t *testing.T) {
	const at = "/config/embedding_function_config"
	const tags = "'default', 'sentence_transformer', 'openai', 'custom'"
	for _, tt := range []struct {
		name, in string
		ptr      string // both validate modes
		code     string // autogen mode and normalize: pydantic's type
		msg      string // autogen mode and normalize: pydantic's message
		normPtr  string // normalize: pydantic's loc
	}{
		{"unknown function_type", `{"function_type":"cohere","model_name":"embed-english-v3.0"}`, at + "/function_type",
			"union_tag_invalid", "Input tag 'cohere' found using 'function_type' does not match any of the expected tags: " + tags, at},
		{"function_type not a string", `{"function_type":5}`, at + "/function_type",
			"union_tag_invalid", "Input tag '5' found using 'function_type' does not match any of the expected tags: " + tags, at},
		{"no function_type", `{"model_name":"all-MiniLM-L6-v2"}`, at + "/function_type",
			"union_tag_not_found", "Unable to extract tag using discriminator 'function_type'", at},
		{"empty object", `{}`, at + "/function_type",
			"union_tag_not_found", "Unable to extract tag using discriminator 'function_type'", at},
		{"null", `null`, at,
			"model_attributes_type", "Input should be a valid dictionary or object to extract fields from", at},
		// A custom config's function: never callable from JSON, whatever
		// the value (a dotted path, an object, null).
		{"custom, function a path", `{"function_type":"custom","function":"my_module.make_embedding_function","params":{"dim":384}}`, at + "/function",
			"callable_type", "Input should be callable", at + "/function"},
		{"custom, function an object", `{"function_type":"custom","function":{"provider":"x"}}`, at + "/function",
			"callable_type", "Input should be callable", at + "/function"},
		{"custom, function null", `{"function_type":"custom","function":null}`, at + "/function",
			"callable_type", "Input should be callable", at + "/function"},
		{"custom without function", `{"function_type":"custom","params":{}}`, at + "/function",
			"missing", "Field required", at + "/function"},
		// Member types of a variant.
		{"sentence_transformer model_name null", `{"function_type":"sentence_transformer","model_name":null}`, at + "/model_name",
			"string_type", "Input should be a valid string", at + "/model_name"},
		{"openai api_key a number", `{"function_type":"openai","api_key":12}`, at + "/api_key",
			"string_type", "Input should be a valid string", at + "/api_key"},
	} {
		data := chromaWith(tt.in)
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: m}).ValidateComponent(data)
			var f *agentschema.Fault
			if !errors.As(err, &f) {
				t.Errorf("%s, %v: %v, want a fault", tt.name, m, err)
				continue
			}
			if f.Pointer != tt.ptr {
				t.Errorf("%s, %v: pointer %q (%s), want %q", tt.name, m, f.Pointer, f.Message, tt.ptr)
			}
			if m == ModeAutoGen && (f.Type != tt.code || f.Message != tt.msg) {
				t.Errorf("%s, autogen: %s %q, want %s %q", tt.name, f.Type, f.Message, tt.code, tt.msg)
			}
		}
		_, err := component.NormalizeTree(data)
		var f *agentschema.Fault
		if !errors.As(err, &f) {
			t.Errorf("%s, normalize: %v, want a fault", tt.name, err)
			continue
		}
		if f.Pointer != tt.normPtr || f.Type != tt.code || f.Message != tt.msg {
			t.Errorf("%s, normalize: %s %s %q, want %s %s %q", tt.name, f.Pointer, f.Type, f.Message, tt.normPtr, tt.code, tt.msg)
		}
	}
}

// TestChromaEmbeddingFunctionIgnoredMembers: with Strict, a member the
// variant does not declare is a warning (pydantic ignores it), named with
// the variant's class, in both modes; the document stays valid. A tag
// member is the variant's own, so "function_type" is never one.
func TestChromaEmbeddingFunctionIgnoredMembers(t *testing.T) {
	const at = "/config/embedding_function_config"
	for _, tt := range []struct {
		name, in string
		want     []string // pointer: message
	}{
		{"default with model_name", `{"function_type":"default","model_name":"all-mpnet-base-v2"}`,
			[]string{at + `/model_name: DefaultEmbeddingFunctionConfig has no member "model_name": AutoGen ignores it`}},
		// "model_nam" is one edit from "model_name".
		{"openai with a typo and params", `{"function_type":"openai","model_nam":"text-embedding-3-small","params":{}}`,
			[]string{
				at + `/model_nam: OpenAIEmbeddingFunctionConfig has no member "model_nam": AutoGen ignores it; did you mean "model_name"?`,
				at + `/params: OpenAIEmbeddingFunctionConfig has no member "params": AutoGen ignores it`,
			}},
		{"sentence_transformer with api_key", `{"function_type":"sentence_transformer","api_key":"sk-x"}`,
			[]string{at + `/api_key: SentenceTransformerEmbeddingFunctionConfig has no member "api_key": AutoGen ignores it`}},
		{"declared members only", `{"function_type":"openai","api_key":"sk-x","model_name":"m"}`, nil},
	} {
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			var got []string
			v := &Validator{Mode: m, Strict: true, Warn: func(f *agentschema.Fault) {
				if f.Type != TypeIgnoredMember {
					t.Errorf("%s, %v: warning type %q", tt.name, m, f.Type)
				}
				got = append(got, f.Pointer+": "+f.Message)
			}}
			if err := v.ValidateComponent(chromaWith(tt.in)); err != nil {
				t.Errorf("%s, %v: %v", tt.name, m, err)
			}
			if len(got) != len(tt.want) {
				t.Errorf("%s, %v: warnings %q, want %q", tt.name, m, got, tt.want)
				continue
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("%s, %v: warning %q, want %q", tt.name, m, got[i], tt.want[i])
				}
			}
		}
	}
}

// TestStrictIgnoredNestedMember: the warning is the same for any typed
// object inside a config: an McpWorkbench's server_params is a
// StdioServerParams (autogen_ext/tools/mcp/_config.py, over mcp's
// StdioServerParameters, a plain BaseModel: extra members ignored), and
// "arg" is one edit from its "args".
func TestStrictIgnoredNestedMember(t *testing.T) {
	in := `{"provider":"autogen_ext.tools.mcp.McpWorkbench","component_type":"workbench","config":{"server_params":{"type":"StdioServerParams","command":"uvx","arg":["mcp-server-fetch"]}}}`
	want := `/config/server_params/arg: StdioServerParams has no member "arg": AutoGen ignores it; did you mean "args"?`
	var got []string
	v := &Validator{Mode: ModeAutoGen, Strict: true, Warn: func(f *agentschema.Fault) { got = append(got, f.Pointer+": "+f.Message) }}
	if err := v.ValidateComponent([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf("warnings %q, want %q", got, want)
	}
}
