package modelcontext

import (
	"strconv"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// isCall reports whether m is a function call message: an
// AssistantMessage whose content is a list (of FunctionCalls). An empty
// list counts, as in AutoGen (Python's all([]) is True).
func isCall(m gen.LLMMessage) bool { return models.IsFunctionCallMessage(m) }

// isResult reports whether m is a FunctionExecutionResultMessage.
func isResult(m gen.LLMMessage) bool { return models.IsFunctionResultMessage(m) }

// skippedMessage is HeadAndTail's placeholder for the messages left out:
// UserMessage(content=f"Skipped {n} messages.", source="System").
func skippedMessage(n int) gen.LLMMessage {
	return models.NewUserText("System", "Skipped "+strconv.Itoa(n)+" messages.")
}

// span is the messages [start, end) of a history: one message, or with
// KeepToolPairs a whole tool exchange.
type span struct{ start, end int }

// appendWhole appends to dst the messages of msgs[lo:hi] that KeepToolPairs
// keeps: every message that is neither a call nor a result, and every
// tool exchange (a call message and the run of result messages right
// after it) that lies wholly inside [lo, hi). A call message with no
// result right after it, results whose call message is not right before
// their run, and exchanges cut by lo or hi are left out. The exchanges
// are those of the whole history msgs, so the cost is O(hi-lo).
func appendWhole(dst, msgs []gen.LLMMessage, lo, hi int) []gen.LLMMessage {
	i := lo
	// A run of results at lo belongs to a call before lo, or to none.
	for i < hi && isResult(msgs[i]) {
		i++
	}
	for i < hi {
		m := msgs[i]
		switch {
		case isCall(m):
			j := i + 1
			for j < hi && isResult(msgs[j]) {
				j++
			}
			cut := j == hi && hi < len(msgs) && isResult(msgs[hi])
			if j > i+1 && !cut {
				dst = append(dst, msgs[i:j]...)
			}
			i = j
		case isResult(m):
			i++ // results after a message that is not a call: no call
		default:
			dst = append(dst, m)
			i++
		}
	}
	return dst
}

// spans returns the units a token-limited context removes: each message
// on its own, or with keepPairs the units appendWhole keeps (single
// messages and whole tool exchanges), leaving out unpaired calls and
// results.
func spans(msgs []gen.LLMMessage, keepPairs bool) []span {
	out := make([]span, 0, len(msgs))
	if !keepPairs {
		for i := range msgs {
			out = append(out, span{i, i + 1})
		}
		return out
	}
	n := len(msgs)
	i := 0
	for i < n {
		switch m := msgs[i]; {
		case isCall(m):
			j := i + 1
			for j < n && isResult(msgs[j]) {
				j++
			}
			if j > i+1 {
				out = append(out, span{i, j})
			}
			i = j
		case isResult(m):
			i++
		default:
			out = append(out, span{i, i + 1})
			i++
		}
	}
	return out
}

// flatten returns the messages of the spans, in order.
func flatten(msgs []gen.LLMMessage, sp []span) []gen.LLMMessage {
	n := 0
	for _, s := range sp {
		n += s.end - s.start
	}
	out := make([]gen.LLMMessage, 0, n)
	for _, s := range sp {
		out = append(out, msgs[s.start:s.end]...)
	}
	return out
}

// bufferedView is BufferedChatCompletionContext.get_messages: the last
// size messages, less a leading FunctionExecutionResultMessage (one only,
// even when nothing was cut). With keepPairs: the messages of that window
// that appendWhole keeps.
func bufferedView(msgs []gen.LLMMessage, size int, keepPairs bool) []gen.LLMMessage {
	start := 0
	if len(msgs) > size {
		start = len(msgs) - size
	}
	if keepPairs {
		return appendWhole(make([]gen.LLMMessage, 0, len(msgs)-start), msgs, start, len(msgs))
	}
	if start < len(msgs) && isResult(msgs[start]) {
		start++
	}
	return append([]gen.LLMMessage{}, msgs[start:]...)
}

// headAndTailView is HeadAndTailChatCompletionContext.get_messages: when
// the history has more than head+tail messages, its first head messages
// less a trailing call message, the placeholder "Skipped N messages."
// (N = len - head - tail, from the configured sizes) and its last tail
// messages less a leading result message; otherwise the whole history,
// untrimmed. With keepPairs: the head and tail windows keep what
// appendWhole keeps, N counts every message left out, and a short
// history is given whole except for unpaired calls and results.
func headAndTailView(msgs []gen.LLMMessage, head, tail int, keepPairs bool) []gen.LLMMessage {
	n := len(msgs)
	if head >= n || n-head <= tail { // len <= head + tail, without overflow
		if keepPairs {
			return appendWhole(make([]gen.LLMMessage, 0, n), msgs, 0, n)
		}
		return append([]gen.LLMMessage{}, msgs...)
	}
	tailStart := n - tail
	if keepPairs {
		out := appendWhole(make([]gen.LLMMessage, 0, head+tail+1), msgs, 0, head)
		h := len(out)
		out = append(out, nil) // the placeholder, once the tail is known
		out = appendWhole(out, msgs, tailStart, n)
		out[h] = skippedMessage(n - (len(out) - 1))
		return out
	}
	headEnd := head
	if isCall(msgs[headEnd-1]) {
		headEnd--
	}
	if isResult(msgs[tailStart]) {
		tailStart++
	}
	out := make([]gen.LLMMessage, 0, headEnd+1+n-tailStart)
	out = append(out, msgs[:headEnd]...)
	out = append(out, skippedMessage(n-head-tail))
	return append(out, msgs[tailStart:]...)
}

// trimMiddle is the removal loop of TokenLimitedChatCompletionContext
// with each unit's tokens counted once: while total > limit and units are
// left, remove the unit at index len/2 of the current list and subtract
// its weight. It returns the kept units as [0, a) and [b, len(weights)).
//
// The removed units are always one contiguous block: with l units left of
// the block and r right of it, the index len/2 = (l+r)/2 is l (the first
// unit right of the block) when l <= r, and l-1 (the last unit left of
// it) when l = r+1, and each removal keeps l-r in {-1, 0, 1}. The block
// starts empty at len/2. So the loop costs O(len) in all.
func trimMiddle(weights []int, total, limit int) (a, b int) {
	n := len(weights)
	a, b = n/2, n/2
	for total > limit && a+n-b > 0 {
		if p := (a + n - b) / 2; p < a {
			a--
			total -= weights[a]
		} else {
			total -= weights[b]
			b++
		}
	}
	return a, b
}
