package component

import (
	"sort"
	"strings"
)

// ProviderInfo is what this module knows of one AutoGen component class
// without building it: its provider string, its component_type, the schema
// title of its config (its component_config_schema, a type of package gen)
// and where its config holds nested components.
type ProviderInfo struct {
	// Provider is the class's provider string, as dump_component() writes
	// it ("autogen_agentchat.agents.AssistantAgent").
	Provider string
	// ComponentType is the class's component_type ("agent", "team",
	// "model", "termination", "tool", "workbench", "chat_completion_context",
	// "memory", "code_executor").
	ComponentType string
	// Config is the schema title of the config ("AssistantAgentConfig").
	Config string
	// Version is the class's component_version.
	Version int64
	// Nested lists the members of the config that hold components.
	Nested []Slot
	// Description is the description dump_component() writes for the
	// class (its docstring up to the first blank line); empty for a class
	// without a docstring, whose description is null.
	Description string
	// Aliases are the other provider strings AutoGen's load_component
	// accepts for the class: WELL_KNOWN_PROVIDERS short names and the
	// path of the private module that defines it (load_component imports
	// the module and takes the class from it, so both paths work).
	Aliases []string
}

// Slot is a member of a config that holds a component (a ComponentModel)
// or a list of them.
type Slot struct {
	// Member is the config's member name ("model_client", "participants").
	Member string
	// List says the member holds a list of components.
	List bool
	// Types are the component types AutoGen accepts there (it loads the
	// member with ChatCompletionClient.load_component, ChatAgent's, ...,
	// which raise TypeError("Expected type does not match") for another
	// class); empty accepts any.
	Types []string
}

var (
	// A ChatCompletionClient slot: AutoGen checks isinstance, and the
	// replay client is one, of component_type "replay_chat_completion_client".
	slotModel   = Slot{Member: "model_client", Types: []string{"model", "replay_chat_completion_client"}}
	slotContext = Slot{Member: "model_context", Types: []string{"chat_completion_context"}}
	slotTerm    = Slot{Member: "termination_condition", Types: []string{"termination"}}
	slotMembers = Slot{Member: "participants", List: true, Types: []string{"agent", "team"}}
)

