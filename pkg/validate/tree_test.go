package validate

import (
	"errors"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
)

// The cases here are derived from AutoGen 0.7.5's source, as the shared
// conformance folder has none for component trees: the config schemas of
// autogen_agentchat (agents/_assistant_agent.py, conditions/_terminations.py,
// base/_termination.py), autogen_ext's OpenAIClientConfigurationConfigModel,
// and load_component's type check (autogen_core/_component_config.py:
// "Expected type does not match"). examples/studio/team.json is AutoGen
// Studio's notebooks/team.json, unchanged; testdata/tree/deep_faults.json
// is that file with four faults put in by hand.

type treeFault struct {
	pointer string
	line    int
	typ     string // pydantic's error type (autogen mode) or "" to skip
}

func TestValidateComponentTree(t *testing.T) {
	good, err := os.ReadFile("../../examples/studio/team.json")
	if err != nil {
		t.Fatal(err)
	}
	bad, err := os.ReadFile("testdata/tree/deep_faults.json")
	if err != nil {
		t.Fatal(err)
	}
	// Expected by hand from the edits made to team.json: model 42 (line
	// 27), temperature "hot" (line 28), a termination condition as the
	// agent's model_context (line 61, and its config {} lacks
	// max_messages, the object at line 67), and the Or condition's
	// MaxMessageTermination without max_messages (object at line 105).
	want := []treeFault{
		{"/config/participants/0/config/model_client/config/model", 27, "string_type"},
		{"/config/participants/0/config/model_client/config/temperature", 28, "float_parsing"},
		{"/config/participants/0/config/model_context/provider", 61, TypeComponentType},
		{"/config/participants/0/config/model_context/config/max_messages", 67, "missing"},
		{"/config/termination_condition/config/conditions/1/config/max_messages", 105, "missing"},
	}
	for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
		t.Run(mode.String(), func(t *testing.T) {
			v := &Validator{Mode: mode}
			if err := v.ValidateComponent(good); err != nil {
				t.Fatalf("team.json: %v", err)
			}
			title, err := v.ValidateTagged(bad)
			if title != "ComponentModel" {
				t.Errorf("title %q, want ComponentModel", title)
			}
			var es agentschema.Faults
			if !errors.As(err, &es) {
				t.Fatalf("got %v, want Errors", err)
			}
			if len(es) != len(want) {
				t.Fatalf("got %d faults, want %d: %v", len(es), len(want), err)
			}
			for i, w := range want {
				e := es[i]
				if e.Pointer != w.pointer || e.Line != w.line {
					t.Errorf("fault %d: %s at line %d, want %s at line %d", i, e.Pointer, e.Line, w.pointer, w.line)
				}
				if mode == ModeAutoGen && e.Type != w.typ {
					t.Errorf("fault %d: type %q, want %q", i, e.Type, w.typ)
				}
			}
		})
	}
}

func TestUnknownProvider(t *testing.T) {
	doc := []byte(`{"provider": "autogen_agentchat.teams.RoundRobinGroupChat", "config": {
  "participants": [{"provider": "my_pkg.MyAgent", "config": {"anything": 1}}]}}`)
	for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
		var warns agentschema.Faults
		v := &Validator{Mode: mode, Warn: func(e *agentschema.Fault) { warns = append(warns, e) }}
		if err := v.ValidateComponent(doc); err != nil {
			t.Errorf("%v: default: %v, want valid with a warning", mode, err)
		}
		if len(warns) != 1 || warns[0].Pointer != "/config/participants/0/provider" || warns[0].Type != TypeUnknownProvider || warns[0].Line != 2 {
			t.Errorf("%v: warnings %v", mode, warns)
		}
		v = &Validator{Mode: mode, Strict: true}
		var es agentschema.Faults
		if err := v.ValidateComponent(doc); !errors.As(err, &es) || len(es) != 1 || es[0].Type != TypeUnknownProvider {
			t.Errorf("%v: strict: %v, want one unknown_provider error", mode, err)
		}
	}
}

func TestAliasesResolve(t *testing.T) {
	// WELL_KNOWN_PROVIDERS short names and private module paths load in
	// AutoGen (load_component imports the module path it is given).
	for _, p := range []string{
		"OpenAIChatCompletionClient", "openai_chat_completion_client",
		"autogen_ext.models.openai._openai_client.OpenAIChatCompletionClient",
	} {
		doc := []byte(`{"provider": "` + p + `", "config": {"model": 1}}`)
		var es agentschema.Faults
		if err := (&Validator{Mode: ModeAutoGen}).ValidateComponent(doc); !errors.As(err, &es) || es[0].Pointer != "/config/model" {
			t.Errorf("%s: %v, want a fault at /config/model", p, err)
		}
	}
}

func TestMaxToolIterations(t *testing.T) {
	// max_tool_iterations: int = Field(default=1, ge=1).
	doc := []byte(`{"provider": "autogen_agentchat.agents.AssistantAgent", "config": {"name": "a",
 "model_client": {"provider": "OpenAIChatCompletionClient", "config": {"model": "gpt-4o"}},
 "description": "d", "reflect_on_tool_use": false, "tool_call_summary_format": "{result}", "max_tool_iterations": 0}}`)
	for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
		var es agentschema.Faults
		if err := (&Validator{Mode: mode}).ValidateComponent(doc); !errors.As(err, &es) || len(es) != 1 || es[0].Pointer != "/config/max_tool_iterations" {
			t.Errorf("%v: %v", mode, err)
		}
	}
}

