package agents

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
)

// The agents, memories and task-runner tools dump themselves as AutoGen's
// dump_component() writes their classes.
var (
	_ component.Component = (*AssistantAgent)(nil)
	_ component.Component = (*UserProxyAgent)(nil)
	_ component.Component = (*CodeExecutorAgent)(nil)
	_ component.Component = (*SocietyOfMindAgent)(nil)
	_ component.Component = (*MessageFilterAgent)(nil)
	_ component.Component = (*ListMemory)(nil)
	_ component.Component = (*TaskRunnerTool)(nil)
)

// ComponentModel returns the agent's component config, as AutoGen's
// AssistantAgent._to_config() makes it: the model client, workbenches
// (tools given to NewAssistantAgent are in its StaticStreamWorkbench),
// model context and memories dumped with their own ComponentModel; the
// handoffs with their defaults filled; no tools member. What AutoGen does
// not write is left out as it leaves it out: a ToolCallSummaryFormatter
// (only the format is written). A member without a component config (a
// client, workbench, tool, context or memory that does not implement
// component.Component) is a *component.DumpError at its pointer.
func (a *AssistantAgent) ComponentModel() (gen.ComponentModel, error) {
	client, err := component.NestedModel("/config/model_client", a.client)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	cfg := &gen.AssistantAgentConfig{Name: a.name, ModelClient: client, Description: a.description,
		SystemMessage: a.systemText, ModelClientStream: a.stream, ReflectOnToolUse: a.reflect,
		ToolCallSummaryFormat: a.summaryFormat, MaxToolIterations: gen.IntOf(int64(a.maxIterations)), Metadata: a.metadata}
	if cfg.Workbench, err = nestedList("/config/workbench/", a.workbenches); err != nil {
		return gen.ComponentModel{}, err
	}
	for _, h := range a.handoffs {
		cfg.Handoffs = append(cfg.Handoffs, gen.AssistantAgentConfigHandoffsItemOfHandoff(h.Handoff))
	}
	mc, err := component.NestedModel("/config/model_context", a.context)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	cfg.ModelContext = &mc
	if cfg.Memory, err = nestedList("/config/memory/", a.memory); err != nil {
		return gen.ComponentModel{}, err
	}
	if cfg.Metadata == nil {
		cfg.Metadata = map[string]string{}
	}
	return component.ModelOf(AssistantAgentProvider, cfg)
}

