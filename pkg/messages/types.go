package messages

import (
	"encoding/json"

	"github.com/agentschema/agentschema/gen"
)

// Message is any AgentChat message or event: a built-in one (a pointer to
// a gen type), a *StructuredMessage[T], a *RawStructuredMessage or a
// custom type. Type returns its "type" tag; MarshalJSON its dump (AutoGen's
// model_dump(mode="json")).
type Message interface {
	Type() string
	json.Marshaler
}

// CustomChatMessage is a chat message outside the built-in ChatMessage
// union: StructuredMessage[T], RawStructuredMessage, or a type of yours
// that embeds ChatMessageBase (AutoGen's subclasses of BaseChatMessage).
// Tell chat messages from events with IsChatMessage and IsAgentEvent, or a
// type switch on ChatMessage, AgentEvent, CustomChatMessage and
// CustomAgentEvent.
type CustomChatMessage interface {
	Message
	// ToText renders the message for people (AutoGen's to_text).
	ToText() (string, error)
	// ToModelText renders the message as text for a model (to_model_text).
	ToModelText() (string, error)
	// ToModelMessage converts the message for a model client
	// (to_model_message).
	ToModelMessage() (gen.UserMessage, error)
	isChatMessage()
}

// CustomAgentEvent is an event outside the built-in AgentEvent union: a
// type of yours that embeds AgentEventBase (AutoGen's subclasses of
// BaseAgentEvent).
type CustomAgentEvent interface {
	Message
	// ToText renders the event for people (AutoGen's to_text).
	ToText() (string, error)
	isAgentEvent()
}

// MessageFields are the members every message and event has, in AutoGen's
// order. Decoding fills AutoGen's defaults: a new UUID4 id, no
// models_usage, empty metadata and the current UTC time; source is
// required.
type MessageFields struct {
	// ID identifies the message.
	ID string `json:"id" default:"@uuid4"`
	// Source names the agent that sent it.
	Source string `json:"source"`
	// ModelsUsage is the model usage spent producing it, or nil.
	ModelsUsage *gen.RequestUsage `json:"models_usage" default:"null"`
	// Metadata holds extra string pairs.
	Metadata map[string]string `json:"metadata" default:"{}"`
	// CreatedAt is when it was created.
	CreatedAt gen.DateTime `json:"created_at" default:"@now"`
}

// ChatMessageBase makes a struct a chat message: embed it first in a
// custom chat message type, which then has the common fields and
// satisfies CustomChatMessage once it has Type, MarshalJSON (usually
// with Marshal), ToText, ToModelText and ToModelMessage.
type ChatMessageBase struct {
	MessageFields
}

func (ChatMessageBase) isChatMessage() {}

// AgentEventBase makes a struct an agent event: embed it first in a custom
// event type, which then has the common fields and satisfies
// CustomAgentEvent once it has Type, MarshalJSON and ToText.
type AgentEventBase struct {
	MessageFields
}

func (AgentEventBase) isAgentEvent() {}

// IsChatMessage reports whether m is a chat message: a built-in one or a
// CustomChatMessage.
func IsChatMessage(m Message) bool {
	switch m.(type) {
	case gen.ChatMessage, CustomChatMessage:
		return true
	}
	return false
}

// IsAgentEvent reports whether m is an agent event: a built-in one, a
// SelectorEvent or a CustomAgentEvent.
func IsAgentEvent(m Message) bool {
	switch m.(type) {
	case gen.AgentEvent, *gen.SelectorEvent, CustomAgentEvent:
		return true
	}
	return false
}

// Source returns the name of the agent that sent m ("" for a Message of
// an unknown kind).
func Source(m Message) string {
	switch x := m.(type) {
	case *gen.TextMessage:
		return x.Source
	case *gen.MultiModalMessage:
		return x.Source
	case *gen.StopMessage:
		return x.Source
	case *gen.HandoffMessage:
		return x.Source
	case *gen.ToolCallSummaryMessage:
		return x.Source
	case *gen.ToolCallRequestEvent:
		return x.Source
	case *gen.ToolCallExecutionEvent:
		return x.Source
	case *gen.MemoryQueryEvent:
		return x.Source
	case *gen.UserInputRequestedEvent:
		return x.Source
	case *gen.ModelClientStreamingChunkEvent:
		return x.Source
	case *gen.ThoughtEvent:
		return x.Source
	case *gen.SelectSpeakerEvent:
		return x.Source
	case *gen.CodeGenerationEvent:
		return x.Source
	case *gen.CodeExecutionEvent:
		return x.Source
	case *gen.SelectorEvent:
		return x.Source
	case interface{ fields() *MessageFields }:
		return x.fields().Source
	}
	return ""
}

func (m *MessageFields) fields() *MessageFields { return m }

// ModelsUsage returns the model usage spent producing m (its models_usage),
// or nil when it has none or is a Message of an unknown kind.
func ModelsUsage(m Message) *gen.RequestUsage {
	switch x := m.(type) {
	case *gen.TextMessage:
		return x.ModelsUsage
	case *gen.MultiModalMessage:
		return x.ModelsUsage
	case *gen.StopMessage:
		return x.ModelsUsage
	case *gen.HandoffMessage:
		return x.ModelsUsage
	case *gen.ToolCallSummaryMessage:
		return x.ModelsUsage
	case *gen.ToolCallRequestEvent:
		return x.ModelsUsage
	case *gen.ToolCallExecutionEvent:
		return x.ModelsUsage
	case *gen.MemoryQueryEvent:
		return x.ModelsUsage
	case *gen.UserInputRequestedEvent:
		return x.ModelsUsage
	case *gen.ModelClientStreamingChunkEvent:
		return x.ModelsUsage
	case *gen.ThoughtEvent:
		return x.ModelsUsage
	case *gen.SelectSpeakerEvent:
		return x.ModelsUsage
	case *gen.CodeGenerationEvent:
		return x.ModelsUsage
	case *gen.CodeExecutionEvent:
		return x.ModelsUsage
	case *gen.SelectorEvent:
		return x.ModelsUsage
	case interface{ fields() *MessageFields }:
		return x.fields().ModelsUsage
	}
	return nil
}
