// Package agents provides the agents that run a task, alone or inside a
// team: an assistant that answers with a model, calls tools and hands off,
// a user proxy, and agents that wrap a team or filter what another sees.
// They are AutoGen's autogen_agentchat.agents in Go.
//
// It owns:
//
//   - AssistantAgent, AutoGen's AssistantAgent with its whole loop: system
//     message, model context, model client (streamed or not), tools through
//     workbenches (StaticWorkbench, StaticStreamWorkbench, McpWorkbench,
//     HttpTool, FunctionTools bound to registered Go functions), parallel
//     tool calls, max_tool_iterations, reflect_on_tool_use,
//     tool_call_summary_format, handoffs (HandoffDefaults and
//     HandoffToolSchema give AutoGen's transfer_to_X tools), ThoughtEvent,
//     memories (MemoryQueryEvent) and tool errors as AutoGen reports them;
//   - UserProxyAgent, which answers with a person's input from an
//     InputFunc (WithInputFunc gives one to loaded configs);
//   - Memory and ListMemory (autogen_core.memory.ListMemory);
//   - the component providers of these (importing the package registers
//     them): component.Load of an agent config returns a runnable
//     agentchat.ChatAgent.
//
// The ids of the messages an agent makes follow AutoGen's: the chunks of
// a streamed answer carry the id of the message they become
// (full_message_id), and a ThoughtEvent takes the id the answer would have
// had.
package agents
