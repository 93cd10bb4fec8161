package anthropic_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/internal/logtest"

	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/anthropic"
)

// TestRequestLog: with debug enabled on slog's default logger (what
// `agentschema run --log-level debug` does), each request of the
// Anthropic and Bedrock clients is logged with its method, URL (Bedrock's
// rewritten model path), status and duration; never the key, a default
// header's value, or an AWS credential.
func TestRequestLog(t *testing.T) {
	var seen []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		seen = append(seen, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, okMessage)
	}))
	defer srv.Close()
	t.Setenv("ANTHROPIC_BEDROCK_BASE_URL", srv.URL)
	bedrock, err := anthropic.BedrockFromConfig([]byte(`{"model":"anthropic.claude-3-5-sonnet-20240620-v1:0","model_info":{"vision":true,"function_calling":true,"json_output":false,"family":"claude-3-5-sonnet","structured_output":false},
		"bedrock_info":{"aws_access_key":"AKIA-secret-id","aws_secret_key":"secret-aws-key","aws_session_token":"secret-session","aws_region":"us-west-2"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		client models.ChatCompletionClient
		path   string
	}{
		{"anthropic", newClient(t, srv.URL, `,"default_headers":{"X-Team":"secret-header"}`), "/v1/messages"},
		{"bedrock", bedrock, "/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke"}, // as sent: url.QueryEscape(model),
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := logtest.Capture(t, slog.LevelDebug)
			if _, err := tc.client.Create(context.Background(), hello, models.CreateOptions{}); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			for _, want := range []string{"level=DEBUG", `msg="model request"`, "method=POST", "url=" + srv.URL + tc.path + " ", "status=200", "duration="} {
				if !strings.Contains(got, want) {
					t.Errorf("log %q lacks %q", got, want)
				}
			}
			if strings.Contains(got, "secret") {
				t.Errorf("a secret is in the log: %q", got)
			}
		})
	}
	if len(seen) != 2 {
		t.Errorf("server saw %v, want 2 requests", seen)
	}
}
