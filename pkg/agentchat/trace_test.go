package agentchat_test

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/tools"
)

type cityArgs struct {
	City string `json:"city"`
}

// TestSpans runs a team whose agent calls a tool, with the SDK's
// in-memory exporter: AutoGen's create_agent, invoke_agent (the team's
// turn, with the container's agent id) and execute_tool spans, and a chat
// span per model call, with the GenAI attributes.
func TestSpans(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev) })

	weather, err := tools.NewFunctionTool("weather", "Weather of a city.",
		func(_ context.Context, a cityArgs) (string, error) { return "Sunny in " + a.City, nil })
	if err != nil {
		t.Fatal(err)
	}
	calls := models.NewFunctionCallsResult([]gen.FunctionCall{{ID: "c1", Name: "weather", Arguments: `{"city":"Oslo"}`}},
		models.NewRequestUsage(10, 5), false)
	client := replay.New([]replay.Completion{{Result: &calls}},
		replay.WithModelInfo(gen.ModelInfo{Family: models.FamilyUnknown, FunctionCalling: true}))
	a, err := agents.NewAssistantAgent("assistant", client, agents.AssistantOptions{Tools: []tools.Tool{weather}})
	if err != nil {
		t.Fatal(err)
	}
	team, err := teams.NewRoundRobinGroupChat([]teams.Participant{a}, teams.Options{MaxTurns: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := team.Run(context.Background(), agentchat.TextTask("Weather?")); err != nil {
		t.Fatal(err)
	}
	byName := map[string]tracetest.SpanStub{}
	for _, s := range exp.GetSpans() {
		byName[s.Name] = s
	}
	attrs := func(s tracetest.SpanStub) map[attribute.Key]string {
		m := map[attribute.Key]string{}
		for _, kv := range s.Attributes {
			m[kv.Key] = kv.Value.String()
		}
		return m
	}
	for name, want := range map[string]map[attribute.Key]string{
		"create_agent assistant": {agentchat.AttrOperationName: "create_agent", agentchat.AttrSystem: "autogen",
			agentchat.AttrAgentName: "assistant", agentchat.AttrAgentDescription: agents.DefaultAssistantDescription},
		"invoke_agent assistant": {agentchat.AttrOperationName: "invoke_agent", agentchat.AttrAgentName: "assistant"},
		"execute_tool weather": {agentchat.AttrOperationName: "execute_tool", agentchat.AttrToolName: "weather",
			agentchat.AttrToolDescription: "Weather of a city.", agentchat.AttrToolCallID: "c1"},
		"chat": {agentchat.AttrOperationName: "chat", agentchat.AttrInputTokens: "10", agentchat.AttrOutputTokens: "5"},
	} {
		s, ok := byName[name]
		if !ok {
			t.Errorf("no span %q among %d", name, len(exp.GetSpans()))
			continue
		}
		got := attrs(s)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("span %q: %s = %q, want %q", name, k, got[k], v)
			}
		}
	}
	inv := byName["invoke_agent assistant"]
	if id := attrs(inv)[agentchat.AttrAgentID]; len(id) < len("assistant_")+73 {
		t.Errorf("invoke_agent's agent id %q is not AutoGen's TYPE/KEY", id)
	}
	if tool := byName["execute_tool weather"]; tool.Parent.SpanID() != inv.SpanContext.SpanID() {
		t.Errorf("execute_tool is not a child of invoke_agent")
	}
}

// TestNoTracerProvider runs with the default (no-op) provider: nothing to
// set up, nothing recorded.
func TestNoTracerProvider(t *testing.T) {
	a, err := agents.NewAssistantAgent("a", replay.New(replay.Texts("hi")), agents.AssistantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Run(context.Background(), agentchat.TextTask("x")); err != nil {
		t.Fatal(err)
	}
}
