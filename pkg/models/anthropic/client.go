package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"

	"net/http"
	"sort"
	"sync"

	sdk "github.com/anthropics/anthropic-sdk-go"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pystr"
	"github.com/agentschema/agentschema/internal/readtimeout"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// base is BaseAnthropicChatCompletionClient.
type base struct {
	svc        sdk.Client
	model      string
	createArgs obj // the config's create arguments
	info       gen.ModelInfo
	// defaultTimeout is true when no timeout is configured: then the SDK
	// refuses a non-streaming request it expects to take over 10 minutes.
	defaultTimeout bool
	authErr        error // no credentials: raised when a request is made
	maxResponse    int64
	maxEvent       int64

	mu        sync.Mutex
	actual    gen.RequestUsage
	total     gen.RequestUsage
	lastTools []any // _last_used_tools
}

// AnthropicChatCompletionClient is AutoGen's AnthropicChatCompletionClient:
// a models.ChatCompletionClient for Anthropic's Messages API. Create it with
// New or FromConfig (or models.LoadClient). It is safe for concurrent use.
type AnthropicChatCompletionClient struct {
	base
	config gen.AnthropicClientConfigurationConfigModel
}

// AnthropicBedrockChatCompletionClient is AutoGen's
// AnthropicBedrockChatCompletionClient: Claude on AWS Bedrock, requests
// signed with SigV4. Create it with NewBedrock or BedrockFromConfig. It is
// safe for concurrent use.
type AnthropicBedrockChatCompletionClient struct {
	base
	config gen.AnthropicBedrockClientConfigurationConfigModel
}

var (
	_ models.ChatCompletionClient = (*AnthropicChatCompletionClient)(nil)
	_ models.ChatCompletionClient = (*AnthropicBedrockChatCompletionClient)(nil)
	_ models.OptionsClient        = (*AnthropicChatCompletionClient)(nil)
	_ component.Component         = (*AnthropicChatCompletionClient)(nil)
	_ component.Component         = (*AnthropicBedrockChatCompletionClient)(nil)
)

// ComponentModel returns the client's component config as AutoGen's
// dump_component() writes it: the configuration it was built from, null
// fields dropped, the api_key written as "**********".
func (c *AnthropicChatCompletionClient) ComponentModel() (gen.ComponentModel, error) {
	cfg := c.config
	component.MaskSecrets(&cfg)
	return anthropicSpec.Model(&cfg)
}

// ComponentModel returns the client's component config as AutoGen's
// dump_component() writes it, with the api_key and bedrock_info's AWS keys
// written as "**********".
func (c *AnthropicBedrockChatCompletionClient) ComponentModel() (gen.ComponentModel, error) {
	cfg := c.config
	if cfg.BedrockInfo != nil {
		bi := *cfg.BedrockInfo
		cfg.BedrockInfo = &bi
	}
	component.MaskSecrets(&cfg)
	return bedrockSpec.Model(&cfg)
}

// Model returns the configured model name (for the chat spans).
func (c *base) Model() string { return c.model }

// Create asks the model for one completion, as AutoGen's create does.
func (c *base) Create(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) (gen.CreateResult, error) {
	return c.CreateWith(ctx, messages, opts, models.MoreOptions{})
}

// CreateWith is Create with more options: an OutputSchema is structured
// output, which AutoGen refuses for Anthropic models; IncludeUsage is
// ignored by Create, and CreateStreamWith refuses it with Python's
// TypeError (AutoGen's create_stream here has no include_usage).
func (c *base) CreateWith(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions, more models.MoreOptions) (gen.CreateResult, error) {
	req, err := c.buildRequest(messages, opts, more, false)
	if err != nil {
		return gen.CreateResult{}, err
	}
	if err := c.checkNonStreaming(req); err != nil {
		return gen.CreateResult{}, err
	}
	body, err := c.send(ctx, req, false)
	if err != nil {
		return gen.CreateResult{}, err
	}
	result, usage, err := parseMessage(body)
	if err != nil {
		return gen.CreateResult{}, err
	}
	c.addUsage(usage)
	return result, nil
}

// CreateStream asks for a streamed completion, as AutoGen's create_stream
// does: text and thinking deltas as chunks, then the CreateResult.
func (c *base) CreateStream(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) iter.Seq2[models.StreamEvent, error] {
	return c.CreateStreamWith(ctx, messages, opts, models.MoreOptions{})
}

// CreateStreamWith is CreateStream with more options (see CreateWith).
func (c *base) CreateStreamWith(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions, more models.MoreOptions) iter.Seq2[models.StreamEvent, error] {
	return func(yield func(models.StreamEvent, error) bool) {
		if more.IncludeUsage != nil {
			yield(models.StreamEvent{}, typeError("BaseAnthropicChatCompletionClient.create_stream() got an unexpected keyword argument 'include_usage'"))
			return
		}
		req, err := c.buildRequest(messages, opts, more, true)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		body, err := c.send(ctx, req, true)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		defer body.Close()
		c.readStream(ctx, body, yield)
	}
}

