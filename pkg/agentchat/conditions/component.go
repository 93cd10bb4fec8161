package conditions

import (
	"context"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
)

// The providers of AutoGen's termination conditions, as dump_component()
// writes them.
const (
	StopMessageProvider  = "autogen_agentchat.conditions.StopMessageTermination"
	MaxMessageProvider   = "autogen_agentchat.conditions.MaxMessageTermination"
	TextMentionProvider  = "autogen_agentchat.conditions.TextMentionTermination"
	TokenUsageProvider   = "autogen_agentchat.conditions.TokenUsageTermination"
	HandoffProvider      = "autogen_agentchat.conditions.HandoffTermination"
	TimeoutProvider      = "autogen_agentchat.conditions.TimeoutTermination"
	ExternalProvider     = "autogen_agentchat.conditions.ExternalTermination"
	SourceMatchProvider  = "autogen_agentchat.conditions.SourceMatchTermination"
	TextMessageProvider  = "autogen_agentchat.conditions.TextMessageTermination"
	FunctionCallProvider = "autogen_agentchat.conditions.FunctionCallTermination"
	AndProvider          = "autogen_agentchat.base.AndTerminationCondition"
	OrProvider           = "autogen_agentchat.base.OrTerminationCondition"
)

func init() {
	register(StopMessageProvider, func(context.Context, gen.StopMessageTerminationConfig) (any, error) {
		return NewStopMessage(), nil
	})
	register(MaxMessageProvider, func(_ context.Context, c gen.MaxMessageTerminationConfig) (any, error) {
		n, ok := c.MaxMessages.Int64()
		if !ok {
			return nil, fmt.Errorf("max_messages %s is out of range", c.MaxMessages)
		}
		return NewMaxMessage(n, c.IncludeAgentEvent), nil
	})
	register(TextMentionProvider, func(_ context.Context, c gen.TextMentionTerminationConfig) (any, error) {
		return NewTextMention(c.Text, nil), nil
	})
	register(TokenUsageProvider, func(_ context.Context, c gen.TokenUsageTerminationConfig) (any, error) {
		total, err1 := int64Of(c.MaxTotalToken, "max_total_token")
		prompt, err2 := int64Of(c.MaxPromptToken, "max_prompt_token")
		completion, err3 := int64Of(c.MaxCompletionToken, "max_completion_token")
		for _, err := range []error{err1, err2, err3} {
			if err != nil {
				return nil, err
			}
		}
		return NewTokenUsage(total, prompt, completion)
	})
	register(HandoffProvider, func(_ context.Context, c gen.HandoffTerminationConfig) (any, error) {
		return NewHandoff(c.Target), nil
	})
	register(TimeoutProvider, func(_ context.Context, c gen.TimeoutTerminationConfig) (any, error) {
		return NewTimeout(c.TimeoutSeconds), nil
	})
	register(ExternalProvider, func(context.Context, gen.ExternalTerminationConfig) (any, error) {
		return NewExternal(), nil
	})
	register(SourceMatchProvider, func(_ context.Context, c gen.SourceMatchTerminationConfig) (any, error) {
		return NewSourceMatch(c.Sources), nil
	})
	register(TextMessageProvider, func(_ context.Context, c gen.TextMessageTerminationConfig) (any, error) {
		return NewTextMessage(c.Source), nil
	})
	register(FunctionCallProvider, func(_ context.Context, c gen.FunctionCallTerminationConfig) (any, error) {
		return NewFunctionCall(c.FunctionName), nil
	})
	register(AndProvider, func(ctx context.Context, c gen.AndTerminationConditionConfig) (any, error) {
		conds, err := loadAll(ctx, c.Conditions)
		if err != nil {
			return nil, err
		}
		return NewAnd(conds...), nil
	})
	register(OrProvider, func(ctx context.Context, c gen.OrTerminationConditionConfig) (any, error) {
		conds, err := loadAll(ctx, c.Conditions)
		if err != nil {
			return nil, err
		}
		return NewOr(conds...), nil
	})
}

// register registers provider: its config is decoded as a C (with the
// config's faults) and build makes the condition of it.
func register[C any, PC interface {
	*C
	gen.Encodable
}](provider string, build func(context.Context, C) (any, error)) {
	agentchat.Register(provider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[C, PC](provider, raw)
		if err != nil {
			return nil, err
		}
		return build(ctx, *c)
	})
}

// int64Of reads an optional token limit.
func int64Of(v *gen.Int, member string) (*int64, error) {
	if v == nil {
		return nil, nil
	}
	n, ok := v.Int64()
	if !ok {
		return nil, fmt.Errorf("%s %s is out of range", member, v)
	}
	return &n, nil
}

// loadAll loads the conditions of an And or Or, each error placed at its
// pointer.
func loadAll(ctx context.Context, models []gen.ComponentModel) ([]agentchat.TerminationCondition, error) {
	out := make([]agentchat.TerminationCondition, len(models))
	for i := range models {
		c, err := Load(ctx, &models[i])
		if err != nil {
			return nil, agentchat.AtPointer(fmt.Sprintf("/config/conditions/%d", i), err)
		}
		out[i] = c
	}
	return out, nil
}

// Load builds the termination condition a component config describes,
// with the registry of ctx (see component.LoadModel).
func Load(ctx context.Context, m *gen.ComponentModel) (agentchat.TerminationCondition, error) {
	return component.LoadModelAs[agentchat.TerminationCondition](ctx, m)
}
