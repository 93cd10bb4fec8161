package agents_test

import (
	"context"
	"encoding/json"
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
	"github.com/agentschema/agentschema/pkg/tools"
)

// compAgent is an AssistantAgent answering texts, with its client.
func compAgent(t testing.TB, name, description string, texts ...string) (*agents.AssistantAgent, *replay.Client) {
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

// compBrief renders messages as "source:Type(text)", " | "-separated.
func compBrief(items []messages.Message) string {
	var out []string
	for _, m := range items {
		s := messages.Source(m) + ":" + m.Type()
		switch x := m.(type) {
		case *gen.TextMessage:
			s += "(" + x.Content + ")"
		case *gen.ToolCallSummaryMessage:
			s += "(" + x.Content + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, " | ")
}

// compLLM renders what a model was sent.
func compLLM(msgs []gen.LLMMessage) []string {
	var out []string
	for _, m := range msgs {
		switch x := m.(type) {
		case *gen.SystemMessage:
			out = append(out, "System: "+x.Content)
		case *gen.UserMessage:
			out = append(out, "User("+x.Source+"): "+x.Content.Text)
		case *gen.AssistantMessage:
			out = append(out, "Assistant("+x.Source+"): "+x.Content.Text)
		default:
			out = append(out, m.Type())
		}
	}
	return out
}

func compSame(t testing.TB, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n---\n") != strings.Join(want, "\n---\n") {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

// The SocietyOfMindAgent's defaults, from _society_of_mind_agent.py.
const (
	somInstruction = "Earlier you were asked to fulfill a request. You and your team worked diligently to address that request. Here is a transcript of that conversation:"
	somResponse    = "Output a standalone response to the original request, without mentioning any of the intermediate discussion."
	somDescription = "An agent that uses an inner team of agents to generate responses."
)

// TestSocietyOfMind: the inner team (a round robin of two agents, two
// turns) runs on the new messages, its task not repeated in its output;
// its messages are the agent's events; the summary model is sent the
// instruction, the transcript's chat messages (to_model_message) and the
// response prompt, the frames as UserMessages from "user" for a model
// without multiple_system_messages; the team is reset after each call,
// and the next call's task starts with a HandoffMessage carrying the
// earlier messages (the agent's model context).
func TestSocietyOfMind(t *testing.T) {
	ctx := context.Background()
	w, wClient := compAgent(t, "w", "", "draft", "draft2")
	r, rClient := compAgent(t, "r", "", "ok", "ok2")
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{w, r}, teams.Options{MaxTurns: 2})
	if err != nil {
		t.Fatal(err)
	}
	client := replay.New(replay.Texts("summary", "summary2"))
	som, err := agents.NewSocietyOfMindAgent("society", team, client, "", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if som.Description() != somDescription {
		t.Errorf("description %q", som.Description())
	}
	res, err := som.Run(ctx, agentchat.TextTask("write a poem"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := compBrief(res.Messages), "user:TextMessage(write a poem) | w:TextMessage(draft) | r:TextMessage(ok) | society:TextMessage(summary)"; got != want {
		t.Errorf("first run:\n got %s\nwant %s", got, want)
	}
	if last := res.Messages[len(res.Messages)-1].(*gen.TextMessage); last.ModelsUsage == nil {
		t.Error("the summary has no models_usage (AutoGen: the completion's usage)")
	}
	compSame(t, "summary call", compLLM(client.Calls()[0].Messages), []string{
		"User(user): " + somInstruction, "User(w): draft", "User(r): ok", "User(user): " + somResponse,
	})

	res, err = som.Run(ctx, agentchat.TextTask("again"))
	if err != nil {
		t.Fatal(err)
	}
	// The team was reset: w speaks first again, and its context holds
	// only the new task, which starts with the handoff of the earlier
	// messages (its context first, then itself).
	if got, want := compBrief(res.Messages), "user:TextMessage(again) | w:TextMessage(draft2) | r:TextMessage(ok2) | society:TextMessage(summary2)"; got != want {
		t.Errorf("second run:\n got %s\nwant %s", got, want)
	}
	compSame(t, "w's second call", compLLM(wClient.Calls()[1].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage,
		"User(user): write a poem", "User(society): relevant previous messages", "User(user): again",
	})
	compSame(t, "r's second call", compLLM(rClient.Calls()[1].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage,
		"User(user): write a poem", "User(society): relevant previous messages", "User(user): again", "User(w): draft2",
	})
	compSame(t, "second summary call", compLLM(client.Calls()[1].Messages), []string{
		"User(user): " + somInstruction, "User(w): draft2", "User(r): ok2", "User(user): " + somResponse,
	})
}

// TestSocietyOfMindSystemFrames: a model with multiple_system_messages
// gets the instruction and the response prompt as SystemMessages.
func TestSocietyOfMindSystemFrames(t *testing.T) {
	w, _ := compAgent(t, "w", "", "draft")
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{w}, teams.Options{MaxTurns: 1})
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	info := models.DefaultModelInfo()
	info.MultipleSystemMessages = gen.Optional[*bool]{Set: true, Value: &yes}
	client := replay.New(replay.Texts("summary"), replay.WithModelInfo(info))
	som, err := agents.NewSocietyOfMindAgent("society", team, client, "", "Summarize:", "Answer now.", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := som.Run(context.Background(), agentchat.TextTask("go")); err != nil {
		t.Fatal(err)
	}
	compSame(t, "summary call", compLLM(client.Calls()[0].Messages), []string{
		"System: Summarize:", "User(w): draft", "System: Answer now.",
	})
}

// TestSocietyOfMindNoResponse: when the inner team says nothing (its
// termination condition fires on the task, which is not in its output)
// the answer is "No response." and no model call is made.
func TestSocietyOfMindNoResponse(t *testing.T) {
	w, wClient := compAgent(t, "w", "", "draft")
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{w},
		teams.Options{Termination: conditions.NewTextMention("stop", nil)})
	if err != nil {
		t.Fatal(err)
	}
	client := replay.New(replay.Texts("unused"))
	som, err := agents.NewSocietyOfMindAgent("society", team, client, "", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := som.Run(context.Background(), agentchat.TextTask("please stop"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := compBrief(res.Messages), "user:TextMessage(please stop) | society:TextMessage(No response.)"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if n := len(client.Calls()); n != 0 {
		t.Errorf("%d summary calls, want 0", n)
	}
	if n := len(wClient.Calls()); n != 0 {
		t.Errorf("the inner agent made %d calls, want 0", n)
	}
}

func pos(p gen.PerSourceFilterPosition) *gen.PerSourceFilterPosition { return &p }
func cnt(n int64) *gen.Int                                           { c := gen.IntOf(n); return &c }

// TestMessageFilter checks _apply_filter: for each per-source filter in
// order, the messages of that source, cut to msgs[:count] ("first") or
// msgs[-count:] ("last") when count is truthy (Python's slices, negative
// counts included).
func TestMessageFilter(t *testing.T) {
	first, last := gen.PerSourceFilterPositionFirst, gen.PerSourceFilterPositionLast
	msgs := []messages.Message{
		messages.NewTextMessage("user", "u1"), messages.NewTextMessage("b", "b1"), messages.NewTextMessage("user", "u2"),
		messages.NewTextMessage("b", "b2"), messages.NewTextMessage("c", "c1"), messages.NewTextMessage("b", "b3"),
	}
	inner, _ := compAgent(t, "inner", "Inner agent.")
	for _, tc := range []struct {
		name   string
		filter []gen.PerSourceFilter
		want   string
	}{
		{"first user, last two of b", []gen.PerSourceFilter{{Source: "user", Position: pos(first), Count: cnt(1)},
			{Source: "b", Position: pos(last), Count: cnt(2)}}, "u1 b2 b3"},
		{"filter order", []gen.PerSourceFilter{{Source: "b", Position: pos(last), Count: cnt(1)},
			{Source: "user", Position: pos(first), Count: cnt(1)}}, "b3 u1"},
		{"no position or count", []gen.PerSourceFilter{{Source: "user"}}, "u1 u2"},
		{"no count", []gen.PerSourceFilter{{Source: "b", Position: pos(first)}}, "b1 b2 b3"},
		{"no position", []gen.PerSourceFilter{{Source: "b", Count: cnt(1)}}, "b1 b2 b3"},
		{"count 0 is falsy", []gen.PerSourceFilter{{Source: "b", Position: pos(last), Count: cnt(0)}}, "b1 b2 b3"},
		{"count beyond", []gen.PerSourceFilter{{Source: "b", Position: pos(first), Count: cnt(5)}}, "b1 b2 b3"},
		{"last -1 is [1:]", []gen.PerSourceFilter{{Source: "b", Position: pos(last), Count: cnt(-1)}}, "b2 b3"},
		{"first -1 is [:-1]", []gen.PerSourceFilter{{Source: "b", Position: pos(first), Count: cnt(-1)}}, "b1 b2"},
		{"unknown source", []gen.PerSourceFilter{{Source: "z", Position: pos(first), Count: cnt(1)}}, ""},
		{"no filter", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := agents.NewMessageFilterAgent("filtered", inner, tc.filter)
			var got []string
			for _, m := range f.Filter(msgs) {
				got = append(got, m.(*gen.TextMessage).Content)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("kept %q, want %q", strings.Join(got, " "), tc.want)
			}
		})
	}
}

// TestMessageFilterAgent: the description is the wrapped agent's with
// " (with message filtering)"; the wrapped agent is given the filtered
// messages and answers as itself; the state is a stateless agent's
// BaseState.
func TestMessageFilterAgent(t *testing.T) {
	inner, client := compAgent(t, "inner", "Inner agent.", "done")
	f := agents.NewMessageFilterAgent("filtered", inner, []gen.PerSourceFilter{
		{Source: "user", Position: pos(gen.PerSourceFilterPositionFirst), Count: cnt(1)},
		{Source: "b", Position: pos(gen.PerSourceFilterPositionLast), Count: cnt(1)},
	})
	if got := f.Description(); got != "Inner agent. (with message filtering)" {
		t.Errorf("description %q", got)
	}
	if got := strings.Join(f.ProducedMessageTypes(), " "); got != "TextMessage ToolCallSummaryMessage HandoffMessage" {
		t.Errorf("produced message types %s, want the wrapped agent's", got)
	}
	res, err := f.Run(context.Background(), agentchat.MessagesTask(
		messages.NewTextMessage("user", "u1"), messages.NewTextMessage("b", "b1"),
		messages.NewTextMessage("user", "u2"), messages.NewTextMessage("b", "b2")))
	if err != nil {
		t.Fatal(err)
	}
	if got := compBrief(res.Messages[len(res.Messages)-1:]); got != "inner:TextMessage(done)" {
		t.Errorf("answer %s", got)
	}
	compSame(t, "wrapped agent's call", compLLM(client.Calls()[0].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage, "User(user): u1", "User(b): b2",
	})
	st, err := f.SaveState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if string(st) != `{"type":"BaseState","version":"1.0.0"}` {
		t.Errorf("state %s", st)
	}
}

// TestCompositeStates: SocietyOfMindAgentState is BaseState's type and
// version, then inner_team_state (the team's TeamState); a
// TaskRunnerTool's state is its runner's (save_state_json).
func TestCompositeStates(t *testing.T) {
	ctx := context.Background()
	w, _ := compAgent(t, "w", "")
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{w}, teams.Options{MaxTurns: 1})
	if err != nil {
		t.Fatal(err)
	}
	som, err := agents.NewSocietyOfMindAgent("society", team, replay.New(nil), "", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := som.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	teamState, err := team.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"SocietyOfMindAgentState","version":"1.0.0","inner_team_state":` + string(teamState) + `}`; string(st) != want {
		t.Errorf("state\n %s\nwant %s", st, want)
	}
	tool, err := agents.NewAgentTool(w, false)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tool.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := w.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if string(ts) != string(ws) {
		t.Errorf("agent tool state %s, want the agent's %s", ts, ws)
	}
}

// taskRunnerParameters is TaskRunnerToolArgs' schema as BaseTool.schema
// writes it: pydantic's properties ({"task": {"title": "Task", "type":
// "string"}}; the Annotated text is not a description), required, and
// additionalProperties False.
const taskRunnerParameters = `{"type":"object","properties":{"task":{"title":"Task","type":"string"}},"required":["task"],"additionalProperties":false}`

// TestTaskRunnerToolSchema: AgentTool takes the agent's name and
// description; TeamTool its own; both are strict.
func TestTaskRunnerToolSchema(t *testing.T) {
	helper, _ := compAgent(t, "helper", "Helps.")
	at, err := agents.NewAgentTool(helper, false)
	if err != nil {
		t.Fatal(err)
	}
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{helper}, teams.Options{MaxTurns: 1})
	if err != nil {
		t.Fatal(err)
	}
	tt, err := agents.NewTeamTool(team, "team_tool", "A team.", true)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tool       tools.Tool
		name, desc string
	}{{at, "helper", "Helps."}, {tt, "team_tool", "A team."}} {
		s := tc.tool.Schema()
		if s.Name != tc.name || s.Description == nil || *s.Description != tc.desc || s.Strict == nil || !*s.Strict {
			t.Errorf("%s: schema %+v", tc.name, s)
		}
		p, err := json.Marshal(s.Parameters)
		if err != nil {
			t.Fatal(err)
		}
		if string(p) != taskRunnerParameters {
			t.Errorf("%s: parameters\n %s\nwant %s", tc.name, p, taskRunnerParameters)
		}
	}
}

// TestTaskRunnerReturnValue checks return_value_as_string: every chat
// message not from "user" as "source: to_model_text()", joined by blank
// lines; or, with return_value_as_last_message, the last message's text.
func TestTaskRunnerReturnValue(t *testing.T) {
	helper, _ := compAgent(t, "helper", "Helps.")
	all, _ := agents.NewAgentTool(helper, false)
	lastOnly, _ := agents.NewAgentTool(helper, true)
	call := gen.FunctionCall{ID: "1", Name: "f", Arguments: "{}"}
	for _, tc := range []struct {
		name     string
		msgs     []messages.Message
		all      string
		lastOnly string
	}{
		{"text answers", []messages.Message{messages.NewTextMessage("user", "task"), messages.NewTextMessage("w", "draft"),
			messages.NewToolCallRequestEvent("w", call), messages.NewTextMessage("r", "ok")}, "w: draft\n\nr: ok", "ok"},
		{"summary and stop", []messages.Message{messages.NewToolCallSummaryMessage("w", "result", nil, nil),
			messages.NewStopMessage("r", "stopped")}, "w: result\n\nr: stopped", "stopped"},
		// The user's messages are left out of the transcript, not of
		// the last message.
		{"user only", []messages.Message{messages.NewTextMessage("user", "task")}, "", "task"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := &agentchat.TaskResult{Messages: tc.msgs}
			if got := all.ReturnValueAsString(res); got != tc.all {
				t.Errorf("transcript %q, want %q", got, tc.all)
			}
			if got := lastOnly.ReturnValueAsString(res); got != tc.lastOnly {
				t.Errorf("last message %q, want %q", got, tc.lastOnly)
			}
		})
	}
}

// compCall is a replayed completion asking for one function call.
func compCall(id, name, args string) replay.Completion {
	r := models.NewFunctionCallsResult([]gen.FunctionCall{{ID: id, Name: name, Arguments: args}}, models.NewRequestUsage(1, 1), false)
	return replay.Completion{Result: &r}
}

// outerAgent is an AssistantAgent with one tool, whose model calls it
// with task.
func outerAgent(t testing.TB, tool tools.Tool, task string) *agents.AssistantAgent {
	t.Helper()
	args, _ := json.Marshal(map[string]string{"task": task})
	client := replay.New([]replay.Completion{compCall("call1", tool.Name(), string(args))},
		replay.WithModelInfo(gen.ModelInfo{Family: models.FamilyUnknown, FunctionCalling: true}))
	a, err := agents.NewAssistantAgent("boss", client, agents.AssistantOptions{Tools: []tools.Tool{tool}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestTaskRunnerToolInAgent: an AssistantAgent calling an AgentTool or a
// TeamTool streams the inner run's messages (the task from "user"
// included) as its own events, between its ToolCallRequestEvent and
// ToolCallExecutionEvent (StaticStreamWorkbench yields all but the last
// item, the TaskResult, which return_value_as_string renders).
func TestTaskRunnerToolInAgent(t *testing.T) {
	ctx := context.Background()
	t.Run("agent tool", func(t *testing.T) {
		helper, helperClient := compAgent(t, "helper", "Helps.", "hi there")
		tool, err := agents.NewAgentTool(helper, false)
		if err != nil {
			t.Fatal(err)
		}
		res, err := outerAgent(t, tool, "say hi").Run(ctx, agentchat.TextTask("greet"))
		if err != nil {
			t.Fatal(err)
		}
		want := "user:TextMessage(greet) | boss:ToolCallRequestEvent | user:TextMessage(say hi) | helper:TextMessage(hi there) | " +
			"boss:ToolCallExecutionEvent | boss:ToolCallSummaryMessage(helper: hi there)"
		if got := compBrief(res.Messages); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
		exec := res.Messages[4].(*gen.ToolCallExecutionEvent).Content
		if len(exec) != 1 || exec[0].CallID != "call1" || exec[0].Name != "helper" || exec[0].Content != "helper: hi there" ||
			exec[0].IsError == nil || *exec[0].IsError {
			t.Errorf("execution result %+v", exec)
		}
		compSame(t, "helper's call", compLLM(helperClient.Calls()[0].Messages), []string{
			"System: " + agents.DefaultAssistantSystemMessage, "User(user): say hi",
		})
	})
	for _, tc := range []struct {
		name     string
		lastOnly bool
		result   string
	}{
		{"team tool, transcript", false, "w: draft\n\nr: ok"},
		{"team tool, last message", true, "ok"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, _ := compAgent(t, "w", "", "draft")
			r, _ := compAgent(t, "r", "", "ok")
			team, err := teams.NewRoundRobinGroupChat([]teams.Participant{w, r}, teams.Options{MaxTurns: 2})
			if err != nil {
				t.Fatal(err)
			}
			tool, err := agents.NewTeamTool(team, "writers", "Two writers.", tc.lastOnly)
			if err != nil {
				t.Fatal(err)
			}
			res, err := outerAgent(t, tool, "a poem").Run(ctx, agentchat.TextTask("go"))
			if err != nil {
				t.Fatal(err)
			}
			want := "user:TextMessage(go) | boss:ToolCallRequestEvent | user:TextMessage(a poem) | w:TextMessage(draft) | " +
				"r:TextMessage(ok) | boss:ToolCallExecutionEvent | boss:ToolCallSummaryMessage(" + tc.result + ")"
			if got := compBrief(res.Messages); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// terminatedCondition is a termination condition that has fired and was
// not reset.
type terminatedCondition struct{}

func (terminatedCondition) Terminated() bool { return true }
func (terminatedCondition) Check(context.Context, []messages.Message) (*gen.StopMessage, error) {
	return nil, &agentchat.TerminatedError{Message: "Termination condition has already been reached"}
}
func (terminatedCondition) Reset(context.Context) error { return nil }

// TestTeamToolNoLastMessage: a team whose condition has already fired
// stops at once with no messages ("The group chat has already
// terminated."); return_value_as_string with return_value_as_last_message
// raises ValueError("The last message is not a BaseChatMessage."), which
// StaticStreamWorkbench.call_tool_stream catches: the tool's result is
// the exception's str(), with is_error True. Without
// return_value_as_last_message the result is "".
func TestTeamToolNoLastMessage(t *testing.T) {
	for _, tc := range []struct {
		name     string
		lastOnly bool
		content  string
		isError  bool
	}{
		{"last message", true, "The last message is not a BaseChatMessage.", true},
		{"transcript", false, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, _ := compAgent(t, "w", "", "draft")
			team, err := teams.NewRoundRobinGroupChat([]teams.Participant{w}, teams.Options{Termination: terminatedCondition{}})
			if err != nil {
				t.Fatal(err)
			}
			tool, err := agents.NewTeamTool(team, "writers", "Writers.", tc.lastOnly)
			if err != nil {
				t.Fatal(err)
			}
			res, err := outerAgent(t, tool, "a poem").Run(context.Background(), agentchat.TextTask("go"))
			if err != nil {
				t.Fatal(err)
			}
			var exec []gen.FunctionExecutionResult
			for _, m := range res.Messages {
				if e, ok := m.(*gen.ToolCallExecutionEvent); ok {
					exec = e.Content
				}
			}
			if len(exec) != 1 || exec[0].Content != tc.content || exec[0].IsError == nil || *exec[0].IsError != tc.isError {
				var got string
				if len(exec) == 1 {
					got = exec[0].Content
					if exec[0].IsError != nil && *exec[0].IsError {
						got += " (is_error)"
					}
				}
				t.Errorf("return_value_as_last_message=%v: result %q, want %q (is_error %v)", tc.lastOnly, got, tc.content, tc.isError)
			}
		})
	}
}
