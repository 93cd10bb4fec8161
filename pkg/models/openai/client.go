package openai

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"net/http"
	"sync"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/modelinfo"
	"github.com/agentschema/agentschema/internal/readtimeout"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// Options are the create options of AutoGen's OpenAI clients that
// models.CreateOptions does not carry (models.MoreOptions). IncludeUsage is
// create_stream's include_usage: when set (to either value, as in AutoGen)
// and the create arguments have no stream_options, a stream asks for
// {"include_usage": true}; when both are set and differ, the call fails.
// Create ignores it. OutputSchema asks for structured output with a JSON
// Schema given directly (setting it and OutputType is an error).
type Options = models.MoreOptions

// LookupModelInfo is AutoGen's _model_info.get_info without its error: the
// ModelInfo of model (after resolving aliases such as "gpt-4o" to the
// dated model), and false for models AutoGen does not know.
func LookupModelInfo(model string) (gen.ModelInfo, bool) {
	e, ok := modelinfo.Lookup(model)
	if !ok {
		return gen.ModelInfo{}, false
	}
	mi := gen.ModelInfo{Vision: e.Vision, FunctionCalling: e.FunctionCalling, JSONOutput: e.JSONOutput,
		Family: gen.ModelFamily(e.Family), StructuredOutput: e.StructuredOutput}
	if e.MultipleSystemMessages != nil {
		v := *e.MultipleSystemMessages
		mi.MultipleSystemMessages = gen.Optional[*bool]{Set: true, Value: &v}
	}
	return mi, true
}

// base is BaseOpenAIChatCompletionClient.
type base struct {
	svc             sdk.ChatCompletionService
	model           string
	createArgs      obj
	info            gen.ModelInfo
	addNamePrefixes bool
	includeName     bool
	maxEvent        int64 // the bound on one stream event

	mu     sync.Mutex
	actual gen.RequestUsage
	total  gen.RequestUsage
}

func (c *base) init(model string, createArgs obj, info *gen.ModelInfo, caps *gen.ModelCapabilities,
	prefixes, includeName *bool, opts []option.RequestOption) error {
	mi, err := resolveModelInfo(model, info, caps)
	if err != nil {
		return err
	}
	miJSON, err := json.Marshal(mi)
	if err != nil {
		return err
	}
	if _, err := models.ValidateModelInfo(miJSON); err != nil {
		return err
	}
	if !mi.JSONOutput {
		if rf, ok := createArgs.Get("response_format"); ok {
			var f struct {
				Type string `json:"type"`
			}
			b, _ := marshal(rf)
			if json.Unmarshal(b, &f) == nil && f.Type == "json_object" {
				return valueError("Model does not support JSON output.")
			}
		}
	}
	c.model = model
	c.createArgs = createArgs
	c.info = mi
	c.addNamePrefixes = prefixes != nil && *prefixes
	c.includeName = includeName == nil || *includeName
	// NewChatCompletionService, not NewClient: the options are AutoGen's,
	// without the SDK's other environment variables.
	c.svc = sdk.NewChatCompletionService(opts...)
	return nil
}

// OpenAIChatCompletionClient is AutoGen's OpenAIChatCompletionClient: a
// models.ChatCompletionClient for OpenAI and OpenAI-compatible
// chat-completions endpoints. Create it with NewOpenAI or OpenAIFromConfig
// (or models.LoadClient). It is safe for concurrent use.
type OpenAIChatCompletionClient struct {
	base
	config gen.OpenAIClientConfigurationConfigModel
}

// AzureOpenAIChatCompletionClient is AutoGen's
// AzureOpenAIChatCompletionClient. Create it with NewAzure or
// AzureFromConfig. It is safe for concurrent use.
type AzureOpenAIChatCompletionClient struct {
	base
	config gen.AzureOpenAIClientConfigurationConfigModel
}

