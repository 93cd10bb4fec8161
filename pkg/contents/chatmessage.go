package contents

import "github.com/agentschema/agentschema/gen"

// FromAIChatMessage returns the Message of a chat message as .NET
// Microsoft.Extensions.AI (ChatMessage) or the Agent Framework (Message)
// writes it: its role, author name and contents (shared, not copied).
// The chat message is the Message's RawRepresentation, so that
// ToAIChatMessage gives back its message id, creation time, additional
// properties and raw representation. Give the result to ToLLMMessage for
// AutoGen's message.
func FromAIChatMessage(m *gen.AIChatMessage) Message {
	if m == nil {
		return Message{}
	}
	out := Message{Role: Role(m.Role), Contents: m.Contents, RawRepresentation: m}
	if m.AuthorName != nil {
		out.AuthorName = *m.AuthorName
	}
	if out.Contents == nil {
		out.Contents = []gen.AIContent{}
	}
	return out
}

// ToAIChatMessage returns the chat message of m. When m was made by
// FromAIChatMessage, the members a Message does not hold (message id,
// creation time, additional properties, raw representation) come from
// that chat message, and its author name stays as it was when m's author
// name is unchanged; the role, author and contents are m's.
func ToAIChatMessage(m Message) *gen.AIChatMessage {
	out := &gen.AIChatMessage{}
	if raw, ok := m.RawRepresentation.(*gen.AIChatMessage); ok && raw != nil {
		*out = *raw
	}
	out.Role = string(m.Role)
	if out.Role == "" {
		out.Role = string(RoleUser) // ChatMessage's default role (ChatMessage.cs)
	}
	switch {
	case out.AuthorName != nil && *out.AuthorName == m.AuthorName:
	case m.AuthorName == "":
		out.AuthorName = nil
	default:
		name := m.AuthorName
		out.AuthorName = &name
	}
	out.Contents = m.Contents
	if out.Contents == nil {
		out.Contents = []gen.AIContent{}
	}
	return out
}
