package teams_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// graphStop is _DIGRAPH_STOP_MESSAGE.
const graphStop = "Digraph execution is complete"

func strp(s string) *string { return &s }

// graphAgents makes an AssistantAgent per name, each answering its texts
// (name -> texts), and returns them in order with their clients.
func graphAgents(t testing.TB, names []string, texts map[string][]string) ([]teams.Participant, map[string]*replay.Client) {
	t.Helper()
	var ps []teams.Participant
	clients := map[string]*replay.Client{}
	for _, n := range names {
		a, c := textAgent(t, n, "", texts[n]...)
		ps = append(ps, a)
		clients[n] = c
	}
	return ps, clients
}

// graphOf builds a Graph from "source>target" edges (unconditional, the
// defaults), the nodes in the order given.
func graphOf(nodes []string, edges ...string) *teams.Graph {
	g := &teams.Graph{}
	for _, n := range nodes {
		g.Nodes = append(g.Nodes, teams.GraphNode{Name: n})
	}
	for _, e := range edges {
		src, dst, _ := strings.Cut(e, ">")
		for i := range g.Nodes {
			if g.Nodes[i].Name == src {
				g.Nodes[i].Edges = append(g.Nodes[i].Edges, teams.GraphEdge{Target: dst})
			}
		}
	}
	return g
}

// TestGraphValidation checks graph_validate's refusals, in its order of
// checks, through GraphBuilder.Build and NewGraphFlow: each is a
// *teams.GraphError with AutoGen's ValueError text, pointing at the
// offending node or edge; a cyclic graph (with an exit condition) needs a
// termination condition or max_turns (GraphFlowManager's ValueError).
func TestGraphValidation(t *testing.T) {
	names := []string{"a", "b", "c"}
	ps, _ := graphAgents(t, names, nil)
	agent := map[string]teams.Participant{}
	for _, p := range ps {
		agent[p.Name()] = p
	}
	type edge struct {
		src string
		e   teams.GraphEdge
	}
	for _, tc := range []struct {
		name    string
		nodes   []string
		edges   []edge
		entry   string
		pointer string
		message string
	}{
		{name: "no nodes", message: "Graph has no nodes."},
		// a -> b -> a: every node has a parent.
		{name: "no start node", nodes: []string{"a", "b"},
			edges:   []edge{{"a", teams.GraphEdge{Target: "b"}}, {"b", teams.GraphEdge{Target: "a"}}},
			message: "Graph must have at least one start node"},
		// With an entry point there is a start node, but no node is
		// without edges.
		{name: "no leaf node", nodes: []string{"a", "b"}, entry: "a",
			edges:   []edge{{"a", teams.GraphEdge{Target: "b"}}, {"b", teams.GraphEdge{Target: "a"}}},
			message: "Graph must have at least one leaf node"},
		{name: "mixed edges", nodes: []string{"a", "b", "c"},
			edges:   []edge{{"a", teams.GraphEdge{Target: "b", Condition: strp("yes")}}, {"a", teams.GraphEdge{Target: "c"}}},
			pointer: "/nodes/a", message: "Node 'a' has a mix of conditional and unconditional edges."},
		// a -> c is "all" (the default), b -> c "any", both in group "c":
		// the first seen is a's.
		{name: "conflicting activation", nodes: []string{"a", "b", "c"},
			edges: []edge{{"a", teams.GraphEdge{Target: "c"}},
				{"b", teams.GraphEdge{Target: "c", ActivationCondition: teams.ActivationAny}}},
			pointer: "/nodes/b/edges/0",
			message: "Conflicting activation conditions for target 'c' group 'c': 'all' (from node 'a') and 'any' (from node 'b')"},
		// c is the start and the leaf; the depth-first search from a (the
		// first node) finds a -> b -> a, none of whose edges has a
		// condition.
		{name: "cycle without exit", nodes: []string{"a", "b", "c"},
			edges:   []edge{{"a", teams.GraphEdge{Target: "b"}}, {"b", teams.GraphEdge{Target: "a"}}},
			pointer: "/nodes/a", message: "Cycle detected without exit condition: a -> b -> a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(how string, err error) {
				t.Helper()
				var ge *teams.GraphError
				if !errors.As(err, &ge) {
					t.Fatalf("%s: err = %v (%T), want a *teams.GraphError", how, err, err)
				}
				if ge.Message != tc.message || ge.Pointer != tc.pointer {
					t.Errorf("%s: GraphError{Pointer: %q, Message: %q}\nwant {Pointer: %q, Message: %q}",
						how, ge.Pointer, ge.Message, tc.pointer, tc.message)
				}
				if err.Error() != "ValueError: "+tc.message {
					t.Errorf("%s: err.Error() = %q", how, err.Error())
				}
			}
			b := teams.NewGraphBuilder()
			g := &teams.Graph{DefaultStartNode: tc.entry}
			var ps []teams.Participant
			for _, n := range tc.nodes {
				b.AddNode(agent[n], "")
				g.Nodes = append(g.Nodes, teams.GraphNode{Name: n})
				ps = append(ps, agent[n])
			}
			for _, e := range tc.edges {
				b.AddEdge(e.src, e.e)
				for i := range g.Nodes {
					if g.Nodes[i].Name == e.src {
						g.Nodes[i].Edges = append(g.Nodes[i].Edges, e.e)
					}
				}
			}
			if tc.entry != "" {
				b.SetEntryPoint(tc.entry)
			}
			_, err := b.Build()
			check("Build", err)
			if len(ps) == 0 {
				ps = []teams.Participant{agent["a"]}
			}
			_, err = teams.NewGraphFlow(ps, g, teams.Options{MaxTurns: 5})
			check("NewGraphFlow", err)
		})
	}

	checkCyclicNeedsTermination(t, agent)
}

