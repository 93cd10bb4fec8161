package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tools"
)

// The defaults of SocietyOfMindAgent.
const (
	DefaultSocietyOfMindInstruction = "Earlier you were asked to fulfill a request. You and your team worked diligently to address that request. Here is a transcript of that conversation:"
	DefaultSocietyOfMindResponse    = "Output a standalone response to the original request, without mentioning any of the intermediate discussion."
	DefaultSocietyOfMindDescription = "An agent that uses an inner team of agents to generate responses."
)

// The providers of the composite agents and the task-runner tools.
const (
	SocietyOfMindAgentProvider = "autogen_agentchat.agents.SocietyOfMindAgent"
	MessageFilterAgentProvider = "autogen_agentchat.agents.MessageFilterAgent"
	AgentToolProvider          = "autogen_agentchat.tools.AgentTool"
	TeamToolProvider           = "autogen_agentchat.tools.TeamTool"
)

// SocietyOfMindAgent is AutoGen's SocietyOfMindAgent: an inner team works
// on the messages, and a model writes one answer from its transcript.
type SocietyOfMindAgent struct {
	name, description     string
	team                  agentchat.Team
	client                models.ChatCompletionClient
	instruction, response string
	context               modelcontext.ChatCompletionContext
}

// NewSocietyOfMindAgent returns a SocietyOfMindAgent; empty description,
// instruction and response prompt take AutoGen's defaults, a nil context
// an unbounded one.
func NewSocietyOfMindAgent(name string, team agentchat.Team, client models.ChatCompletionClient, description, instruction, responsePrompt string, mc modelcontext.ChatCompletionContext) (*SocietyOfMindAgent, error) {
	if team == nil || client == nil {
		return nil, valueError("a team and a model client are required")
	}
	a := &SocietyOfMindAgent{name: name, description: description, team: team, client: client,
		instruction: instruction, response: responsePrompt, context: mc}
	if a.description == "" {
		a.description = DefaultSocietyOfMindDescription
	}
	if a.instruction == "" {
		a.instruction = DefaultSocietyOfMindInstruction
	}
	if a.response == "" {
		a.response = DefaultSocietyOfMindResponse
	}
	if a.context == nil {
		c, err := modelcontext.NewUnbounded()
		if err != nil {
			return nil, err
		}
		a.context = c
	}
	return a, nil
}

// Name returns the agent's name.
func (a *SocietyOfMindAgent) Name() string { return a.name }

// Description returns the agent's description.
func (a *SocietyOfMindAgent) Description() string { return a.description }

// ProducedMessageTypes returns the tags of the messages it answers with.
func (a *SocietyOfMindAgent) ProducedMessageTypes() []string { return []string{"TextMessage"} }

// Run runs a task with the agent.
func (a *SocietyOfMindAgent) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, a, task)
}

// RunStream runs a task with the agent and streams it.
func (a *SocietyOfMindAgent) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, a, task)
}

// OnMessagesStream runs the inner team on the messages (after the earlier
// ones, as a HandoffMessage), emits its events, and answers with the
// model's summary ("No response." when the team said nothing); the team is
// reset afterwards.
func (a *SocietyOfMindAgent) OnMessagesStream(ctx context.Context, msgs []messages.Message, emit agentchat.Emit) (*agentchat.Response, error) {
	prev, err := a.context.GetMessages(ctx)
	if err != nil {
		return nil, err
	}
	task := append([]messages.Message(nil), msgs...)
	if len(prev) > 0 {
		h := messages.NewHandoffMessage(a.name, "", "relevant previous messages", prev...)
		task = append([]messages.Message{h}, task...)
	}
	t := agentchat.Task{OmitTaskMessages: true}
	if len(task) > 0 {
		t.Messages = task
	}
	var inner []messages.Message
	var result *agentchat.TaskResult
	for item, err := range a.team.RunStream(ctx, t) {
		if err != nil {
			return nil, err
		}
		if r, ok := item.(*agentchat.TaskResult); ok {
			result = r
			continue
		}
		if err := emit(item); err != nil {
			return nil, err
		}
		if _, chunk := item.(*gen.ModelClientStreamingChunkEvent); !chunk {
			inner = append(inner, item)
		}
	}
	if result == nil {
		return nil, &agentchat.RunError{Exception: "AssertionError", Message: ""}
	}
	var resp *agentchat.Response
	if len(inner) == 0 {
		resp = &agentchat.Response{ChatMessage: messages.NewTextMessage(a.name, "No response."), InnerMessages: []messages.Message{}}
	} else {
		msm := a.client.ModelInfo().MultipleSystemMessages
		system := msm.Set && msm.Value != nil && *msm.Value
		frame := func(text string) gen.LLMMessage {
			if system {
				return models.NewSystemMessage(text)
			}
			return models.NewUserText("user", text)
		}
		llm := []gen.LLMMessage{frame(a.instruction)}
		for _, m := range inner {
			if messages.IsChatMessage(m) {
				um, err := messages.ToModelMessage(m)
				if err != nil {
					return nil, err
				}
				llm = append(llm, &um)
			}
		}
		llm = append(llm, frame(a.response))
		res, err := a.client.Create(ctx, llm, models.CreateOptions{})
		if err != nil {
			return nil, err
		}
		if res.Content.IsFunctionCalls() {
			return nil, &agentchat.RunError{Exception: "AssertionError", Message: ""}
		}
		usage := res.Usage
		resp = &agentchat.Response{ChatMessage: textWithUsage(a.name, res.Content.Text, usage), InnerMessages: []messages.Message{}}
	}
	for _, m := range msgs {
		if h, ok := m.(*gen.HandoffMessage); ok {
			for _, lm := range h.Context {
				if err := a.context.AddMessage(ctx, lm); err != nil {
					return nil, err
				}
			}
		}
		um, err := messages.ToModelMessage(m)
		if err != nil {
			return nil, err
		}
		if err := a.context.AddMessage(ctx, &um); err != nil {
			return nil, err
		}
	}
	if err := a.team.Reset(ctx); err != nil {
		return nil, err
	}
	return resp, nil
}

