package teams_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/tools"
)

// autogenCannotLoad are the dumps AutoGen 0.7.5 cannot load either, with
// the fault it reports (checked by loading the golden file with AutoGen's
// ComponentLoader): TokenUsageTerminationConfig's limits are "int | None"
// without a default, so pydantic requires them, and dump_component()
// drops the None ones.
var autogenCannotLoad = map[string]string{
	"cond_token_usage": "/max_prompt_token: Field required",
}

// TestDumpLoadDump: every component of TestDumpGolden, dumped, loads
// again with the module's loader (component.Load), and the loaded value
// dumps to the same bytes: a Go-built value and the value its config
// loads into are the same component, as load_component(x).dump_component()
// gives x back in AutoGen.
func TestDumpLoadDump(t *testing.T) {
	ctx := context.Background()
	cases := dumpConditions(t)
	for _, group := range []map[string]component.Component{dumpAgents(t, t.TempDir()), dumpTeams(t), dumpTaskTools(t)} {
		for k, v := range group {
			cases[k] = v
		}
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			first, err := component.Dump(c)
			if err != nil {
				t.Fatal(err)
			}
			v, err := component.Load(ctx, first)
			if want, ok := autogenCannotLoad[name]; ok {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("Load of the dump: %v, want AutoGen's refusal %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load of the dump: %v", err)
			}
			loaded, ok := v.(component.Component)
			if !ok {
				t.Fatalf("loaded %T, which cannot dump", v)
			}
			again, err := component.Dump(loaded)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first, again) {
				t.Errorf("dump of the loaded value differs:\n got %s\nwant %s", again, first)
			}
		})
	}
}

