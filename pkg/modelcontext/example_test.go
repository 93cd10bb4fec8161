package modelcontext_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// conversation is a short chat with one tool exchange.
func conversation() []gen.LLMMessage {
	thought := "The user wants the weather; I should call the tool."
	call := models.NewFunctionCallMessage("assistant", gen.FunctionCall{ID: "call_1", Name: "weather", Arguments: `{"city": "Paris"}`})
	call.Thought = &thought
	return []gen.LLMMessage{
		models.NewSystemMessage("You are a helpful assistant."),
		models.NewUserText("user", "What is the weather in Paris?"),
		call,
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("call_1", "weather", "sunny, 24 C", nil)),
		models.NewAssistantText("assistant", "It is sunny and 24 C in Paris."),
		models.NewUserText("user", "Thanks!"),
	}
}

// fill adds msgs to cc.
func fill(cc modelcontext.ChatCompletionContext, msgs []gen.LLMMessage) {
	for _, m := range msgs {
		if err := cc.AddMessage(context.Background(), m); err != nil {
			panic(err)
		}
	}
}

// printView prints the view, one message per line.
func printView(cc modelcontext.ChatCompletionContext) {
	view, err := cc.GetMessages(context.Background())
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	for _, m := range view {
		b, _ := json.Marshal(m)
		fmt.Println(string(b))
	}
}

// ReasoningContext wraps another context and drops the thought of the
// assistant messages in its view, as the ReasoningModelContext of
// AutoGen's documentation does: a reasoning model's long thoughts are not
// needed in later requests.
type ReasoningContext struct {
	modelcontext.ChatCompletionContext
}

// GetMessages returns the wrapped context's view with the assistant
// messages' thoughts removed. The messages are shared with the wrapped
// context, so a changed message is a copy.
func (r ReasoningContext) GetMessages(ctx context.Context) ([]gen.LLMMessage, error) {
	msgs, err := r.ChatCompletionContext.GetMessages(ctx)
	if err != nil {
		return nil, err
	}
	for i, m := range msgs {
		if a, ok := m.(*gen.AssistantMessage); ok && a.Thought != nil {
			c := *a
			c.Thought = nil
			msgs[i] = &c
		}
	}
	return msgs, nil
}

// Example shows a custom context: ReasoningContext wraps an unbounded
// context and leaves the thoughts out of the view, while the saved state
// keeps them.
func Example() {
	inner, _ := modelcontext.NewUnbounded()
	var cc modelcontext.ChatCompletionContext = ReasoningContext{inner}
	fill(cc, conversation()[1:4])
	printView(cc)
	state, _ := cc.SaveState(context.Background())
	fmt.Println(string(state))
	// Output:
	// {"content":"What is the weather in Paris?","source":"user","type":"UserMessage"}
	// {"content":[{"id":"call_1","arguments":"{\"city\": \"Paris\"}","name":"weather"}],"thought":null,"source":"assistant","type":"AssistantMessage"}
	// {"content":[{"content":"sunny, 24 C","name":"weather","call_id":"call_1","is_error":null}],"type":"FunctionExecutionResultMessage"}
	// {"messages":[{"content":"What is the weather in Paris?","source":"user","type":"UserMessage"},{"content":[{"id":"call_1","arguments":"{\"city\": \"Paris\"}","name":"weather"}],"thought":"The user wants the weather; I should call the tool.","source":"assistant","type":"AssistantMessage"},{"content":[{"content":"sunny, 24 C","name":"weather","call_id":"call_1","is_error":null}],"type":"FunctionExecutionResultMessage"}]}
}

// ExampleNewUnbounded shows that an unbounded context's view is the whole
// history.
func ExampleNewUnbounded() {
	cc, _ := modelcontext.NewUnbounded(modelcontext.WithInitialMessages(models.NewSystemMessage("Be brief.")))
	fill(cc, []gen.LLMMessage{models.NewUserText("user", "Hi!")})
	printView(cc)
	// Output:
	// {"content":"Be brief.","type":"SystemMessage"}
	// {"content":"Hi!","source":"user","type":"UserMessage"}
}

// ExampleNewBuffered shows AutoGen's buffered view: the last 2 messages,
// less the function result that leads them.
func ExampleNewBuffered() {
	cc, _ := modelcontext.NewBuffered(2)
	fill(cc, conversation()[:5])
	printView(cc)
	_, err := modelcontext.NewBuffered(0)
	fmt.Println(err)
	// Output:
	// {"content":"It is sunny and 24 C in Paris.","thought":null,"source":"assistant","type":"AssistantMessage"}
	// buffer_size must be greater than 0.
}

