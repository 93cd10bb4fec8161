package serve_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/pkg/serve"
)

// TestBodyThatDoesNotArrive: a client that sends its headers and only part
// of its body gets 408 after the read timeout, and its connection is
// closed, instead of holding it for ever.
func TestBodyThatDoesNotArrive(t *testing.T) {
	s := newService(t, serve.Options{Team: team(t, replayClient("ok. TERMINATE")), ReadTimeout: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", s.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	io.WriteString(conn, "POST /v1/sessions/slow/runs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Content-Length: 100\r\n\r\n{\"task\": ")
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no response to a body that does not arrive: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	want := "the request body did not arrive within 300ms (--read-timeout)"
	if resp.StatusCode != http.StatusRequestTimeout || decode(t, body)["error"] != want {
		t.Errorf("got %d %s, want 408 %q", resp.StatusCode, body, want)
	}
	if took < 300*time.Millisecond {
		t.Errorf("answered after %v, before the read timeout", took)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Errorf("the connection stays open after the 408: %v", err)
	}
	if code, _ := s.do(t, "GET", "/v1/sessions/slow", ""); code != 404 {
		t.Errorf("the refused run made a session: %d", code)
	}
}

// TestReadTimeoutDoesNotCutARun: the read timeout bounds the body only; a
// run that lasts longer (its model answers after it has passed), streamed
// or not, ends as it would without it.
func TestReadTimeoutDoesNotCutARun(t *testing.T) {
	for _, accept := range []string{"application/json", "text/event-stream"} {
		t.Run(accept, func(t *testing.T) {
			g := newGate(t, "done. TERMINATE")
			s := newService(t, serve.Options{Team: team(t, openaiClient(g.srv.URL)), ReadTimeout: 200 * time.Millisecond})
			go func() {
				<-g.arrived
				time.Sleep(600 * time.Millisecond) // three read timeouts
				g.open()
			}()
			code, body := s.do(t, "POST", "/v1/sessions/long/runs", `{"task": "go"}`, "Accept", accept)
			if code != 200 || !strings.Contains(string(body), "Text 'TERMINATE' mentioned") {
				t.Errorf("a run longer than the read timeout: %d %.300s", code, body)
			}
			if !strings.Contains(s.logs.String(), "outcome=finished") {
				t.Errorf("the run did not complete:\n%s", s.logs.String())
			}
		})
	}
}
