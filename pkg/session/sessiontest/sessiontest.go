// Package sessiontest is the test suite every session store passes
// (package session's Service): call Run from the store's tests.
package sessiontest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/pkg/session"
)

// Opener opens a handle on one empty store made for the test; each call
// opens another handle on the same store, as another process (or the same
// one after a restart) would. Handles are closed by the suite.
type Opener func() (session.Service, error)

// Factory makes a new empty store for one test and returns its Opener.
type Factory func(t *testing.T) Opener

// Run runs the suite against the stores f makes.
func Run(t *testing.T, f Factory) {
	tests := []struct {
		name string
		fn   func(*testing.T, Opener)
	}{
		{"Unknown", testUnknown},
		{"CommitAndContinue", testCommitAndContinue},
		{"ReleaseLeavesSession", testRelease},
		{"Busy", testBusy},
		{"BusyAcrossHandles", testBusyAcrossHandles},
		{"Delete", testDelete},
		{"ListPages", testList},
		{"RunsPages", testRuns},
		{"Reopen", testReopen},
		{"SixteenAtOnce", testSixteen},
		{"OneWinner", testOneWinner},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, f(t))
		})
	}
}

func open(t *testing.T, o Opener) session.Service {
	t.Helper()
	s, err := o()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func lock(t *testing.T, s session.Service, id string) session.Lock {
	t.Helper()
	l, err := s.Lock(context.Background(), id)
	if err != nil {
		t.Fatalf("Lock(%q): %v", id, err)
	}
	return l
}

// record is a run record whose task and result name n.
func record(n int) session.Run {
	start := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC).Add(time.Duration(n) * time.Minute)
	return session.Run{
		Task:    json.RawMessage(fmt.Sprintf(`[{"type":"TextMessage","source":"user","content":"task %d"}]`, n)),
		Result:  json.RawMessage(fmt.Sprintf(`{"messages":[],"stop_reason":"run %d"}`, n)),
		Started: start,
		Ended:   start.Add(time.Second),
	}
}

