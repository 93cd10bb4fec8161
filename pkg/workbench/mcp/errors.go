package mcp

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// ErrNotStarted is Stop's error for a workbench that was never started
// (AutoGen's RuntimeError "McpWorkbench is not started. Call start()
// first.").
var ErrNotStarted error = &Error{Op: "stop", Message: "McpWorkbench is not started. Call start() first."}

// errReadTimeout is the cause of a request's context when the server did
// not answer within the read timeout.
var errReadTimeout = errors.New("mcp: read timeout")

// Error is a failure of the session with the server: starting it, a
// request the server answered with a JSON-RPC error, a request that timed
// out, or a connection that closed. Its Error text is the text AutoGen
// shows for the same failure (str() of the mcp package's McpError where
// there is one).
type Error struct {
	// Op is the MCP method ("initialize", "tools/call", ...).
	Op string
	// Message is AutoGen's text for the failure.
	Message string
	// Code is the JSON-RPC error code, 0 when there is none.
	Code int64
	// Stderr is the end of the server's standard error (stdio servers),
	// as it was when the failure was seen.
	Stderr string
	// Err is the underlying error, if any.
	Err error
}

// Error returns Message.
func (e *Error) Error() string { return e.Message }

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// timeoutMessage is the mcp package's McpError text for a request not
// answered within the read timeout (mcp/shared/session.py, send_request:
// the request class is ClientRequest for every client request, and the
// timeout is a float's str()).
func timeoutMessage(seconds float64) string {
	return fmt.Sprintf("Timed out while waiting for response to ClientRequest. Waited %s seconds.", pyjson.FloatRepr(seconds))
}

// connectionClosed is the mcp package's McpError text for a request whose
// connection closed before the answer (mcp/shared/session.py,
// _receive_loop: CONNECTION_CLOSED).
const connectionClosed = "Connection closed"

// FormatError renders an error as AutoGen's McpWorkbench._format_errors
// does: the error's text followed by a newline (not stripped, unlike the
// static workbench's), or for an error holding several (errors.Join, the
// counterpart of an ExceptionGroup) their texts so rendered, concatenated.
func FormatError(err error) string {
	if err == nil {
		return ""
	}
	if g, ok := err.(interface{ Unwrap() []error }); ok {
		var b strings.Builder
		for _, sub := range g.Unwrap() {
			if sub != nil {
				b.WriteString(FormatError(sub))
			}
		}
		return b.String()
	}
	return err.Error() + "\n"
}
