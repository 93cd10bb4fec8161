package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/messages"
)

func init() {
	commands["render"] = command{
		usage: "  render [--as transcript|text|model-text|model-message] [--json] [FILE|-]...\n" +
			"                                        render each message of a transcript (JSONL, a JSON array\n" +
			"                                        or one document) as AutoGen does\n",
		run: runRender,
	}
}

// renderModes are the values of --as.
var renderModes = []string{"transcript", "text", "model-text", "model-message"}

// renderer renders the messages of one run of the command.
type renderer struct {
	mode    string
	asJSON  bool
	opts    []messages.Option
	factory *messages.MessageFactory
	out     *bufio.Writer
	stderr  io.Writer
	failed  bool
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
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: agentschema render [--as transcript|text|model-text|model-message] [--json] [FILE|-]...\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
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
		stderr:  stderr,
	}
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
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	defer r.out.Flush()
	for _, name := range files {
		in, closeFn, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			r.failed = true
			continue
		}
		err = readDocuments(name, in, func(doc document) error {
			r.document(doc)
			return nil
		})
		closeFn()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			r.failed = true
		}
	}
	r.endChunks()
	if r.failed {
		return exitBad
	}
	return exitOK
}

// document renders one document: a message, or an array of messages.
func (r *renderer) document(doc document) {
	data := bytes.TrimSpace(doc.data)
	if len(data) == 0 || data[0] != '[' {
		r.message(doc)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(doc.data))
	if _, err := dec.Token(); err != nil {
		r.fault(doc.file, doc.line, "/", err.Error())
		return
	}
	for i := 0; dec.More(); i++ {
		start := int(dec.InputOffset())
		for start < len(doc.data) && strings.IndexByte(" \t\r\n,", doc.data[start]) >= 0 {
			start++
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			line := doc.line + bytes.Count(doc.data[:start], []byte("\n"))
			var se *json.SyntaxError
			if errors.As(err, &se) {
				line = doc.line + bytes.Count(doc.data[:min(int(se.Offset), len(doc.data))], []byte("\n"))
			}
			r.fault(doc.file, line, fmt.Sprintf("/%d", i), "invalid JSON: "+err.Error())
			return
		}
		line := doc.line + bytes.Count(doc.data[:start], []byte("\n"))
		r.message(document{file: doc.file, line: line, data: raw})
	}
	if _, err := dec.Token(); err != nil {
		r.fault(doc.file, doc.line, "/", "invalid JSON: "+err.Error())
	}
}

// fault reports a bad message; rendering goes on.
func (r *renderer) fault(file string, line int, ptr, msg string) {
	r.endChunks()
	r.out.Flush()
	fmt.Fprintf(r.stderr, "%s:%d: %s: %s\n", file, line, ptr, msg)
	r.failed = true
}

// message decodes and renders one message.
func (r *renderer) message(doc document) {
	m, err := r.factory.Create(doc.data)
	var unknown *messages.UnknownTypeError
	if errors.As(err, &unknown) {
		if _, ok := messages.StructuredName(unknown.Type); ok {
			m, err = messages.DecodeRawStructured(doc.data, gen.UnmarshalOptions{})
		}
	}
	if err != nil {
		var es wire.Errors
		if errors.As(err, &es) {
			for _, e := range es {
				ptr := e.Pointer
				if ptr == "" {
					ptr = "/"
				}
				r.fault(doc.file, doc.line+e.Line-1, ptr, e.Message)
			}
			return
		}
		r.fault(doc.file, doc.line, "/", err.Error())
		return
	}
	out, ok, err := r.render(m)
	if err != nil {
		r.fault(doc.file, doc.line, "/", "cannot render "+m.Type()+": "+err.Error())
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
		return string(wire.AppendQuote(nil, s)) + "\n"
	}
	return s + "\n"
}

// header is the line AutoGen's Console prints before a message.
func header(m messages.Message) string {
	return "---------- " + m.Type() + " (" + messages.Source(m) + ") ----------"
}

// transcript renders m for people as AutoGen's Console does: a header
// with the type and the source, then the text. Consecutive streaming
// chunks from one source share a header and run together.
func (r *renderer) transcript(m messages.Message) (string, bool, error) {
	text, err := messages.ToText(m, r.opts...)
	if err != nil {
		return "", false, err
	}
	if r.asJSON {
		return r.line(header(m) + "\n" + text), true, nil
	}
	var b strings.Builder
	if chunk, ok := m.(*gen.ModelClientStreamingChunkEvent); ok {
		if !r.inChunks || r.chunkSource != chunk.Source {
			b.WriteString(r.chunkEnd())
			b.WriteString(header(m))
			b.WriteByte('\n')
			r.inChunks, r.chunkSource = true, chunk.Source
		}
		b.WriteString(text)
		return b.String(), true, nil
	}
	b.WriteString(r.chunkEnd())
	b.WriteString(header(m))
	b.WriteByte('\n')
	b.WriteString(text)
	b.WriteByte('\n')
	return b.String(), true, nil
}

// chunkEnd closes a run of streaming chunks with a newline.
func (r *renderer) chunkEnd() string {
	if !r.inChunks {
		return ""
	}
	r.inChunks, r.chunkSource = false, ""
	return "\n"
}

func (r *renderer) endChunks() {
	if s := r.chunkEnd(); s != "" {
		r.out.WriteString(s)
	}
}
