package contents

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
)

// TestRealWorldGolden reads a chat message as each writer writes it and
// checks this project's JSON of it against a golden file written by hand
// from the schemas; the golden JSON reads back unchanged.
//
//   - dotnet_chat_message.json: a ChatMessage as System.Text.Json writes it
//     with AIJsonUtilities.DefaultOptions (camelCase, nulls left out, the
//     "$type" discriminators of AIContent.cs; in
//     src/Libraries/Microsoft.Extensions.AI.Abstractions:
//     ChatCompletion/ChatMessage.cs, Contents/HostedFileContent.cs with its
//     "purpose" and "scope", Contents/ToolApprovalRequestContent.cs with
//     requestId, toolCall and requiresConfirmation,
//     Contents/McpServerToolCallContent.cs with name, serverName and
//     arguments, Contents/CodeInterpreterToolCallContent.cs with inputs).
//   - agentframework_message.json: a Message as the Agent Framework's
//     Message.to_dict writes it (python/packages/core/agent_framework/
//     _types.py and _serialization.py: "type" is the class name in
//     snake_case, "message"; each Content.to_dict writes its
//     fields_to_capture in order and an empty additional_properties;
//     Content.from_function_result writes the text items joined by
//     newlines as result and every item in items; the "file" and
//     "vector_store" contents are those tests/core/test_types.py's
//     test_ai_content_serialization round-trips).
func TestRealWorldGolden(t *testing.T) {
	for _, tt := range []struct{ in, golden string }{
		{"dotnet_chat_message.json", "dotnet_chat_message.golden.json"},
		{"agentframework_message.json", "agentframework_message.golden.json"},
	} {
		t.Run(tt.in, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", tt.in))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", tt.golden))
			if err != nil {
				t.Fatal(err)
			}
			want = bytes.TrimSpace(want)
			var m gen.AIChatMessage
			if err := json.Unmarshal(in, &m); err != nil {
				t.Fatalf("decode: %v", err)
			}
			got, err := json.Marshal(&m)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("JSON\n got %s\nwant %s", got, want)
			}
			var again gen.AIChatMessage
			if err := json.Unmarshal(want, &again); err != nil {
				t.Fatalf("decode golden: %v", err)
			}
			if out, err := json.Marshal(&again); err != nil || !bytes.Equal(out, want) {
				t.Errorf("golden does not read back unchanged:\n got %s (%v)", out, err)
			}
		})
	}
}

