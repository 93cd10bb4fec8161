package openai

import (
	"github.com/agentschema/agentschema/internal/httplog"
)

// logRequests logs each request the client sends (each attempt) with
// log/slog's default logger at debug level: method, URL (without its
// query), status, duration, and the error of one that got no answer. Never
// a header, so never a key. It costs nothing while debug is not enabled.
var logRequests = httplog.Middleware("model request")
