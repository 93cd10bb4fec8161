package models

import (
	"github.com/agentschema/agentschema/gen"
)

// The finish reasons (AutoGen's FinishReasons).
const (
	FinishReasonStop          gen.FinishReason = gen.FinishReasonStop
	FinishReasonLength        gen.FinishReason = gen.FinishReasonLength
	FinishReasonFunctionCalls gen.FinishReason = gen.FinishReasonFunctionCalls
	FinishReasonContentFilter gen.FinishReason = gen.FinishReasonContentFilter
	FinishReasonUnknown       gen.FinishReason = gen.FinishReasonUnknown
)

// FinishReasons returns every finish reason AutoGen allows, in its order.
func FinishReasons() []gen.FinishReason {
	return []gen.FinishReason{FinishReasonStop, FinishReasonLength, FinishReasonFunctionCalls,
		FinishReasonContentFilter, FinishReasonUnknown}
}

// NewSystemMessage returns a system message with the given instructions.
func NewSystemMessage(content string) *gen.SystemMessage {
	return &gen.SystemMessage{Content: content}
}

// NewUserText returns a text user message from source (the name of the
// agent or user that sent it). Like every constructor here, it takes the
// source first and the content last.
func NewUserText(source, text string) *gen.UserMessage {
	return &gen.UserMessage{Content: gen.UserMessageContentOfText(text), Source: source}
}

// NewMultiModalUserMessage returns a user message whose content is a list
// of text and image items (see TextItem and ImageItem).
func NewMultiModalUserMessage(source string, items ...gen.UserMessageContentItem) *gen.UserMessage {
	if items == nil {
		items = []gen.UserMessageContentItem{}
	}
	return &gen.UserMessage{Content: gen.UserMessageContentOfParts(items), Source: source}
}

// TextItem returns a text item of a multimodal user message.
func TextItem(text string) gen.UserMessageContentItem {
	return gen.UserMessageContentItemOfText(text)
}

// ImageItem returns an image item of a multimodal user message.
func ImageItem(img gen.Image) gen.UserMessageContentItem {
	return gen.UserMessageContentItemOfImage(img)
}

// NewAssistantText returns a text assistant message from source.
func NewAssistantText(source, text string) *gen.AssistantMessage {
	return &gen.AssistantMessage{Content: gen.AssistantMessageContentOfText(text), Source: source}
}

// NewFunctionCallMessage returns an assistant message from source that asks
// for the function calls. Set its Thought for the reasoning text that came
// with them.
func NewFunctionCallMessage(source string, calls ...gen.FunctionCall) *gen.AssistantMessage {
	if calls == nil {
		calls = []gen.FunctionCall{}
	}
	return &gen.AssistantMessage{Content: gen.AssistantMessageContentOfFunctionCalls(calls), Source: source}
}

// NewFunctionExecutionResultMessage returns a message with the results of
// function calls.
func NewFunctionExecutionResultMessage(results ...gen.FunctionExecutionResult) *gen.FunctionExecutionResultMessage {
	if results == nil {
		results = []gen.FunctionExecutionResult{}
	}
	return &gen.FunctionExecutionResultMessage{Content: results}
}

// NewFunctionResult returns the result of the call callID to the function
// name. isError is AutoGen's is_error: nil when unknown.
func NewFunctionResult(callID, name, content string, isError *bool) gen.FunctionExecutionResult {
	return gen.FunctionExecutionResult{CallID: callID, Name: name, Content: content, IsError: isError}
}

// IsFunctionCallMessage reports whether m is an AssistantMessage whose
// content is a list of function calls. An empty list counts, as in
// AutoGen's model contexts (Python's all([]) is True).
func IsFunctionCallMessage(m gen.LLMMessage) bool {
	a, ok := m.(*gen.AssistantMessage)
	return ok && a != nil && a.Content.IsFunctionCalls()
}

// IsFunctionResultMessage reports whether m is a
// FunctionExecutionResultMessage.
func IsFunctionResultMessage(m gen.LLMMessage) bool {
	r, ok := m.(*gen.FunctionExecutionResultMessage)
	return ok && r != nil
}

// NewTextResult returns a CreateResult whose content is text, finished for
// reason.
func NewTextResult(text string, reason gen.FinishReason, usage gen.RequestUsage, cached bool) gen.CreateResult {
	return gen.CreateResult{
		FinishReason: reason,
		Content:      gen.CreateResultContentOfText(text),
		Usage:        usage,
		Cached:       cached,
	}
}

// NewFunctionCallsResult returns a CreateResult asking for function calls
// (finish reason "function_calls").
func NewFunctionCallsResult(calls []gen.FunctionCall, usage gen.RequestUsage, cached bool) gen.CreateResult {
	if calls == nil {
		calls = []gen.FunctionCall{}
	}
	return gen.CreateResult{
		FinishReason: FinishReasonFunctionCalls,
		Content:      gen.CreateResultContentOfFunctionCalls(calls),
		Usage:        usage,
		Cached:       cached,
	}
}

// NewRequestUsage returns a RequestUsage of prompt and completion tokens.
func NewRequestUsage(prompt, completion int64) gen.RequestUsage {
	return gen.RequestUsage{PromptTokens: gen.IntOf(prompt), CompletionTokens: gen.IntOf(completion)}
}

// AddUsage returns the sum of usages, field by field (of any size, as
// Python's ints).
func AddUsage(usages ...gen.RequestUsage) gen.RequestUsage {
	var sum gen.RequestUsage
	for _, u := range usages {
		sum.PromptTokens = sum.PromptTokens.Add(u.PromptTokens)
		sum.CompletionTokens = sum.CompletionTokens.Add(u.CompletionTokens)
	}
	return sum
}

// CapabilitiesOf returns the ModelCapabilities part of info, as AutoGen's
// deprecated capabilities property does.
func CapabilitiesOf(info gen.ModelInfo) gen.ModelCapabilities {
	return gen.ModelCapabilities{Vision: info.Vision, FunctionCalling: info.FunctionCalling, JSONOutput: info.JSONOutput}
}

// AssistantMessageOf returns the AssistantMessage from source that puts the
// model's answer r back into a model context, as AutoGen's AssistantAgent
// builds it: AssistantMessage(content=result.content, source=name,
// thought=result.thought). The content (text or function calls) and the
// thought are copied; the function-call slice is a copy, so changing one
// does not change the other.
func AssistantMessageOf(source string, r gen.CreateResult) *gen.AssistantMessage {
	m := &gen.AssistantMessage{Source: source}
	if r.Content.IsFunctionCalls() {
		m.Content = gen.AssistantMessageContentOfFunctionCalls(append([]gen.FunctionCall{}, r.Content.FunctionCalls...))
	} else {
		m.Content = gen.AssistantMessageContentOfText(r.Content.Text)
	}
	if r.Thought != nil {
		t := *r.Thought
		m.Thought = &t
	}
	return m
}
