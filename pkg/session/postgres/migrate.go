package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations are the schema's versions, in order: migrations[i] brings a
// database from version i to i+1. Never edit one that has shipped; add
// another.
var migrations = []string{
	`CREATE TABLE agentschema_sessions (
		id TEXT PRIMARY KEY,
		state TEXT NOT NULL,
		runs BIGINT NOT NULL,
		created TIMESTAMPTZ NOT NULL,
		updated TIMESTAMPTZ NOT NULL
	);
	CREATE TABLE agentschema_runs (
		id BIGSERIAL PRIMARY KEY,
		session_id TEXT NOT NULL,
		task TEXT NOT NULL,
		result TEXT NOT NULL,
		started TIMESTAMPTZ NOT NULL,
		ended TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX agentschema_runs_session ON agentschema_runs (session_id, id);`,
}

// SchemaVersion is the schema version this package writes.
var SchemaVersion = len(migrations)

// migrationLock is the advisory lock key that serializes migrations
// between processes ("agentschema" in ASCII, as an integer).
const migrationLock = 0x6167656e74736368

// migrate applies the migrations the database lacks, in one transaction
// holding migrationLock. A database newer than this package is refused.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "CREATE TABLE IF NOT EXISTS agentschema_migrations (version INTEGER NOT NULL)"); err != nil {
		return err
	}
	var v int
	if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM agentschema_migrations").Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("the database's schema version %d is newer than this program's (%d)", v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		if _, err := tx.Exec(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO agentschema_migrations (version) VALUES ($1)", i+1); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
