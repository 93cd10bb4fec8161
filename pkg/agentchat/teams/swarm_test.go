package teams_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// The helpers below are shared by swarm_test.go, graph_test.go,
// selector_test.go and magentic_one_test.go.

// fcInfo is a model that calls functions (handoffs need it).
var fcInfo = gen.ModelInfo{Family: models.FamilyUnknown, FunctionCalling: true}

// callOf is a replayed completion asking for one function call.
func callOf(id, name, args string) replay.Completion {
	r := models.NewFunctionCallsResult([]gen.FunctionCall{{ID: id, Name: name, Arguments: args}},
		models.NewRequestUsage(1, 1), false)
	return replay.Completion{Result: &r}
}

// handoffAgent is an AssistantAgent that may hand off to targets, whose
// replay client plays completions.
func handoffAgent(t testing.TB, name string, targets []string, completions ...replay.Completion) (*agents.AssistantAgent, *replay.Client) {
	t.Helper()
	var hs []gen.Handoff
	for _, tg := range targets {
		hs = append(hs, gen.Handoff{Target: tg})
	}
	client := replay.New(completions, replay.WithModelInfo(fcInfo))
	a, err := agents.NewAssistantAgent(name, client, agents.AssistantOptions{Handoffs: hs})
	if err != nil {
		t.Fatal(err)
	}
	return a, client
}

// textAgent is an AssistantAgent answering texts, with its client.
func textAgent(t testing.TB, name, description string, texts ...string) (*agents.AssistantAgent, *replay.Client) {
	t.Helper()
	client := replay.New(replay.Texts(texts...))
	opts := agents.AssistantOptions{}
	if description != "" {
		opts.Description = &description
	}
	a, err := agents.NewAssistantAgent(name, client, opts)
	if err != nil {
		t.Fatal(err)
	}
	return a, client
}

// brief renders a run's messages as "source:Type(text)" items; a
// HandoffMessage shows its target, as "source:HandoffMessage->target(text)".
func brief(items []messages.Message) string {
	var out []string
	for _, m := range items {
		s := messages.Source(m) + ":" + m.Type()
		switch x := m.(type) {
		case *gen.TextMessage:
			s += "(" + x.Content + ")"
		case *gen.HandoffMessage:
			s += "->" + x.Target + "(" + x.Content + ")"
		case *gen.ToolCallSummaryMessage:
			s += "(" + x.Content + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, " | ")
}

// llmText renders a message sent to a model: "System: text",
// "User(source): text", "Assistant(source): text".
func llmText(m gen.LLMMessage) string {
	switch x := m.(type) {
	case *gen.SystemMessage:
		return "System: " + x.Content
	case *gen.UserMessage:
		return "User(" + x.Source + "): " + x.Content.Text
	case *gen.AssistantMessage:
		if x.Content.IsFunctionCalls() {
			return "Assistant(" + x.Source + "): <function calls>"
		}
		return "Assistant(" + x.Source + "): " + x.Content.Text
	case *gen.FunctionExecutionResultMessage:
		return "FunctionExecutionResultMessage"
	}
	return m.Type()
}

func llmTexts(msgs []gen.LLMMessage) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = llmText(m)
	}
	return out
}

// sameStrings compares two lists, reporting the first difference.
func sameStrings(t testing.TB, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d items, want %d\n got %q\nwant %q", what, len(got), len(want), got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s[%d]:\n got %q\nwant %q", what, i, got[i], want[i])
		}
	}
}

// wantRunError checks that err is, at its top, AutoGen's exception
// "Exception: message".
func wantRunError(t testing.TB, err error, exception, message string) {
	t.Helper()
	var re *agentchat.RunError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v (%T), want %s: %s", err, err, exception, message)
	}
	if re.Exception != exception || re.Message != message {
		t.Errorf("err = %s: %q\nwant %s: %q", re.Exception, re.Message, exception, message)
	}
	if err.Error() != exception+": "+message {
		t.Errorf("err.Error() = %q, want %q", err.Error(), exception+": "+message)
	}
}

// managerState returns the manager's entry of a TeamState.
func managerState(t testing.TB, state json.RawMessage, manager string) json.RawMessage {
	t.Helper()
	var ts struct {
		Type        string                     `json:"type"`
		AgentStates map[string]json.RawMessage `json:"agent_states"`
	}
	if err := json.Unmarshal(state, &ts); err != nil {
		t.Fatal(err)
	}
	if ts.Type != "TeamState" {
		t.Errorf("team state type %q, want TeamState", ts.Type)
	}
	ms, ok := ts.AgentStates[manager]
	if !ok {
		t.Fatalf("no %s in the team state %s", manager, state)
	}
	return ms
}

