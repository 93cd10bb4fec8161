package replay

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// TestCallsKeepGrowingPromptsCompactly: a selector's calls (one long
// prompt each, its history a line longer each time, some calls with the
// selector's answer and feedback after it) are recorded whole, as given,
// while the log keeps each prompt after the first as only its new line;
// each call's prompt tokens are CountWords of its messages.
func TestCallsKeepGrowingPromptsCompactly(t *testing.T) {
	head := "You are in a role play game.\n" + strings.Repeat("instructions ", 100) + "\n\n"
	tail := "\n\nRead the above conversation. Then select the next role.\n"
	const line = "a1: Message of the conversation.\n\n" // 34 bytes
	c := New(Texts(slices.Repeat([]string{"a1"}, 40)...))
	ctx := context.Background()
	var want [][]gen.LLMMessage
	for k := 1; k <= 40; k++ {
		var ms []gen.LLMMessage
		switch {
		case k%10 == 3:
			ms = []gen.LLMMessage{models.NewSystemMessage(head + strings.Repeat(line, k) + tail)}
		case k%10 == 7:
			ms = []gen.LLMMessage{user(head + strings.Repeat(line, k) + tail), models.NewAssistantText("selector", "a1 a2"),
				user("Expected exactly one name.")}
		default:
			ms = []gen.LLMMessage{user(head + strings.Repeat(line, k) + tail)}
		}
		want = append(want, ms)
		r, err := c.Create(ctx, ms, models.CreateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := r.Usage.PromptTokens.Int64(); n != int64(CountWords(ms)) {
			t.Errorf("call %d: %d prompt tokens, want %d", k, n, CountWords(ms))
		}
	}
	calls := c.Calls()
	if len(calls) != len(want) {
		t.Fatalf("%d calls, want %d", len(calls), len(want))
	}
	for i, call := range calls {
		if len(call.Messages) != len(want[i]) {
			t.Fatalf("call %d: %d messages, want %d", i, len(call.Messages), len(want[i]))
		}
		for j, m := range call.Messages {
			if !equalMessage(m, want[i][j]) {
				t.Errorf("call %d message %d: %#v, want %#v", i, j, m, want[i][j])
			}
		}
	}
	// The first prompt whole; each later one's middle is the line it adds.
	packed, mids := 0, 0
	for _, e := range c.rec.log {
		if e.packed != nil {
			packed++
			mids += len(e.packed.mid)
		}
	}
	if packed != 39 || mids != 39*len(line) {
		t.Errorf("%d prompts packed, middles of %d bytes; want 39 and %d", packed, mids, 39*len(line))
	}
}

// equalMessage says a and b are messages of the same type with equal
// fields.
func equalMessage(a, b gen.LLMMessage) bool {
	switch a := a.(type) {
	case *gen.SystemMessage:
		b, ok := b.(*gen.SystemMessage)
		return ok && *a == *b
	case *gen.UserMessage:
		b, ok := b.(*gen.UserMessage)
		return ok && a.Source == b.Source && a.Content.Type == b.Content.Type && a.Content.Text == b.Content.Text &&
			len(a.Content.Parts) == 0 && len(b.Content.Parts) == 0
	case *gen.AssistantMessage:
		b, ok := b.(*gen.AssistantMessage)
		return ok && a.Source == b.Source && a.Content.Type == b.Content.Type && a.Content.Text == b.Content.Text &&
			a.Thought == b.Thought
	}
	return false
}

// TestCallsOfUnrelatedLongTexts: long texts that share little are kept
// whole, and a packed text's base may be packed itself.
func TestCallsOfUnrelatedLongTexts(t *testing.T) {
	a, b := strings.Repeat("a ", 700), strings.Repeat("b ", 700)
	texts := []string{a, a + "x", b, b + "y", "y" + b + "y", a}
	c := New(Texts(slices.Repeat([]string{"ok"}, len(texts))...))
	for _, s := range texts {
		if _, err := c.Create(context.Background(), []gen.LLMMessage{user(s)}, models.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	var whole []int
	for i, e := range c.rec.log {
		if e.packed == nil {
			whole = append(whole, i)
		}
	}
	if !slices.Equal(whole, []int{0, 2, 5}) {
		t.Errorf("texts kept whole: %v, want [0 2 5]", whole)
	}
	for i, call := range c.Calls() {
		if got, _ := textOf(call.Messages[0]); got != texts[i] {
			t.Errorf("call %d: %.30q..., want %.30q...", i, got, texts[i])
		}
	}
}

// TestCallsKeepOptions: each call's options come back as given, the
// zero options (kept as nothing) and an empty but non-nil tool list
// included.
func TestCallsKeepOptions(t *testing.T) {
	yes := true
	opts := []models.CreateOptions{
		{},
		{Tools: []gen.ToolSchema{}},
		{ToolChoice: "none"},
		{JSONOutput: &yes, ExtraArgs: map[string]any{"seed": 1}},
		{},
	}
	c := New(Texts(slices.Repeat([]string{"ok"}, len(opts))...))
	for _, o := range opts {
		if _, err := c.Create(context.Background(), []gen.LLMMessage{user("hi")}, o); err != nil {
			t.Fatal(err)
		}
	}
	calls := c.Calls()
	for i, o := range opts {
		if !reflect.DeepEqual(calls[i].Options, o) {
			t.Errorf("call %d: options %#v, want %#v", i, calls[i].Options, o)
		}
	}
	if n := len(c.rec.calls); c.rec.calls[0].opts != nil || c.rec.calls[n-1].opts != nil || c.rec.calls[1].opts == nil {
		t.Error("the zero options take room, or others are not kept")
	}
}