var (
	_ models.ChatCompletionClient = (*OpenAIChatCompletionClient)(nil)
	_ models.ChatCompletionClient = (*AzureOpenAIChatCompletionClient)(nil)
	_ component.Component         = (*OpenAIChatCompletionClient)(nil)
	_ component.Component         = (*AzureOpenAIChatCompletionClient)(nil)
)

// ComponentModel returns the client's component config as AutoGen's
// dump_component() writes it: the configuration it was built from, with
// null fields dropped and the api_key, if one was configured, written as
// pydantic writes a SecretStr ("**********"). Keys from the environment
// are not written.
func (c *OpenAIChatCompletionClient) ComponentModel() (gen.ComponentModel, error) {
	cfg := c.config
	if cfg.APIKey != nil {
		k := component.SecretMask
		cfg.APIKey = &k
	}
	return openAISpec.Model(&cfg)
}

// ComponentModel returns the client's component config as AutoGen's
// dump_component() writes it. Like AutoGen's, it leaves out model_info
// and model_capabilities (the Azure client does not keep them in its raw
// config), and writes a configured api_key as "**********".
func (c *AzureOpenAIChatCompletionClient) ComponentModel() (gen.ComponentModel, error) {
	cfg := c.config
	if cfg.APIKey != nil {
		k := component.SecretMask
		cfg.APIKey = &k
	}
	cfg.ModelInfo, cfg.ModelCapabilities = nil, nil
	return azureSpec.Model(&cfg)
}

// Create asks the model for one completion, as AutoGen's create does.
func (c *base) Create(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) (gen.CreateResult, error) {
	return c.CreateWith(ctx, messages, opts, Options{})
}

// CreateWith is Create with this package's Options.
func (c *base) CreateWith(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions, more Options) (gen.CreateResult, error) {
	req, err := c.buildRequest(messages, opts, more, false)
	if err != nil {
		return gen.CreateResult{}, err
	}
	body, err := marshal(req.body)
	if err != nil {
		return gen.CreateResult{}, err
	}
	var raw []byte
	var httpResp *http.Response
	_, err = c.svc.New(ctx, sdk.ChatCompletionNewParams{},
		append(c.requestOptions(req, body), option.WithResponseInto(&httpResp), option.WithResponseBodyInto(&raw))...)
	if err != nil {
		if ctx.Err() != nil {
			return gen.CreateResult{}, ctx.Err()
		}
		return gen.CreateResult{}, limitErrorOf(asTimeout(apiError(err)))
	}
	contentType := ""
	if httpResp != nil {
		contentType = httpResp.Header.Get("Content-Type")
	}
	comp, err := completionOf(raw, contentType, req.structured)
	if err != nil {
		return gen.CreateResult{}, err
	}
	result, usage, err := c.resultOf(comp, req)
	if err != nil {
		return gen.CreateResult{}, err
	}
	c.addUsage(usage)
	return result, nil
}

func (c *base) requestOptions(req *request, body []byte) []option.RequestOption {
	opts := []option.RequestOption{option.WithRequestBody("application/json", body)}
	if req.timeout != nil && *req.timeout > 0 {
		// A create argument's timeout bounds each read of this request.
		opts = append(opts, option.WithMiddleware(readtimeout.Middleware(time.Duration(*req.timeout*float64(time.Second)))))
	}
	return opts
}

func (c *base) addUsage(u gen.RequestUsage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// AutoGen adds to _actual_usage too, so both sum every request.
	c.total = models.AddUsage(c.total, u)
	c.actual = models.AddUsage(c.actual, u)
}

// CreateStream streams a completion as AutoGen's create_stream does.
func (c *base) CreateStream(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) iter.Seq2[models.StreamEvent, error] {
	return c.CreateStreamWith(ctx, messages, opts, Options{})
}

