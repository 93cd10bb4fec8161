package validate

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUntaggedTitle checks which type a document without a "type" tag is
// read as. The shapes are those of the writers that leave the tag out:
// System.Text.Json for Microsoft.Extensions.AI's ChatMessage,
// ChatResponse and ChatResponseUpdate (no polymorphism on those types, so
// no "$type"); AgentChat's TaskResult (a pydantic model with no "type"
// field, the last line of 'agentschema run'); and AutoGen's
// ChatCompletionContextState (model_dump of a model with only
// "messages"); and the records of task-centric memory's
// ChatCompletionClientRecorder session files (json.dump of RecordDicts,
// which have no tag). A document of none of these shapes is not guessed at.
func TestUntaggedTitle(t *testing.T) {
	for _, tt := range []struct {
		name, doc, want string
	}{
		{".NET ChatMessage", `{"role":"user","contents":[{"$type":"text","text":"hi"}]}`, "AIChatMessage"},
		{".NET ChatMessage, message id", `{"role":"user","contents":[],"messageId":"m1"}`, "AIChatMessage"},
		{".NET ChatResponseUpdate", `{"role":"assistant","contents":[],"responseId":"r1"}`, "ChatResponseUpdate"},
		{".NET ChatResponseUpdate, finish", `{"contents":[],"finishReason":"stop"}`, "ChatResponseUpdate"},
		{".NET ChatResponse", `{"messages":[{"role":"assistant","contents":[]}],"responseId":"r1"}`, "ChatResponse"},
		{"TaskResult", `{"messages":[{"type":"TextMessage","source":"user","content":"hi"}],"stop_reason":null}`, "TaskResult"},
		{"TaskResult, no messages", `{"messages":[],"stop_reason":"done"}`, "TaskResult"},
		{"recorder record", `{"mode":"create","messages":[{"type":"UserMessage","source":"user","content":"hi"}],"response":{"finish_reason":"stop","content":"ok","usage":{"prompt_tokens":1,"completion_tokens":1},"cached":false},"stream":[]}`, "ChatCompletionClientRecord"},
		{"context state", `{"messages":[{"type":"UserMessage","source":"user","content":"hi"}]}`, "ChatCompletionContextState"},
		{".NET content", `{"$type":"text","text":"hi"}`, "AIContent"},
		{"empty messages", `{"messages":[]}`, ""},
		{"agentchat messages without stop reason", `{"messages":[{"type":"TextMessage"}]}`, ""},
		{"contents not a list", `{"contents":"x"}`, ""},
		{"messages and contents", `{"messages":[],"contents":[]}`, ""},
		{"array", `[{"role":"user","contents":[]}]`, ""},
		{"not JSON", `{"contents":[`, ""},
		{"other object", `{"a":1}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := UntaggedTitle([]byte(tt.doc))
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("UntaggedTitle(%s) = %q, %v; want %q", tt.doc, got, ok, tt.want)
			}
		})
	}
}

// TestValidateUntaggedDocuments checks that the .NET documents under
// pkg/contents/testdata, which carry no "type" tag, are validated as their
// type without --type, and that a fault in one is reported as that type's.
func TestValidateUntaggedDocuments(t *testing.T) {
	v := &Validator{Mode: ModeSchema}
	for f, want := range map[string]string{
		"dotnet_chat_message.json":         "AIChatMessage",
		"dotnet_chat_response.json":        "ChatResponse",
		"dotnet_chat_response_update.json": "ChatResponseUpdate",
	} {
		data, err := os.ReadFile(filepath.Join("..", "contents", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		title, err := v.ValidateTagged(data)
		if title != want || err != nil {
			t.Errorf("%s: %q, %v; want %q, nil", f, title, err, want)
		}
	}
	title, err := v.ValidateTagged([]byte(`{"role":7,"contents":[]}`))
	if title != "AIChatMessage" || err == nil {
		t.Fatalf("bad role: %q, %v", title, err)
	}
	if got := err.Error(); got != "line 1, column 9: /role: expected string, got number 7" {
		t.Errorf("bad role: %s", got)
	}
}

// FuzzUntaggedTitle checks that any input is classified without a panic
// and that a document given a title validates as it without one either.
func FuzzUntaggedTitle(f *testing.F) {
	for _, s := range []string{
		`{"role":"user","contents":[]}`, `{"contents":[],"responseId":"r"}`,
		`{"messages":[{"contents":[]}]}`, `{"messages":[],"stop_reason":null}`,
		`{"mode":"create","messages":[],"response":{}}`,
		`{"messages":[{"type":"UserMessage","content":"x","source":"u"}]}`, `{"$type":"text"}`, `[`, `{"messages":[1]}`,
	} {
		f.Add([]byte(s))
	}
	v := &Validator{Mode: ModeAutoGen}
	f.Fuzz(func(t *testing.T, data []byte) {
		if title, ok := UntaggedTitle(data); ok {
			_ = v.Validate(title, data)
		}
	})
}