// checkCyclicNeedsTermination checks that a loop with an exit condition is
// valid, but needs a termination condition or max_turns (agent holds the
// participants a, b and c by name).
func checkCyclicNeedsTermination(t *testing.T, agent map[string]teams.Participant) {
	loop := teams.NewGraphBuilder().AddNode(agent["a"], "").AddNode(agent["b"], "").AddNode(agent["c"], "").
		AddEdge("a", teams.GraphEdge{Target: "b"}).
		AddEdge("b", teams.GraphEdge{Target: "a", Condition: strp("again")}).
		AddEdge("b", teams.GraphEdge{Target: "c", Condition: strp("done")}).
		SetEntryPoint("a")
	g, err := loop.Build()
	if err != nil {
		t.Fatal(err)
	}
	_, err = teams.NewGraphFlow(loop.Participants(), g, teams.Options{})
	wantRunError(t, err, "ValueError", "A termination condition is required for cyclic graphs without a maximum turn limit.")
	if _, err := teams.NewGraphFlow(loop.Participants(), g, teams.Options{MaxTurns: 3}); err != nil {
		t.Errorf("with max_turns: %v", err)
	}
}

// runGraph runs a GraphFlow over graph and returns the run's summary.
func runGraph(t testing.TB, ps []teams.Participant, g *teams.Graph, opts teams.Options, task agentchat.Task) *agentchat.TaskResult {
	t.Helper()
	team, err := teams.NewGraphFlow(ps, g, opts)
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(context.Background(), task)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestGraphSequential: a -> b -> c, each once, then the graph is
// complete; each agent's buffer holds what it has not seen (c: the task,
// a's and b's messages).
func TestGraphSequential(t *testing.T) {
	ps, clients := graphAgents(t, []string{"a", "b", "c"}, map[string][]string{"a": {"A1", "A2"}, "b": {"B1", "B2"}, "c": {"C1", "C2"}})
	team, err := teams.NewGraphFlow(ps, graphOf([]string{"a", "b", "c"}, "a>b", "b>c"), teams.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := team.Run(context.Background(), agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "user:TextMessage(go) | a:TextMessage(A1) | b:TextMessage(B1) | c:TextMessage(C1)"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if res.StopReason == nil || *res.StopReason != graphStop {
		t.Errorf("stop reason %v, want %q", res.StopReason, graphStop)
	}
	sameStrings(t, "c's call", llmTexts(clients["c"].Calls()[0].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage, "User(user): go", "User(a): A1", "User(b): B1",
	})
	// The execution state was reset when the graph completed: a new task
	// starts again from a.
	res, err = team.Run(context.Background(), agentchat.TextTask("again"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "user:TextMessage(again) | a:TextMessage(A2) | b:TextMessage(B2) | c:TextMessage(C2)"; got != want {
		t.Errorf("second run %s\nwant %s", got, want)
	}
}

// TestGraphConditions: an edge's condition is a text the source's message
// must contain (check_condition: condition in message.to_model_text()),
// or a function of the message; only the edges that hold activate their
// targets.
func TestGraphConditions(t *testing.T) {
	has := func(s string) func(messages.Message) bool {
		return func(m messages.Message) bool {
			text, _ := messages.ToModelText(m)
			return strings.Contains(text, s)
		}
	}
	hasNot := func(s string) func(messages.Message) bool {
		return func(m messages.Message) bool { return !has(s)(m) }
	}
	for _, tc := range []struct {
		name   string
		aSays  string
		toB    teams.GraphEdge
		toC    teams.GraphEdge
		wanted string
	}{
		{"string condition, b", "yes please", teams.GraphEdge{Target: "b", Condition: strp("yes")},
			teams.GraphEdge{Target: "c", Condition: strp("no")}, "user:TextMessage(go) | a:TextMessage(yes please) | b:TextMessage(B)"},
		{"string condition, c", "no thanks", teams.GraphEdge{Target: "b", Condition: strp("yes")},
			teams.GraphEdge{Target: "c", Condition: strp("no")}, "user:TextMessage(go) | a:TextMessage(no thanks) | c:TextMessage(C)"},
		// Both conditions hold: b and c speak in the same turn.
		{"string condition, both", "yes and no", teams.GraphEdge{Target: "b", Condition: strp("yes")},
			teams.GraphEdge{Target: "c", Condition: strp("no")},
			"user:TextMessage(go) | a:TextMessage(yes and no) | b:TextMessage(B) | c:TextMessage(C)"},
		// Neither holds: no node is ready, the graph is complete.
		{"string condition, none", "maybe", teams.GraphEdge{Target: "b", Condition: strp("yes")},
			teams.GraphEdge{Target: "c", Condition: strp("no")}, "user:TextMessage(go) | a:TextMessage(maybe)"},
		// Case matters ("in" is case-sensitive).
		{"string condition, case", "YES", teams.GraphEdge{Target: "b", Condition: strp("yes")},
			teams.GraphEdge{Target: "c", Condition: strp("YES")}, "user:TextMessage(go) | a:TextMessage(YES) | c:TextMessage(C)"},
		{"function condition, b", "x marks", teams.GraphEdge{Target: "b", ConditionFunc: has("x")},
			teams.GraphEdge{Target: "c", ConditionFunc: hasNot("x")}, "user:TextMessage(go) | a:TextMessage(x marks) | b:TextMessage(B)"},
		{"function condition, c", "nothing", teams.GraphEdge{Target: "b", ConditionFunc: has("x")},
			teams.GraphEdge{Target: "c", ConditionFunc: hasNot("x")}, "user:TextMessage(go) | a:TextMessage(nothing) | c:TextMessage(C)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, _ := graphAgents(t, []string{"a", "b", "c"}, map[string][]string{"a": {tc.aSays}, "b": {"B"}, "c": {"C"}})
			b := teams.NewGraphBuilder()
			for _, p := range ps {
				b.AddNode(p, "")
			}
			g, err := b.AddEdge("a", tc.toB).AddEdge("a", tc.toC).Build()
			if err != nil {
				t.Fatal(err)
			}
			res := runGraph(t, b.Participants(), g, teams.Options{}, agentchat.TextTask("go"))
			if got := brief(res.Messages); got != tc.wanted {
				t.Errorf("got %s\nwant %s", got, tc.wanted)
			}
			if res.StopReason == nil || *res.StopReason != graphStop {
				t.Errorf("stop reason %v", res.StopReason)
			}
		})
	}
}

// TestGraphFanOutFanIn runs fan-out and fan-in graphs (under -race, with
// several teams at once). The turns follow GraphFlowManager: select_speaker
// drains the ready queue; each answer updates the remaining counts
// ("all": the target is ready when its group's count reaches 0) or the
// enqueued flags ("any": ready at the first parent, once until it is
// selected); selecting a node restores what triggered it.
func TestGraphFanOutFanIn(t *testing.T) {
	anyAct := teams.ActivationAny
	for _, tc := range []struct {
		name  string
		nodes []string
		edges [][2]string
		// conds are conditions of some edges ("src>dst" -> text).
		conds map[string]string
		act   teams.Activation // of the edges into d
		want  string
	}{
		// a, then b and c in one turn, then d once, after both.
		{name: "fan-out fan-in all", nodes: []string{"a", "b", "c", "d"},
			edges: [][2]string{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}},
			want:  "user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(B) | c:TextMessage(C) | d:TextMessage(D1)"},
		// c's edge to d does not hold ("go" is not in "C"): with "all",
		// d waits for it forever and the graph completes without d...
		{name: "all waits for every parent", nodes: []string{"a", "b", "c", "d"},
			edges: [][2]string{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}}, conds: map[string]string{"c>d": "go"},
			want: "user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(B) | c:TextMessage(C)"},
		// ... with "any", b's answer is enough.
		{name: "any needs one parent", nodes: []string{"a", "b", "c", "d"}, act: anyAct,
			edges: [][2]string{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}}, conds: map[string]string{"c>d": "go"},
			want: "user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(B) | c:TextMessage(C) | d:TextMessage(D1)"},
		// Parents at different depths (b, and c -> e): with "all", d runs
		// once, after e (turns: a; b c; e; d).
		{name: "all, parents at different depths", nodes: []string{"a", "b", "c", "e", "d"},
			edges: [][2]string{{"a", "b"}, {"a", "c"}, {"c", "e"}, {"b", "d"}, {"e", "d"}},
			want:  "user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(B) | c:TextMessage(C) | e:TextMessage(E) | d:TextMessage(D1)"},
		// With "any", d is ready after b (it runs with e, in turn 3), and
		// again after e, its flag having been cleared when it was selected
		// (turns: a; b c; d e; d).
		{name: "any, parents at different depths", nodes: []string{"a", "b", "c", "e", "d"}, act: anyAct,
			edges: [][2]string{{"a", "b"}, {"a", "c"}, {"c", "e"}, {"b", "d"}, {"e", "d"}},
			want: "user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(B) | c:TextMessage(C) | " +
				"d:TextMessage(D1) | e:TextMessage(E) | d:TextMessage(D2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var wg sync.WaitGroup
			results := make([]string, 4)
			stops := make([]string, 4)
			errs := make([]error, 4)
			for i := range results {
				wg.Add(1)
				go func() {
					defer wg.Done()
					texts := map[string][]string{"a": {"A"}, "b": {"B"}, "c": {"C"}, "e": {"E"}, "d": {"D1", "D2"}}
					ps, _ := graphAgents(t, tc.nodes, texts)
					b := teams.NewGraphBuilder()
					for _, p := range ps {
						b.AddNode(p, "")
					}
					for _, e := range tc.edges {
						ge := teams.GraphEdge{Target: e[1]}
						if c, ok := tc.conds[e[0]+">"+e[1]]; ok {
							ge.Condition = strp(c)
						}
						if e[1] == "d" && tc.act != "" {
							ge.ActivationCondition = tc.act
						}
						b.AddEdge(e[0], ge)
					}
					g, err := b.Build()
					if err != nil {
						errs[i] = err
						return
					}
					team, err := teams.NewGraphFlow(b.Participants(), g, teams.Options{MaxTurns: 10})
					if err != nil {
						errs[i] = err
						return
					}
					res, err := team.Run(context.Background(), agentchat.TextTask("go"))
					if err != nil {
						errs[i] = err
						return
					}
					results[i] = brief(res.Messages)
					if res.StopReason != nil {
						stops[i] = *res.StopReason
					}
				}()
			}
			wg.Wait()
			for i := range results {
				if errs[i] != nil {
					t.Fatalf("team %d: %v", i, errs[i])
				}
				if results[i] != tc.want {
					t.Errorf("team %d:\n got %s\nwant %s", i, results[i], tc.want)
				}
				if stops[i] != graphStop {
					t.Errorf("team %d: stop reason %q", i, stops[i])
				}
			}
		})
	}
}

