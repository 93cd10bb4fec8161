// Package httplog logs the HTTP requests the model clients send, with
// log/slog's default logger at debug level (what `agentschema run
// --log-level debug` turns on): method, URL without user information,
// query or fragment, status, duration, and the error of a request that
// got no answer. Never a header or a body, so never a key.
package httplog

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Enabled reports whether debug records are logged, so that a caller
// spends nothing on them otherwise.
func Enabled(ctx context.Context) bool {
	return slog.Default().Enabled(ctx, slog.LevelDebug)
}

// Middleware returns a client middleware (the shape of openai-go's and
// anthropic-sdk-go's option.Middleware) that logs each request (each
// attempt) as msg once it is answered or failed. The URL is read after
// the request was sent, so a rewrite by an inner middleware (Bedrock's
// model path) is what is logged.
func Middleware(msg string) func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	return func(r *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		if !Enabled(r.Context()) {
			return next(r)
		}
		start := time.Now()
		resp, err := next(r)
		Log(r.Context(), msg, r, resp, err, start)
		return resp, err
	}
}

// Log logs one request sent at start as msg: its method, URL, duration,
// and the answer's status or the error.
func Log(ctx context.Context, msg string, r *http.Request, resp *http.Response, err error, start time.Time) {
	if !Enabled(ctx) {
		return
	}
	attrs := []any{"method", r.Method, "url", URL(r.URL), "duration", time.Since(start)}
	if resp != nil {
		attrs = append(attrs, "status", resp.StatusCode)
	}
	if err != nil {
		attrs = append(attrs, "error", ErrorText(err))
	}
	slog.DebugContext(ctx, msg, attrs...)
}

// URL is u without user information, query or fragment (a query or a
// user may hold a key).
func URL(u *url.URL) string {
	if u == nil {
		return ""
	}
	v := *u
	v.User, v.RawQuery, v.ForceQuery, v.Fragment, v.RawFragment = nil, "", false, "", ""
	return v.String()
}

// ErrorText is err's text; for an error that holds a *url.Error (which
// net/http writes with the whole URL, query included), that error's text
// with the URL shown as URL shows it.
func ErrorText(err error) string {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return err.Error()
	}
	shown := "(unparsable URL)"
	if u, perr := url.Parse(ue.URL); perr == nil {
		shown = URL(u)
	}
	return ue.Op + " " + strconv.Quote(shown) + ": " + ue.Err.Error()
}
