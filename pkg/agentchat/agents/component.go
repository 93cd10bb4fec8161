package agents

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tools"
	"github.com/agentschema/agentschema/pkg/workbench"
)

// The providers this package registers.
const (
	AssistantAgentProvider = "autogen_agentchat.agents.AssistantAgent"
	UserProxyAgentProvider = "autogen_agentchat.agents.UserProxyAgent"
	ListMemoryProvider     = "autogen_core.memory.ListMemory"
	// CodeExecutorAgentProvider is CodeExecutorAgent's provider.
	CodeExecutorAgentProvider = "autogen_agentchat.agents.CodeExecutorAgent"
)

func init() {
	agentchat.Register(AssistantAgentProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.AssistantAgentConfig](AssistantAgentProvider, raw)
		if err != nil {
			return nil, err
		}
		return AssistantFromConfig(ctx, c)
	})
	agentchat.Register(UserProxyAgentProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.UserProxyAgentConfig](UserProxyAgentProvider, raw)
		if err != nil {
			return nil, err
		}
		return UserProxyFromConfig(ctx, c)
	})
	agentchat.Register(CodeExecutorAgentProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.CodeExecutorAgentConfig](CodeExecutorAgentProvider, raw)
		if err != nil {
			return nil, err
		}
		return CodeExecutorFromConfig(ctx, c)
	})
	agentchat.Register(ListMemoryProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.ListMemoryConfig](ListMemoryProvider, raw)
		if err != nil {
			return nil, err
		}
		name := ""
		if c.Name != nil {
			name = *c.Name
		}
		return NewListMemory(name, c.MemoryContents...), nil
	})
}

// loadAt loads the component m, a T, placing an error at ptr.
func loadAt[T any](ctx context.Context, m *gen.ComponentModel, ptr string) (T, error) {
	v, err := component.LoadModelAs[T](ctx, m)
	if err != nil {
		var zero T
		return zero, agentchat.AtPointer(ptr, err)
	}
	return v, nil
}

// AssistantFromConfig builds an AssistantAgent from its config as
// AutoGen's _from_config does, loading the model client, workbenches,
// tools, model context and memories with the component registry of ctx.
// A component that cannot be loaded is a *agentchat.ConfigError with its
// pointer in the agent's component ("/config/workbench/0/config/tools/1",
// ...). A structured_message_factory (output_content_type) needs a Go
// type, which a config cannot give, and is refused.
func AssistantFromConfig(ctx context.Context, c *gen.AssistantAgentConfig) (*AssistantAgent, error) {
	client, err := loadAt[models.ChatCompletionClient](ctx, &c.ModelClient, "/config/model_client")
	if err != nil {
		return nil, err
	}
	opts := AssistantOptions{
		Description:           &c.Description,
		SystemMessage:         c.SystemMessage,
		NoSystemMessage:       c.SystemMessage == nil,
		ModelClientStream:     c.ModelClientStream,
		ReflectOnToolUse:      &c.ReflectOnToolUse,
		ToolCallSummaryFormat: c.ToolCallSummaryFormat,
		Metadata:              c.Metadata,
	}
	closeOnErr := func(err error) (*AssistantAgent, error) {
		_ = client.Close()
		return nil, err
	}
	if c.StructuredMessageFactory != nil {
		return closeOnErr(agentchat.AtPointer("/config/structured_message_factory",
			errors.New("a structured_message_factory (output_content_type) needs a Go type: build the agent in Go with messages.StructuredMessage[T]")))
	}
	n, ok := c.MaxToolIterations.Int64()
	if !ok || n < 1 {
		return closeOnErr(agentchat.AtPointer("/config/max_tool_iterations",
			fmt.Errorf("max_tool_iterations must be greater than or equal to 1, got %s", c.MaxToolIterations)))
	}
	opts.MaxToolIterations = int(n)
	for i := range c.Workbench {
		wb, err := loadAt[workbench.Workbench](ctx, &c.Workbench[i], fmt.Sprintf("/config/workbench/%d", i))
		if err != nil {
			return closeOnErr(err)
		}
		opts.Workbenches = append(opts.Workbenches, wb)
	}
	for i := range c.Tools {
		t, err := loadAt[tools.Tool](ctx, &c.Tools[i], fmt.Sprintf("/config/tools/%d", i))
		if err != nil {
			return closeOnErr(err)
		}
		opts.Tools = append(opts.Tools, t)
	}
	if c.ModelContext != nil {
		mc, err := loadAt[modelcontext.ChatCompletionContext](ctx, c.ModelContext, "/config/model_context")
		if err != nil {
			return closeOnErr(err)
		}
		opts.ModelContext = mc
	}
	for i := range c.Memory {
		m, err := loadAt[Memory](ctx, &c.Memory[i], fmt.Sprintf("/config/memory/%d", i))
		if err != nil {
			return closeOnErr(err)
		}
		opts.Memory = append(opts.Memory, m)
	}
	for _, h := range c.Handoffs {
		if h.IsTarget() {
			opts.Handoffs = append(opts.Handoffs, gen.Handoff{Target: h.Target})
		} else {
			opts.Handoffs = append(opts.Handoffs, h.Handoff)
		}
	}
	a, err := NewAssistantAgent(c.Name, client, opts)
	if err != nil {
		return closeOnErr(agentchat.AtPointer("/config", err))
	}
	return a, nil
}
