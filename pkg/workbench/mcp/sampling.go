package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/models"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ChatCompletionClientSampler is AutoGen's ChatCompletionClientSampler
// (autogen_ext.tools.mcp.ChatCompletionClientSampler): a Sampler that asks
// a model client for the completion a server requests.
//
// Sample builds the messages as AutoGen's sampler does: the request's
// systemPrompt, when not empty, as a SystemMessage first; then each
// message, a user message as a UserMessage from source "user" whose
// content is a list of one item (the text, or the image), an assistant
// message as an AssistantMessage from source "assistant" (text only). An
// image needs a client whose model_info has vision: otherwise the request
// fails with "model <family> does not support vision.". Other content
// (audio) fails with "Unsupported content type: <type>".
//
// The client's Create is called with AutoGen's extra_create_args in
// CreateOptions.ExtraArgs: "max_tokens" (the request's maxTokens, an
// int64), and when the request has them "temperature" (a float64) and
// "stop" (a []string). The result is an assistant message whose text is
// the completion (function calls as their JSON, as pydantic's to_json
// writes the list), whose model is the client's model family and whose
// stop reason is "endTurn" for finish reason "stop", "maxTokens" for
// "length", and the finish reason itself otherwise.
type ChatCompletionClientSampler struct {
	// Client is the model client asked for completions.
	Client models.ChatCompletionClient
}

// NewChatCompletionClientSampler returns a sampler over client.
func NewChatCompletionClientSampler(client models.ChatCompletionClient) *ChatCompletionClientSampler {
	return &ChatCompletionClientSampler{Client: client}
}

var _ Sampler = (*ChatCompletionClientSampler)(nil)

// Sample asks the client for a completion of the request's messages.
func (s *ChatCompletionClientSampler) Sample(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
	if s == nil || s.Client == nil {
		return nil, errors.New("ChatCompletionClientSampler has no model client")
	}
	var params sdk.CreateMessageParams
	if req != nil && req.Params != nil {
		params = *req.Params
	}
	raw := rawObject(RawParams(ctx))
	info := s.Client.ModelInfo()

	var messages []gen.LLMMessage
	if params.SystemPrompt != "" {
		messages = append(messages, models.NewSystemMessage(params.SystemPrompt))
	}
	for _, m := range params.Messages {
		msg, err := samplingMessage(m, info)
		if err != nil {
			return nil, err
		}
		messages = append(messages, msg)
	}

	result, err := s.Client.Create(ctx, messages, models.CreateOptions{ExtraArgs: extraCreateArgs(&params, raw)})
	if err != nil {
		return nil, err
	}
	text := result.Content.Text
	if result.Content.IsFunctionCalls() {
		text = functionCallsJSON(result.Content.FunctionCalls)
	}
	return &sdk.CreateMessageResult{
		Role:       "assistant",
		Content:    &sdk.TextContent{Text: text},
		Model:      string(info.Family),
		StopReason: stopReason(result.FinishReason),
	}, nil
}

// samplingMessage is AutoGen's parse_sampling_message: the content is
// converted first (so an image the model cannot see fails before the
// role is looked at), then the role picks the message.
func samplingMessage(m *sdk.SamplingMessage, info gen.ModelInfo) (gen.LLMMessage, error) {
	if m == nil {
		return nil, errors.New("a sampling message is null")
	}
	var text string
	var image *gen.Image
	switch c := m.Content.(type) {
	case *sdk.TextContent:
		text = c.Text
	case *sdk.ImageContent:
		if !info.Vision {
			return nil, textError(fmt.Sprintf("model %s does not support vision.", info.Family))
		}
		im, err := loadImage(c.Data)
		if err != nil {
			return nil, err
		}
		image = &im
	case nil:
		return nil, textError("Unsupported content type: None")
	default:
		return nil, textError("Unsupported content type: " + contentType(c))
	}
	switch m.Role {
	case "user":
		item := models.TextItem(text)
		if image != nil {
			item = models.ImageItem(*image)
		}
		return models.NewMultiModalUserMessage("user", item), nil
	case "assistant":
		if image != nil {
			return nil, textError("Assistant messages only support string content.")
		}
		return models.NewAssistantText("assistant", text), nil
	}
	return nil, textError(fmt.Sprintf("Unrecognized message role: %s", m.Role))
}

// contentType is the MCP type of a content item ("audio").
func contentType(c sdk.Content) string {
	switch c.(type) {
	case *sdk.AudioContent:
		return "audio"
	case *sdk.ResourceLink:
		return "resource_link"
	case *sdk.EmbeddedResource:
		return "resource"
	case *sdk.ToolUseContent:
		return "tool_use"
	case *sdk.ToolResultContent:
		return "tool_result"
	}
	return fmt.Sprintf("%T", c)
}

// extraCreateArgs is AutoGen's create_request_params_to_extra_create_args:
// max_tokens always, temperature and stop when the request has them (not
// None). raw, the params as sent, tells a temperature of 0 or an empty
// stopSequences from an absent one; without it the SDK's values are used.
func extraCreateArgs(p *sdk.CreateMessageParams, raw *pyjson.Value) map[string]any {
	args := map[string]any{"max_tokens": p.MaxTokens}
	if raw != nil {
		if t, ok := raw.Get("temperature"); ok && (t.Kind == pyjson.Float || t.Kind == pyjson.Int) {
			args["temperature"] = p.Temperature
			if t.Kind == pyjson.Float {
				args["temperature"] = t.Float
			}
		}
		if s, ok := raw.Get("stopSequences"); ok && s.Kind == pyjson.List {
			stop := make([]string, 0, len(s.List))
			for _, e := range s.List {
				stop = append(stop, e.Str)
			}
			args["stop"] = stop
		}
		return args
	}
	if p.Temperature != 0 {
		args["temperature"] = p.Temperature
	}
	if p.StopSequences != nil {
		args["stop"] = append([]string{}, p.StopSequences...)
	}
	return args
}

// stopReason is AutoGen's finish_reason_to_stop_reason.
func stopReason(r gen.FinishReason) string {
	switch r {
	case models.FinishReasonStop:
		return "endTurn"
	case models.FinishReasonLength:
		return "maxTokens"
	}
	return string(r)
}

// functionCallsJSON is pydantic_core's to_json of a list of FunctionCall:
// compact, members in field order, UTF-8 kept.
func functionCallsJSON(calls []gen.FunctionCall) string {
	e := wire.NewEncoder(nil)
	e.Raw("[")
	for i := range calls {
		if i > 0 {
			e.Raw(",")
		}
		e.Value(&calls[i])
	}
	e.Raw("]")
	return string(e.Bytes())
}

// rawObject parses raw params, or returns nil when there are none or they
// are not an object.
func rawObject(raw []byte) *pyjson.Value {
	if len(raw) == 0 {
		return nil
	}
	v, err := pyjson.Parse(raw)
	if err != nil || v.Kind != pyjson.Dict {
		return nil
	}
	return &v
}

// textError is an error whose text is AutoGen's (Python's exception
// messages start with a capital and may end with a period).
type textError string

func (e textError) Error() string { return string(e) }