// CreateStreamWith is CreateStream with this package's Options.
func (c *base) CreateStreamWith(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions, more Options) iter.Seq2[models.StreamEvent, error] {
	return func(yield func(models.StreamEvent, error) bool) {
		req, err := c.buildRequest(messages, opts, more, true)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		body, err := marshal(req.body)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		var httpResp *http.Response
		_, err = c.svc.New(withStreaming(ctx), sdk.ChatCompletionNewParams{}, append(c.requestOptions(req, body), option.WithResponseBodyInto(&httpResp))...)
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			} else {
				err = limitErrorOf(asTimeout(apiError(err)))
			}
			yield(models.StreamEvent{}, err)
			return
		}
		defer httpResp.Body.Close()
		result, usage, err := c.readStream(ctx, req, newSSEReader(httpResp.Body, c.maxEvent), yield)
		if err != nil {
			if err != errStopped {
				yield(models.StreamEvent{}, asTimeout(err))
			}
			return
		}
		c.addUsage(usage)
		yield(models.StreamEvent{Result: &result}, nil)
	}
}

// errStopped is readStream's answer when the consumer stopped the stream.
var errStopped = errors.New("openai: stream stopped")

// readStream reads the events of a streamed answer, yielding each text
// chunk, and returns what create_stream makes of them.
func (c *base) readStream(ctx context.Context, req *request, events *sseReader, yield func(models.StreamEvent, error) bool) (gen.CreateResult, gen.RequestUsage, error) {
	var st streamState
	var beta *betaState
	if req.structured {
		beta = &betaState{req: req}
	}
	for {
		ev, ok, err := events.next()
		if err != nil {
			if ctx.Err() != nil {
				return gen.CreateResult{}, gen.RequestUsage{}, ctx.Err()
			}
			return gen.CreateResult{}, gen.RequestUsage{}, err
		}
		if !ok {
			break
		}
		top, data, err := streamChunk(ev)
		if err == io.EOF {
			break // [DONE]: what follows is ignored
		}
		if err != nil {
			return gen.CreateResult{}, gen.RequestUsage{}, err
		}
		if beta != nil && notAChunk(&top) {
			continue // the beta stream drops it: AutoGen never sees it
		}
		if beta != nil {
			if err := beta.handle(&top, data); err != nil {
				return gen.CreateResult{}, gen.RequestUsage{}, err
			}
		}
		texts, err := st.add(&top, data)
		for _, t := range texts {
			if !yield(models.StreamEvent{Text: t}, nil) {
				return gen.CreateResult{}, gen.RequestUsage{}, errStopped
			}
		}
		if err != nil {
			return gen.CreateResult{}, gen.RequestUsage{}, err
		}
	}
	if err := ctx.Err(); err != nil {
		return gen.CreateResult{}, gen.RequestUsage{}, err
	}
	return st.result(c.info.Family)
}

// ActualUsage returns AutoGen's actual_usage(): like AutoGen's, it sums
// every request so far (the same as TotalUsage).
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

func (c *base) tokenOptions(tools []gen.ToolSchema) tokens.Options {
	inc := c.includeName
	return tokens.Options{Tools: tools, ModelFamily: string(c.info.Family), AddNamePrefixes: c.addNamePrefixes, IncludeNameInMessage: &inc}
}

// CountTokens is AutoGen's count_tokens: count_tokens_openai for the
// client's model, family and name options (package tokens).
func (c *base) CountTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	return tokens.CountMessages(messages, c.model, c.tokenOptions(tools))
}

// RemainingTokens is AutoGen's remaining_tokens: the model's token limit
// minus CountTokens; an error for models AutoGen knows no limit of.
func (c *base) RemainingTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	return tokens.RemainingTokens(messages, c.model, c.tokenOptions(tools))
}

// Capabilities returns the vision, function calling and JSON output parts
// of ModelInfo.
func (c *base) Capabilities() gen.ModelCapabilities { return models.CapabilitiesOf(c.info) }

// ModelInfo returns the client's model_info (given or looked up).
func (c *base) ModelInfo() gen.ModelInfo { return c.info }

// Model returns the model create argument.
func (c *base) Model() string { return c.model }

// Close does nothing: the SDK's HTTP client needs no closing.
func (c *base) Close() error { return nil }
