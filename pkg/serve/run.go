package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/session"
)

// closeTimeout bounds closing a run's team (stopping MCP servers).
const closeTimeout = 10 * time.Second

// errTimeout is the cause of a run's context at its timeout.
var errTimeout = errors.New("the run exceeded its time limit")

// errShutdown is the cause of a run's context cancelled by CancelRuns.
var errShutdown = errors.New("the server is shutting down")

// readBody reads r's body within the size limit and Options.ReadTimeout;
// it writes the error response and returns false when it cannot.
func (h *Handler) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	// The connection's read deadline bounds the body. It is cleared once
	// the body is read, so that nothing after is bounded by it; it stays
	// past when the body did not arrive, so that net/http, which reads what
	// is left of a short body before it answers, gives up at once and
	// closes the connection. A ResponseWriter without deadlines (a
	// recorder in tests) just reads.
	rc := http.NewResponseController(w)
	timed := rc.SetReadDeadline(time.Now().Add(h.opts.ReadTimeout)) == nil
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxBody))
	late := errors.Is(err, os.ErrDeadlineExceeded)
	if timed && !late {
		_ = rc.SetReadDeadline(time.Time{})
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over the limit of %d bytes (--max-body)", h.opts.MaxBody), "")
		return nil, false
	case late:
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestTimeout, fmt.Sprintf("the request body did not arrive within %s (--read-timeout)", h.opts.ReadTimeout), "")
		return nil, false
	case err != nil:
		writeError(w, http.StatusBadRequest, "reading the request body: "+err.Error(), "")
		return nil, false
	}
	return body, true
}

// slot takes one of the MaxRuns run slots; false (and a 503 written)
// when all are taken.
func (h *Handler) slot(w http.ResponseWriter) bool {
	select {
	case h.slots <- struct{}{}:
		return true
	default:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("too many runs at once (the limit is %d)", h.opts.MaxRuns), "")
		return false
	}
}

// runContext is the context of one run: it ends with the request (a
// client that disconnects cancels its run), at the run timeout, and at
// CancelRuns.
func (h *Handler) runContext(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	stop := context.AfterFunc(h.base, func() { cancel(errShutdown) })
	var cancelTimeout context.CancelFunc = func() {}
	if h.opts.RunTimeout > 0 {
		ctx, cancelTimeout = context.WithTimeoutCause(ctx, h.opts.RunTimeout, errTimeout)
	}
	return ctx, func() {
		cancelTimeout()
		stop()
		cancel(nil)
	}
}

func (h *Handler) postRun(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := session.CheckID(id); err != nil {
		writeError(w, http.StatusBadRequest, err.Error(), "")
		return
	}
	body, ok := h.readBody(w, r)
	if !ok {
		return
	}
	req, err := DecodeRunRequest(body)
	if err != nil {
		writeFault(w, err)
		return
	}
	if !h.slot(w) {
		return
	}
	defer func() { <-h.slots }()
	h.runs.Add(1)
	defer h.runs.Done()
	lock, err := h.opts.Sessions.Lock(r.Context(), id)
	switch {
	case errors.Is(err, session.ErrBusy):
		writeError(w, http.StatusConflict, "session "+id+" is already running", "")
		return
	case err != nil:
		h.log.Error("locking a session", "session", id, "error", err.Error())
		writeError(w, http.StatusInternalServerError, "the session store failed", "")
		return
	}
	defer lock.Release()
	ctx, cancel := h.runContext(r.Context())
	defer cancel()
	out := newRunOutput(w, wantsSSE(r))
	defer out.cutWritesWhenDone(ctx)()
	h.runSession(ctx, id, req, lock, out)
}

// wantsSSE reports whether the client asked for an event stream.
func wantsSSE(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "text/event-stream")
}

