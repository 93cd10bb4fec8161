package models

import (
	"context"
	"errors"
	"iter"
	"reflect"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// ChatCompletionClient is AutoGen's ChatCompletionClient in Go's idiom. A
// client is safe for concurrent use unless its documentation says
// otherwise.
type ChatCompletionClient interface {
	// Create asks the model for one completion of messages.
	Create(ctx context.Context, messages []gen.LLMMessage, opts CreateOptions) (gen.CreateResult, error)

	// CreateStream asks the model for a completion of messages and yields
	// it as it comes: text chunks (StreamEvent.Text), then one final event
	// whose Result is the CreateResult. An error is yielded once, with a
	// zero StreamEvent, and ends the stream; cancelling ctx ends it with
	// ctx.Err(). Stopping the iteration early abandons the request.
	CreateStream(ctx context.Context, messages []gen.LLMMessage, opts CreateOptions) iter.Seq2[StreamEvent, error]

	// CountTokens returns the number of prompt tokens messages and tools
	// take, counted the client's way.
	CountTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error)

	// RemainingTokens returns how many more tokens fit in the model's
	// context after messages and tools, counted the client's way.
	RemainingTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error)

	// ActualUsage returns the usage of the latest request.
	ActualUsage() gen.RequestUsage

	// TotalUsage returns the usage of every request so far.
	TotalUsage() gen.RequestUsage

	// Capabilities returns the model's capabilities (AutoGen's deprecated
	// capabilities property; prefer ModelInfo).
	Capabilities() gen.ModelCapabilities

	// ModelInfo returns the model's properties.
	ModelInfo() gen.ModelInfo

	// Close releases the client's resources.
	Close() error
}

// CreateOptions are the optional arguments of Create and CreateStream. The
// zero value asks for a plain completion with the client's defaults.
type CreateOptions struct {
	// Tools are the tools the model may call.
	Tools []gen.ToolSchema
	// ToolChoice is AutoGen's tool_choice: "" or "auto" (the model
	// decides), "required", "none", or the name of one of Tools.
	ToolChoice string
	// JSONOutput turns the client's JSON mode on or off; nil keeps the
	// client's default (AutoGen's json_output=None).
	JSONOutput *bool
	// OutputType, when set, asks for structured output: the completion is a
	// JSON encoding of a value of this Go type (AutoGen's json_output given
	// a pydantic model class). For example reflect.TypeFor[Weather]().
	OutputType reflect.Type
	// ExtraArgs are passed to the underlying API as they are (AutoGen's
	// extra_create_args).
	ExtraArgs map[string]any
}

// StreamEvent is one item of CreateStream: a text chunk, or (last) the
// final CreateResult.
type StreamEvent struct {
	// Text is a chunk of the completion's text; empty in the final event.
	Text string
	// Result is the final CreateResult; nil for a text chunk.
	Result *gen.CreateResult
}

// IsResult reports whether ev is the final event, holding the CreateResult.
func (ev StreamEvent) IsResult() bool { return ev.Result != nil }

// ErrNoResult is returned by CollectStream for a stream that ended without
// a CreateResult.
var ErrNoResult = errors.New("models: the stream ended without a CreateResult")

// CollectStream reads a CreateStream to its end and returns its text chunks
// and its final CreateResult, or the first error.
func CollectStream(stream iter.Seq2[StreamEvent, error]) ([]string, gen.CreateResult, error) {
	var chunks []string
	var result *gen.CreateResult
	for ev, err := range stream {
		if err != nil {
			return chunks, gen.CreateResult{}, err
		}
		if ev.Result != nil {
			result = ev.Result
			continue
		}
		chunks = append(chunks, ev.Text)
	}
	if result == nil {
		return chunks, gen.CreateResult{}, ErrNoResult
	}
	return chunks, *result, nil
}

// LoadClient builds a ChatCompletionClient from an AutoGen component config
// (a ComponentModel, JSON) with the component registry (see package
// component). The provider's package must be imported so that it is
// registered, for example models/replay.
func LoadClient(ctx context.Context, data []byte) (ChatCompletionClient, error) {
	return component.LoadAs[ChatCompletionClient](ctx, data)
}