// ExampleNewHeadAndTail shows the head, AutoGen's placeholder and the
// tail. The head's last message is a function call, which AutoGen drops;
// the placeholder counts from the configured sizes.
func ExampleNewHeadAndTail() {
	cc, _ := modelcontext.NewHeadAndTail(3, 1)
	fill(cc, conversation())
	printView(cc)
	// Output:
	// {"content":"You are a helpful assistant.","type":"SystemMessage"}
	// {"content":"What is the weather in Paris?","source":"user","type":"UserMessage"}
	// {"content":"Skipped 2 messages.","source":"System","type":"UserMessage"}
	// {"content":"Thanks!","source":"user","type":"UserMessage"}
}

// ExampleNewTokenLimited trims a conversation to 15 tokens as the replay
// client counts them (words of text content, 20 in all; tool messages
// count 0): messages are removed from the middle of the current list, the
// result (index 3 of 6), the call (2 of 5) and the answer (2 of 4), which
// leaves 12.
func ExampleNewTokenLimited() {
	client := replay.New(replay.Texts("unused"))
	cc, _ := modelcontext.NewTokenLimited(client, modelcontext.WithTokenLimit(15))
	fill(cc, conversation())
	printView(cc)
	// Output:
	// {"content":"You are a helpful assistant.","type":"SystemMessage"}
	// {"content":"What is the weather in Paris?","source":"user","type":"UserMessage"}
	// {"content":"Thanks!","source":"user","type":"UserMessage"}
}

// ExampleKeepToolPairs shows the option on a buffered context whose
// window of 4 messages starts inside a tool exchange (a call answered by
// two result messages) and ends with a call still waiting for its
// result. AutoGen's view drops one leading result and keeps the other
// without its call, and keeps the waiting call: OpenAI refuses both. With
// KeepToolPairs, neither is in the view.
func ExampleKeepToolPairs() {
	history := []gen.LLMMessage{
		models.NewUserText("user", "Weather in Paris and Rome?"),
		models.NewFunctionCallMessage("assistant",
			gen.FunctionCall{ID: "1", Name: "weather", Arguments: `{"city": "Paris"}`},
			gen.FunctionCall{ID: "2", Name: "weather", Arguments: `{"city": "Rome"}`}),
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("1", "weather", "sunny", nil)),
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("2", "weather", "rainy", nil)),
		models.NewAssistantText("assistant", "Sunny in Paris, rainy in Rome."),
		models.NewFunctionCallMessage("assistant", gen.FunctionCall{ID: "3", Name: "forecast", Arguments: "{}"}),
	}
	plain, _ := modelcontext.NewBuffered(4)
	pairs, _ := modelcontext.NewBuffered(4, modelcontext.KeepToolPairs())
	fill(plain, history)
	fill(pairs, history)
	printView(plain)
	fmt.Println("--")
	printView(pairs)
	// Output:
	// {"content":[{"content":"rainy","name":"weather","call_id":"2","is_error":null}],"type":"FunctionExecutionResultMessage"}
	// {"content":"Sunny in Paris, rainy in Rome.","thought":null,"source":"assistant","type":"AssistantMessage"}
	// {"content":[{"id":"3","arguments":"{}","name":"forecast"}],"thought":null,"source":"assistant","type":"AssistantMessage"}
	// --
	// {"content":"Sunny in Paris, rainy in Rome.","thought":null,"source":"assistant","type":"AssistantMessage"}
}

// ExampleLoad builds a context from the component config an AutoGen
// agent dumped, and dumps it back.
func ExampleLoad() {
	config := `{"provider": "autogen_core.model_context.HeadAndTailChatCompletionContext",
	  "component_type": "chat_completion_context", "version": 1, "component_version": 1,
	  "config": {"head_size": 1, "tail_size": 1}}`
	cc, err := modelcontext.Load(context.Background(), []byte(config))
	if err != nil {
		fmt.Println(err)
		return
	}
	fill(cc, conversation())
	printView(cc)
	dump, _ := component.Dump(cc.(component.Component))
	fmt.Println(string(dump))
	// Output:
	// {"content":"You are a helpful assistant.","type":"SystemMessage"}
	// {"content":"Skipped 4 messages.","source":"System","type":"UserMessage"}
	// {"content":"Thanks!","source":"user","type":"UserMessage"}
	// {"provider":"autogen_core.model_context.HeadAndTailChatCompletionContext","component_type":"chat_completion_context","version":1,"component_version":1,"description":"A chat completion context that keeps a view of the first n and last m messages,\n    where n is the head size and m is the tail size. The head and tail sizes\n    are set at initialization.","label":"HeadAndTailChatCompletionContext","config":{"head_size":1,"tail_size":1}}
}

// View reads a context's view without copying an unbounded history: the
// slice is only read (here, counted), never changed.
func ExampleView() {
	ctx := context.Background()
	u, _ := modelcontext.NewUnbounded()
	for _, m := range conversation() {
		_ = u.AddMessage(ctx, m)
	}
	view, err := modelcontext.View(ctx, u)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(view), "messages; the first:", view[0].(*gen.SystemMessage).Content)
	// Output: 6 messages; the first: You are a helpful assistant.
}
