package ui

import (
	"io"
	"iter"
	"strconv"
	"strings"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
)

// ErrNoResult is Console's error when the stream ended without a
// TaskResult: AutoGen's ValueError("No TaskResult or Response was
// processed.").
var ErrNoResult = &agentchat.RunError{Exception: "ValueError", Message: "No TaskResult or Response was processed."}

// Options are Console's keyword arguments.
type Options struct {
	// OutputStats is output_stats=True: each message's token usage after
	// it, and a summary after the TaskResult.
	OutputStats bool
	// ITermImages shows a MultiModalMessage's images as iTerm2 inline
	// images (AutoGen does when TERM_PROGRAM is iTerm.app, standard output
	// is a terminal and no_inline_images is False).
	ITermImages bool
	// Now is the clock the summary's duration is measured with;
	// time.Now when nil.
	Now func() time.Time
}

// Printer prints the items of one run, one at a time, as Console prints
// them. Make one with NewPrinter; it is not safe for concurrent use.
type Printer struct {
	w       io.Writer
	opts    Options
	start   time.Time
	prompt  gen.Int
	compl   gen.Int
	chunks  bool
	printed *agentchat.TaskResult
}

// NewPrinter returns a Printer writing to w; the summary's duration is
// measured from now.
func NewPrinter(w io.Writer, opts Options) *Printer {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Printer{w: w, opts: opts, start: opts.Now(), prompt: gen.IntOf(0), compl: gen.IntOf(0)}
}

// Result returns the last TaskResult printed, or nil.
func (p *Printer) Result() *agentchat.TaskResult { return p.printed }

// Print prints one item of a run stream: a message, an event or the
// *TaskResult. It returns the writer's error, or the error of rendering a
// message as text.
func (p *Printer) Print(m messages.Message) error {
	if r, ok := m.(*agentchat.TaskResult); ok {
		p.printed = r
		return p.summary(len(r.Messages), r.StopReason)
	}
	if _, ok := m.(*gen.UserInputRequestedEvent); ok {
		return nil // a signal for input, never printed
	}
	var b strings.Builder
	if !p.chunks {
		b.WriteString(Header(m))
		b.WriteByte('\n')
	}
	if chunk, ok := m.(*gen.ModelClientStreamingChunkEvent); ok {
		b.WriteString(chunk.Content) // its to_text()
		p.chunks = true
		return p.write(b.String())
	}
	if p.chunks {
		// The chunks were the message's text: only the newline is left.
		p.chunks = false
		b.WriteByte('\n')
	} else {
		var opts []messages.Option
		if p.opts.ITermImages {
			if _, ok := m.(*gen.MultiModalMessage); ok {
				opts = append(opts, messages.WithITermImages())
			}
		}
		text, err := messages.ToText(m, opts...)
		if err != nil {
			return err
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	if u := messages.ModelsUsage(m); u != nil {
		if p.opts.OutputStats {
			b.WriteString("[Prompt tokens: " + u.PromptTokens.String() + ", Completion tokens: " + u.CompletionTokens.String() + "]\n")
		}
		p.compl = p.compl.Add(u.CompletionTokens)
		p.prompt = p.prompt.Add(u.PromptTokens)
	}
	return p.write(b.String())
}

// summary prints the stats after a TaskResult when OutputStats is set.
func (p *Printer) summary(n int, stop *string) error {
	if !p.opts.OutputStats {
		return nil
	}
	reason := "None"
	if stop != nil {
		reason = *stop
	}
	d := p.opts.Now().Sub(p.start).Seconds()
	return p.write("---------- Summary ----------\n" +
		"Number of messages: " + strconv.Itoa(n) + "\n" +
		"Finish reason: " + reason + "\n" +
		"Total prompt tokens: " + p.prompt.String() + "\n" +
		"Total completion tokens: " + p.compl.String() + "\n" +
		"Duration: " + strconv.FormatFloat(d, 'f', 2, 64) + " seconds\n")
}

func (p *Printer) write(s string) error {
	_, err := io.WriteString(p.w, s)
	return err
}

// Header is the line Console prints before a message:
// "---------- TYPE (SOURCE) ----------".
func Header(m messages.Message) string {
	return "---------- " + m.Type() + " (" + messages.Source(m) + ") ----------"
}

// Console consumes a run stream (a Runner's RunStream) and prints it to w
// as AutoGen's Console does, returning the stream's TaskResult. A run's
// error is returned as it is, after what was printed before it (Console
// lets the exception through); a stream without a TaskResult is
// ErrNoResult.
func Console(w io.Writer, stream iter.Seq2[messages.Message, error], opts Options) (*agentchat.TaskResult, error) {
	p := NewPrinter(w, opts)
	for m, err := range stream {
		if err != nil {
			return nil, err
		}
		if err := p.Print(m); err != nil {
			return nil, err
		}
	}
	if p.printed == nil {
		return nil, ErrNoResult
	}
	return p.printed, nil
}

// EndChunks closes a run of streamed chunks with its newline, as the
// message they make would (without printing that message); it does nothing
// when no chunks are open. A renderer of a transcript whose chunks are not
// followed by their message calls it.
func (p *Printer) EndChunks() error {
	if !p.chunks {
		return nil
	}
	p.chunks = false
	return p.write("\n")
}