// TestRealWorldContents checks the contents one at a time: each in the
// form its writer writes, this project's form of it, and its tag.
func TestRealWorldContents(t *testing.T) {
	tests := []struct{ name, in, want, tag string }{
		// _types.py: Content("file", file_id=...).to_dict().
		{"AF file", `{"type":"file","file_id":"file-123","additional_properties":{}}`, `{"type":"file","file_id":"file-123","additional_properties":{}}`, TypeFile},
		{"AF file with media type and name", `{"type":"file","media_type":"text/csv","name":"a.csv","file_id":"f"}`, `{"type":"file","file_id":"f","media_type":"text/csv","name":"a.csv"}`, TypeFile},
		{"AF vector_store", `{"type":"vector_store","vector_store_id":"vs-789"}`, `{"type":"vector_store","vector_store_id":"vs-789"}`, TypeVectorStore},
		// Content.from_function_result(call_id, result=[text, data]).
		{"AF function_result items", `{"type":"function_result","call_id":"c","result":"a","items":[{"type":"text","text":"a"},{"type":"data","uri":"data:text/plain;base64,aGk=","media_type":"text/plain"}]}`,
			`{"type":"function_result","call_id":"c","result":"a","items":[{"type":"text","text":"a"},{"type":"data","data":"aGk=","media_type":"text/plain"}]}`, TypeFunctionResult},
		// test_types.py's {"type": "function_result", "call_id": "1", "result": {}}.
		{"AF function_result without items", `{"type":"function_result","call_id":"1","result":{}}`, `{"type":"function_result","call_id":"1","result":{}}`, TypeFunctionResult},
		{"function_result items empty", `{"type":"function_result","call_id":"1","items":[]}`, `{"type":"function_result","call_id":"1","items":[]}`, TypeFunctionResult},
		// ToolApprovalRequestContent.cs: RequiresConfirmationCore defaults to
		// true and, a bool, is always written; absent stays absent here.
		{".NET toolApprovalRequest, requiresConfirmation false", `{"$type":"toolApprovalRequest","requestId":"r","toolCall":{"$type":"codeInterpreterToolCall","callId":"ci"},"requiresConfirmation":false}`,
			`{"type":"function_approval_request","id":"r","function_call":{"type":"code_interpreter_tool_call","call_id":"ci"},"requires_confirmation":false}`, TypeFunctionApprovalRequest},
		{".NET hostedFile, every member", `{"$type":"hostedFile","fileId":"f","mediaType":"text/csv","name":"n","sizeInBytes":5,"createdAt":"2025-01-01T00:00:00+00:00","purpose":"p","scope":"s","annotations":[{"$type":"citation"}]}`,
			`{"type":"hosted_file","file_id":"f","media_type":"text/csv","name":"n","size_in_bytes":5,"created_at":"2025-01-01T00:00:00+00:00","purpose":"p","scope":"s","annotations":[{"$type":"citation"}]}`, TypeHostedFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Unmarshal([]byte(tt.in))
			if err != nil {
				t.Fatalf("Unmarshal: %v", err)
			}
			if c.Type() != tt.tag {
				t.Errorf("tag %q, want %q", c.Type(), tt.tag)
			}
			out, err := Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Errorf("JSON\n got %s\nwant %s", out, tt.want)
			}
		})
	}
}

// TestRealWorldInvalid checks one invalid document of each type: the
// decoder's fault is at pydantic's location of the error (a missing
// member at its schema name, an unknown tag at the object that has it).
func TestRealWorldInvalid(t *testing.T) {
	tests := []struct{ name, typ, in, ptr string }{
		{"AF file without file_id", "content", `{"type":"file","additional_properties":{}}`, "/file_id"},
		{"AF vector_store id not a string", "content", `{"type":"vector_store","vector_store_id":7}`, "/vector_store_id"},
		{"AF function_result item without its tag", "content", `{"type":"function_result","call_id":"c","items":[{"text":"a"}]}`, "/items/0"},
		{".NET hostedFile sizeInBytes not a number", "content", `{"$type":"hostedFile","fileId":"f","sizeInBytes":"big"}`, "/sizeInBytes"},
		{".NET toolApprovalRequest without toolCall", "content", `{"$type":"toolApprovalRequest","requestId":"r"}`, "/function_call"},
		{".NET mcpServerToolCall without name", "content", `{"$type":"mcpServerToolCall","callId":"c"}`, "/tool_name"},
		{".NET codeInterpreterToolCall input of an unknown kind", "content", `{"$type":"codeInterpreterToolCall","callId":"c","inputs":[{"$type":"inputRequest"}]}`, "/inputs/0"},
		{"AF message of another tag", "message", `{"type":"chat_response","role":"user"}`, "/type"},
		{".NET message contents not an array", "message", `{"role":"user","contents":{"$type":"text","text":"hi"}}`, "/contents"},
		{".NET response of a bad message", "response", `{"messages":[{"role":7}]}`, "/messages/0/role"},
		{".NET update content without a tag", "update", `{"contents":[{"text":"hi"}]}`, "/contents/0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			switch tt.typ {
			case "content":
				_, err = Unmarshal([]byte(tt.in))
			case "message":
				err = json.Unmarshal([]byte(tt.in), new(gen.AIChatMessage))
			case "response":
				err = json.Unmarshal([]byte(tt.in), new(gen.ChatResponse))
			case "update":
				err = json.Unmarshal([]byte(tt.in), new(gen.ChatResponseUpdate))
			}
			var f *agentschema.Fault
			if !errors.As(err, &f) {
				t.Fatalf("got %v, want a fault", err)
			}
			if f.Pointer != tt.ptr {
				t.Errorf("pointer %q (%s), want %q", f.Pointer, f.Message, tt.ptr)
			}
		})
	}
}

