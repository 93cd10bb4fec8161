package serve

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/session"
)

// DefaultMaxBody is the default limit on a request body: 16 MiB.
const DefaultMaxBody = 16 << 20

// DefaultMaxRuns is the default limit on runs at once.
const DefaultMaxRuns = 16

// DefaultReadTimeout is the default limit on reading a request's body.
const DefaultReadTimeout = 30 * time.Second

// DefaultWriteTimeout is the default limit on one write of a response
// waiting for a client that reads nothing: 30 s.
const DefaultWriteTimeout = 30 * time.Second

// Options configure a Handler.
type Options struct {
	// Team is the team (or agent) component JSON every run loads, as
	// AutoGen Studio's team file or dump_component() holds it. Required.
	Team []byte
	// Sessions keeps the sessions. Required.
	Sessions session.Service
	// Token, when set, is the bearer token every request but GET /healthz
	// and GET / must carry (Authorization: Bearer TOKEN); others get 401.
	// It is never logged.
	Token string
	// MaxBody limits a request body in bytes (413 over it); 0 means
	// DefaultMaxBody.
	MaxBody int64
	// MaxRuns limits the runs at once (sessions and /predict); a run over
	// it is refused with 503. 0 means DefaultMaxRuns.
	MaxRuns int
	// RunTimeout, when set, cancels a run that lasts longer; the session
	// is left as it was and the client gets 504 (or an SSE error event).
	RunTimeout time.Duration
	// ReadTimeout limits how long reading a request's body may take, from
	// when the handler starts reading it; 0 means DefaultReadTimeout. A
	// client that sends its body slower gets 408 (the headers have
	// http.Server's own ReadHeaderTimeout). The limit ends once the body
	// is read, so a run's stream is not cut by it.
	ReadTimeout time.Duration
	// WriteTimeout limits how long one write of a response (an SSE event,
	// a run's result) may wait for the client to read, when the
	// connection's buffers are full; 0 means DefaultWriteTimeout. A client
	// that stops reading a run's stream this long ends its run (logged as
	// disconnected), so it cannot hold a run slot and its session's lock;
	// once a run's context has ended (RunTimeout, CancelRuns) its writes
	// may wait only a little more.
	WriteTimeout time.Duration
	// Logger gets one line per request and one per run; nil logs nothing.
	Logger *slog.Logger
	// LoadContext, when set, prepares the context a team is loaded with
	// (an MCP workbench's options, an input function).
	LoadContext func(context.Context) context.Context
}

// Handler is the HTTP service of one team: see the package comment for
// its endpoints. It is an http.Handler.
type Handler struct {
	opts  Options
	log   *slog.Logger
	mux   *http.ServeMux
	slots chan struct{}

	// base is cancelled by CancelRuns; every run's context ends with it.
	base       context.Context
	cancelRuns context.CancelFunc
	runs       sync.WaitGroup
}

// New checks opts (the team must load) and returns the Handler.
func New(opts Options) (*Handler, error) {
	if opts.Sessions == nil {
		return nil, errors.New("serve: Options.Sessions is required")
	}
	if len(opts.Team) == 0 {
		return nil, errors.New("serve: Options.Team is required")
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.MaxRuns <= 0 {
		opts.MaxRuns = DefaultMaxRuns
	}
	if opts.ReadTimeout <= 0 {
		opts.ReadTimeout = DefaultReadTimeout
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = DefaultWriteTimeout
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	h := &Handler{opts: opts, log: log, slots: make(chan struct{}, opts.MaxRuns)}
	h.base, h.cancelRuns = context.WithCancel(context.Background())
	r, err := h.load(context.Background())
	if err != nil {
		return nil, err
	}
	_ = r.Close(context.Background())
	h.routes()
	return h, nil
}

func (h *Handler) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	m.HandleFunc("GET /{$}", h.page)
	m.HandleFunc("GET /predict/{task...}", h.predict)
	m.HandleFunc("GET /v1/sessions", h.listSessions)
	m.HandleFunc("GET /v1/sessions/{id}", h.getSession)
	m.HandleFunc("DELETE /v1/sessions/{id}", h.deleteSession)
	m.HandleFunc("GET /v1/sessions/{id}/runs", h.listRuns)
	m.HandleFunc("POST /v1/sessions/{id}/runs", h.postRun)
	m.HandleFunc("POST /v1/console", h.console)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path, "")
	})
	h.mux = m
}

