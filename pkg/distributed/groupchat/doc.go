// Package groupchat runs AutoGen's AgentChat group chats across workers of
// the distributed runtime (package worker): the group-chat protocol of
// autogen_agentchat.teams._group_chat (AutoGen 0.7.5) on AutoGen's topics
// and agent types, so that Go and Python parts of one team interoperate.
//
// It owns:
//
//   - the events (GroupChatStart, GroupChatAgentResponse,
//     GroupChatRequestPublish, GroupChatMessage, GroupChatTermination,
//     GroupChatError, GroupChatReset) with AutoGen's class names and
//     pydantic JSON, nested messages read as package messages reads them
//     (Serializers);
//   - the participant side (RegisterParticipant, AutoGen's
//     ChatAgentContainer): a Go agentchat.ChatAgent under agent type
//     "<name>_<team id>", answering GroupChatRequestPublish from the
//     messages it buffered, for a manager in any worker;
//   - a round-robin team (RoundRobin, AutoGen's RoundRobinGroupChat with
//     its RoundRobinGroupChatManager) whose participants are local
//     ChatAgents or remote ones (Remote), with a termination condition and
//     a turn limit, streaming its output as agentchat's teams do;
//   - AutoGen's names: GroupTopic, OutputTopic, ParticipantType,
//     RoundRobinManagerType.
//
// A team spread over workers needs one team id that every worker knows
// (AutoGen draws a uuid4 per team): pass the same id to RoundRobin and to
// RegisterParticipant. The manager's worker must not register the remote
// participants' types (the host allows one worker per type). With
// AutoGen's Python side, a cross-process team needs the three workarounds
// that testdata/conformance/distributed/agentchat_grpc_fixes.py describes
// (AutoGen 0.7.5 bugs); the wire is AutoGen's either way.
package groupchat
