// Package session owns the sessions of a served team: a conversation's
// TeamState kept between runs, the record of each run that finished, and
// the lock that lets a session run in one place at a time.
//
// Service is the interface every store implements (package
// session/sqlite: an embedded SQLite file; package session/postgres: a
// PostgreSQL database that several processes share); package
// session/sessiontest is the one test suite each store passes. A run
// takes its session with Service.Lock (ErrBusy when it is running
// already, here or in another process), runs the team from
// Lock.Session's state, and ends with Lock.Commit, which saves the new
// state and the run's record in one transaction, or Lock.Release, which
// leaves the session as it was: a run that fails, is cancelled or dies
// with its process changes nothing.
//
// The HTTP service on top is package serve.
package session
