package serve_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/agentschema/agentschema/pkg/serve"
	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/postgres"
)

// BenchmarkRuns measures runs per second through the handler (no network):
// POST /v1/sessions/{id}/runs on a new session each time, the team an
// AssistantAgent on the replay client, the session saved in SQLite or
// PostgreSQL (AGENTSCHEMA_TEST_POSTGRES).
func BenchmarkRuns(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchRuns(b, nil) })
	b.Run("postgres", func(b *testing.B) {
		url := os.Getenv("AGENTSCHEMA_TEST_POSTGRES")
		if url == "" {
			b.Skip("AGENTSCHEMA_TEST_POSTGRES is not set")
		}
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			b.Skipf("PostgreSQL unreachable: %v", err)
		}
		schema := fmt.Sprintf("bench_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9)
		conn.Exec(ctx, "CREATE SCHEMA "+schema)
		defer func() {
			conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
			conn.Close(ctx)
		}()
		store, err := postgres.Open(ctx, url+"?search_path="+schema, postgres.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer store.Close()
		benchRuns(b, store)
	})
}

func benchRuns(b *testing.B, store session.Service) {
	s := newService(b, serve.Options{Team: team(b, replayClient("Done. TERMINATE")), Sessions: store})
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		req := httptest.NewRequest("POST", fmt.Sprintf("/v1/sessions/b%d/runs", i), strings.NewReader(`{"task": "go"}`))
		w := httptest.NewRecorder()
		s.h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "runs/s")
}