// providers is every component class whose config this module has a
// schema for, as AutoGen 0.7.5 defines them (each class's
// component_provider_override, component_type, component_version and
// component_config_schema, read in its source file).
var providers = []ProviderInfo{
	// autogen_agentchat.agents (component_type "agent", from BaseChatAgent).
	{Provider: "autogen_agentchat.agents.AssistantAgent", ComponentType: "agent", Config: "AssistantAgentConfig", Version: 2,
		Nested: []Slot{slotModel,
			{Member: "tools", List: true, Types: []string{"tool"}},
			{Member: "workbench", List: true, Types: []string{"workbench"}},
			slotContext,
			{Member: "memory", List: true, Types: []string{"memory"}},
			{Member: "structured_message_factory"}},
		Aliases: []string{"autogen_agentchat.agents._assistant_agent.AssistantAgent"}},
	{Provider: "autogen_agentchat.agents.UserProxyAgent", ComponentType: "agent", Config: "UserProxyAgentConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.agents._user_proxy_agent.UserProxyAgent"}},
	{Provider: "autogen_agentchat.agents.CodeExecutorAgent", ComponentType: "agent", Config: "CodeExecutorAgentConfig", Version: 1,
		Nested:  []Slot{{Member: "code_executor", Types: []string{"code_executor"}}, slotModel, slotContext},
		Aliases: []string{"autogen_agentchat.agents._code_executor_agent.CodeExecutorAgent"}},
	{Provider: "autogen_agentchat.agents.SocietyOfMindAgent", ComponentType: "agent", Config: "SocietyOfMindAgentConfig", Version: 1,
		Nested:  []Slot{{Member: "team", Types: []string{"team"}}, slotModel, slotContext},
		Aliases: []string{"autogen_agentchat.agents._society_of_mind_agent.SocietyOfMindAgent"}},
	{Provider: "autogen_agentchat.agents.MessageFilterAgent", ComponentType: "agent", Config: "MessageFilterAgentConfig", Version: 1,
		Nested:  []Slot{{Member: "wrapped_agent", Types: []string{"agent"}}},
		Aliases: []string{"autogen_agentchat.agents._message_filter_agent.MessageFilterAgent"}},

	// autogen_agentchat.teams (component_type "team", from BaseGroupChat).
	{Provider: "autogen_agentchat.teams.RoundRobinGroupChat", ComponentType: "team", Config: "RoundRobinGroupChatConfig", Version: 1,
		Nested:  []Slot{slotMembers, slotTerm},
		Aliases: []string{"autogen_agentchat.teams._group_chat._round_robin_group_chat.RoundRobinGroupChat"}},
	{Provider: "autogen_agentchat.teams.SelectorGroupChat", ComponentType: "team", Config: "SelectorGroupChatConfig", Version: 1,
		Nested:  []Slot{slotMembers, slotModel, slotTerm, slotContext},
		Aliases: []string{"autogen_agentchat.teams._group_chat._selector_group_chat.SelectorGroupChat"}},
	{Provider: "autogen_agentchat.teams.Swarm", ComponentType: "team", Config: "SwarmConfig", Version: 1,
		Nested:  []Slot{{Member: "participants", List: true, Types: []string{"agent"}}, slotTerm},
		Aliases: []string{"autogen_agentchat.teams._group_chat._swarm_group_chat.Swarm"}},
	{Provider: "autogen_agentchat.teams.MagenticOneGroupChat", ComponentType: "team", Config: "MagenticOneGroupChatConfig", Version: 1,
		Nested:  []Slot{{Member: "participants", List: true, Types: []string{"agent"}}, slotModel, slotTerm},
		Aliases: []string{"autogen_agentchat.teams._group_chat._magentic_one._magentic_one_group_chat.MagenticOneGroupChat"}},
	{Provider: "autogen_agentchat.teams.GraphFlow", ComponentType: "team", Config: "GraphFlowConfig", Version: 1,
		Nested:  []Slot{slotMembers, slotTerm},
		Aliases: []string{"autogen_agentchat.teams._group_chat._graph._digraph_group_chat.GraphFlow"}},

	// autogen_agentchat.base: the & and | combinators.
	{Provider: "autogen_agentchat.base.AndTerminationCondition", ComponentType: "termination", Config: "AndTerminationConditionConfig", Version: 1,
		Nested:  []Slot{{Member: "conditions", List: true, Types: []string{"termination"}}},
		Aliases: []string{"autogen_agentchat.base._termination.AndTerminationCondition"}},
	{Provider: "autogen_agentchat.base.OrTerminationCondition", ComponentType: "termination", Config: "OrTerminationConditionConfig", Version: 1,
		Nested:  []Slot{{Member: "conditions", List: true, Types: []string{"termination"}}},
		Aliases: []string{"autogen_agentchat.base._termination.OrTerminationCondition"}},

	// autogen_agentchat.conditions (conditions/_terminations.py; component_type
	// "termination", from TerminationCondition).
	{Provider: "autogen_agentchat.conditions.StopMessageTermination", ComponentType: "termination", Config: "StopMessageTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.StopMessageTermination"}},
	{Provider: "autogen_agentchat.conditions.MaxMessageTermination", ComponentType: "termination", Config: "MaxMessageTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.MaxMessageTermination"}},
	{Provider: "autogen_agentchat.conditions.TextMentionTermination", ComponentType: "termination", Config: "TextMentionTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.TextMentionTermination"}},
	{Provider: "autogen_agentchat.conditions.TokenUsageTermination", ComponentType: "termination", Config: "TokenUsageTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.TokenUsageTermination"}},
	{Provider: "autogen_agentchat.conditions.HandoffTermination", ComponentType: "termination", Config: "HandoffTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.HandoffTermination"}},
	{Provider: "autogen_agentchat.conditions.TimeoutTermination", ComponentType: "termination", Config: "TimeoutTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.TimeoutTermination"}},
	{Provider: "autogen_agentchat.conditions.ExternalTermination", ComponentType: "termination", Config: "ExternalTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.ExternalTermination"}},
	{Provider: "autogen_agentchat.conditions.SourceMatchTermination", ComponentType: "termination", Config: "SourceMatchTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.SourceMatchTermination"}},
	{Provider: "autogen_agentchat.conditions.TextMessageTermination", ComponentType: "termination", Config: "TextMessageTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.TextMessageTermination"}},
	{Provider: "autogen_agentchat.conditions.FunctionCallTermination", ComponentType: "termination", Config: "FunctionCallTerminationConfig", Version: 1,
		Aliases: []string{"autogen_agentchat.conditions._terminations.FunctionCallTermination"}},

	// autogen_agentchat.tools.
	{Provider: "autogen_agentchat.tools.AgentTool", ComponentType: "tool", Config: "AgentToolConfig", Version: 1,
		Nested:  []Slot{{Member: "agent", Types: []string{"agent"}}},
		Aliases: []string{"autogen_agentchat.tools._agent.AgentTool"}},
	{Provider: "autogen_agentchat.tools.TeamTool", ComponentType: "tool", Config: "TeamToolConfig", Version: 1,
		Nested:  []Slot{{Member: "team", Types: []string{"team"}}},
		Aliases: []string{"autogen_agentchat.tools._team.TeamTool"}},

	// autogen_core.
	{Provider: "autogen_core.tools.FunctionTool", ComponentType: "tool", Config: "FunctionToolConfig", Version: 1,
		Aliases: []string{"autogen_core.tools._function_tool.FunctionTool"}},
	{Provider: "autogen_core.tools.StaticWorkbench", ComponentType: "workbench", Config: "StaticWorkbenchConfig", Version: 1,
		Nested:  []Slot{{Member: "tools", List: true, Types: []string{"tool"}}},
		Aliases: []string{"autogen_core.tools._static_workbench.StaticWorkbench"}},
	{Provider: "autogen_core.tools.StaticStreamWorkbench", ComponentType: "workbench", Config: "StaticWorkbenchConfig", Version: 1,
		Nested:  []Slot{{Member: "tools", List: true, Types: []string{"tool"}}},
		Aliases: []string{"autogen_core.tools._static_workbench.StaticStreamWorkbench"}},
	{Provider: "autogen_core.model_context.UnboundedChatCompletionContext", ComponentType: "chat_completion_context", Config: "UnboundedChatCompletionContextConfig", Version: 1,
		Aliases: []string{"autogen_core.model_context._unbounded_chat_completion_context.UnboundedChatCompletionContext"}},
	{Provider: "autogen_core.model_context.BufferedChatCompletionContext", ComponentType: "chat_completion_context", Config: "BufferedChatCompletionContextConfig", Version: 1,
		Aliases: []string{"autogen_core.model_context._buffered_chat_completion_context.BufferedChatCompletionContext"}},
	{Provider: "autogen_core.model_context.HeadAndTailChatCompletionContext", ComponentType: "chat_completion_context", Config: "HeadAndTailChatCompletionContextConfig", Version: 1,
		Aliases: []string{"autogen_core.model_context._head_and_tail_chat_completion_context.HeadAndTailChatCompletionContext"}},
	{Provider: "autogen_core.model_context.TokenLimitedChatCompletionContext", ComponentType: "chat_completion_context", Config: "TokenLimitedChatCompletionContextConfig", Version: 1,
		Nested:  []Slot{slotModel},
		Aliases: []string{"autogen_core.model_context._token_limited_chat_completion_context.TokenLimitedChatCompletionContext"}},
	{Provider: "autogen_core.memory.ListMemory", ComponentType: "memory", Config: "ListMemoryConfig", Version: 1,
		Aliases: []string{"autogen_core.memory._list_memory.ListMemory"}},

	// autogen_ext model clients.
	{Provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", ComponentType: "model", Config: "OpenAIClientConfigurationConfigModel", Version: 1,
		Aliases: []string{"openai_chat_completion_client", "OpenAIChatCompletionClient", "autogen_ext.models.openai._openai_client.OpenAIChatCompletionClient"}},
	{Provider: "autogen_ext.models.openai.AzureOpenAIChatCompletionClient", ComponentType: "model", Config: "AzureOpenAIClientConfigurationConfigModel", Version: 1,
		Nested:  []Slot{{Member: "azure_ad_token_provider", Types: []string{"token_provider"}}},
		Aliases: []string{"azure_openai_chat_completion_client", "AzureOpenAIChatCompletionClient", "autogen_ext.models.openai._openai_client.AzureOpenAIChatCompletionClient"}},
	{Provider: "autogen_ext.models.anthropic.AnthropicChatCompletionClient", ComponentType: "model", Config: "AnthropicClientConfigurationConfigModel", Version: 1,
		Aliases: []string{"autogen_ext.models.anthropic._anthropic_client.AnthropicChatCompletionClient"}},
	{Provider: "autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient", ComponentType: "model", Config: "AnthropicBedrockClientConfigurationConfigModel", Version: 1,
		Aliases: []string{"autogen_ext.models.anthropic._anthropic_client.AnthropicBedrockChatCompletionClient"}},
	{Provider: "autogen_ext.models.ollama.OllamaChatCompletionClient", ComponentType: "model", Config: "OllamaClientConfigurationConfigModel", Version: 1,
		Aliases: []string{"OllamaChatCompletionClient", "autogen_ext.models.ollama._ollama_client.OllamaChatCompletionClient"}},

	{Provider: "autogen_ext.models.replay.ReplayChatCompletionClient", ComponentType: "replay_chat_completion_client", Config: "ReplayChatCompletionClientConfig", Version: 1,
		Aliases: []string{"autogen_ext.models.replay._replay_chat_completion_client.ReplayChatCompletionClient"}},

	// autogen_ext memories and auth.
	{Provider: "autogen_ext.memory.chromadb.ChromaDBVectorMemory", ComponentType: "memory", Config: "ChromaDBVectorMemoryConfig", Version: 1,
		Aliases: []string{"autogen_ext.memory.chromadb._chromadb.ChromaDBVectorMemory"}},
	{Provider: "autogen_ext.auth.azure.AzureTokenProvider", ComponentType: "token_provider", Config: "TokenProviderConfig", Version: 1},

	// autogen_ext agents and tools.
	{Provider: "autogen_ext.agents.web_surfer.MultimodalWebSurfer", ComponentType: "agent", Config: "MultimodalWebSurferConfig", Version: 1,
		Nested:  []Slot{slotModel},
		Aliases: []string{"autogen_ext.agents.web_surfer._multimodal_web_surfer.MultimodalWebSurfer"}},
	{Provider: "autogen_ext.tools.code_execution.PythonCodeExecutionTool", ComponentType: "tool", Config: "PythonCodeExecutionToolConfig", Version: 1,
		Nested:  []Slot{{Member: "executor", Types: []string{"code_executor"}}},
		Aliases: []string{"autogen_ext.tools.code_execution._code_execution.PythonCodeExecutionTool"}},

	// autogen_ext workbenches and code executors.
	{Provider: "autogen_ext.tools.http.HttpTool", ComponentType: "tool", Config: "HttpToolConfig", Version: 1,
		Aliases: []string{"autogen_ext.tools.http._http_tool.HttpTool"}},
	{Provider: "autogen_ext.tools.mcp.McpWorkbench", ComponentType: "workbench", Config: "McpWorkbenchConfig", Version: 1,
		Nested:  []Slot{{Member: "host", Types: []string{"mcp_session_host"}}},
		Aliases: []string{"autogen_ext.tools.mcp._workbench.McpWorkbench"}},

	// The MCP session host and its parts (autogen_ext/tools/mcp/_host/;
	// component_type from each base class: McpSessionHost, Sampler,
	// Elicitor, RootsProvider). Each also loads by the path of the _host
	// package and of its private module.
	{Provider: "autogen_ext.tools.mcp.McpSessionHost", ComponentType: "mcp_session_host", Config: "McpSessionHostConfig", Version: 1,
		Nested: []Slot{{Member: "sampler", Types: []string{"mcp_sampler"}},
			{Member: "elicitor", Types: []string{"mcp_elicitor"}},
			{Member: "roots", Types: []string{"mcp_roots_provider"}}},
		Aliases: []string{"autogen_ext.tools.mcp._host.McpSessionHost", "autogen_ext.tools.mcp._host._session_host.McpSessionHost"}},
	{Provider: "autogen_ext.tools.mcp.ChatCompletionClientSampler", ComponentType: "mcp_sampler", Config: "ChatCompletionClientSamplerConfig", Version: 1,
		Nested:  []Slot{{Member: "client_config", Types: slotModel.Types}},
		Aliases: []string{"autogen_ext.tools.mcp._host.ChatCompletionClientSampler", "autogen_ext.tools.mcp._host._sampling.ChatCompletionClientSampler"}},
	{Provider: "autogen_ext.tools.mcp.StdioElicitor", ComponentType: "mcp_elicitor", Config: "StdioElicitorConfig", Version: 1,
		Aliases: []string{"autogen_ext.tools.mcp._host.StdioElicitor", "autogen_ext.tools.mcp._host._elicitation.StdioElicitor"}},
	{Provider: "autogen_ext.tools.mcp.StaticRootsProvider", ComponentType: "mcp_roots_provider", Config: "StaticRootsProviderConfig", Version: 1,
		Aliases: []string{"autogen_ext.tools.mcp._host.StaticRootsProvider", "autogen_ext.tools.mcp._host._roots.StaticRootsProvider"}},
	{Provider: "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", ComponentType: "code_executor", Config: "LocalCommandLineCodeExecutorConfig", Version: 1},
	{Provider: "autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor", ComponentType: "code_executor", Config: "DockerCommandLineCodeExecutorConfig", Version: 1,
		Aliases: []string{"autogen_ext.code_executors.docker._docker_code_executor.DockerCommandLineCodeExecutor"}},
	{Provider: "autogen_ext.code_executors.jupyter.JupyterCodeExecutor", ComponentType: "code_executor", Config: "JupyterCodeExecutorConfig", Version: 1,
		Aliases: []string{"autogen_ext.code_executors.jupyter._jupyter_code_executor.JupyterCodeExecutor"}},
}