// checkNonStreaming is the anthropic library's refusal of a non-streaming
// request whose max_tokens implies over 10 minutes (3600 s × max_tokens /
// 128000 > 600 s), when no timeout is configured.
func (c *base) checkNonStreaming(req obj) error {
	if !c.defaultTimeout {
		return nil
	}
	v, _ := req.Get("max_tokens")
	n, ok := pyNumber(v)
	if ok && 3600*n/128000 > 600 {
		return valueError("Streaming is strongly recommended for operations that may take longer than 10 minutes. See https://github.com/anthropics/anthropic-sdk-python#long-requests for more details")
	}
	return nil
}

// send posts the request and returns the answer's body, or the error
// AutoGen's client raises.
func (c *base) send(ctx context.Context, req obj, stream bool) (io.ReadCloser, error) {
	if c.authErr != nil {
		return nil, c.authErr
	}
	data, err := marshal(req)
	if err != nil {
		return nil, err
	}
	if stream {
		ctx = withStreaming(ctx)
	}
	var resp *http.Response
	err = c.svc.Post(ctx, "v1/messages", data, &resp)
	if err != nil {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		return nil, transportError(ctx, apiError(err))
	}
	return resp.Body, nil
}

// transportError turns what the HTTP layer failed with into the anthropic
// library's exceptions: a read timeout is APITimeoutError, another failure
// to reach the server APIConnectionError; a cancelled context, a limit
// and an API error stay as they are.
func transportError(ctx context.Context, err error) error {
	var ae *APIError
	var le *LimitError
	switch {
	case err == nil || errors.As(err, &ae) || errors.As(err, &le):
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, readtimeout.ErrTimeout):
		return &Error{Exception: APITimeoutError, Message: "Request timed out."}
	}
	return &connError{err: err}
}

// connError is the anthropic library's APIConnectionError ("Connection
// error."), with the Go error that caused it.
type connError struct{ err error }

func (e *connError) Error() string { return "APIConnectionError: Connection error." }
func (e *connError) Unwrap() error { return e.err }

// PythonException returns the exception's class and text (models.Exception).
func (e *connError) PythonException() (class, message string) {
	return string(APIConnectionError), "Connection error."
}

// Is reports whether target is APIConnectionError.
func (e *connError) Is(target error) bool { return target == APIConnectionError }

// addUsage adds a request's usage to actual_usage and total_usage.
func (c *base) addUsage(u gen.RequestUsage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.actual = models.AddUsage(c.actual, u)
	c.total = models.AddUsage(c.total, u)
}

// ActualUsage returns the usage of the requests so far (AutoGen's
// actual_usage, which adds up every request as total_usage does).
func (c *base) ActualUsage() gen.RequestUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.actual
}

// TotalUsage returns the usage of every request so far.
func (c *base) TotalUsage() gen.RequestUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Capabilities returns the model's capabilities (deprecated; ModelInfo).
func (c *base) Capabilities() gen.ModelCapabilities { return models.CapabilitiesOf(c.info) }

// ModelInfo returns the model's properties.
func (c *base) ModelInfo() gen.ModelInfo { return c.info }

// Close releases the client's idle connections.
func (c *base) Close() error { return nil }

// buildRequest is the request part of create and create_stream: the checks
// AutoGen makes, in its order, and the Messages API body.
func (c *base) buildRequest(messages []gen.LLMMessage, opts models.CreateOptions, more models.MoreOptions, stream bool) (obj, error) {
	args := append(obj(nil), c.createArgs...)
	keys := make([]string, 0, len(opts.ExtraArgs))
	for k := range opts.ExtraArgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		args.Set(k, opts.ExtraArgs[k])
	}
	if !c.info.Vision && hasImage(messages) {
		return nil, valueError("Model does not support vision and image was provided")
	}
	if opts.JSONOutput != nil && *opts.JSONOutput && !c.info.JSONOutput {
		return nil, valueError("Model does not support JSON output")
	}
	if opts.OutputType != nil || more.OutputSchema != nil {
		return nil, valueError("Structured output is currently not supported for Anthropic models")
	}
	merged, err := mergeSystemMessages(messages)
	if err != nil {
		return nil, err
	}
	if len(merged) == 0 {
		return nil, &Error{Exception: IndexError, Message: "list index out of range"}
	}
	system, msgs, hasResults, err := convertMessages(merged)
	if err != nil {
		return nil, err
	}
	if !c.info.FunctionCalling && len(opts.Tools) > 0 {
		return nil, valueError("Model does not support function calling")
	}
	model, _ := args.Get("model")
	req := obj{{Key: "model", Val: model}, {Key: "messages", Val: msgs}, {Key: "max_tokens", Val: orDefault(args, "max_tokens", 4096)},
		{Key: "temperature", Val: orDefault(args, "temperature", json.RawMessage("1.0"))}}
	if stream {
		req = append(req, member{Key: "stream", Val: true})
	}
	if system != nil {
		req = append(req, member{Key: "system", Val: *system})
	}
	if err := c.addTools(&req, opts, hasResults); err != nil {
		return nil, err
	}
	for _, p := range []string{"top_p", "top_k", "stop_sequences", "metadata"} {
		if v, ok := args.Get(p); ok {
			req = append(req, member{Key: p, Val: v})
		}
	}
	if t := c.thinking(opts.ExtraArgs); t != nil {
		req = append(req, member{Key: "thinking", Val: t})
	}
	return req, nil
}

