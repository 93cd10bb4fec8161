package anthropic

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/httplog"
	"github.com/agentschema/agentschema/internal/readtimeout"
)

// The bounds on what a server's answer may make the client hold, as the
// OpenAI client's: anthropic-python has none; they are this package's, so
// that a hostile or broken endpoint ends a request with a *LimitError
// instead of exhausting memory.
const (
	// DefaultMaxResponseBytes bounds the body of an answer that is not
	// streamed (a message, or an error answer): 64 MiB.
	DefaultMaxResponseBytes = 64 << 20
	// DefaultMaxEventBytes bounds one server-sent event of a stream: 16 MiB.
	DefaultMaxEventBytes = 16 << 20
)

// LimitError is an answer larger than the client accepts. The request is
// not retried.
type LimitError struct {
	// What is "response body" or "stream event".
	What string
	// Limit is the bound, in bytes.
	Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("anthropic: %s exceeds the limit of %d bytes", e.What, e.Limit)
}

// A ClientOption changes how a client sends its requests and what it
// accepts in return, never what it sends.
type ClientOption func(*clientSettings)

type clientSettings struct {
	requestOpts []option.RequestOption
	maxResponse int64
	maxEvent    int64
}

// WithHTTPClient sends the client's requests with hc.
func WithHTTPClient(hc *http.Client) ClientOption {
	return func(s *clientSettings) { s.requestOpts = append(s.requestOpts, option.WithHTTPClient(hc)) }
}

// WithMaxResponseBytes bounds the body of an answer that is not streamed
// to n bytes (n <= 0: DefaultMaxResponseBytes).
func WithMaxResponseBytes(n int64) ClientOption {
	return func(s *clientSettings) { s.maxResponse = n }
}

// WithMaxEventBytes bounds one server-sent event of a stream to n bytes
// (n <= 0: DefaultMaxEventBytes).
func WithMaxEventBytes(n int64) ClientOption {
	return func(s *clientSettings) { s.maxEvent = n }
}

func settingsOf(cos []ClientOption) clientSettings {
	var s clientSettings
	for _, co := range cos {
		if co != nil {
			co(&s)
		}
	}
	if s.maxResponse <= 0 {
		s.maxResponse = DefaultMaxResponseBytes
	}
	if s.maxEvent <= 0 {
		s.maxEvent = DefaultMaxEventBytes
	}
	return s
}

// transportOptions are max_retries (default 2, as the anthropic
// library's), the timeouts, the answer bound, then the ClientOptions'
// request options. Each request (each attempt) is logged at debug level
// (internal/httplog: method, URL, status, duration; never a header).
func transportOptions(maxRetries *gen.Int, timeout *float64, s clientSettings) []option.RequestOption {
	retries := 2
	if maxRetries != nil {
		if n, ok := maxRetries.Int64(); ok && n >= 0 && n < 1000 {
			retries = int(n)
		}
	}
	// anthropic-python's DEFAULT_TIMEOUT, httpx.Timeout(600, connect=5);
	// a configured timeout t bounds both (internal/readtimeout).
	read, connect := readtimeout.Of(timeout)
	opts := []option.RequestOption{
		option.WithHTTPClient(&http.Client{Transport: readtimeout.Transport(connect)}),
		option.WithMaxRetries(retries),
		option.WithMiddleware(httplog.Middleware("model request"), answerMiddleware(s.maxResponse), readtimeout.Middleware(read)),
	}
	return append(opts, s.requestOpts...)
}

// streamingKey marks the context of a streamed request: its body is read
// by the stream, not by answerMiddleware.
type streamingKey struct{}

func withStreaming(ctx context.Context) context.Context {
	return context.WithValue(ctx, streamingKey{}, true)
}

// answerMiddleware reads the whole body of an answer that is not streamed
// (and of any error answer), bounded by max: a larger one ends the
// request with a *LimitError.
func answerMiddleware(max int64) option.Middleware {
	return func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		resp, err := next(r)
		if err != nil || resp == nil {
			return resp, err
		}
		if streaming, _ := r.Context().Value(streamingKey{}).(bool); streaming && resp.StatusCode < 400 {
			return resp, nil
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		if int64(len(body)) > max {
			return nil, &LimitError{What: "response body", Limit: max}
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		return resp, nil
	}
}
