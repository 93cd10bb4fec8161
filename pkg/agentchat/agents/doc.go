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
//   - CodeExecutorAgent, which runs the markdown code blocks of the
//     messages it gets with a codeexec.Executor (pkg/codeexec/local), or,
//     with a model client, has the model write code, runs it (retrying up
//     to MaxRetriesOnError) and has the model reflect on the result
//     (CodeGenerationEvent, CodeExecutionEvent); its saved state is
//     AutoGen's BaseState (the model context is not saved, as in AutoGen);
//   - Memory and ListMemory (autogen_core.memory.ListMemory);
//   - the component providers of these (importing the package registers
//     them): component.Load of an agent config returns a runnable
//     agentchat.ChatAgent, and each agent, ListMemory and AgentTool or
//     TeamTool built in Go dumps itself (ComponentModel, component.Dump) as
//     AutoGen's dump_component() writes it.
//
// # Approving code runs
//
// A CodeExecutorAgent given an ApprovalFunc (CodeExecutorOptions.Approval,
// or WithApprovalFunc for agents loaded from a config, which cannot hold
// one) asks it before every code run. The ApprovalRequest holds the code
// as AutoGen shows it (each block as "```lang\ncode\n```", joined by a
// blank line) and the agent's model context; the ApprovalResponse approves
// or denies with a reason. A denied run does not happen: its result is
// "Code execution was not approved. Reason: <reason>" with exit code 1,
// which the agent answers with (or, with a model client, reports in its
// CodeExecutionEvent and reflects on). An error from the callback ends the
// agent's call with that error. This is AutoGen's approval_func, the first
// tool-approval hook of this runtime.
//
// The ids of the messages an agent makes follow AutoGen's: the chunks of
// a streamed answer carry the id of the message they become
// (full_message_id), and a ThoughtEvent takes the id the answer would have
// had.
package agents
