package mcp

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// TestHTTPConnectionRefused: an HTTP server that cannot be reached is
// named, with its URL (without its query and user information, which may
// hold secrets) and the cause, for both HTTP transports.
func TestHTTPConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	for _, c := range []struct {
		params gen.McpServerParams
		shown  string
	}{
		{&gen.StreamableHttpServerParams{URL: "http://user:pw@" + addr + "/mcp?key=secret"}, "http://" + addr + "/mcp?..."},
		{&gen.SseServerParams{URL: "http://" + addr + "/sse"}, "http://" + addr + "/sse"},
	} {
		w, err := New(c.params, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = w.Start(context.Background())
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("Start: %v (%T), want an *Error", err, err)
		}
		want := "cannot connect to the MCP server at " + c.shown + ": dial tcp " + addr + ": connect: connection refused"
		if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "pw") {
			t.Errorf("Start: %v\nwant it to contain %q, and no secret", err, want)
		}
		_ = w.Stop(context.Background())
	}
}
