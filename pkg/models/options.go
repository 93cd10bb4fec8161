package models

import (
	"context"
	"encoding/json"
	"errors"
	"iter"

	"github.com/agentschema/agentschema/gen"
)

// OutputSchema asks for structured output with a JSON Schema given
// directly, for callers without a Go type (CreateOptions' OutputType is the
// Go-typed way): AutoGen's json_output given a pydantic model class whose
// name is Name and whose model_json_schema() is Schema.
type OutputSchema struct {
	// Name is the model class name in AutoGen.
	Name string
	// Schema is the JSON Schema of the answer, a JSON object.
	Schema json.RawMessage
}

// MoreOptions are create arguments some clients take beyond CreateOptions.
// A client that takes them implements OptionsClient.
type MoreOptions struct {
	// IncludeUsage is create_stream's include_usage (the OpenAI clients):
	// nil when it is not given. Create ignores it.
	IncludeUsage *bool
	// OutputSchema asks for structured output with a JSON Schema (setting
	// it and CreateOptions.OutputType is an error).
	OutputSchema *OutputSchema
}

// OptionsClient is a ChatCompletionClient that takes MoreOptions.
type OptionsClient interface {
	ChatCompletionClient
	// CreateWith is Create with more options.
	CreateWith(ctx context.Context, messages []gen.LLMMessage, opts CreateOptions, more MoreOptions) (gen.CreateResult, error)
	// CreateStreamWith is CreateStream with more options.
	CreateStreamWith(ctx context.Context, messages []gen.LLMMessage, opts CreateOptions, more MoreOptions) iter.Seq2[StreamEvent, error]
}

// Exception is an error that stands for the Python exception an AutoGen
// client raises. The model clients' error types implement it.
type Exception interface {
	error
	// PythonException returns the exception's class (ValueError,
	// BadRequestError, ...) and its str().
	PythonException() (class, message string)
}

// ExceptionOf returns the Python exception err stands for (the first
// error of its chain that implements Exception): its class and its str().
// ok is false for other errors (a network failure, a canceled context).
func ExceptionOf(err error) (class, message string, ok bool) {
	var e Exception
	if !errors.As(err, &e) {
		return "", "", false
	}
	class, message = e.PythonException()
	return class, message, true
}