// orDefault is create_args.Get(key, def).
func orDefault(args obj, key string, def any) any {
	if v, ok := args.Get(key); ok {
		return v
	}
	return def
}

// thinking is _get_thinking_config: the extra arguments' thinking, else
// the config's, unless None.
func (c *base) thinking(extra map[string]any) any {
	if t, ok := extra["thinking"]; ok && t != nil {
		return t
	}
	if t, ok := c.createArgs.Get("thinking"); ok && !isNull(t) {
		return t
	}
	return nil
}

func isNull(v any) bool {
	if v == nil {
		return true
	}
	raw, ok := v.(json.RawMessage)
	return ok && string(raw) == "null"
}

// convertMessages turns the merged messages into the system text and the
// Messages API messages, rstripping the last assistant text (a prefill
// cannot end with whitespace); hasResults tells whether a tool result is
// among them.
func convertMessages(merged []gen.LLMMessage) (system *string, msgs []any, hasResults bool, err error) {
	msgs = []any{}
	for i, m := range merged {
		switch m := m.(type) {
		case *gen.SystemMessage:
			if system != nil {
				return nil, nil, false, valueError("Multiple system messages are not supported")
			}
			s := emptyToSpace(m.Content)
			system = &s
		case *gen.UserMessage:
			o, err := userToAnthropic(m)
			if err != nil {
				return nil, nil, false, err
			}
			msgs = append(msgs, o)
		case *gen.AssistantMessage:
			if i == len(merged)-1 && m.Content.IsText() {
				cp := *m
				cp.Content = gen.AssistantMessageContentOfText(pystr.RStrip(m.Content.Text))
				m = &cp
			}
			o, err := assistantToAnthropic(m)
			if err != nil {
				return nil, nil, false, err
			}
			msgs = append(msgs, o)
		case *gen.FunctionExecutionResultMessage:
			hasResults = true
			msgs = append(msgs, toolResultsToAnthropic(m))
		default:
			return nil, nil, false, valueError("Unknown message type")
		}
	}
	return system, msgs, hasResults, nil
}

// addTools adds tools and tool_choice as AutoGen does: the given tools
// (remembered as the last used), or with tool results in the history and
// no tools the last used ones; tool_choice only then.
func (c *base) addTools(req *obj, opts models.CreateOptions, hasResults bool) error {
	var available []string
	if len(opts.Tools) > 0 {
		tools, err := convertTools(opts.Tools)
		if err != nil {
			return err
		}
		c.mu.Lock()
		c.lastTools = tools
		c.mu.Unlock()
		*req = append(*req, member{Key: "tools", Val: tools})
		for _, t := range opts.Tools {
			available = append(available, t.Name)
		}
	} else if hasResults {
		c.mu.Lock()
		last := c.lastTools
		c.mu.Unlock()
		if last == nil {
			last = []any{}
		}
		*req = append(*req, member{Key: "tools", Val: last})
		for _, t := range last {
			if o, ok := t.(obj); ok {
				name, _ := o.Get("name")
				s, _ := name.(string)
				available = append(available, s)
			}
		}
	}
	choice := opts.ToolChoice
	var converted obj
	switch choice {
	case "", "auto":
		converted = obj{{Key: "type", Val: "auto"}}
	case "required":
		converted = obj{{Key: "type", Val: "any"}}
	case "none":
		converted = obj{{Key: "type", Val: "none"}}
	default:
		if len(opts.Tools) == 0 && !hasResults {
			return valueError("tool_choice specified but no tools provided")
		}
		found := false
		for _, n := range available {
			found = found || n == choice
		}
		if !found {
			return valueError("tool_choice references '" + choice + "' but it's not in the available tools")
		}
		converted = obj{{Key: "type", Val: "tool"}, {Key: "name", Val: choice}}
	}
	if len(opts.Tools) > 0 || hasResults {
		*req = append(*req, member{Key: "tool_choice", Val: converted})
	}
	return nil
}

// usageSum is _add_usage's int + int: a missing count is Python's None,
// which makes the addition fail.
func usageOf(prompt, completion *int64) (gen.RequestUsage, error) {
	if prompt == nil || completion == nil {
		return gen.RequestUsage{}, typeError("unsupported operand type(s) for +: 'int' and 'NoneType'")
	}
	return models.NewRequestUsage(*prompt, *completion), nil
}