// TestFunctionResultItemsToAutoGen checks the Agent Framework's items on
// the way to AutoGen's FunctionExecutionResult: text items are the result
// (joined by newlines when there is no result, as from_function_result
// joins them), and any other item is a *ConversionError, never dropped.
func TestFunctionResultItemsToAutoGen(t *testing.T) {
	texts := &gen.FunctionResultContent{CallID: "c", Items: []gen.AIContent{&gen.TextContent{Text: "a"}, &gen.TextContent{Text: "b"}},
		AdditionalProperties: gen.RawJSON(`{"autogen.name":"f"}`)}
	r, err := ToFunctionResult(texts)
	if err != nil || r.Content != "a\nb" || r.Name != "f" {
		t.Errorf("text items: %+v, %v", r, err)
	}
	texts.Result = gen.RawJSON(`"a\nb"`)
	if r, err := ToFunctionResult(texts); err != nil || r.Content != "a\nb" {
		t.Errorf("text items with result: %+v, %v", r, err)
	}
	data := &gen.FunctionResultContent{CallID: "c", Result: gen.RawJSON(`""`), Items: []gen.AIContent{&gen.DataContent{Data: []byte("x"), MediaType: "image/png"}},
		AdditionalProperties: gen.RawJSON(`{"autogen.name":"f"}`)}
	_, err = ToFunctionResult(data)
	var ce *ConversionError
	if !errors.As(err, &ce) {
		t.Errorf("data item: %v, want a *ConversionError", err)
	}
}

// TestAIChatMessageTag checks that an Agent Framework message keeps the
// tag its writer wrote: Message (today's Agent Framework) writes and
// reads only "message", ChatMessage (before the rename) only
// "chat_message" (SerializationMixin.from_dict raises "Type mismatch" on
// the other), so the tag read is the tag written; a message with none
// (.NET's, or one built in Go) gets today's "message", and a Tag set to
// anything else is refused rather than replaced.
func TestAIChatMessageTag(t *testing.T) {
	for _, tt := range []struct {
		name, in, wantTag, wantOut, wantErr string
	}{
		{"current AF", `{"type":"message","role":"user"}`, "message", `{"type":"message","role":"user","contents":[]}`, ""},
		{"AF before the rename", `{"type":"chat_message","role":"user"}`, "chat_message", `{"type":"chat_message","role":"user","contents":[]}`, ""},
		{".NET, no tag", `{"role":"user"}`, "", `{"type":"message","role":"user","contents":[]}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var m gen.AIChatMessage
			if err := json.Unmarshal([]byte(tt.in), &m); err != nil {
				t.Fatal(err)
			}
			if m.Tag != tt.wantTag {
				t.Errorf("Tag = %q, want %q", m.Tag, tt.wantTag)
			}
			out, err := json.Marshal(&m)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.wantOut {
				t.Errorf("got %s, want %s", out, tt.wantOut)
			}
		})
	}
	m := gen.AIChatMessage{Tag: "chat", Role: "user"}
	if m.Type() != "chat" {
		t.Errorf("Type() = %q", m.Type())
	}
	_, err := json.Marshal(&m)
	if err == nil || !strings.Contains(err.Error(), `the type tag "chat" is not one of 'message' or 'chat_message'`) {
		t.Errorf("encoding Tag \"chat\": err = %v", err)
	}
	if got := (*gen.AIChatMessage)(nil).Type(); got != "message" {
		t.Errorf("nil Type() = %q", got)
	}
}
