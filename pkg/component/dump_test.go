package component_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

const (
	openAI    = `{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","config":{"model":"gpt-4o"}}`
	agentBase = `"name":"a","model_client":` + openAI + `,"description":"d","reflect_on_tool_use":false,"tool_call_summary_format":"{result}"`
	tool      = `{"provider":"autogen_core.tools.FunctionTool","config":{"source_code":"def f(): pass","name":"f","description":"","global_imports":[],"has_cancellation_support":false}}`
	agentA    = `{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `}}`
	agentB    = `{"provider":"autogen_agentchat.agents.UserProxyAgent","config":{"name":"b"}}`

	// The envelopes dump_component() writes for the components AutoGen's
	// constructors make (their docstrings as in examples/studio/team.json).
	unbounded = `{"provider":"autogen_core.model_context.UnboundedChatCompletionContext","component_type":"chat_completion_context","version":1,"component_version":1,"description":"An unbounded chat completion context that keeps a view of the all the messages.","label":"UnboundedChatCompletionContext","config":{}}`
	modelInfo = `{"vision":false,"function_calling":true,"json_output":true,"family":"unknown","structured_output":true}`
	wbHead    = `{"provider":"autogen_core.tools.StaticStreamWorkbench","component_type":"workbench","version":1,"component_version":1,"description":"A workbench that provides a static set of tools that do not change after\n    each tool execution, and supports streaming results.","label":"StaticStreamWorkbench","config":`
)

// TestNormalizeTreeQuirks checks, member by member, what
// load_component(x).dump_component() writes where it differs from x, as
// read in each class's _from_config, __init__ and _to_config in AutoGen
// 0.7.5 (cited per case). want holds the config members checked (JSON);
// gone the members that must be absent.
func TestNormalizeTreeQuirks(t *testing.T) {
	for _, c := range normalizeTreeQuirkCases {
		t.Run(c.name, func(t *testing.T) {
			out, err := component.NormalizeTree([]byte(c.in))
			if strings.Contains(string(out), "sk-secret") {
				t.Errorf("the key is in the output: %s", out)
			}
			if err != nil {
				t.Fatal(err)
			}
			var got struct{ Config map[string]json.RawMessage }
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatal(err)
			}
			for k, w := range c.want {
				var a, b any
				if err := json.Unmarshal([]byte(w), &b); err != nil {
					t.Fatalf("%s: bad want: %v", k, err)
				}
				_ = json.Unmarshal(got.Config[k], &a)
				if !reflect.DeepEqual(a, b) {
					t.Errorf("%s: got %s\nwant %s", k, got.Config[k], w)
				}
			}
			for _, k := range c.gone {
				if v, ok := got.Config[k]; ok {
					t.Errorf("%s: got %s, want absent", k, v)
				}
			}
			// What AutoGen dumps loads and dumps to itself.
			again, err := component.NormalizeTree(out)
			if err != nil || string(again) != string(out) {
				t.Errorf("not idempotent: %v\n%s\n%s", err, out, again)
			}
		})
	}
}

// normalizeTreeQuirkCases are the cases of TestNormalizeTreeQuirks.
var normalizeTreeQuirkCases = []struct {
	name string
	in   string
	want map[string]string
	gone []string
}{{
	// base/_handoff.py set_defaults; AssistantAgent.__init__ turns a
	// string into Handoff(target=s).
	name: "handoffs derived",
	in:   `{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"handoffs":["Alice",{"target":"bob","name":"to_bob"},{"target":"Carl","description":"","message":"go"}]}}`,
	want: map[string]string{"handoffs": `[
			{"target":"Alice","description":"Handoff to Alice.","name":"transfer_to_alice","message":"Transferred to Alice, adopting the role of Alice immediately."},
			{"target":"bob","description":"Handoff to bob.","name":"to_bob","message":"Transferred to bob, adopting the role of bob immediately."},
			{"target":"Carl","description":"Handoff to Carl.","name":"transfer_to_carl","message":"go"}]`},
}, {
	// set_defaults tests values.get(...)'s truth, so a null is filled
	// like an absent member; of duplicate members json.loads keeps
	// the last.
	name: "handoffs null members",
	in:   `{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"handoffs":[{"target":"Dan","description":null,"name":null,"message":null},{"target":"Eve","name":"to_eve","name":null}]}}`,
	want: map[string]string{"handoffs": `[
			{"target":"Dan","description":"Handoff to Dan.","name":"transfer_to_dan","message":"Transferred to Dan, adopting the role of Dan immediately."},
			{"target":"Eve","description":"Handoff to Eve.","name":"transfer_to_eve","message":"Transferred to Eve, adopting the role of Eve immediately."}]`},
}, {
	// AssistantAgent: tools go into a StaticStreamWorkbench, which is
	// dumped (tools=None); model_context None -> unbounded; metadata
	// None -> {}; handoffs [] and memory [] dump as None.
	name: "assistant tools into workbench",
	in:   `{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"tools":[` + tool + `],"handoffs":[],"memory":[]}}`,
	want: map[string]string{
		"workbench":     `[` + wbHead + `{"tools":[` + strings.Replace(tool, `"config"`, `"component_type":"tool","version":1,"component_version":1,"description":"Create custom tools by wrapping standard Python functions.","label":"FunctionTool","config"`, 1) + `],"tool_overrides":{}}}]`,
		"model_context": unbounded,
		"metadata":      `{}`,
	},
	gone: []string{"tools", "handoffs", "memory"},
}, {
	name: "assistant without tools or workbench",
	in:   `{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"workbench":[],"metadata":{"k":"v"}}}`,
	want: map[string]string{"workbench": `[` + wbHead + `{"tools":[],"tool_overrides":{}}}]`, "metadata": `{"k":"v"}`},
	gone: []string{"tools"},
}, {
	// UserProxyAgent._to_config writes input_func=None.
	name: "user proxy input_func dropped",
	in:   `{"provider":"autogen_agentchat.agents.UserProxyAgent","config":{"name":"u","input_func":"input"}}`,
	want: map[string]string{"name": `"u"`, "description": `"A human user"`},
	gone: []string{"input_func"},
}, {
	// CodeExecutorAgent.__init__: DEFAULT_TERMINAL_DESCRIPTION without
	// a model client, DEFAULT_SUPPORTED_LANGUAGES, unbounded context.
	name: "code executor agent without model",
	in:   `{"provider":"autogen_agentchat.agents.CodeExecutorAgent","config":{"name":"c","code_executor":{"provider":"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor","config":{}}}}`,
	want: map[string]string{
		"description":         `"A computer terminal that performs no other action than running Python scripts (provided to it quoted in ` + "```python code blocks), or sh shell scripts (provided to it quoted in ```sh code blocks)." + `"`,
		"supported_languages": `["python","sh"]`,
		"model_context":       unbounded,
	},
	gone: []string{"system_message", "sources"},
}, {
	name: "code executor agent with model",
	in:   `{"provider":"autogen_agentchat.agents.CodeExecutorAgent","config":{"name":"c","model_client":` + openAI + `,"supported_languages":["python"],"code_executor":{"provider":"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor","config":{}}}}`,
	want: map[string]string{
		"description":         `"A Code Execution Agent that generates and executes Python and shell scripts based on user instructions. It ensures correctness, efficiency, and minimal errors while gracefully handling edge cases."`,
		"supported_languages": `["python"]`,
	},
}, {
	// SocietyOfMindAgent._from_config: "config.description or
	// cls.DEFAULT_DESCRIPTION" (so "" too), instruction, response_prompt.
	name: "society of mind defaults",
	in:   `{"provider":"autogen_agentchat.agents.SocietyOfMindAgent","config":{"name":"s","description":"","instruction":"mine","model_client":` + openAI + `,"team":{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","config":{"participants":[` + agentB + `]}}}}`,
	want: map[string]string{
		"description":     `"An agent that uses an inner team of agents to generate responses."`,
		"instruction":     `"mine"`,
		"response_prompt": `"Output a standalone response to the original request, without mentioning any of the intermediate discussion."`,
		"model_context":   unbounded,
	},
}, {
	// Each team's __init__: name or DEFAULT_NAME, description or
	// DEFAULT_DESCRIPTION.
	name: "round robin defaults",
	in:   `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","config":{"name":"","participants":[` + agentB + `]}}`,
	want: map[string]string{"name": `"RoundRobinGroupChat"`, "description": `"A team of agents."`},
}, {
	name: "swarm keeps its name",
	in:   `{"provider":"autogen_agentchat.teams.Swarm","config":{"name":"mine","participants":[` + agentA + `]}}`,
	want: map[string]string{"name": `"mine"`, "description": `"A team of agents."`},
}, {
	name: "magentic one defaults",
	in:   `{"provider":"autogen_agentchat.teams.MagenticOneGroupChat","config":{"participants":[` + agentB + `],"model_client":` + openAI + `,"max_stalls":3,"final_answer_prompt":"p"}}`,
	want: map[string]string{"name": `"MagenticOneGroupChat"`, "description": `"A team of agents."`},
}, {
	// SelectorGroupChat keeps model_context None (only its manager makes
	// a context).
	name: "selector defaults",
	in:   `{"provider":"autogen_agentchat.teams.SelectorGroupChat","config":{"participants":[` + agentB + `,` + agentA + `],"model_client":` + openAI + `,"selector_prompt":"p","allow_repeated_speaker":false}}`,
	want: map[string]string{"name": `"SelectorGroupChat"`, "description": `"A team of agents."`},
	gone: []string{"model_context"},
}, {
	// GraphFlow's DEFAULT_DESCRIPTION has no period; DiGraphEdge's
	// after-validator sets activation_group to the target.
	name: "graph flow",
	in:   `{"provider":"autogen_agentchat.teams.GraphFlow","config":{"participants":[` + agentB + `],"graph":{"nodes":{"b":{"name":"b","edges":[{"target":"c"},{"target":"d","activation_group":"g"}]}}}}}`,
	want: map[string]string{
		"name":        `"GraphFlow"`,
		"description": `"A team of agents"`,
		// exclude_none drops the null condition and default_start_node.
		"graph": `{"nodes":{"b":{"name":"b","edges":[
				{"target":"c","activation_group":"c","activation_condition":"all"},
				{"target":"d","activation_group":"g","activation_condition":"all"}],"activation":"all"}}}`,
	},
}, {
	// OpenAIChatCompletionClient copies _raw_config before taking
	// model_info out; api_key is a SecretStr, dumped as "**********"
	// (models/openai/_openai_client.py, config/__init__.py).
	name: "openai keeps model_info, masks the key",
	in:   `{"provider":"OpenAIChatCompletionClient","config":{"model":"m","api_key":"sk-secret","model_info":` + modelInfo + `}}`,
	want: map[string]string{"api_key": `"**********"`, "model_info": modelInfo},
}, {
	// AzureOpenAIChatCompletionClient.__init__ deletes model_info and
	// model_capabilities from what becomes _raw_config.
	name: "azure drops model_info",
	in:   `{"provider":"autogen_ext.models.openai.AzureOpenAIChatCompletionClient","config":{"model":"gpt-4o","azure_endpoint":"https://e","api_version":"v","api_key":"sk-secret","model_info":` + modelInfo + `}}`,
	want: map[string]string{"api_key": `"**********"`, "azure_endpoint": `"https://e"`},
	gone: []string{"model_info", "model_capabilities"},
}, {
	// OllamaChatCompletionClient.__init__ does the same.
	name: "ollama drops model_info",
	in:   `{"provider":"OllamaChatCompletionClient","config":{"model":"llama3","model_info":` + modelInfo + `,"options":{"temperature":0.5,"mine":[1]}}}`,
	want: map[string]string{"follow_redirects": `true`, "options": `{"temperature":0.5,"mine":[1]}`},
	gone: []string{"model_info"},
}, {
	// MultimodalWebSurfer._from_config: description and start_page
	// "or" their class defaults.
	name: "web surfer defaults",
	in:   `{"provider":"autogen_ext.agents.web_surfer.MultimodalWebSurfer","config":{"name":"w","model_client":` + openAI + `,"start_page":null}}`,
	want: map[string]string{
		"description": `"\n    A helpful assistant with access to a web browser.\n    Ask them to perform web searches, open pages, and interact with content (e.g., clicking links, scrolling the viewport, filling in form fields, etc.).\n    It can also summarize the entire page, or answer questions based on the content of the page.\n    It can also be asked to sleep and wait for pages to load, in cases where the page seems not yet fully loaded.\n    "`,
		"start_page":  `"https://www.bing.com/"`,
		"headless":    `true`,
	},
	gone: []string{"debug_dir"},
}, {
	// PythonCodeExecutionTool._to_config writes the executor only.
	name: "python tool description",
	in:   `{"provider":"autogen_ext.tools.code_execution.PythonCodeExecutionTool","config":{"description":"mine","executor":{"provider":"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor","config":{}}}}`,
	want: map[string]string{"description": `"Execute Python code blocks."`},
}, {
	// ReplayChatCompletionClient.__init__'s default ModelInfo.
	name: "replay default model_info",
	in:   `{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{"chat_completions":["a"]}}`,
	want: map[string]string{"model_info": `{"vision":false,"function_calling":false,"json_output":false,"family":"unknown","structured_output":false}`},
}, {
	name: "anthropic bedrock masks every secret",
	in:   `{"provider":"autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient","config":{"model":"m","model_info":{"vision":false,"function_calling":false,"json_output":false,"family":"unknown","structured_output":false},"api_key":"k","bedrock_info":{"aws_access_key":"a","aws_secret_key":"s","aws_session_token":"t","aws_region":"r"}}}`,
	want: map[string]string{"api_key": `"**********"`, "bedrock_info": `{"aws_access_key":"**********","aws_secret_key":"**********","aws_session_token":"**********","aws_region":"r"}`},
}}

// TestNormalizeTreeRefusals checks the constructors' ValueErrors that the
// config alone decides, and the Handoff validator's, at their pointers.
func TestNormalizeTreeRefusals(t *testing.T) {
	cases := []struct {
		name, in, ptr, msg string
	}{
		{"handoff name not an identifier", // base/_handoff.py
			`{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"handoffs":[{"target":"x","name":"bad name"}]}}]}}`,
			"/config/participants/0/config/handoffs/0", "Value error, Handoff name must be a valid identifier: bad name"},
		{"handoff names not unique", // AssistantAgent.__init__
			`{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"handoffs":["X",{"target":"y","name":"transfer_to_x"}]}}`,
			"/config/handoffs/1", `Value error, Handoff names must be unique: "transfer_to_x"`},
		{"tools and workbench", // AssistantAgent.__init__
			`{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"tools":[` + tool + `],"workbench":[` + wbHead + `{"tools":[]}}]}}`,
			"/config/tools", "Value error, Tools cannot be used with a workbench."},
		{"team without participants", // BaseGroupChat.__init__
			`{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","config":{"participants":[]}}`,
			"/config/participants", "Value error, At least one participant is required."},
		{"selector with one participant", // SelectorGroupChat.__init__
			`{"provider":"autogen_agentchat.teams.SelectorGroupChat","config":{"participants":[` + agentB + `],"model_client":` + openAI + `,"selector_prompt":"p","allow_repeated_speaker":false}}`,
			"/config/participants", "Value error, At least two participants are required for SelectorGroupChat."},
		{"swarm led by an agent without handoffs", // Swarm.__init__
			`{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":[{"provider":"autogen_agentchat.agents.MessageFilterAgent","config":{"name":"f","filter":{"per_source":[]},"wrapped_agent":{"provider":"autogen_agentchat.agents.SocietyOfMindAgent","config":{"name":"s","model_client":` + openAI + `,"team":{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","config":{"participants":[` + agentB + `]}}}}}},` + agentA + `]}}`,
			"/config/participants/0", "Value error, The first participant must be able to produce a handoff messages."},
		{"token usage without limits", // TokenUsageTermination.__init__
			`{"provider":"autogen_agentchat.conditions.TokenUsageTermination","config":{"max_total_token":null,"max_prompt_token":null,"max_completion_token":null}}`,
			"/config", "Value error, At least one of max_total_token, max_prompt_token, or max_completion_token must be provided"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := component.NormalizeTree([]byte(c.in))
			var fs agentschema.Faults
			if !errors.As(err, &fs) || len(fs) != 1 {
				t.Fatalf("got %v", err)
			}
			if fs[0].Pointer != c.ptr || fs[0].Message != c.msg {
				t.Errorf("got %s: %s\nwant %s: %s", fs[0].Pointer, fs[0].Message, c.ptr, c.msg)
			}
		})
	}
}

