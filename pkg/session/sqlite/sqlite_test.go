package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/sessiontest"
	"github.com/agentschema/agentschema/pkg/session/sqlite"
)

func TestSuite(t *testing.T) {
	sessiontest.Run(t, func(t *testing.T) sessiontest.Opener {
		path := filepath.Join(t.TempDir(), "sessions.db")
		return func() (session.Service, error) {
			return sqlite.Open(context.Background(), path, sqlite.Options{})
		}
	})
}
