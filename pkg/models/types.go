package models

import (
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// LLMMessage is one message sent to or received from a model: a
// *SystemMessage, *UserMessage, *AssistantMessage or
// *FunctionExecutionResultMessage.
type LLMMessage = gen.LLMMessage

// SystemMessage holds the developer's instructions to the model.
type SystemMessage = gen.SystemMessage

// UserMessage holds input from an end user or other data for the model:
// text, or a list of text and images.
type UserMessage = gen.UserMessage

// AssistantMessage is a message sampled from the model: text, or a list of
// function calls.
type AssistantMessage = gen.AssistantMessage

// FunctionExecutionResult is the output of one function call.
type FunctionExecutionResult = gen.FunctionExecutionResult

// FunctionExecutionResultMessage holds the outputs of several function
// calls.
type FunctionExecutionResultMessage = gen.FunctionExecutionResultMessage

// FunctionCall is a call the model asks for: its id, name and JSON
// arguments (as text).
type FunctionCall = gen.FunctionCall

// CreateResult is the output of a model completion.
type CreateResult = gen.CreateResult

// RequestUsage counts the prompt and completion tokens of a request.
type RequestUsage = gen.RequestUsage

// ChatCompletionTokenLogprob is the log probability of one generated
// token, with its most likely alternatives.
type ChatCompletionTokenLogprob = gen.ChatCompletionTokenLogprob

// TopLogprob is one alternative token's log probability.
type TopLogprob = gen.TopLogprob

// ModelCapabilities is AutoGen's deprecated ModelCapabilities: vision,
// function calling and JSON output.
type ModelCapabilities = gen.ModelCapabilities

// ModelInfo describes a model's properties: vision, function calling, JSON
// output, family, structured output and (optionally) multiple system
// messages.
type ModelInfo = gen.ModelInfo

// ModelFamily is a model family: one of the Family constants, or any other
// string (which AutoGen treats as unknown).
type ModelFamily = gen.ModelFamily

// FinishReason is why a model stopped generating.
type FinishReason = gen.FinishReason

// ToolSchema is the schema of a tool offered to the model.
type ToolSchema = gen.ToolSchema

// Image is an image in a user message.
type Image = gen.Image

// UserContentItem is one item of a multimodal user message: text or an
// image.
type UserContentItem = gen.UserMessageContentItem

// The finish reasons (AutoGen's FinishReasons).
const (
	FinishReasonStop          FinishReason = gen.FinishReasonStop
	FinishReasonLength        FinishReason = gen.FinishReasonLength
	FinishReasonFunctionCalls FinishReason = gen.FinishReasonFunctionCalls
	FinishReasonContentFilter FinishReason = gen.FinishReasonContentFilter
	FinishReasonUnknown       FinishReason = gen.FinishReasonUnknown
)

// FinishReasons returns every finish reason AutoGen allows, in its order.
func FinishReasons() []FinishReason {
	return []FinishReason{FinishReasonStop, FinishReasonLength, FinishReasonFunctionCalls,
		FinishReasonContentFilter, FinishReasonUnknown}
}

// NewSystemMessage returns a system message with the given instructions.
func NewSystemMessage(content string) *SystemMessage {
	return &SystemMessage{Content: content}
}

// NewUserMessage returns a text user message from source (the name of the
// agent or user that sent it).
func NewUserMessage(text, source string) *UserMessage {
	return &UserMessage{Content: gen.UserMessageContentOfString(text), Source: source}
}

// NewMultiModalUserMessage returns a user message whose content is a list
// of text and image items (see TextItem and ImageItem).
func NewMultiModalUserMessage(source string, items ...UserContentItem) *UserMessage {
	if items == nil {
		items = []UserContentItem{}
	}
	return &UserMessage{Content: gen.UserMessageContentOfArray(items), Source: source}
}

// TextItem returns a text item of a multimodal user message.
func TextItem(text string) UserContentItem { return gen.UserMessageContentItemOfString(text) }

// ImageItem returns an image item of a multimodal user message.
func ImageItem(img Image) UserContentItem { return gen.UserMessageContentItemOfImage(img) }

// NewAssistantMessage returns a text assistant message from source.
func NewAssistantMessage(text, source string) *AssistantMessage {
	return &AssistantMessage{Content: gen.AssistantMessageContentOfString(text), Source: source}
}

// NewFunctionCallMessage returns an assistant message from source that asks
// for the function calls. Set its Thought for the reasoning text that came
// with them.
func NewFunctionCallMessage(source string, calls ...FunctionCall) *AssistantMessage {
	if calls == nil {
		calls = []FunctionCall{}
	}
	return &AssistantMessage{Content: gen.AssistantMessageContentOfArray(calls), Source: source}
}

// NewFunctionExecutionResultMessage returns a message with the results of
// function calls.
func NewFunctionExecutionResultMessage(results ...FunctionExecutionResult) *FunctionExecutionResultMessage {
	if results == nil {
		results = []FunctionExecutionResult{}
	}
	return &FunctionExecutionResultMessage{Content: results}
}

// NewFunctionResult returns the result of the call callID to the function
// name. isError is AutoGen's is_error: nil when unknown.
func NewFunctionResult(callID, name, content string, isError *bool) FunctionExecutionResult {
	return FunctionExecutionResult{CallID: callID, Name: name, Content: content, IsError: isError}
}

// IsFunctionCallMessage reports whether m is an AssistantMessage whose
// content is a list of function calls. An empty list counts, as in
// AutoGen's model contexts (Python's all([]) is True).
func IsFunctionCallMessage(m LLMMessage) bool {
	a, ok := m.(*AssistantMessage)
	return ok && a != nil && a.Content.IsArray()
}

// IsFunctionResultMessage reports whether m is a
// FunctionExecutionResultMessage.
func IsFunctionResultMessage(m LLMMessage) bool {
	r, ok := m.(*FunctionExecutionResultMessage)
	return ok && r != nil
}

// NewTextResult returns a CreateResult whose content is text, finished for
// reason.
func NewTextResult(text string, reason FinishReason, usage RequestUsage, cached bool) CreateResult {
	return CreateResult{
		FinishReason: reason,
		Content:      gen.CreateResultContentOfString(text),
		Usage:        usage,
		Cached:       cached,
	}
}

// NewFunctionCallsResult returns a CreateResult asking for function calls
// (finish reason "function_calls").
func NewFunctionCallsResult(calls []FunctionCall, usage RequestUsage, cached bool) CreateResult {
	if calls == nil {
		calls = []FunctionCall{}
	}
	return CreateResult{
		FinishReason: FinishReasonFunctionCalls,
		Content:      gen.CreateResultContentOfArray(calls),
		Usage:        usage,
		Cached:       cached,
	}
}

// NewRequestUsage returns a RequestUsage of prompt and completion tokens.
func NewRequestUsage(prompt, completion int64) RequestUsage {
	return RequestUsage{PromptTokens: wire.IntOf(prompt), CompletionTokens: wire.IntOf(completion)}
}

// AddUsage returns the sum of usages, field by field (of any size, as
// Python's ints).
func AddUsage(usages ...RequestUsage) RequestUsage {
	var sum RequestUsage
	for _, u := range usages {
		sum.PromptTokens = sum.PromptTokens.Add(u.PromptTokens)
		sum.CompletionTokens = sum.CompletionTokens.Add(u.CompletionTokens)
	}
	return sum
}

// CapabilitiesOf returns the ModelCapabilities part of info, as AutoGen's
// deprecated capabilities property does.
func CapabilitiesOf(info ModelInfo) ModelCapabilities {
	return ModelCapabilities{Vision: info.Vision, FunctionCalling: info.FunctionCalling, JsonOutput: info.JsonOutput}
}