func state(n int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"TeamState","version":"1.0.0","agent_states":{"n":%d}}`, n))
}

func commit(t *testing.T, l session.Lock, n int) *session.Session {
	t.Helper()
	out, err := l.Commit(context.Background(), state(n), record(n))
	if err != nil {
		t.Fatalf("Commit: %v", err)
	}
	return out
}

func testUnknown(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	if _, err := s.Get(ctx, "nope"); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("Get: %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, "nope"); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("Delete: %v, want ErrNotFound", err)
	}
	if _, err := s.Runs(ctx, "nope", session.Page{}); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("Runs: %v, want ErrNotFound", err)
	}
	list, err := s.List(ctx, session.Page{})
	if err != nil || len(list) != 0 {
		t.Errorf("List = %v, %v; want empty", list, err)
	}
}

func testCommitAndContinue(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	l := lock(t, s, "a")
	if l.Session() != nil {
		t.Fatalf("a new session's lock holds %+v, want nil", l.Session())
	}
	got := commit(t, l, 1)
	if got.ID != "a" || string(got.State) != string(state(1)) || got.Runs != 1 {
		t.Errorf("Commit returned %+v", got)
	}
	if err := l.Release(); err != nil {
		t.Errorf("Release after Commit: %v", err)
	}
	l = lock(t, s, "a")
	if l.Session() == nil || string(l.Session().State) != string(state(1)) {
		t.Fatalf("the second lock holds %+v, want state 1", l.Session())
	}
	got = commit(t, l, 2)
	if got.Runs != 2 || string(got.State) != string(state(2)) || got.Updated.Before(got.Created) {
		t.Errorf("second Commit returned %+v", got)
	}
	g, err := s.Get(ctx, "a")
	if err != nil || string(g.State) != string(state(2)) || g.Runs != 2 {
		t.Errorf("Get = %+v, %v", g, err)
	}
	if _, err := l.Commit(ctx, state(3), record(3)); err == nil {
		t.Error("a second Commit of one lock succeeded")
	}
}

func testRelease(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	l := lock(t, s, "new")
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "new"); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("a released new session exists: %v", err)
	}
	commit(t, lock(t, s, "b"), 1)
	l = lock(t, s, "b")
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	g, err := s.Get(ctx, "b")
	if err != nil || string(g.State) != string(state(1)) || g.Runs != 1 {
		t.Errorf("after Release: %+v, %v", g, err)
	}
	runs, err := s.Runs(ctx, "b", session.Page{})
	if err != nil || len(runs) != 1 {
		t.Errorf("after Release: %d runs, %v", len(runs), err)
	}
}

func testBusy(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	l := lock(t, s, "c")
	if _, err := s.Lock(ctx, "c"); !errors.Is(err, session.ErrBusy) {
		t.Errorf("second Lock: %v, want ErrBusy", err)
	}
	if err := s.Delete(ctx, "c"); !errors.Is(err, session.ErrBusy) {
		t.Errorf("Delete of a running session: %v, want ErrBusy", err)
	}
	other := lock(t, s, "d") // another session is free
	other.Release()
	commit(t, l, 1)
	l2 := lock(t, s, "c")
	l2.Release()
}

func testBusyAcrossHandles(t *testing.T, o Opener) {
	a, b := open(t, o), open(t, o)
	ctx := context.Background()
	l := lock(t, a, "shared")
	if _, err := b.Lock(ctx, "shared"); !errors.Is(err, session.ErrBusy) {
		t.Fatalf("Lock through another handle: %v, want ErrBusy", err)
	}
	commit(t, l, 7)
	l = lock(t, b, "shared")
	if l.Session() == nil || string(l.Session().State) != string(state(7)) {
		t.Fatalf("the other handle sees %+v, want state 7", l.Session())
	}
	commit(t, l, 8)
	g, err := a.Get(ctx, "shared")
	if err != nil || g.Runs != 2 || string(g.State) != string(state(8)) {
		t.Errorf("Get = %+v, %v", g, err)
	}
}

func testDelete(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	commit(t, lock(t, s, "e"), 1)
	if err := s.Delete(ctx, "e"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "e"); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	l := lock(t, s, "e")
	if l.Session() != nil {
		t.Errorf("a deleted session's lock holds %+v", l.Session())
	}
	commit(t, l, 2)
	runs, err := s.Runs(ctx, "e", session.Page{})
	if err != nil || len(runs) != 1 || string(runs[0].Task) != string(record(2).Task) {
		t.Errorf("runs of the new session: %+v, %v (the deleted one's runs must be gone)", runs, err)
	}
}

func testList(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	ids := []string{"s1", "s2", "s3", "s4", "s5"}
	for _, id := range []string{"s3", "s1", "s5", "s2", "s4"} {
		commit(t, lock(t, s, id), 1)
	}
	var got []string
	after := ""
	for range 4 {
		page, err := s.List(ctx, session.Page{After: after, Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, x := range page {
			got = append(got, x.ID)
		}
		after = page[len(page)-1].ID
	}
	if fmt.Sprint(got) != fmt.Sprint(ids) {
		t.Errorf("pages gave %v, want %v", got, ids)
	}
}

func testRuns(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	for n := 1; n <= 3; n++ {
		commit(t, lock(t, s, "r"), n)
	}
	commit(t, lock(t, s, "other"), 9)
	all, err := s.Runs(ctx, "r", session.Page{})
	if err != nil || len(all) != 3 {
		t.Fatalf("Runs = %d, %v", len(all), err)
	}
	for i, r := range all {
		want := record(i + 1)
		if r.SessionID != "r" || string(r.Task) != string(want.Task) || string(r.Result) != string(want.Result) ||
			!r.Started.Equal(want.Started) || !r.Ended.Equal(want.Ended) {
			t.Errorf("run %d = %+v, want %+v", i, r, want)
		}
		if i > 0 && r.ID <= all[i-1].ID {
			t.Errorf("run IDs not increasing: %d after %d", r.ID, all[i-1].ID)
		}
	}
	page, err := s.Runs(ctx, "r", session.Page{After: fmt.Sprint(all[0].ID), Limit: 1})
	if err != nil || len(page) != 1 || page[0].ID != all[1].ID {
		t.Errorf("second page = %+v, %v", page, err)
	}
	var ce *session.CursorError
	if _, err := s.Runs(ctx, "r", session.Page{After: "x"}); !errors.As(err, &ce) {
		t.Errorf("a bad cursor: %v, want a *CursorError", err)
	}
	l := lock(t, s, "nil-task")
	rec := record(1)
	rec.Task = nil
	if _, err := l.Commit(ctx, state(1), rec); err != nil {
		t.Fatal(err)
	}
	runs, err := s.Runs(ctx, "nil-task", session.Page{})
	if err != nil || len(runs) != 1 || string(runs[0].Task) != "null" {
		t.Errorf("a run without a task: %+v, %v; want task null", runs, err)
	}
}

func testReopen(t *testing.T, o Opener) {
	s, err := o()
	if err != nil {
		t.Fatal(err)
	}
	commit(t, lock(t, s, "kept"), 4)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, o)
	g, err := s.Get(context.Background(), "kept")
	if err != nil || string(g.State) != string(state(4)) {
		t.Fatalf("after reopening: %+v, %v", g, err)
	}
	commit(t, lock(t, s, "kept"), 5)
}

func testSixteen(t *testing.T, o Opener) {
	s := open(t, o)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("p%02d", i)
			for n := 1; n <= 2; n++ {
				l, err := s.Lock(ctx, id)
				if err != nil {
					errs <- err
					return
				}
				if _, err := l.Commit(ctx, state(n), record(n)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	list, err := s.List(ctx, session.Page{Limit: 100})
	if err != nil || len(list) != 16 {
		t.Fatalf("List = %d sessions, %v", len(list), err)
	}
	for _, x := range list {
		if x.Runs != 2 || string(x.State) != string(state(2)) {
			t.Errorf("%s: %+v", x.ID, x)
		}
	}
}

func testOneWinner(t *testing.T, o Opener) {
	a, b := open(t, o), open(t, o)
	ctx := context.Background()
	var mu sync.Mutex
	var won []session.Lock
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := a
			if i%2 == 1 {
				s = b
			}
			l, err := s.Lock(ctx, "race")
			if errors.Is(err, session.ErrBusy) {
				return
			}
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			won = append(won, l)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(won) != 1 {
		t.Fatalf("%d of 8 Locks at once won, want 1", len(won))
	}
	won[0].Release()
}
