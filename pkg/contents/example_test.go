package contents_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/contents"
)

// A DataContent made from a data: URI gives its bytes, its base64 and the
// URI back; a malformed URI is a *DataURIError.
func ExampleDataContentFromURI() {
	dc, err := contents.DataContentFromURI("data:text/plain;charset=UTF-8;base64,aGVsbG8=")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s %q %s\n", dc.MediaType, dc.Data, dc.Base64Data())
	fmt.Println(dc.URI())

	_, err = contents.DataContentFromURI("data:image/png;base64")
	var bad *contents.DataURIError
	fmt.Println(errors.As(err, &bad), err)
	// Output:
	// text/plain;charset=UTF-8 "hello" aGVsbG8=
	// data:text/plain;charset=UTF-8;base64,aGVsbG8=
	// true invalid data URI: it has no "," between the media type and the data
}

// Usage adds member by member: counts add, an absent count plus a present
// one is the present one, and additional counts add key by key.
func ExampleUsageDetails_Add() {
	first := gen.UsageDetails{
		InputTokenCount:  contents.Count(120),
		OutputTokenCount: contents.Count(30),
		AdditionalCounts: gen.AdditionalCounts{contents.ThoughtTokenCount: *contents.Count(12)},
	}
	second := gen.UsageDetails{
		InputTokenCount:  contents.Count(80),
		TotalTokenCount:  contents.Count(95),
		AdditionalCounts: gen.AdditionalCounts{contents.ThoughtTokenCount: *contents.Count(3), "openai.cached_tokens": *contents.Count(64)},
	}
	sum, _ := json.Marshal(first.Add(second))
	fmt.Println(string(sum))

	// A key that is neither well-known nor "<service>.<name>" is an error.
	fmt.Println(gen.AdditionalCounts{"cached_tokens": *contents.Count(1)}.Validate())
	// Output:
	// {"input_token_count":200,"output_token_count":30,"total_token_count":95,"additional_counts":{"openai.cached_tokens":64,"thought_token_count":15}}
	// Key 'cached_tokens' is neither a well-known count (thought_token_count, image_token_count) nor prefixed with a service name and a dot (such as 'openai.cached_tokens')
}

// An AutoGen assistant message with function calls becomes its thought as
// reasoning and one FunctionCallContent per call, arguments as a JSON
// object; arguments that are not JSON keep the call, with an exception.
// Converting back gives the original message.
func ExampleFromLLMMessage() {
	msg, err := gen.UnmarshalLLMMessage([]byte(`{"type": "AssistantMessage", "source": "assistant",
		"thought": "I need the weather.",
		"content": [{"id": "call_1", "name": "get_weather", "arguments": "{\"city\": \"Paris\"}"},
		            {"id": "call_2", "name": "get_time", "arguments": "Paris"}]}`))
	if err != nil {
		panic(err)
	}
	m, err := contents.FromLLMMessage(msg)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Role, m.AuthorName)
	for _, c := range m.Contents {
		switch c := c.(type) {
		case *gen.TextReasoningContent:
			fmt.Println("reasoning:", c.Text)
		case *gen.FunctionCallContent:
			var args string
			if c.Arguments != nil && c.Arguments.IsObject() {
				args = string(c.Arguments.Object)
			}
			fmt.Println("call:", c.CallID, c.Name, args, c.Exception)
		}
	}
	back, _ := contents.ToLLMMessage(m)
	fmt.Println(back == msg)
	// Output:
	// assistant assistant
	// reasoning: I need the weather.
	// call: call_1 get_weather {"city":"Paris"} <nil>
	// call: call_2 get_time  function call arguments are not a JSON object: invalid character 'P' looking for beginning of value
	// true
}

// Contents written by .NET's Microsoft.Extensions.AI read as well; they
// are written in this project's form.
func ExampleUnmarshalList() {
	cs, err := contents.UnmarshalList([]byte(`[
		{"$type": "text", "text": "hi"},
		{"$type": "functionCall", "callId": "c1", "name": "f", "arguments": {"x": 1}},
		{"$type": "data", "uri": "data:image/png;base64,iVBORw0KGgo=", "mediaType": "image/png"}]`), gen.UnmarshalOptions{})
	if err != nil {
		panic(err)
	}
	out, _ := contents.List(cs).MarshalJSON()
	fmt.Println(string(out))
	// Output:
	// [{"type":"text","text":"hi"},{"type":"function_call","call_id":"c1","name":"f","arguments":{"x":1}},{"type":"data","data":"iVBORw0KGgo=","media_type":"image/png"}]
}

// A chat message as .NET's Microsoft.Extensions.AI writes it ("$type"
// tags, camelCase) becomes AutoGen's AssistantMessage: the reasoning is its
// thought, the call a FunctionCall with its arguments as JSON text, the
// author its source. The AutoGen JSON has the members in the order
// autogen_core/models/_types.py declares AssistantMessage's fields
// (content, thought, source, type) and _types.py FunctionCall's (id,
// arguments, name).
func ExampleFromAIChatMessage() {
	dotnet := `{
	  "role": "assistant",
	  "authorName": "planner",
	  "contents": [
	    {"$type": "reasoning", "text": "Paris is in France.", "protectedData": "opaque"},
	    {"$type": "functionCall", "callId": "call_1", "name": "get_weather", "arguments": {"city": "Paris"}}
	  ],
	  "messageId": "msg_1"
	}`
	var m gen.AIChatMessage
	if err := json.Unmarshal([]byte(dotnet), &m); err != nil {
		panic(err)
	}
	lm, err := contents.ToLLMMessage(contents.FromAIChatMessage(&m))
	if err != nil {
		panic(err)
	}
	autogen, _ := json.Marshal(lm)
	fmt.Println(string(autogen))
	// This project's form of the chat message keeps every member.
	ours, _ := json.Marshal(&m)
	fmt.Println(string(ours))
	// Output:
	// {"content":[{"id":"call_1","arguments":"{\"city\":\"Paris\"}","name":"get_weather"}],"thought":"Paris is in France.","source":"planner","type":"AssistantMessage"}
	// {"type":"message","role":"assistant","author_name":"planner","contents":[{"type":"text_reasoning","text":"Paris is in France.","protected_data":"opaque"},{"type":"function_call","call_id":"call_1","name":"get_weather","arguments":{"city":"Paris"}}],"message_id":"msg_1"}
}
