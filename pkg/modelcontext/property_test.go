package modelcontext_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/modelcontext/modelcontexttest"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// pngMessage is a user message with a 1x1 PNG, as the conformance cases
// have it.
const pngMessage = `{"content":["image 1:",{"data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"}],"source":"user","type":"UserMessage"}`

// historyGen builds random histories: plain messages, tool exchanges (a
// call message and one or more result messages), and unpaired calls and
// results, with texts whose words are split by ASCII and Unicode spaces.
type historyGen struct {
	r     *rand.Rand
	image gen.LLMMessage
	calls int
}

func newHistoryGen(t testing.TB, seed uint64) *historyGen {
	img, err := gen.UnmarshalLLMMessage([]byte(pngMessage))
	if err != nil {
		t.Fatal(err)
	}
	return &historyGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), image: img}
}

var (
	words  = []string{"hello", "world", "東京", "ça", "x", "", "naïve", "🙂", "function", "a"}
	spaces = []string{" ", "  ", "\t", "\n", "\u00a0", "\u3000", "\x1c"}
)

func (g *historyGen) text() string {
	var b strings.Builder
	for i := range g.r.IntN(12) {
		if i > 0 || g.r.IntN(4) == 0 {
			b.WriteString(spaces[g.r.IntN(len(spaces))])
		}
		b.WriteString(words[g.r.IntN(len(words))])
	}
	return b.String()
}

func (g *historyGen) call() gen.LLMMessage {
	g.calls++
	calls := make([]gen.FunctionCall, g.r.IntN(3)) // 0 calls is a call message too
	for i := range calls {
		calls[i] = gen.FunctionCall{ID: fmt.Sprintf("call_%d_%d", g.calls, i), Name: "lookup", Arguments: `{"q": "` + g.text() + `"}`}
	}
	m := models.NewFunctionCallMessage("assistant", calls...)
	if g.r.IntN(3) == 0 {
		th := g.text()
		m.Thought = &th
	}
	return m
}

func (g *historyGen) result() gen.LLMMessage {
	res := make([]gen.FunctionExecutionResult, 1+g.r.IntN(2))
	for i := range res {
		res[i] = models.NewFunctionResult(fmt.Sprintf("call_%d_%d", g.calls, i), "lookup", g.text(), nil)
	}
	return models.NewFunctionExecutionResultMessage(res...)
}

func (g *historyGen) plain() gen.LLMMessage {
	switch g.r.IntN(6) {
	case 0:
		return models.NewSystemMessage(g.text())
	case 1:
		// A fresh copy: every message of a history is its own pointer.
		m, _ := gen.UnmarshalLLMMessage([]byte(pngMessage))
		return m
	case 2, 3:
		return models.NewUserText("user", g.text())
	default:
		m := models.NewAssistantText("assistant", g.text())
		if g.r.IntN(2) == 0 {
			th := g.text()
			m.Thought = &th
		}
		return m
	}
}

// history returns n or a few more messages.
func (g *historyGen) history(n int) []gen.LLMMessage {
	var out []gen.LLMMessage
	for len(out) < n {
		switch k := g.r.IntN(10); {
		case k < 5:
			out = append(out, g.plain())
		case k < 8:
			out = append(out, g.call(), g.result())
			for g.r.IntN(3) == 0 {
				out = append(out, g.result())
			}
		case k == 8:
			out = append(out, g.call()) // no results
		default:
			out = append(out, g.result()) // no call (or after another run)
		}
	}
	return out
}

