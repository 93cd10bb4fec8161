package mcp

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
)

// TestMessageLimit: a streamable HTTP server whose JSON answer never ends,
// or a stream event over the bound, ends the session with an error naming
// the limit, in bounded time and memory, instead of growing until the
// process dies.
func TestMessageLimit(t *testing.T) {
	for _, tc := range []struct {
		name, contentType, prefix string
	}{
		{"json body", "application/json", `{"jsonrpc":"2.0","id":1,"result":{"x":"`},
		{"stream event", "text/event-stream", `data: {"jsonrpc":"2.0","id":1,"result":{"x":"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodPost {
					w.WriteHeader(http.StatusMethodNotAllowed)
					return
				}
				w.Header().Set("Content-Type", tc.contentType)
				w.Write([]byte(tc.prefix))
				chunk := []byte(strings.Repeat("x", 64<<10))
				for r.Context().Err() == nil {
					if _, err := w.Write(chunk); err != nil {
						return
					}
				}
			}))
			defer ts.Close()
			p := params(t, `{"type":"StreamableHttpServerParams","url":"`+ts.URL+`","terminate_on_close":false}`).(*gen.StreamableHttpServerParams)
			w, err := New(p, nil, &Options{MaxMessageBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Stop(context.Background())
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			_, err = w.ListTools(ctx)
			if err == nil || ctx.Err() != nil {
				t.Fatalf("ListTools: %v (ctx %v)", err, ctx.Err())
			}
			var le *MessageLimitError
			if !errors.As(err, &le) || le.Limit != 1<<20 || !strings.Contains(err.Error(), "server message exceeds the limit of 1048576 bytes") {
				t.Errorf("error does not name the limit: %v", err)
			}
		})
	}
}
