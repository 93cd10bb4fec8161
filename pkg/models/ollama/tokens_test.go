package ollama_test

import (
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/images"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// TestCountTokens checks count_tokens_ollama's arithmetic on values
// counted by hand. Every text here is one cl100k_base token ("Hello",
// "add", "Add", "a", "b"); a message is 3 plus its content tokens, the
// reply 3, the end 12; a tool is its name and description tokens - 2,
// plus its property names, plus 11 (- 2 without properties); images,
// tool calls and property types and descriptions count nothing.
func TestCountTokens(t *testing.T) {
	img, err := images.FromBase64("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==")
	if err != nil {
		t.Fatal(err)
	}
	add := "Add"
	tool := gen.ToolSchema{Name: "add", Description: &add, Parameters: &gen.ParametersSchema{Type: "object",
		Properties: gen.RawJSON(`{"a": {"type": "integer", "description": "first"}, "b": {"type": "integer"}}`), Required: []string{"a", "b"}}}
	noProps := gen.ToolSchema{Name: "add", Description: &add, Parameters: &gen.ParametersSchema{Type: "object", Properties: gen.RawJSON(`{}`)}}
	hello := models.NewUserText("user", "Hello")
	for _, tc := range []struct {
		name     string
		messages []gen.LLMMessage
		tools    []gen.ToolSchema
		want     int
	}{
		{"system and user", []gen.LLMMessage{models.NewSystemMessage("Hello"), hello}, nil, 23},
		{"a tool", []gen.LLMMessage{models.NewSystemMessage("Hello"), hello}, []gen.ToolSchema{tool}, 36},
		{"a tool without properties", []gen.LLMMessage{models.NewSystemMessage("Hello"), hello}, []gen.ToolSchema{noProps}, 32},
		{"tool calls count nothing", []gen.LLMMessage{hello, models.NewFunctionCallMessage("assistant",
			gen.FunctionCall{ID: "1", Name: "add", Arguments: `{"a": 1}`})}, nil, 22},
		{"images count nothing", []gen.LLMMessage{models.NewMultiModalUserMessage("user",
			models.TextItem("Hello"), models.ImageItem(img), models.TextItem("Hello"))}, nil, 20},
		{"results", []gen.LLMMessage{models.NewFunctionExecutionResultMessage(
			models.NewFunctionResult("1", "add", "Hello", nil), models.NewFunctionResult("2", "add", "Hello", nil))}, nil, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := mustNew(t, "llama3.2", nil)
			n, err := c.CountTokens(tc.messages, tc.tools...)
			if err != nil || n != tc.want {
				t.Fatalf("CountTokens = %d, %v; want %d", n, err, tc.want)
			}
		})
	}
	c := mustNew(t, "llama3.2", nil)
	if _, err := c.CountTokens(nil, gen.ToolSchema{Name: "now"}); !isException(err, "AssertionError") {
		t.Errorf("a tool without parameters: %v, want AssertionError", err)
	}
}

// TestRemainingTokens: the limit by full name (llava:13b has its own),
// else by the name before ':', minus CountTokens (23 for these
// messages); a KeyError for a model the table has no limit of.
func TestRemainingTokens(t *testing.T) {
	msgs := []gen.LLMMessage{models.NewSystemMessage("Hello"), models.NewUserText("user", "Hello")}
	info := &gen.ModelInfo{Family: models.FamilyUnknown, StructuredOutput: true}
	for _, tc := range []struct {
		model string
		info  *gen.ModelInfo
		want  int
		err   string
	}{
		{"llama3.2", nil, 131072 - 23, ""},
		{"llama3.2:3b", nil, 131072 - 23, ""},
		{"llava:13b", nil, 4096 - 23, ""},
		{"llava:7b", nil, 32768 - 23, ""},
		{"my-model:7b", info, 0, "'my-model'"},
	} {
		t.Run(tc.model, func(t *testing.T) {
			n, err := mustNew(t, tc.model, tc.info).RemainingTokens(msgs)
			if tc.err != "" {
				if class, msg, _ := ollama.ExceptionOf(err); class != "KeyError" || msg != tc.err {
					t.Fatalf("error %v, want KeyError: %s", err, tc.err)
				}
				return
			}
			if err != nil || n != tc.want {
				t.Fatalf("RemainingTokens = %d, %v; want %d", n, err, tc.want)
			}
		})
	}
}

func mustNew(t *testing.T, model string, info *gen.ModelInfo) *ollama.Client {
	t.Helper()
	c, err := ollama.New(gen.OllamaClientConfigurationConfigModel{Model: model, ModelInfo: info, FollowRedirects: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func isException(err error, class string) bool {
	c, _, ok := ollama.ExceptionOf(err)
	return ok && c == class
}
