package modelcontexttest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

func TestSameJSON(t *testing.T) {
	tests := []struct {
		got, want string
		same      bool
	}{
		{`{"a": 1, "b": [true, null]}`, `{"a":1,"b":[true,null]}`, true},
		{`{"s":"\u00e9"}`, `{"s":"é"}`, true},
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, false}, // member order counts
		{`{"n":1.0}`, `{"n":1}`, false},           // number text counts
		{`[1]`, `[1,2]`, false},
		{`[1`, `[1]`, false},
	}
	for _, tt := range tests {
		if err := SameJSON([]byte(tt.got), []byte(tt.want)); (err == nil) != tt.same {
			t.Errorf("SameJSON(%s, %s): %v", tt.got, tt.want, err)
		}
	}
}

// TestCharBudget checks the rule on messages worked out by hand and the
// client's config round trip.
func TestCharBudget(t *testing.T) {
	c := &CharBudgetClient{MaxTokens: 20}
	msgs := []gen.LLMMessage{
		models.NewSystemMessage("12345"), // 3 + 2
		models.NewUserText("u", ""),
		models.NewMultiModalUserMessage("u", models.TextItem("abcd"), models.TextItem("é")),        // 3 + 1 + 1
		models.NewFunctionCallMessage("a", gen.FunctionCall{Name: "ab", Arguments: "cde"}),         // 3 + 2
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("1", "f", "东京东京东", nil)), // 3 + 2
	}
	want := []int{5, 3, 5, 5, 5}
	for i, m := range msgs {
		if got := Tokens(m); got != want[i] {
			t.Errorf("message %d: %d tokens, want %d", i, got, want[i])
		}
	}
	tools := []gen.ToolSchema{{Name: "x"}}
	if n, _ := c.CountTokens(msgs, tools...); n != 33 {
		t.Errorf("count %d, want 33", n)
	}
	if r, _ := c.RemainingTokens(msgs, tools...); r != -13 {
		t.Errorf("remaining %d, want -13", r)
	}
	r := component.NewRegistry()
	Register(r)
	data, err := component.Dump(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := r.Load(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := back.(*CharBudgetClient); !ok || b.MaxTokens != 20 {
		t.Errorf("loaded %d", b.MaxTokens)
	}
	model := "model"
	cm := gen.ComponentModel{Provider: CharBudgetProvider, ComponentType: &model, Config: gen.RawJSON(`{}`)}
	noMax, err := json.Marshal(cm)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Load(context.Background(), noMax); err == nil {
		t.Error("a config without max_tokens loaded")
	}
	if _, ok := Opaque(c).(models.MessageCounter); ok {
		t.Error("Opaque left MessageTokens")
	}
	if _, err := Opaque(c).(component.Component).ComponentModel(); err != nil {
		t.Error(err)
	}
}