// runSession runs the team on a locked session and commits the result.
func (h *Handler) runSession(ctx context.Context, id string, req *RunRequest, lock session.Lock, out *runOutput) {
	start := time.Now()
	items := 0
	logRun := func(outcome string, err error) {
		attrs := []slog.Attr{slog.String("session", id), slog.String("outcome", outcome),
			slog.Int("items", items), slog.Duration("duration", time.Since(start))}
		if err != nil {
			attrs = append(attrs, slog.String("error", agentchat.ExceptionText(err)))
		}
		h.log.LogAttrs(ctx, slog.LevelInfo, "run", attrs...)
	}
	runner, err := h.load(ctx)
	if err != nil {
		out.fail(ctx, err)
		logRun("failed", err)
		return
	}
	defer closeRunner(ctx, runner)
	if s := lock.Session(); s != nil {
		if err := runner.LoadState(ctx, s.State); err != nil {
			out.fail(ctx, err)
			logRun("failed", err)
			return
		}
	}
	var result *agentchat.TaskResult
	for item, err := range runner.RunStream(ctx, req.Task) {
		if err != nil {
			out.fail(ctx, err)
			logRun(outcome(ctx), err)
			return
		}
		items++
		if tr, ok := item.(*agentchat.TaskResult); ok {
			result = tr // written once committed
			continue
		}
		if err := out.item(item); err != nil {
			logRun("disconnected", err)
			return
		}
	}
	resultJSON, err := h.commit(ctx, runner, lock, req, result, start)
	if err != nil {
		out.fail(ctx, err)
		logRun("failed", err)
		return
	}
	out.result(resultJSON)
	logRun("finished", nil)
}

// outcome names how a run that failed ended, for the log.
func outcome(ctx context.Context) string {
	switch context.Cause(ctx) {
	case nil:
		return "failed"
	case errTimeout:
		return "timeout"
	case errShutdown:
		return "shutdown"
	}
	return "cancelled"
}

// commit saves the team's state and the run's record.
func (h *Handler) commit(ctx context.Context, runner agentchat.StateRunner, lock session.Lock, req *RunRequest, result *agentchat.TaskResult, start time.Time) ([]byte, error) {
	if result == nil {
		return nil, errors.New("the run ended without a TaskResult")
	}
	resultJSON, err := result.MarshalJSON()
	if err != nil {
		return nil, err
	}
	state, err := runner.SaveState(ctx)
	if err != nil {
		return nil, err
	}
	// A run that finished is saved even if its client has just gone.
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	_, err = lock.Commit(cctx, state, session.Run{Task: req.TaskJSON, Result: resultJSON, Started: start.UTC(), Ended: time.Now().UTC()})
	if err != nil {
		return nil, fmt.Errorf("saving the session: %w", err)
	}
	return resultJSON, nil
}

func closeRunner(ctx context.Context, r agentchat.StateRunner) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	_ = r.Close(cctx)
}

// runOutput writes a run's answer: an SSE stream (one data: event per
// item, as 'agentschema run' prints it) or the TaskResult's JSON. The
// status is chosen at the first item or error, so a run AutoGen refuses
// before it starts gets a 400 either way.
type runOutput struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	sse     bool
	started bool
}

func newRunOutput(w http.ResponseWriter, sse bool) *runOutput {
	return &runOutput{w: w, rc: http.NewResponseController(w), sse: sse}
}

// endGrace is how long a run's writes may still wait for the client once
// its context has ended: time to deliver the error that says why.
const endGrace = 2 * time.Second

// cutWritesWhenDone bounds the run's writes once ctx ends (its timeout, a
// shutdown): a write blocked on a client that reads nothing would
// otherwise hold the run past them, for the whole write timeout. It
// returns the function that stops watching.
func (o *runOutput) cutWritesWhenDone(ctx context.Context) (stop func() bool) {
	c, ok := o.w.(interface{ cutWrites(time.Time) })
	if !ok {
		return func() bool { return false }
	}
	return context.AfterFunc(ctx, func() { c.cutWrites(time.Now().Add(endGrace)) })
}

func (o *runOutput) start() {
	if o.started {
		return
	}
	o.started = true
	h := o.w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	o.w.WriteHeader(http.StatusOK)
}

