package component

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/modelinfo"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pysyntax"
)

// The descriptions dump_component() writes for the components AutoGen's
// constructors create when a config leaves them out (each class's
// docstring up to its first blank line, as in examples/studio/team.json,
// which AutoGen wrote).
var (
	// autogen_core/model_context/_unbounded_chat_completion_context.py.
	unboundedSpec = Spec{
		Provider:      "autogen_core.model_context.UnboundedChatCompletionContext",
		ComponentType: "chat_completion_context",
		Description:   "An unbounded chat completion context that keeps a view of the all the messages.",
	}
	// autogen_core/tools/_static_workbench.py.
	staticStreamWorkbenchSpec = Spec{
		Provider:      "autogen_core.tools.StaticStreamWorkbench",
		ComponentType: "workbench",
		Description:   "A workbench that provides a static set of tools that do not change after\n    each tool execution, and supports streaming results.",
	}
)

// The defaults AutoGen 0.7.5's constructors put in place of a config's
// missing or empty members (class constants, read in each source file).
const (
	// BaseGroupChat subclasses' DEFAULT_DESCRIPTION (GraphFlow's has no
	// final period).
	teamDescription      = "A team of agents."
	graphFlowDescription = "A team of agents"
	// SocietyOfMindAgent (agents/_society_of_mind_agent.py).
	somDescription    = "An agent that uses an inner team of agents to generate responses."
	somInstruction    = "Earlier you were asked to fulfill a request. You and your team worked diligently to address that request. Here is a transcript of that conversation:"
	somResponsePrompt = "Output a standalone response to the original request, without mentioning any of the intermediate discussion."
	// CodeExecutorAgent (agents/_code_executor_agent.py).
	codeTerminalDescription = "A computer terminal that performs no other action than running Python scripts (provided to it quoted in ```python code blocks), or sh shell scripts (provided to it quoted in ```sh code blocks)."
	// MultimodalWebSurfer.DEFAULT_DESCRIPTION (agents/web_surfer/_multimodal_web_surfer.py),
	// a triple-quoted string: its newlines and indentation are kept.
	webSurferDescription = "\n    A helpful assistant with access to a web browser.\n    Ask them to perform web searches, open pages, and interact with content (e.g., clicking links, scrolling the viewport, filling in form fields, etc.).\n    It can also summarize the entire page, or answer questions based on the content of the page.\n    It can also be asked to sleep and wait for pages to load, in cases where the page seems not yet fully loaded.\n    "
	codeAgentDescription = "A Code Execution Agent that generates and executes Python and shell scripts based on user instructions. It ensures correctness, efficiency, and minimal errors while gracefully handling edge cases."
)

// DumpConfig returns what AutoGen's _to_config() writes for a component
// that _from_config() built from v, a config decoded by DecodeConfig (or
// ConfigOf): the constructors' defaults and rewrites (a team's name and
// description, an AssistantAgent's tools in a StaticStreamWorkbench, a
// default UnboundedChatCompletionContext, secrets masked, ...). v may be
// changed in place. A config the constructor refuses is an
// agentschema.Faults with pointers from the component's envelope (such as
// "/config/participants"). Configs of other types are returned as they
// are.
func DumpConfig(v gen.Encodable) (gen.Encodable, error) { return dumpConfig(v, "") }

// dumpConfig turns a validated config into what the component's
// _to_config() returns after _from_config() built it: AutoGen 0.7.5's
// constructors fill defaults the config model leaves empty and rewrite
// some members, so load_component(x).dump_component() differs from x. ptr
// is the component's pointer, for refusals (the constructors' ValueErrors
// that need nothing but the config to decide). Each family's constructors
// are in their own function (dumpAgent, dumpTeam, dumpModelClient,
// dumpOther), which leaves the configs of other families alone.
func dumpConfig(v gen.Encodable, ptr string) (gen.Encodable, error) {
	if c, ok := v.(*gen.AssistantAgentConfig); ok {
		return c, dumpAssistant(c, ptr)
	}
	if err := dumpAgent(v); err != nil {
		return nil, err
	}
	if err := dumpTeam(v, ptr); err != nil {
		return nil, err
	}
	if err := dumpModelClient(v, ptr); err != nil {
		return nil, err
	}
	if err := dumpOther(v, ptr); err != nil {
		return nil, err
	}
	return v, nil
}