// topKeys returns the keys of a JSON object in their order.
func topKeys(t testing.TB, obj json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(obj)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", obj)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// plainAgent is a ChatAgent that produces only TextMessages (its
// ProducedMessageTypes lacks HandoffMessage): it answers "ok".
type plainAgent struct{ name string }

func (p *plainAgent) Name() string                   { return p.name }
func (p *plainAgent) Description() string            { return "A plain agent." }
func (p *plainAgent) ProducedMessageTypes() []string { return []string{"TextMessage"} }
func (p *plainAgent) OnMessagesStream(context.Context, []messages.Message, agentchat.Emit) (*agentchat.Response, error) {
	return &agentchat.Response{ChatMessage: messages.NewTextMessage(p.name, "ok")}, nil
}
func (p *plainAgent) Reset(context.Context) error { return nil }
func (p *plainAgent) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage(`{"type":"BaseState","version":"1.0.0"}`), nil
}
func (p *plainAgent) LoadState(context.Context, json.RawMessage) error { return nil }
func (p *plainAgent) Close(context.Context) error                      { return nil }

// The handoff message AssistantAgent's Handoff(target=X) carries, as
// Handoff.set_defaults writes it: "Transferred to X, adopting the role of X
// immediately."
func transferred(target string) string {
	return "Transferred to " + target + ", adopting the role of " + target + " immediately."
}

// TestSwarmHandoffs: the first participant speaks first; a function call
// to transfer_to_<target> (Handoff's default name, lower-cased) makes the
// AssistantAgent answer with a HandoffMessage after its tool events, and
// the swarm's next speaker is the target of the latest handoff; without a
// handoff the same agent speaks again.
func TestSwarmHandoffs(t *testing.T) {
	alice, _ := handoffAgent(t, "alice", []string{"bob"},
		callOf("1", "transfer_to_bob", "{}"), replay.Completion{Text: "TERMINATE"})
	bob, bobClient := handoffAgent(t, "bob", []string{"alice"},
		replay.Completion{Text: "bob here"}, callOf("2", "transfer_to_alice", "{}"))
	team, err := teams.NewSwarm([]teams.Participant{alice, bob},
		teams.Options{Termination: conditions.NewTextMention("TERMINATE", nil)})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(context.Background(), agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"user:TextMessage(go)",
		"alice:ToolCallRequestEvent", "alice:ToolCallExecutionEvent",
		"alice:HandoffMessage->bob(" + transferred("bob") + ")",
		"bob:TextMessage(bob here)",
		"bob:ToolCallRequestEvent", "bob:ToolCallExecutionEvent",
		"bob:HandoffMessage->alice(" + transferred("alice") + ")",
		"alice:TextMessage(TERMINATE)",
	}
	sameStrings(t, "messages", strings.Split(brief(res.Messages), " | "), want)
	if res.StopReason == nil || *res.StopReason != "Text 'TERMINATE' mentioned" {
		t.Errorf("stop reason %v", res.StopReason)
	}
	// Bob's first call: his system message, the task, and alice's
	// handoff as a UserMessage from alice (the handoff's context is empty:
	// no other tool call, no thought).
	calls := bobClient.Calls()
	if len(calls) == 0 {
		t.Fatal("bob made no model call")
	}
	sameStrings(t, "bob's first call", llmTexts(calls[0].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage,
		"User(user): go",
		"User(alice): " + transferred("bob"),
	})
}

