package replay

import (
	"slices"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// recorder keeps the arguments of the Create calls (Calls, AutoGen's
// create_calls) compactly:
//
//   - a conversation grows by appending, so each call's messages usually
//     start with the previous call's: the calls then share one log and
//     each adds only its new messages, instead of a copy of the whole
//     conversation per call;
//   - a long text that differs from the previous long text recorded only
//     in its middle (a selector's prompt: the same instructions around a
//     history that gains a few lines a turn) is kept as that text's
//     prefix and suffix lengths and its own middle.
//
// Keeping a copy of each (as AutoGen's list of the calls' arguments
// does) made a long run's record quadratic in its length. Calls rebuilds
// the texts.
type recorder struct {
	calls []call
	log   []entry
	// last is the last recorded call's messages, as given (its texts
	// whole), to compare the next call's with.
	last []gen.LLMMessage
	// lastLong is the log index of the last long text recorded, and
	// lastText that text; lastLong is -1 before the first.
	lastLong int
	lastText string
	// prefix, when set, is shared with the client's word counter.
	prefix *prefixMemo
}

// call is one recorded call: its messages are log[from:to]; opts is nil
// for the zero options (most calls), which then take no room.
type call struct {
	from, to int
	opts     *models.CreateOptions
}

// zeroOptions reports whether o is the zero CreateOptions (nil slices
// and maps, not empty ones: Calls gives back what was given).
func zeroOptions(o *models.CreateOptions) bool {
	return o.Tools == nil && o.ToolChoice == "" && o.JSONOutput == nil && o.OutputType == nil && o.ExtraArgs == nil
}

// entry is one logged message: msg as given, or, when packed is set, a
// copy of it without its text.
type entry struct {
	msg    gen.LLMMessage
	packed *packedText
}

// packedText is a text kept as a change of the long text at log index
// base: base's first prefix bytes, then mid, then base's last suffix
// bytes.
type packedText struct {
	base           int
	prefix, suffix int
	mid            string
}

// minPacked is the shortest text a recorder packs.
const minPacked = maxCachedText

func newRecorder() recorder { return recorder{lastLong: -1} }

// add records a call of messages with opts.
func (r *recorder) add(messages []gen.LLMMessage, opts models.CreateOptions) {
	from, rest := len(r.log), messages
	if n := len(r.calls); n > 0 && len(r.last) > 0 && len(r.last) <= len(messages) &&
		r.calls[n-1].to == len(r.log) && slices.Equal(r.last, messages[:len(r.last)]) {
		// The previous call's messages end the log and start these.
		from, rest = r.calls[n-1].from, messages[len(r.last):]
		r.last = append(r.last, rest...)
	} else {
		clear(r.last)
		r.last = append(r.last[:0], messages...)
	}
	for _, m := range rest {
		r.log = append(r.log, r.entry(m))
	}
	c := call{from: from, to: len(r.log)}
	if !zeroOptions(&opts) {
		c.opts = &opts
	}
	r.calls = append(r.calls, c)
}

// entry is the log entry of m, the next message logged.
func (r *recorder) entry(m gen.LLMMessage) entry {
	t, ok := textOf(m)
	if !ok || len(t) < minPacked {
		return entry{msg: m}
	}
	e := entry{msg: m}
	if r.lastLong >= 0 {
		p := r.prefix.of(r.lastText, t)
		s := commonSuffix(r.lastText[p:], t[p:])
		if p+s >= len(t)/2 {
			e = entry{msg: withText(m, ""), packed: &packedText{base: r.lastLong, prefix: p, suffix: s,
				mid: strings.Clone(t[p : len(t)-s])}}
		}
	}
	r.lastLong, r.lastText = len(r.log), t
	return e
}

// Calls returns the recorded calls, each with its own list of messages;
// a packed text is rebuilt into a copy of its message.
func (r *recorder) Calls() []Call {
	texts := map[int]string{}
	msgs := map[int]gen.LLMMessage{}
	out := make([]Call, len(r.calls))
	for i, c := range r.calls {
		ms := make([]gen.LLMMessage, c.to-c.from)
		for j := range ms {
			k := c.from + j
			if r.log[k].packed == nil {
				ms[j] = r.log[k].msg
				continue
			}
			if _, ok := msgs[k]; !ok {
				msgs[k] = withText(r.log[k].msg, r.text(k, texts))
			}
			ms[j] = msgs[k]
		}
		out[i] = Call{Messages: ms}
		if c.opts != nil {
			out[i].Options = *c.opts
		}
	}
	return out
}

// text returns the text of log entry k, rebuilding packed texts (their
// bases first) into memo.
func (r *recorder) text(k int, memo map[int]string) string {
	var chain []int // packed entries whose text is not known yet, k first
	for j := k; r.log[j].packed != nil; j = r.log[j].packed.base {
		if _, ok := memo[j]; ok {
			break
		}
		chain = append(chain, j)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		p := r.log[chain[i]].packed
		base, ok := memo[p.base]
		if !ok {
			base, _ = textOf(r.log[p.base].msg)
		}
		memo[chain[i]] = base[:p.prefix] + p.mid + base[len(base)-p.suffix:]
	}
	if t, ok := memo[k]; ok {
		return t
	}
	t, _ := textOf(r.log[k].msg)
	return t
}

// withText returns a copy of m, a message with a text (see textOf), whose
// text is t.
func withText(m gen.LLMMessage, t string) gen.LLMMessage {
	switch m := m.(type) {
	case *gen.SystemMessage:
		c := *m
		c.Content = t
		return &c
	case *gen.UserMessage:
		c := *m
		c.Content.Text = t
		return &c
	case *gen.AssistantMessage:
		c := *m
		c.Content.Text = t
		return &c
	}
	return m
}
