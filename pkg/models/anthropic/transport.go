package anthropic

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/httplog"
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

// anthropic-python's DEFAULT_TIMEOUT, httpx.Timeout(600, connect=5): each
// read waits at most 600 s, connecting 5 s; a configured timeout t bounds
// both.
const (
	defaultReadTimeout    = 600 * time.Second
	defaultConnectTimeout = 5 * time.Second
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
	read, connect := defaultReadTimeout, defaultConnectTimeout
	if timeout != nil && *timeout > 0 {
		read = time.Duration(*timeout * float64(time.Second))
		connect = read
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext
	opts := []option.RequestOption{
		option.WithHTTPClient(&http.Client{Transport: t}),
		option.WithMaxRetries(retries),
		option.WithMiddleware(httplog.Middleware("model request"), answerMiddleware(s.maxResponse), readTimeout(read)),
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

// errReadTimeout is the cause of a request cancelled because the server
// sent nothing for the read timeout.
var errReadTimeout = errors.New("anthropic: read timed out")

// readTimeout cancels a request when the server sends nothing for d:
// before its headers, or between two reads of its body.
func readTimeout(d time.Duration) option.Middleware {
	return func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		ctx, cancel := context.WithCancelCause(r.Context())
		timer := time.AfterFunc(d, func() { cancel(errReadTimeout) })
		resp, err := next(r.WithContext(ctx))
		if err != nil {
			timer.Stop()
			if context.Cause(ctx) == errReadTimeout {
				err = errReadTimeout
			}
			cancel(nil)
			return resp, err
		}
		timer.Reset(d)
		resp.Body = &idleBody{body: resp.Body, timer: timer, d: d, ctx: ctx, cancel: cancel}
		return resp, nil
	}
}

// idleBody restarts the read timeout at each read, and ends the request's
// context when closed.
type idleBody struct {
	body   io.ReadCloser
	timer  *time.Timer
	d      time.Duration
	ctx    context.Context
	cancel context.CancelCauseFunc
	once   sync.Once
}

func (b *idleBody) Read(p []byte) (int, error) {
	n, err := b.body.Read(p)
	if err != nil && context.Cause(b.ctx) == errReadTimeout {
		return n, errReadTimeout
	}
	b.timer.Reset(b.d)
	return n, err
}

func (b *idleBody) Close() error {
	b.once.Do(func() {
		b.timer.Stop()
		b.cancel(nil)
	})
	return b.body.Close()
}
