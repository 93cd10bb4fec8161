package replay

import (
	"unicode/utf8"
	"unsafe"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pystr"
)

// wordCounter counts the prompt tokens of successive calls (CountWords),
// doing little more than the new work of each. A conversation is sent
// again with every call, so it keeps the texts of the last call counted
// and their counts: a message whose text equals the one at its position
// then (the same string, usually: comparing it costs nothing) reuses its
// count, a long text that grew from the one at its position (a selector's
// prompt, whose history gains a few lines a turn) is counted from that
// one's count and the part that changed, and other texts go through a
// cache of short texts. Counting every call anew, as AutoGen does, made a
// long run quadratic in its length.
type wordCounter struct {
	texts  []string // the last call's texts, "" for a message without one
	counts []int    // their words
	// words holds countPyWords of short texts, by text. At most
	// maxWordCache texts, each at most maxCachedText bytes.
	words map[string]int
	// prefix, when set, is shared with the client's recorder, which
	// compares the same two prompts.
	prefix *prefixMemo
}

// maxWordCache bounds wordCounter.words; past it the cache starts again
// empty. Only texts of at most maxCachedText bytes are kept, so the cache
// holds at most 4 MiB of texts, which the conversation holds anyway.
const (
	maxWordCache  = 4096
	maxCachedText = 1 << 10
)

// count returns CountWords(messages) and keeps their texts and counts for
// the next call.
func (w *wordCounter) count(messages []gen.LLMMessage) int {
	total := 0
	prev := len(w.texts)
	for i, m := range messages {
		t, _ := textOf(m)
		if i < prev && sameString(w.texts[i], t) {
			total += w.counts[i] // nothing to store
			continue
		}
		var n int
		if i < prev && len(t) > maxCachedText && len(w.texts[i]) > maxCachedText {
			n = deltaWordsAt(w.texts[i], w.counts[i], t, w.prefix.of(w.texts[i], t))
		} else {
			n = w.cached(t)
		}
		if i < prev {
			w.texts[i], w.counts[i] = t, n
		} else {
			w.texts, w.counts = append(w.texts, t), append(w.counts, n)
		}
		total += n
	}
	if len(messages) < prev {
		clear(w.texts[len(messages):]) // let go of the texts of the longer call
		w.texts, w.counts = w.texts[:len(messages)], w.counts[:len(messages)]
	}
	return total
}

// sameString is a == b, at once when both are the same string (the same
// bytes in memory), as a message sent again gives.
func sameString(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	return unsafe.StringData(a) == unsafe.StringData(b) || a == b
}

// cached is countPyWords through w.words. Looking a text up hashes it,
// several times faster than splitting it.
func (w *wordCounter) cached(s string) int {
	if len(s) > maxCachedText {
		return countPyWords(s) // a long text is seldom sent twice
	}
	if n, ok := w.words[s]; ok {
		return n
	}
	if w.words == nil || len(w.words) >= maxWordCache {
		w.words = make(map[string]int)
	}
	n := countPyWords(s)
	w.words[s] = n
	return n
}

// textOf returns the content of a message whose content is a string
// (system messages, text user and assistant messages), the ones the
// replay client counts.
func textOf(m gen.LLMMessage) (string, bool) {
	switch m := m.(type) {
	case *gen.SystemMessage:
		if m != nil {
			return m.Content, true
		}
	case *gen.UserMessage:
		if m != nil && m.Content.IsText() {
			return m.Content.Text, true
		}
	case *gen.AssistantMessage:
		if m != nil && m.Content.IsText() {
			return m.Content.Text, true
		}
	}
	return "", false
}

// deltaWords returns countPyWords(t) given prevWords, countPyWords(prev),
// counting only what follows the prefix t shares with prev. A cut after
// an ASCII byte splits no character, whatever follows (a multi-byte
// sequence, valid or not, has no ASCII byte), so for such a cut p:
//
//	words(x) = words(x[:p]) + words(x[p:]) - joined(x, p)
//
// where joined says a word runs across p. When t shares less than half of
// itself with prev, it is counted whole.
func deltaWords(prev string, prevWords int, t string) int {
	return deltaWordsAt(prev, prevWords, t, commonPrefix(prev, t))
}

// deltaWordsAt is deltaWords given p, commonPrefix(prev, t).
func deltaWordsAt(prev string, prevWords int, t string, p int) int {
	for p > 0 && prev[p-1] >= utf8.RuneSelf {
		p--
	}
	if p < len(t)/2 {
		return countPyWords(t)
	}
	head := prevWords - countPyWords(prev[p:]) + joined(prev, p)
	return head + countPyWords(t[p:]) - joined(t, p)
}

// joined is 1 when the ASCII byte s[p-1] and the character at p are both
// not spaces (a word runs across p), else 0.
func joined(s string, p int) int {
	if p == 0 || p == len(s) || asciiSpace[s[p-1]] == 1 {
		return 0
	}
	if r, _ := utf8.DecodeRuneInString(s[p:]); pystr.IsSpaceRune(r) {
		return 0
	}
	return 1
}

// prefixMemo keeps the last commonPrefix worked out: the word counter
// and the recorder of a client both compare a long text with the one
// before, which are usually the same two texts.
type prefixMemo struct {
	a, b string
	p    int
}

// of returns commonPrefix(a, b); a nil memo works it out each time.
func (m *prefixMemo) of(a, b string) int {
	if m == nil {
		return commonPrefix(a, b)
	}
	if !sameString(m.a, a) || !sameString(m.b, b) {
		m.a, m.b, m.p = a, b, commonPrefix(a, b)
	}
	return m.p
}

// commonPrefix returns the length of the longest common prefix of a and
// b, comparing a block at a time (string comparison is vectorized) and
// then the bytes of the block that differs.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	const block = 256
	i := 0
	for i+block <= n && a[i:i+block] == b[i:i+block] {
		i += block
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common suffix of a and
// b, as commonPrefix does from the end.
func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	const block = 256
	i := 0
	for i+block <= n && a[len(a)-i-block:len(a)-i] == b[len(b)-i-block:len(b)-i] {
		i += block
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
