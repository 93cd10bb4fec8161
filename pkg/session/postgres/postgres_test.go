package postgres_test

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/postgres"
	"github.com/agentschema/agentschema/pkg/session/sessiontest"
)

var schemaSeq atomic.Int64

// testURL returns AGENTSCHEMA_TEST_POSTGRES with a new schema of its own
// as the search path (dropped after the test), or skips.
func testURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("AGENTSCHEMA_TEST_POSTGRES")
	if base == "" {
		t.Skip("AGENTSCHEMA_TEST_POSTGRES is not set (a postgres:// URL; .ci/run starts Debian's postgresql and sets it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Skipf("PostgreSQL at AGENTSCHEMA_TEST_POSTGRES is unreachable: %v", err)
	}
	defer conn.Close(ctx)
	schema := fmt.Sprintf("t%d_%d", os.Getpid(), schemaSeq.Add(1))
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if c, err := pgx.Connect(ctx, base); err == nil {
			c.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
			c.Close(ctx)
		}
	})
	sep := "?"
	for _, c := range base {
		if c == '?' {
			sep = "&"
		}
	}
	return base + sep + "search_path=" + schema
}

func TestSuite(t *testing.T) {
	sessiontest.Run(t, func(t *testing.T) sessiontest.Opener {
		url := testURL(t)
		return func() (session.Service, error) {
			return postgres.Open(context.Background(), url, postgres.Options{})
		}
	})
}
