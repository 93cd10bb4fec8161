package contents

import (
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// TestAIChatMessageRoundTrip checks that a chat message comes back whole
// through a Message, and that a Message's changes win.
func TestAIChatMessageRoundTrip(t *testing.T) {
	in := `{"type":"chat_message","role":"assistant","author_name":"a","contents":[{"type":"text","text":"hi"}],"message_id":"m1","created_at":"2025-01-02T03:04:05Z","additional_properties":{"k":1}}`
	var m gen.AIChatMessage
	if err := json.Unmarshal([]byte(in), &m); err != nil {
		t.Fatal(err)
	}
	msg := FromAIChatMessage(&m)
	if msg.Role != RoleAssistant || msg.AuthorName != "a" || len(msg.Contents) != 1 {
		t.Fatalf("FromAIChatMessage = %+v", msg)
	}
	out, err := json.Marshal(ToAIChatMessage(msg))
	if err != nil || string(out) != in {
		t.Fatalf("round trip\n got %s (%v)\nwant %s", out, err, in)
	}
	msg.AuthorName = ""
	msg.Role = RoleUser
	out, _ = json.Marshal(ToAIChatMessage(msg))
	const want = `{"type":"chat_message","role":"user","contents":[{"type":"text","text":"hi"}],"message_id":"m1","created_at":"2025-01-02T03:04:05Z","additional_properties":{"k":1}}`
	if string(out) != want {
		t.Errorf("changed\n got %s\nwant %s", out, want)
	}
	// Without a raw representation: role, author and contents only; no
	// role is ChatMessage's default, user (ChatMessage.cs: Role = ChatRole.User).
	out, _ = json.Marshal(ToAIChatMessage(Message{AuthorName: "b"}))
	if string(out) != `{"type":"message","role":"user","author_name":"b","contents":[]}` {
		t.Errorf("new message: %s", out)
	}
	if got := FromAIChatMessage(nil); got.Role != "" || got.Contents != nil {
		t.Errorf("FromAIChatMessage(nil) = %+v", got)
	}
}
