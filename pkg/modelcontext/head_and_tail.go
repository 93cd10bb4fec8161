package modelcontext

import (
	"context"

	"github.com/agentschema/agentschema/gen"
)

// HeadAndTail is AutoGen's HeadAndTailChatCompletionContext: when the
// history has more than head_size+tail_size messages, its view is the
// first head_size messages (less a trailing function call message), the
// placeholder UserMessage "Skipped N messages." from source "System"
// (N = len - head_size - tail_size, whatever was trimmed; always
// "messages", even for 1), and the last tail_size messages (less a
// leading function result message). A shorter history is returned whole
// and untrimmed. It is safe for concurrent use.
type HeadAndTail struct {
	history
	head, tail       int
	headCfg, tailCfg gen.Int // as configured, for the component config
	keepPairs        bool
}

var _ ChatCompletionContext = (*HeadAndTail)(nil)

// NewHeadAndTail returns a head-and-tail context. Sizes that are not
// greater than 0 are a *SizeError, the head checked first ("head_size must
// be greater than 0.", "tail_size must be greater than 0."). The options
// that apply are WithInitialMessages and KeepToolPairs.
func NewHeadAndTail(headSize, tailSize int, opts ...HeadAndTailOption) (*HeadAndTail, error) {
	return newHeadAndTail(gen.IntOf(int64(headSize)), gen.IntOf(int64(tailSize)), opts...)
}

func newHeadAndTail(head, tail gen.Int, opts ...HeadAndTailOption) (*HeadAndTail, error) {
	o := collect(opts, HeadAndTailOption.applyHeadAndTail)
	h := &HeadAndTail{headCfg: head, tailCfg: tail, keepPairs: o.keepPairs}
	if err := h.init(o); err != nil {
		return nil, err
	}
	var err error
	if h.head, err = positive("head_size", head); err != nil {
		return nil, err
	}
	if h.tail, err = positive("tail_size", tail); err != nil {
		return nil, err
	}
	return h, nil
}

// HeadSize returns the head size (saturated at math.MaxInt).
func (h *HeadAndTail) HeadSize() int { return h.head }

// TailSize returns the tail size (saturated at math.MaxInt).
func (h *HeadAndTail) TailSize() int { return h.tail }

// KeepsToolPairs reports whether the context was made with KeepToolPairs.
func (h *HeadAndTail) KeepsToolPairs() bool { return h.keepPairs }

// GetMessages returns the head, the placeholder and the tail, as AutoGen
// does. With KeepToolPairs the head and tail keep only whole tool
// exchanges, N counts every message of the history left out of the view,
// and a history of at most head_size+tail_size messages is given whole
// except for unpaired calls and results.
func (h *HeadAndTail) GetMessages(ctx context.Context) ([]gen.LLMMessage, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return headAndTailView(h.snapshot(), h.head, h.tail, h.keepPairs), nil
}
