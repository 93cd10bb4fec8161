package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	agentschema "github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/ui"
	"github.com/agentschema/agentschema/pkg/messages"
)

func init() {
	commands["render"] = command{
		usage: "  render [--as transcript|text|model-text|model-message] [--json] [--format text|json|github] [FILE|DIR|-]...\n" +
			"                                        render each message of a transcript (JSONL, a JSON array\n" +
			"                                        or one document) as AutoGen does\n",
		help: renderHelp,
		run:  runRender,
	}
}

const renderHelp = `usage: agentschema render [--as transcript|text|model-text|model-message] [--json] [--format text|json|github] [FILE|DIR|-]...

Renders each agentchat message or event of a transcript as AutoGen does:
transcript (the default) as its Console prints it, text as to_text(),
model-text as to_model_text(), model-message as to_model_message() (a
UserMessage's JSON). Each message is printed as soon as it is read, so
'tail -f run.jsonl | agentschema render' follows a running team. Bad
messages are reported on stderr (FILE:LINE: POINTER: message) and
rendering goes on.

Inputs are files, directories (every *.json and *.jsonl under them) or -
for standard input (the default), holding JSONL, JSON documents or JSON
arrays of messages.

Examples:
  agentschema render examples/transcript.jsonl
  agentschema render --as model-message examples/transcript.jsonl
  tail -f run.jsonl | agentschema render --as text

Exit status: 0 all rendered, 1 some message bad, 2 a usage error or an
unreadable input.

`

// renderModes are the values of --as.
var renderModes = []string{"transcript", "text", "model-text", "model-message"}

// renderer renders the messages of one run of the command.
type renderer struct {
	mode    string
	asJSON  bool
	opts    []messages.Option
	factory *messages.MessageFactory
	out     *bufio.Writer
	faults  *faultPrinter
	failed  bool
	// console prints transcript mode as AutoGen's Console does
	console *ui.Printer
	// the source of the streaming chunks being printed under one header
	// (transcript mode), or "" when none are open
	chunkSource string
	inChunks    bool
}

func runRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("as", "transcript", "what to print: "+strings.Join(renderModes, ", "))
	asJSON := fs.Bool("json", false, "print each result as one JSON string per line (model-message prints JSON objects either way)")
	iterm := fs.Bool("iterm", false, "show MultiModalMessage images as iTerm2 inline images (transcript and text)")
	placeholder := fs.String("image-placeholder", "", "write this instead of [image] for images (model-text)")
	base64 := fs.Bool("image-base64", false, "write images as base64 (model-text)")
	format := fs.String("format", "text", formatHelp)
	setUsage(fs, renderHelp)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if !checkFormat("render", *format, stderr) {
		return exitUsage
	}
	valid := false
	for _, m := range renderModes {
		valid = valid || m == *mode
	}
	if !valid {
		fmt.Fprintf(stderr, "agentschema render: --as must be one of %s, not %q\n", strings.Join(renderModes, ", "), *mode)
		return exitUsage
	}
	r := &renderer{
		mode:    *mode,
		asJSON:  *asJSON,
		factory: messages.NewMessageFactory(),
		out:     bufio.NewWriterSize(stdout, 64<<10),
		faults:  &faultPrinter{format: *format, w: stderr},
	}
	r.console = ui.NewPrinter(r.out, ui.Options{ITermImages: *iterm})
	// A renderer reads what AutoGen writes, SelectorEvent included.
	_ = r.factory.Register(&gen.SelectorEvent{})
	if *iterm {
		r.opts = append(r.opts, messages.WithITermImages())
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "image-placeholder" {
			r.opts = append(r.opts, messages.WithImagePlaceholder(*placeholder))
		}
	})
	if *base64 {
		r.opts = append(r.opts, messages.WithImagesAsBase64())
	}
	files, unreadable := inputs(fs.Args(), stderr)
	defer r.out.Flush()
	flush := func() { r.out.Flush() }
	for _, name := range files {
		in, closeFn, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			unreadable = true
			continue
		}
		// Flushing before each read that may wait prints each message as
		// soon as its line is complete (tail -f run.jsonl | agentschema render).
		cr := newContextReader(context.Background(), in, flush)
		// Messages are decoded in parallel when the input is a file
		// (parallel.go) and rendered in order.
		err = forDocumentsInOrder(name, cr, true, parallelFor(name), r.decode, func(doc document, fault error, d decodedMessage) error {
			if fault != nil {
				r.faults.document(doc, faultMessage(fault))
				r.failed = true
				return nil
			}
			r.message(doc, d)
			return nil
		})
		closeFn()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			unreadable = true // a read error
		}
	}
	r.endChunks()
	switch {
	case unreadable:
		return exitUsage // an input that cannot be read, as for the other verbs
	case r.failed:
		return exitBad
	}
	return exitOK
}

// fault reports a bad message; rendering goes on.
func (r *renderer) fault(doc document, line, col int, ptr, msg string) {
	r.endChunks()
	r.out.Flush()
	p := at(doc, line, col)
	r.faults.print(fault{File: p.File, Line: p.Line, Column: p.Column, Pointer: ptr, Message: msg})
	r.failed = true
}

// decodedMessage is a document decoded as a message, or the error.
type decodedMessage struct {
	m   messages.Message
	err error
}