// TestSwarmFirstSpeakerAfterReset: the first speaker is the first
// participant, also after a reset (SwarmGroupChatManager.reset sets
// current_speaker to participant_names[0]).
func TestSwarmFirstSpeakerAfterReset(t *testing.T) {
	ctx := context.Background()
	alice, _ := handoffAgent(t, "alice", []string{"bob"},
		callOf("1", "transfer_to_bob", "{}"), replay.Completion{Text: "alice again"}, replay.Completion{Text: "alice third"})
	bob, _ := handoffAgent(t, "bob", nil, replay.Completion{Text: "bob answers"})
	team, err := teams.NewSwarm([]teams.Participant{alice, bob}, teams.Options{MaxTurns: 2})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(ctx, agentchat.TextTask("one"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "user:TextMessage(one) | alice:ToolCallRequestEvent | alice:ToolCallExecutionEvent | "+
		"alice:HandoffMessage->bob("+transferred("bob")+") | bob:TextMessage(bob answers)"; got != want {
		t.Errorf("first run:\n got %s\nwant %s", got, want)
	}
	if err := team.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	res, err = team.Run(ctx, agentchat.TextTask("two"))
	if err != nil {
		t.Fatal(err)
	}
	// The first speaker after the reset is alice, not bob; without a
	// handoff she speaks again.
	if got, want := brief(res.Messages), "user:TextMessage(two) | alice:TextMessage(alice again) | alice:TextMessage(alice third)"; got != want {
		t.Errorf("after a reset:\n got %s\nwant %s", got, want)
	}
}

// TestSwarmHandoffTermination follows AutoGen's
// test_swarm_with_handoff_termination: a handoff to "user" (not a
// participant) stops the run through HandoffTermination; resuming with no
// task or a text task is refused with validate_group_state's ValueError
// (raised in handle_start, so team.run raises it as it is, as the AutoGen
// test's pytest.raises(ValueError) shows); a HandoffMessage task to a
// non-participant is refused too; a HandoffMessage task to a participant
// resumes the swarm with that participant.
func TestSwarmHandoffTermination(t *testing.T) {
	ctx := context.Background()
	alice, _ := handoffAgent(t, "alice", []string{"bob", "user"}, callOf("1", "transfer_to_user", "{}"))
	bob, bobClient := handoffAgent(t, "bob", []string{"user"}, callOf("2", "transfer_to_user", "{}"))
	team, err := teams.NewSwarm([]teams.Participant{alice, bob},
		teams.Options{Termination: conditions.NewHandoff("user")})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(ctx, agentchat.TextTask("need help"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "user:TextMessage(need help) | alice:ToolCallRequestEvent | alice:ToolCallExecutionEvent | "+
		"alice:HandoffMessage->user("+transferred("user")+")"; got != want {
		t.Errorf("first run:\n got %s\nwant %s", got, want)
	}
	// HandoffTermination's text: f"Handoff to {self._target} from {message.source} detected."
	if res.StopReason == nil || *res.StopReason != "Handoff to user from alice detected." {
		t.Errorf("stop reason %v", res.StopReason)
	}

	existing := "The existing handoff target user is not one of the participants ['alice', 'bob']. " +
		"If you are resuming Swarm with a new task make sure to include in your task " +
		"a HandoffMessage with a valid participant as the target. For example, if you are " +
		"resuming from a HandoffTermination, make sure the new task is a HandoffMessage " +
		"with a valid participant as the target."
	newTarget := "The target ghost is not one of the participants ['alice', 'bob']. " +
		"If you are resuming Swarm with a new HandoffMessage make sure to set the target to a valid participant as the target."
	for _, tc := range []struct {
		name string
		task agentchat.Task
		want string
	}{
		{"no task", agentchat.Task{}, existing},
		{"text task", agentchat.TextTask("more"), existing},
		{"handoff to a non-participant", agentchat.MessagesTask(messages.NewHandoffMessage("user", "ghost", "to ghost")), newTarget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := team.Run(ctx, tc.task)
			wantRunError(t, err, "ValueError", tc.want)
		})
	}

	// Resuming with a HandoffMessage to bob: bob speaks, and hands off to
	// the user again.
	res, err = team.Run(ctx, agentchat.MessagesTask(messages.NewHandoffMessage("user", "bob", "over to you")))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "user:HandoffMessage->bob(over to you) | bob:ToolCallRequestEvent | bob:ToolCallExecutionEvent | "+
		"bob:HandoffMessage->user("+transferred("user")+")"; got != want {
		t.Errorf("resumed run:\n got %s\nwant %s", got, want)
	}
	if res.StopReason == nil || *res.StopReason != "Handoff to user from bob detected." {
		t.Errorf("stop reason %v", res.StopReason)
	}
	// Bob's buffer held the whole conversation he had not seen: the task,
	// alice's handoff to the user, and the user's handoff to him.
	sameStrings(t, "bob's call", llmTexts(bobClient.Calls()[0].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage,
		"User(user): need help",
		"User(alice): " + transferred("user"),
		"User(user): over to you",
	})
}

// TestSwarmRefusals checks the constructor's refusals, in AutoGen's
// order: a participant that is not a ChatAgent (TypeError, before
// BaseGroupChat's checks), no participant, and a first participant
// without HandoffMessage among its produced_message_types.
func TestSwarmRefusals(t *testing.T) {
	alice, _ := handoffAgent(t, "alice", []string{"bob"})
	inner, err := teams.NewRoundRobinGroupChat([]teams.Participant{&plainAgent{name: "x"}}, teams.Options{Name: "inner"})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("team participant", func(t *testing.T) {
		_, err := teams.NewSwarm([]teams.Participant{alice, inner}, teams.Options{})
		var re *agentchat.RunError
		// AutoGen: TypeError(f"Participant {participant} must be a ChatAgent.")
		// (the participant's repr, which Go cannot reproduce: only the
		// class and the message's frame are checked).
		if !errors.As(err, &re) || re.Exception != "TypeError" ||
			!strings.HasPrefix(re.Message, "Participant ") || !strings.HasSuffix(re.Message, " must be a ChatAgent.") {
			t.Errorf("err = %v, want TypeError: Participant ... must be a ChatAgent.", err)
		}
	})
	for _, tc := range []struct {
		name         string
		participants []teams.Participant
		exception    string
		message      string
	}{
		{"no participant", nil, "ValueError", "At least one participant is required."},
		{"first cannot hand off", []teams.Participant{&plainAgent{name: "plain"}, alice},
			"ValueError", "The first participant must be able to produce a handoff messages."},
		{"duplicate names", []teams.Participant{alice, alice}, "ValueError", "The participant names must be unique."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := teams.NewSwarm(tc.participants, teams.Options{})
			wantRunError(t, err, tc.exception, tc.message)
		})
	}
	// A later participant need not hand off.
	if _, err := teams.NewSwarm([]teams.Participant{alice, &plainAgent{name: "plain"}}, teams.Options{}); err != nil {
		t.Errorf("a plain second participant: %v", err)
	}
}

// TestSwarmStateRoundTrip checks SwarmManagerState (type, version,
// message_thread, current_turn, current_speaker, in pydantic's order) and
// that loading it into a new swarm continues with the current speaker.
func TestSwarmStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	build := func(bobTexts ...string) *teams.Swarm {
		alice, _ := handoffAgent(t, "alice", []string{"bob"}, callOf("1", "transfer_to_bob", "{}"))
		var comps []replay.Completion
		for _, s := range bobTexts {
			comps = append(comps, replay.Completion{Text: s})
		}
		bob, _ := handoffAgent(t, "bob", []string{"alice"}, comps...)
		team, err := teams.NewSwarm([]teams.Participant{alice, bob}, teams.Options{MaxTurns: 2})
		if err != nil {
			t.Fatal(err)
		}
		return team
	}
	first := build("hi from bob")
	res, err := first.Run(ctx, agentchat.TextTask("start"))
	if err != nil {
		t.Fatal(err)
	}
	// Two turns: alice's handoff, bob's answer.
	if got := brief(res.Messages); !strings.HasSuffix(got, "bob:TextMessage(hi from bob)") {
		t.Fatalf("first run: %s", got)
	}
	st, err := first.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ms := managerState(t, st, "SwarmGroupChatManager")
	sameStrings(t, "SwarmManagerState keys", topKeys(t, ms),
		[]string{"type", "version", "message_thread", "current_turn", "current_speaker"})
	var sms struct {
		Type           string            `json:"type"`
		Version        string            `json:"version"`
		MessageThread  []json.RawMessage `json:"message_thread"`
		CurrentTurn    int64             `json:"current_turn"`
		CurrentSpeaker string            `json:"current_speaker"`
	}
	if err := json.Unmarshal(ms, &sms); err != nil {
		t.Fatal(err)
	}
	// The thread: the task, alice's two events and handoff, bob's text;
	// the turn count was reset to 0 when max_turns stopped the run.
	if sms.Type != "SwarmManagerState" || sms.Version != "1.0.0" || len(sms.MessageThread) != 5 ||
		sms.CurrentTurn != 0 || sms.CurrentSpeaker != "bob" {
		t.Errorf("state %s", ms)
	}
	if !strings.HasSuffix(string(ms), `],"current_turn":0,"current_speaker":"bob"}`) {
		t.Errorf("state ends %s", ms[max(0, len(ms)-60):])
	}
	second := build("bob continues", "bob again")
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
	res, err = second.Run(ctx, agentchat.Task{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "bob:TextMessage(bob continues) | bob:TextMessage(bob again)"; got != want {
		t.Errorf("continued run %s, want %s", got, want)
	}
}
