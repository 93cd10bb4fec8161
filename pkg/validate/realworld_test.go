package validate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema"
)

// TestRealWorldMessages validates pkg/contents' chat messages as .NET's
// ChatMessage and the Agent Framework's Message write them (see
// pkg/contents/realworld_test.go for the sources), in both modes, by type
// name and, for the Agent Framework's, by its "type" tag ("message").
func TestRealWorldMessages(t *testing.T) {
	dir := filepath.Join("..", "contents", "testdata")
	for _, f := range []string{"dotnet_chat_message.json", "agentframework_message.json", "dotnet_chat_message.golden.json", "agentframework_message.golden.json"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			if err := (&Validator{Mode: m}).Validate("AIChatMessage", data); err != nil {
				t.Errorf("%s, %v: %v", f, m, err)
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "agentframework_message.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Mode{ModeSchema, ModeAutoGen} {
		if title, err := (&Validator{Mode: m}).ValidateTagged(data); err != nil || title != "AIChatMessage" {
			t.Errorf("tagged, %v: %q, %v", m, title, err)
		}
	}
}

// TestRealWorldInvalid checks one invalid document of each type in both
// modes alike: the first fault's pointer (a missing member's pointer names
// the member, by its schema name; a missing or bad tag is at the tag).
func TestRealWorldInvalid(t *testing.T) {
	tests := []struct{ name, title, in, ptr string }{
		{"AF Message with a tag of another type", "AIChatMessage", `{"type":"messages","role":"user","contents":[]}`, "/type"},
		{"AF file without file_id", "AIContent", `{"type":"file","additional_properties":{}}`, "/file_id"},
		{"AF vector_store id not a string", "AIContent", `{"type":"vector_store","vector_store_id":7}`, "/vector_store_id"},
		{"AF function_result text item without text", "AIContent", `{"type":"function_result","call_id":"c","items":[{"type":"text"}]}`, "/items/0/text"},
		{".NET hostedFile sizeInBytes not a number", "AIContent", `{"$type":"hostedFile","fileId":"f","sizeInBytes":"big"}`, "/sizeInBytes"},
		{".NET toolApprovalRequest without toolCall", "AIContent", `{"$type":"toolApprovalRequest","requestId":"r"}`, "/function_call"},
		{".NET mcpServerToolCall name not a string", "AIContent", `{"$type":"mcpServerToolCall","callId":"c","name":1}`, "/name"},
		{".NET codeInterpreterToolCall inputs not an array", "AIContent", `{"$type":"codeInterpreterToolCall","callId":"c","inputs":"print(1)"}`, "/inputs"},
		{".NET ChatResponse message role not a string", "ChatResponse", `{"messages":[{"role":7}]}`, "/messages/0/role"},
		{".NET ChatResponseUpdate content without a tag", "ChatResponseUpdate", `{"contents":[{"text":"hi"}]}`, "/contents/0/type"},
	}
	for _, tt := range tests {
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: m}).Validate(tt.title, []byte(tt.in))
			var f *agentschema.Fault
			if !errors.As(err, &f) {
				t.Errorf("%s, %v: %v, want a fault", tt.name, m, err)
				continue
			}
			if f.Pointer != tt.ptr {
				t.Errorf("%s, %v: pointer %q (%s), want %q", tt.name, m, f.Pointer, f.Message, tt.ptr)
			}
		}
	}
}
