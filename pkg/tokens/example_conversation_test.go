package tokens_test

import (
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// Counting a conversation built with package models, as AutoGen's OpenAI
// client counts it. The counts are TOKENS.md's worked examples:
// [System "Hello", User("Hello", source="user"), Assistant "Hello"] is
// (3+1+1) + (3+1+1+1+1) + (3+1+1) + 3 = 20 tokens for gpt-4o, whose limit is
// 128,000; a function call message is 43.
func Example_conversation() {
	conversation := []gen.LLMMessage{
		models.NewSystemMessage("Hello"),
		models.NewUserText("user", "Hello"),
		models.NewAssistantText("assistant", "Hello"),
	}
	n, err := tokens.CountMessages(conversation, "gpt-4o")
	if err != nil {
		panic(err)
	}
	left, err := tokens.RemainingTokens(conversation, "gpt-4o")
	if err != nil {
		panic(err)
	}
	fmt.Println(n, left)

	call := models.NewFunctionCallMessage("assistant",
		gen.FunctionCall{ID: "call_1", Name: "get_weather", Arguments: `{"city": "Paris"}`})
	n, err = tokens.CountMessages([]gen.LLMMessage{call}, "gpt-4o")
	fmt.Println(n, err)
	// Output:
	// 20 127980
	// 43 <nil>
}
