// Package readtimeout bounds an HTTP request the way httpx's timeouts do
// in the Python clients AutoGen wraps (openai-python, anthropic-python,
// ollama-python): connecting, then each wait for the server (for the
// answer's headers, then for every read of its body), not the whole
// exchange, so a stream that keeps sending is never cut. The OpenAI,
// Anthropic and Ollama clients share it; each turns ErrTimeout into its
// library's timeout exception.
package readtimeout

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// ErrTimeout is the error of a request cancelled because the server sent
// nothing for the read timeout.
var ErrTimeout = errors.New("read timed out")

// The default timeouts of openai-python and anthropic-python,
// httpx.Timeout(600, connect=5): each read waits at most 600 s,
// connecting 5 s.
const (
	DefaultRead    = 600 * time.Second
	DefaultConnect = 5 * time.Second
)

// Of is the read and connect timeouts of a config's timeout (seconds):
// httpx.Timeout(t) bounds both by t; none (or t <= 0) is DefaultRead and
// DefaultConnect.
func Of(timeout *float64) (read, connect time.Duration) {
	if timeout != nil && *timeout > 0 {
		d := time.Duration(*timeout * float64(time.Second))
		return d, d
	}
	return DefaultRead, DefaultConnect
}

// Transport is http.DefaultTransport's settings with connecting bounded
// by connect.
func Transport(connect time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext
	return t
}

// Do sends r with send, cancelling it with ErrTimeout when the server
// sends nothing for d: before its headers, or between two reads of its
// body. Closing the answer's body ends the request's context.
func Do(r *http.Request, d time.Duration, send func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	ctx, cancel := context.WithCancelCause(r.Context())
	timer := time.AfterFunc(d, func() { cancel(ErrTimeout) })
	resp, err := send(r.WithContext(ctx))
	if err != nil {
		timer.Stop()
		if context.Cause(ctx) == ErrTimeout {
			err = ErrTimeout
		}
		cancel(nil)
		return resp, err
	}
	timer.Reset(d)
	resp.Body = &idleBody{body: resp.Body, timer: timer, d: d, ctx: ctx, cancel: cancel}
	return resp, nil
}

// Middleware is Do as a client middleware (the shape of openai-go's and
// anthropic-sdk-go's option.Middleware).
func Middleware(d time.Duration) func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	return func(r *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		return Do(r, d, next)
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
	if err != nil && context.Cause(b.ctx) == ErrTimeout {
		return n, ErrTimeout
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
