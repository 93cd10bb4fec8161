package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// terminateAfter is how long Stop waits for a stdio server to exit after
// its stdin is closed before it is signalled, as the mcp package's
// stdio_client (PROCESS_TERMINATION_TIMEOUT = 2.0).
const terminateAfter = 2 * time.Second

// stderrKeep is how much of a stdio server's standard error is kept for
// errors: its last bytes.
const stderrKeep = 8 << 10

// defaultInheritedEnv is the environment the mcp package's stdio_client
// passes on to the server on POSIX (DEFAULT_INHERITED_ENV_VARS), before the
// params' env.
var defaultInheritedEnv = []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"}

// serverEnv is the server's environment as stdio_client builds it:
// get_default_environment() (the inherited variables whose values do not
// start with "()") updated with env.
func serverEnv(env map[string]string) []string {
	m := map[string]string{}
	var order []string
	set := func(k, v string) {
		if _, ok := m[k]; !ok {
			order = append(order, k)
		}
		m[k] = v
	}
	for _, k := range defaultInheritedEnv {
		v, ok := os.LookupEnv(k)
		if !ok || strings.HasPrefix(v, "()") {
			continue
		}
		set(k, v)
	}
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		set(k, env[k])
	}
	out := make([]string, 0, len(order))
	for _, k := range order {
		out = append(out, k+"="+m[k])
	}
	return out
}

// stderrDrain is how long an error waits for the rest of a stdio server's
// standard error once the connection has closed: the child has exited or
// is exiting, and its last words are what the error should show.
const stderrDrain = time.Second

// tail keeps the last bytes written to it. For a stdio server it is fed by
// its own pipe (see [newTail]), so that the end of the server's output can
// be waited for: exec's copying goroutine would only finish in cmd.Wait.
type tail struct {
	mu  sync.Mutex
	buf []byte

	w      *os.File      // the pipe's write end, which the child inherits
	done   chan struct{} // closed when the copy has reached the pipe's end
	waited atomic.Bool   // a wait has run out: later ones do not wait again
}

// newTail returns a tail fed by an os pipe whose write end is given to
// the child as its stderr; everything read is also copied to also, if not
// nil.
func newTail(also io.Writer) (*tail, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	t := &tail{w: w, done: make(chan struct{})}
	var dst io.Writer = t
	if also != nil {
		dst = io.MultiWriter(t, also)
	}
	go func() {
		defer close(t.done)
		_, _ = io.Copy(dst, r)
		_ = r.Close()
	}()
	return t, nil
}

// started closes the parent's copy of the pipe's write end, once the
// child has it (or will never start), so the copy ends with the child.
func (t *tail) started() {
	if t != nil && t.w != nil {
		_ = t.w.Close()
	}
}

