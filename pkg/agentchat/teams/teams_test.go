package teams_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

func assistant(t testing.TB, name string, texts ...string) *agents.AssistantAgent {
	t.Helper()
	a, err := agents.NewAssistantAgent(name, replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func summary(items []messages.Message) string {
	var out []string
	for _, m := range items {
		s := messages.Source(m) + ":" + m.Type()
		if tm, ok := m.(*gen.TextMessage); ok {
			s += "(" + tm.Content + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestRoundRobin runs two agents in turn: MaxMessage(4) counts the task
// and three answers; the next run continues with the agent whose turn it
// is; the termination condition was reset when it fired.
func TestRoundRobin(t *testing.T) {
	ctx := context.Background()
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{
		assistant(t, "a", "a1", "a2", "a3", "a4"), assistant(t, "b", "b1", "b2", "b3"),
	}, teams.Options{Termination: conditions.NewMaxMessage(4, false), EmitTeamEvents: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(ctx, agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	want := "user:TextMessage(go) RoundRobinGroupChatManager:SelectSpeakerEvent a:TextMessage(a1) " +
		"RoundRobinGroupChatManager:SelectSpeakerEvent b:TextMessage(b1) " +
		"RoundRobinGroupChatManager:SelectSpeakerEvent a:TextMessage(a2)"
	if got := summary(res.Messages); got != want {
		t.Errorf("first run:\n got %s\nwant %s", got, want)
	}
	if res.StopReason == nil || *res.StopReason != "Maximum number of messages 4 reached, current message count: 4" {
		t.Errorf("stop reason %v", res.StopReason)
	}
	res, err = team.Run(ctx, agentchat.Task{})
	if err != nil {
		t.Fatal(err)
	}
	want = "RoundRobinGroupChatManager:SelectSpeakerEvent b:TextMessage(b2) " +
		"RoundRobinGroupChatManager:SelectSpeakerEvent a:TextMessage(a3) " +
		"RoundRobinGroupChatManager:SelectSpeakerEvent b:TextMessage(b3) " +
		"RoundRobinGroupChatManager:SelectSpeakerEvent a:TextMessage(a4)"
	if got := summary(res.Messages); got != want {
		t.Errorf("second run:\n got %s\nwant %s", got, want)
	}
}

// TestRoundRobinMaxTurns stops at max_turns with AutoGen's text, and
// resets the turn count.
func TestRoundRobinMaxTurns(t *testing.T) {
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "a", "1", "2", "3")},
		teams.Options{MaxTurns: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"user:TextMessage(x) a:TextMessage(1) a:TextMessage(2)", "a:TextMessage(3)"} {
		task := agentchat.TextTask("x")
		if i == 1 {
			task = agentchat.Task{}
		}
		res, err := team.Run(context.Background(), task)
		if i == 1 {
			// The turn count was reset: the second run has two turns,
			// and the replay client one completion left, so its second
			// turn fails, as AutoGen's team fails: a RuntimeError whose
			// text starts with the model client's exception.
			var re *agentchat.RunError
			if !errors.As(err, &re) || re.Exception != "RuntimeError" || re.Message != "ValueError: No more mock responses available" {
				t.Fatalf("second run: err = %v, want AutoGen's RuntimeError around the model's error", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := summary(res.Messages); got != want {
			t.Errorf("run %d:\n got %s\nwant %s", i, got, want)
		}
		if *res.StopReason != "Maximum number of turns 2 reached." {
			t.Errorf("stop reason %q", *res.StopReason)
		}
	}
}

// TestRoundRobinErrors checks AutoGen's refusals.
func TestRoundRobinErrors(t *testing.T) {
	if _, err := teams.NewRoundRobinGroupChat(nil, teams.Options{}); err == nil ||
		err.Error() != "ValueError: At least one participant is required." {
		t.Errorf("no participants: %v", err)
	}
	a := assistant(t, "a")
	if _, err := teams.NewRoundRobinGroupChat([]teams.Participant{a, assistant(t, "a")}, teams.Options{}); err == nil ||
		err.Error() != "ValueError: The participant names must be unique." {
		t.Errorf("duplicate names: %v", err)
	}
	team, _ := teams.NewRoundRobinGroupChat([]teams.Participant{a}, teams.Options{})
	if _, err := team.Run(context.Background(), agentchat.MessagesTask()); err == nil ||
		err.Error() != "ValueError: Task list cannot be empty." {
		t.Errorf("empty task: %v", err)
	}
}

// TestRoundRobinStateRoundTrip saves a team after a run and loads the
// state into a new team built the same way: the state is the same JSON,
// and the next speaker is kept.
func TestRoundRobinStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	build := func(texts ...string) *teams.RoundRobinGroupChat {
		team, err := teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "a", texts...), assistant(t, "b", texts...)},
			teams.Options{MaxTurns: 1})
		if err != nil {
			t.Fatal(err)
		}
		return team
	}
	first := build("hello")
	if _, err := first.Run(ctx, agentchat.TextTask("hi")); err != nil {
		t.Fatal(err)
	}
	st, err := first.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(st), `{"type":"TeamState","version":"1.0.0","agent_states":{"a":{"type":"ChatAgentContainerState"`) {
		t.Errorf("state starts %.120s", st)
	}
	second := build("bye")
	if err := second.LoadState(ctx, st); err != nil {
		t.Fatal(err)
	}
	again, err := second.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(st) {
		t.Errorf("state after a load:\n%s\nwant:\n%s", again, st)
	}
	res, err := second.Run(ctx, agentchat.Task{})
	if err != nil {
		t.Fatal(err)
	}
	if got := summary(res.Messages); got != "b:TextMessage(bye)" {
		t.Errorf("continued run %s, want b's answer", got)
	}
}

// TestConcurrentTeams runs separate teams at once (go test -race).
func TestConcurrentTeams(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			team, err := teams.NewRoundRobinGroupChat([]teams.Participant{
				assistant(t, "a", "x", "y", "z"), assistant(t, "b", "x", "y", "TERMINATE"),
			}, teams.Options{Termination: conditions.NewTextMention("TERMINATE", nil)})
			if err != nil {
				errs <- err
				return
			}
			res, err := team.Run(context.Background(), agentchat.TextTask(fmt.Sprint("task ", i)))
			if err != nil {
				errs <- err
				return
			}
			if len(res.Messages) != 7 {
				errs <- fmt.Errorf("team %d: %d messages, want 7", i, len(res.Messages))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestNestedTeam runs a team as a participant: its messages are the
// outer team's delta.
func TestNestedTeam(t *testing.T) {
	inner, err := teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "w", "draft"), assistant(t, "r", "ok")},
		teams.Options{Name: "inner", MaxTurns: 2})
	if err != nil {
		t.Fatal(err)
	}
	outer, err := teams.NewRoundRobinGroupChat([]teams.Participant{inner, assistant(t, "boss", "done")},
		teams.Options{Termination: conditions.NewSourceMatch([]string{"boss"})})
	if err != nil {
		t.Fatal(err)
	}
	res, err := outer.Run(context.Background(), agentchat.TextTask("write"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res.Messages), "user:TextMessage(write) w:TextMessage(draft) r:TextMessage(ok) boss:TextMessage(done)"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
