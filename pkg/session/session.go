package session

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"
)

// ErrNotFound is returned for a session (or run) that does not exist.
var ErrNotFound = errors.New("session: not found")

// ErrBusy is returned by Lock and Delete for a session that is running,
// in this process or in another one sharing the store.
var ErrBusy = errors.New("session: already running")

// Session is a conversation with a team: the team's state after the last
// run that finished.
type Session struct {
	// ID names the session; see CheckID.
	ID string `json:"id"`
	// State is the team's save_state() JSON (AutoGen's TeamState, as
	// 'agentschema run --save-state' writes it).
	State json.RawMessage `json:"state"`
	// Runs counts the runs that finished on the session.
	Runs int64 `json:"runs"`
	// Created is when the session's first run finished; Updated, its last.
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// Run is the record of one run that finished on a session.
type Run struct {
	// ID numbers the runs of a store, increasing; set by the store.
	ID int64 `json:"id"`
	// SessionID is the session the run belongs to; set by the store.
	SessionID string `json:"session_id"`
	// Task is the run's task: a JSON array of chat messages, or null for
	// a run without a task.
	Task json.RawMessage `json:"task"`
	// Result is the run's TaskResult JSON ({"messages": [...],
	// "stop_reason": ...}).
	Result json.RawMessage `json:"result"`
	// Started and Ended bound the run.
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
}

// Page selects a page of a list: the items after After (an ID; "" or 0
// for the first page), at most Limit of them (0 for DefaultLimit, at most
// MaxLimit).
type Page struct {
	After string
	Limit int
}

// The page sizes of the lists.
const (
	DefaultLimit = 50
	MaxLimit     = 1000
)

// Size is p's limit, defaulted and bounded.
func (p Page) Size() int {
	switch {
	case p.Limit <= 0:
		return DefaultLimit
	case p.Limit > MaxLimit:
		return MaxLimit
	}
	return p.Limit
}

// Service stores sessions. Every method is safe for concurrent use, and
// several processes may share one store (a PostgreSQL database, or an
// SQLite file on one host): a session runs in one of them at a time.
type Service interface {
	// Get returns a session, or ErrNotFound.
	Get(ctx context.Context, id string) (*Session, error)
	// List returns the sessions in ID order, a page at a time
	// (Page.After is a session ID).
	List(ctx context.Context, p Page) ([]Session, error)
	// Runs returns a session's runs in the order they finished, a page at
	// a time (Page.After is a run ID in decimal); ErrNotFound for an
	// unknown session.
	Runs(ctx context.Context, id string, p Page) ([]Run, error)
	// Delete removes a session and its runs: ErrNotFound when there is
	// none, ErrBusy when it is running.
	Delete(ctx context.Context, id string) error
	// Lock takes the session for one run, or returns ErrBusy when it is
	// already taken (by this process or another). The lock holds the
	// session as it was (nil for a new one). It is released by
	// Lock.Commit or Lock.Release, and, when the process dies, by the
	// store (PostgreSQL ends the dead connection's transaction; SQLite
	// sees the owner's lease lapse or its process gone).
	Lock(ctx context.Context, id string) (Lock, error)
	// Close releases the store.
	Close() error
}

// Lock is a session taken for one run.
type Lock interface {
	// Session is the session as it was when it was taken; nil when it did
	// not exist.
	Session() *Session
	// Commit saves the team's state after the run and the run's record in
	// one transaction, and releases the lock. When it fails, the session
	// is as it was.
	Commit(ctx context.Context, state json.RawMessage, run Run) (*Session, error)
	// Release gives the session back unchanged (a run that did not
	// finish). It may be called after Commit, and then does nothing.
	Release() error
}

// maxIDLen bounds a session ID.
const maxIDLen = 128

// CheckID reports whether id can name a session: 1 to 128 characters, each
// an ASCII letter, digit, '-', '_' or '.'. The error says what is wrong.
func CheckID(id string) error {
	if id == "" {
		return &IDError{ID: id, Reason: "is empty"}
	}
	if len(id) > maxIDLen {
		return &IDError{ID: id[:maxIDLen] + "...", Reason: "is longer than 128 characters"}
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return &IDError{ID: id, Reason: "may hold only letters, digits, '-', '_' and '.'"}
		}
	}
	return nil
}

// IDError is a session ID that CheckID refuses.
type IDError struct {
	// ID is the refused ID (cut at 128 characters).
	ID string
	// Reason says what is wrong with it.
	Reason string
}

// Error implements error.
func (e *IDError) Error() string {
	return "session id " + quote(e.ID) + " " + e.Reason
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// RunCursor reads a Page.After of Service.Runs: "" or a run ID in
// decimal.
func RunCursor(after string) (int64, error) {
	if after == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(after, 10, 64)
	if err != nil || n < 0 {
		return 0, &CursorError{After: after}
	}
	return n, nil
}

// RunsAfter is the start of a store's Service.Runs: p's cursor read with
// RunCursor, and session id's existence checked with get, so that an
// unknown session is ErrNotFound rather than an empty page.
func RunsAfter(ctx context.Context, get func(context.Context, string) (*Session, error), id string, p Page) (int64, error) {
	after, err := RunCursor(p.After)
	if err != nil {
		return 0, err
	}
	if _, err := get(ctx, id); err != nil {
		return 0, err
	}
	return after, nil
}

// CursorError is a Page.After of Service.Runs that is not a run ID.
type CursorError struct {
	// After is the refused value.
	After string
}

// Error implements error.
func (e *CursorError) Error() string {
	return "after " + quote(e.After) + " is not a run id (a non-negative integer)"
}
