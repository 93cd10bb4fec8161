package teams_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// selectorPrompt is SelectorGroupChat's default selector_prompt, copied
// from _selector_group_chat.py, with its fields filled by hand:
// roles is "name: description" per participant (whitespace collapsed,
// stripped) joined by newlines; participants is str() of the candidates'
// list; history is construct_message_history of the selector's model
// context: "source: content".rstrip() + "\n\n" per message, joined by "\n".
func selectorPrompt(roles, participants, history string) string {
	return "You are in a role play game. The following roles are available:\n" +
		roles + ".\n" +
		"Read the following conversation. Then select the next role from " + participants + " to play. Only return the role.\n" +
		"\n" +
		history + "\n" +
		"\n" +
		"Read the above conversation. Then select the next role from " + participants + " to play. Only return the role.\n"
}

// selectorTeam builds a SelectorGroupChat of text agents (name ->
// description, texts) whose selector model plays selections.
func selectorTeam(t testing.TB, names []string, descs map[string]string, texts map[string][]string,
	info *gen.ModelInfo, opts teams.Options, sopts teams.SelectorOptions, selections ...string) (*teams.SelectorGroupChat, *replay.Client) {
	t.Helper()
	var ps []teams.Participant
	for _, n := range names {
		a, _ := textAgent(t, n, descs[n], texts[n]...)
		ps = append(ps, a)
	}
	var ropts []replay.Option
	if info != nil {
		ropts = append(ropts, replay.WithModelInfo(*info))
	}
	client := replay.New(replay.Texts(selections...), ropts...)
	team, err := teams.NewSelectorGroupChat(ps, client, opts, sopts)
	if err != nil {
		t.Fatal(err)
	}
	return team, client
}

func speakers(items []messages.Message) []string {
	var out []string
	for _, m := range items {
		if s := messages.Source(m); s != "user" && messages.IsChatMessage(m) {
			out = append(out, s)
		}
	}
	return out
}

var threeDescs = map[string]string{"planner": "Plans the work.", "coder": "Writes\n  code.", "tester": "Tests it."}

// threeRoles: each participant's "name: description" with \s+ collapsed
// to one space ("Writes\n  code." becomes "Writes code.").
const threeRoles = "planner: Plans the work.\ncoder: Writes code.\ntester: Tests it."

// TestSelectorPrompt checks the prompt the selector model receives: a
// UserMessage from "user" for a non-OpenAI family, a SystemMessage for an
// OpenAI one (ModelFamily.is_openai("gpt-4o")); the history is the
// selector's model context, each message right-stripped; the second
// selection leaves out the previous speaker (allow_repeated_speaker
// False).
func TestSelectorPrompt(t *testing.T) {
	for _, tc := range []struct {
		name   string
		info   *gen.ModelInfo
		system bool
	}{
		{"unknown family", nil, false},
		{"openai family", &gen.ModelInfo{Family: models.FamilyGPT4O}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			team, client := selectorTeam(t, []string{"planner", "coder", "tester"}, threeDescs,
				map[string][]string{"coder": {"def f(): pass  \n"}, "tester": {"ok"}},
				tc.info, teams.Options{MaxTurns: 2}, teams.SelectorOptions{}, "coder", "tester")
			res, err := team.Run(context.Background(), agentchat.TextTask("Build a tool."))
			if err != nil {
				t.Fatal(err)
			}
			sameStrings(t, "speakers", speakers(res.Messages), []string{"coder", "tester"})
			calls := client.Calls()
			if len(calls) != 2 {
				t.Fatalf("%d selector calls, want 2", len(calls))
			}
			frame := func(p string) string {
				if tc.system {
					return "System: " + p
				}
				return "User(user): " + p
			}
			want1 := selectorPrompt(threeRoles, "['planner', 'coder', 'tester']", "user: Build a tool.\n\n")
			want2 := selectorPrompt(threeRoles, "['planner', 'tester']",
				"user: Build a tool.\n\n"+"\n"+"coder: def f(): pass\n\n")
			sameStrings(t, "first selection", llmTexts(calls[0].Messages), []string{frame(want1)})
			sameStrings(t, "second selection", llmTexts(calls[1].Messages), []string{frame(want2)})
		})
	}
}