// wait waits up to d for the child's stderr to end (something the child
// started may hold it open; then only the first wait waits).
func (t *tail) wait(d time.Duration) {
	if t == nil || t.done == nil || t.waited.Load() {
		return
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-t.done:
	case <-timer.C:
		t.waited.Store(true)
	}
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > stderrKeep {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-stderrKeep:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	if t == nil {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// session is one connection to the server, from Start to Stop.
type session struct {
	cs      *sdk.ClientSession
	conn    *captureConn // nil when the transport's messages cannot be observed
	stderr  *tail
	cmd     *exec.Cmd
	timeout float64 // the read timeout, in seconds
	cancel  context.CancelFunc
	stopCtx func() bool

	closeOnce sync.Once
	closeErr  error
}

// readTimeout returns the read timeout of the params, in seconds: the
// ClientSession's read_timeout_seconds that AutoGen's
// create_mcp_server_session sets (read_timeout_seconds for stdio,
// sse_read_timeout for SSE and streamable HTTP).
func readTimeout(p gen.McpServerParams) float64 {
	switch p := p.(type) {
	case *gen.StdioServerParams:
		return p.ReadTimeoutSeconds
	case *gen.SseServerParams:
		return p.SSEReadTimeout
	case *gen.StreamableHttpServerParams:
		return p.SSEReadTimeout
	}
	return 0
}

func seconds(s float64) time.Duration {
	if s <= 0 || s > float64(1<<62)/float64(time.Second) {
		return 0
	}
	return time.Duration(s * float64(time.Second))
}

// headerTransport adds the params' headers to every request and, when the
// session must not be terminated on close, answers the SDK's DELETE of the
// session itself without sending it.
type headerTransport struct {
	base        http.RoundTripper
	headers     http.Header
	noTerminate bool
	maxBody     int64                              // the bound on one message
	hit         *atomic.Pointer[MessageLimitError] // set when a body passes it
}

// maxMessage is Options.MaxMessageBytes or its default.
func (w *Workbench) maxMessage() int {
	if w.opts.MaxMessageBytes > 0 {
		return w.opts.MaxMessageBytes
	}
	return DefaultMaxMessageBytes
}

// MessageLimitError is a message from an MCP server larger than
// Options.MaxMessageBytes allows (a JSON answer of a streamable HTTP
// server; the SDK reports stdio lines and stream events over the bound
// with its own error).
type MessageLimitError struct {
	// Limit is the bound, in bytes.
	Limit int64
}

func (e *MessageLimitError) Error() string {
	return fmt.Sprintf("mcp: server message exceeds the limit of %d bytes", e.Limit)
}

// limitedBody fails a read past its bound with a *MessageLimitError,
// which it records in hit: the SDK ends the session with its own
// "connection closed", and the workbench reports the limit instead. The
// bound is on the whole body, or with events on each server-sent event
// (the bytes since the last empty line).
type limitedBody struct {
	body   io.ReadCloser
	max    int64
	hit    *atomic.Pointer[MessageLimitError]
	events bool

	count       int64
	prev        byte
	atLineStart bool
}

func newLimitedBody(body io.ReadCloser, max int64, hit *atomic.Pointer[MessageLimitError], events bool) *limitedBody {
	return &limitedBody{body: body, max: max, hit: hit, events: events, atLineStart: true}
}

func (b *limitedBody) Read(p []byte) (int, error) {
	n, err := b.body.Read(p)
	if !b.events {
		b.count += int64(n)
	} else {
		for _, c := range p[:n] {
			switch {
			case c == '\n' && b.prev == '\r':
			case c == '\n' || c == '\r':
				if b.atLineStart {
					b.count = 0
				}
				b.atLineStart = true
			default:
				b.atLineStart = false
			}
			b.prev = c
			b.count++
			if b.count > b.max {
				break
			}
		}
	}
	if b.count > b.max {
		le := &MessageLimitError{Limit: b.max}
		if b.hit != nil {
			b.hit.CompareAndSwap(nil, le)
		}
		return 0, le
	}
	return n, err
}

func (b *limitedBody) Close() error { return b.body.Close() }

func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.noTerminate && req.Method == http.MethodDelete {
		if req.Body != nil {
			req.Body.Close()
		}
		return &http.Response{StatusCode: http.StatusNoContent, Status: "204 No Content", Body: http.NoBody, Header: http.Header{}, Request: req,
			Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}, nil
	}
	if len(t.headers) > 0 {
		req = req.Clone(req.Context())
		for k, vs := range t.headers {
			req.Header[k] = vs
		}
	}
	resp, err := t.base.RoundTrip(req)
	if err == nil {
		captureResponse(req, resp)
		if t.maxBody > 0 {
			// A stream's events are bounded one by one; any other body is
			// one message.
			events := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream")
			resp.Body = newLimitedBody(resp.Body, t.maxBody, t.hit, events)
		}
	}
	return resp, err
}

// headerValues turns AutoGen's headers (dict[str, Any]) into HTTP headers:
// strings as they are, other JSON values as their str() (httpx accepts
// only str and bytes; a number or null is refused).
func headerValues(raw gen.RawJSON) (http.Header, error) {
	h := http.Header{}
	if len(raw) == 0 || string(raw) == "null" {
		return h, nil
	}
	v, err := pyjson.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("headers: %w", err)
	}
	if v.Kind != pyjson.Dict {
		return nil, errors.New("headers: not an object")
	}
	for i := range v.Keys {
		k, val := v.Keys[i].Str, v.Vals[i]
		if val.Kind != pyjson.Str {
			return nil, fmt.Errorf("headers: header %q: expected a string", k)
		}
		h.Set(k, val.Str)
	}
	return h, nil
}

// httpClient is the client of the SSE and streamable HTTP transports: base
// (or http.DefaultTransport) with the headers, connecting and waiting for
// response headers within timeout.
func httpClient(base *http.Client, headers gen.RawJSON, timeout float64, terminate bool, maxBody int, hit *atomic.Pointer[MessageLimitError]) (*http.Client, error) {
	h, err := headerValues(headers)
	if err != nil {
		return nil, err
	}
	var rt http.RoundTripper
	if base != nil && base.Transport != nil {
		rt = base.Transport
	} else if dt, ok := http.DefaultTransport.(*http.Transport); ok {
		t := dt.Clone()
		if d := seconds(timeout); d > 0 {
			t.DialContext = (&net.Dialer{Timeout: d, KeepAlive: 30 * time.Second}).DialContext
			t.ResponseHeaderTimeout = d
		}
		rt = t
	} else {
		rt = http.DefaultTransport
	}
	c := &http.Client{Transport: &headerTransport{base: rt, headers: h, noTerminate: !terminate, maxBody: int64(maxBody), hit: hit}}
	if base != nil {
		c.CheckRedirect = base.CheckRedirect
		c.Jar = base.Jar
	}
	return c, nil
}

// transport returns the SDK transport for p, and the stdio child's command
// (nil for HTTP) with its stderr tail.
func (w *Workbench) transport(p gen.McpServerParams) (sdk.Transport, *exec.Cmd, *tail, error) {
	switch p := p.(type) {
	case *gen.StdioServerParams:
		if enc := strings.ToLower(strings.ReplaceAll(p.Encoding, "_", "-")); enc != "utf-8" && enc != "utf8" {
			return nil, nil, nil, fmt.Errorf("encoding %q is not supported (only utf-8)", p.Encoding)
		}
		cmd := exec.Command(p.Command, p.Args...)
		cmd.Env = serverEnv(p.Env)
		if p.Cwd != nil {
			cmd.Dir = *p.Cwd
		}
		t, err := newTail(w.opts.Stderr)
		if err != nil {
			return nil, nil, nil, err
		}
		cmd.Stderr = t.w
		newProcessGroup(cmd)
		return &sdk.CommandTransport{Command: cmd, TerminateDuration: terminateAfter}, cmd, t, nil
	case *gen.SseServerParams:
		c, err := httpClient(w.opts.HTTPClient, p.Headers, p.Timeout, true, w.maxMessage(), &w.limitHit)
		if err != nil {
			return nil, nil, nil, err
		}
		return &sdk.SSEClientTransport{Endpoint: p.URL, HTTPClient: c, MaxEventSize: w.maxMessage()}, nil, nil, nil
	case *gen.StreamableHttpServerParams:
		c, err := httpClient(w.opts.HTTPClient, p.Headers, p.Timeout, p.TerminateOnClose, w.maxMessage(), &w.limitHit)
		if err != nil {
			return nil, nil, nil, err
		}
		return &sdk.StreamableClientTransport{Endpoint: p.URL, HTTPClient: c, MaxEventSize: w.maxMessage()}, nil, nil, nil
	case nil:
		return nil, nil, nil, errors.New("no server params")
	}
	return nil, nil, nil, &Error{Op: "initialize", Message: fmt.Sprintf("Unsupported server params type: %T", p)}
}

// connect starts a session: the transport is connected and initialized
// within startCtx and the read timeout; the session then lasts until
// close, or until lifetime is done.
func (w *Workbench) connect(startCtx, lifetime context.Context) (*session, error) {
	w.limitHit.Store(nil)
	t, cmd, stderr, err := w.transport(w.params)
	if err != nil {
		return nil, &Error{Op: "initialize", Message: err.Error(), Err: err}
	}
	s := &session{cmd: cmd, stderr: stderr, timeout: readTimeout(w.params)}
	if _, isStream := t.(*sdk.StreamableClientTransport); !isStream {
		// The streamable transport's connection has to see the session's
		// state, which a wrapper would hide from it.
		_, isSSE := t.(*sdk.SSEClientTransport)
		s.conn = &captureConn{logger: w.opts.Logger, skipGarbage: isSSE}
		t = &captureTransport{Transport: t, conn: s.conn}
	}
	connCtx, cancel := context.WithCancelCause(lifetime)
	s.cancel = func() { cancel(nil) }
	stopStart := context.AfterFunc(startCtx, func() { cancel(context.Cause(startCtx)) })
	var timer *time.Timer
	if d := seconds(s.timeout); d > 0 {
		timer = time.AfterFunc(d, func() { cancel(errReadTimeout) })
	}
	client := w.newClient()
	cs, err := client.Connect(connCtx, t, nil)
	stderr.started()
	stopped := stopStart()
	if timer != nil {
		timer.Stop()
	}
	if err == nil && connCtx.Err() != nil {
		// The start context ended or the timeout fired as Connect returned.
		_ = cs.Close()
		err = connCtx.Err()
	}
	if err != nil {
		cause := context.Cause(connCtx)
		cancel(nil)
		if cmd != nil && cmd.Process != nil {
			// The SDK closed the connection, which waits for the child;
			// anything the child started goes with its group.
			killGroup(cmd)
		}
		if startCtx.Err() != nil && !stopped {
			return nil, startCtx.Err()
		}
		e := w.mapError("initialize", err, cause, s)
		if e.Message == "" {
			e.Message = err.Error()
		}
		if ue := (*url.Error)(nil); cmd == nil && errors.As(err, &ue) {
			// The SDK reports a failed HTTP exchange as "rejected by
			// transport": name the server and the cause instead.
			e.Message = fmt.Sprintf("cannot connect to the MCP server at %s: %v", shownURL(ue.URL), ue.Err)
		}
		if cmd != nil && e.Code == 0 && e.Message != timeoutMessage(s.timeout) {
			e.Message = fmt.Sprintf("starting %s: %s", cmd.Path, e.Message)
		}
		stderr.wait(stderrDrain)
		if st := strings.TrimSpace(s.stderr.String()); st != "" {
			e.Message += "\nserver stderr:\n" + st
		}
		return nil, e
	}
	s.cs = cs
	s.stopCtx = context.AfterFunc(lifetime, func() { _ = s.close() })
	return s, nil
}

// close ends the session: the SDK closes the connection (for stdio: stdin
// closed, then SIGTERM after terminateAfter, then SIGKILL) and the child's
// process group is killed, so nothing it started is left.
func (s *session) close() error {
	s.closeOnce.Do(func() {
		if s.stopCtx != nil {
			s.stopCtx()
		}
		err := s.cs.Close()
		s.cancel()
		if s.cmd != nil {
			killGroup(s.cmd)
			s.stderr.wait(stderrDrain)
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				err = nil // how the server exited is not the caller's failure
			}
		}
		if errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, os.ErrClosed) || errors.Is(err, io.EOF) {
			err = nil
		}
		s.closeErr = err
	})
	return s.closeErr
}

