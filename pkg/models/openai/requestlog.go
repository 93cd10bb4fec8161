package openai

import (
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/openai/openai-go/v3/option"
)

// logRequests logs each request the client sends (each attempt) with
// log/slog's default logger at debug level: method, URL (without its
// query), status, duration, and the error of one that got no answer. Never
// a header, so never a key. It costs nothing while debug is not enabled.
func logRequests(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	ctx := r.Context()
	if !slog.Default().Enabled(ctx, slog.LevelDebug) {
		return next(r)
	}
	start := time.Now()
	resp, err := next(r)
	attrs := []any{"method", r.Method, "url", shownURL(r.URL), "duration", time.Since(start)}
	if resp != nil {
		attrs = append(attrs, "status", resp.StatusCode)
	}
	if err != nil {
		attrs = append(attrs, "error", err.Error())
	}
	slog.DebugContext(ctx, "model request", attrs...)
	return resp, err
}

// shownURL is u without user information, query or fragment.
func shownURL(u *url.URL) string {
	v := *u
	v.User, v.RawQuery, v.ForceQuery, v.Fragment = nil, "", false, ""
	return v.String()
}
