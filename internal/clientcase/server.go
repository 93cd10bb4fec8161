package clientcase

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Seen is a request the fake server received.
type Seen struct {
	Method, Path string
	Query        url.Values
	Header       http.Header
	Body         []byte
}

// Server is a loopback httptest server that answers with a case's
// response(s) and records every request. It is closed when the test ends.
type Server struct {
	*httptest.Server
	mu   sync.Mutex
	seen []Seen
}

// NewServer starts a Server answering with resp: the n-th request gets
// the n-th answer of its Sequence (the last repeating), or resp itself
// when it has none; its headers, content type (when given), status and
// body (Body, or BodyBase64 decoded).
func NewServer(t testing.TB, resp Response) *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		n := len(s.seen)
		s.seen = append(s.seen, Seen{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), body})
		s.mu.Unlock()
		a := resp
		if len(resp.Sequence) > 0 {
			a = resp.Sequence[min(n, len(resp.Sequence)-1)]
		}
		for k, v := range a.Headers {
			w.Header().Set(k, v)
		}
		if a.ContentType != "" {
			w.Header().Set("Content-Type", a.ContentType)
		}
		w.WriteHeader(a.Status)
		if a.BodyBase64 != "" {
			b, _ := base64.StdEncoding.DecodeString(a.BodyBase64)
			w.Write(b)
			return
		}
		io.WriteString(w, a.Body)
	}))
	t.Cleanup(s.Close)
	return s
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seen(nil), s.seen...)
}

// CheckRequests compares the requests sent with the recorded ones: as
// many, each as RequestDiff finds it.
func CheckRequests(t testing.TB, want []Request, got []Seen, headers []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d requests sent, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if msg := RequestDiff(&got[i], &want[i], headers); msg != "" {
			t.Errorf("request %d: %s", i, msg)
		}
	}
}

// RequestDiff describes how a request differs from the recorded one (""
// if it does not): method, path, query, whether the Authorization and
// api-key headers were sent, the recorded headers (those named in
// headers, lower case, and any x-custom-*), and the body (SameJSON).
func RequestDiff(g *Seen, w *Request, headers []string) string {
	var diffs []string
	if g.Method != w.Method || g.Path != w.Path {
		diffs = append(diffs, fmt.Sprintf("%s %s, want %s %s", g.Method, g.Path, w.Method, w.Path))
	}
	q := map[string]string{}
	for k, v := range g.Query {
		q[k] = strings.Join(v, ",")
	}
	if len(q) != len(w.Query) || len(q) > 0 && !reflect.DeepEqual(q, w.Query) {
		diffs = append(diffs, fmt.Sprintf("query %v, want %v", q, w.Query))
	}
	if has := g.Header.Get("Authorization") != ""; has != w.Authorization {
		diffs = append(diffs, fmt.Sprintf("Authorization sent: %v, want %v", has, w.Authorization))
	}
	if has := g.Header.Get("Api-Key") != ""; has != w.APIKeyHeader {
		diffs = append(diffs, fmt.Sprintf("api-key sent: %v, want %v", has, w.APIKeyHeader))
	}
	h := map[string]string{}
	for k, v := range g.Header {
		if lk := strings.ToLower(k); slices.Contains(headers, lk) || strings.HasPrefix(lk, "x-custom-") {
			h[lk] = strings.Join(v, ", ")
		}
	}
	if len(h) != len(w.Headers) || len(h) > 0 && !reflect.DeepEqual(h, w.Headers) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	if !SameJSON(g.Body, w.Body) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.Body, Compact(w.Body)))
	}
	return strings.Join(diffs, "; ")
}
