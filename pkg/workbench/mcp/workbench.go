package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/httplog"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/workbench"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options are the Go-side settings of a Workbench, which AutoGen's config
// does not carry.
type Options struct {
	// Stderr, if not nil, receives a copy of a stdio server's standard
	// error (the mcp package's stdio_client passes it to sys.stderr). The
	// end of it is kept for errors in any case.
	Stderr io.Writer
	// HTTPClient is the base of the SSE and streamable HTTP clients (its
	// Transport, Jar and CheckRedirect); nil means http.DefaultTransport
	// with the params' timeout for connecting and for response headers.
	HTTPClient *http.Client
	// Logger receives the SDK's logs; nil means none.
	Logger *slog.Logger
	// Host answers the server's sampling, elicitation and roots requests
	// (AutoGen's McpSessionHost; see Host). When set, it replaces the
	// host of the config given to FromConfig, which is then not loaded.
	// Nil means the config's host, or none: each request is then answered
	// with AutoGen's error for a workbench without a host ("No host
	// available for sampling.", ...).
	Host *Host
	// ElicitIn and ElicitOut replace os.Stdin and os.Stdout for a
	// StdioElicitor loaded from the config's host (AutoGen's reads
	// sys.stdin and writes sys.stdout). They are not used for Host.
	ElicitIn  io.Reader
	ElicitOut io.Writer
	// MaxMessageBytes bounds one message from the server: a line of a
	// stdio server (the SDK's own bound), an event of an SSE or streamable
	// HTTP stream, and the JSON body of a streamable HTTP answer. A larger
	// message ends the session with an error naming the limit. 0 means
	// DefaultMaxMessageBytes.
	MaxMessageBytes int
}

// DefaultMaxMessageBytes is the default of Options.MaxMessageBytes: 16 MiB,
// the MCP SDK's own bound on a stdio line and an SSE event.
const DefaultMaxMessageBytes = sdk.DefaultMaxEventSize

// Workbench is AutoGen's McpWorkbench: the tools of one MCP server.
//
// Its zero value is not usable; make one with New or load its component
// config. It is safe for concurrent use.
type Workbench struct {
	params     gen.McpServerParams
	overrides  map[string]gen.ToolOverride
	toOriginal map[string]string
	host       gen.RawJSON // the config's host, as it was given
	opts       Options
	// sessionHost answers the server's requests: Options.Host, or the
	// host loaded from the config; nil for none.
	sessionHost *Host

	mu      sync.Mutex
	sess    *session
	started bool // Start or a call has started it at least once
	stopped bool // Stop was called and Start was not called since

	// limitHit is the message limit the current session's HTTP answers
	// passed, if any.
	limitHit atomic.Pointer[MessageLimitError]

	calls   sync.WaitGroup
	cmu     sync.Mutex
	cancels map[*int]context.CancelFunc
}

var _ workbench.Workbench = (*Workbench)(nil)

// New returns a workbench for the server params (a *gen.StdioServerParams,
// *gen.SseServerParams or *gen.StreamableHttpServerParams), with overrides
// of tool names and descriptions keyed by the server's tool names. As in
// AutoGen, an override name given to two tools is a
// *workbench.OverrideError; whether an override name is another tool's
// name is not checked (the server's tools are not known yet). opts may be
// nil.
//
// New does not connect: Start does, or the first call.
func New(params gen.McpServerParams, overrides map[string]gen.ToolOverride, opts *Options) (*Workbench, error) {
	if params == nil {
		return nil, errors.New("mcp: no server params")
	}
	w := &Workbench{
		params:     params,
		overrides:  map[string]gen.ToolOverride{},
		toOriginal: map[string]string{},
	}
	if opts != nil {
		w.opts = *opts
		w.sessionHost = opts.Host
	}
	keys := make([]string, 0, len(overrides))
	for k, o := range overrides {
		keys = append(keys, k)
		w.overrides[k] = o
	}
	slices.Sort(keys)
	for _, original := range keys {
		o := overrides[original]
		if o.Name == nil || *o.Name == "" || *o.Name == original {
			continue
		}
		name := *o.Name
		if prev, dup := w.toOriginal[name]; dup {
			return nil, &workbench.OverrideError{Name: name, Msg: fmt.Sprintf(
				"Tool override name '%s' is used by multiple tools: '%s' and '%s'. Override names must be unique.", name, prev, original)}
		}
		w.toOriginal[name] = original
	}
	return w, nil
}

