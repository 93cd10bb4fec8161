package modelcontext

import (
	"context"

	"github.com/agentschema/agentschema/gen"
)

// Buffered is AutoGen's BufferedChatCompletionContext: its view is the
// last buffer_size messages of the history, less a leading
// FunctionExecutionResultMessage (one only, so the view then holds
// buffer_size-1 messages; this happens even when the history is shorter
// than the buffer). A call message at the end of the view, or one whose
// results were cut off, stays; use KeepToolPairs to keep tool exchanges
// whole. It is safe for concurrent use.
type Buffered struct {
	history
	size      int
	sizeCfg   gen.Int // as configured, for the component config
	keepPairs bool
}

var _ ChatCompletionContext = (*Buffered)(nil)

// NewBuffered returns a buffered context of bufferSize messages. A size
// that is not greater than 0 is a *SizeError ("buffer_size must be greater
// than 0."). The options that apply are WithInitialMessages and
// KeepToolPairs.
func NewBuffered(bufferSize int, opts ...BufferedOption) (*Buffered, error) {
	return newBuffered(gen.IntOf(int64(bufferSize)), opts...)
}

func newBuffered(size gen.Int, opts ...BufferedOption) (*Buffered, error) {
	o := collect(opts, BufferedOption.applyBuffered)
	b := &Buffered{sizeCfg: size, keepPairs: o.keepPairs}
	if err := b.init(o); err != nil {
		return nil, err
	}
	var err error
	if b.size, err = positive("buffer_size", size); err != nil {
		return nil, err
	}
	return b, nil
}

// BufferSize returns the buffer size (saturated at math.MaxInt for a
// larger configured value).
func (b *Buffered) BufferSize() int { return b.size }

// KeepsToolPairs reports whether the context was made with KeepToolPairs.
func (b *Buffered) KeepsToolPairs() bool { return b.keepPairs }

// GetMessages returns the last buffer_size messages, less a leading
// function result message, as AutoGen does; with KeepToolPairs, the
// messages of that window less the tool exchanges it cuts and the
// unpaired calls and results.
func (b *Buffered) GetMessages(ctx context.Context) ([]gen.LLMMessage, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return bufferedView(b.snapshot(), b.size, b.keepPairs), nil
}