// dumpAgent applies the constructors of the agents other than
// AssistantAgent (dumpAssistant) to v.
func dumpAgent(v gen.Encodable) error {
	switch c := v.(type) {
	case *gen.UserProxyAgentConfig:
		// UserProxyAgent._to_config: input_func=None ("TODO: Add ability
		// to serialize input_func"); _from_config ignores it too.
		c.InputFunc = nil
	case *gen.CodeExecutorAgentConfig:
		// CodeExecutorAgent.__init__: description None -> the terminal's
		// description without a model client, the agent's with one;
		// model_context None -> UnboundedChatCompletionContext();
		// supported_languages None -> DEFAULT_SUPPORTED_LANGUAGES.
		if c.Description == nil {
			d := codeTerminalDescription
			if c.ModelClient != nil {
				d = codeAgentDescription
			}
			c.Description = &d
		}
		if err := defaultContext(&c.ModelContext); err != nil {
			return err
		}
		if c.SupportedLanguages == nil {
			c.SupportedLanguages = []string{"python", "sh"}
		}
	case *gen.SocietyOfMindAgentConfig:
		// SocietyOfMindAgent._from_config: "config.description or
		// cls.DEFAULT_DESCRIPTION", the same for instruction and
		// response_prompt; __init__: model_context None -> unbounded.
		orDefault(&c.Description, somDescription)
		orDefault(&c.Instruction, somInstruction)
		orDefault(&c.ResponsePrompt, somResponsePrompt)
		return defaultContext(&c.ModelContext)
	case *gen.MultimodalWebSurferConfig:
		// MultimodalWebSurfer._from_config: "config.description or
		// cls.DEFAULT_DESCRIPTION", "config.start_page or
		// cls.DEFAULT_START_PAGE".
		orDefault(&c.Description, webSurferDescription)
		orDefault(&c.StartPage, "https://www.bing.com/")
	}
	return nil
}

// dumpTeam applies the teams' constructors to v. Each team's __init__:
// "name=name or self.DEFAULT_NAME, description=description or
// self.DEFAULT_DESCRIPTION", and at least one participant.
func dumpTeam(v gen.Encodable, ptr string) error {
	var participants []gen.ComponentModel
	switch c := v.(type) {
	case *gen.RoundRobinGroupChatConfig:
		participants = c.Participants
	case *gen.SelectorGroupChatConfig:
		participants = c.Participants
	case *gen.SwarmConfig:
		participants = c.Participants
	case *gen.MagenticOneGroupChatConfig:
		participants = c.Participants
	case *gen.GraphFlowConfig:
		participants = c.Participants
	}
	if err := uniqueNames(participants, ptr); err != nil {
		return err
	}
	switch c := v.(type) {
	case *gen.RoundRobinGroupChatConfig:
		return teamDefaults(&c.Name, &c.Description, "RoundRobinGroupChat", teamDescription, len(c.Participants), ptr)
	case *gen.SelectorGroupChatConfig:
		// (model_context None stays None: the team keeps the argument,
		// only its manager makes an unbounded context.)
		if err := teamDefaults(&c.Name, &c.Description, "SelectorGroupChat", teamDescription, len(c.Participants), ptr); err != nil {
			return err
		}
		// SelectorGroupChat.__init__: "At least two participants are
		// required for SelectorGroupChat."
		if len(c.Participants) < 2 {
			return refusal(ptr+"/config/participants", "Value error, At least two participants are required for SelectorGroupChat.")
		}
	case *gen.SwarmConfig:
		if err := teamDefaults(&c.Name, &c.Description, "Swarm", teamDescription, len(c.Participants), ptr); err != nil {
			return err
		}
		// Swarm.__init__: "The first participant must be able to produce
		// a handoff messages." (HandoffMessage in its
		// produced_message_types; teams/_group_chat/_swarm_group_chat.py).
		if handoffs, known := producesHandoffs(&c.Participants[0]); known && !handoffs {
			return refusal(ptr+"/config/participants/0", "Value error, The first participant must be able to produce a handoff messages.")
		}
	case *gen.MagenticOneGroupChatConfig:
		return teamDefaults(&c.Name, &c.Description, "MagenticOneGroupChat", teamDescription, len(c.Participants), ptr)
	case *gen.GraphFlowConfig:
		return teamDefaults(&c.Name, &c.Description, "GraphFlow", graphFlowDescription, len(c.Participants), ptr)
	}
	return nil
}

