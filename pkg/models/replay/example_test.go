package replay_test

import (
	"context"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// Using the replay client: predefined answers in order, streamed word by
// word, usage counted in words.
func Example() {
	ctx := context.Background()
	client := replay.New(replay.Texts(
		"Hello, how can I assist you today?",
		"I'm happy to help with any questions you have.",
	))
	messages := []gen.LLMMessage{
		models.NewSystemMessage("You are a helpful assistant."),
		models.NewUserText("user", "What can you do?"),
	}

	result, err := client.Create(ctx, messages, models.CreateOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(result.Content.Text, result.FinishReason, result.Usage.PromptTokens, result.Usage.CompletionTokens)

	for ev, err := range client.CreateStream(ctx, messages, models.CreateOptions{}) {
		if err != nil {
			panic(err)
		}
		if ev.IsResult() {
			fmt.Println()
			break
		}
		fmt.Printf("[%s]", ev.Text)
	}

	_, err = client.Create(ctx, messages, models.CreateOptions{})
	fmt.Println(err)

	n, _ := client.CountTokens(messages)
	left, _ := client.RemainingTokens(messages)
	fmt.Println(n, client.TotalUsage().PromptTokens, client.TotalUsage().CompletionTokens, left)
	// Output:
	// Hello, how can I assist you today? stop 9 7
	// [I'm ][happy ][to ][help ][with ][any ][questions ][you ][have.]
	// No more mock responses available
	// 9 18 16 9966
}

// The replay client's component config is AutoGen's: it loads from the
// JSON AutoGen's dump_component() writes, and dumps the same JSON.
func Example_component() {
	config := []byte(`{"provider": "autogen_ext.models.replay.ReplayChatCompletionClient",
		"component_type": "replay_chat_completion_client", "version": 1, "component_version": 1,
		"config": {"chat_completions": ["hi", {"finish_reason": "stop", "content": "x",
			"usage": {"prompt_tokens": 1, "completion_tokens": 2}, "cached": false}]}}`)
	client, err := models.LoadClient(context.Background(), config)
	if err != nil {
		panic(err)
	}
	dump, err := component.Dump(client.(component.Component))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(dump))
	// Output:
	// {"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","component_type":"replay_chat_completion_client","version":1,"component_version":1,"description":"A mock chat completion client that replays predefined responses using an index-based approach.","label":"ReplayChatCompletionClient","config":{"chat_completions":["hi",{"finish_reason":"stop","content":"x","usage":{"prompt_tokens":1,"completion_tokens":2},"cached":false}],"model_info":{"vision":false,"function_calling":false,"json_output":false,"family":"unknown","structured_output":false}}}
}
