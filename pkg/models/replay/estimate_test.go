package replay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

var _ models.MessageCounter = (*Client)(nil)

// TestMessageTokens checks the per-message counts by hand: words of
// string content, 0 for list content.
func TestMessageTokens(t *testing.T) {
	c := New(nil)
	tests := []struct {
		name string
		m    gen.LLMMessage
		want int
	}{
		{"system", models.NewSystemMessage("You are  helpful."), 3},
		{"user text with NBSP", models.NewUserText("u", "a\u00a0b c"), 3},
		{"multimodal", models.NewMultiModalUserMessage("u", models.TextItem("two words")), 0},
		{"assistant", models.NewAssistantText("a", " one "), 1},
		{"calls", models.NewFunctionCallMessage("a", gen.FunctionCall{ID: "1", Name: "f", Arguments: "x y"}), 0},
		{"results", models.NewFunctionExecutionResultMessage(models.NewFunctionResult("1", "f", "x y", nil)), 0},
	}
	for _, tt := range tests {
		if got, err := c.MessageTokens(tt.m); got != tt.want || err != nil {
			t.Errorf("%s: %d, %v; want %d", tt.name, got, err, tt.want)
		}
	}
	if n, err := c.OverheadTokens(gen.ToolSchema{Name: "t"}); n != 0 || err != nil {
		t.Errorf("OverheadTokens: %d, %v", n, err)
	}
}

// TestMessageTokensDecomposeCountTokens checks CountTokens(ms, tools) ==
// OverheadTokens(tools) + Σ MessageTokens(m) on random lists.
func TestMessageTokensDecomposeCountTokens(t *testing.T) {
	c := New(nil)
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "bb", " ", "\t", "\u3000", "\x1f", "東京", "\u200b", ""}
	text := func() string {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 500 {
		var ms []gen.LLMMessage
		for range r.IntN(8) {
			switch r.IntN(5) {
			case 0:
				ms = append(ms, models.NewSystemMessage(text()))
			case 1:
				ms = append(ms, models.NewUserText("u", text()))
			case 2:
				ms = append(ms, models.NewMultiModalUserMessage("u", gen.UserMessageContentItemOfText(text())))
			case 3:
				ms = append(ms, models.NewAssistantText("a", text()))
			default:
				ms = append(ms, models.NewFunctionCallMessage("a"))
			}
		}
		tools := make([]gen.ToolSchema, r.IntN(3))
		want, _ := c.CountTokens(ms, tools...)
		got, _ := c.OverheadTokens(tools...)
		for _, m := range ms {
			n, _ := c.MessageTokens(m)
			got += n
		}
		if got != want {
			t.Fatalf("sum of parts %d, CountTokens %d", got, want)
		}
	}
}
