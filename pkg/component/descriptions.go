package component

// classDescriptions is the description dump_component() writes for each
// known class: its component_description, or its docstring up to the first
// blank line (see Docstring), read from AutoGen 0.7.5's source files (the
// docstrings as written, indentation kept, as Python before 3.13 keeps
// them). A class without a docstring (AndTerminationCondition,
// OrTerminationCondition) has none: null.
var classDescriptions = map[string]string{
	"autogen_agentchat.agents.AssistantAgent":                           "An agent that provides assistance with tool use.\n    The :meth:`on_messages` returns a :class:`~autogen_agentchat.base.Response`\n    in which :attr:`~autogen_agentchat.base.Response.chat_message` is the final\n    response message.",
	"autogen_agentchat.agents.UserProxyAgent":                           "An agent that can represent a human user through an input function.",
	"autogen_agentchat.agents.CodeExecutorAgent":                        "(Experimental) An agent that generates and executes code snippets based on user instructions.",
	"autogen_agentchat.agents.SocietyOfMindAgent":                       "An agent that uses an inner team of agents to generate responses.",
	"autogen_agentchat.agents.MessageFilterAgent":                       "A wrapper agent that filters incoming messages before passing them to the inner agent.",
	"autogen_agentchat.teams.RoundRobinGroupChat":                       "A team that runs a group chat with participants taking turns in a round-robin fashion\n    to publish a message to all.",
	"autogen_agentchat.teams.SelectorGroupChat":                         "A group chat team that have participants takes turn to publish a message\n    to all, using a ChatCompletion model to select the next speaker after each message.",
	"autogen_agentchat.teams.Swarm":                                     "A group chat team that selects the next speaker based on handoff message only.",
	"autogen_agentchat.teams.MagenticOneGroupChat":                      "A team that runs a group chat with participants managed by the MagenticOneOrchestrator.",
	"autogen_agentchat.teams.GraphFlow":                                 "A team that runs a group chat following a Directed Graph execution pattern.",
	"autogen_agentchat.conditions.StopMessageTermination":               "Terminate the conversation if a StopMessage is received.",
	"autogen_agentchat.conditions.MaxMessageTermination":                "Terminate the conversation after a maximum number of messages have been exchanged.",
	"autogen_agentchat.conditions.TextMentionTermination":               "Terminate the conversation if a specific text is mentioned.",
	"autogen_agentchat.conditions.TokenUsageTermination":                "Terminate the conversation if a token usage limit is reached.",
	"autogen_agentchat.conditions.HandoffTermination":                   "Terminate the conversation if a :class:`~autogen_agentchat.messages.HandoffMessage`\n    with the given target is received.",
	"autogen_agentchat.conditions.TimeoutTermination":                   "Terminate the conversation after a specified duration has passed.",
	"autogen_agentchat.conditions.ExternalTermination":                  "A termination condition that is externally controlled\n    by calling the :meth:`set` method.",
	"autogen_agentchat.conditions.SourceMatchTermination":               "Terminate the conversation after a specific source responds.",
	"autogen_agentchat.conditions.TextMessageTermination":               "Terminate the conversation if a :class:`~autogen_agentchat.messages.TextMessage` is received.",
	"autogen_agentchat.conditions.FunctionCallTermination":              "Terminate the conversation if a :class:`~autogen_core.models.FunctionExecutionResult`\n    with a specific name was received.",
	"autogen_agentchat.tools.AgentTool":                                 "Tool that can be used to run a task using an agent.",
	"autogen_agentchat.tools.TeamTool":                                  "Tool that can be used to run a task.",
	"autogen_core.tools.FunctionTool":                                   "Create custom tools by wrapping standard Python functions.",
	"autogen_core.tools.StaticWorkbench":                                "A workbench that provides a static set of tools that do not change after\n    each tool execution.",
	"autogen_core.tools.StaticStreamWorkbench":                          "A workbench that provides a static set of tools that do not change after\n    each tool execution, and supports streaming results.",
	"autogen_core.model_context.UnboundedChatCompletionContext":         "An unbounded chat completion context that keeps a view of the all the messages.",
	"autogen_core.model_context.BufferedChatCompletionContext":          "A buffered chat completion context that keeps a view of the last n messages,\n    where n is the buffer size. The buffer size is set at initialization.",
	"autogen_core.model_context.HeadAndTailChatCompletionContext":       "A chat completion context that keeps a view of the first n and last m messages,\n    where n is the head size and m is the tail size. The head and tail sizes\n    are set at initialization.",
	"autogen_core.model_context.TokenLimitedChatCompletionContext":      "(Experimental) A token based chat completion context maintains a view of the context up to a token limit.",
	"autogen_core.memory.ListMemory":                                    "Simple chronological list-based memory implementation.",
	"autogen_ext.models.openai.OpenAIChatCompletionClient":              "Chat completion client for OpenAI hosted models.",
	"autogen_ext.models.openai.AzureOpenAIChatCompletionClient":         "Chat completion client for Azure OpenAI hosted models.",
	"autogen_ext.models.anthropic.AnthropicChatCompletionClient":        "Chat completion client for Anthropic's Claude models.",
	"autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient": "Chat completion client for Anthropic's Claude models on AWS Bedrock.",
	"autogen_ext.models.ollama.OllamaChatCompletionClient":              "Chat completion client for Ollama hosted models.",
	"autogen_ext.tools.mcp.McpWorkbench":                                "A workbench that wraps an MCP server and provides an interface\n    to list and call tools provided by the server.",
	"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor":     "A code executor class that executes code through a local command line\n    environment.",
	"autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor":   "Executes code through a command line environment in a Docker container.",
	"autogen_ext.code_executors.jupyter.JupyterCodeExecutor":            "A code executor class that executes code statefully using [nbclient](https://github.com/jupyter/nbclient).",
}