// TestGraphFanInBuffer: d, after b and c (one turn), is given the task
// and a's, b's and c's messages, in the order they were received.
func TestGraphFanInBuffer(t *testing.T) {
	ps, clients := graphAgents(t, []string{"a", "b", "c", "d"}, map[string][]string{"a": {"A"}, "b": {"B"}, "c": {"C"}, "d": {"D"}})
	res := runGraph(t, ps, graphOf([]string{"a", "b", "c", "d"}, "a>b", "a>c", "b>d", "c>d"), teams.Options{}, agentchat.TextTask("go"))
	if got := brief(res.Messages); !strings.HasSuffix(got, "d:TextMessage(D)") {
		t.Fatalf("got %s", got)
	}
	sameStrings(t, "d's call", llmTexts(clients["d"].Calls()[0].Messages), []string{
		"System: " + agents.DefaultAssistantSystemMessage, "User(user): go", "User(a): A", "User(b): B", "User(c): C",
	})
	// b and c each saw the task and a's message only.
	for _, n := range []string{"b", "c"} {
		sameStrings(t, n+"'s call", llmTexts(clients[n].Calls()[0].Messages), []string{
			"System: " + agents.DefaultAssistantSystemMessage, "User(user): go", "User(a): A",
		})
	}
}

// TestGraphLoop: a -> b, b -> a on "again", b -> c on "done" (entry
// point a): the loop runs until b says done; max_turns stops it sooner.
func TestGraphLoop(t *testing.T) {
	build := func(maxTurns int64) *agentchat.TaskResult {
		ps, _ := graphAgents(t, []string{"a", "b", "c"}, map[string][]string{
			"a": {"draft 1", "draft 2"}, "b": {"again", "done"}, "c": {"final"}})
		b := teams.NewGraphBuilder()
		for _, p := range ps {
			b.AddNode(p, "")
		}
		g, err := b.AddEdge("a", teams.GraphEdge{Target: "b"}).
			AddEdge("b", teams.GraphEdge{Target: "a", Condition: strp("again")}).
			AddEdge("b", teams.GraphEdge{Target: "c", Condition: strp("done")}).
			SetEntryPoint("a").Build()
		if err != nil {
			t.Fatal(err)
		}
		return runGraph(t, b.Participants(), g, teams.Options{MaxTurns: maxTurns}, agentchat.TextTask("write"))
	}
	res := build(10)
	if got, want := brief(res.Messages), "user:TextMessage(write) | a:TextMessage(draft 1) | b:TextMessage(again) | "+
		"a:TextMessage(draft 2) | b:TextMessage(done) | c:TextMessage(final)"; got != want {
		t.Errorf("loop:\n got %s\nwant %s", got, want)
	}
	if res.StopReason == nil || *res.StopReason != graphStop {
		t.Errorf("stop reason %v", res.StopReason)
	}
	res = build(3)
	if got, want := brief(res.Messages), "user:TextMessage(write) | a:TextMessage(draft 1) | b:TextMessage(again) | a:TextMessage(draft 2)"; got != want {
		t.Errorf("max_turns 3:\n got %s\nwant %s", got, want)
	}
	if res.StopReason == nil || *res.StopReason != "Maximum number of turns 3 reached." {
		t.Errorf("stop reason %v", res.StopReason)
	}
}