// load loads the team for one run.
func (h *Handler) load(ctx context.Context) (agentchat.StateRunner, error) {
	if h.opts.LoadContext != nil {
		ctx = h.opts.LoadContext(ctx)
	}
	return agentchat.LoadRunner(ctx, h.opts.Team)
}

// CancelRuns cancels every run in progress and every later one (at the
// end of a graceful shutdown's grace period); their sessions are left as
// they were. It waits until the cancelled runs have ended or ctx is done.
func (h *Handler) CancelRuns(ctx context.Context) {
	h.cancelRuns()
	done := make(chan struct{})
	go func() {
		h.runs.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// ServeHTTP implements http.Handler: it checks the bearer token, serves
// the request and logs one line for it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w, rc: http.NewResponseController(w), timeout: h.opts.WriteTimeout}
	switch {
	case !h.authorized(r):
		rec.Header().Set("WWW-Authenticate", `Bearer realm="agentschema"`)
		writeError(rec, http.StatusUnauthorized, "missing or wrong bearer token (Authorization: Bearer TOKEN)", "")
	default:
		h.mux.ServeHTTP(rec, r)
	}
	rec.finish()
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	h.log.LogAttrs(r.Context(), slog.LevelInfo, "request",
		slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", status), slog.Int64("bytes", rec.bytes),
		slog.Duration("duration", time.Since(start)), slog.String("remote", r.RemoteAddr))
}

// authorized reports whether r may be served: no token is set, r is one
// of the open endpoints, or r carries the token.
func (h *Handler) authorized(r *http.Request) bool {
	if h.opts.Token == "" || r.Method == http.MethodGet && (r.URL.Path == "/healthz" || r.URL.Path == "/") {
		return true
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(h.opts.Token)) == 1
}

// statusRecorder records a response's status and size for the log, and
// bounds each write's wait for the client (Options.WriteTimeout).
type statusRecorder struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	status  int
	bytes   int64

	mu     sync.Mutex
	cutoff time.Time // when set (cutWrites), no write waits past it
}

// arm sets the connection's write deadline for the next write: the write
// timeout from now, or the cutoff if that comes first. A ResponseWriter
// without deadlines (a recorder in tests) just waits.
func (s *statusRecorder) arm() {
	d := time.Now().Add(s.timeout)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.cutoff.IsZero() && s.cutoff.Before(d) {
		d = s.cutoff
	}
	_ = s.rc.SetWriteDeadline(d)
}

// finish gives the writes net/http makes once the handler has returned
// (the buffered rest of the body, the end of a chunked stream) a deadline
// of their own: the last one set may be long past, after a run that wrote
// nothing for a while, or cut short.
func (s *statusRecorder) finish() {
	d := time.Now().Add(s.timeout)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.cutoff.IsZero() {
		d = time.Now().Add(endGrace)
	}
	_ = s.rc.SetWriteDeadline(d)
}

// cutWrites makes every write from now on, and the one under way, end by
// t at the latest.
func (s *statusRecorder) cutWrites(t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cutoff = t
	_ = s.rc.SetWriteDeadline(t)
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	s.arm()
	n, err := s.ResponseWriter.Write(p)
	s.bytes += int64(n)
	return n, err
}

// Flush passes a flush on (SSE).
func (s *statusRecorder) Flush() {
	s.arm()
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the writer underneath.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// ErrorBody is the JSON body of every error response.
type ErrorBody struct {
	// Error says what is wrong: for a run AutoGen refused or that raised,
	// AutoGen's text ("Task list cannot be empty.").
	Error string `json:"error"`
	// Exception is the Python exception's class for a run's error
	// ("ValueError"); empty otherwise.
	Exception string `json:"exception,omitempty"`
	// Pointer is the JSON pointer of the request body's value at fault.
	Pointer string `json:"pointer,omitempty"`
	// Line and Column place a malformed body's fault (1-based).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding the response failed"}`)
	}
	writeRaw(w, status, b)
}

func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

func writeError(w http.ResponseWriter, status int, msg, exception string) {
	writeJSON(w, status, ErrorBody{Error: msg, Exception: exception})
}