// ServerParams returns the server params.
func (w *Workbench) ServerParams() gen.McpServerParams { return w.params }

// Overrides returns a copy of the tool overrides.
func (w *Workbench) Overrides() map[string]gen.ToolOverride {
	out := make(map[string]gen.ToolOverride, len(w.overrides))
	for k, o := range w.overrides {
		out[k] = o
	}
	return out
}

// Start connects to the server and initializes the session, within ctx
// and the params' read timeout. The session then lasts until Stop, or
// until ctx is done: a stdio server is then stopped and reaped, and calls
// fail ("Connection closed") until Stop and Start. Starting a started
// workbench does nothing (AutoGen warns).
func (w *Workbench) Start(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = false
	_, err := w.ensure(ctx, ctx)
	return err
}

// ensure returns the running session, starting one if there is none (with
// w.mu held).
func (w *Workbench) ensure(startCtx, lifetime context.Context) (*session, error) {
	if w.sess != nil {
		return w.sess, nil
	}
	s, err := w.connect(startCtx, lifetime)
	if err != nil {
		return nil, err
	}
	w.sess, w.started = s, true
	return s, nil
}

// begin returns the session for a call, starting the workbench if it was
// never started or its Start context ended (AutoGen's fallback: "when
// deserializing the workbench, the actor might not be initialized yet");
// the session so started lasts until Stop. After Stop, calls fail with
// workbench.ErrStopped until Start is called again (AutoGen would start a
// new server silently; here a call after Stop must not leave a child
// process no one stops).
func (w *Workbench) begin(ctx context.Context) (*session, context.Context, func(), error) {
	w.mu.Lock()
	if w.stopped {
		w.mu.Unlock()
		return nil, nil, nil, workbench.ErrStopped
	}
	s, err := w.ensure(ctx, context.WithoutCancel(ctx))
	if err != nil {
		w.mu.Unlock()
		return nil, nil, nil, err
	}
	w.calls.Add(1)
	w.mu.Unlock()
	cctx, cancel := context.WithCancel(ctx)
	key := new(int)
	w.cmu.Lock()
	if w.cancels == nil {
		w.cancels = map[*int]context.CancelFunc{}
	}
	w.cancels[key] = cancel
	w.cmu.Unlock()
	return s, cctx, func() {
		cancel()
		w.cmu.Lock()
		delete(w.cancels, key)
		w.cmu.Unlock()
		w.calls.Done()
	}, nil
}

// Stop refuses new calls, waits for the running ones (cancelling them if
// ctx ends first), then closes the session: a stdio server's stdin is
// closed, and it is sent SIGTERM if it has not exited 2 s later, then
// SIGKILL; what is left of its process group is killed and the child is
// reaped before Stop returns. Stopping a workbench that was never started
// is ErrNotStarted, as in AutoGen; stopping it again does nothing.
func (w *Workbench) Stop(ctx context.Context) error {
	w.mu.Lock()
	if !w.started {
		w.mu.Unlock()
		return ErrNotStarted
	}
	w.stopped = true
	s := w.sess
	w.sess = nil
	w.mu.Unlock()

	idle := make(chan struct{})
	go func() { w.calls.Wait(); close(idle) }()
	var err error
	select {
	case <-idle:
	case <-ctx.Done():
		err = ctx.Err()
		w.cmu.Lock()
		for _, cancel := range w.cancels {
			cancel()
		}
		w.cmu.Unlock()
		<-idle
	}
	if s != nil {
		if cerr := s.close(); err == nil {
			err = cerr
		}
	}
	return err
}

// Reset does nothing, as AutoGen's McpWorkbench.reset: the server keeps
// its session.
func (w *Workbench) Reset(context.Context) error { return nil }

// mcpWorkbenchState is AutoGen's McpWorkbenchState, as saved.
const mcpWorkbenchState = `{"type":"McpWorkBenchState"}`

// SaveState returns AutoGen's McpWorkbenchState().model_dump():
// {"type": "McpWorkBenchState"} (sic).
func (w *Workbench) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage(mcpWorkbenchState), nil
}

// LoadState does nothing with state, as AutoGen's McpWorkbench.load_state.
func (w *Workbench) LoadState(context.Context, json.RawMessage) error { return nil }

// Stderr returns the end of the running (or last) stdio server's standard
// error; "" for HTTP servers.
func (w *Workbench) Stderr() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sess == nil {
		return ""
	}
	return w.sess.stderr.String()
}