// build makes a context holding msgs.
func build(t testing.TB, msgs []gen.LLMMessage, newCtx func(...modelcontext.TrimmingOption) (modelcontext.ChatCompletionContext, error), opts ...modelcontext.TrimmingOption) modelcontext.ChatCompletionContext {
	t.Helper()
	cc, err := newCtx(opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if err := cc.AddMessage(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	return cc
}

func view(t testing.TB, cc modelcontext.ChatCompletionContext) []gen.LLMMessage {
	t.Helper()
	v, err := cc.GetMessages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// tokenLimited returns a constructor of token-limited contexts.
func tokenLimited(client models.ChatCompletionClient, limit int, tools []gen.ToolSchema) func(...modelcontext.TrimmingOption) (modelcontext.ChatCompletionContext, error) {
	return func(trim ...modelcontext.TrimmingOption) (modelcontext.ChatCompletionContext, error) {
		opts := kindOptions[modelcontext.TokenLimitedOption](trim)
		if limit > 0 {
			opts = append(opts, modelcontext.WithTokenLimit(limit))
		}
		return modelcontext.NewTokenLimited(client, append(opts, modelcontext.WithToolSchema(tools...))...)
	}
}

func randomTools(r *rand.Rand) []gen.ToolSchema {
	tools := make([]gen.ToolSchema, r.IntN(3))
	for i := range tools {
		tools[i] = gen.ToolSchema{Name: fmt.Sprintf("tool%d", i)}
	}
	return tools
}

// TestCountedMatchesRecount checks that counting each message once gives
// the view AutoGen's recounting gives, on random histories, for both
// counting rules, with and without a token limit (the budget path), with
// and without KeepToolPairs.
func TestCountedMatchesRecount(t *testing.T) {
	g := newHistoryGen(t, 7)
	runs := 0
	for i := range 300 {
		msgs := g.history(g.r.IntN(60))
		tools := randomTools(g.r)
		var client models.ChatCompletionClient
		if i%3 == 0 {
			client = replay.New(nil)
		} else {
			client = &modelcontexttest.CharBudgetClient{MaxTokens: g.r.IntN(400) - 20}
		}
		full, _ := client.CountTokens(msgs, tools...)
		limit := 0 // none
		if g.r.IntN(4) > 0 {
			limit = 1 + g.r.IntN(full+10)
		}
		for _, keep := range []bool{false, true} {
			var opts []modelcontext.TrimmingOption
			if keep {
				opts = append(opts, modelcontext.KeepToolPairs())
			}
			fast := view(t, build(t, msgs, tokenLimited(client, limit, tools), opts...))
			slow := view(t, build(t, msgs, tokenLimited(modelcontexttest.Opaque(client), limit, tools), opts...))
			if !slices.Equal(fast, slow) {
				t.Fatalf("history %d (%d messages, limit %d, keep %v, client %T): counted view has %d messages, recounted %d",
					i, len(msgs), limit, keep, client, len(fast), len(slow))
			}
			runs++
		}
	}
	if runs != 600 {
		t.Fatalf("%d runs", runs)
	}
}

// checkPairs reports how view breaks the KeepToolPairs invariant against
// history: the view's messages (placeholders aside, which are not in the
// history) keep their history order; a call message in the view is
// followed in the history by at least one result message, and that whole
// run of results follows it in the view; a result message in the view
// belongs to a run that a call message starts, and that call and the run
// up to it come right before it in the view.
func checkPairs(history, view []gen.LLMMessage) error {
	index := make(map[gen.LLMMessage]int, len(history))
	for i, m := range history {
		index[m] = i
	}
	pos := make([]int, len(view)) // history index, -1 for a placeholder
	last := -1
	for k, m := range view {
		i, ok := index[m]
		if !ok {
			pos[k] = -1
			continue
		}
		if i <= last {
			return fmt.Errorf("view message %d (history %d) out of order", k, i)
		}
		pos[k], last = i, i
	}
	isCall, isResult := models.IsFunctionCallMessage, models.IsFunctionResultMessage
	for k, m := range view {
		i := pos[k]
		if i < 0 {
			continue
		}
		switch {
		case isCall(m):
			j := i + 1
			for j < len(history) && isResult(history[j]) {
				if k+j-i >= len(view) || pos[k+j-i] != j {
					return fmt.Errorf("call at history %d: its result at %d is not right after it in the view", i, j)
				}
				j++
			}
			if j == i+1 {
				return fmt.Errorf("call at history %d has no results", i)
			}
		case isResult(m):
			s := i
			for s > 0 && isResult(history[s-1]) {
				s--
			}
			if s == 0 || !isCall(history[s-1]) {
				return fmt.Errorf("result at history %d has no call", i)
			}
			for h := s - 1; h < i; h++ {
				if k-(i-h) < 0 || pos[k-(i-h)] != h {
					return fmt.Errorf("result at history %d: history %d is not right before it in the view", i, h)
				}
			}
		}
	}
	return nil
}

// TestKeepToolPairsProperties checks on random histories that
// KeepToolPairs never leaves a call without its results or results
// without their call, for the three kinds that take it; that the token
// limit (or budget) still holds; that only tool messages are left out
// of a buffered or head-and-tail window; and that without tool messages
// the views are AutoGen's.
func TestKeepToolPairsProperties(t *testing.T) {
	g := newHistoryGen(t, 11)
	keep := modelcontext.KeepToolPairs()
	for i := range 400 {
		msgs := g.history(g.r.IntN(50))
		size, head, tail := 1+g.r.IntN(12), 1+g.r.IntN(6), 1+g.r.IntN(6)
		buffered := func(opts ...modelcontext.TrimmingOption) (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewBuffered(size, kindOptions[modelcontext.BufferedOption](opts)...)
		}
		headAndTail := func(opts ...modelcontext.TrimmingOption) (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewHeadAndTail(head, tail, kindOptions[modelcontext.HeadAndTailOption](opts)...)
		}
		tools := randomTools(g.r)
		client := &modelcontexttest.CharBudgetClient{MaxTokens: g.r.IntN(300)}
		full, _ := client.CountTokens(msgs, tools...)
		limit := 1 + g.r.IntN(full+5)
		limited := tokenLimited(client, limit, tools)
		budgeted := tokenLimited(client, 0, tools)

		bv := view(t, build(t, msgs, buffered, keep))
		hv := view(t, build(t, msgs, headAndTail, keep))
		tv := view(t, build(t, msgs, limited, keep))
		rv := view(t, build(t, msgs, budgeted, keep))
		for name, v := range map[string][]gen.LLMMessage{"buffered": bv, "head_and_tail": hv, "token_limited": tv, "budget": rv} {
			if err := checkPairs(msgs, v); err != nil {
				t.Fatalf("history %d, %s: %v", i, name, err)
			}
		}
		if n, _ := client.CountTokens(tv, tools...); n > limit && len(tv) > 0 {
			t.Fatalf("history %d: view counts %d over the limit %d", i, n, limit)
		}
		if r, _ := client.RemainingTokens(rv, tools...); r < 0 && len(rv) > 0 {
			t.Fatalf("history %d: view leaves %d tokens", i, r)
		}

		// Only tool messages leave the buffer's window.
		start := max(0, len(msgs)-size)
		if err := onlyToolsDropped(msgs[start:], bv); err != nil {
			t.Fatalf("history %d, buffered: %v", i, err)
		}
		// And the head's and tail's.
		if len(msgs) > head+tail {
			if err := onlyToolsDropped(slices.Concat(msgs[:head], msgs[len(msgs)-tail:]), hv); err != nil {
				t.Fatalf("history %d, head_and_tail: %v", i, err)
			}
			ph := hv[slices.IndexFunc(hv, func(m gen.LLMMessage) bool { return !slices.Contains(msgs, m) })].(*gen.UserMessage)
			if want := fmt.Sprintf("Skipped %d messages.", len(msgs)-len(hv)+1); ph.Content.Text != want || ph.Source != "System" {
				t.Fatalf("history %d: placeholder %q from %q, want %q", i, ph.Content.Text, ph.Source, want)
			}
		}

		// Without tool messages the option changes nothing.
		plain := slices.DeleteFunc(slices.Clone(msgs), func(m gen.LLMMessage) bool {
			return models.IsFunctionCallMessage(m) || models.IsFunctionResultMessage(m)
		})
		for name, f := range map[string]func(...modelcontext.TrimmingOption) (modelcontext.ChatCompletionContext, error){
			"buffered": buffered, "token_limited": limited, "budget": budgeted,
		} {
			if a, b := view(t, build(t, plain, f)), view(t, build(t, plain, f, keep)); !slices.Equal(a, b) {
				t.Fatalf("history %d, %s: KeepToolPairs changed a view without tool messages", i, name)
			}
		}
		a, b := view(t, build(t, plain, headAndTail)), view(t, build(t, plain, headAndTail, keep))
		if err := modelcontexttest.SameJSON(encodeMessages(t, a), encodeMessages(t, b)); err != nil {
			t.Fatalf("history %d, head_and_tail: KeepToolPairs changed a view without tool messages: %v", i, err)
		}
	}
}

// onlyToolsDropped reports a message of window that is neither a call nor
// a result and is missing from view.
func onlyToolsDropped(window, view []gen.LLMMessage) error {
	for _, m := range window {
		if models.IsFunctionCallMessage(m) || models.IsFunctionResultMessage(m) {
			continue
		}
		if !slices.Contains(view, m) {
			return fmt.Errorf("a %s that is not a tool message was left out", m.Type())
		}
	}
	return nil
}

// TestCheckPairs makes sure the invariant checker itself catches broken
// views.
func TestCheckPairs(t *testing.T) {
	g := newHistoryGen(t, 3)
	u := models.NewUserText("user", "u")
	c, r1, r2 := g.call(), g.result(), g.result()
	lone := g.call()
	h := []gen.LLMMessage{u, c, r1, r2, lone}
	tests := []struct {
		name string
		view []gen.LLMMessage
		ok   bool
	}{
		{"whole", []gen.LLMMessage{u, c, r1, r2}, true},
		{"placeholder between", []gen.LLMMessage{u, models.NewUserText("System", "Skipped 1 messages."), c, r1, r2}, true},
		{"call without results", []gen.LLMMessage{u, c}, false},
		{"call without its last result", []gen.LLMMessage{c, r1}, false},
		{"results without call", []gen.LLMMessage{r1, r2}, false},
		{"last result alone", []gen.LLMMessage{u, r2}, false},
		{"unpaired call", []gen.LLMMessage{lone}, false},
		{"out of order", []gen.LLMMessage{c, r1, r2, u}, false},
	}
	for _, tt := range tests {
		if err := checkPairs(h, tt.view); (err == nil) != tt.ok {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