// nestedList dumps the components of a list member (prefix is its pointer
// with a trailing "/"); an empty list is nil (None), as _to_config writes
// "[...] if self._x else None".
func nestedList[T any](prefix string, items []T) ([]gen.ComponentModel, error) {
	if len(items) == 0 {
		return nil, nil
	}
	out := make([]gen.ComponentModel, len(items))
	for i, x := range items {
		m, err := component.NestedModel(prefix+strconv.Itoa(i), x)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

// ComponentModel returns the agent's component config, as AutoGen's
// UserProxyAgent._to_config() makes it: {"name": N, "description": D}.
// The InputFunc is not part of it (AutoGen writes input_func=None); a
// loaded agent asks the InputFunc of its context (WithInputFunc) or
// standard input.
func (a *UserProxyAgent) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(UserProxyAgentProvider, &gen.UserProxyAgentConfig{Name: a.name, Description: a.description})
}

// ErrApprovalFunc is AutoGen's refusal to dump a CodeExecutorAgent that
// has an approval function (CodeExecutorAgent._to_config's ValueError).
var ErrApprovalFunc error = &agentchat.RunError{Exception: "ValueError",
	Message: "Cannot serialize CodeExecutorAgent with approval_func set. The approval function is not serializable."}

// ComponentModel returns the agent's component config, as AutoGen's
// CodeExecutorAgent._to_config() makes it. MaxRetriesOnError is not part
// of it (nor of AutoGen's). An agent with an ApprovalFunc is refused, as
// AutoGen refuses it: a *component.DumpError wrapping ErrApprovalFunc.
func (a *CodeExecutorAgent) ComponentModel() (gen.ComponentModel, error) {
	if a.approval != nil {
		return gen.ComponentModel{}, &component.DumpError{Pointer: "", Type: fmt.Sprintf("%T", a), Err: ErrApprovalFunc}
	}
	exec, err := component.NestedModel("/config/code_executor", a.executor)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	desc := a.description
	cfg := &gen.CodeExecutorAgentConfig{Name: a.name, CodeExecutor: exec, Description: &desc, Sources: a.sources,
		SystemMessage: systemText(a.system), ModelClientStream: a.stream, SupportedLanguages: a.languages}
	if a.client != nil {
		client, err := component.NestedModel("/config/model_client", a.client)
		if err != nil {
			return gen.ComponentModel{}, err
		}
		cfg.ModelClient = &client
	}
	mc, err := component.NestedModel("/config/model_context", a.context)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	cfg.ModelContext = &mc
	return component.ModelOf(CodeExecutorAgentProvider, cfg)
}

// systemText is the text of the first system message, as _to_config
// writes system_message (None without one).
func systemText(msgs []gen.LLMMessage) *string {
	if len(msgs) == 0 {
		return nil
	}
	if s, ok := msgs[0].(*gen.SystemMessage); ok {
		text := s.Content
		return &text
	}
	return nil
}

// ComponentModel returns the agent's component config, as AutoGen's
// SocietyOfMindAgent._to_config() makes it: the inner team, the model
// client and the model context dumped with their own ComponentModel.
func (a *SocietyOfMindAgent) ComponentModel() (gen.ComponentModel, error) {
	team, err := component.NestedModel("/config/team", a.team)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	client, err := component.NestedModel("/config/model_client", a.client)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	mc, err := component.NestedModel("/config/model_context", a.context)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	desc, instr, resp := a.description, a.instruction, a.response
	return component.ModelOf(SocietyOfMindAgentProvider, &gen.SocietyOfMindAgentConfig{Name: a.name, Team: team,
		ModelClient: client, Description: &desc, Instruction: &instr, ResponsePrompt: &resp, ModelContext: &mc})
}

// ComponentModel returns the agent's component config, as AutoGen's
// MessageFilterAgent._to_config() makes it: the wrapped agent dumped with
// its own ComponentModel, and the filter.
func (f *MessageFilterAgent) ComponentModel() (gen.ComponentModel, error) {
	wrapped, err := component.NestedModel("/config/wrapped_agent", f.wrapped)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	filter := f.filter
	if filter == nil {
		filter = []gen.PerSourceFilter{}
	}
	return component.ModelOf(MessageFilterAgentProvider, &gen.MessageFilterAgentConfig{Name: f.name,
		WrappedAgent: wrapped, Filter: gen.MessageFilterConfig{PerSource: filter}})
}

// ComponentModel returns the memory's component config, as AutoGen's
// ListMemory._to_config() makes it: {"name": N, "memory_contents": [...]}.
func (m *ListMemory) ComponentModel() (gen.ComponentModel, error) {
	name := m.name
	contents := m.Contents()
	if contents == nil {
		contents = []gen.MemoryContent{}
	}
	return component.ModelOf(ListMemoryProvider, &gen.ListMemoryConfig{Name: &name, MemoryContents: contents})
}

// errGenericRunner is the reason a TaskRunnerTool of a runner that is
// neither an agent (NewAgentTool) nor a team cannot be dumped.
var errGenericRunner = errors.New("its runner is neither an agent nor a team, so it is neither an AgentTool nor a TeamTool")

// ComponentModel returns the tool's component config: an AgentTool's
// {"agent": ..., "return_value_as_last_message": B} for a tool made with
// NewAgentTool, a TeamTool's {"name", "description", "team",
// "return_value_as_last_message"} for one whose runner is a team.
func (t *TaskRunnerTool) ComponentModel() (gen.ComponentModel, error) {
	switch r := t.runner.(type) {
	case agentRunner:
		agent, err := component.NestedModel("/config/agent", r.ChatAgent)
		if err != nil {
			return gen.ComponentModel{}, err
		}
		return component.ModelOf(AgentToolProvider, &gen.AgentToolConfig{Agent: agent, ReturnValueAsLastMessage: t.lastOnly})
	case agentchat.Team:
		team, err := component.NestedModel("/config/team", r)
		if err != nil {
			return gen.ComponentModel{}, err
		}
		return component.ModelOf(TeamToolProvider, &gen.TeamToolConfig{Name: t.Name(), Description: t.Description(),
			Team: team, ReturnValueAsLastMessage: t.lastOnly})
	}
	return gen.ComponentModel{}, &component.DumpError{Type: fmt.Sprintf("%T", t), Err: errGenericRunner}
}