// InitializeResult returns the server's answer to initialize (its name,
// version, capabilities and instructions), or nil when the workbench is
// not running.
func (w *Workbench) InitializeResult() *sdk.InitializeResult {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sess == nil {
		return nil
	}
	return w.sess.cs.InitializeResult()
}

// request runs one request to the server with the read timeout, mapping
// its failure to an *Error with AutoGen's text (or returning ctx's error
// when ctx ended). name is the tool or prompt the request is about ("" for
// none); the request is logged at debug level (see logRequest).
func request[R any](w *Workbench, ctx context.Context, op, name string, slot bool, call func(context.Context, *sdk.ClientSession) (R, error)) (R, []json.RawMessage, error) {
	if !httplog.Enabled(ctx) {
		return send(w, ctx, op, slot, call)
	}
	start := time.Now()
	r, raws, err := send(w, ctx, op, slot, call)
	w.logRequest(ctx, op, name, start, err)
	return r, raws, err
}

// send is request without the log.
func send[R any](w *Workbench, ctx context.Context, op string, slot bool, call func(context.Context, *sdk.ClientSession) (R, error)) (R, []json.RawMessage, error) {
	var zero R
	s, cctx, done, err := w.begin(ctx)
	if err != nil {
		return zero, nil, err
	}
	defer done()
	callCtx := cctx
	if d := seconds(s.timeout); d > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeoutCause(cctx, d, errReadTimeout)
		defer cancel()
	}
	var rs *rawSlot
	if slot {
		cctx, rs = withSlot(cctx)
		defer s.conn.forget(rs)
	}
	r, err := call(cctx, s.cs)
	if err != nil {
		if callCtx.Err() != nil {
			// ctx ended, or Stop cancelled the call.
			return zero, nil, callCtx.Err()
		}
		return zero, nil, w.mapError(op, err, context.Cause(cctx), s)
	}
	var raws []json.RawMessage
	if rs != nil {
		raws = rs.all()
	}
	return r, raws, nil
}

// mapError turns a failed request into an *Error with the text the mcp
// Python package gives the same failure.
func (w *Workbench) mapError(op string, err, cause error, s *session) *Error {
	if isClosed(err) {
		s.stderr.wait(stderrDrain)
	}
	e := &Error{Op: op, Err: err, Stderr: s.stderr.String()}
	var werr *jsonrpc.Error
	switch {
	case errors.Is(cause, errReadTimeout) || errors.Is(err, errReadTimeout):
		e.Message = timeoutMessage(s.timeout)
	case errors.As(err, &werr) && werr.Code != -32003 && werr.Code != -32004:
		e.Code, e.Message = werr.Code, werr.Message
	case w.limitHit.Load() != nil && !errors.As(err, &werr):
		le := w.limitHit.Load()
		e.Err, e.Message = le, le.Error()
	case isClosed(err):
		e.Message = connectionClosed
	default:
		e.Message = err.Error()
	}
	return e
}

// isClosed reports whether err says the connection is gone.
func isClosed(err error) bool {
	if errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var werr *jsonrpc.Error
	if errors.As(err, &werr) && (werr.Code == -32003 || werr.Code == -32004) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "connection closed") || strings.Contains(msg, "broken pipe") || strings.Contains(msg, "file already closed")
}

// ListTools returns the server's tools as AutoGen's ToolSchemas (one
// tools/list request, as AutoGen sends: no further pages), overrides
// applied. It starts the workbench if needed. A failure is an *Error.
func (w *Workbench) ListTools(ctx context.Context) ([]gen.ToolSchema, error) {
	res, raws, err := request(w, ctx, "tools/list", "", true, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.ListToolsResult, error) {
		return cs.ListTools(ctx, nil)
	})
	if err != nil {
		return nil, err
	}
	rawInput := map[string]*pyjson.Value{}
	items := rawItems(raws, "tools")
	for i := range items {
		if n, ok := items[i].Get("name"); ok && n.Kind == pyjson.Str {
			if in, ok := items[i].Get("inputSchema"); ok {
				rawInput[n.Str] = in
			}
		}
	}
	out := make([]gen.ToolSchema, 0, len(res.Tools))
	for _, t := range res.Tools {
		in := rawInput[t.Name]
		if in == nil {
			if v, err := valueOf(t.InputSchema); err == nil {
				in = &v
			}
		}
		out = append(out, toolSchema(t, in, w.overrides))
	}
	return out, nil
}

