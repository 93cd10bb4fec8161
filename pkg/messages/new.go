package messages

import (
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// The constructors below build the built-in messages and events as
// pydantic does when AutoGen makes one: a new id (a random UUID4), the
// current UTC time as created_at, empty metadata and no models_usage. Set
// ModelsUsage (or any other field) on the result when it has one. A
// message written as a struct literal instead has no created_at, and
// encoding it is refused with gen.ErrUnsetDateTime, since AutoGen never
// writes such a message; its id, if left empty, is written as "", which
// AutoGen accepts.

// NewID returns a new message id, a random UUID4 as AutoGen's messages
// get by default.
func NewID() string { return wire.NewUUID4() }

func now() gen.DateTime { return wire.NowUTC() }

// NewTextMessage returns a TextMessage from source.
func NewTextMessage(source, content string) *gen.TextMessage {
	return &gen.TextMessage{Source: source, Content: content, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewMultiModalMessage returns a MultiModalMessage from source; parts are
// texts (gen.MultiModalMessageContentItemOfText) and images
// (gen.MultiModalMessageContentItemOfImage).
func NewMultiModalMessage(source string, parts ...gen.MultiModalMessageContentItem) *gen.MultiModalMessage {
	if parts == nil {
		parts = []gen.MultiModalMessageContentItem{}
	}
	return &gen.MultiModalMessage{Source: source, Content: parts, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewStopMessage returns a StopMessage from source.
func NewStopMessage(source, content string) *gen.StopMessage {
	return &gen.StopMessage{Source: source, Content: content, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewHandoffMessage returns a HandoffMessage from source to target,
// carrying context (the LLM messages the target should see first).
func NewHandoffMessage(source, target, content string, context ...gen.LLMMessage) *gen.HandoffMessage {
	if context == nil {
		context = []gen.LLMMessage{}
	}
	return &gen.HandoffMessage{Source: source, Target: target, Content: content, Context: context, ID: NewID(),
		CreatedAt: now(), Metadata: map[string]string{}}
}

// NewToolCallSummaryMessage returns a ToolCallSummaryMessage from source.
func NewToolCallSummaryMessage(source, content string, calls []gen.FunctionCall, results []gen.FunctionExecutionResult) *gen.ToolCallSummaryMessage {
	if calls == nil {
		calls = []gen.FunctionCall{}
	}
	if results == nil {
		results = []gen.FunctionExecutionResult{}
	}
	return &gen.ToolCallSummaryMessage{Source: source, Content: content, ToolCalls: calls, Results: results, ID: NewID(),
		CreatedAt: now(), Metadata: map[string]string{}}
}

// NewToolCallRequestEvent returns a ToolCallRequestEvent from source.
func NewToolCallRequestEvent(source string, calls ...gen.FunctionCall) *gen.ToolCallRequestEvent {
	if calls == nil {
		calls = []gen.FunctionCall{}
	}
	return &gen.ToolCallRequestEvent{Source: source, Content: calls, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewToolCallExecutionEvent returns a ToolCallExecutionEvent from source.
func NewToolCallExecutionEvent(source string, results ...gen.FunctionExecutionResult) *gen.ToolCallExecutionEvent {
	if results == nil {
		results = []gen.FunctionExecutionResult{}
	}
	return &gen.ToolCallExecutionEvent{Source: source, Content: results, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewThoughtEvent returns a ThoughtEvent from source.
func NewThoughtEvent(source, content string) *gen.ThoughtEvent {
	return &gen.ThoughtEvent{Source: source, Content: content, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewModelClientStreamingChunkEvent returns a chunk of a streamed answer
// from source; fullMessageID, when not empty, is the id of the message the
// chunks become.
func NewModelClientStreamingChunkEvent(source, content, fullMessageID string) *gen.ModelClientStreamingChunkEvent {
	ev := &gen.ModelClientStreamingChunkEvent{Source: source, Content: content, ID: NewID(), CreatedAt: now(),
		Metadata: map[string]string{}}
	if fullMessageID != "" {
		ev.FullMessageID = &fullMessageID
	}
	return ev
}

// NewSelectSpeakerEvent returns a SelectSpeakerEvent from source.
func NewSelectSpeakerEvent(source string, speakers ...string) *gen.SelectSpeakerEvent {
	if speakers == nil {
		speakers = []string{}
	}
	return &gen.SelectSpeakerEvent{Source: source, Content: speakers, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewSelectorEvent returns a SelectorEvent (a selector's answer) from
// source.
func NewSelectorEvent(source, content string) *gen.SelectorEvent {
	return &gen.SelectorEvent{Source: source, Content: content, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewMemoryQueryEvent returns a MemoryQueryEvent from source.
func NewMemoryQueryEvent(source string, results ...gen.MemoryContent) *gen.MemoryQueryEvent {
	if results == nil {
		results = []gen.MemoryContent{}
	}
	return &gen.MemoryQueryEvent{Source: source, Content: results, ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewUserInputRequestedEvent returns a UserInputRequestedEvent from
// source for the input request requestID.
func NewUserInputRequestedEvent(source, requestID string) *gen.UserInputRequestedEvent {
	return &gen.UserInputRequestedEvent{Source: source, RequestID: requestID, ID: NewID(), CreatedAt: now(),
		Metadata: map[string]string{}}
}

// NewCodeGenerationEvent returns a CodeGenerationEvent from source: the
// model's answer content, the code blocks found in it, and the retry
// attempt (0 for the first generation).
func NewCodeGenerationEvent(source, content string, blocks []gen.CodeBlock, retryAttempt int) *gen.CodeGenerationEvent {
	if blocks == nil {
		blocks = []gen.CodeBlock{}
	}
	return &gen.CodeGenerationEvent{Source: source, Content: content, CodeBlocks: blocks,
		RetryAttempt: gen.IntOf(int64(retryAttempt)), ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}

// NewCodeExecutionEvent returns a CodeExecutionEvent from source with the
// result of a code run and the retry attempt (0 for the first run).
func NewCodeExecutionEvent(source string, result gen.CodeResult, retryAttempt int) *gen.CodeExecutionEvent {
	return &gen.CodeExecutionEvent{Source: source, Result: result,
		RetryAttempt: gen.IntOf(int64(retryAttempt)), ID: NewID(), CreatedAt: now(), Metadata: map[string]string{}}
}
