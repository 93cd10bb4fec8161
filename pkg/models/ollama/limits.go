package ollama

import (
	"errors"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/agentschema/agentschema/internal/httplog"
	"github.com/agentschema/agentschema/internal/readtimeout"
)

// The bounds on what a server's answer may make the client hold.
// ollama-python has none; they are this package's (as in package
// models/openai), so that a hostile or broken endpoint ends a request with
// a *LimitError instead of exhausting memory.
const (
	// DefaultMaxResponseBytes bounds the body of an answer that is not
	// streamed (a completion, or an error answer of any request): 64 MiB.
	DefaultMaxResponseBytes = 64 << 20
	// DefaultMaxLineBytes bounds one line of a streamed answer: 16 MiB.
	DefaultMaxLineBytes = 16 << 20
)

// A ClientOption changes how a client sends its requests and what it
// accepts in return, never what it sends.
type ClientOption func(*clientSettings)

type clientSettings struct {
	hc          *http.Client
	maxResponse int64
	maxLine     int64
	readTimeout time.Duration
}

// WithHTTPClient sends the client's requests with hc (a proxy, a custom
// transport, a test's server). Redirects are followed as hc follows them
// (http.Client's default, like httpx with follow_redirects, which
// ollama-python sets).
func WithHTTPClient(hc *http.Client) ClientOption {
	return func(s *clientSettings) { s.hc = hc }
}

// WithMaxResponseBytes bounds the body of an answer that is not streamed
// to n bytes; n <= 0 means DefaultMaxResponseBytes.
func WithMaxResponseBytes(n int64) ClientOption {
	return func(s *clientSettings) { s.maxResponse = n }
}

// WithMaxLineBytes bounds one line of a streamed answer to n bytes; n <= 0
// means DefaultMaxLineBytes.
func WithMaxLineBytes(n int64) ClientOption {
	return func(s *clientSettings) { s.maxLine = n }
}

// WithReadTimeout ends a request, with a *Error of class ReadTimeout (as
// httpx words it), when the server sends nothing for d: before its
// headers, or between two reads of its body, so a stream that keeps
// sending is never cut. AutoGen gives ollama-python no timeout (the
// config's timeout is dumped but not used), so by default there is none;
// d <= 0 keeps it so.
func WithReadTimeout(d time.Duration) ClientOption {
	return func(s *clientSettings) { s.readTimeout = d }
}

func settingsOf(opts []ClientOption) clientSettings {
	var s clientSettings
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	if s.hc == nil {
		s.hc = http.DefaultClient
	}
	if s.maxResponse <= 0 {
		s.maxResponse = DefaultMaxResponseBytes
	}
	if s.maxLine <= 0 {
		s.maxLine = DefaultMaxLineBytes
	}
	return s
}

// do sends req, bounding each wait for the server by the read timeout;
// the request is logged at debug level (internal/httplog: method, URL,
// status, duration; never a header).
func (s *clientSettings) do(req *http.Request) (*http.Response, error) {
	if !httplog.Enabled(req.Context()) {
		return s.send(req)
	}
	start := time.Now()
	resp, err := s.send(req)
	httplog.Log(req.Context(), "model request", req, resp, err, start)
	return resp, err
}

// send sends req, bounding each wait for the server by the read timeout
// (internal/readtimeout).
func (s *clientSettings) send(req *http.Request) (*http.Response, error) {
	if s.readTimeout <= 0 {
		return s.hc.Do(req)
	}
	return readtimeout.Do(req, s.readTimeout, s.hc.Do)
}

// isConnectError reports whether err is a failure to connect (httpx's
// ConnectError): a refused connection, or a dial that failed.
func isConnectError(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}
