package serve_test

import (
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/pkg/serve"
)

// TestClientThatDoesNotRead: a client that asks for a run's stream and
// reads none of it (its connection's buffers fill with its events)
// does not hold the run's slot past the write timeout, nor, once the run's
// own timeout has passed, for more than a moment.
func TestClientThatDoesNotRead(t *testing.T) {
	big := strings.Repeat("word ", 50_000) // 250 kB an answer
	answers := []string{big, big, big, big + "TERMINATE"}
	tests := []struct {
		name string
		opts serve.Options
	}{
		{"write timeout", serve.Options{WriteTimeout: 500 * time.Millisecond}},
		{"run timeout", serve.Options{RunTimeout: 500 * time.Millisecond}}, // the write timeout's default, 30 s, is not waited for
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Team, tc.opts.MaxRuns = team(t, replayClient(answers...)), 1
			s := newService(t, tc.opts)
			// The service on a listener whose connections have small send
			// buffers, so that a few answers fill them.
			srv := httptest.NewUnstartedServer(s.h)
			srv.Listener = smallBuffers{srv.Listener}
			srv.Start()
			defer srv.Close()
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.(*net.TCPConn).SetReadBuffer(4096)
			body := `{"task": "go"}`
			fmt.Fprintf(conn, "POST /v1/sessions/deaf/runs HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"+
				"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
			start := time.Now()
			for !strings.Contains(s.logs.String(), "session=deaf outcome=disconnected") {
				if time.Since(start) > 15*time.Second {
					t.Fatalf("the run of a client that reads nothing goes on:\n%s", s.logs.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			t.Logf("the unread run ended after %v", time.Since(start))
			// The slot is freed as the run's handler returns, just after its
			// log line: a run AutoGen refuses is then 400, not 503.
			var code int
			var out []byte
			waitFor(t, func() bool {
				code, out = s.do(t, "POST", "/v1/sessions/other/runs", `{"messages": []}`)
				return code != 503
			})
			if code != 400 {
				t.Errorf("a run after: %d %.200s", code, out)
			}
			if code, _ := s.do(t, "GET", "/v1/sessions/deaf", ""); code != 404 {
				t.Errorf("the unread run was saved: %d", code)
			}
		})
	}
}

// smallBuffers accepts connections with 16 kB send buffers.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}
