package teams_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// The orchestrator's prompts, str.format templates.
const (
	// ORCHESTRATOR_TASK_LEDGER_FACTS_PROMPT, copied from _magentic_one/_prompts.py.
	m1FactsPrompt = "Below I will present you a request. Before we begin addressing the request, please answer the following pre-survey to the best of your ability. Keep in mind that you are Ken Jennings-level with trivia, and Mensa-level with puzzles, so there should be a deep well to draw from.\n\nHere is the request:\n\n{task}\n\nHere is the pre-survey:\n\n    1. Please list any specific facts or figures that are GIVEN in the request itself. It is possible that there are none.\n    2. Please list any facts that may need to be looked up, and WHERE SPECIFICALLY they might be found. In some cases, authoritative sources are mentioned in the request itself.\n    3. Please list any facts that may need to be derived (e.g., via logical deduction, simulation, or computation)\n    4. Please list any facts that are recalled from memory, hunches, well-reasoned guesses, etc.\n\nWhen answering this survey, keep in mind that \"facts\" will typically be specific names, dates, statistics, etc. Your answer should use headings:\n\n    1. GIVEN OR VERIFIED FACTS\n    2. FACTS TO LOOK UP\n    3. FACTS TO DERIVE\n    4. EDUCATED GUESSES\n\nDO NOT include any other headings or sections in your response. DO NOT list next steps or plans until asked to do so.\n"
	// ORCHESTRATOR_TASK_LEDGER_PLAN_PROMPT, copied from _magentic_one/_prompts.py.
	m1PlanPrompt = "Fantastic. To address this request we have assembled the following team:\n\n{team}\n\nBased on the team composition, and known and unknown facts, please devise a short bullet-point plan for addressing the original request. Remember, there is no requirement to involve all team members -- a team member's particular expertise may not be needed for this task."
	// ORCHESTRATOR_TASK_LEDGER_FULL_PROMPT, copied from _magentic_one/_prompts.py.
	m1FullPrompt = "\nWe are working to address the following user request:\n\n{task}\n\n\nTo answer this request we have assembled the following team:\n\n{team}\n\n\nHere is an initial fact sheet to consider:\n\n{facts}\n\n\nHere is the plan to follow as best as possible:\n\n{plan}\n"
	// ORCHESTRATOR_PROGRESS_LEDGER_PROMPT, copied from _magentic_one/_prompts.py.
	m1ProgressPrompt = "\nRecall we are working on the following request:\n\n{task}\n\nAnd we have assembled the following team:\n\n{team}\n\nTo make progress on the request, please answer the following questions, including necessary reasoning:\n\n    - Is the request fully satisfied? (True if complete, or False if the original request has yet to be SUCCESSFULLY and FULLY addressed)\n    - Are we in a loop where we are repeating the same requests and / or getting the same responses as before? Loops can span multiple turns, and can include repeated actions like scrolling up or down more than a handful of times.\n    - Are we making forward progress? (True if just starting, or recent messages are adding value. False if recent messages show evidence of being stuck in a loop or if there is evidence of significant barriers to success such as the inability to read from a required file)\n    - Who should speak next? (select from: {names})\n    - What instruction or question would you give this team member? (Phrase as if speaking directly to them, and include any specific information they may need)\n\nPlease output an answer in pure JSON format according to the following schema. The JSON object must be parsable as-is. DO NOT OUTPUT ANYTHING OTHER THAN JSON, AND DO NOT DEVIATE FROM THIS SCHEMA:\n\n    {{\n       \"is_request_satisfied\": {{\n            \"reason\": string,\n            \"answer\": boolean\n        }},\n        \"is_in_loop\": {{\n            \"reason\": string,\n            \"answer\": boolean\n        }},\n        \"is_progress_being_made\": {{\n            \"reason\": string,\n            \"answer\": boolean\n        }},\n        \"next_speaker\": {{\n            \"reason\": string,\n            \"answer\": string (select from: {names})\n        }},\n        \"instruction_or_question\": {{\n            \"reason\": string,\n            \"answer\": string\n        }}\n    }}\n"
	// ORCHESTRATOR_TASK_LEDGER_FACTS_UPDATE_PROMPT, copied from _magentic_one/_prompts.py.
	m1FactsUpdatePrompt = "As a reminder, we are working to solve the following task:\n\n{task}\n\nIt's clear we aren't making as much progress as we would like, but we may have learned something new. Please rewrite the following fact sheet, updating it to include anything new we have learned that may be helpful. Example edits can include (but are not limited to) adding new guesses, moving educated guesses to verified facts if appropriate, etc. Updates may be made to any section of the fact sheet, and more than one section of the fact sheet can be edited. This is an especially good time to update educated guesses, so please at least add or update one educated guess or hunch, and explain your reasoning.\n\nHere is the old fact sheet:\n\n{facts}\n"
	// ORCHESTRATOR_TASK_LEDGER_PLAN_UPDATE_PROMPT, copied from _magentic_one/_prompts.py.
	m1PlanUpdatePrompt = "Please briefly explain what went wrong on this last run (the root cause of the failure), and then come up with a new plan that takes steps and/or includes hints to overcome prior challenges and especially avoids repeating the same mistakes. As before, the new plan should be concise, be expressed in bullet-point form, and consider the following team composition (do not involve any other outside people since we cannot contact anyone else):\n\n{team}\n"
	// ORCHESTRATOR_FINAL_ANSWER_PROMPT, copied from _magentic_one/_prompts.py.
	m1FinalPrompt = "\nWe are working on the following task:\n{task}\n\nWe have completed the task.\n\nThe above messages contain the conversation that took place to complete the task.\n\nBased on the information gathered, provide the final answer to the original request.\nThe answer should be phrased as if you were speaking to the user.\n"
)

