package sqlite

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema's versions, in order: migrations[i] brings a
// database from version i to i+1. Never edit one that has shipped; add
// another.
var migrations = []string{
	`CREATE TABLE agentschema_sessions (
		id TEXT PRIMARY KEY,
		state TEXT NOT NULL,
		runs INTEGER NOT NULL,
		created INTEGER NOT NULL,
		updated INTEGER NOT NULL
	);
	CREATE TABLE agentschema_runs (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		session_id TEXT NOT NULL,
		task TEXT NOT NULL,
		result TEXT NOT NULL,
		started INTEGER NOT NULL,
		ended INTEGER NOT NULL
	);
	CREATE INDEX agentschema_runs_session ON agentschema_runs (session_id, id);
	CREATE TABLE agentschema_locks (
		session_id TEXT PRIMARY KEY,
		owner TEXT NOT NULL,
		expires INTEGER NOT NULL
	);`,
}

// SchemaVersion is the schema version this package writes.
var SchemaVersion = len(migrations)

// migrate applies the migrations the database lacks, in one immediate
// transaction (so that processes opening the file at once apply each
// once). A database newer than this package is refused.
func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS agentschema_migrations (version INTEGER NOT NULL)"); err != nil {
		return err
	}
	var v int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM agentschema_migrations").Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("the database's schema version %d is newer than this program's (%d)", v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO agentschema_migrations (version) VALUES (?)", i+1); err != nil {
			return err
		}
	}
	return tx.Commit()
}