// event writes one SSE event (a JSON value holds no newline, but each
// line of data would be its own data: line).
func (o *runOutput) event(name string, data []byte) error {
	o.start()
	var b bytes.Buffer
	if name != "" {
		b.WriteString("event: " + name + "\n")
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		b.WriteString("data: ")
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	if _, err := o.w.Write(b.Bytes()); err != nil {
		return err
	}
	return o.rc.Flush()
}

// item writes a run_stream item (SSE only; the JSON answer is the
// TaskResult alone).
func (o *runOutput) item(m messages.Message) error {
	if !o.sse {
		return nil
	}
	b, err := m.MarshalJSON()
	if err != nil {
		return err
	}
	return o.event("", b)
}

// result writes the TaskResult, last.
func (o *runOutput) result(b []byte) {
	if o.sse {
		_ = o.event("", b)
		return
	}
	writeRaw(o.w, http.StatusOK, b)
}

// fail writes a run's error: before the stream started, as a JSON error
// response with its status; after, as an SSE "error" event.
func (o *runOutput) fail(ctx context.Context, err error) {
	status, body := runError(ctx, err)
	if o.started {
		b, _ := json.Marshal(body)
		_ = o.event("error", b)
		return
	}
	if ctx.Err() != nil && context.Cause(ctx) != errTimeout && context.Cause(ctx) != errShutdown {
		return // the client has gone
	}
	writeJSON(o.w, status, body)
}

// runError is the status and body for a run's error: AutoGen's refusals
// of the task (ValueError) 400, a bad config or state 400, the timeout
// 504, a shutdown 503, any other exception 500.
func runError(ctx context.Context, err error) (int, ErrorBody) {
	switch context.Cause(ctx) {
	case errTimeout:
		return http.StatusGatewayTimeout, ErrorBody{Error: errTimeout.Error() + " (--run-timeout)", Exception: "CancelledError"}
	case errShutdown:
		return http.StatusServiceUnavailable, ErrorBody{Error: errShutdown.Error(), Exception: "CancelledError"}
	}
	var re *agentchat.RunError
	if errors.As(err, &re) {
		status := http.StatusInternalServerError
		if re.Exception == "ValueError" {
			status = http.StatusBadRequest
		}
		return status, ErrorBody{Error: re.Message, Exception: re.Exception}
	}
	var f *agentschema.Fault
	var ce *agentchat.ConfigError
	if errors.As(err, &f) || errors.As(err, &ce) {
		return http.StatusBadRequest, ErrorBody{Error: err.Error()}
	}
	text := agentchat.ExceptionText(err)
	name, msg, _ := strings.Cut(text, ": ")
	return http.StatusInternalServerError, ErrorBody{Error: msg, Exception: name}
}

// writeFault writes a bad request body's fault.
func writeFault(w http.ResponseWriter, err error) {
	body := ErrorBody{Error: err.Error()}
	var f *agentschema.Fault
	if errors.As(err, &f) {
		body = ErrorBody{Error: f.Message, Pointer: f.DisplayPointer(), Line: f.Line, Column: f.Column}
	}
	writeJSON(w, http.StatusBadRequest, body)
}

// predictResponse is AutoGen Studio's Response model, as its serve
// endpoint returns it.
type predictResponse struct {
	Message string          `json:"message"`
	Status  bool            `json:"status"`
	Data    json.RawMessage `json:"data"`
}

// predict is Studio's GET /predict/{task}: a fresh team run on the task.
func (h *Handler) predict(w http.ResponseWriter, r *http.Request) {
	if !h.slot(w) {
		return
	}
	defer func() { <-h.slots }()
	h.runs.Add(1)
	defer h.runs.Done()
	ctx, cancel := h.runContext(r.Context())
	defer cancel()
	start := time.Now()
	resp := predictResponse{Message: "Task successfully completed", Status: true, Data: json.RawMessage("null")}
	data, err := h.predictRun(ctx, r.PathValue("task"))
	if err == nil {
		resp.Data = data
	} else {
		// Studio answers str(e): the exception's message alone.
		_, body := runError(ctx, err)
		resp.Message, resp.Status = body.Error, false
	}
	outcome := "finished"
	if err != nil {
		outcome = "failed"
	}
	h.log.LogAttrs(ctx, slog.LevelInfo, "run", slog.String("session", ""), slog.String("outcome", outcome),
		slog.Duration("duration", time.Since(start)))
	writeJSON(w, http.StatusOK, resp)
}

func (h *Handler) predictRun(ctx context.Context, task string) (json.RawMessage, error) {
	runner, err := h.load(ctx)
	if err != nil {
		return nil, err
	}
	defer closeRunner(ctx, runner)
	res, err := runner.Run(ctx, agentchat.TextTask(task))
	if err != nil {
		return nil, err
	}
	return res.MarshalJSON()
}
