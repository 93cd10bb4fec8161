package conditions

import (
	"strconv"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
)

// Every condition with an AutoGen class dumps itself; Functional, like
// AutoGen's FunctionalTermination, has no component config.
var (
	_ component.Component = (*StopMessage)(nil)
	_ component.Component = (*MaxMessage)(nil)
	_ component.Component = (*TextMention)(nil)
	_ component.Component = (*TokenUsage)(nil)
	_ component.Component = (*Handoff)(nil)
	_ component.Component = (*Timeout)(nil)
	_ component.Component = (*External)(nil)
	_ component.Component = (*SourceMatch)(nil)
	_ component.Component = (*TextMessage)(nil)
	_ component.Component = (*FunctionCall)(nil)
	_ component.Component = (*And)(nil)
	_ component.Component = (*Or)(nil)
)

// ComponentModel returns the condition's component config, as AutoGen's
// StopMessageTermination.dump_component() writes it: {}.
func (c *StopMessage) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(StopMessageProvider, &gen.StopMessageTerminationConfig{})
}

// ComponentModel returns the condition's component config:
// {"max_messages": N, "include_agent_event": B}.
func (c *MaxMessage) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(MaxMessageProvider, &gen.MaxMessageTerminationConfig{
		MaxMessages: gen.IntOf(c.maxMessages), IncludeAgentEvent: c.includeAgentEvent})
}

// ComponentModel returns the condition's component config: {"text": T}.
// Its sources are not part of it (AutoGen's _to_config leaves them out
// too), so the loaded condition matches any source.
func (c *TextMention) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(TextMentionProvider, &gen.TextMentionTerminationConfig{Text: c.text})
}

// ComponentModel returns the condition's component config: the limits
// that are set.
func (c *TokenUsage) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(TokenUsageProvider, &gen.TokenUsageTerminationConfig{
		MaxTotalToken: c.maxTotal, MaxPromptToken: c.maxPrompt, MaxCompletionToken: c.maxCompletion})
}

// ComponentModel returns the condition's component config: {"target": T}.
func (c *Handoff) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(HandoffProvider, &gen.HandoffTerminationConfig{Target: c.target})
}

// ComponentModel returns the condition's component config:
// {"timeout_seconds": S}, a float.
func (c *Timeout) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(TimeoutProvider, &gen.TimeoutTerminationConfig{TimeoutSeconds: c.seconds})
}

// ComponentModel returns the condition's component config: {}.
func (c *External) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(ExternalProvider, &gen.ExternalTerminationConfig{})
}

// ComponentModel returns the condition's component config:
// {"sources": [...]}.
func (c *SourceMatch) ComponentModel() (gen.ComponentModel, error) {
	sources := c.sources
	if sources == nil {
		sources = []string{}
	}
	return component.ModelOf(SourceMatchProvider, &gen.SourceMatchTerminationConfig{Sources: sources})
}

// ComponentModel returns the condition's component config: {"source": S},
// or {} without a source.
func (c *TextMessage) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(TextMessageProvider, &gen.TextMessageTerminationConfig{Source: c.source})
}

// ComponentModel returns the condition's component config:
// {"function_name": F}.
func (c *FunctionCall) ComponentModel() (gen.ComponentModel, error) {
	return component.ModelOf(FunctionCallProvider, &gen.FunctionCallTerminationConfig{FunctionName: c.name})
}

// ComponentModel returns the conjunction's component config:
// {"conditions": [each condition's component config]}. A condition
// without one (Functional, a Go type of its own) is a
// *component.DumpError at its pointer ("/config/conditions/1").
func (c *And) ComponentModel() (gen.ComponentModel, error) {
	conds, err := dumpAll(c.conds)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return component.ModelOf(AndProvider, &gen.AndTerminationConditionConfig{Conditions: conds})
}

// ComponentModel returns the disjunction's component config, as And's.
func (c *Or) ComponentModel() (gen.ComponentModel, error) {
	conds, err := dumpAll(c.conds)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return component.ModelOf(OrProvider, &gen.OrTerminationConditionConfig{Conditions: conds})
}

// dumpAll dumps the conditions of an And or Or.
func dumpAll(conds []agentchat.TerminationCondition) ([]gen.ComponentModel, error) {
	out := make([]gen.ComponentModel, len(conds))
	for i, x := range conds {
		m, err := component.NestedModel("/config/conditions/"+strconv.Itoa(i), x)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}
