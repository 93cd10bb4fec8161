package ollama

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/readtimeout"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// Client is AutoGen's OllamaChatCompletionClient: a
// models.ChatCompletionClient for the Ollama chat API (POST /api/chat).
// Create it with New or FromConfig (or models.LoadClient). It is safe for
// concurrent use.
type Client struct {
	model      string
	info       gen.ModelInfo
	createArgs createArgs
	base       *url.URL
	settings   clientSettings
	config     gen.OllamaClientConfigurationConfigModel

	mu     sync.Mutex
	toolID int // AutoGen's _tool_id: the id of the next create's tool calls
	actual gen.RequestUsage
	total  gen.RequestUsage
}

var (
	_ models.OptionsClient        = (*Client)(nil)
	_ models.Exception            = (*Error)(nil)
	_ models.Exception            = (*ResponseError)(nil)
	_ models.Exception            = (*ValidationError)(nil)
	_ models.ChatCompletionClient = (*Client)(nil)
	_ component.Component         = (*Client)(nil)
)

// userAgent names this client the way ollama-python names itself.
var userAgent = fmt.Sprintf("ollama-python/0.4.7 (%s %s) Go/%s", runtime.GOARCH, runtime.GOOS, runtime.Version())

// Create asks the model for one completion, as AutoGen's create does.
func (c *Client) Create(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) (gen.CreateResult, error) {
	return c.CreateWith(ctx, messages, opts, Options{})
}

// CreateWith is Create with this package's Options.
func (c *Client) CreateWith(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions, more Options) (gen.CreateResult, error) {
	body, err := c.buildRequest(messages, opts, more, false)
	if err != nil {
		return gen.CreateResult{}, err
	}
	resp, err := c.send(ctx, body, false)
	if err != nil {
		return gen.CreateResult{}, err
	}
	defer resp.Body.Close()
	data, err := readAllBounded(resp.Body, c.settings.maxResponse)
	if err != nil {
		return gen.CreateResult{}, c.readError(ctx, err)
	}
	part, err := pyjson.Parse(data)
	if err != nil {
		return gen.CreateResult{}, &Error{Exception: JSONDecodeError, Message: pyjson.LoadsErrorText(data, err)}
	}
	r, err := parseChatResponse(&part)
	if err != nil {
		return gen.CreateResult{}, err
	}
	usage := gen.RequestUsage{PromptTokens: usageOf(r.promptEvalCount), CompletionTokens: usageOf(r.evalCount)}
	result := gen.CreateResult{Usage: usage}
	if r.hasToolCalls {
		if r.content != nil && *r.content != "" {
			t := *r.content
			result.Thought = &t
		}
		c.mu.Lock()
		id := strconv.Itoa(c.toolID)
		c.toolID++
		c.mu.Unlock()
		result.Content = gen.CreateResultContentOfFunctionCalls(functionCalls(r.toolCalls, id))
		result.FinishReason = gen.FinishReasonFunctionCalls
	} else {
		reason := ""
		if r.doneReason != nil {
			reason = *r.doneReason
		}
		result.FinishReason = normalizeStopReason(&reason)
		text := ""
		if r.content != nil {
			text = *r.content
		}
		result.Content = gen.CreateResultContentOfText(text)
	}
	c.addUsage(usage)
	return result, nil
}

// send posts body to /api/chat and returns the answer once its status is
// a success; an error answer is a *ResponseError (or what
// ResponseError.__init__ raises for its body).
func (c *Client) send(ctx context.Context, body []byte, stream bool) (*http.Response, error) {
	u := c.base.JoinPath("api", "chat")
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", userAgent)
	resp, err := c.settings.do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(err, readtimeout.ErrTimeout) {
			return nil, &Error{Exception: ReadTimeout, Message: "timed out"}
		}
		if isConnectError(err) {
			if stream {
				// ollama-python catches httpx.ConnectError only for a
				// request that is not streamed.
				return nil, &Error{Exception: ConnectError, Message: "All connection attempts failed"}
			}
			return nil, &Error{Exception: ConnectionError, Message: connectionErrorMessage}
		}
		return nil, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return resp, nil
	}
	defer resp.Body.Close()
	data, err := readAllBounded(resp.Body, c.settings.maxResponse)
	if err != nil {
		return nil, c.readError(ctx, err)
	}
	return nil, responseError(string(bytes.ToValidUTF8(data, []byte("\uFFFD"))), resp.StatusCode)
}

// readError is the error of a failed read of an answer.
func (c *Client) readError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, readtimeout.ErrTimeout) {
		return &Error{Exception: ReadTimeout, Message: "timed out"}
	}
	return err
}

// readAllBounded reads r to its end, refusing more than max bytes with a
// *LimitError.
func readAllBounded(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &LimitError{What: "response body", Limit: max}
	}
	return data, nil
}

func (c *Client) addUsage(u gen.RequestUsage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// AutoGen adds to _actual_usage too, so both sum every request.
	c.total = models.AddUsage(c.total, u)
	c.actual = models.AddUsage(c.actual, u)
}

// CreateStream streams a completion as AutoGen's create_stream does.
func (c *Client) CreateStream(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) iter.Seq2[models.StreamEvent, error] {
	return c.CreateStreamWith(ctx, messages, opts, Options{})
}

// CreateStreamWith is CreateStream with this package's Options.
func (c *Client) CreateStreamWith(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions, more Options) iter.Seq2[models.StreamEvent, error] {
	return func(yield func(models.StreamEvent, error) bool) {
		if more.IncludeUsage != nil {
			yield(models.StreamEvent{}, &Error{Exception: TypeError,
				Message: "BaseOllamaChatCompletionClient.create_stream() got an unexpected keyword argument 'include_usage'"})
			return
		}
		body, err := c.buildRequest(messages, opts, more, true)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		resp, err := c.send(ctx, body, true)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		defer resp.Body.Close()
		result, err := c.readStream(ctx, newLineReader(resp.Body, c.settings.maxLine), yield)
		if err != nil {
			if err != errStopped {
				yield(models.StreamEvent{}, err)
			}
			return
		}
		c.addUsage(result.Usage)
		yield(models.StreamEvent{Result: &result}, nil)
	}
}

// ActualUsage returns AutoGen's actual_usage(): like AutoGen's, it sums
// every request so far (the same as TotalUsage).
func (c *Client) ActualUsage() gen.RequestUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.actual
}

// TotalUsage returns the usage of every request so far.
func (c *Client) TotalUsage() gen.RequestUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Capabilities returns the vision, function calling and JSON output parts
// of ModelInfo.
func (c *Client) Capabilities() gen.ModelCapabilities { return models.CapabilitiesOf(c.info) }

// ModelInfo returns the client's model_info (given or looked up).
func (c *Client) ModelInfo() gen.ModelInfo { return c.info }

// Model returns the model of the config.
func (c *Client) Model() string { return c.model }

// Close does nothing, as AutoGen's close does nothing.
func (c *Client) Close() error { return nil }