// teamDefaults fills a team's name and description with its defaults when
// empty, then refuses a team of no participants (n).
func teamDefaults(name, description **string, defName, defDescription string, n int, ptr string) error {
	orDefault(name, defName)
	orDefault(description, defDescription)
	return needParticipants(n, ptr)
}

// dumpModelClient applies the model clients' constructors to v: secrets
// masked, and what the clients drop from the config they keep.
func dumpModelClient(v gen.Encodable, ptr string) error {
	switch c := v.(type) {
	case *gen.OpenAIClientConfigurationConfigModel:
		// OpenAIChatCompletionClient keeps the config as given
		// (_raw_config is copied before model_info is taken out).
		MaskSecrets(c)
		return openAIModelInfo(c.Model, c.ModelInfo != nil, c.ModelCapabilities != nil, ptr)
	case *gen.AnthropicClientConfigurationConfigModel:
		MaskSecrets(c)
		return anthropicModelInfo(c.Model, c.ModelInfo != nil, ptr)
	case *gen.AnthropicBedrockClientConfigurationConfigModel:
		MaskSecrets(c)
		if c.BedrockInfo == nil {
			return refusal(ptr+"/config", "Value error, bedrock_info is required for AnthropicBedrockChatCompletionClient")
		}
		return anthropicModelInfo(c.Model, c.ModelInfo != nil, ptr)
	case *gen.AzureOpenAIClientConfigurationConfigModel:
		// AzureOpenAIChatCompletionClient.__init__ deletes model_info and
		// model_capabilities from copied_args, which becomes _raw_config,
		// which _to_config dumps (models/openai/_openai_client.py).
		err := openAIModelInfo(c.Model, c.ModelInfo != nil, c.ModelCapabilities != nil, ptr)
		c.ModelInfo, c.ModelCapabilities = nil, nil
		MaskSecrets(c)
		return err
	case *gen.OllamaClientConfigurationConfigModel:
		// OllamaChatCompletionClient.__init__ does the same
		// (models/ollama/_ollama_client.py), after its refusals.
		err := ollamaModelInfo(c, ptr)
		c.ModelInfo, c.ModelCapabilities = nil, nil
		return err
	case *gen.ReplayChatCompletionClientConfig:
		// ReplayChatCompletionClient.__init__: model_info None -> a
		// ModelInfo without capabilities, family "unknown"
		// (models/replay/_replay_chat_completion_client.py).
		if c.ModelInfo == nil {
			c.ModelInfo = &gen.ModelInfo{Family: gen.ModelFamily("unknown")}
		}
	}
	return nil
}

// openAIModelInfo is BaseOpenAIChatCompletionClient.__init__'s refusals
// (models/openai/_openai_client.py): a model AutoGen's table does not
// know needs a model_info (or the deprecated model_capabilities), and the
// two cannot be given together.
func openAIModelInfo(model string, info, caps bool, ptr string) error {
	switch {
	case info && caps:
		return refusal(ptr+"/config/model_capabilities", "Value error, model_capabilities and model_info are mutually exclusive")
	case info || caps:
		return nil
	}
	if _, ok := modelinfo.Lookup(model); !ok {
		return refusal(ptr+"/config/model", "Value error, model_info is required when model name is not a valid OpenAI model")
	}
	return nil
}

