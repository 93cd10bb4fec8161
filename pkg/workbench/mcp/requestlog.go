package mcp

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/httplog"
)

// logRequest logs one request to the server with log/slog's default
// logger at debug level (what `agentschema run --log-level debug` turns
// on): the server (a stdio server's command, without its arguments or
// environment; an SSE or streamable HTTP server's URL, without user
// information and with its query shown as "..."), the MCP method, the
// tool or prompt name, the duration (which includes starting the session
// when the request started it), and the error. Never the arguments, a
// header, the environment or the server's stderr.
func (w *Workbench) logRequest(ctx context.Context, op, name string, start time.Time, err error) {
	attrs := make([]any, 0, 10)
	switch p := w.params.(type) {
	case *gen.StdioServerParams:
		attrs = append(attrs, "command", p.Command)
	case *gen.SseServerParams:
		attrs = append(attrs, "url", shownURL(p.URL))
	case *gen.StreamableHttpServerParams:
		attrs = append(attrs, "url", shownURL(p.URL))
	}
	attrs = append(attrs, "method", op)
	if name != "" {
		attrs = append(attrs, "name", name)
	}
	attrs = append(attrs, "duration", time.Since(start))
	if err != nil {
		attrs = append(attrs, "error", logErrorText(err))
	}
	slog.DebugContext(ctx, "mcp request", attrs...)
}

// logErrorText is an error as the log shows it: an *Error's message
// without the server's stderr, the text of an error that holds a URL
// with that URL shown without its query.
func logErrorText(err error) string {
	var e *Error
	if errors.As(err, &e) {
		if e.Err != nil && e.Message == e.Err.Error() {
			return httplog.ErrorText(e.Err)
		}
		return e.Message
	}
	return httplog.ErrorText(err)
}
