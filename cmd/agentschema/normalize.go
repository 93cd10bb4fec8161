package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/validate"
)

// runNormalize runs the normalize command. It stops reading when ctx is
// done and writes out the lines of the documents it has read.
func runNormalize(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("normalize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	typ := fs.String("type", "", "schema title to decode each document as (default: the document's \"type\" tag)")
	strict := fs.Bool("strict", false, "report members the types do not hold (AutoGen drops them silently)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: agentschema normalize [--type NAME] [--strict] [FILE|-]...\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if *typ != "" && !isStructuredType(*typ) {
		if _, ok := gen.DecodeTitled(*typ, wire.NewDecoder([]byte("null"), wire.Options{})); !ok {
			fmt.Fprintf(stderr, "agentschema: unknown type %q; known types: %s\n", *typ, strings.Join(gen.Titles(), ", "))
			return exitUsage
		}
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	flush := func() { out.Flush() }
	status := exitOK
	for _, name := range files {
		if ctx.Err() != nil {
			break
		}
		r, closeFn, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			status = exitUsage
			continue
		}
		// Flushing before each read that may wait shows each line as soon
		// as its document is complete (tail -f ... | agentschema normalize).
		in := newContextReader(ctx, r, flush)
		err = readDocuments(name, in, func(doc document) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			line, ok := normalizeOne(doc, *typ, wire.Options{DisallowUnknownFields: *strict}, stderr)
			if !ok {
				if status == exitOK {
					status = exitBad
				}
				return nil
			}
			out.Write(line)
			return out.WriteByte('\n')
		})
		closeFn()
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			status = exitUsage
		}
	}
	out.Flush()
	return status
}

// normalizeOne decodes one document and returns its canonical encoding,
// or prints its faults and returns false.
func normalizeOne(doc document, typ string, opts wire.Options, stderr io.Writer) ([]byte, bool) {
	d := wire.NewDecoder(doc.data, opts)
	if isStructuredType(typ) {
		return normalizeStructured(doc, structuredName(typ), opts, stderr)
	}
	title := typ
	if title == "" {
		tag, st := d.PeekTag("type")
		if _, ok := messages.StructuredName(tag); ok && st == wire.TagFound {
			return normalizeStructured(doc, "", opts, stderr)
		}
		if st == wire.TagMissing && component.IsTree(doc.data) {
			return normalizeTree(doc, stderr)
		}
		t, ok := gen.TitleForTag(tag)
		if !ok && st == wire.TagFound {
			t, ok = validate.StateTitle(tag) // a saved state (TeamState, ...)
		}
		if st != wire.TagFound || !ok {
			// A document that is not JSON (a byte-order mark, a truncated
			// line) has its syntax error reported, not a missing tag.
			if errs := syntaxErrors(doc.data, opts); len(errs) > 0 {
				printErrors(stderr, doc, errs)
				return nil, false
			}
			msg := "no \"type\" tag: pass --type NAME"
			if st == wire.TagFound {
				msg = fmt.Sprintf("unknown \"type\" tag %q: pass --type NAME", tag)
			}
			fmt.Fprintf(stderr, "%s:%d: /: %s\n", doc.file, doc.line, msg)
			return nil, false
		}
		title = t
	}
	var v wire.Encodable
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { v, _ = gen.DecodeTitled(title, d) }))
	if errs := d.Errors(); len(errs) > 0 {
		printErrors(stderr, doc, errs)
		return nil, false
	}
	b, err := wire.Marshal(v)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%d: /: cannot encode: %v\n", doc.file, doc.line, err)
		return nil, false
	}
	return b, true
}

// normalizeTree writes a component tree as AutoGen's dump_component()
// does after load_component (component.NormalizeTree).
func normalizeTree(doc document, stderr io.Writer) ([]byte, bool) {
	b, err := component.NormalizeTree(doc.data)
	if err == nil {
		return b, true
	}
	var fs agentschema.Faults
	if errors.As(err, &fs) {
		for _, f := range fs {
			fmt.Fprintf(stderr, "%s:%d: %s: %s\n", doc.file, doc.line+max(f.Line, 1)-1, f.DisplayPointer(), f.Message)
		}
		return nil, false
	}
	fmt.Fprintf(stderr, "%s:%d: /: %v\n", doc.file, doc.line, err)
	return nil, false
}

// syntaxErrors returns the faults of data as JSON of any type: syntax
// errors and limit hits.
func syntaxErrors(data []byte, opts wire.Options) wire.Errors {
	d := wire.NewDecoder(data, opts)
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { d.Skip() }))
	return d.Errors()
}

func printErrors(w io.Writer, doc document, errs wire.Errors) {
	for _, e := range errs {
		ptr := e.Pointer
		if ptr == "" {
			ptr = "/"
		}
		fmt.Fprintf(w, "%s:%d: %s: %s\n", doc.file, doc.line+e.Line-1, ptr, e.Message)
	}
}

// isStructuredType reports whether a --type names a StructuredMessage:
// "StructuredMessage", "StructuredMessage[X]" (the tag) or
// "StructuredMessage_X" (the conformance cases' folder name).
func isStructuredType(typ string) bool {
	if _, ok := messages.StructuredName(typ); ok {
		return true
	}
	return typ == "StructuredMessage" || strings.HasPrefix(typ, "StructuredMessage_")
}

// structuredName returns X of a --type "StructuredMessage[X]" or
// "StructuredMessage_X", or "" for plain "StructuredMessage".
func structuredName(typ string) string {
	if name, ok := messages.StructuredName(typ); ok {
		return name
	}
	return strings.TrimPrefix(strings.TrimPrefix(typ, "StructuredMessage"), "_")
}

// normalizeStructured decodes a StructuredMessage[X] whose content type Go
// does not know: the common fields are checked and filled as for every
// chat message, and the content object is kept as it was written (see
// messages.RawStructuredMessage). X is name, or the document's tag when
// name is "".
func normalizeStructured(doc document, name string, opts wire.Options, stderr io.Writer) ([]byte, bool) {
	var m *messages.RawStructuredMessage
	var err error
	if name != "" {
		m, err = messages.DecodeRawStructuredAs(name, doc.data, gen.UnmarshalOptions(opts))
	} else {
		m, err = messages.DecodeRawStructured(doc.data, gen.UnmarshalOptions(opts))
	}
	if err != nil {
		var errs wire.Errors
		if errors.As(err, &errs) {
			printErrors(stderr, doc, errs)
		} else {
			fmt.Fprintf(stderr, "%s:%d: /: %v\n", doc.file, doc.line, err)
		}
		return nil, false
	}
	b, err := messages.Marshal(m)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%d: /: cannot encode: %v\n", doc.file, doc.line, err)
		return nil, false
	}
	return b, true
}