// anthropicModelInfo is BaseAnthropicChatCompletionClient.__init__'s
// refusal (models/anthropic/_anthropic_client.py): a model AutoGen's
// Anthropic table does not match needs a model_info.
func anthropicModelInfo(model string, info bool, ptr string) error {
	if _, ok := modelinfo.AnthropicLookup(model); !info && !ok {
		return refusal(ptr+"/config/model", "Value error, model_info is required when model name is not recognized")
	}
	return nil
}

// ollamaModelInfo is BaseOllamaChatCompletionClient.__init__'s refusals
// (models/ollama/_ollama_client.py): model_info and model_capabilities
// together; a model AutoGen's Ollama table does not know (by the name
// before its first ':') without either, in AutoGen's words (which speak of
// OpenAI); and a json_object response_format for a model without JSON
// output.
func ollamaModelInfo(c *gen.OllamaClientConfigurationConfigModel, ptr string) error {
	jsonOutput := false
	switch {
	case c.ModelInfo != nil && c.ModelCapabilities != nil:
		return refusal(ptr+"/config/model_capabilities", "Value error, model_capabilities and model_info are mutually exclusive")
	case c.ModelInfo != nil:
		jsonOutput = c.ModelInfo.JSONOutput
	case c.ModelCapabilities != nil:
		jsonOutput = c.ModelCapabilities.JSONOutput
	default:
		e, ok := modelinfo.OllamaLookup(c.Model)
		if !ok {
			return refusal(ptr+"/config/model", "Value error, model_info is required when model name is not a valid OpenAI model")
		}
		jsonOutput = e.JSONOutput
	}
	if !jsonOutput && len(c.ResponseFormat) > 0 {
		var rf map[string]json.RawMessage
		if json.Unmarshal(c.ResponseFormat, &rf) == nil && rf != nil {
			var typ string
			if t, ok := rf["type"]; ok && json.Unmarshal(t, &typ) == nil && typ == "json_object" {
				return refusal(ptr+"/config/response_format", "Value error, Model does not support JSON output.")
			}
		}
	}
	return nil
}

// dumpOther applies the constructors of the remaining components with a
// rewrite or a refusal (a tool, a termination condition) to v.
func dumpOther(v gen.Encodable, ptr string) error {
	switch c := v.(type) {
	case *gen.PythonCodeExecutionToolConfig:
		// PythonCodeExecutionTool._to_config writes only the executor, so
		// the description is the config model's default.
		c.Description = "Execute Python code blocks."
	case *gen.BufferedChatCompletionContextConfig:
		return positive(c.BufferSize, "buffer_size", ptr)
	case *gen.LocalCommandLineCodeExecutorConfig:
		return executorChecks(c.Timeout, c.FunctionsModule, ptr)
	case *gen.DockerCommandLineCodeExecutorConfig:
		return executorChecks(c.Timeout, c.FunctionsModule, ptr)
	case *gen.FunctionToolConfig:
		return functionSource(c.SourceCode, ptr)
	case *gen.HeadAndTailChatCompletionContextConfig:
		if err := positive(c.HeadSize, "head_size", ptr); err != nil {
			return err
		}
		return positive(c.TailSize, "tail_size", ptr)
	case *gen.TokenLimitedChatCompletionContextConfig:
		if c.TokenLimit != nil {
			return positive(*c.TokenLimit, "token_limit", ptr)
		}
	case *gen.ListMemoryConfig:
		// ListMemory.__init__ keeps name or "default_list_memory", and
		// _to_config writes it.
		orDefault(&c.Name, "default_list_memory")
	case *gen.TokenUsageTerminationConfig:
		// TokenUsageTermination.__init__ refuses a config without limits.
		if c.MaxTotalToken == nil && c.MaxPromptToken == nil && c.MaxCompletionToken == nil {
			return refusal(ptr+"/config", "Value error, At least one of max_total_token, max_prompt_token, or max_completion_token must be provided")
		}
	}
	return nil
}

