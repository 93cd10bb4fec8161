package openai

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/openai/openai-go/v3/option"
)

// The bounds on what a server's answer may make the client hold. openai-python
// has none; they are this package's, so that a hostile or broken endpoint
// ends a request with a [*LimitError] instead of exhausting memory.
const (
	// DefaultMaxResponseBytes bounds the body of an answer that is not
	// streamed (a completion, or an error answer of any request): 64 MiB.
	// Change it with [WithMaxResponseBytes].
	DefaultMaxResponseBytes = 64 << 20
	// DefaultMaxEventBytes bounds one server-sent event of a stream (its
	// lines and data together): 16 MiB. Change it with [WithMaxEventBytes].
	DefaultMaxEventBytes = 16 << 20
)

// LimitError is an answer larger than the client accepts: a response body
// over [DefaultMaxResponseBytes] (or [WithMaxResponseBytes]'s value) or a
// stream event over [DefaultMaxEventBytes] (or [WithMaxEventBytes]'s). The
// request is not retried.
type LimitError struct {
	// What is "response body" or "stream event".
	What string
	// Limit is the bound, in bytes.
	Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("openai: %s exceeds the limit of %d bytes", e.What, e.Limit)
}

// A ClientOption changes how a client sends its requests and what it
// accepts in return, never what it sends: the HTTP client, openai-go
// request middleware, and the bounds on answers.
type ClientOption func(*clientSettings)

// clientSettings is what the ClientOptions of a client set.
type clientSettings struct {
	requestOpts []option.RequestOption
	maxResponse int64
	maxEvent    int64
}

// WithMaxResponseBytes bounds the body of an answer that is not streamed
// (a completion or an error answer) to n bytes; a larger one ends the
// request with a [*LimitError]. n <= 0 means [DefaultMaxResponseBytes].
func WithMaxResponseBytes(n int64) ClientOption {
	return func(s *clientSettings) { s.maxResponse = n }
}

// WithMaxEventBytes bounds one server-sent event of a stream to n bytes;
// a larger one ends the stream with a [*LimitError]. n <= 0 means
// [DefaultMaxEventBytes].
func WithMaxEventBytes(n int64) ClientOption {
	return func(s *clientSettings) { s.maxEvent = n }
}

// settingsOf applies cos to the defaults.
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

// streamingKey marks the context of a streamed request: its body is read
// by the stream, not by answerMiddleware.
type streamingKey struct{}

func withStreaming(ctx context.Context) context.Context {
	return context.WithValue(ctx, streamingKey{}, true)
}

// answerMiddleware is the outermost middleware of every request. For each
// attempt it
//   - rewrites the retry headers of the answer so that openai-go waits as
//     openai-python does (see pythonRetryAfter);
//   - reads the whole body of an answer that is not streamed (and of any
//     error answer), bounded by max, as httpx reads it inside openai-python's
//     retry loop: a read that times out is retried like a request that
//     timed out before its headers, and a body over max ends the request
//     with a *LimitError, not retried.
func answerMiddleware(max int64) option.Middleware {
	return func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		resp, err := next(r)
		if err != nil || resp == nil {
			return resp, err
		}
		pythonRetryAfter(resp.Header, time.Now())
		if streaming, _ := r.Context().Value(streamingKey{}).(bool); streaming && resp.StatusCode < 400 {
			return resp, nil
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		if int64(len(body)) > max {
			resp.Body = io.NopCloser(&failingReader{err: &LimitError{What: "response body", Limit: max}})
			return resp, nil
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		return resp, nil
	}
}

// failingReader fails every read with err.
type failingReader struct{ err error }

func (f *failingReader) Read([]byte) (int, error) { return 0, f.err }

// limitErrorOf returns the *LimitError in err's chain, or err. openai-go
// wraps a body read error in its own text; the LimitError alone is the
// clearer message.
func limitErrorOf(err error) error {
	var le *LimitError
	if errors.As(err, &le) {
		return le
	}
	return err
}

// pythonRetryAfter rewrites h, the headers of an answer, so that
// openai-go's retry wait is openai-python 1.93's _calculate_retry_timeout:
// the server's retry-after-ms (milliseconds) or else retry-after (seconds
// or an HTTP date) when it lies in (0, 60] seconds, and otherwise the
// library's own backoff (0.5 s doubling up to 8 s, less up to a quarter of
// jitter), still retrying. openai-go would instead honour any wait up to two
// minutes, take 0 as no wait, and give up retrying past its bound; so the
// wait Python honours is written as Retry-After-Ms, and any other is
// removed, which makes openai-go back off exactly as Python does.
func pythonRetryAfter(h http.Header, now time.Time) {
	if h.Get("Retry-After-Ms") == "" && h.Get("Retry-After") == "" {
		return
	}
	secs, ok := parseRetryAfter(h, now)
	h.Del("Retry-After")
	h.Del("Retry-After-Ms")
	if ok && secs > 0 && secs <= 60 {
		h.Set("Retry-After-Ms", strconv.FormatFloat(secs*1000, 'g', -1, 64))
	}
}

// parseRetryAfter is openai-python's _parse_retry_after_header.
func parseRetryAfter(h http.Header, now time.Time) (float64, bool) {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if f, ok := pyFloat(v); ok {
			return f / 1000, true
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if f, ok := pyFloat(v); ok {
		return f, true
	}
	t, err := http.ParseTime(strings.TrimSpace(v))
	if err != nil {
		return 0, false
	}
	return t.Sub(now).Seconds(), true
}

// pyFloat is Python's float() of a header value: surrounding whitespace,
// underscores between digits, inf and nan are accepted; hexadecimal is not.
func pyFloat(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "xXpP") {
		return 0, false
	}
	if strings.Contains(s, "_") {
		for i := 0; i < len(s); i++ {
			if s[i] == '_' && (i == 0 || i == len(s)-1 || !isDigit(s[i-1]) || !isDigit(s[i+1])) {
				return 0, false
			}
		}
		s = strings.ReplaceAll(s, "_", "")
	}
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case "inf", "infinity":
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case "nan":
		return math.NaN(), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return f, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
