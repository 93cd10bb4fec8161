package openai

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/openai/openai-go/v3/option"
)

// openai-python's DEFAULT_TIMEOUT, httpx.Timeout(timeout=600.0,
// connect=5.0): a client with no timeout in its config waits at most 600 s
// for each read and 5 s to connect; a config's timeout t is
// httpx.Timeout(t), t for each of them.
const (
	defaultReadTimeout    = 600 * time.Second
	defaultConnectTimeout = 5 * time.Second
)

// errReadTimeout is the cause of a request cancelled because the server
// sent nothing for the read timeout.
var errReadTimeout = errors.New("openai: read timed out")

// timeoutError is openai-python's APITimeoutError.
func timeoutError() error { return &Error{Exception: "APITimeoutError", Message: "Request timed out."} }

// asTimeout returns timeoutError() for an error caused by the read
// timeout, openai-python's APIConnectionError for a request that never
// got an answer (a refused connection, a failed DNS lookup, a connection
// closed before the answer), and err otherwise.
func asTimeout(err error) error {
	if errors.Is(err, errReadTimeout) {
		return timeoutError()
	}
	var ue *url.Error
	if errors.As(err, &ue) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return &Error{Exception: "APIConnectionError", Message: "Connection error."}
	}
	return err
}

// timeoutOptions bound each request as httpx bounds it: connecting, then
// each wait for the server (the answer's headers, then every read of its
// body), not the whole exchange, so a stream that keeps sending is never
// cut.
func timeoutOptions(timeout *float64) []option.RequestOption {
	read, connect := defaultReadTimeout, defaultConnectTimeout
	if timeout != nil && *timeout > 0 {
		read = time.Duration(*timeout * float64(time.Second))
		connect = read
	}
	return []option.RequestOption{
		option.WithHTTPClient(&http.Client{Transport: transportWithConnectTimeout(connect)}),
		option.WithMiddleware(readTimeout(read)),
	}
}

// transportWithConnectTimeout is http.DefaultTransport's settings with a
// bound on connecting.
func transportWithConnectTimeout(d time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: d, KeepAlive: 30 * time.Second}).DialContext
	return t
}

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