// pyFmt is str.format for the templates above: "{name}" is replaced by
// kv[name], "{{" and "}}" are "{" and "}".
func pyFmt(t testing.TB, tmpl string, kv map[string]string) string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		switch {
		case c == '{' && i+1 < len(tmpl) && tmpl[i+1] == '{':
			b.WriteByte('{')
			i++
		case c == '}' && i+1 < len(tmpl) && tmpl[i+1] == '}':
			b.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(tmpl[i:], '}')
			v, ok := kv[tmpl[i+1:i+end]]
			if !ok {
				t.Fatalf("no value for {%s}", tmpl[i+1:i+end])
			}
			b.WriteString(v)
			i += end
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

const (
	m1Name = "MagenticOneOrchestrator"
	m1Task = "Say hi in Python."
	// m1Team is the team description: "name: description" per
	// participant, joined by newlines, stripped.
	m1Team = "web: Browses the web.\ncoder: Writes code."
	// m1Names is ", ".join(participant_names).
	m1Names = "web, coder"
)

// m1Ledger is a progress ledger in JSON, the five entries of LedgerEntry.
func m1Ledger(satisfied bool, reason string, progress, loop bool, next, instruction string) string {
	entry := func(reason string, answer any) map[string]any {
		return map[string]any{"reason": reason, "answer": answer}
	}
	b, _ := json.Marshal(map[string]any{
		"is_request_satisfied":    entry(reason, satisfied),
		"is_in_loop":              entry("loop?", loop),
		"is_progress_being_made":  entry("progress?", progress),
		"next_speaker":            entry("who?", next),
		"instruction_or_question": entry("what?", instruction),
	})
	return string(b)
}

// m1Build builds the team: web and coder (coder answers coderTexts), the
// orchestrator's replay client (family "unknown": no structured output,
// no JSON mode) answering orchestrator.
func m1Build(t testing.TB, mopts teams.MagenticOneOptions, coderTexts []string, orchestrator ...string) (*teams.MagenticOneGroupChat, *replay.Client, *replay.Client) {
	t.Helper()
	web, _ := textAgent(t, "web", "Browses the web.")
	coder, coderClient := textAgent(t, "coder", "Writes code.", coderTexts...)
	client := replay.New(replay.Texts(orchestrator...))
	team, err := teams.NewMagenticOneGroupChat([]teams.Participant{web, coder}, client, teams.Options{}, mopts)
	if err != nil {
		t.Fatal(err)
	}
	return team, client, coderClient
}

func m1Prompts(t testing.TB, facts, plan string) (factsP, planP, full, progress, final string) {
	factsP = pyFmt(t, m1FactsPrompt, map[string]string{"task": m1Task})
	planP = pyFmt(t, m1PlanPrompt, map[string]string{"team": m1Team})
	full = pyFmt(t, m1FullPrompt, map[string]string{"task": m1Task, "team": m1Team, "facts": facts, "plan": plan})
	progress = pyFmt(t, m1ProgressPrompt, map[string]string{"task": m1Task, "team": m1Team, "names": m1Names})
	final = pyFmt(t, m1FinalPrompt, map[string]string{"task": m1Task})
	return
}

func asst(s string) string     { return "Assistant(" + m1Name + "): " + s }
func orchUser(s string) string { return "User(" + m1Name + "): " + s }
func orchMsg(s string) string  { return m1Name + ":TextMessage(" + s + ")" }

// TestMagenticOneSequence follows the orchestrator: facts, plan, the task
// ledger said to all, a progress ledger naming the next speaker and its
// instruction, the speaker's answer, a satisfied ledger, the final
// answer; the stop reason is the satisfied entry's reason. The ledger is
// read from plain JSON, from a ```json fenced block, or from a fenced
// block without a language (extract_json_from_str).
func TestMagenticOneSequence(t *testing.T) {
	l1 := m1Ledger(false, "not yet", true, false, "coder", "Write the code.")
	l2 := m1Ledger(true, "The code was written.", true, false, "coder", "none")
	for _, tc := range []struct {
		name string
		wrap func(string) string
	}{
		{"plain JSON", func(s string) string { return s }},
		{"json fence", func(s string) string { return "Here is the ledger:\n```json\n" + s + "\n```\nDone." }},
		{"bare fence", func(s string) string { return "```\n" + s + "\n```" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			team, client, coderClient := m1Build(t, teams.MagenticOneOptions{}, []string{"print('hi')"},
				"FACTS", "PLAN", tc.wrap(l1), tc.wrap(l2), "FINAL")
			res, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
			if err != nil {
				t.Fatal(err)
			}
			factsP, planP, full, progress, final := m1Prompts(t, "FACTS", "PLAN")
			sameStrings(t, "messages", strings.Split(brief(res.Messages), " | "), []string{
				"user:TextMessage(" + m1Task + ")", orchMsg(full), orchMsg("Write the code."),
				"coder:TextMessage(print('hi'))", orchMsg("FINAL"),
			})
			if res.StopReason == nil || *res.StopReason != "The code was written." {
				t.Errorf("stop reason %v", res.StopReason)
			}
			calls := client.Calls()
			if len(calls) != 5 {
				t.Fatalf("%d orchestrator calls, want 5", len(calls))
			}
			turn := []string{asst(full), asst("Write the code."), "User(coder): print('hi')"}
			for i, want := range [][]string{
				{orchUser(factsP)},
				{orchUser(factsP), asst("FACTS"), orchUser(planP)},
				{asst(full), orchUser(progress)},
				append(append([]string{}, turn...), orchUser(progress)),
				append(append([]string{}, turn...), orchUser(final)),
			} {
				sameStrings(t, fmt.Sprintf("call %d", i), llmTexts(calls[i].Messages), want)
			}
			for i := 2; i <= 3; i++ {
				if o := calls[i].Options; o.JSONOutput != nil || o.OutputType != nil {
					t.Errorf("ledger call %d asks for JSON output (%v, %v) of a model without it", i, o.JSONOutput, o.OutputType)
				}
			}
			// The coder was given the task ledger and its instruction.
			sameStrings(t, "coder's call", llmTexts(coderClient.Calls()[0].Messages), []string{
				"System: " + agents.DefaultAssistantSystemMessage, orchUser(full), orchUser("Write the code."),
			})
		})
	}
}

// TestMagenticOneLedgerRetries: a ledger that is not JSON
// (JSONDecodeError), not a dict (TypeError), or lacks an entry is asked
// for again with the same conversation.
func TestMagenticOneLedgerRetries(t *testing.T) {
	l1 := m1Ledger(false, "not yet", true, false, "coder", "Write the code.")
	l2 := m1Ledger(true, "Done.", true, false, "coder", "none")
	var missing map[string]any
	if err := json.Unmarshal([]byte(l1), &missing); err != nil {
		t.Fatal(err)
	}
	delete(missing, "is_in_loop")
	noLoop, _ := json.Marshal(missing)
	for _, bad := range []string{
		"not json at all",
		"{'is_request_satisfied': True}", // Python's repr is not JSON
		"[1, 2]",
		`{"is_request_satisfied": "yes"}`,
		string(noLoop),
	} {
		t.Run(bad, func(t *testing.T) {
			team, client, _ := m1Build(t, teams.MagenticOneOptions{}, []string{"print('hi')"},
				"FACTS", "PLAN", bad, l1, l2, "FINAL")
			res, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
			if err != nil {
				t.Fatal(err)
			}
			if got := brief(res.Messages); !strings.HasSuffix(got, "coder:TextMessage(print('hi')) | "+orchMsg("FINAL")) {
				t.Errorf("messages %s", got)
			}
			calls := client.Calls()
			if len(calls) != 6 {
				t.Fatalf("%d orchestrator calls, want 6", len(calls))
			}
			sameStrings(t, "retried call", llmTexts(calls[3].Messages), llmTexts(calls[2].Messages))
		})
	}
}

const ledgerFailed = "Failed to parse ledger information after multiple retries."

// TestMagenticOneInvalidSpeakerAtStart: a next_speaker that is not a
// participant sets key_error and breaks out of the retry loop at once:
// ValueError after one ledger call. The first step runs within the
// manager's handle_start (an RPC the team's run awaits), so run raises
// the ValueError as it is.
func TestMagenticOneInvalidSpeakerAtStart(t *testing.T) {
	team, client, _ := m1Build(t, teams.MagenticOneOptions{}, nil,
		"FACTS", "PLAN", m1Ledger(false, "r", true, false, "nobody", "i"), m1Ledger(false, "r", true, false, "coder", "i"))
	_, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
	wantRunError(t, err, "ValueError", ledgerFailed)
	if n := len(client.Calls()); n != 3 {
		t.Errorf("%d orchestrator calls, want 3 (no retry)", n)
	}
}

// TestMagenticOneLedgerFailsLater: the same failures in a later step
// (from handle_agent_response) end the run as
// RuntimeError(str(SerializableException)), "ValueError: <message>"
// (AutoGen adds a traceback): an invalid next speaker at once, ten bad
// ledgers after max_json_retries (10) attempts.
func TestMagenticOneLedgerFailsLater(t *testing.T) {
	l1 := m1Ledger(false, "r", true, false, "coder", "Write the code.")
	tenBad := make([]string, 10)
	for i := range tenBad {
		tenBad[i] = "not json"
	}
	for _, tc := range []struct {
		name   string
		after  []string
		nCalls int
	}{
		{"invalid speaker", []string{m1Ledger(false, "r", true, false, "nobody", "i"), l1}, 4},
		{"retries exhausted", append(tenBad, l1), 13},
	} {
		t.Run(tc.name, func(t *testing.T) {
			team, client, _ := m1Build(t, teams.MagenticOneOptions{}, []string{"print('hi')"},
				append([]string{"FACTS", "PLAN", l1}, tc.after...)...)
			_, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
			var re *agentchat.RunError
			if !errors.As(err, &re) || re.Exception != "RuntimeError" || !strings.HasPrefix(re.Message, "ValueError: "+ledgerFailed) {
				t.Errorf("err = %v, want RuntimeError: ValueError: %s", err, ledgerFailed)
			}
			if n := len(client.Calls()); n != tc.nCalls {
				t.Errorf("%d orchestrator calls, want %d", n, tc.nCalls)
			}
		})
	}
}

// TestMagenticOneStalls: with max_stalls 1, a stalled round (no progress,
// or in a loop) makes the orchestrator rewrite the facts and the plan
// from the conversation, reset the participants and its thread, and say
// the new task ledger; the participants start afresh.
func TestMagenticOneStalls(t *testing.T) {
	for _, tc := range []struct {
		name           string
		progress, loop bool
	}{
		{"no progress", false, false},
		{"in a loop", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			team, client, coderClient := m1Build(t, teams.MagenticOneOptions{MaxStalls: 1}, []string{"v1", "v2"},
				"FACTS", "PLAN",
				m1Ledger(false, "r", true, false, "coder", "Write it."),
				m1Ledger(false, "r", tc.progress, tc.loop, "coder", "unused"),
				"FACTS2", "PLAN2",
				m1Ledger(false, "r", true, false, "coder", "Write it again."),
				m1Ledger(true, "Done.", true, false, "coder", "none"),
				"FINAL")
			res, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
			if err != nil {
				t.Fatal(err)
			}
			_, _, full1, progress, final := m1Prompts(t, "FACTS", "PLAN")
			full2 := pyFmt(t, m1FullPrompt, map[string]string{"task": m1Task, "team": m1Team, "facts": "FACTS2", "plan": "PLAN2"})
			factsUpdate := pyFmt(t, m1FactsUpdatePrompt, map[string]string{"task": m1Task, "facts": "FACTS"})
			planUpdate := pyFmt(t, m1PlanUpdatePrompt, map[string]string{"team": m1Team})
			sameStrings(t, "messages", strings.Split(brief(res.Messages), " | "), []string{
				"user:TextMessage(" + m1Task + ")", orchMsg(full1), orchMsg("Write it."), "coder:TextMessage(v1)",
				orchMsg(full2), orchMsg("Write it again."), "coder:TextMessage(v2)", orchMsg("FINAL"),
			})
			if res.StopReason == nil || *res.StopReason != "Done." {
				t.Errorf("stop reason %v", res.StopReason)
			}
			calls := client.Calls()
			if len(calls) != 9 {
				t.Fatalf("%d orchestrator calls, want 9", len(calls))
			}
			round1 := []string{asst(full1), asst("Write it."), "User(coder): v1"}
			round2 := []string{asst(full2), asst("Write it again."), "User(coder): v2"}
			with := func(base []string, more ...string) []string { return append(append([]string{}, base...), more...) }
			for i, want := range map[int][]string{
				3: with(round1, orchUser(progress)),
				4: with(round1, orchUser(factsUpdate)),
				5: with(round1, orchUser(factsUpdate), asst("FACTS2"), orchUser(planUpdate)),
				6: {asst(full2), orchUser(progress)},
				7: with(round2, orchUser(progress)),
				8: with(round2, orchUser(final)),
			} {
				sameStrings(t, fmt.Sprintf("call %d", i), llmTexts(calls[i].Messages), want)
			}
			// The coder was reset before the new task ledger: its second
			// call starts afresh.
			sameStrings(t, "coder's second call", llmTexts(coderClient.Calls()[1].Messages), []string{
				"System: " + agents.DefaultAssistantSystemMessage, orchUser(full2), orchUser("Write it again."),
			})
			// MagenticOneOrchestratorState: four rounds; the stall count
			// went 0, 1 (re-plan), 0 (max(0, 1 - 1)); the satisfied round
			// does not count stalls.
			st, err := team.SaveState(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			ms := managerState(t, st, m1Name)
			sameStrings(t, "state keys", topKeys(t, ms), []string{"type", "version", "message_thread", "current_turn",
				"task", "facts", "plan", "n_rounds", "n_stalls"})
			var s struct {
				Type, Version, Task, Facts, Plan string
				MessageThread                    []json.RawMessage `json:"message_thread"`
				CurrentTurn                      int64             `json:"current_turn"`
				NRounds                          int64             `json:"n_rounds"`
				NStalls                          int64             `json:"n_stalls"`
			}
			if err := json.Unmarshal(ms, &s); err != nil {
				t.Fatal(err)
			}
			// The thread since the re-plan: the new ledger, the
			// instruction, the coder's answer, the final answer.
			if s.Type != "MagenticOneOrchestratorState" || s.Version != "1.0.0" || s.Task != m1Task || s.Facts != "FACTS2" ||
				s.Plan != "PLAN2" || len(s.MessageThread) != 4 || s.CurrentTurn != 0 || s.NRounds != 4 || s.NStalls != 0 {
				t.Errorf("state %s", ms)
			}
		})
	}
}

// TestMagenticOneMaxTurns: max_turns bounds the rounds with
// "n_rounds > max_turns", checked before n_rounds is counted: max_turns 1
// allows two rounds, then the final answer with "Max rounds reached.".
// n_rounds is not reset by a new run (only by reset()), so the next run
// goes from its task ledger to the final answer. With emit_team_events a
// SelectSpeakerEvent follows each instruction.
func TestMagenticOneMaxTurns(t *testing.T) {
	web, _ := textAgent(t, "web", "Browses the web.")
	coder, _ := textAgent(t, "coder", "Writes code.", "v1", "v2")
	client := replay.New(replay.Texts("FACTS", "PLAN",
		m1Ledger(false, "r", true, false, "coder", "Write it."),
		m1Ledger(false, "r", true, false, "coder", "Again."),
		"FINAL", "FACTS3", "PLAN3", "FINAL2"))
	team, err := teams.NewMagenticOneGroupChat([]teams.Participant{web, coder}, client,
		teams.Options{MaxTurns: 1, EmitTeamEvents: true}, teams.MagenticOneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
	if err != nil {
		t.Fatal(err)
	}
	_, _, full, _, final := m1Prompts(t, "FACTS", "PLAN")
	sameStrings(t, "messages", strings.Split(brief(res.Messages), " | "), []string{
		"user:TextMessage(" + m1Task + ")", orchMsg(full),
		orchMsg("Write it."), m1Name + ":SelectSpeakerEvent", "coder:TextMessage(v1)",
		orchMsg("Again."), m1Name + ":SelectSpeakerEvent", "coder:TextMessage(v2)",
		orchMsg("FINAL"),
	})
	if res.StopReason == nil || *res.StopReason != "Max rounds reached." {
		t.Errorf("stop reason %v", res.StopReason)
	}
	calls := client.Calls()
	if len(calls) != 5 {
		t.Fatalf("%d orchestrator calls, want 5", len(calls))
	}
	sameStrings(t, "final call", llmTexts(calls[4].Messages), []string{
		asst(full), asst("Write it."), "User(coder): v1", asst("Again."), "User(coder): v2", orchUser(final),
	})

	const task2 = "And now in Go."
	res, err = team.Run(context.Background(), agentchat.TextTask(task2))
	if err != nil {
		t.Fatal(err)
	}
	full2 := pyFmt(t, m1FullPrompt, map[string]string{"task": task2, "team": m1Team, "facts": "FACTS3", "plan": "PLAN3"})
	sameStrings(t, "second run", strings.Split(brief(res.Messages), " | "), []string{
		"user:TextMessage(" + task2 + ")", orchMsg(full2), orchMsg("FINAL2"),
	})
	if res.StopReason == nil || *res.StopReason != "Max rounds reached." {
		t.Errorf("second stop reason %v", res.StopReason)
	}
	calls = client.Calls()
	if len(calls) != 8 {
		t.Fatalf("%d orchestrator calls, want 8", len(calls))
	}
	sameStrings(t, "second run's facts call", llmTexts(calls[5].Messages),
		[]string{orchUser(pyFmt(t, m1FactsPrompt, map[string]string{"task": task2}))})
	sameStrings(t, "second run's final call", llmTexts(calls[7].Messages), []string{
		asst(full2), orchUser(pyFmt(t, m1FinalPrompt, map[string]string{"task": task2})),
	})
}

// TestMagenticOneSingleAgentAndTermination: with one participant the
// ledger's next_speaker is set to it whatever the model says; the
// termination condition is checked with each answer's delta (not with
// the task: handle_start does not apply it), and stops the run without a
// final answer.
func TestMagenticOneSingleAgentAndTermination(t *testing.T) {
	coder, _ := textAgent(t, "coder", "Writes code.", "print('hi')")
	client := replay.New(replay.Texts("FACTS", "PLAN", m1Ledger(false, "r", true, false, "nobody", "Write it.")))
	team, err := teams.NewMagenticOneGroupChat([]teams.Participant{coder}, client,
		teams.Options{Termination: conditions.NewTextMention("hi", nil)}, teams.MagenticOneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(context.Background(), agentchat.TextTask(m1Task))
	if err != nil {
		t.Fatal(err)
	}
	full := pyFmt(t, m1FullPrompt, map[string]string{"task": m1Task, "team": "coder: Writes code.", "facts": "FACTS", "plan": "PLAN"})
	sameStrings(t, "messages", strings.Split(brief(res.Messages), " | "), []string{
		"user:TextMessage(" + m1Task + ")", orchMsg(full), orchMsg("Write it."), "coder:TextMessage(print('hi'))",
	})
	if res.StopReason == nil || *res.StopReason != "Text 'hi' mentioned" {
		t.Errorf("stop reason %v", res.StopReason)
	}
	if n := len(client.Calls()); n != 3 {
		t.Errorf("%d orchestrator calls, want 3", n)
	}
}

// TestMagenticOneLedgerOutputMode: the progress ledger is asked for as
// structured output (LedgerEntry) when model_info's structured_output is
// True, else in JSON mode when json_output is True; the other calls use
// neither.
func TestMagenticOneLedgerOutputMode(t *testing.T) {
	for _, tc := range []struct {
		name       string
		info       gen.ModelInfo
		structured bool
		jsonMode   bool
	}{
		{"structured output", gen.ModelInfo{Family: models.FamilyUnknown, StructuredOutput: true, JSONOutput: true}, true, false},
		{"json output", gen.ModelInfo{Family: models.FamilyUnknown, JSONOutput: true}, false, true},
		{"neither", gen.ModelInfo{Family: models.FamilyUnknown}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			coder, _ := textAgent(t, "coder", "Writes code.")
			client := replay.New(replay.Texts("FACTS", "PLAN", m1Ledger(true, "Done.", true, false, "coder", "none"), "FINAL"),
				replay.WithModelInfo(tc.info))
			team, err := teams.NewMagenticOneGroupChat([]teams.Participant{coder}, client, teams.Options{}, teams.MagenticOneOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := team.Run(context.Background(), agentchat.TextTask(m1Task)); err != nil {
				t.Fatal(err)
			}
			calls := client.Calls()
			if len(calls) != 4 {
				t.Fatalf("%d calls, want 4", len(calls))
			}
			for i, c := range calls {
				ledger := i == 2
				wantType := ledger && tc.structured
				wantJSON := ledger && tc.jsonMode
				if gotType := c.Options.OutputType == reflect.TypeFor[teams.LedgerEntry](); gotType != wantType ||
					(!wantType && c.Options.OutputType != nil) {
					t.Errorf("call %d: output type %v", i, c.Options.OutputType)
				}
				if gotJSON := c.Options.JSONOutput != nil && *c.Options.JSONOutput; gotJSON != wantJSON {
					t.Errorf("call %d: json output %v, want %v", i, c.Options.JSONOutput, wantJSON)
				}
			}
		})
	}
}

// TestMagenticOneTypeError: a team is not a ChatAgent.
func TestMagenticOneTypeError(t *testing.T) {
	a, _ := textAgent(t, "a", "")
	inner, err := teams.NewRoundRobinGroupChat([]teams.Participant{a}, teams.Options{Name: "inner"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = teams.NewMagenticOneGroupChat([]teams.Participant{inner}, replay.New(nil), teams.Options{}, teams.MagenticOneOptions{})
	var re *agentchat.RunError
	if !errors.As(err, &re) || re.Exception != "TypeError" || !strings.HasSuffix(re.Message, " must be a ChatAgent.") {
		t.Errorf("err = %v, want TypeError: Participant ... must be a ChatAgent.", err)
	}
}
