// Package postgres keeps sessions (package session) in PostgreSQL, through
// pgx, so that several processes serve the same sessions.
//
// A session runs in one process at a time: Store.Lock opens a transaction
// that takes the session's advisory lock (pg_try_advisory_xact_lock on a
// 64-bit hash of its ID) and keeps it open for the run; Commit writes the
// new state and the run's record in it, Release rolls it back. A process
// that dies mid-run loses its connection, and PostgreSQL rolls the
// transaction back and frees the lock: the session is as it was. A
// running session holds one pooled connection, so the pool (Options,
// or the URL's pool_max_conns) must be larger than the runs at once.
//
// The schema is versioned in the code (migrations, recorded in the table
// agentschema_migrations) and brought up to date by Open, once however
// many processes start together. Its tables are prefixed agentschema_.
package postgres
