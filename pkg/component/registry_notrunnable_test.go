package component_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/component"
)

// TestNotRunnableProvider: a component AutoGen has and this module does
// not run is named so, with the reason, not "did you mean" itself.
func TestNotRunnableProvider(t *testing.T) {
	for _, p := range []string{"autogen_ext.agents.web_surfer.MultimodalWebSurfer", "autogen_ext.memory.chromadb.ChromaDBVectorMemory"} {
		_, err := component.Load(context.Background(), []byte(`{"provider":"`+p+`","config":{}}`))
		var u *component.UnknownProviderError
		if !errors.As(err, &u) || !u.NotRunnable || u.Suggestion != "" || u.Reason == "" {
			t.Fatalf("%s: %#v", p, err)
		}
		want := `component: "` + p + `" is a component AutoGen has that this module does not run: ` + u.Reason
		if !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%s: %v", p, err)
		}
	}
	_, err := component.Load(context.Background(), []byte(`{"provider":"autogen_ext.agents.web_surfer.MultimodalWebSurfr","config":{}}`))
	var u *component.UnknownProviderError
	if !errors.As(err, &u) || u.NotRunnable || u.Suggestion != "autogen_ext.agents.web_surfer.MultimodalWebSurfer" {
		t.Errorf("a typo still gets its suggestion: %v", err)
	}
}
