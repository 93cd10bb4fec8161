package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/tools"
	_ "github.com/agentschema/agentschema/pkg/tools/httptool"
)

// BenchmarkRoundRobinReplay1k is the framework's own cost of a long team
// run: two AssistantAgents answering from replay clients in a
// RoundRobinGroupChat until MaxMessageTermination(1000) (the task and 999
// answers). It reports the time per turn (ns/turn).
func BenchmarkRoundRobinReplay1k(b *testing.B) {
	texts := make([]string, 500)
	for i := range texts {
		texts[i] = fmt.Sprintf("Message %d of the conversation.", i)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		a1, err := agents.NewAssistantAgent("a1", replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
		if err != nil {
			b.Fatal(err)
		}
		a2, err := agents.NewAssistantAgent("a2", replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
		if err != nil {
			b.Fatal(err)
		}
		team, err := teams.NewRoundRobinGroupChat([]teams.Participant{a1, a2},
			teams.Options{Termination: conditions.NewMaxMessage(1000, false)})
		if err != nil {
			b.Fatal(err)
		}
		res, err := team.Run(ctx, agentchat.TextTask("Count."))
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Messages) != 1000 {
			b.Fatalf("%d messages, want 1000", len(res.Messages))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/999, "ns/turn")
}

// BenchmarkAssistantToolRound is one tool round of an AssistantAgent: a
// replayed tool call, an HttpTool GET to a loopback server, and the
// ToolCallSummaryMessage.
func BenchmarkAssistantToolRound(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "Sunny in %s", r.URL.Query().Get("city"))
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(interface{ String() string }).String()
	var host, p string
	for i := len(port) - 1; i >= 0; i-- {
		if port[i] == ':' {
			host, p = port[:i], port[i+1:]
			break
		}
	}
	cfg := fmt.Sprintf(`{"provider": "autogen_ext.tools.http.HttpTool", "component_type": "tool", "config": {
		"name": "get_weather", "description": "Weather of a city.", "scheme": "http", "host": %q, "port": %s,
		"path": "/weather", "method": "GET", "headers": {}, "return_type": "text", "timeout": 5.0,
		"json_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}`, host, p)
	ctx := context.Background()
	tool, err := component.LoadAs[tools.Tool](ctx, []byte(cfg))
	if err != nil {
		b.Fatal(err)
	}
	call := models.NewFunctionCallsResult([]gen.FunctionCall{{ID: "c1", Name: "get_weather", Arguments: `{"city": "Paris"}`}},
		models.NewRequestUsage(10, 5), false)
	info := gen.ModelInfo{Family: models.FamilyUnknown, FunctionCalling: true}
	b.ReportAllocs()
	for b.Loop() {
		a, err := agents.NewAssistantAgent("assistant", replay.New([]replay.Completion{{Result: &call}}, replay.WithModelInfo(info)),
			agents.AssistantOptions{Tools: []tools.Tool{tool}})
		if err != nil {
			b.Fatal(err)
		}
		res, err := a.Run(ctx, agentchat.TextTask("Weather in Paris?"))
		if err != nil {
			b.Fatal(err)
		}
		if s := res.Messages[3].(*gen.ToolCallSummaryMessage).Content; s != "Sunny in Paris" {
			b.Fatalf("summary %q", s)
		}
	}
}

// BenchmarkSelectorReplay1k is a SelectorGroupChat of two agents whose
// selector (a replay client) names the next speaker each turn, until
// MaxMessageTermination(1000). It reports the time per turn (ns/turn).
func BenchmarkSelectorReplay1k(b *testing.B) {
	texts := make([]string, 500)
	picks := make([]string, 999)
	for i := range texts {
		texts[i] = fmt.Sprintf("Message %d of the conversation.", i)
	}
	for i := range picks {
		picks[i] = []string{"a1", "a2"}[i%2]
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		a1, _ := agents.NewAssistantAgent("a1", replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
		a2, _ := agents.NewAssistantAgent("a2", replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
		team, err := teams.NewSelectorGroupChat([]teams.Participant{a1, a2}, replay.New(replay.Texts(picks...)),
			teams.Options{Termination: conditions.NewMaxMessage(1000, false)}, teams.SelectorOptions{AllowRepeatedSpeaker: true})
		if err != nil {
			b.Fatal(err)
		}
		res, err := team.Run(ctx, agentchat.TextTask("Count."))
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Messages) != 1000 {
			b.Fatalf("%d messages, want 1000", len(res.Messages))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/999, "ns/turn")
}

// BenchmarkGraphFanOut is a GraphFlow that fans out from one node to 8
// and back in to one (activation "all"), each node a replay agent.
func BenchmarkGraphFanOut(b *testing.B) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		gb := teams.NewGraphBuilder()
		start, _ := agents.NewAssistantAgent("start", replay.New(replay.Texts("go")), agents.AssistantOptions{})
		end, _ := agents.NewAssistantAgent("end", replay.New(replay.Texts("done")), agents.AssistantOptions{})
		gb.AddNode(start, "").AddNode(end, "")
		var mids []teams.Participant
		for i := range 8 {
			m, _ := agents.NewAssistantAgent(fmt.Sprintf("w%d", i), replay.New(replay.Texts("part")), agents.AssistantOptions{})
			gb.AddNode(m, "").AddEdge("start", teams.GraphEdge{Target: m.Name()}).AddEdge(m.Name(), teams.GraphEdge{Target: "end"})
			mids = append(mids, m)
		}
		g, err := gb.Build()
		if err != nil {
			b.Fatal(err)
		}
		flow, err := teams.NewGraphFlow(gb.Participants(), g, teams.Options{})
		if err != nil {
			b.Fatal(err)
		}
		res, err := flow.Run(ctx, agentchat.TextTask("Split."))
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Messages) != 11 {
			b.Fatalf("%d messages, want 11", len(res.Messages))
		}
		_ = mids
	}
}
