package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/internal/rows"
)

// Options tune a Store; the zero value is the default.
type Options struct {
	// MaxConns bounds the connection pool. A running session holds one
	// connection (its transaction) for the whole run, so it must exceed
	// the number of runs at once. 0 keeps the URL's pool_max_conns, or
	// 32 when it has none.
	MaxConns int32
}

// Store is a session.Service kept in PostgreSQL.
type Store struct {
	pool *pgxpool.Pool
}

var _ session.Service = (*Store)(nil)

// Open connects to the database at url (a postgres:// URL or a libpq
// keyword string) and brings its schema up to date (migrations, applied
// once however many processes open the database at once).
func Open(ctx context.Context, url string, opts Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's error may quote the URL, password included.
		return nil, errors.New("postgres: the database URL does not parse")
	}
	switch {
	case opts.MaxConns > 0:
		cfg.MaxConns = opts.MaxConns
	case !strings.Contains(url, "pool_max_conns"):
		cfg.MaxConns = 32
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return &Store{pool: pool}, nil
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

const sessionCols = "id, state, runs, created, updated"

func scanSession(row rows.Scanner) (*session.Session, error) {
	var x session.Session
	var state string
	if err := row.Scan(&x.ID, &state, &x.Runs, &x.Created, &x.Updated); err != nil {
		return nil, err
	}
	x.State = json.RawMessage(state)
	x.Created, x.Updated = x.Created.UTC(), x.Updated.UTC()
	return &x, nil
}

// Get implements session.Service.
func (s *Store) Get(ctx context.Context, id string) (*session.Session, error) {
	out, err := scanSession(s.pool.QueryRow(ctx, "SELECT "+sessionCols+" FROM agentschema_sessions WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, session.ErrNotFound
	}
	return out, err
}

// List implements session.Service.
func (s *Store) List(ctx context.Context, p session.Page) ([]session.Session, error) {
	return rows.All(ctx, s.pool.Query, scanSession,
		"SELECT "+sessionCols+" FROM agentschema_sessions WHERE id > $1 ORDER BY id COLLATE \"C\" LIMIT $2", p.After, p.Size())
}

// Runs implements session.Service.
func (s *Store) Runs(ctx context.Context, id string, p session.Page) ([]session.Run, error) {
	after, err := session.RunsAfter(ctx, s.Get, id, p)
	if err != nil {
		return nil, err
	}
	return rows.All(ctx, s.pool.Query, scanRun,
		"SELECT id, session_id, task, result, started, ended FROM agentschema_runs WHERE session_id = $1 AND id > $2 ORDER BY id LIMIT $3", id, after, p.Size())
}

// scanRun reads a run of Runs' query.
func scanRun(row rows.Scanner) (*session.Run, error) {
	var r session.Run
	var task, result string
	if err := row.Scan(&r.ID, &r.SessionID, &task, &result, &r.Started, &r.Ended); err != nil {
		return nil, err
	}
	r.Task, r.Result = json.RawMessage(task), json.RawMessage(result)
	r.Started, r.Ended = r.Started.UTC(), r.Ended.UTC()
	return &r, nil
}

// tryLock takes the session's advisory lock for tx's lifetime; false
// when another transaction (of any process) holds it. The key is a
// 64-bit hash of the session ID under this package's namespace.
func tryLock(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0))", "agentschema.session/"+id).Scan(&ok)
	return ok, err
}

// Delete implements session.Service.
func (s *Store) Delete(ctx context.Context, id string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	ok, err := tryLock(ctx, tx, id)
	if err != nil {
		return err
	}
	if !ok {
		return session.ErrBusy
	}
	tag, err := tx.Exec(ctx, "DELETE FROM agentschema_sessions WHERE id = $1", id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return session.ErrNotFound
	}
	if _, err := tx.Exec(ctx, "DELETE FROM agentschema_runs WHERE session_id = $1", id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Lock implements session.Service: a transaction holding the session's
// advisory lock stays open for the run and commits its result, so a
// process that dies mid-run leaves the session as it was and unlocked
// (the server rolls back the dead connection's transaction).
func (s *Store) Lock(ctx context.Context, id string) (session.Lock, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (session.Lock, error) {
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return nil, err
	}
	ok, err := tryLock(ctx, tx, id)
	if err != nil {
		return fail(err)
	}
	if !ok {
		return fail(session.ErrBusy)
	}
	sess, err := scanSession(tx.QueryRow(ctx, "SELECT "+sessionCols+" FROM agentschema_sessions WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		sess, err = nil, nil
	}
	if err != nil {
		return fail(err)
	}
	return &lock{s: s, tx: tx, id: id, sess: sess}, nil
}

// lock is an open transaction holding a session's advisory lock.
type lock struct {
	s    *Store
	tx   pgx.Tx
	id   string
	sess *session.Session

	mu    sync.Mutex
	ended bool
}

func (l *lock) Session() *session.Session { return l.sess }

// Commit implements session.Lock.
func (l *lock) Commit(ctx context.Context, state json.RawMessage, run session.Run) (*session.Session, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ended {
		return nil, errors.New("postgres: the lock is released")
	}
	l.ended = true
	task := run.Task
	if len(task) == 0 {
		task = json.RawMessage("null")
	}
	out, err := scanSession(l.tx.QueryRow(ctx, `INSERT INTO agentschema_sessions (id, state, runs, created, updated) VALUES ($1, $2, 1, $3, $3)
		ON CONFLICT (id) DO UPDATE SET state = excluded.state, runs = agentschema_sessions.runs + 1, updated = excluded.updated
		RETURNING `+sessionCols, l.id, string(state), time.Now()))
	if err == nil {
		_, err = l.tx.Exec(ctx, "INSERT INTO agentschema_runs (session_id, task, result, started, ended) VALUES ($1, $2, $3, $4, $5)",
			l.id, string(task), string(run.Result), run.Started, run.Ended)
	}
	if err == nil {
		err = l.tx.Commit(ctx)
	}
	if err != nil {
		_ = l.tx.Rollback(context.WithoutCancel(ctx))
		return nil, err
	}
	return out, nil
}

// Release implements session.Lock.
func (l *lock) Release() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ended {
		return nil
	}
	l.ended = true
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return l.tx.Rollback(ctx)
}
