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
	agentchat.Register(StopMessageProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		if _, err := agentchat.DecodeConfig[gen.StopMessageTerminationConfig](StopMessageProvider, raw); err != nil {
			return nil, err
		}
		return NewStopMessage(), nil
	})
	agentchat.Register(MaxMessageProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.MaxMessageTerminationConfig](MaxMessageProvider, raw)
		if err != nil {
			return nil, err
		}
		n, ok := c.MaxMessages.Int64()
		if !ok {
			return nil, fmt.Errorf("max_messages %s is out of range", c.MaxMessages)
		}
		return NewMaxMessage(n, c.IncludeAgentEvent), nil
	})
	agentchat.Register(TextMentionProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.TextMentionTerminationConfig](TextMentionProvider, raw)
		if err != nil {
			return nil, err
		}
		return NewTextMention(c.Text, nil), nil
	})
	agentchat.Register(TokenUsageProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.TokenUsageTerminationConfig](TokenUsageProvider, raw)
		if err != nil {
			return nil, err
		}
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
	agentchat.Register(HandoffProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.HandoffTerminationConfig](HandoffProvider, raw)
		if err != nil {
			return nil, err
		}
		return NewHandoff(c.Target), nil
	})
	agentchat.Register(TimeoutProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.TimeoutTerminationConfig](TimeoutProvider, raw)
		if err != nil {
			return nil, err
		}
		return NewTimeout(c.TimeoutSeconds), nil
	})
	agentchat.Register(ExternalProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		if _, err := agentchat.DecodeConfig[gen.ExternalTerminationConfig](ExternalProvider, raw); err != nil {
			return nil, err
		}
		return NewExternal(), nil
	})
	agentchat.Register(SourceMatchProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.SourceMatchTerminationConfig](SourceMatchProvider, raw)
		if err != nil {
			return nil, err
		}
		return NewSourceMatch(c.Sources), nil
	})
	agentchat.Register(TextMessageProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.TextMessageTerminationConfig](TextMessageProvider, raw)
		if err != nil {
			return nil, err
		}
		return NewTextMessage(c.Source), nil
	})
	agentchat.Register(FunctionCallProvider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.FunctionCallTerminationConfig](FunctionCallProvider, raw)
		if err != nil {
			return nil, err
		}
		return NewFunctionCall(c.FunctionName), nil
	})
	agentchat.Register(AndProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.AndTerminationConditionConfig](AndProvider, raw)
		if err != nil {
			return nil, err
		}
		conds, err := loadAll(ctx, c.Conditions)
		if err != nil {
			return nil, err
		}
		return NewAnd(conds...), nil
	})
	agentchat.Register(OrProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.OrTerminationConditionConfig](OrProvider, raw)
		if err != nil {
			return nil, err
		}
		conds, err := loadAll(ctx, c.Conditions)
		if err != nil {
			return nil, err
		}
		return NewOr(conds...), nil
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