// TestSelectorRetries: the model's answer must mention exactly one
// participant, not the previous speaker; after each bad answer the
// conversation grows by the answer (AssistantMessage from "selector") and
// AutoGen's feedback (UserMessage from "user").
func TestSelectorRetries(t *testing.T) {
	team, client := selectorTeam(t, []string{"planner", "coder", "tester"}, threeDescs,
		map[string][]string{"coder": {"code"}, "tester": {"tested"}},
		nil, teams.Options{MaxTurns: 2}, teams.SelectorOptions{},
		"nobody here", "planner or coder", "coder", "coder", "tester")
	res, err := team.Run(context.Background(), agentchat.TextTask("Build a tool."))
	if err != nil {
		t.Fatal(err)
	}
	sameStrings(t, "speakers", speakers(res.Messages), []string{"coder", "tester"})
	calls := client.Calls()
	if len(calls) != 5 {
		t.Fatalf("%d selector calls, want 5", len(calls))
	}
	prompt1 := selectorPrompt(threeRoles, "['planner', 'coder', 'tester']", "user: Build a tool.\n\n")
	sameStrings(t, "third attempt", llmTexts(calls[2].Messages), []string{
		"User(user): " + prompt1,
		"Assistant(selector): nobody here",
		"User(user): No valid name was mentioned. Please select from: ['planner', 'coder', 'tester'].",
		"Assistant(selector): planner or coder",
		"User(user): Expected exactly one name to be mentioned. Please select only one from: ['planner', 'coder', 'tester'].",
	})
	prompt2 := selectorPrompt(threeRoles, "['planner', 'tester']", "user: Build a tool.\n\n\ncoder: code\n\n")
	sameStrings(t, "second selection, second attempt", llmTexts(calls[4].Messages), []string{
		"User(user): " + prompt2,
		"Assistant(selector): coder",
		"User(user): Repeated speaker is not allowed, please select a different name from: ['planner', 'tester'].",
	})
}

