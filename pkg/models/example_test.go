package models_test

import (
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

func Example() {
	thought := "I should look this up."
	call := models.NewFunctionCallMessage("assistant",
		gen.FunctionCall{ID: "call_1", Name: "get_weather", Arguments: `{"city": "Paris"}`})
	call.Thought = &thought
	conversation := []gen.LLMMessage{
		models.NewSystemMessage("You are a helpful assistant."),
		models.NewUserText("alice", "What's the weather in Paris?"),
		call,
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("call_1", "get_weather", "18°C, sunny", nil)),
		models.NewAssistantText("assistant", "It is 18°C and sunny."),
	}
	for _, m := range conversation {
		b, _ := json.Marshal(m)
		fmt.Println(string(b))
	}
	total := models.AddUsage(models.NewRequestUsage(120, 15), models.NewRequestUsage(160, 9))
	fmt.Println(total.PromptTokens, total.CompletionTokens)
	// Output:
	// {"content":"You are a helpful assistant.","type":"SystemMessage"}
	// {"content":"What's the weather in Paris?","source":"alice","type":"UserMessage"}
	// {"content":[{"id":"call_1","arguments":"{\"city\": \"Paris\"}","name":"get_weather"}],"thought":"I should look this up.","source":"assistant","type":"AssistantMessage"}
	// {"content":[{"content":"18°C, sunny","name":"get_weather","call_id":"call_1","is_error":null}],"type":"FunctionExecutionResultMessage"}
	// {"content":"It is 18°C and sunny.","thought":null,"source":"assistant","type":"AssistantMessage"}
	// 280 24
}

func ExampleValidateModelInfo() {
	warnings, err := models.ValidateModelInfo([]byte(`{"vision": true, "function_calling": true, "json_output": true, "family": "gpt-4o"}`))
	fmt.Println(warnings, err)
	_, err = models.ValidateModelInfo([]byte(`{"function_calling": true}`))
	fmt.Println(err)
	// Output:
	// [UserWarning: Missing required field 'structured_output' in ModelInfo. This field will be required in a future version of AutoGen.] <nil>
	// Missing required field 'vision' in ModelInfo. Starting in v0.4.7, the required fields are enforced.
}

func ExampleIsOpenAI() {
	for _, f := range []gen.ModelFamily{models.FamilyGPT4O, models.FamilyR1, "gpt-4o-mini", models.FamilyClaude4Sonnet} {
		fmt.Println(f, models.IsOpenAI(f), models.IsClaude(f))
	}
	// Output:
	// gpt-4o true false
	// r1 false false
	// gpt-4o-mini false false
	// claude-4-sonnet false true
}
