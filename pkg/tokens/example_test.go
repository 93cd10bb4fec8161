package tokens_test

import (
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// Counting a conversation as AutoGen's OpenAI client does.
func ExampleCountMessages() {
	thought := "Let me look that up."
	messages := []gen.LLMMessage{
		&gen.SystemMessage{Content: "You are a helpful assistant."},
		&gen.UserMessage{Content: gen.UserMessageContentOfText("What's the weather in Paris?"), Source: "alice"},
		&gen.AssistantMessage{
			Content: gen.AssistantMessageContentOfFunctionCalls([]gen.FunctionCall{
				{ID: "call_1", Name: "get_weather", Arguments: `{"city": "Paris"}`},
			}),
			Thought: &thought,
			Source:  "assistant",
		},
		&gen.FunctionExecutionResultMessage{Content: []gen.FunctionExecutionResult{
			{CallID: "call_1", Name: "get_weather", Content: "18°C, sunny"},
		}},
		&gen.AssistantMessage{Content: gen.AssistantMessageContentOfText("It is 18°C and sunny."), Source: "assistant"},
	}
	tool := json.RawMessage(`{"name": "get_weather", "description": "Get the weather for a city.",
		"parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
		"required": ["city"]}}`)

	n, err := tokens.CountMessages(messages, "gpt-4o", tokens.Options{RawTools: []json.RawMessage{tool}})
	if err != nil {
		panic(err)
	}
	left, err := tokens.RemainingTokens(messages, "gpt-4o", tokens.Options{RawTools: []json.RawMessage{tool}})
	if err != nil {
		panic(err)
	}
	fmt.Println(n, left)

	// AutoGen refuses special-token text and invalid names.
	_, err = tokens.CountMessages([]gen.LLMMessage{
		&gen.UserMessage{Content: gen.UserMessageContentOfText("<|endoftext|>"), Source: "bob"},
	}, "gpt-4o")
	fmt.Println(err)
	// Output:
	// 132 127868
	// ValueError: Encountered text corresponding to disallowed special token '<|endoftext|>'.
}

func ExampleGetEncoding() {
	enc, err := tokens.GetEncoding("o200k_base")
	if err != nil {
		panic(err)
	}
	ids, _ := enc.Encode("hello world")
	text, _ := enc.DecodeString(ids)
	fmt.Println(ids, text)
	_, err = enc.Encode("a<|endoftext|>b")
	fmt.Println(err)
	fmt.Println(enc.EncodeOrdinary("<|endoftext|>"))
	// Output:
	// [24912 2375] hello world
	// Encountered text corresponding to disallowed special token '<|endoftext|>'.
	// [27 91 419 1440 919 91 29]
}

func ExampleEncodingForModel() {
	for _, m := range []string{"gpt-4o-mini", "o3", "gpt-4-turbo", "gpt-oss-20b", "claude-3-5-sonnet"} {
		fmt.Println(m, tokens.EncodingForModel(m))
	}
	// Output:
	// gpt-4o-mini o200k_base
	// o3 o200k_base
	// gpt-4-turbo cl100k_base
	// gpt-oss-20b o200k_harmony
	// claude-3-5-sonnet cl100k_base
}

func ExampleTokenLimit() {
	limit, ok := tokens.TokenLimit("gpt-4o")
	fmt.Println(tokens.ResolveModel("gpt-4o"), limit, ok)
	_, ok = tokens.TokenLimit("my-local-model")
	fmt.Println(ok)
	// Output:
	// gpt-4o-2024-08-06 128000 true
	// false
}

func ExampleVisionTokens() {
	for _, size := range [][2]int{{512, 512}, {1920, 1080}, {4000, 3000}} {
		n, _ := tokens.VisionTokens(size[0], size[1])
		fmt.Println(size[0], size[1], n)
	}
	// Output:
	// 512 512 255
	// 1920 1080 1105
	// 4000 3000 765
}

func ExamplePyJSONDumps() {
	s, err := tokens.PyJSONDumps([]byte(`{"b":1.0,"a":[1e-5,"é",true,null],"big":12345678901234567890}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	// Output:
	// {"b": 1.0, "a": [1e-05, "\u00e9", true, null], "big": 12345678901234567890}
}

func ExampleCountTools() {
	enc, _ := tokens.GetEncoding("o200k_base")
	n, err := tokens.CountTools(enc, []json.RawMessage{json.RawMessage(`{"name": "now"}`)})
	fmt.Println(n, err)
	_, err = tokens.CountTools(enc, []json.RawMessage{json.RawMessage(`{"description": "no name"}`)})
	fmt.Println(err)
	// Output:
	// 11 <nil>
	// KeyError: 'name'
}

// The counts of the messages plus the overhead are AutoGen's count.
func ExampleOpenAICounter() {
	c := &tokens.OpenAICounter{Model: "gpt-4o"}
	msgs := []gen.LLMMessage{
		&gen.SystemMessage{Content: "Hello"},
		&gen.UserMessage{Content: gen.UserMessageContentOfText("Hello"), Source: "user"},
	}
	each, total, err := models.CountEach(c, msgs)
	if err != nil {
		panic(err)
	}
	over, _ := c.OverheadTokens()
	fmt.Println(each, over, total)
	// Output:
	// [5 7] 3 15
}