// decode decodes one message, or the TaskResult that ends the output of
// 'agentschema run'; it writes nothing, so documents can be decoded in
// parallel.
func (r *renderer) decode(doc document, fault error) decodedMessage {
	if fault != nil {
		return decodedMessage{}
	}
	m, err := r.factory.Create(doc.Data)
	var unknown *messages.UnknownTypeError
	if errors.As(err, &unknown) {
		if _, ok := messages.StructuredName(unknown.Type); ok {
			m, err = messages.DecodeRawStructured(doc.Data, gen.UnmarshalOptions{})
		}
	}
	if err != nil {
		if res, ok, rerr := r.taskResult(doc.Data); ok {
			return decodedMessage{res, rerr}
		}
	}
	return decodedMessage{m, err}
}

// taskResult reads data as a TaskResult ({"messages": [...],
// "stop_reason": ...}, no "type"); ok is false when it is not one.
func (r *renderer) taskResult(data []byte) (res *agentchat.TaskResult, ok bool, err error) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(data, &obj) != nil {
		return nil, false, nil
	}
	_, hasType := obj["type"]
	raw, hasMessages := obj["messages"]
	if hasType || !hasMessages {
		return nil, false, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, true, agentschema.Faults{{Pointer: "/messages", Type: "list_type", Message: "Input should be a valid list"}}
	}
	res = &agentchat.TaskResult{Messages: make([]messages.Message, 0, len(items))}
	for i, item := range items {
		m, err := r.factory.Create(item)
		if err != nil {
			return nil, true, underMessages(i, err)
		}
		res.Messages = append(res.Messages, m)
	}
	if s, ok := obj["stop_reason"]; ok && string(s) != "null" {
		var reason string
		if err := json.Unmarshal(s, &reason); err != nil {
			return nil, true, agentschema.Faults{{Pointer: "/stop_reason", Type: "string_type", Message: "Input should be a valid string"}}
		}
		res.StopReason = &reason
	}
	return res, true, nil
}

// underMessages places the faults of a TaskResult's message i at its
// pointers in the TaskResult (at the TaskResult's line).
func underMessages(i int, err error) error {
	prefix := "/messages/" + strconv.Itoa(i)
	var fs agentschema.Faults
	if errors.As(err, &fs) {
		out := make(agentschema.Faults, len(fs))
		for j, f := range fs {
			out[j] = &agentschema.Fault{Pointer: prefix + f.Pointer, Type: f.Type, Keyword: f.Keyword, Message: f.Message}
		}
		return out
	}
	return agentschema.Faults{{Pointer: prefix, Message: err.Error()}}
}

// message renders one decoded message, or reports why it is bad.
func (r *renderer) message(doc document, d decodedMessage) {
	m, err := d.m, d.err
	if err != nil {
		var es wire.Errors
		if errors.As(err, &es) {
			for _, e := range es {
				r.fault(doc, e.Line, e.Column, e.Pointer, e.Message)
			}
			return
		}
		r.fault(doc, 1, 1, "", err.Error())
		return
	}
	out, ok, err := r.render(m)
	if err != nil {
		r.fault(doc, 1, 1, "", "cannot render "+m.Type()+": "+err.Error())
		return
	}
	if !ok {
		return
	}
	r.out.WriteString(out)
}

// render returns what to print for m; ok is false for an event in the
// model modes (events never go to a model).
func (r *renderer) render(m messages.Message) (string, bool, error) {
	if _, ok := m.(*agentchat.TaskResult); ok && (r.mode != "transcript" || r.asJSON) {
		return "", false, nil // the messages it lists were rendered already
	}
	switch r.mode {
	case "text":
		s, err := messages.ToText(m, r.opts...)
		return r.line(s), err == nil, err
	case "model-text":
		if !messages.IsChatMessage(m) {
			return "", false, nil
		}
		s, err := messages.ToModelText(m, r.opts...)
		return r.line(s), err == nil, err
	case "model-message":
		if !messages.IsChatMessage(m) {
			return "", false, nil
		}
		um, err := messages.ToModelMessage(m)
		if err != nil {
			return "", false, err
		}
		b, err := um.MarshalJSON()
		if err != nil {
			return "", false, err
		}
		return string(b) + "\n", true, nil
	}
	return r.transcript(m)
}

// line is one result: the text and a newline, or its JSON string.
func (r *renderer) line(s string) string {
	if r.asJSON {
		return string(pyjson.AppendQuote(nil, s)) + "\n"
	}
	return s + "\n"
}

// transcript renders m for people as AutoGen's Console does (package
// ui): a header with the type and the source, then the text; streaming
// chunks run together under the first one's header, and the message they
// make is not printed again. Chunks followed by a message from another
// source (which a run's output never has) are closed by their newline and
// the message printed in full.
func (r *renderer) transcript(m messages.Message) (string, bool, error) {
	if r.asJSON {
		text, err := messages.ToText(m, r.opts...)
		if err != nil {
			return "", false, err
		}
		return r.line(ui.Header(m) + "\n" + text), true, nil
	}
	if r.inChunks && messages.Source(m) != r.chunkSource {
		if err := r.console.EndChunks(); err != nil {
			return "", false, err
		}
		r.inChunks = false
	}
	if err := r.console.Print(m); err != nil {
		return "", false, err
	}
	if chunk, ok := m.(*gen.ModelClientStreamingChunkEvent); ok {
		r.inChunks, r.chunkSource = true, chunk.Source
	} else if _, ok := m.(*gen.UserInputRequestedEvent); !ok {
		r.inChunks = false
	}
	return "", false, nil // written by the printer
}

// endChunks closes a run of streaming chunks that ends the input.
func (r *renderer) endChunks() {
	if r.inChunks {
		_ = r.console.EndChunks()
		r.inChunks = false
	}
}
