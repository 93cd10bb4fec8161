// Package sqlite keeps sessions (package session) in an SQLite database
// file, through the pure-Go driver modernc.org/sqlite (no cgo): an
// embedded store, nothing to install.
//
// A session's lock is a lease: a row of agentschema_locks naming its
// owner (host, process ID, a random tag), renewed while the run lasts
// (Options.LeaseTTL). A run never holds a write transaction, so sessions
// run side by side; Commit writes the new state, the run's record and
// the lock's removal in one transaction. A process killed mid-run leaves
// the session's state as it was, and its lock is taken over at once by a
// process of the same host that sees the owner gone, or by any process
// once the lease lapses.
//
// The schema is versioned in the code (migrations, recorded in the table
// agentschema_migrations) and brought up to date by Open.
package sqlite
