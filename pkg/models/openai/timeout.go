package openai

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"github.com/openai/openai-go/v3/option"

	"github.com/agentschema/agentschema/internal/readtimeout"
)

// timeoutError is openai-python's APITimeoutError.
func timeoutError() error { return &Error{Exception: "APITimeoutError", Message: "Request timed out."} }

// asTimeout returns timeoutError() for an error caused by the read
// timeout, openai-python's APIConnectionError for a request that never
// got an answer (a refused connection, a failed DNS lookup, a connection
// closed before the answer), and err otherwise.
func asTimeout(err error) error {
	if errors.Is(err, readtimeout.ErrTimeout) {
		return timeoutError()
	}
	var ue *url.Error
	if errors.As(err, &ue) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return &Error{Exception: "APIConnectionError", Message: "Connection error."}
	}
	return err
}

// timeoutOptions bound each request as httpx bounds it
// (internal/readtimeout): openai-python's DEFAULT_TIMEOUT,
// httpx.Timeout(timeout=600.0, connect=5.0), when the config has no
// timeout; a config's timeout t is httpx.Timeout(t), t for each.
func timeoutOptions(timeout *float64) []option.RequestOption {
	read, connect := readtimeout.Of(timeout)
	return []option.RequestOption{
		option.WithHTTPClient(&http.Client{Transport: readtimeout.Transport(connect)}),
		option.WithMiddleware(readtimeout.Middleware(read)),
	}
}
