package replay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

func TestCommonPrefixAndSuffix(t *testing.T) {
	long := strings.Repeat("abcdefgh", 100) // 800 bytes: more than one block
	for _, tc := range []struct {
		a, b           string
		prefix, suffix int
	}{
		{"", "", 0, 0},
		{"abc", "", 0, 0},
		{"abc", "abc", 3, 3},
		{"abc", "abd", 2, 0},
		{"xbc", "abc", 0, 2},
		{"ab", "abc", 2, 0},
		{"bc", "abc", 0, 2},
		{long + "X" + long, long + "Y" + long, 800, 800},
		{long + "X", long, 800, 0},
		{"X" + long, long, 0, 800},
	} {
		if got := commonPrefix(tc.a, tc.b); got != tc.prefix {
			t.Errorf("commonPrefix(%.20q, %.20q) = %d, want %d", tc.a, tc.b, got, tc.prefix)
		}
		if got := commonSuffix(tc.a, tc.b); got != tc.suffix {
			t.Errorf("commonSuffix(%.20q, %.20q) = %d, want %d", tc.a, tc.b, got, tc.suffix)
		}
	}
}

// TestDeltaWords: counting from the previous text's count gives
// len(t.split()), worked out by hand, including a word that runs across
// the end of the shared prefix and a cut inside a multi-byte character.
func TestDeltaWords(t *testing.T) {
	for _, tc := range []struct {
		prev, t string
		want    int
	}{
		// "aaaa", "bbbbX", "cc": the X continues the word bbbb.
		{"aaaa bbbb", "aaaa bbbbX cc", 3},
		// "aaaa", "bbbb", "X", "cc".
		{"aaaa bbbb", "aaaa bbbb X cc", 4},
		// The prefix ends inside U+3000 (e3 80 80, a space) in t and
		// U+3001 (e3 80 81, not a space) in prev: "aaaa", "b", "c" for t.
		{"aaaa b\u3001c", "aaaa b\u3000c", 3},
		// "aaaa", "b", "c"; prev had "aaaa", "b\u3001c".
		{"aaaa b\u3000c", "aaaa b\u3001c", 2},
		// Words removed at the end: "aaaa", "bb".
		{"aaaa bb cc dd", "aaaa bb", 2},
		// Little shared: counted whole ("x", "y").
		{"aaaa bbbb", "x y", 2},
	} {
		if got := deltaWords(tc.prev, countPyWords(tc.prev), tc.t); got != tc.want {
			t.Errorf("deltaWords(%q, _, %q) = %d, want %d", tc.prev, tc.t, got, tc.want)
		}
	}
}

// TestDeltaWordsAgreesWithCount: on random texts changed in random
// places (Python whitespace, multi-byte characters, invalid UTF-8),
// deltaWords equals countPyWords, which TestCountPyWordsAgreesWithSplit
// checks against str.split().
func TestDeltaWordsAgreesWithCount(t *testing.T) {
	pieces := []string{" ", "\n", "\u3000", "\u2028", "\x1c", "\u0085", "a", "word", "é", "日本", "\xe3\x80", "\x80", "\xe3"}
	r := rand.New(rand.NewPCG(7, 8))
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 20000 {
		prev := text(r.IntN(30))
		cut := r.IntN(len(prev) + 1)
		changed := prev[:cut] + text(r.IntN(4))
		if r.IntN(2) == 0 {
			changed += prev[r.IntN(len(prev)+1):]
		}
		if got, want := deltaWords(prev, countPyWords(prev), changed), countPyWords(changed); got != want {
			t.Fatalf("deltaWords(%q, _, %q) = %d, want %d", prev, changed, got, want)
		}
	}
}

// TestWordCounter: over a run of calls (a growing conversation, a
// message changed in place, a shorter call, list content, a long text
// growing in its middle), each count is CountWords of the call's
// messages, and the counter keeps only the last call's texts.
func TestWordCounter(t *testing.T) {
	head, tail := strings.Repeat("head word ", 120), strings.Repeat(" tail", 50)
	history := ""
	prompt := func(k int) gen.LLMMessage {
		for strings.Count(history, "\n") < k {
			history += "a1: Message of the conversation.\n"
		}
		return models.NewUserText("user", head+history+tail)
	}
	sys, u1, u2 := models.NewSystemMessage("You are helpful."), user("one two"), user("three")
	parts := &gen.UserMessage{Source: "user", Content: gen.UserMessageContent{Type: gen.UserMessageContentParts,
		Parts: []gen.UserMessageContentItem{{Type: gen.UserMessageContentItemText, Text: "x y"}}}}
	calls := [][]gen.LLMMessage{
		{sys}, {sys, u1}, {sys, u1, u2}, {sys, u2, u1}, {sys},
		{sys, parts},
		{prompt(1)}, {prompt(2)}, {prompt(3), models.NewAssistantText("sel", "a1 a2"), user("pick one")}, {prompt(5)},
		{u1}, {},
	}
	var w wordCounter
	for i, ms := range calls {
		if got, want := w.count(ms), CountWords(ms); got != want {
			t.Errorf("call %d: %d words, want %d", i, got, want)
		}
		if len(w.texts) != len(ms) || len(w.counts) != len(ms) {
			t.Errorf("call %d: %d texts kept, want %d", i, len(w.texts), len(ms))
		}
	}
	// Hand count of the last prompt: 240 head words, 5 lines of 5 words, 50 tail words.
	var w2 wordCounter
	w2.count([]gen.LLMMessage{prompt(4)})
	if got := w2.count([]gen.LLMMessage{prompt(5)}); got != 240+25+50 {
		t.Errorf("prompt(5): %d words, want 315", got)
	}
}

// TestPrefixMemo: the memo gives commonPrefix for each pair, the same
// pair again without working it out (its answer is kept), a new pair
// anew; a nil memo works it out each time.
func TestPrefixMemo(t *testing.T) {
	var m prefixMemo
	a, b, c := "abcdef", "abcxyz", "abzzzz"
	for _, tc := range []struct {
		x, y string
		want int
	}{{a, b, 3}, {a, b, 3}, {a, c, 2}, {b, c, 2}, {c, c, 6}} {
		if got := m.of(tc.x, tc.y); got != tc.want {
			t.Errorf("of(%q, %q) = %d, want %d", tc.x, tc.y, got, tc.want)
		}
	}
	m.p = 99 // the pair (c, c) is kept: its answer comes from the memo
	if got := m.of(c, c); got != 99 {
		t.Errorf("the kept pair was worked out again (%d)", got)
	}
	var none *prefixMemo
	if got := none.of(a, b); got != 3 {
		t.Errorf("nil memo: %d, want 3", got)
	}
}
