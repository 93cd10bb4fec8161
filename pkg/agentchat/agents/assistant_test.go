package agents_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/tools"
)

// toolInfo is a model that calls functions.
var toolInfo = gen.ModelInfo{Family: models.FamilyUnknown, FunctionCalling: true}

// callResult is a CreateResult asking for calls.
func callResult(calls ...gen.FunctionCall) replay.Completion {
	r := models.NewFunctionCallsResult(calls, models.NewRequestUsage(10, 5), false)
	return replay.Completion{Result: &r}
}

type cityArgs struct {
	City string `json:"city"`
}

func types(items []messages.Message) string {
	var out []string
	for _, m := range items {
		out = append(out, m.Type())
	}
	return strings.Join(out, " ")
}

// TestAssistantToolRound checks one tool round without reflection: the
// events and the summary AutoGen's loop makes.
func TestAssistantToolRound(t *testing.T) {
	weather, err := tools.NewFunctionTool("weather", "Weather of a city.",
		func(_ context.Context, a cityArgs) (string, error) { return "Sunny in " + a.City, nil })
	if err != nil {
		t.Fatal(err)
	}
	client := replay.New([]replay.Completion{callResult(
		gen.FunctionCall{ID: "c1", Name: "weather", Arguments: `{"city": "Oslo"}`},
		gen.FunctionCall{ID: "c2", Name: "nope", Arguments: `{}`},
		gen.FunctionCall{ID: "c3", Name: "weather", Arguments: `{bad`},
	)}, replay.WithModelInfo(toolInfo))
	a, err := agents.NewAssistantAgent("assistant", client, agents.AssistantOptions{Tools: []tools.Tool{weather},
		ToolCallSummaryFormat: "{tool_name}: {result} ({is_error})"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.Run(context.Background(), agentchat.TextTask("Weather?"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := types(res.Messages), "TextMessage ToolCallRequestEvent ToolCallExecutionEvent ToolCallSummaryMessage"; got != want {
		t.Fatalf("messages %s, want %s", got, want)
	}
	// The texts are AutoGen's: a tool the agent lacks, and json.loads's
	// error for '{bad' (a property name is expected at char 1).
	want := "weather: Sunny in Oslo (False)\n" +
		"nope: Error: tool 'nope' not found in any workbench (True)\n" +
		"weather: Error: Expecting property name enclosed in double quotes: line 1 column 2 (char 1) (True)"
	if got := res.Messages[3].(*gen.ToolCallSummaryMessage).Content; got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}
}

// TestAssistantConstructorErrors checks AutoGen's refusals.
func TestAssistantConstructorErrors(t *testing.T) {
	weather, _ := tools.NewFunctionTool("weather", "", func(context.Context, cityArgs) (string, error) { return "", nil })
	plain := replay.New(nil)
	calling := replay.New(nil, replay.WithModelInfo(toolInfo))
	for _, tc := range []struct {
		name   string
		client models.ChatCompletionClient
		opts   agents.AssistantOptions
		want   string
	}{
		{"tools without function calling", plain, agents.AssistantOptions{Tools: []tools.Tool{weather}},
			"ValueError: The model does not support function calling."},
		{"handoffs without function calling", plain, agents.AssistantOptions{Handoffs: []gen.Handoff{{Target: "x"}}},
			"ValueError: The model does not support function calling, which is needed for handoffs."},
		{"duplicate tools", calling, agents.AssistantOptions{Tools: []tools.Tool{weather, weather}},
			"ValueError: Tool names must be unique: ['weather', 'weather']"},
		{"handoff named like a tool", calling, agents.AssistantOptions{Tools: []tools.Tool{weather},
			Handoffs: []gen.Handoff{{Target: "weather"}}}, "ValueError: Handoff names must be unique from tool names"},
		{"negative iterations", calling, agents.AssistantOptions{MaxToolIterations: -1},
			"ValueError: Maximum number of tool iterations must be greater than or equal to 1, got -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := agents.NewAssistantAgent("a", tc.client, tc.opts)
			var re *agentchat.RunError
			if !errors.As(err, &re) || err.Error() != tc.want {
				t.Errorf("err = %v, want %s", err, tc.want)
			}
		})
	}
}

// TestAssistantCancelMidTool cancels the run while a tool runs: the run
// ends promptly with the context's error and leaves no goroutine behind.
func TestAssistantCancelMidTool(t *testing.T) {
	started := make(chan struct{})
	slow, err := tools.NewFunctionTool("slow", "Never ends.", func(ctx context.Context, _ cityArgs) (string, error) {
		close(started)
		<-ctx.Done()
		return "", ctx.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	client := replay.New([]replay.Completion{callResult(gen.FunctionCall{ID: "c1", Name: "slow", Arguments: `{"city": "x"}`})},
		replay.WithModelInfo(toolInfo))
	a, err := agents.NewAssistantAgent("assistant", client, agents.AssistantOptions{Tools: []tools.Tool{slow}})
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	done := make(chan error, 1)
	go func() {
		_, err := a.Run(ctx, agentchat.TextTask("go"))
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the run did not end after cancellation")
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the run, %d before", n, before)
	}
}

// TestAssistantStopIteration stops reading the stream early: the run
// stops, and the agent can run again.
func TestAssistantStopIteration(t *testing.T) {
	client := replay.New(replay.Texts("one", "two"))
	a, err := agents.NewAssistantAgent("assistant", client, agents.AssistantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for range a.RunStream(context.Background(), agentchat.TextTask("x")) {
		break
	}
	res, err := a.Run(context.Background(), agentchat.TextTask("y"))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Messages[len(res.Messages)-1].(*gen.TextMessage).Content; got != "one" {
		t.Errorf("answer %q, want the first completion (the stopped run made no model call)", got)
	}
}

// TestAssistantStateRoundTrip saves an agent's state and loads it into a
// new agent, which then sends the same history.
func TestAssistantStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	a, _ := agents.NewAssistantAgent("a", replay.New(replay.Texts("hi")), agents.AssistantOptions{})
	if _, err := a.Run(ctx, agentchat.TextTask("hello")); err != nil {
		t.Fatal(err)
	}
	st, err := a.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// pydantic's order: BaseState's type and version, then llm_context.
	want := `{"type":"AssistantAgentState","version":"1.0.0","llm_context":{"messages":[` +
		`{"content":"hello","source":"user","type":"UserMessage"},` +
		`{"content":"hi","thought":null,"source":"a","type":"AssistantMessage"}]}}`
	if string(st) != want {
		t.Errorf("state:\n%s\nwant:\n%s", st, want)
	}
	client := replay.New(replay.Texts("again"))
	b, _ := agents.NewAssistantAgent("a", client, agents.AssistantOptions{})
	if err := b.LoadState(ctx, st); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Run(ctx, agentchat.TextTask("more")); err != nil {
		t.Fatal(err)
	}
	if calls := client.Calls(); len(calls) != 1 || len(calls[0].Messages) != 4 {
		t.Errorf("the second agent sent %d messages, want system + 3", len(calls[0].Messages))
	}
}

// TestUserProxy answers with the input function, and hands back a
// handoff to its sender.
func TestUserProxy(t *testing.T) {
	var prompts []string
	u := agents.NewUserProxyAgent("user", "", func(ctx context.Context, prompt string) (string, error) {
		if agents.InputRequestID(ctx) == "" {
			t.Error("no request id")
		}
		prompts = append(prompts, prompt)
		return "yes", nil
	})
	res, err := u.Run(context.Background(), agentchat.TextTask("ok?"))
	if err != nil {
		t.Fatal(err)
	}
	if got := types(res.Messages); got != "TextMessage UserInputRequestedEvent TextMessage" {
		t.Errorf("messages %s", got)
	}
	h := &gen.HandoffMessage{Source: "planner", Target: "user", Content: "over to you", Context: []gen.LLMMessage{}, Metadata: map[string]string{}}
	res, err = u.Run(context.Background(), agentchat.MessagesTask(h))
	if err != nil {
		t.Fatal(err)
	}
	back, ok := res.Messages[len(res.Messages)-1].(*gen.HandoffMessage)
	if !ok || back.Target != "planner" || back.Content != "yes" {
		t.Errorf("answer %+v, want a handoff back to planner", res.Messages[len(res.Messages)-1])
	}
	if want := "Handoff received from planner. Enter your response: "; prompts[1] != want {
		t.Errorf("prompt %q, want %q", prompts[1], want)
	}
	failing := agents.NewUserProxyAgent("user", "", func(context.Context, string) (string, error) {
		return "", errors.New("no terminal")
	})
	_, err = failing.Run(context.Background(), agentchat.TextTask("ok?"))
	if err == nil || err.Error() != "RuntimeError: Failed to get user input: no terminal" {
		t.Errorf("err = %v", err)
	}
}

// TestAssistantListMemory checks AutoGen's ListMemory: before the model
// call its memories are added to the context as one system message,
// "\nRelevant memory content (in chronological order):\n1. ...\n", and a
// MemoryQueryEvent lists them.
func TestAssistantListMemory(t *testing.T) {
	mem := agents.NewListMemory("", gen.MemoryContent{Content: gen.MemoryContentContent{Type: gen.MemoryContentContentText, Text: "The user likes tea."}, MimeType: "text/plain"},
		gen.MemoryContent{Content: gen.MemoryContentContent{Type: gen.MemoryContentContentText, Text: "The user lives in Oslo."}, MimeType: "text/plain"})
	client := replay.New(replay.Texts("Tea in Oslo."))
	a, err := agents.NewAssistantAgent("assistant", client, agents.AssistantOptions{Memory: []agents.Memory{mem}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.Run(context.Background(), agentchat.TextTask("Suggest a drink."))
	if err != nil {
		t.Fatal(err)
	}
	if got := types(res.Messages); got != "TextMessage MemoryQueryEvent TextMessage" {
		t.Fatalf("messages %s", got)
	}
	sent := client.Calls()[0].Messages
	want := "\nRelevant memory content (in chronological order):\n1. The user likes tea.\n2. The user lives in Oslo.\n"
	if sm, ok := sent[len(sent)-1].(*gen.SystemMessage); !ok || sm.Content != want {
		t.Errorf("last message sent: %#v, want the memory system message %q", sent[len(sent)-1], want)
	}
}