func TestApplyValidatorsTyped(t *testing.T) {
	// ConfigOf is model_validate: the derived members are set.
	var m gen.ComponentModel
	in := `{"provider":"autogen_agentchat.teams.GraphFlow","config":{"participants":[],"graph":{"nodes":{"a":{"name":"a","edges":[{"target":"b"}]}}}}}`
	if err := gen.Unmarshal([]byte(in), &m); err != nil {
		t.Fatal(err)
	}
	cfg, err := component.ConfigOf[gen.GraphFlowConfig](&m)
	if err != nil {
		t.Fatal(err)
	}
	if g := cfg.Graph.Nodes["a"].Edges[0].ActivationGroup; g != "b" {
		t.Errorf("activation_group %q, want b", g)
	}
	h := gen.Handoff{Target: "İstanbul ΟΔΟΣ"}
	if err := component.ApplyValidators(&h); err != nil {
		t.Fatal(err)
	}
	// Python: "transfer_to_İstanbul ΟΔΟΣ".lower() gives "i" + U+0307 for İ
	// and the final sigma ς at the end of the word.
	if want := "transfer_to_i\u0307stanbul οδος"; h.Name != want {
		t.Errorf("name %q, want %q", h.Name, want)
	}
	h = gen.Handoff{Target: "x", Name: "1x"}
	var fs agentschema.Faults
	if err := component.ApplyValidators(&h); !errors.As(err, &fs) || fs[0].Pointer != "" {
		t.Errorf("got %v", err)
	}
}