// Reset resets the inner team and clears the context.
func (a *SocietyOfMindAgent) Reset(ctx context.Context) error {
	return errors.Join(a.team.Reset(ctx), a.context.Clear(ctx))
}

// SaveState returns AutoGen's SocietyOfMindAgentState.
func (a *SocietyOfMindAgent) SaveState(ctx context.Context) (json.RawMessage, error) {
	st, err := a.team.SaveState(ctx)
	if err != nil {
		return nil, err
	}
	return wireMarshal(&gen.SocietyOfMindAgentState{Type: "SocietyOfMindAgentState", Version: "1.0.0", InnerTeamState: gen.RawJSON(st)})
}

// LoadState loads the inner team's state.
func (a *SocietyOfMindAgent) LoadState(ctx context.Context, state json.RawMessage) error {
	var st gen.SocietyOfMindAgentState
	if err := gen.Unmarshal(state, &st); err != nil {
		return err
	}
	inner := json.RawMessage(st.InnerTeamState)
	if len(inner) == 0 {
		inner = json.RawMessage("{}")
	}
	return a.team.LoadState(ctx, inner)
}

// Close closes the inner team and the model client.
func (a *SocietyOfMindAgent) Close(ctx context.Context) error {
	return errors.Join(a.team.Close(ctx), a.client.Close())
}

// MessageFilterAgent is AutoGen's MessageFilterAgent: it passes the
// wrapped agent only the messages its filter keeps.
type MessageFilterAgent struct {
	name    string
	wrapped agentchat.ChatAgent
	filter  []gen.PerSourceFilter
}

// NewMessageFilterAgent wraps agent with filter (per source: all its
// messages, or the first or last count).
func NewMessageFilterAgent(name string, agent agentchat.ChatAgent, filter []gen.PerSourceFilter) *MessageFilterAgent {
	return &MessageFilterAgent{name: name, wrapped: agent, filter: filter}
}

// Name returns the agent's name.
func (f *MessageFilterAgent) Name() string { return f.name }

// Description is the wrapped agent's, "(with message filtering)".
func (f *MessageFilterAgent) Description() string {
	return f.wrapped.Description() + " (with message filtering)"
}

// ProducedMessageTypes are the wrapped agent's.
func (f *MessageFilterAgent) ProducedMessageTypes() []string {
	if p, ok := f.wrapped.(interface{ ProducedMessageTypes() []string }); ok {
		return p.ProducedMessageTypes()
	}
	return nil
}

// Filter applies the filter: for each source in order, its messages, cut
// to the first or last count.
func (f *MessageFilterAgent) Filter(msgs []messages.Message) []messages.Message {
	out := []messages.Message{}
	for _, pf := range f.filter {
		var kept []messages.Message
		for _, m := range msgs {
			if messages.Source(m) == pf.Source {
				kept = append(kept, m)
			}
		}
		if pf.Count != nil && pf.Position != nil {
			if n, ok := pf.Count.Int64(); ok && n != 0 {
				kept = pySlice(kept, n, *pf.Position == gen.PerSourceFilterPositionFirst)
			}
		}
		out = append(out, kept...)
	}
	return out
}

