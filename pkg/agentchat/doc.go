// Package agentchat runs AutoGen's AgentChat in Go: the contracts that
// agents, teams and termination conditions share, and the run loop of a
// single agent (autogen_agentchat.base and BaseChatAgent.run_stream of
// AutoGen 0.7.5).
//
// It owns:
//
//   - the contracts: ChatAgent (an agent: on_messages_stream, on_reset,
//     save_state, load_state), Team (a group chat: run, run_stream, reset,
//     save_state, load_state), Runner (what both run) and
//     TerminationCondition (called with each delta of a group chat, reset
//     when it fires);
//   - the values a run produces: Response (an agent's answer and the events
//     that led to it) and TaskResult (the messages of a run and why it
//     stopped), and Task (what a run starts from: text, messages, or
//     nothing to continue);
//   - RunAgent and RunAgentStream, BaseChatAgent.run and run_stream for any
//     ChatAgent;
//   - the message constructors the runtime uses (NewTextMessage,
//     NewStopMessage, ...), which give each message a new id and the
//     current time as AutoGen's pydantic defaults do;
//   - the error types: *TerminatedError (a condition called again after it
//     fired), *ConfigError (a config the runtime cannot run, with the
//     JSON pointer of the component) and *RunError (an exception a run
//     raised, with AutoGen's class name).
//
// The agents live in package agents (AssistantAgent, UserProxyAgent), the
// termination conditions in package conditions, and the teams in package
// teams; each registers its providers with package component, so that
// component.Load of an AutoGen config returns a runnable value once the
// package is imported.
//
// A run streams as an iter.Seq2 of messages.Message: the task's messages,
// each agent's events and chat messages in AutoGen's order, and last a
// *TaskResult. Cancelling the context ends the run; the error is then
// ctx.Err().
package agentchat
