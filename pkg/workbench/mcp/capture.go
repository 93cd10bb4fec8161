package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK decodes results into Go values, which loses what AutoGen's
// Python keeps: the order of an input schema's properties, and the members
// of content items the SDK has no field for. A captureConn wraps the
// transport's connection and hands the raw JSON of a response to the
// request whose context holds a rawSlot; a request without one is passed
// through untouched.

// rawSlot receives the raw results of the requests made with its context.
type rawSlot struct {
	mu      sync.Mutex
	results []json.RawMessage
}

func (s *rawSlot) add(r json.RawMessage) {
	s.mu.Lock()
	s.results = append(s.results, r)
	s.mu.Unlock()
}

func (s *rawSlot) all() []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.results
}

type rawSlotKey struct{}

// withSlot returns ctx carrying a new rawSlot.
func withSlot(ctx context.Context) (context.Context, *rawSlot) {
	s := &rawSlot{}
	return context.WithValue(ctx, rawSlotKey{}, s), s
}

// captureTransport is a transport whose connection is a captureConn.
type captureTransport struct {
	sdk.Transport
	conn *captureConn
}

func (t *captureTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.conn.Connection = c
	return t.conn, nil
}

// captureConn is a connection that gives raw results to rawSlots, and
// the raw params of the server's sampling and elicitation requests to the
// host.
type captureConn struct {
	sdk.Connection
	logger      *slog.Logger
	skipGarbage bool
	mu          sync.Mutex
	pending     map[jsonrpc.ID]*rawSlot
}

// Write notes the slot of a call request before sending it.
func (c *captureConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		if s, ok := ctx.Value(rawSlotKey{}).(*rawSlot); ok {
			c.mu.Lock()
			if c.pending == nil {
				c.pending = map[jsonrpc.ID]*rawSlot{}
			}
			c.pending[req.ID] = s
			c.mu.Unlock()
		}
	}
	return c.Connection.Write(ctx, msg)
}

// Read hands a response's raw result to its request's slot. With
// skipGarbage (SSE, where each event is read on its own), a message that
// is not JSON is skipped, as the mcp package's clients log it and read on;
// the SDK's stdio reader cannot go on after one, so there it ends the
// connection.
func (c *captureConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	for err != nil && c.skipGarbage && isGarbage(err) {
		if c.logger != nil {
			c.logger.Warn("mcp: skipping a message that is not JSON-RPC", "error", err)
		}
		msg, err = c.Connection.Read(ctx)
	}
	if req, ok := msg.(*jsonrpc.Request); ok && err == nil && req.IsCall() &&
		(req.Method == "sampling/createMessage" || req.Method == "elicitation/create") {
		// The host is given the params as the server sent them (see
		// markRawParams).
		req.Params = markRawParams(req.Params)
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		c.mu.Lock()
		s := c.pending[resp.ID]
		delete(c.pending, resp.ID)
		c.mu.Unlock()
		if s != nil && resp.Error == nil {
			s.add(resp.Result)
		}
	}
	return msg, err
}

// isGarbage reports whether a read failed on a message that is not JSON.
func isGarbage(err error) bool {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	return errors.As(err, &syn) || errors.As(err, &typ)
}

// forget drops the pending requests of s (calls that were never answered).
func (c *captureConn) forget(s *rawSlot) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, p := range c.pending {
		if p == s {
			delete(c.pending, id)
		}
	}
}

// The streamable HTTP transport's connection cannot be wrapped, but each
// request is an HTTP POST made with the request's context, answered with
// one JSON message or an SSE stream: captureBody reads the answer as the
// SDK reads it and hands the result to the context's slot.

// captureResponse wraps resp's body when req's context holds a slot.
func captureResponse(req *http.Request, resp *http.Response) {
	s, ok := req.Context().Value(rawSlotKey{}).(*rawSlot)
	if !ok || req.Method != http.MethodPost || resp.Body == nil {
		return
	}
	ct := resp.Header.Get("Content-Type")
	sse := strings.HasPrefix(ct, "text/event-stream")
	if !sse && !strings.HasPrefix(ct, "application/json") {
		return
	}
	resp.Body = &captureBody{ReadCloser: resp.Body, slot: s, sse: sse}
}

// captureBody passes a response body through, noting the JSON-RPC results
// in it.
type captureBody struct {
	io.ReadCloser
	slot *rawSlot
	sse  bool
	buf  []byte // JSON: the whole body; SSE: the current line
	data []byte // SSE: the current event's data
	done bool
}

func (b *captureBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if b.done {
		return n, err
	}
	if b.sse {
		for _, c := range p[:n] {
			if c != '\n' {
				b.buf = append(b.buf, c)
				continue
			}
			line := strings.TrimSuffix(string(b.buf), "\r")
			b.buf = b.buf[:0]
			switch {
			case line == "":
				b.message(b.data)
				b.data = b.data[:0]
			case strings.HasPrefix(line, "data:"):
				if len(b.data) > 0 {
					b.data = append(b.data, '\n')
				}
				b.data = append(b.data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " ")...)
			}
		}
	} else {
		b.buf = append(b.buf, p[:n]...)
		if err == io.EOF {
			b.message(b.buf)
			b.done = true
		}
	}
	return n, err
}

// message notes the result of data if it is a JSON-RPC response.
func (b *captureBody) message(data []byte) {
	if len(data) == 0 {
		return
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(data, &m) == nil && len(m.ID) > 0 && len(m.Result) > 0 {
		b.slot.add(append(json.RawMessage(nil), m.Result...))
	}
}
