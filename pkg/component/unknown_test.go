package component_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
)

// TestUnknownProviderSaysWhatToImport loads, in a test binary that links
// no implementation, providers the module implements: the error names the
// package that registers each (aliases resolved).
func TestUnknownProviderSaysWhatToImport(t *testing.T) {
	for provider, pkg := range map[string]string{
		"autogen_agentchat.teams.RoundRobinGroupChat":                                     "github.com/agentschema/agentschema/pkg/agentchat/teams",
		"autogen_agentchat.teams._group_chat._round_robin_group_chat.RoundRobinGroupChat": "github.com/agentschema/agentschema/pkg/agentchat/teams",
		"autogen_ext.tools.http.HttpTool":                                                 "github.com/agentschema/agentschema/pkg/tools/httptool",
	} {
		_, err := component.NewRegistry().Load(context.Background(), []byte(`{"provider": "`+provider+`", "config": {}}`))
		var up *component.UnknownProviderError
		if !errors.As(err, &up) || up.Package != pkg || !strings.Contains(err.Error(), "import "+pkg) {
			t.Errorf("%s: %v (package %q)", provider, err, up.Package)
		}
	}
}

// TestUnknownProviderSuggests: a provider a letter away from a known one
// gets "did you mean"; one far from every provider gets none.
func TestUnknownProviderSuggests(t *testing.T) {
	_, err := component.NewRegistry().Load(context.Background(), []byte(`{"provider": "autogen_agentchat.conditions.MaxMesageTermination", "config": {}}`))
	var up *component.UnknownProviderError
	if !errors.As(err, &up) || up.Suggestion != "autogen_agentchat.conditions.MaxMessageTermination" ||
		!strings.Contains(err.Error(), `did you mean "autogen_agentchat.conditions.MaxMessageTermination"?`) {
		t.Errorf("typo: %v", err)
	}
	_, err = component.NewRegistry().Load(context.Background(), []byte(`{"provider": "my.Termination", "config": {}}`))
	if !errors.As(err, &up) || up.Suggestion != "" {
		t.Errorf("unrelated: %v", err)
	}
}

// TestListMemoryDefaultName: ListMemory keeps "default_list_memory" when
// its config has no name (or an empty one), and dump_component writes it.
func TestListMemoryDefaultName(t *testing.T) {
	for _, cfg := range []string{`{}`, `{"name": null}`, `{"name": ""}`} {
		out, err := component.NormalizeTree([]byte(`{"provider": "autogen_core.memory.ListMemory", "component_type": "memory", "config": ` + cfg + `}`))
		if err != nil || !strings.Contains(string(out), `"config":{"name":"default_list_memory","memory_contents":[]}`) {
			t.Errorf("%s: %s, %v", cfg, out, err)
		}
	}
}

// TestDuplicateParticipantNames: BaseGroupChat refuses participants with
// one name ("The participant names must be unique."), at the second one;
// a nested team without a name is named by its class.
func TestDuplicateParticipantNames(t *testing.T) {
	agent := `{"provider":"autogen_agentchat.agents.UserProxyAgent","component_type":"agent","config":{"name":"RoundRobinGroupChat"}}`
	inner := `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","config":{"participants":[` + agent + `]}}`
	team := `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","config":{"participants":[` + agent + `,` + inner + `]}}`
	_, err := component.NormalizeTree([]byte(team))
	var fs agentschema.Faults
	if !errors.As(err, &fs) || fs[0].Pointer != "/config/participants/1" || fs[0].Message != "Value error, The participant names must be unique." {
		t.Errorf("err = %v", err)
	}
}

// TestContextSizesMustBePositive: the model contexts' constructors refuse
// sizes not greater than 0, with their texts, at the member.
func TestContextSizesMustBePositive(t *testing.T) {
	for _, tc := range []struct{ provider, config, ptr, msg string }{
		{"autogen_core.model_context.BufferedChatCompletionContext", `{"buffer_size": 0}`, "/config/buffer_size", "buffer_size must be greater than 0."},
		{"autogen_core.model_context.HeadAndTailChatCompletionContext", `{"head_size": 0, "tail_size": 2}`, "/config/head_size", "head_size must be greater than 0."},
		{"autogen_core.model_context.HeadAndTailChatCompletionContext", `{"head_size": 1, "tail_size": -1}`, "/config/tail_size", "tail_size must be greater than 0."},
	} {
		_, err := component.NormalizeTree([]byte(`{"provider": "` + tc.provider + `", "component_type": "chat_completion_context", "config": ` + tc.config + `}`))
		var fs agentschema.Faults
		if !errors.As(err, &fs) || fs[0].Pointer != tc.ptr || fs[0].Message != "Value error, "+tc.msg {
			t.Errorf("%s %s: %v", tc.provider, tc.config, err)
		}
	}
}
