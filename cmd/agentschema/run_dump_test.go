package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/internal/runtimecase"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// dumpRunTeams builds the teams of testdata/dump_run in Go.
func dumpRunTeams(t *testing.T) map[string]component.Component {
	t.Helper()
	agent := func(name string, texts ...string) *agents.AssistantAgent {
		a, err := agents.NewAssistantAgent(name, replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	rr, err := teams.NewRoundRobinGroupChat([]teams.Participant{agent("a", "a1", "a2"), agent("b", "b1 TERMINATE")},
		teams.Options{Termination: conditions.NewOr(conditions.NewMaxMessage(5, false),
			conditions.NewTextMention("TERMINATE", nil)), EmitTeamEvents: true})
	if err != nil {
		t.Fatal(err)
	}
	cond := "yes"
	a, b, c := agent("a", "yes"), agent("b", "b1"), agent("c", "c1")
	builder := teams.NewGraphBuilder().AddNode(a, "").AddNode(b, "").AddNode(c, "")
	builder.AddEdge("a", teams.GraphEdge{Target: "b", Condition: &cond}).AddEdge("b", teams.GraphEdge{Target: "c"})
	g, err := builder.Build()
	if err != nil {
		t.Fatal(err)
	}
	graph, err := teams.NewGraphFlow(builder.Participants(), g, teams.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]component.Component{"round_robin": rr, "graph": graph}
}

// TestRunDumpedTeam: `agentschema run` runs the config component.Dump
// writes for a team built in Go, and prints what AutoGen's run prints for
// it. testdata/dump_run/NAME.json is that dump (the test checks it still
// is); NAME.autogen.jsonl is the stdout of the reference kit's run.py
// (../shared/reference) on it with --task go: AutoGen loads the dump and
// runs it. The lines are compared after runtimecase.Normalize (ids
// numbered, created_at masked).
func TestRunDumpedTeam(t *testing.T) {
	for name, team := range dumpRunTeams(t) {
		t.Run(name, func(t *testing.T) {
			dumped, err := component.Dump(team)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "dump_run", name+".json")
			recorded, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(bytes.TrimSpace(recorded), dumped) {
				t.Fatalf("%s is no longer what Dump writes:\n got %s\nwant %s", path, dumped, recorded)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"run", "--config", path, "--task", "go"}, nil, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			autogen, err := os.ReadFile(filepath.Join("testdata", "dump_run", name+".autogen.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := runtimecase.ParseLines(autogen)
			if err != nil {
				t.Fatal(err)
			}
			got, err := runtimecase.ParseLines(stdout.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if d := runtimecase.FirstDifference(runtimecase.Normalize(want), runtimecase.Normalize(got)); d != nil || len(want) < 3 {
				t.Errorf("output differs from AutoGen's: %v\n got %s\nwant %s", d, stdout.Bytes(), autogen)
			}
		})
	}
}