// dumpAssistant is AssistantAgent's _from_config, __init__ and _to_config
// (agents/_assistant_agent.py) on the config alone:
//   - handoffs: a string becomes Handoff(target=s) (with its derived
//     name, description and message); they are kept in a dict by name, so
//     two with one name are refused ("Handoff names must be unique"); an
//     empty list dumps as None;
//   - tools are loaded into the agent and, without a workbench, put in a
//     StaticStreamWorkbench, which is what is dumped (tools=None: "Now tools
//     are not serialized, Cause they are part of the workbench."); with a
//     workbench too, __init__ raises "Tools cannot be used with a
//     workbench."; without tools or workbench (or with empty lists) the
//     workbench is an empty StaticStreamWorkbench;
//   - model_context None becomes UnboundedChatCompletionContext();
//   - memory [] dumps as None; metadata None as {} ("metadata or {}").
func dumpAssistant(c *gen.AssistantAgentConfig, ptr string) error {
	if len(c.Handoffs) == 0 {
		c.Handoffs = nil
	}
	seen := map[string]bool{}
	for i := range c.Handoffs {
		h := &c.Handoffs[i]
		if h.IsTarget() {
			hh := gen.Handoff{Target: h.Target}
			validateHandoff(&hh, "")
			*h = gen.AssistantAgentConfigHandoffsItemOfHandoff(hh)
		}
		if seen[h.Handoff.Name] {
			return refusal(ptr+"/config/handoffs/"+strconv.Itoa(i), "Value error, Handoff names must be unique: "+strconv.Quote(h.Handoff.Name))
		}
		seen[h.Handoff.Name] = true
	}
	if len(c.Tools) > 0 && len(c.Workbench) > 0 {
		return refusal(ptr+"/config/tools", "Value error, Tools cannot be used with a workbench.")
	}
	if len(c.Workbench) == 0 {
		tools := c.Tools
		if tools == nil {
			tools = []gen.ComponentModel{}
		}
		wb, err := staticStreamWorkbenchSpec.Model(&gen.StaticWorkbenchConfig{Tools: tools, ToolOverrides: map[string]gen.ToolOverride{}})
		if err != nil {
			return err
		}
		c.Workbench = []gen.ComponentModel{wb}
	}
	c.Tools = nil
	if err := defaultContext(&c.ModelContext); err != nil {
		return err
	}
	if len(c.Memory) == 0 {
		c.Memory = nil
	}
	if c.Metadata == nil {
		c.Metadata = map[string]string{}
	}
	return nil
}

// producesHandoffs reports whether the agent m describes has
// HandoffMessage in its produced_message_types, and whether that is known:
// AssistantAgent's are TextMessage, ToolCallSummaryMessage and
// HandoffMessage, UserProxyAgent's TextMessage and HandoffMessage;
// CodeExecutorAgent and SocietyOfMindAgent produce TextMessage only,
// MultimodalWebSurfer MultiModalMessage only; a MessageFilterAgent those
// of the agent it wraps (each class's produced_message_types property).
func producesHandoffs(m *gen.ComponentModel) (handoffs, known bool) {
	info, ok := LookupProvider(m.Provider)
	if !ok {
		return false, false
	}
	switch info.Config {
	case "AssistantAgentConfig", "UserProxyAgentConfig":
		return true, true
	case "CodeExecutorAgentConfig", "SocietyOfMindAgentConfig", "MultimodalWebSurferConfig":
		return false, true
	case "MessageFilterAgentConfig":
		var c gen.MessageFilterAgentConfig
		if gen.Unmarshal(m.Config, &c) != nil {
			return false, false
		}
		return producesHandoffs(&c.WrappedAgent)
	}
	return false, false
}

// defaultContext puts the UnboundedChatCompletionContext the constructors
// create in an empty model_context.
func defaultContext(m **gen.ComponentModel) error {
	if *m != nil {
		return nil
	}
	ctx, err := unboundedSpec.Model(gen.RawJSON("{}"))
	if err != nil {
		return err
	}
	*m = &ctx
	return nil
}

