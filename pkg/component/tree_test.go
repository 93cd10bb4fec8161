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

func TestWalkTeam(t *testing.T) {
	data, err := os.ReadFile("../../examples/studio/team.json")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = component.Walk(data, func(n *component.Node) error {
		got = append(got, n.Pointer+" "+n.Info.Config)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// AutoGen Studio's notebooks/team.json: a RoundRobinGroupChat of one
	// AssistantAgent (OpenAI client, a StaticStreamWorkbench with a
	// FunctionTool, an unbounded context) and an Or of two conditions.
	want := []string{
		" RoundRobinGroupChatConfig",
		"/config/participants/0 AssistantAgentConfig",
		"/config/participants/0/config/model_client OpenAIClientConfigurationConfigModel",
		"/config/participants/0/config/workbench/0 StaticWorkbenchConfig",
		"/config/participants/0/config/workbench/0/config/tools/0 FunctionToolConfig",
		"/config/participants/0/config/model_context UnboundedChatCompletionContextConfig",
		"/config/termination_condition OrTerminationConditionConfig",
		"/config/termination_condition/config/conditions/0 TextMentionTerminationConfig",
		"/config/termination_condition/config/conditions/1 MaxMessageTerminationConfig",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestLookupProviderAliases(t *testing.T) {
	// WELL_KNOWN_PROVIDERS (autogen_core/_component_config.py) and private
	// module paths name the same classes.
	for alias, want := range map[string]string{
		"OllamaChatCompletionClient":                                 "autogen_ext.models.ollama.OllamaChatCompletionClient",
		"azure_openai_chat_completion_client":                        "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
		"autogen_agentchat.agents._assistant_agent.AssistantAgent":   "autogen_agentchat.agents.AssistantAgent",
		"autogen_agentchat.base._termination.OrTerminationCondition": "autogen_agentchat.base.OrTerminationCondition",
	} {
		info, ok := component.LookupProvider(alias)
		if !ok || info.Provider != want {
			t.Errorf("%s -> %q, %v; want %s", alias, info.Provider, ok, want)
		}
	}
	if _, ok := component.LookupProvider("my_pkg.MyAgent"); ok {
		t.Error("unknown provider found")
	}
}

func TestNormalizeTreeGolden(t *testing.T) {
	data, err := os.ReadFile("../../examples/studio/team.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := component.NormalizeTree(data)
	if err != nil {
		t.Fatal(err)
	}
	// The golden file is team.json with what AutoGen 0.7.5's dump adds:
	// StaticWorkbenchConfig's tool_overrides default {} (checked by hand
	// against autogen_core/tools/_static_workbench.py) and the team's name
	// and description, which RoundRobinGroupChat.__init__ sets to
	// DEFAULT_NAME and DEFAULT_DESCRIPTION when the config has none
	// (teams/_group_chat/_round_robin_group_chat.py), and the root's
	// description and label, which dump_component() takes from the class
	// (its docstring and name; Studio wrote its own); the rest of the file
	// already is dump_component() output.
	golden, err := os.ReadFile("testdata/team.normalized.json")
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(golden, &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("got %s", got)
	}
	var orig any
	_ = json.Unmarshal(data, &orig)
	ws := orig.(map[string]any)["config"].(map[string]any)["participants"].([]any)[0].(map[string]any)["config"].(map[string]any)["workbench"].([]any)[0].(map[string]any)["config"].(map[string]any)
	ws["tool_overrides"] = map[string]any{}
	cfg := orig.(map[string]any)["config"].(map[string]any)
	cfg["name"], cfg["description"] = "RoundRobinGroupChat", "A team of agents."
	root := orig.(map[string]any)
	root["label"] = "RoundRobinGroupChat"
	root["description"] = "A team that runs a group chat with participants taking turns in a round-robin fashion\n    to publish a message to all."
	if !reflect.DeepEqual(a, orig) {
		t.Errorf("normalized team differs from team.json beyond tool_overrides, names, descriptions and label")
	}
}

func TestNormalizeTreeDefaultsAndFaults(t *testing.T) {
	// Defaults filled and lax values coerced in configs; the envelope is
	// the class's (provider alias resolved, its docstring, its name), as
	// dump_component writes it; nulls of nested envelopes dropped
	// (exclude_none), a root's kept (model_dump).
	for in, want := range map[string]string{
		`{"provider":"autogen_agentchat.conditions._terminations.MaxMessageTermination","label":"mine","config":{"max_messages":"5"}}`:                                                                      `{"provider":"autogen_agentchat.conditions.MaxMessageTermination","component_type":"termination","version":1,"component_version":1,"description":"Terminate the conversation after a maximum number of messages have been exchanged.","label":"MaxMessageTermination","config":{"max_messages":5,"include_agent_event":false}}`,
		`{"provider":"autogen_agentchat.base.OrTerminationCondition","description":"x","config":{"conditions":[{"provider":"autogen_agentchat.base.AndTerminationCondition","config":{"conditions":[]}}]}}`: `{"provider":"autogen_agentchat.base.OrTerminationCondition","component_type":"termination","version":1,"component_version":1,"description":null,"label":"OrTerminationCondition","config":{"conditions":[{"provider":"autogen_agentchat.base.AndTerminationCondition","component_type":"termination","version":1,"component_version":1,"label":"AndTerminationCondition","config":{"conditions":[]}}]}}`,
		`{"provider":"my.Unknown","config":{"a":null,"b":1}}`: `{"provider":"my.Unknown","component_type":null,"version":null,"component_version":null,"description":null,"label":null,"config":{"b":1}}`,
	} {
		got, err := component.NormalizeTree([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
	// load_component sends a config of an older component_version to
	// _from_config_past_version, which AssistantAgent (version 2) lacks.
	_, err := component.NormalizeTree([]byte(`{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","component_version":1,"config":{}}]}}`))
	var f agentschema.Faults
	if !errors.As(err, &f) || f[0].Pointer != "/config/participants/0/component_version" || f[0].Type != "not_implemented" {
		t.Errorf("got %v", err)
	}
	in := ""
	in = `{"provider":"autogen_agentchat.base.AndTerminationCondition","config":{"conditions":[{"provider":"autogen_agentchat.conditions.TextMentionTermination","description":null,"config":{}}]}}`
	_, err = component.NormalizeTree([]byte(in))
	var fs agentschema.Faults
	if !errors.As(err, &fs) || fs[0].Pointer != "/config/conditions/0/config/text" || fs[0].Type != "missing" {
		t.Errorf("got %v", err)
	}
}

func ExampleConfigOf() {
	team := []byte(`{"provider": "autogen_agentchat.teams.RoundRobinGroupChat", "component_type": "team",
	  "config": {"participants": [], "max_turns": "3"}}`)
	var m gen.ComponentModel
	if err := gen.Unmarshal(team, &m); err != nil {
		panic(err)
	}
	cfg, err := component.ConfigOf[gen.RoundRobinGroupChatConfig](&m)
	if err != nil {
		panic(err)
	}
	fmt.Println(*cfg.MaxTurns, cfg.EmitTeamEvents)
	cfg.EmitTeamEvents = true
	if err := component.SetConfig(&m, cfg); err != nil {
		panic(err)
	}
	fmt.Println(string(m.Config)) // RoundRobinGroupChatConfig's field order, nulls dropped
	// Output:
	// 3 false
	// {"participants":[],"max_turns":3,"emit_team_events":true}
}

func FuzzNormalizeTree(f *testing.F) {
	if b, err := os.ReadFile("../../examples/studio/team.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"provider":"autogen_agentchat.base.OrTerminationCondition","config":{"conditions":[{"provider":"x","config":{"a":null}},3,null]}}`))
	// The dump quirks: handoffs, tools into a workbench, team defaults,
	// graph edges, secrets.
	f.Add([]byte(`{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","config":{` + agentBase + `,"handoffs":["Alice",{"target":"b"}],"tools":[` + tool + `]}}]}}`))
	f.Add([]byte(`{"provider":"autogen_agentchat.teams.GraphFlow","config":{"participants":[` + agentB + `],"graph":{"nodes":{"b":{"name":"b","edges":[{"target":"c"}]}}}}}`))
	f.Add([]byte(`{"provider":"AzureOpenAIChatCompletionClient","config":{"model":"gpt-4o","azure_endpoint":"e","api_version":"v","api_key":"k","model_info":` + modelInfo + `}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := component.NormalizeTree(data)
		if err != nil {
			return
		}
		// A normalized tree normalizes to itself, but for two of AutoGen's
		// own round trips that fail: an Azure client of a model AutoGen
		// does not know dumps without the model_info it needs to load
		// again (TestAzureUnknownModelDumpDoesNotReload), and a handoff's
		// name derived from a target that is no identifier is refused once
		// it is written (TestHandoffDerivedNameDoesNotReload).
		again, err := component.NormalizeTree(out)
		if err != nil && strings.Contains(err.Error(), "model_info is required") && strings.Contains(string(out), "AzureOpenAIChatCompletionClient") {
			return
		}
		if err != nil && strings.Contains(err.Error(), "Handoff name must be a valid identifier: transfer_to_") {
			return
		}
		if err != nil || string(again) != string(out) {
			t.Fatalf("not idempotent: %s\n%s\n%v", out, again, err)
		}
	})
}