// pySlice is msgs[:n] (first) or msgs[-n:] (last), with Python's rules
// for negative and large n.
func pySlice(msgs []messages.Message, n int64, first bool) []messages.Message {
	l := int64(len(msgs))
	clamp := func(i int64) int64 {
		if i < 0 {
			i += l
		}
		return max(0, min(i, l))
	}
	if first {
		return msgs[:clamp(n)]
	}
	return msgs[clamp(-n):]
}

// OnMessagesStream passes the filtered messages to the wrapped agent.
func (f *MessageFilterAgent) OnMessagesStream(ctx context.Context, msgs []messages.Message, emit agentchat.Emit) (*agentchat.Response, error) {
	return f.wrapped.OnMessagesStream(ctx, f.Filter(msgs), emit)
}

// Run runs a task with the agent.
func (f *MessageFilterAgent) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, f, task)
}

// RunStream runs a task with the agent and streams it.
func (f *MessageFilterAgent) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, f, task)
}

// Reset resets the wrapped agent.
func (f *MessageFilterAgent) Reset(ctx context.Context) error { return f.wrapped.Reset(ctx) }

// SaveState returns AutoGen's BaseState (the wrapped agent's state is not
// saved, as in AutoGen).
func (f *MessageFilterAgent) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage(`{"type":"BaseState","version":"1.0.0"}`), nil
}

// LoadState checks that state is a JSON object.
func (f *MessageFilterAgent) LoadState(_ context.Context, state json.RawMessage) error {
	var m map[string]json.RawMessage
	return json.Unmarshal(state, &m)
}

// Close closes the wrapped agent.
func (f *MessageFilterAgent) Close(ctx context.Context) error { return f.wrapped.Close(ctx) }

// TaskRunnerArgs are the arguments of AgentTool and TeamTool (AutoGen's
// TaskRunnerToolArgs).
type TaskRunnerArgs struct {
	Task string `json:"task"`
}

// ModelName is the pydantic class AutoGen's schema names.
func (TaskRunnerArgs) ModelName() string { return "TaskRunnerToolArgs" }

// TaskRunnerTool is AutoGen's AgentTool or TeamTool: a strict tool whose
// one argument, task, is run by an agent or a team; its stream yields the
// run's messages and ends with the TaskResult.
type TaskRunnerTool struct {
	*tools.BaseStreamTool[TaskRunnerArgs, messages.Message, *agentchat.TaskResult]
	runner   agentchat.Runner
	lastOnly bool
}

type stateful interface {
	SaveState(ctx context.Context) (json.RawMessage, error)
	LoadState(ctx context.Context, state json.RawMessage) error
}

// NewTaskRunnerTool returns a tool named name that runs tasks with runner
// (an agent's Run, through agentchat.RunAgentStream, or a team). With
// lastOnly, the result is the last message's model text; otherwise each
// chat message not from "user", "source: text", separated by blank lines.
func NewTaskRunnerTool(runner agentchat.Runner, name, description string, lastOnly bool) (*TaskRunnerTool, error) {
	t := &TaskRunnerTool{runner: runner, lastOnly: lastOnly}
	base, err := tools.NewBaseStreamTool(name, description,
		func(ctx context.Context, in TaskRunnerArgs, yield func(messages.Message) bool) (*agentchat.TaskResult, error) {
			var res *agentchat.TaskResult
			for item, err := range runner.RunStream(ctx, agentchat.TextTask(in.Task)) {
				if err != nil {
					return nil, err
				}
				if r, ok := item.(*agentchat.TaskResult); ok {
					res = r
					continue
				}
				if !yield(item) {
					return nil, ctx.Err()
				}
			}
			if lastOnly && (res == nil || len(res.Messages) == 0 || !messages.IsChatMessage(res.Messages[len(res.Messages)-1])) {
				// AutoGen raises this ValueError when it renders the
				// result, inside the tool call: an error result.
				return nil, errNotChatLast{}
			}
			return res, nil
		}, tools.Strict())
	if err != nil {
		return nil, err
	}
	t.BaseStreamTool = base
	return t, nil
}

// errNotChatLast is AutoGen's ValueError("The last message is not a
// BaseChatMessage.") of a task-runner tool that renders the last message
// only; the tool's error result shows its text.
type errNotChatLast struct{}

func (errNotChatLast) Error() string { return "The last message is not a BaseChatMessage." }

// NewAgentTool is AutoGen's AgentTool: the agent's name and description
// are the tool's.
func NewAgentTool(agent agentchat.ChatAgent, lastOnly bool) (*TaskRunnerTool, error) {
	return NewTaskRunnerTool(agentRunner{agent}, agent.Name(), agent.Description(), lastOnly)
}