// TestSelectorFallback: after max_selector_attempts bad answers the
// speaker is the previous speaker, or, with none, the first candidate --
// even when the previous speaker may not repeat.
func TestSelectorFallback(t *testing.T) {
	team, client := selectorTeam(t, []string{"planner", "coder", "tester"}, threeDescs,
		map[string][]string{"planner": {"p1", "p2"}},
		nil, teams.Options{MaxTurns: 2}, teams.SelectorOptions{MaxSelectorAttempts: 2}, "x", "y", "zzz", "zzz")
	res, err := team.Run(context.Background(), agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	sameStrings(t, "speakers", speakers(res.Messages), []string{"planner", "planner"})
	if n := len(client.Calls()); n != 4 {
		t.Errorf("%d selector calls, want 2 attempts per selection", n)
	}
}

// TestSelectorOneCandidate: with two participants and
// allow_repeated_speaker False, after the first turn the only candidate
// is the other participant: no model call is made.
func TestSelectorOneCandidate(t *testing.T) {
	team, client := selectorTeam(t, []string{"planner", "coder"}, nil,
		map[string][]string{"planner": {"p"}, "coder": {"c1", "c2"}},
		nil, teams.Options{MaxTurns: 3}, teams.SelectorOptions{}, "coder")
	res, err := team.Run(context.Background(), agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	sameStrings(t, "speakers", speakers(res.Messages), []string{"coder", "planner", "coder"})
	if n := len(client.Calls()); n != 1 {
		t.Errorf("%d selector calls, want 1", n)
	}
	// With allow_repeated_speaker every participant stays a candidate.
	team, client = selectorTeam(t, []string{"planner", "coder"}, nil,
		map[string][]string{"coder": {"c1", "c2"}},
		nil, teams.Options{MaxTurns: 2}, teams.SelectorOptions{AllowRepeatedSpeaker: true}, "coder", "coder")
	res, err = team.Run(context.Background(), agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	sameStrings(t, "repeated speakers", speakers(res.Messages), []string{"coder", "coder"})
	if calls := client.Calls(); len(calls) != 2 || !strings.Contains(llmText(calls[1].Messages[0]), "from ['planner', 'coder'] to play") {
		t.Errorf("with allow_repeated_speaker: %d calls, want 2 with both candidates", len(calls))
	}
}

// TestSelectorMentions checks _mentioned_agents: a name matches as
// itself, with spaces for its underscores, or with "\_" for them, between
// non-word characters (the content padded with spaces), case-sensitively;
// a name counts once however often it is mentioned.
func TestSelectorMentions(t *testing.T) {
	names := []string{"writer", "rewriter", "story_writer"}
	const all = "['writer', 'rewriter', 'story_writer']"
	noName := "No valid name was mentioned. Please select from: " + all + "."
	several := "Expected exactly one name to be mentioned. Please select only one from: " + all + "."
	for _, tc := range []struct {
		answer   string
		speaker  string
		feedback string // when the answer is refused (the next answer is "rewriter")
	}{
		{"writer", "writer", ""},
		{"rewriter", "rewriter", ""}, // "writer" inside "rewriter" is not a mention
		{"writer.", "writer", ""},
		{"I choose: writer\n", "writer", ""},
		{"(story_writer)", "story_writer", ""},
		{`story\_writer`, "story_writer", ""}, // "writer" follows "_", a word character
		{"the rewriter, the rewriter", "rewriter", ""},
		{"story writer", "rewriter", several}, // both "story writer" and "writer"
		{"Writer", "rewriter", noName},
		{"writers", "rewriter", noName},
		{"story_writers", "rewriter", noName},
		{"writer or rewriter", "rewriter", several},
	} {
		t.Run(tc.answer, func(t *testing.T) {
			texts := map[string][]string{"writer": {"w"}, "rewriter": {"r"}, "story_writer": {"s"}}
			team, client := selectorTeam(t, names, nil, texts, nil, teams.Options{MaxTurns: 1}, teams.SelectorOptions{},
				tc.answer, "rewriter")
			res, err := team.Run(context.Background(), agentchat.TextTask("go"))
			if err != nil {
				t.Fatal(err)
			}
			sameStrings(t, "speakers", speakers(res.Messages), []string{tc.speaker})
			calls := client.Calls()
			if tc.feedback == "" {
				if len(calls) != 1 {
					t.Errorf("%d calls, want 1", len(calls))
				}
				return
			}
			if len(calls) != 2 {
				t.Fatalf("%d calls, want 2", len(calls))
			}
			if got := llmText(calls[1].Messages[len(calls[1].Messages)-1]); got != "User(user): "+tc.feedback {
				t.Errorf("feedback %q, want %q", got, tc.feedback)
			}
		})
	}
}

// TestSelectorFuncAndCandidates: a selector function's name is taken
// without a model call (and, as in AutoGen, does not become the previous
// speaker); returning "" (None) leaves the choice to the model. A
// candidate function narrows the prompt's participants, but not its roles
// nor the names the answer is checked against; one candidate needs no
// model call.
func TestSelectorFuncAndCandidates(t *testing.T) {
	two := []string{"planner", "coder"}
	t.Run("selector func", func(t *testing.T) {
		var lens []int
		sel := func(_ context.Context, thread []messages.Message) (string, error) {
			lens = append(lens, len(thread))
			if len(thread) == 1 {
				return "coder", nil
			}
			return "", nil
		}
		team, client := selectorTeam(t, two, nil, map[string][]string{"coder": {"c"}, "planner": {"p"}},
			nil, teams.Options{MaxTurns: 2}, teams.SelectorOptions{SelectorFunc: sel}, "planner")
		res, err := team.Run(context.Background(), agentchat.TextTask("go"))
		if err != nil {
			t.Fatal(err)
		}
		sameStrings(t, "speakers", speakers(res.Messages), []string{"coder", "planner"})
		calls := client.Calls()
		if len(calls) != 1 {
			t.Fatalf("%d selector calls, want 1", len(calls))
		}
		// The previous speaker is still None: both are candidates.
		want := selectorPrompt("planner: "+"An agent that provides assistance with ability to use tools.\n"+
			"coder: An agent that provides assistance with ability to use tools.",
			"['planner', 'coder']", "user: go\n\n\ncoder: c\n\n")
		sameStrings(t, "prompt", llmTexts(calls[0].Messages), []string{"User(user): " + want})
		if len(lens) != 2 || lens[0] != 1 || lens[1] != 2 {
			t.Errorf("thread lengths %v, want [1 2]", lens)
		}
	})
	t.Run("candidate func", func(t *testing.T) {
		cand := func(context.Context, []messages.Message) ([]string, error) { return []string{"coder", "tester"}, nil }
		team, client := selectorTeam(t, []string{"planner", "coder", "tester"}, threeDescs,
			map[string][]string{"tester": {"t"}, "planner": {"p"}},
			nil, teams.Options{MaxTurns: 2}, teams.SelectorOptions{CandidateFunc: cand}, "tester", "planner")
		res, err := team.Run(context.Background(), agentchat.TextTask("go"))
		if err != nil {
			t.Fatal(err)
		}
		// The second answer, planner, is not a candidate but a
		// participant: AutoGen accepts it.
		sameStrings(t, "speakers", speakers(res.Messages), []string{"tester", "planner"})
		calls := client.Calls()
		if len(calls) != 2 {
			t.Fatalf("%d selector calls, want 2", len(calls))
		}
		sameStrings(t, "prompt", llmTexts(calls[0].Messages),
			[]string{"User(user): " + selectorPrompt(threeRoles, "['coder', 'tester']", "user: go\n\n")})
	})
	t.Run("one candidate", func(t *testing.T) {
		cand := func(context.Context, []messages.Message) ([]string, error) { return []string{"coder"}, nil }
		team, client := selectorTeam(t, two, nil, map[string][]string{"coder": {"c1", "c2"}},
			nil, teams.Options{MaxTurns: 2}, teams.SelectorOptions{CandidateFunc: cand})
		res, err := team.Run(context.Background(), agentchat.TextTask("go"))
		if err != nil {
			t.Fatal(err)
		}
		sameStrings(t, "speakers", speakers(res.Messages), []string{"coder", "coder"})
		if n := len(client.Calls()); n != 0 {
			t.Errorf("%d selector calls, want 0", n)
		}
	})
}

// selectorFuncErrors are the ValueErrors of select_speaker for a bad
// selector or candidate function, given when the function is called for
// the turn numbered at (1: the first selection).
func selectorFuncErrors(at int) []struct {
	name  string
	sopts teams.SelectorOptions
	want  string
} {
	calls := 0
	bad := func(name string, names []string) (func(context.Context, []messages.Message) (string, error), func(context.Context, []messages.Message) ([]string, error)) {
		return func(context.Context, []messages.Message) (string, error) {
				calls++
				if calls == at {
					return name, nil
				}
				return "planner", nil
			}, func(context.Context, []messages.Message) ([]string, error) {
				calls++
				if calls == at {
					return names, nil
				}
				return []string{"planner"}, nil
			}
	}
	sel, _ := bad("ghost", nil)
	_, empty := bad("", []string{})
	_, invalid := bad("", []string{"ghost"})
	return []struct {
		name  string
		sopts teams.SelectorOptions
		want  string
	}{
		{"selector func", teams.SelectorOptions{SelectorFunc: sel},
			"Selector function returned an invalid speaker name: ghost. Expected one of: ['planner', 'coder']."},
		{"empty candidates", teams.SelectorOptions{CandidateFunc: empty},
			"Candidate function must return a non-empty list of participant names."},
		{"invalid candidates", teams.SelectorOptions{CandidateFunc: invalid},
			"Candidate function returned invalid participant names: ['ghost']. Expected one of: ['planner', 'coder']."},
	}
}

// TestSelectorFuncErrorsAtStart: raised by the first select_speaker,
// within the manager's handle_start (an RPC the team's run awaits), the
// ValueError reaches the caller of run as it is.
func TestSelectorFuncErrorsAtStart(t *testing.T) {
	for i := range selectorFuncErrors(1) {
		tc := selectorFuncErrors(1)[i] // fresh counters per case
		t.Run(tc.name, func(t *testing.T) {
			team, _ := selectorTeam(t, []string{"planner", "coder"}, nil, nil, nil, teams.Options{MaxTurns: 3}, tc.sopts)
			_, err := team.Run(context.Background(), agentchat.TextTask("go"))
			wantRunError(t, err, "ValueError", tc.want)
		})
	}
}

// TestSelectorFuncErrorsLater: raised by a later select_speaker (from
// handle_agent_response), the error ends the run as
// RuntimeError(str(SerializableException)), "ValueError: <message>"
// (AutoGen adds a traceback to the text).
func TestSelectorFuncErrorsLater(t *testing.T) {
	for i := range selectorFuncErrors(2) {
		tc := selectorFuncErrors(2)[i]
		t.Run(tc.name, func(t *testing.T) {
			team, _ := selectorTeam(t, []string{"planner", "coder"}, nil, map[string][]string{"planner": {"p"}}, nil,
				teams.Options{MaxTurns: 3}, tc.sopts)
			_, err := team.Run(context.Background(), agentchat.TextTask("go"))
			var re *agentchat.RunError
			if !errors.As(err, &re) || re.Exception != "RuntimeError" || !strings.HasPrefix(re.Message, "ValueError: "+tc.want) {
				t.Errorf("err = %v\nwant RuntimeError: ValueError: %s", err, tc.want)
			}
		})
	}
}

// TestSelectorStateRoundTrip checks SelectorManagerState (type, version,
// message_thread, current_turn, previous_speaker) and that loading it
// restores the previous speaker and, as load_state does, the selector's
// model context from the thread's chat messages.
func TestSelectorStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	first, _ := selectorTeam(t, []string{"planner", "coder", "tester"}, threeDescs,
		map[string][]string{"coder": {"code"}}, nil, teams.Options{MaxTurns: 1}, teams.SelectorOptions{}, "coder")
	if _, err := first.Run(ctx, agentchat.TextTask("Build a tool.")); err != nil {
		t.Fatal(err)
	}
	st, err := first.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ms := managerState(t, st, "SelectorGroupChatManager")
	sameStrings(t, "keys", topKeys(t, ms), []string{"type", "version", "message_thread", "current_turn", "previous_speaker"})
	if !strings.HasPrefix(string(ms), `{"type":"SelectorManagerState","version":"1.0.0","message_thread":[`) ||
		!strings.HasSuffix(string(ms), `],"current_turn":0,"previous_speaker":"coder"}`) {
		t.Errorf("state %s", ms)
	}
	second, client := selectorTeam(t, []string{"planner", "coder", "tester"}, threeDescs,
		map[string][]string{"tester": {"tested"}}, nil, teams.Options{MaxTurns: 1}, teams.SelectorOptions{}, "tester")
	if err := second.LoadState(ctx, st); err != nil {
		t.Fatal(err)
	}
	res, err := second.Run(ctx, agentchat.Task{})
	if err != nil {
		t.Fatal(err)
	}
	sameStrings(t, "speakers", speakers(res.Messages), []string{"tester"})
	sameStrings(t, "prompt after a load", llmTexts(client.Calls()[0].Messages), []string{"User(user): " +
		selectorPrompt(threeRoles, "['planner', 'tester']", "user: Build a tool.\n\n\ncoder: code\n\n")})
}

// TestSelectorParticipants: SelectorGroupChat needs two participants
// (BaseGroupChat's check for none comes first).
func TestSelectorParticipants(t *testing.T) {
	a, _ := textAgent(t, "a", "")
	for _, tc := range []struct {
		name string
		ps   []teams.Participant
		want string
	}{
		{"none", nil, "At least one participant is required."},
		{"one", []teams.Participant{a}, "At least two participants are required for SelectorGroupChat."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := teams.NewSelectorGroupChat(tc.ps, replay.New(nil), teams.Options{}, teams.SelectorOptions{})
			wantRunError(t, err, "ValueError", tc.want)
		})
	}
}