// TestDumpedTeamRuns: a team built in Go and the team its dump loads into
// (agentchat.LoadRunner, as `agentschema run` loads a config) run the same
// task on their replay clients to the same messages and stop reason.
func TestDumpedTeamRuns(t *testing.T) {
	ctx := context.Background()
	build := map[string]func() teams.Participant{
		"round robin": func() teams.Participant {
			return must(teams.NewRoundRobinGroupChat([]teams.Participant{
				assistant(t, "a", "a1", "a2"), assistant(t, "b", "b1 TERMINATE")},
				teams.Options{Termination: conditions.NewOr(conditions.NewMaxMessage(5, false),
					conditions.NewTextMention("TERMINATE", nil)), EmitTeamEvents: true}))
		},
		"graph": func() teams.Participant { return dumpGraph(t) },
		"selector": func() teams.Participant {
			return must(teams.NewSelectorGroupChat([]teams.Participant{assistant(t, "a", "a1"), assistant(t, "b", "b1")},
				replay.New(replay.Texts("b", "a")), teams.Options{Termination: conditions.NewMaxMessage(3, false)},
				teams.SelectorOptions{}))
		},
	}
	for name, mk := range build {
		t.Run(name, func(t *testing.T) {
			team := mk()
			defer team.Close(ctx)
			data, err := component.Dump(team.(component.Component))
			if err != nil {
				t.Fatal(err)
			}
			loaded, err := agentchat.LoadRunner(ctx, data)
			if err != nil {
				t.Fatalf("LoadRunner: %v", err)
			}
			defer loaded.Close(ctx)
			want, err := team.(agentchat.Team).Run(ctx, agentchat.TextTask("go"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := loaded.Run(ctx, agentchat.TextTask("go"))
			if err != nil {
				t.Fatal(err)
			}
			if g, w := summary(got.Messages), summary(want.Messages); g != w || len(want.Messages) < 3 {
				t.Errorf("loaded team's run:\n got %s\nwant %s", g, w)
			}
			if *got.StopReason != *want.StopReason {
				t.Errorf("stop reason %q, want %q", *got.StopReason, *want.StopReason)
			}
		})
	}
}

// opaqueAgent is an agent of the program's own: it has no component
// config (its embedded interface does not carry ComponentModel).
type opaqueAgent struct{ agentchat.ChatAgent }

// opaqueTool is a tool of the program's own, without a component config.
type opaqueTool struct{ tools.Tool }

// opaqueRunner runs tasks, but is neither an agent nor a team.
type opaqueRunner struct{ agentchat.Runner }

// TestDumpRefusals: what has no component config is a *component.DumpError
// whose pointer is the member's place in the dumped component and whose
// type is the Go type found there; a CodeExecutorAgent with an approval
// function is refused with AutoGen's ValueError text.
func TestDumpRefusals(t *testing.T) {
	fn := must(tools.NewFunctionTool("add", "Adds.", func(_ context.Context, in struct{ A, B int }) (int, error) {
		return in.A + in.B, nil
	}))
	withTool := toolAssistant(t, "calc", agents.AssistantOptions{Tools: []tools.Tool{opaqueTool{fn}}}, "ok")
	functional := conditions.NewFunctional(func(context.Context, []messages.Message) (bool, error) { return false, nil })
	exec := must(local.New(local.Options{WorkDir: t.TempDir()}))
	approving := must(agents.NewCodeExecutorAgent("coder", exec, agents.CodeExecutorOptions{Approval: func(context.Context, agents.ApprovalRequest) (agents.ApprovalResponse, error) {
		return agents.ApprovalResponse{Approved: true}, nil
	}}))
	cases := []struct {
		name      string
		c         component.Component
		ptr, typ  string
		wantErr   error
		wantInErr string
	}{
		{"custom agent", must(teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "a"), opaqueAgent{assistant(t, "b")}}, teams.Options{})),
			"/config/participants/1", "teams_test.opaqueAgent", component.ErrNoComponentConfig, "does not implement component.Component"},
		{"functional condition", must(teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "a")},
			teams.Options{Termination: conditions.NewOr(conditions.NewMaxMessage(3, false), functional)})),
			"/config/termination_condition/config/conditions/1", "*conditions.Functional", component.ErrNoComponentConfig, ""},
		{"tool without config", must(teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "a"), withTool}, teams.Options{})),
			"/config/participants/1/config/workbench/0/config/tools/0", "teams_test.opaqueTool", component.ErrNoComponentConfig, ""},
		{"approval func", approving, "", "*agents.CodeExecutorAgent", agents.ErrApprovalFunc,
			"Cannot serialize CodeExecutorAgent with approval_func set. The approval function is not serializable."},
		{"condition func", conditionFuncGraph(t), "/config/graph/nodes/a/edges/0/condition", "func(messages.Message) bool",
			teams.ErrConditionFunc, "use a Condition text"},
		{"generic task runner", must(agents.NewTaskRunnerTool(opaqueRunner{assistantTeam(t)}, "run", "Runs.", false)),
			"", "*agents.TaskRunnerTool", nil, "neither an agent nor a team"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := component.Dump(c.c)
			var de *component.DumpError
			if !errors.As(err, &de) {
				t.Fatalf("got %v (%T), want a *component.DumpError", err, err)
			}
			if de.Pointer != c.ptr || de.Type != c.typ {
				t.Errorf("pointer %q type %q, want %q %q", de.Pointer, de.Type, c.ptr, c.typ)
			}
			if c.wantErr != nil && !errors.Is(err, c.wantErr) {
				t.Errorf("%v is not %v", err, c.wantErr)
			}
			if !strings.Contains(err.Error(), c.wantInErr) || (c.ptr != "" && !strings.Contains(err.Error(), c.ptr)) {
				t.Errorf("error %q does not say %q at %q", err, c.wantInErr, c.ptr)
			}
		})
	}
}

// conditionFuncGraph is a GraphFlow a -> b whose edge has a ConditionFunc.
func conditionFuncGraph(t testing.TB) *teams.GraphFlow {
	a, b := assistant(t, "a", "1"), assistant(t, "b", "2")
	builder := teams.NewGraphBuilder().AddNode(a, "").AddNode(b, "")
	builder.AddEdge("a", teams.GraphEdge{Target: "b", ConditionFunc: func(messages.Message) bool { return true }})
	return must(teams.NewGraphFlow(builder.Participants(), must(builder.Build()), teams.Options{}))
}

// assistantTeam is a one-agent round robin.
func assistantTeam(t testing.TB) *teams.RoundRobinGroupChat {
	return must(teams.NewRoundRobinGroupChat([]teams.Participant{assistant(t, "a", "1")}, teams.Options{}))
}