// NewTeamTool is AutoGen's TeamTool.
func NewTeamTool(team agentchat.Team, name, description string, lastOnly bool) (*TaskRunnerTool, error) {
	return NewTaskRunnerTool(team, name, description, lastOnly)
}

type agentRunner struct{ agentchat.ChatAgent }

func (a agentRunner) Run(ctx context.Context, t agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, a.ChatAgent, t)
}

func (a agentRunner) RunStream(ctx context.Context, t agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, a.ChatAgent, t)
}

// ReturnValueAsString renders the TaskResult as AutoGen's TaskRunnerTool.
func (t *TaskRunnerTool) ReturnValueAsString(v any) string {
	res, ok := v.(*agentchat.TaskResult)
	if !ok || res == nil {
		return t.BaseStreamTool.ReturnValueAsString(v)
	}
	if t.lastOnly {
		if n := len(res.Messages); n > 0 && messages.IsChatMessage(res.Messages[n-1]) {
			s, _ := messages.ToModelText(res.Messages[n-1])
			return s
		}
		return "ValueError: The last message is not a BaseChatMessage."
	}
	var parts []string
	for _, m := range res.Messages {
		if !messages.IsChatMessage(m) || messages.Source(m) == "user" {
			continue
		}
		s, _ := messages.ToModelText(m)
		parts = append(parts, messages.Source(m)+": "+s)
	}
	return strings.Join(parts, "\n\n")
}

// SaveState returns the runner's state.
func (t *TaskRunnerTool) SaveState(ctx context.Context) (json.RawMessage, error) {
	r := t.runner
	if a, ok := r.(agentRunner); ok {
		return a.SaveState(ctx)
	}
	if s, ok := r.(stateful); ok {
		return s.SaveState(ctx)
	}
	return json.RawMessage("{}"), nil
}

// LoadState loads the runner's state.
func (t *TaskRunnerTool) LoadState(ctx context.Context, state json.RawMessage) error {
	r := t.runner
	if a, ok := r.(agentRunner); ok {
		return a.LoadState(ctx, state)
	}
	if s, ok := r.(stateful); ok {
		return s.LoadState(ctx, state)
	}
	return nil
}

func init() {
	agentchat.Register(SocietyOfMindAgentProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.SocietyOfMindAgentConfig](SocietyOfMindAgentProvider, raw)
		if err != nil {
			return nil, err
		}
		client, err := loadAt[models.ChatCompletionClient](ctx, &c.ModelClient, "/config/model_client")
		if err != nil {
			return nil, err
		}
		team, err := loadAt[agentchat.Team](ctx, &c.Team, "/config/team")
		if err != nil {
			_ = client.Close()
			return nil, err
		}
		var mc modelcontext.ChatCompletionContext
		if c.ModelContext != nil {
			if mc, err = loadAt[modelcontext.ChatCompletionContext](ctx, c.ModelContext, "/config/model_context"); err != nil {
				_ = client.Close()
				_ = team.Close(ctx)
				return nil, err
			}
		}
		str := func(p *string) string {
			if p == nil {
				return ""
			}
			return *p
		}
		return NewSocietyOfMindAgent(c.Name, team, client, str(c.Description), str(c.Instruction), str(c.ResponsePrompt), mc)
	})
	agentchat.Register(MessageFilterAgentProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.MessageFilterAgentConfig](MessageFilterAgentProvider, raw)
		if err != nil {
			return nil, err
		}
		a, err := loadAt[agentchat.ChatAgent](ctx, &c.WrappedAgent, "/config/wrapped_agent")
		if err != nil {
			return nil, err
		}
		return NewMessageFilterAgent(c.Name, a, c.Filter.PerSource), nil
	})
	agentchat.Register(AgentToolProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.AgentToolConfig](AgentToolProvider, raw)
		if err != nil {
			return nil, err
		}
		a, err := loadAt[agentchat.ChatAgent](ctx, &c.Agent, "/config/agent")
		if err != nil {
			return nil, err
		}
		return NewAgentTool(a, c.ReturnValueAsLastMessage)
	})
	agentchat.Register(TeamToolProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.TeamToolConfig](TeamToolProvider, raw)
		if err != nil {
			return nil, err
		}
		v, err := component.LoadModel(ctx, &c.Team)
		if err != nil {
			return nil, agentchat.AtPointer("/config/team", err)
		}
		team, ok := v.(agentchat.Team)
		if !ok {
			return nil, agentchat.AtPointer("/config/team", fmt.Errorf("%s is not a team", c.Team.Provider))
		}
		return NewTeamTool(team, c.Name, c.Description, c.ReturnValueAsLastMessage)
	})
}
