package teams_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/messages"
)

// barrierAgent answers only once every agent of its barrier has started
// answering: run one after another, the first would wait forever.
type barrierAgent struct {
	name    string
	barrier *sync.WaitGroup
	seen    []string // the sources of the messages it was given
}

func (a *barrierAgent) Name() string        { return a.name }
func (a *barrierAgent) Description() string { return "waits for its peers" }
func (a *barrierAgent) OnMessagesStream(ctx context.Context, msgs []messages.Message, emit agentchat.Emit) (*agentchat.Response, error) {
	for _, m := range msgs {
		a.seen = append(a.seen, messages.Source(m))
	}
	if a.barrier != nil {
		a.barrier.Done()
		done := make(chan struct{})
		go func() { a.barrier.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			return nil, fmt.Errorf("%s: its peers never started: the speakers did not run concurrently", a.name)
		}
	}
	if err := emit(messages.NewThoughtEvent(a.name, "thinking")); err != nil {
		return nil, err
	}
	return &agentchat.Response{ChatMessage: messages.NewTextMessage(a.name, "from "+a.name)}, nil
}
func (a *barrierAgent) Reset(context.Context) error { return nil }
func (a *barrierAgent) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage(`{}`), nil
}
func (a *barrierAgent) LoadState(context.Context, json.RawMessage) error { return nil }
func (a *barrierAgent) Close(context.Context) error                      { return nil }

// TestGraphConcurrentSpeakers fans out from "start" to three nodes that
// can only finish together, then in to "end": with ConcurrentSpeakers the
// three run at once, their events come out in the order they were
// selected, each started from the same buffer (no peer's answer in it),
// and "end" gets all three answers.
func TestGraphConcurrentSpeakers(t *testing.T) {
	var barrier sync.WaitGroup
	barrier.Add(3)
	start := &barrierAgent{name: "start"}
	end := &barrierAgent{name: "end"}
	mids := []*barrierAgent{{name: "m1", barrier: &barrier}, {name: "m2", barrier: &barrier}, {name: "m3", barrier: &barrier}}
	b := teams.NewGraphBuilder().AddNode(start, "").AddNode(end, "")
	for _, m := range mids {
		b.AddNode(m, "")
	}
	for _, m := range mids {
		b.AddEdge("start", teams.GraphEdge{Target: m.name}).AddEdge(m.name, teams.GraphEdge{Target: "end"})
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	flow, err := teams.NewGraphFlow(b.Participants(), g, teams.Options{ConcurrentSpeakers: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := flow.Run(context.Background(), agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range res.Messages {
		if tm, ok := m.(*gen.TextMessage); ok {
			got = append(got, tm.Source)
		}
	}
	if strings.Join(got, " ") != "user start m1 m2 m3 end" {
		t.Errorf("chat messages from %v, want user start m1 m2 m3 end", got)
	}
	for _, m := range mids {
		if strings.Join(m.seen, " ") != "user start" {
			t.Errorf("%s was given messages from %v, want user and start only", m.name, m.seen)
		}
	}
	if strings.Join(end.seen, " ") != "user start m1 m2 m3" {
		t.Errorf("end was given messages from %v", end.seen)
	}
	if *res.StopReason != "Digraph execution is complete" {
		t.Errorf("stop reason %q", *res.StopReason)
	}
}