// orDefault is Python's "value or default" on an optional string.
func orDefault(p **string, def string) {
	if *p == nil || **p == "" {
		d := def
		*p = &d
	}
}

// needParticipants is BaseGroupChat.__init__'s "At least one participant
// is required." (teams/_group_chat/_base_group_chat.py).
func needParticipants(n int, ptr string) error {
	if n == 0 {
		return refusal(ptr+"/config/participants", "Value error, At least one participant is required.")
	}
	return nil
}

// refusal is a constructor's ValueError, as one fault at ptr.
// positive is the model contexts' refusal of a size not greater than 0
// (ValueError "<name> must be greater than 0.").
func positive(n gen.Int, name, ptr string) error {
	if n.Sign() > 0 {
		return nil
	}
	return refusal(ptr+"/config/"+name, "Value error, "+name+" must be greater than 0.")
}

// executorChecks are the code executors' constructor refusals
// (autogen_ext/code_executors/local and docker): a timeout below 1, a
// functions_module that is not an identifier.
func executorChecks(timeout gen.Int, module, ptr string) error {
	if timeout.Sign() < 1 {
		return refusal(ptr+"/config/timeout", "Value error, Timeout must be greater than or equal to 1.")
	}
	if !IsIdentifier(module) {
		return refusal(ptr+"/config/functions_module", "Value error, Module name must be a valid Python identifier")
	}
	return nil
}

// functionSource is FunctionTool._from_config's refusals of source code
// that cannot be known to fail only by running it
// (autogen_core/tools/_function_tool.py): exec(source_code) raising a
// SyntaxError that CPython's tokenizer, parser or compiler finds (internal/pysyntax), then
// source_code.split("def ")[1] raising IndexError for source without a
// function definition; each becomes ValueError("Could not compile and load
// function: {e}"). Where pysyntax cannot be sure of CPython's message, the
// refusal says what is wrong in its own words.
func functionSource(src, ptr string) error {
	const prefix = "Value error, Could not compile and load function: "
	if e := pysyntax.Check(src); e != nil {
		if e.Exact {
			return refusal(ptr+"/config/source_code", prefix+e.Error())
		}
		return refusal(ptr+"/config/source_code", fmt.Sprintf("%sthe source does not compile (%s, line %d)", prefix, e.Msg, e.Line))
	}
	if !strings.Contains(src, "def ") {
		return refusal(ptr+"/config/source_code", prefix+"list index out of range")
	}
	return nil
}

// uniqueNames is BaseGroupChat.__init__'s refusal of participants with
// the same name ("The participant names must be unique."): an agent's
// config name, or a team's (its class name when the config has none).
func uniqueNames(participants []gen.ComponentModel, ptr string) error {
	seen := map[string]bool{}
	for i, p := range participants {
		var cfg struct {
			Name *string `json:"name"`
		}
		_ = json.Unmarshal(p.Config, &cfg)
		name := ""
		if cfg.Name != nil && *cfg.Name != "" {
			name = *cfg.Name
		} else if info, ok := LookupProvider(p.Provider); ok && info.ComponentType == "team" {
			name = info.Provider[strings.LastIndexByte(info.Provider, '.')+1:]
		} else {
			continue // no name known: another fault says so
		}
		if seen[name] {
			return refusal(fmt.Sprintf("%s/config/participants/%d", ptr, i), "Value error, The participant names must be unique.")
		}
		seen[name] = true
	}
	return nil
}

func refusal(ptr, msg string) error {
	return agentschema.Faults{{Pointer: ptr, Keyword: "value_error", Type: "value_error", Message: msg}}
}

// SecretMask is what pydantic's model_dump(mode="json") writes for a
// SecretStr that holds a value.
const SecretMask = pydantic.SecretMask

