package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/agentschema/agentschema/pkg/session"
	"github.com/agentschema/agentschema/pkg/session/sqlite"
)

// A run takes its session, runs the team from the saved state and
// commits the new state with the run's record.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "sessions")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "agentschema.db"), sqlite.Options{})
	if err != nil {
		panic(err)
	}
	defer store.Close()

	lock, err := store.Lock(ctx, "chat-1")
	if err != nil {
		panic(err)
	}
	defer lock.Release()
	fmt.Println("new session:", lock.Session() == nil)
	_, err = store.Lock(ctx, "chat-1")
	fmt.Println("second lock:", err)

	// ... load the team, LoadState(lock.Session().State), run it ...
	now := time.Now()
	s, err := lock.Commit(ctx, json.RawMessage(`{"type":"TeamState"}`), session.Run{
		Result: json.RawMessage(`{"messages":[],"stop_reason":null}`), Started: now, Ended: now,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ID, s.Runs, string(s.State))
	// Output:
	// new session: true
	// second lock: session: already running
	// chat-1 1 {"type":"TeamState"}
}