func TestIsIdentifier(t *testing.T) {
	// Expected values are Python's str.isidentifier().
	for s, want := range map[string]bool{
		"transfer_to_x": true, "_": true, "x1": true, "1x": false, "": false,
		"a b": false, "a-b": false, "héllo": true, "变量": true, "a\u0301": true,
		"\u0301a": false, "x²": false, "Ⅻ": true, "a·b": true, "℘": true, "a$": false,
	} {
		if got := component.IsIdentifier(s); got != want {
			t.Errorf("IsIdentifier(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestNormalizeTreeAutoGenDumps normalizes the components AutoGen 0.7.5
// dumped (testdata/conformance/misc/components.json: contexts, the replay
// client, FunctionTool, StaticWorkbench): what dump_component() wrote
// loads and dumps to itself.
func TestNormalizeTreeAutoGenDumps(t *testing.T) {
	data, err := os.ReadFile("../../testdata/conformance/misc/components.json")
	if err != nil {
		t.Skip("conformance cases not copied: ", err)
	}
	var file struct {
		Components []struct {
			Class     string          `json:"class"`
			Component json.RawMessage `json:"component"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Components) == 0 {
		t.Fatal("no components")
	}
	for _, c := range file.Components {
		got, err := component.NormalizeTree(c.Component)
		if err != nil {
			t.Errorf("%s: %v", c.Class, err)
			continue
		}
		var a, b any
		_ = json.Unmarshal(got, &a)
		_ = json.Unmarshal(c.Component, &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s:\ngot  %s\nwant %s", c.Class, got, c.Component)
		}
	}
}

func ExampleOllamaOptionsOf() {
	var m gen.ComponentModel
	_ = gen.Unmarshal([]byte(`{"provider": "OllamaChatCompletionClient",
	  "config": {"model": "llama3", "options": {"temperature": "0.2", "num_ctx": 8192, "stop": ["END"]}}}`), &m)
	cfg, err := component.ConfigOf[gen.OllamaClientConfigurationConfigModel](&m)
	if err != nil {
		panic(err)
	}
	o, err := component.OllamaOptionsOf(cfg)
	if err != nil {
		panic(err)
	}
	fmt.Println(*o.Temperature, *o.NumCtx, o.Stop, o.TopK == nil)
	// Output: 0.2 8192 [END] true
}

// TestAzureUnknownModelDumpDoesNotReload: AutoGen's own round trip that
// fails. AzureOpenAIChatCompletionClient needs a model_info for a model its
// table does not know, and dumps its config without it, so what
// dump_component() writes, load_component() refuses; normalize does both,
// as AutoGen does. An OpenAI client keeps its model_info and reloads.
func TestAzureUnknownModelDumpDoesNotReload(t *testing.T) {
	const refusal = "/config/model: Value error, model_info is required when model name is not a valid OpenAI model"
	azure := `{"provider":"autogen_ext.models.openai.AzureOpenAIChatCompletionClient","config":{"model":"my-deployment-model","azure_endpoint":"https://e","api_version":"v","model_info":` + modelInfo + `}}`
	out, err := component.NormalizeTree([]byte(azure))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := component.NormalizeTree(out); err == nil || !strings.Contains(err.Error(), refusal) {
		t.Errorf("reloading the dump: %v, want %q", err, refusal)
	}
	if _, err := component.NormalizeTree([]byte(strings.Replace(azure, `,"model_info":`+modelInfo, "", 1))); err == nil || !strings.Contains(err.Error(), refusal) {
		t.Errorf("no model_info: %v", err)
	}
	openai := `{"provider":"OpenAIChatCompletionClient","config":{"model":"my-model","model_info":` + modelInfo + `}}`
	out, err = component.NormalizeTree([]byte(openai))
	if err != nil {
		t.Fatal(err)
	}
	if again, err := component.NormalizeTree(out); err != nil || string(again) != string(out) {
		t.Errorf("openai: %v", err)
	}
	both := `{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o","model_capabilities":{"vision":false,"function_calling":false,"json_output":false},"model_info":` + modelInfo + `}}`
	if _, err := component.NormalizeTree([]byte(both)); err == nil || !strings.Contains(err.Error(), "model_capabilities and model_info are mutually exclusive") {
		t.Errorf("both: %v", err)
	}
}

// TestHandoffDerivedNameDoesNotReload: another of AutoGen's own round
// trips that fails. Handoff's validator checks that a name it is given is
// an identifier, but not the name it derives from the target
// ("transfer_to_" + target, lowered): a target with a space loads, dumps
// its derived name, and the dump is refused. Checked with AutoGen 0.7.5:
// Handoff(target=" ") has name 'transfer_to_ ', and
// Handoff.model_validate of its model_dump() raises "Value error, Handoff
// name must be a valid identifier: transfer_to_ ". (Found by
// FuzzNormalizeTree.)
func TestHandoffDerivedNameDoesNotReload(t *testing.T) {
	const refusal = "/config/participants/0/config/handoffs/0: Value error, Handoff name must be a valid identifier: transfer_to_ "
	swarm := `{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` +
		agentBase + `,"handoffs":[{"target":" "}]}}]}}`
	out, err := component.NormalizeTree([]byte(swarm))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"name":"transfer_to_ "`) {
		t.Errorf("the derived name is not dumped: %s", out)
	}
	if _, err := component.NormalizeTree(out); err == nil || !strings.Contains(err.Error(), refusal) {
		t.Errorf("reloading the dump: %v, want %q", err, refusal)
	}
}

// TestFunctionToolSource: FunctionTool._from_config execs source_code and
// takes the name after "def "; source CPython's tokenizer, parser or compiler refuses, and
// source without a function definition, are refused as its ValueError
// ("Could not compile and load function: ..."), at /config/source_code.
func TestFunctionToolSource(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`def f(x):\n    return x)\n`, "Could not compile and load function: unmatched ')' (<string>, line 2)"},
		{`def f(x):\n    return \"abc\n`, "Could not compile and load function: unterminated string literal (detected at line 2) (<string>, line 2)"},
		{`def f(x):\n    y = 1\n        return y\n`, "Could not compile and load function: unexpected indent (<string>, line 3)"},
		{`def f(x:\n    return x\n`, "Could not compile and load function: '(' was never closed (<string>, line 1)"},
		// Parser errors, as CPython 3.11 words them.
		{`def add(a, b):\n    return a +\n`, "Could not compile and load function: invalid syntax (<string>, line 2)"},
		{`def f(x):\n    print \"x\"\n`, "Could not compile and load function: Missing parentheses in call to 'print'. Did you mean print(...)? (<string>, line 2)"},
		{`def f(a=1, b):\n    return a\n`, "Could not compile and load function: non-default argument follows default argument (<string>, line 1)"},
		// The compiler's errors.
		{`def f(x):\n    return x\nreturn 1\n`, "Could not compile and load function: 'return' outside function (<string>, line 3)"},
		{`def f(x):\n    return await x\n`, "Could not compile and load function: 'await' outside async function (<string>, line 2)"},
		{`def f(a, a):\n    return a\n`, "Could not compile and load function: duplicate argument 'a' in function definition (<string>, line 1)"},
		{`x = 1\n`, "Could not compile and load function: list index out of range"},
		{`def f(x):\n    return x\n`, ""},
	} {
		doc := `{"provider":"autogen_core.tools.FunctionTool","config":{"source_code":"` + tc.src + `","name":"f","description":"","global_imports":[],"has_cancellation_support":false}}`
		_, err := component.NormalizeTree([]byte(doc))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.src, err)
			}
			continue
		}
		var fs agentschema.Faults
		if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Pointer != "/config/source_code" || fs[0].Message != "Value error, "+tc.want {
			t.Errorf("%s: %v, want %q at /config/source_code", tc.src, err, tc.want)
		}
	}
}

// TestFunctionToolHeaders: the most common mistakes in a tool's source, a
// def without its ':' and a body not indented, are refused with CPython's
// SyntaxError and IndentationError texts.
func TestFunctionToolHeaders(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`def add(a: int, b: int) -> int\n    return a + b\n`, "Could not compile and load function: expected ':' (<string>, line 1)"},
		{`def add(a: int, b: int) -> int:\nreturn a + b\n`, "Could not compile and load function: expected an indented block after function definition on line 1 (<string>, line 2)"},
	} {
		doc := `{"provider":"autogen_core.tools.FunctionTool","config":{"source_code":"` + tc.src + `","name":"add","description":"","global_imports":[],"has_cancellation_support":false}}`
		_, err := component.NormalizeTree([]byte(doc))
		var fs agentschema.Faults
		if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Message != "Value error, "+tc.want {
			t.Errorf("%s: %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestOllamaModelInfoRefusals: OllamaChatCompletionClient.__init__'s
// refusals, as normalize (load then dump) makes them. The Ollama table
// resolves a model by the name before its first ':' only (so a namespace
// is unknown), and drops model_info from the dump, so the dump of an
// unknown model does not reload, as in AutoGen.
func TestOllamaModelInfoRefusals(t *testing.T) {
	const unknown = "/config/model: Value error, model_info is required when model name is not a valid OpenAI model"
	for _, tc := range []struct{ name, config, want string }{
		{"known model", `{"model":"llama3.2"}`, ""},
		{"known model with a tag", `{"model":"llama3.2:3b-instruct-q4_K_M"}`, ""},
		{"namespace", `{"model":"library/llama3.2"}`, unknown},
		{"unknown", `{"model":"my-model"}`, unknown},
		{"unknown with model_info", `{"model":"my-model","model_info":` + modelInfo + `}`, ""},
		{"unknown with capabilities", `{"model":"my-model","model_capabilities":{"vision":false,"function_calling":true,"json_output":true}}`, ""},
		{"both", `{"model":"my-model","model_capabilities":{"vision":false,"function_calling":true,"json_output":true},"model_info":` + modelInfo + `}`,
			"/config/model_capabilities: Value error, model_capabilities and model_info are mutually exclusive"},
		{"json_object without JSON output", `{"model":"m","model_capabilities":{"vision":false,"function_calling":true,"json_output":false},"response_format":{"type":"json_object"}}`,
			"/config/response_format: Value error, Model does not support JSON output."},
		{"json_object with JSON output", `{"model":"llama3","response_format":{"type":"json_object"}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := component.NormalizeTree([]byte(`{"provider":"OllamaChatCompletionClient","config":` + tc.config + `}`))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want %q", err, tc.want)
			case tc.want == "" && strings.Contains(string(out), "model_info"):
				t.Errorf("model_info dumped: %s", out)
			}
		})
	}
	withInfo := `{"provider":"OllamaChatCompletionClient","config":{"model":"my-model","model_info":` + modelInfo + `}}`
	out, err := component.NormalizeTree([]byte(withInfo))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := component.NormalizeTree(out); err == nil || !strings.Contains(err.Error(), unknown) {
		t.Errorf("reloading the dump: %v, want %q", err, unknown)
	}
}
