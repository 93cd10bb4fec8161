// Package conditions decides when a team stops: the termination
// conditions a team checks after each turn (a message count, a text
// mention, a token budget, a timeout, ...), combined with And and Or.
// They are AutoGen's autogen_agentchat.conditions and the AND/OR
// combinations of autogen_agentchat.base.
//
// It owns MaxMessage, TextMention, TextMessage, StopMessage, TokenUsage,
// Handoff, SourceMatch, Timeout, External, FunctionCall and Functional
// (each AutoGen's XxxTermination), And and Or, with AutoGen's stop
// messages, counting and reset semantics, and their component providers:
// importing the package registers them, so component.Load of a
// termination config returns an agentchat.TerminationCondition. Each
// condition but Functional dumps itself (ComponentModel) as AutoGen's
// dump_component() writes it.
//
// Every condition is safe for concurrent use: External.Set may be called
// from any goroutine while a team runs.
package conditions
