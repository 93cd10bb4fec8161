package httplog_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/logtest"

	"github.com/agentschema/agentschema/internal/httplog"
)

// TestURL: user information, query and fragment are dropped.
func TestURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://h:1/v1/chat", "http://h:1/v1/chat"},
		{"https://user:pass@h/p?api-key=k&x=1#frag", "https://h/p"},
		{"http://h/p?", "http://h/p"},
	} {
		u, err := url.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := httplog.URL(u); got != tc.want {
			t.Errorf("URL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if httplog.URL(nil) != "" {
		t.Error("URL(nil) is not empty")
	}
}

// TestMiddleware: each request is logged at debug level with its method,
// URL, status and duration, or the error of one that got no answer (its
// URL shown without the query); a header, the query and the user never
// appear; nothing is logged above debug level.
func TestMiddleware(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(201) }))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	send := func(base string) {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodPost,
			strings.Replace(base, "http://", "http://user:secret-pass@", 1)+"/v1/x?key=secret-query", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer secret-header")
		resp, err := httplog.Middleware("model request")(req, http.DefaultClient.Do)
		if err == nil {
			resp.Body.Close()
		}
	}
	for _, tc := range []struct {
		name  string
		level slog.Level
		base  string
		want  []string
	}{
		{"answered", slog.LevelDebug, srv.URL, []string{"level=DEBUG", `msg="model request"`, "method=POST", "url=" + srv.URL + "/v1/x ", "duration=", "status=201"}},
		{"refused", slog.LevelDebug, closed.URL, []string{`msg="model request"`, "url=" + closed.URL + "/v1/x ", `error="Post \"` + closed.URL + `/v1/x\": `}},
		{"info level", slog.LevelInfo, srv.URL, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := logtest.Capture(t, tc.level)
			send(tc.base)
			got := buf.String()
			if tc.want == nil && got != "" {
				t.Errorf("logged at %v: %q", tc.level, got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("log %q lacks %q", got, w)
				}
			}
			if strings.Contains(got, "secret") {
				t.Errorf("a secret is in the log: %q", got)
			}
		})
	}
}