func TestValidateTeamState(t *testing.T) {
	good, err := os.ReadFile("../../examples/studio/team_state.json")
	if err != nil {
		t.Fatal(err)
	}
	bad, err := os.ReadFile("testdata/tree/bad_state.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
		v := &Validator{Mode: mode}
		if title, err := v.ValidateTagged(good); err != nil || title != "TeamState" {
			t.Errorf("%v: team_state.json: %q %v", mode, title, err)
		}
		// An AssistantMessage without source inside the agent's
		// llm_context (AssistantAgent.load_state validates it as a
		// ChatCompletionContextState), and current_turn "one".
		var es agentschema.Faults
		if _, err := v.ValidateTagged(bad); !errors.As(err, &es) || len(es) != 2 ||
			es[0].Pointer != "/agent_states/assistant_agent/agent_state/llm_context/messages/1/source" || es[0].Line != 14 ||
			es[1].Pointer != "/agent_states/RoundRobinGroupChatManager/current_turn" || es[1].Line != 27 {
			t.Errorf("%v: %v", mode, err)
		}
	}
	if title, ok := StateTitle("GraphManagerState"); !ok || title != "GraphFlowManagerState" {
		t.Errorf("GraphManagerState -> %q", title)
	}
}

func FuzzValidateComponent(f *testing.F) {
	if b, err := os.ReadFile("testdata/tree/deep_faults.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"provider":"autogen_agentchat.base.OrTerminationCondition","config":{"conditions":[{"provider":"x","config":{}},3,null]}}`))
	f.Add([]byte(`{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":{"a":1}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: mode, Strict: true}).ValidateComponent(data)
			var es agentschema.Faults
			if err != nil && !errors.As(err, &es) {
				var ut *UnknownTypeError
				if errors.As(err, &ut) {
					t.Fatalf("unknown type: %v", err)
				}
			}
		}
	})
}

// TestConstructorRefusals: in autogen mode, a tree is refused where
// AutoGen's load_component fails after the config model accepted it: in a
// constructor (BaseGroupChat.__init__: "At least one participant is
// required.") or a model validator (Handoff's name must be an
// identifier). Schema mode checks the config models only, which accept
// both.
func TestConstructorRefusals(t *testing.T) {
	cases := []struct{ doc, ptr, msg string }{
		{`{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","config":{"participants":[{"provider":"autogen_agentchat.teams.Swarm","config":{"participants":[]}}]}}`,
			"/config/participants/0/config/participants", "Value error, At least one participant is required."},
		{`{"provider":"autogen_agentchat.agents.AssistantAgent","config":{"name":"a","model_client":{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o"}},
 "description":"d","reflect_on_tool_use":false,"tool_call_summary_format":"{result}","handoffs":["ok",{"target":"x","name":"not ok"}]}}`,
			"/config/handoffs/1", "Value error, Handoff name must be a valid identifier: not ok"},
		// BaseOpenAIChatCompletionClient.__init__: a model AutoGen's table
		// does not know needs a model_info.
		{`{"provider":"autogen_agentchat.agents.AssistantAgent","config":{"name":"a","model_client":{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o-typo"}},
 "description":"d","reflect_on_tool_use":false,"tool_call_summary_format":"{result}"}}`,
			"/config/model_client/config/model", "Value error, model_info is required when model name is not a valid OpenAI model"},
	}
	for _, c := range cases {
		var es agentschema.Faults
		err := (&Validator{Mode: ModeAutoGen}).ValidateComponent([]byte(c.doc))
		if !errors.As(err, &es) || len(es) != 1 || es[0].Pointer != c.ptr || es[0].Message != c.msg || es[0].Line == 0 {
			t.Errorf("autogen: %v", err)
		}
		if err := (&Validator{Mode: ModeSchema}).ValidateComponent([]byte(c.doc)); err != nil {
			t.Errorf("schema: %v", err)
		}
	}
}

// TestStrictIgnoredMembers: with Strict, a member of a component's config
// that its config model ignores (AutoGen drops it silently) is a warning
// at its pointer naming the member it most probably means; without
// Strict there is none, and it never makes the tree invalid.
func TestStrictIgnoredMembers(t *testing.T) {
	doc := `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","config":{"participants":[
{"provider":"autogen_agentchat.agents.AssistantAgent","config":{"name":"a","model_client":{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o","temprature":0.2}},
 "description":"d","reflect_on_tool_use":false,"tool_call_summary_format":"{result}","max_tool_iteration":3,"zzz_unrelated":1}}],"max_turn":2}}`
	for _, strict := range []bool{false, true} {
		var warns []string
		v := &Validator{Mode: ModeAutoGen, Strict: strict, Warn: func(f *agentschema.Fault) {
			warns = append(warns, f.Pointer+": "+f.Message)
		}}
		if err := v.ValidateComponent([]byte(doc)); err != nil {
			t.Fatalf("strict %v: %v", strict, err)
		}
		var want []string
		if strict {
			want = []string{
				`/config/max_turn: RoundRobinGroupChatConfig has no member "max_turn": AutoGen ignores it; did you mean "max_turns"?`,
				`/config/participants/0/config/max_tool_iteration: AssistantAgentConfig has no member "max_tool_iteration": AutoGen ignores it; did you mean "max_tool_iterations"?`,
				`/config/participants/0/config/zzz_unrelated: AssistantAgentConfig has no member "zzz_unrelated": AutoGen ignores it`,
				`/config/participants/0/config/model_client/config/temprature: OpenAIClientConfigurationConfigModel has no member "temprature": AutoGen ignores it; did you mean "temperature"?`,
			}
		}
		sort.Strings(warns)
		sort.Strings(want)
		if strings.Join(warns, "\n") != strings.Join(want, "\n") {
			t.Errorf("strict %v: warnings\n%s\nwant\n%s", strict, strings.Join(warns, "\n"), strings.Join(want, "\n"))
		}
	}
}
