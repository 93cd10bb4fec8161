package httptool

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRequestLog: with debug enabled on slog's default logger, each tool
// request is logged with its method, URL without the query, status and
// duration; no header.
func TestRequestLog(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer slog.SetDefault(old)
	rc := &recorder{status: 200, body: "ok"}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	tool, err := New("z", "127.0.0.1", serverPort(t, srv), json.RawMessage(`{"type": "object", "properties": {}}`),
		WithPath("/p"), WithHeaders(map[string]string{"Authorization": "Bearer secret-token"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tool.RunJSON(context.Background(), nil, ""); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"level=DEBUG", `msg="tool request"`, "method=POST", "url=http://127.0.0.1:", "/p ", "status=200", "duration="} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("log %q lacks %q", buf.String(), want)
		}
	}
	if strings.Contains(buf.String(), "secret-token") {
		t.Errorf("a header is in the log: %q", buf.String())
	}
}