// TestGraphManagerState stops a -> b -> c after one turn (max_turns 1)
// and checks the GraphFlowManager's state, a plain dict (no type, no
// version): message_thread, current_turn (reset to 0 by max_turns),
// remaining ({target: {group: count}}, b's count down to 0), enqueued_any
// and ready (b). The state loaded into a new team continues with b, c.
func TestGraphManagerState(t *testing.T) {
	ctx := context.Background()
	build := func() *teams.GraphFlow {
		ps, _ := graphAgents(t, []string{"a", "b", "c"}, map[string][]string{"a": {"A"}, "b": {"B"}, "c": {"C"}})
		team, err := teams.NewGraphFlow(ps, graphOf([]string{"a", "b", "c"}, "a>b", "b>c"), teams.Options{MaxTurns: 1})
		if err != nil {
			t.Fatal(err)
		}
		return team
	}
	first := build()
	res, err := first.Run(ctx, agentchat.TextTask("go"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := brief(res.Messages), "user:TextMessage(go) | a:TextMessage(A)"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	st, err := first.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ms := managerState(t, st, "GraphManager")
	sameStrings(t, "keys", topKeys(t, ms), []string{"message_thread", "current_turn", "remaining", "enqueued_any", "ready"})
	want := `],"current_turn":0,"remaining":{"b":{"b":0},"c":{"c":1}},"enqueued_any":{"b":{"b":false},"c":{"c":false}},"ready":["b"]}`
	if !strings.HasSuffix(string(ms), want) {
		t.Errorf("state:\n%s\nwant it to end with:\n%s", ms, want)
	}
	second := build()
	if err := second.LoadState(ctx, st); err != nil {
		t.Fatal(err)
	}
	// With max_turns 1, one turn per run: b (stopped by max_turns), then
	// c, after which no node is ready: the graph is complete (checked
	// before max_turns), and the execution state is reset.
	for _, want := range []struct{ msgs, stop string }{
		{"b:TextMessage(B)", "Maximum number of turns 1 reached."},
		{"c:TextMessage(C)", graphStop},
	} {
		res, err := second.Run(ctx, agentchat.Task{})
		if err != nil {
			t.Fatal(err)
		}
		if got := brief(res.Messages); got != want.msgs {
			t.Errorf("continued run %s, want %s", got, want.msgs)
		}
		if res.StopReason == nil || *res.StopReason != want.stop {
			t.Errorf("stop reason %v, want %q", res.StopReason, want.stop)
		}
	}
	st, err = second.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want = `],"current_turn":0,"remaining":{"b":{"b":1},"c":{"c":1}},"enqueued_any":{"b":{"b":false},"c":{"c":false}},"ready":["a"]}`
	if ms := managerState(t, st, "GraphManager"); !strings.HasSuffix(string(ms), want) {
		t.Errorf("state after the end:\n%s\nwant it to end with:\n%s", ms, want)
	}
}

// TestGraphActivationGroups follows DiGraphBuilder's example "A -> B ->
// (C1, C2) -> B -> E(exit)": the edges back to b form their own
// activation group, so b's first activation (from a, group "b") does not
// wait for them, and b runs once per loop, after c1 and c2 (whether the
// loop-back group is "all" or "any"). With the default groups all three
// edges into b are one "all" group: b waits for c1 and c2, which wait
// for b, and the graph completes after a.
func TestGraphActivationGroups(t *testing.T) {
	for _, tc := range []struct {
		name  string
		group string
		act   teams.Activation
		want  string
	}{
		{"loop-back group, any", "loop_back", teams.ActivationAny,
			"user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(loop) | c1:TextMessage(C1) | c2:TextMessage(C2) | " +
				"b:TextMessage(exit) | e:TextMessage(E)"},
		{"loop-back group, all", "loop_back", teams.ActivationAll,
			"user:TextMessage(go) | a:TextMessage(A) | b:TextMessage(loop) | c1:TextMessage(C1) | c2:TextMessage(C2) | " +
				"b:TextMessage(exit) | e:TextMessage(E)"},
		{"default groups", "", "", "user:TextMessage(go) | a:TextMessage(A)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, _ := graphAgents(t, []string{"a", "b", "c1", "c2", "e"}, map[string][]string{
				"a": {"A"}, "b": {"loop", "exit"}, "c1": {"C1"}, "c2": {"C2"}, "e": {"E"}})
			b := teams.NewGraphBuilder()
			for _, p := range ps {
				b.AddNode(p, "")
			}
			back := teams.GraphEdge{Target: "b", ActivationGroup: tc.group, ActivationCondition: tc.act}
			g, err := b.AddEdge("a", teams.GraphEdge{Target: "b"}).
				AddEdge("b", teams.GraphEdge{Target: "c1", Condition: strp("loop")}).
				AddEdge("b", teams.GraphEdge{Target: "c2", Condition: strp("loop")}).
				AddEdge("b", teams.GraphEdge{Target: "e", Condition: strp("exit")}).
				AddEdge("c1", back).AddEdge("c2", back).
				SetEntryPoint("a").Build()
			if err != nil {
				t.Fatal(err)
			}
			res := runGraph(t, b.Participants(), g, teams.Options{MaxTurns: 20}, agentchat.TextTask("go"))
			if got := brief(res.Messages); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if res.StopReason == nil || *res.StopReason != graphStop {
				t.Errorf("stop reason %v", res.StopReason)
			}
		})
	}
}