// newClient returns the SDK client of a session. As AutoGen's
// McpSessionActor, which always passes its sampling, elicitation and
// list_roots callbacks, it declares the sampling, elicitation and roots
// capabilities (the servers then list the tools that need them), and
// answers the server's requests with the workbench's host, or with
// AutoGen's errors when there is none ("No host available for
// sampling.", ...).
//
// The requests are answered in a receiving middleware, before the SDK's
// own handling (which would check an elicitation's schema, validate the
// answer against it and fill in its defaults, which AutoGen's session does
// not do), with the params as the server sent them when the transport
// lets the workbench see them (RawParams). The handlers are for the
// requests the SDK fulfils itself (multi-round-trip results).
func (w *Workbench) newClient() *sdk.Client {
	host := w.sessionHost
	elicit := func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
		if host == nil {
			return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: noHostElicitation}
		}
		return host.HandleElicitRequest(ctx, req)
	}
	sample := func(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
		if host == nil {
			return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: noHostSampling}
		}
		return host.HandleSamplingRequest(ctx, req)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "mcp", Version: "0.1.0"}, &sdk.ClientOptions{
		Logger:               w.opts.Logger,
		ElicitationHandler:   elicit,
		CreateMessageHandler: sample,
	})
	client.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			switch method {
			case "roots/list":
				if host == nil {
					return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: noHostRoots}
				}
				return host.HandleListRootsRequest(ctx)
			case "elicitation/create":
				r, ok := req.(*sdk.ElicitRequest)
				if !ok {
					break
				}
				if r.Params == nil {
					r.Params = &sdk.ElicitParams{}
				}
				raw := takeRawParams(&r.Params.Meta)
				return elicit(withRawParams(ctx, raw), r)
			case "sampling/createMessage":
				r, ok := req.(*sdk.CreateMessageWithToolsRequest)
				if !ok || r.Params == nil {
					break
				}
				raw := takeRawParams(&r.Params.Meta)
				base, err := baseSamplingRequest(r)
				if err != nil {
					return nil, err
				}
				return sample(withRawParams(ctx, raw), base)
			}
			return next(ctx, method, req)
		}
	})
	return client
}

