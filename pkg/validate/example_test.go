package validate_test

import (
	"errors"
	"fmt"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/validate"
)

// A saved context state whose fourth message has content of the wrong
// type: the error names that one field, not every kind of LLM message.
func ExampleValidate() {
	state := []byte(`{"messages": [
  {"type": "SystemMessage", "content": "You are helpful."},
  {"type": "UserMessage", "content": "Hi", "source": "user"},
  {"type": "AssistantMessage", "content": "Hello!", "source": "assistant"},
  {"type": "UserMessage", "content": 42, "source": "user"}
]}`)
	err := validate.Validate("ChatCompletionContextState", state)
	var errs agentschema.Faults
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Printf("%d:%d: %s: %s\n", e.Line, e.Column, e.Pointer, e.Message)
		}
	}
	// Output:
	// 5:38: /messages/3/content: expected string or array, got number 42
}

// A message without its "type" tag gets one error listing the tags.
func ExampleValidate_missingTag() {
	err := validate.Validate("LLMMessage", []byte(`{"content": "hi", "source": "user"}`))
	fmt.Println(err)
	// Output:
	// line 1, column 1: /type: missing "type" tag: expected one of "SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage"
}

// errors.As finds each fault as an *agentschema.Fault, with the keyword
// that failed.
func Example_faults() {
	err := validate.Validate("UserMessage", []byte(`{"content": "hi"}`))
	var e *agentschema.Fault
	if errors.As(err, &e) {
		fmt.Printf("%s [%s] %s\n", e.Pointer, e.Keyword, e.Message)
	}
	// Output:
	// /source [required] missing required property "source"
}

// Schema mode holds documents to the schemas; autogen mode accepts what
// AutoGen's Python packages accept, such as a numeric string for an int.
func ExampleValidator() {
	usage := []byte(`{"prompt_tokens": "12", "completion_tokens": 3}`)
	for _, mode := range []validate.Mode{validate.ModeSchema, validate.ModeAutoGen} {
		v := &validate.Validator{Mode: mode}
		fmt.Printf("%s: %v\n", mode, v.Validate("RequestUsage", usage))
	}
	// Output:
	// schema: line 1, column 19: /prompt_tokens: expected integer, got string "12"
	// autogen: <nil>
}