// MaskSecrets replaces the members of v that AutoGen's config models
// type as pydantic's SecretStr by SecretMask, as model_dump(mode="json")
// writes them: api_key of the OpenAI, Azure OpenAI, Anthropic and
// Anthropic Bedrock client configs (autogen_ext/models/{openai,anthropic}/config)
// and the AWS keys of Bedrock's bedrock_info. AutoGen's dump_component()
// writes them so; normalize does too, so that no key reaches its output.
// Other values are left alone.
func MaskSecrets(v any) {
	mask := func(p **string) {
		if *p != nil {
			m := SecretMask
			*p = &m
		}
	}
	switch c := v.(type) {
	case *gen.OpenAIClientConfigurationConfigModel:
		mask(&c.APIKey)
	case *gen.AzureOpenAIClientConfigurationConfigModel:
		mask(&c.APIKey)
	case *gen.AnthropicClientConfigurationConfigModel:
		mask(&c.APIKey)
	case *gen.AnthropicBedrockClientConfigurationConfigModel:
		mask(&c.APIKey)
		if c.BedrockInfo != nil {
			MaskSecrets(c.BedrockInfo)
		}
	case *gen.BedrockInfoConfigModel:
		c.AwsAccessKey, c.AwsSecretKey, c.AwsSessionToken = SecretMask, SecretMask, SecretMask
	case *gen.ComponentModel:
		title := ""
		if info, ok := LookupProvider(c.Provider); ok {
			title = info.Config
		}
		if masked, err := maskRawSecrets(c.Config, title); err == nil {
			c.Config = masked
		}
	}
}

// secretMembers are the SecretStr members of the configs that have them,
// by config title, and bedrock_info's.
var secretMembers = map[string][]string{
	"OpenAIClientConfigurationConfigModel":           {"api_key"},
	"AzureOpenAIClientConfigurationConfigModel":      {"api_key"},
	"AnthropicClientConfigurationConfigModel":        {"api_key"},
	"AnthropicBedrockClientConfigurationConfigModel": {"api_key"},
	"BedrockInfoConfigModel":                         {"aws_access_key", "aws_secret_key", "aws_session_token"},
}

// maskRawSecrets masks, in a config of type title kept as raw JSON, its
// SecretStr members and those of every component it holds (a client's
// api_key, at any depth), leaving every other byte as it is.
func maskRawSecrets(raw gen.RawJSON, title string) (gen.RawJSON, error) {
	if !bytes.Contains(raw, []byte(`_key"`)) && !bytes.Contains(raw, []byte(`"aws_`)) {
		return raw, nil
	}
	out, err := maskValue(json.RawMessage(raw), title)
	return gen.RawJSON(out), err
}

// maskValue walks a JSON value; configTitle, when set, is the config type
// v is (so its secret members are masked).
func maskValue(v json.RawMessage, configTitle string) (json.RawMessage, error) {
	t := bytes.TrimSpace(v)
	switch {
	case len(t) > 0 && t[0] == '[':
		var items []json.RawMessage
		if err := json.Unmarshal(t, &items); err != nil {
			return nil, err
		}
		var b bytes.Buffer
		b.WriteByte('[')
		for i, it := range items {
			m, err := maskValue(it, "")
			if err != nil {
				return nil, err
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(m)
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	case len(t) > 0 && t[0] == '{':
		members, err := objectMembers(t)
		if err != nil {
			return nil, err
		}
		inner := ""
		for _, m := range members {
			if m.key == "provider" {
				var p string
				if json.Unmarshal(m.value, &p) == nil {
					if info, ok := LookupProvider(p); ok {
						inner = info.Config
					}
				}
			}
		}
		for i := range members {
			m := &members[i]
			if slices.Contains(secretMembers[configTitle], m.key) {
				if s := bytes.TrimSpace(m.value); len(s) > 0 && s[0] == '"' {
					m.value = json.RawMessage(`"` + SecretMask + `"`)
				}
				continue
			}
			sub := ""
			switch {
			case m.key == "config" && inner != "":
				sub = inner
			case m.key == "bedrock_info" && configTitle == "AnthropicBedrockClientConfigurationConfigModel":
				sub = "BedrockInfoConfigModel"
			}
			if m.value, err = maskValue(m.value, sub); err != nil {
				return nil, err
			}
		}
		return joinMembers(members), nil
	}
	return v, nil
}
