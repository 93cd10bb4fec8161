// Package teams is AutoGen's autogen_agentchat.teams in Go: group chats
// of agents (and of teams) that run a task together.
//
// It owns the group chat that every kind of team shares (AutoGen's
// BaseGroupChat, BaseGroupChatManager and ChatAgentContainer: message
// buffers, the message thread, termination and max_turns with AutoGen's
// reset semantics and stop reasons, the order of events, TeamState) and
// RoundRobinGroupChat, with its component provider: importing the
// package registers it, so component.Load of a team config returns a
// runnable agentchat.Team.
//
// A team runs on the caller's goroutine: each participant speaks in turn,
// its events passed to the stream as it makes them. Teams are not safe for
// concurrent runs (a second run while one runs is AutoGen's ValueError);
// separate teams run concurrently.
package teams
