package messages

import (
	"encoding/json"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// The built-in chat messages, as generated in package gen from AutoGen's
// schemas. Their JSON codecs (MarshalJSON, UnmarshalJSON) are gen's; their
// renderings are ToText, ToModelText and ToModelMessage here.
type (
	// TextMessage is a chat message with text content.
	TextMessage = gen.TextMessage
	// MultiModalMessage is a chat message whose content mixes text and
	// images.
	MultiModalMessage = gen.MultiModalMessage
	// StopMessage is a chat message that asks to stop the conversation.
	StopMessage = gen.StopMessage
	// HandoffMessage hands the conversation to Target, with the model
	// context to pass along.
	HandoffMessage = gen.HandoffMessage
	// ToolCallSummaryMessage summarizes tool calls and their results.
	ToolCallSummaryMessage = gen.ToolCallSummaryMessage
)

// The built-in agent events.
type (
	// ToolCallRequestEvent signals a request to call tools.
	ToolCallRequestEvent = gen.ToolCallRequestEvent
	// ToolCallExecutionEvent carries the results of tool calls.
	ToolCallExecutionEvent = gen.ToolCallExecutionEvent
	// MemoryQueryEvent carries the results of memory queries.
	MemoryQueryEvent = gen.MemoryQueryEvent
	// UserInputRequestedEvent signals that a user proxy asked for input.
	UserInputRequestedEvent = gen.UserInputRequestedEvent
	// ModelClientStreamingChunkEvent is one chunk of a streamed model
	// response; FullMessageID names the complete message that follows.
	ModelClientStreamingChunkEvent = gen.ModelClientStreamingChunkEvent
	// ThoughtEvent carries a model's reasoning.
	ThoughtEvent = gen.ThoughtEvent
	// SelectSpeakerEvent names the speakers a group chat selected.
	SelectSpeakerEvent = gen.SelectSpeakerEvent
	// CodeGenerationEvent carries generated code.
	CodeGenerationEvent = gen.CodeGenerationEvent
	// CodeExecutionEvent carries the result of running code.
	CodeExecutionEvent = gen.CodeExecutionEvent
	// SelectorEvent is emitted by SelectorGroupChat. Like AutoGen, the
	// AgentEvent union and a new MessageFactory do not include it;
	// register it to decode it by tag.
	SelectorEvent = gen.SelectorEvent
)

// The unions of the built-in types, and the types their members hold.
type (
	// ChatMessage is one of the built-in chat messages: TextMessage,
	// MultiModalMessage, StopMessage, ToolCallSummaryMessage or
	// HandoffMessage (pointers). Like AutoGen's ChatMessage union it does
	// not include StructuredMessage or custom types: those are
	// CustomChatMessage.
	ChatMessage = gen.ChatMessage
	// AgentEvent is one of the built-in events: ToolCallRequestEvent,
	// ToolCallExecutionEvent, MemoryQueryEvent, UserInputRequestedEvent,
	// ModelClientStreamingChunkEvent, ThoughtEvent, SelectSpeakerEvent,
	// CodeGenerationEvent or CodeExecutionEvent (pointers).
	AgentEvent = gen.AgentEvent
	// LLMMessage is a message of a model's context (HandoffMessage.Context).
	LLMMessage = gen.LLMMessage
	// MultiModalContentItem is one item of a MultiModalMessage: a string
	// or an Image.
	MultiModalContentItem = gen.MultiModalMessageContentItem
	// UserMessage is what ToModelMessage returns.
	UserMessage = gen.UserMessage
	// RequestUsage is a message's models_usage.
	RequestUsage = gen.RequestUsage
	// FunctionCall is a tool call.
	FunctionCall = gen.FunctionCall
	// FunctionExecutionResult is a tool call's result.
	FunctionExecutionResult = gen.FunctionExecutionResult
	// MemoryContent is one result of a memory query.
	MemoryContent = gen.MemoryContent
	// MemoryMimeType is a MemoryContent's mime type.
	MemoryMimeType = gen.MemoryMimeType
	// CodeBlock is a block of code of a CodeGenerationEvent.
	CodeBlock = gen.CodeBlock
	// CodeResult is the result of a CodeExecutionEvent.
	CodeResult = gen.CodeResult
	// Image is an image of a MultiModalMessage.
	Image = gen.Image
	// DateTime is a message's created_at.
	DateTime = gen.DateTime
	// Int is an integer of any size.
	Int = gen.Int
	// RawJSON is a JSON value kept as its text.
	RawJSON = gen.RawJSON
	// DecodeOptions configure decoding (limits, unknown fields); the zero
	// value is AutoGen's behaviour.
	DecodeOptions = wire.Options
)

// UserMessageContentOfString returns a UserMessage content holding text.
func UserMessageContentOfString(text string) gen.UserMessageContent {
	return gen.UserMessageContentOfString(text)
}

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
	ToModelMessage() (UserMessage, error)
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
	ModelsUsage *RequestUsage `json:"models_usage" default:"null"`
	// Metadata holds extra string pairs.
	Metadata map[string]string `json:"metadata" default:"{}"`
	// CreatedAt is when it was created.
	CreatedAt DateTime `json:"created_at" default:"@now"`
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
	case ChatMessage, CustomChatMessage:
		return true
	}
	return false
}

// IsAgentEvent reports whether m is an agent event: a built-in one, a
// SelectorEvent or a CustomAgentEvent.
func IsAgentEvent(m Message) bool {
	switch m.(type) {
	case AgentEvent, *SelectorEvent, CustomAgentEvent:
		return true
	}
	return false
}

// Source returns the name of the agent that sent m ("" for a Message of
// an unknown kind).
func Source(m Message) string {
	switch x := m.(type) {
	case *TextMessage:
		return x.Source
	case *MultiModalMessage:
		return x.Source
	case *StopMessage:
		return x.Source
	case *HandoffMessage:
		return x.Source
	case *ToolCallSummaryMessage:
		return x.Source
	case *ToolCallRequestEvent:
		return x.Source
	case *ToolCallExecutionEvent:
		return x.Source
	case *MemoryQueryEvent:
		return x.Source
	case *UserInputRequestedEvent:
		return x.Source
	case *ModelClientStreamingChunkEvent:
		return x.Source
	case *ThoughtEvent:
		return x.Source
	case *SelectSpeakerEvent:
		return x.Source
	case *CodeGenerationEvent:
		return x.Source
	case *CodeExecutionEvent:
		return x.Source
	case *SelectorEvent:
		return x.Source
	case interface{ fields() *MessageFields }:
		return x.fields().Source
	}
	return ""
}

func (m *MessageFields) fields() *MessageFields { return m }
