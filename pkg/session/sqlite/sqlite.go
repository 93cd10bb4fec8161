package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/internal/rows"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// Options tune a Store; the zero value is the default.
type Options struct {
	// LeaseTTL is how long a lock lasts without its heartbeat (renewed
	// every third of it while held): a process that dies without its
	// process being seen gone (another host) frees its sessions after
	// it. 0 means 15 seconds.
	LeaseTTL time.Duration
}

// Store is a session.Service kept in an SQLite database file.
type Store struct {
	db    *sql.DB
	owner string // host, pid and a random tag: this Store's locks
	ttl   time.Duration
	seq   atomic.Int64
}

var _ session.Service = (*Store)(nil)

// Open opens (creating it when missing) the SQLite database at path and
// brings its schema up to date (migrations).
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty database path")
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("sqlite: opening %s: %w", path, err)
	}
	db.SetMaxOpenConns(4)
	s := &Store{db: db, owner: ownerTag(), ttl: opts.LeaseTTL}
	if s.ttl <= 0 {
		s.ttl = 15 * time.Second
	}
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	return s, nil
}

// ownerTag names this Store's locks: "host pid random".
func ownerTag() string {
	host, _ := os.Hostname()
	var r [6]byte
	_, _ = rand.Read(r[:])
	return strings.ReplaceAll(host, " ", "_") + " " + strconv.Itoa(os.Getpid()) + " " + hex.EncodeToString(r[:])
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

func nanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

const sessionCols = "id, state, runs, created, updated"

func scanSession(row rows.Scanner) (*session.Session, error) {
	var s session.Session
	var state string
	var created, updated int64
	if err := row.Scan(&s.ID, &state, &s.Runs, &created, &updated); err != nil {
		return nil, err
	}
	s.State = json.RawMessage(state)
	s.Created, s.Updated = fromNanos(created), fromNanos(updated)
	return &s, nil
}

// Get implements session.Service.
func (s *Store) Get(ctx context.Context, id string) (*session.Session, error) {
	out, err := scanSession(s.db.QueryRowContext(ctx, "SELECT "+sessionCols+" FROM agentschema_sessions WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, session.ErrNotFound
	}
	return out, err
}

// List implements session.Service.
func (s *Store) List(ctx context.Context, p session.Page) ([]session.Session, error) {
	return rows.All(ctx, s.query, scanSession,
		"SELECT "+sessionCols+" FROM agentschema_sessions WHERE id > ? ORDER BY id LIMIT ?", p.After, p.Size())
}

// Runs implements session.Service.
func (s *Store) Runs(ctx context.Context, id string, p session.Page) ([]session.Run, error) {
	after, err := session.RunsAfter(ctx, s.Get, id, p)
	if err != nil {
		return nil, err
	}
	return rows.All(ctx, s.query, scanRun,
		"SELECT id, session_id, task, result, started, ended FROM agentschema_runs WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?", id, after, p.Size())
}

// query is the database's QueryContext, its rows as rows.Rows.
func (s *Store) query(ctx context.Context, q string, args ...any) (sqlRows, error) {
	rs, err := s.db.QueryContext(ctx, q, args...)
	return sqlRows{rs}, err
}

// sqlRows is an *sql.Rows whose Close returns nothing (rows.Rows).
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { _ = r.Rows.Close() }

// scanRun reads a run of Runs' query; times are kept as Unix nanoseconds.
func scanRun(row rows.Scanner) (*session.Run, error) {
	var r session.Run
	var task, result string
	var started, ended int64
	if err := row.Scan(&r.ID, &r.SessionID, &task, &result, &started, &ended); err != nil {
		return nil, err
	}
	r.Task, r.Result = json.RawMessage(task), json.RawMessage(result)
	r.Started, r.Ended = fromNanos(started), fromNanos(ended)
	return &r, nil
}

// Delete implements session.Service.
func (s *Store) Delete(ctx context.Context, id string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := s.clearLock(ctx, tx, id, time.Now()); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, "DELETE FROM agentschema_sessions WHERE id = ?", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return session.ErrNotFound
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM agentschema_runs WHERE session_id = ?", id); err != nil {
		return err
	}
	return tx.Commit()
}

// clearLock returns session.ErrBusy when id is locked by a live owner,
// and otherwise removes a lapsed lock.
func (s *Store) clearLock(ctx context.Context, tx *sql.Tx, id string, now time.Time) error {
	var owner string
	var expires int64
	err := tx.QueryRowContext(ctx, "SELECT owner, expires FROM agentschema_locks WHERE session_id = ?", id).Scan(&owner, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if expires > nanos(now) && !ownerGone(owner) {
		return session.ErrBusy
	}
	_, err = tx.ExecContext(ctx, "DELETE FROM agentschema_locks WHERE session_id = ?", id)
	return err
}

// ownerGone reports whether a lock's owner is a process of this host
// that no longer runs (killed without releasing its locks).
func ownerGone(owner string) bool {
	f := strings.Fields(owner)
	if len(f) < 3 {
		return false
	}
	host, _ := os.Hostname()
	pid, err := strconv.Atoi(f[1])
	if err != nil || f[0] != strings.ReplaceAll(host, " ", "_") || pid == os.Getpid() {
		return false
	}
	return !processAlive(pid)
}

// Lock implements session.Service.
func (s *Store) Lock(ctx context.Context, id string) (session.Lock, error) {
	now := time.Now()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := s.clearLock(ctx, tx, id, now); err != nil {
		return nil, err
	}
	owner := s.owner + " " + strconv.FormatInt(s.seq.Add(1), 10)
	if _, err := tx.ExecContext(ctx, "INSERT INTO agentschema_locks (session_id, owner, expires) VALUES (?, ?, ?)", id, owner, nanos(now.Add(s.ttl))); err != nil {
		return nil, err
	}
	sess, err := scanSession(tx.QueryRowContext(ctx, "SELECT "+sessionCols+" FROM agentschema_sessions WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		sess, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	l := &lock{s: s, id: id, owner: owner, sess: sess, stop: make(chan struct{}), done: make(chan struct{})}
	go l.heartbeat()
	return l, nil
}

// lock is a lease row of agentschema_locks, renewed while held.
type lock struct {
	s     *Store
	id    string
	owner string
	sess  *session.Session

	once sync.Once
	stop chan struct{}
	done chan struct{}
}

func (l *lock) Session() *session.Session { return l.sess }

// heartbeat extends the lease every third of its TTL until stopped.
func (l *lock) heartbeat() {
	defer close(l.done)
	t := time.NewTicker(l.s.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), l.s.ttl/3)
			_, _ = l.s.db.ExecContext(ctx, "UPDATE agentschema_locks SET expires = ? WHERE session_id = ? AND owner = ?", nanos(time.Now().Add(l.s.ttl)), l.id, l.owner)
			cancel()
		}
	}
}

// end stops the heartbeat; it reports whether this call ended the lock.
func (l *lock) end() bool {
	ended := false
	l.once.Do(func() {
		close(l.stop)
		<-l.done
		ended = true
	})
	return ended
}

// Commit implements session.Lock.
func (l *lock) Commit(ctx context.Context, state json.RawMessage, run session.Run) (*session.Session, error) {
	if !l.end() {
		return nil, errors.New("sqlite: the lock is released")
	}
	err := l.commit(ctx, state, run)
	if err != nil {
		l.release()
		return nil, err
	}
	return l.s.Get(ctx, l.id)
}

func (l *lock) commit(ctx context.Context, state json.RawMessage, run session.Run) error {
	tx, err := l.s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var owner string
	err = tx.QueryRowContext(ctx, "SELECT owner FROM agentschema_locks WHERE session_id = ?", l.id).Scan(&owner)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if owner != l.owner {
		return fmt.Errorf("sqlite: session %s: the lock lapsed during the run (another process took it)", l.id)
	}
	now := nanos(time.Now())
	task := run.Task
	if len(task) == 0 {
		task = json.RawMessage("null")
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO agentschema_sessions (id, state, runs, created, updated) VALUES (?, ?, 1, ?, ?)
		ON CONFLICT (id) DO UPDATE SET state = excluded.state, runs = agentschema_sessions.runs + 1, updated = excluded.updated`,
		l.id, string(state), now, now); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO agentschema_runs (session_id, task, result, started, ended) VALUES (?, ?, ?, ?, ?)",
		l.id, string(task), string(run.Result), nanos(run.Started), nanos(run.Ended)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM agentschema_locks WHERE session_id = ? AND owner = ?", l.id, l.owner); err != nil {
		return err
	}
	return tx.Commit()
}

// Release implements session.Lock.
func (l *lock) Release() error {
	if !l.end() {
		return nil
	}
	return l.release()
}

func (l *lock) release() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := l.s.db.ExecContext(ctx, "DELETE FROM agentschema_locks WHERE session_id = ? AND owner = ?", l.id, l.owner)
	return err
}
