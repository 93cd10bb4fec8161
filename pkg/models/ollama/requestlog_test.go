package ollama_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/logtest"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// TestRequestLog: with debug enabled on slog's default logger (what
// `agentschema run --log-level debug` does), each Ollama request is logged
// with its method, URL (without the host's user information), status and
// duration, or the error of one that got no answer; never a header's
// value or the user's password.
func TestRequestLog(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, line("Hi", true))
	}))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	for _, tc := range []struct {
		name string
		base string
		want []string
	}{
		{"answered", srv.URL, []string{"status=200", "duration="}},
		{"refused", closed.URL, []string{`error="Post \"` + closed.URL + `/api/chat\": `}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := logtest.Capture(t, slog.LevelDebug)
			host := strings.Replace(tc.base, "http://", "http://user:secret-pass@", 1)
			c, err := ollama.New(gen.OllamaClientConfigurationConfigModel{Model: "llama3.2", Host: &host, FollowRedirects: true,
				Headers: map[string]string{"Authorization": "Bearer secret-header"}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Create(context.Background(), hello, models.CreateOptions{})
			if (err == nil) != (tc.base == srv.URL) {
				t.Fatalf("create: %v", err)
			}
			got := buf.String()
			for _, want := range append([]string{"level=DEBUG", `msg="model request"`, "method=POST", "url=" + tc.base + "/api/chat "}, tc.want...) {
				if !strings.Contains(got, want) {
					t.Errorf("log %q lacks %q", got, want)
				}
			}
			if strings.Contains(got, "secret") {
				t.Errorf("a secret is in the log: %q", got)
			}
		})
	}
}