// CallTool calls a tool by its server name or its override name and
// converts the result as AutoGen does (see the package doc); the result
// carries the name as called. Arguments must be a JSON object; empty or
// null mean {} (AutoGen's `if not arguments: arguments = {}`). callID is
// not sent (AutoGen uses it for tracing only).
//
// Every failure is an error result whose text is FormatError's: a server
// that cannot be started, a JSON-RPC error (an unknown tool, arguments the
// server refuses), a read timeout ("Timed out while waiting for response
// to ClientRequest. Waited 5.0 seconds."), a closed connection
// ("Connection closed"), content that cannot be converted. The error is
// ctx's when ctx ends during the call, or workbench.ErrStopped after Stop.
func (w *Workbench) CallTool(ctx context.Context, name string, args json.RawMessage, callID string) (gen.ToolResult, error) {
	original := name
	if o, ok := w.toOriginal[name]; ok {
		original = o
	}
	failed := func(err error) gen.ToolResult {
		return gen.ToolResult{Name: name, Result: []gen.ResultContent{&gen.TextResultContent{Content: FormatError(err)}}, IsError: true}
	}
	arguments, err := normalizeArgs(args)
	if err != nil {
		return failed(err), nil
	}
	res, raws, err := request(w, ctx, "tools/call", original, true, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.CallToolResult, error) {
		return cs.CallTool(ctx, &sdk.CallToolParams{Name: original, Arguments: arguments})
	})
	if err != nil {
		var e *Error
		if !errors.As(err, &e) && (errors.Is(err, workbench.ErrStopped) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			// A stopped workbench, or a call cancelled by ctx or Stop:
			// errors, as AutoGen's CancelledError is not turned into a
			// result.
			return gen.ToolResult{}, err
		}
		return failed(err), nil
	}
	parts, err := convertContent(res.Content, rawItems(raws, "content"))
	if err != nil {
		return failed(err), nil
	}
	return gen.ToolResult{Name: name, Result: parts, IsError: res.IsError}, nil
}

// normalizeArgs returns the arguments to send: {} for empty, null or
// another falsy value, the object itself otherwise.
func normalizeArgs(args json.RawMessage) (json.RawMessage, error) {
	t := strings.TrimSpace(string(args))
	switch t {
	case "", "null", "false", "0", `""`, "[]", "{}":
		return json.RawMessage("{}"), nil
	}
	if !strings.HasPrefix(t, "{") || !json.Valid([]byte(t)) {
		return nil, fmt.Errorf("arguments must be a JSON object, got %.40s", t)
	}
	return json.RawMessage(t), nil
}

// ListPrompts returns the server's prompts (one prompts/list request).
func (w *Workbench) ListPrompts(ctx context.Context) (*sdk.ListPromptsResult, error) {
	r, _, err := request(w, ctx, "prompts/list", "", false, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.ListPromptsResult, error) {
		return cs.ListPrompts(ctx, nil)
	})
	return r, err
}

// GetPrompt returns the prompt named name, filled with args.
func (w *Workbench) GetPrompt(ctx context.Context, name string, args map[string]string) (*sdk.GetPromptResult, error) {
	r, _, err := request(w, ctx, "prompts/get", name, false, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.GetPromptResult, error) {
		return cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: name, Arguments: args})
	})
	return r, err
}

// ListResources returns the server's resources (one resources/list
// request).
func (w *Workbench) ListResources(ctx context.Context) (*sdk.ListResourcesResult, error) {
	r, _, err := request(w, ctx, "resources/list", "", false, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.ListResourcesResult, error) {
		return cs.ListResources(ctx, nil)
	})
	return r, err
}

// ListResourceTemplates returns the server's resource templates (one
// resources/templates/list request).
func (w *Workbench) ListResourceTemplates(ctx context.Context) (*sdk.ListResourceTemplatesResult, error) {
	r, _, err := request(w, ctx, "resources/templates/list", "", false, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.ListResourceTemplatesResult, error) {
		return cs.ListResourceTemplates(ctx, nil)
	})
	return r, err
}

// ReadResource reads the resource at uri (which may match a template).
func (w *Workbench) ReadResource(ctx context.Context, uri string) (*sdk.ReadResourceResult, error) {
	r, _, err := request(w, ctx, "resources/read", "", false, func(ctx context.Context, cs *sdk.ClientSession) (*sdk.ReadResourceResult, error) {
		return cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
	})
	return r, err
}