// baseSamplingRequest is the request of a sampling/createMessage as
// AutoGen's mcp package knows it (CreateMessageRequestParams): one content
// item a message, no tools.
func baseSamplingRequest(r *sdk.CreateMessageWithToolsRequest) (*sdk.CreateMessageRequest, error) {
	p := r.Params
	msgs := make([]*sdk.SamplingMessage, 0, len(p.Messages))
	for i, m := range p.Messages {
		if m == nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("messages.%d: the message is null", i)}
		}
		if len(m.Content) != 1 {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
				Message: fmt.Sprintf("messages.%d.content: a sampling message has one content item, not %d", i, len(m.Content))}
		}
		msgs = append(msgs, &sdk.SamplingMessage{Role: m.Role, Content: m.Content[0]})
	}
	return &sdk.CreateMessageRequest{Session: r.Session, Params: &sdk.CreateMessageParams{
		Meta:             p.Meta,
		IncludeContext:   p.IncludeContext,
		MaxTokens:        p.MaxTokens,
		Messages:         msgs,
		Metadata:         p.Metadata,
		ModelPreferences: p.ModelPreferences,
		StopSequences:    p.StopSequences,
		SystemPrompt:     p.SystemPrompt,
		Temperature:      p.Temperature,
	}}, nil
}

// shownURL is u without what may be a secret: its user information and
// query.
func shownURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(an unparsable URL)"
	}
	p.User = nil
	if p.RawQuery != "" {
		p.RawQuery = "..."
	}
	p.Fragment = ""
	return p.String()
}