// TestGraphBuilderUnknownNode: DiGraphBuilder.add_edge refuses a source
// or target that was not added ("Source node 'ghost' must be added before
// adding an edge.", "Target node 'ghost' must be added before adding an
// edge."). GraphBuilder.AddEdge returns no error, so Build must refuse
// the graph.
func TestGraphBuilderUnknownNode(t *testing.T) {
	for _, tc := range []struct{ name, src, dst string }{
		{"unknown source", "ghost", "b"},
		{"unknown target", "a", "ghost"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, _ := graphAgents(t, []string{"a", "b"}, nil)
			b := teams.NewGraphBuilder().AddNode(ps[0], "").AddNode(ps[1], "").
				AddEdge("a", teams.GraphEdge{Target: "b"}).AddEdge(tc.src, teams.GraphEdge{Target: tc.dst})
			g, err := b.Build()
			var ge *teams.GraphError
			if !errors.As(err, &ge) {
				var nodes []string
				if g != nil {
					for _, n := range g.Nodes {
						nodes = append(nodes, n.Name)
					}
				}
				t.Errorf("Build: err = %v, want a *teams.GraphError; the graph's nodes: %v", err, nodes)
			}
		})
	}
}

// TestGraphFlowTypeError: a team is not a ChatAgent.
func TestGraphFlowTypeError(t *testing.T) {
	ps, _ := graphAgents(t, []string{"a"}, nil)
	inner, err := teams.NewRoundRobinGroupChat(ps, teams.Options{Name: "inner"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = teams.NewGraphFlow([]teams.Participant{inner}, graphOf([]string{"inner"}), teams.Options{})
	var re *agentchat.RunError
	if !errors.As(err, &re) || re.Exception != "TypeError" || !strings.HasSuffix(re.Message, " must be a ChatAgent.") {
		t.Errorf("err = %v, want TypeError: Participant ... must be a ChatAgent.", err)
	}
}
