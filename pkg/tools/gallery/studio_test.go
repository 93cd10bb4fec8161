package gallery_test

import (
	"context"
	"os"
	"testing"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
	_ "github.com/agentschema/agentschema/pkg/providers/all"
)

// TestStudioTeamLoads: with this package imported, a Go program loads
// AutoGen Studio's team file (examples/studio/team.json, whose
// FunctionTool is the gallery's calculator), as README's runTeam does.
func TestStudioTeamLoads(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-test") // loading only: no request is made
	data, err := os.ReadFile("../../../examples/studio/team.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := component.Load(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	team, ok := v.(agentchat.Team)
	if !ok {
		t.Fatalf("%T is not a team", v)
	}
	if err := team.Close(context.Background()); err != nil {
		t.Error(err)
	}
}
