package component_test

import (
	"context"
	"errors"
	"strings"
	"testing"

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
