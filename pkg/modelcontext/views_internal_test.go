package modelcontext

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// naiveTrim is AutoGen's loop on a plain list of weights: pop index
// len/2 while the sum is over limit. It returns the kept indexes.
func naiveTrim(weights []int, total, limit int) []int {
	kept := make([]int, len(weights))
	for i := range kept {
		kept[i] = i
	}
	for total > limit && len(kept) > 0 {
		mid := len(kept) / 2
		total -= weights[kept[mid]]
		kept = slices.Delete(kept, mid, mid+1)
	}
	return kept
}

// TestTrimMiddleMatchesPopping checks the O(n) block removal against
// popping from a list, for every length up to 60 and every number of
// removals (weights 1, limit n-k removes exactly k), and on random
// weights and limits.
func TestTrimMiddleMatchesPopping(t *testing.T) {
	ones := func(n int) []int {
		w := make([]int, n)
		for i := range w {
			w[i] = 1
		}
		return w
	}
	for n := 0; n <= 60; n++ {
		w := ones(n)
		for k := 0; k <= n; k++ {
			a, b := trimMiddle(w, n, n-k)
			got := kept(n, a, b)
			want := naiveTrim(w, n, n-k)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d k=%d: kept %v, popping keeps %v", n, k, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := r.IntN(40)
		w := make([]int, n)
		total := r.IntN(5)
		for i := range w {
			w[i] = r.IntN(20)
			total += w[i]
		}
		limit := r.IntN(total+2) - 1
		a, b := trimMiddle(w, total, limit)
		if got, want := kept(n, a, b), naiveTrim(w, total, limit); !slices.Equal(got, want) {
			t.Fatalf("weights %v total %d limit %d: kept %v, popping keeps %v", w, total, limit, got, want)
		}
	}
}

func kept(n, a, b int) []int {
	out := []int{}
	for i := range n {
		if i < a || i >= b {
			out = append(out, i)
		}
	}
	return out
}

// TestSpansAndAppendWhole checks the tool exchanges on a hand-made
// history: S U C R R A C U R C R (C = call, R = result).
func TestSpansAndAppendWhole(t *testing.T) {
	call := func() gen.LLMMessage {
		return models.NewFunctionCallMessage("a", gen.FunctionCall{ID: "1", Name: "f"})
	}
	res := func() gen.LLMMessage {
		return models.NewFunctionExecutionResultMessage(models.NewFunctionResult("1", "f", "r", nil))
	}
	msgs := []gen.LLMMessage{
		models.NewSystemMessage("s"), models.NewUserText("user", "u"),
		call(), res(), res(), // 2 3 4: an exchange
		models.NewAssistantText("a", "a"),
		call(), // 6: no result after it
		models.NewUserText("user", "u2"),
		res(),         // 8: no call before it
		call(), res(), // 9 10: an exchange
	}
	wantSpans := []span{{0, 1}, {1, 2}, {2, 5}, {5, 6}, {7, 8}, {9, 11}}
	if got := spans(msgs, true); !slices.Equal(got, wantSpans) {
		t.Errorf("spans: %v, want %v", got, wantSpans)
	}
	if got := spans(msgs, false); len(got) != len(msgs) {
		t.Errorf("spans without pairs: %v", got)
	}
	tests := []struct {
		lo, hi int
		want   []int
	}{
		{0, 11, []int{0, 1, 2, 3, 4, 5, 7, 9, 10}},
		{3, 11, []int{5, 7, 9, 10}},  // starts inside an exchange
		{0, 4, []int{0, 1}},          // ends inside an exchange
		{0, 5, []int{0, 1, 2, 3, 4}}, // ends right after one
		{4, 10, []int{5, 7}},
		{10, 11, nil},
		{6, 7, nil},
		{2, 2, nil},
	}
	for _, tt := range tests {
		got := appendWhole(nil, msgs, tt.lo, tt.hi)
		var want []gen.LLMMessage
		for _, i := range tt.want {
			want = append(want, msgs[i])
		}
		if !slices.Equal(got, want) {
			t.Errorf("appendWhole [%d,%d): %d messages, want %v", tt.lo, tt.hi, len(got), tt.want)
		}
	}
}
