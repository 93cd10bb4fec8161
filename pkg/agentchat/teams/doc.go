// Package teams runs a task with several agents (or teams) together, as
// group chats: in turn, with a model choosing who speaks, by handoffs,
// along a graph, or under a planning orchestrator. They are AutoGen's
// autogen_agentchat.teams in Go.
//
// It owns the group chat that every kind of team shares (AutoGen's
// BaseGroupChat, BaseGroupChatManager and ChatAgentContainer: message
// buffers, the message thread, termination and max_turns with AutoGen's
// reset semantics and stop reasons, the order of events, TeamState) and
// RoundRobinGroupChat, with its component provider: importing the
// package registers it, so component.Load of a team config returns a
// runnable agentchat.Team. Every team built in Go dumps itself
// (ComponentModel, component.Dump) as AutoGen's dump_component() writes
// the same team: its participants and conditions dumped with their own
// ComponentModel; what has no config (a custom participant, a graph edge's
// ConditionFunc) is a *component.DumpError at its pointer.
//
// A team runs on the caller's goroutine: each participant speaks in turn,
// its events passed to the stream as it makes them. Teams are not safe for
// concurrent runs (a second run while one runs is AutoGen's ValueError);
// separate teams run concurrently.
package teams