var providerIndex = func() map[string]*ProviderInfo {
	m := map[string]*ProviderInfo{}
	for i := range providers {
		p := &providers[i]
		p.Description = classDescriptions[p.Provider]
		m[p.Provider] = p
		for _, a := range p.Aliases {
			m[a] = p
		}
	}
	return m
}()

// LookupProvider returns what this module knows of the component class a
// ComponentModel's provider names: its full provider string, or any alias
// AutoGen's load_component accepts (a WELL_KNOWN_PROVIDERS short name such
// as "OpenAIChatCompletionClient", or the class's private module path).
func LookupProvider(provider string) (ProviderInfo, bool) {
	if p, ok := providerIndex[provider]; ok {
		return *p, true
	}
	return ProviderInfo{}, false
}

// KnownProviders returns every provider LookupProvider knows (not the
// aliases), sorted.
func KnownProviders() []string {
	out := make([]string, len(providers))
	for i, p := range providers {
		out[i] = p.Provider
	}
	sort.Strings(out)
	return out
}

// Accepts reports whether a slot accepts a component of type ctype.
func (s Slot) Accepts(ctype string) bool {
	if len(s.Types) == 0 {
		return true
	}
	for _, t := range s.Types {
		if t == ctype {
			return true
		}
	}
	return false
}

// TypesText names the slot's accepted component types for messages: "a
// model", "an agent or a team".
func (s Slot) TypesText() string {
	parts := make([]string, len(s.Types))
	for i, t := range s.Types {
		parts[i] = article(t) + " " + t
	}
	return strings.Join(parts, " or ")
}

func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}
