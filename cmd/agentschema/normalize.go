package main

import (
	"bufio"
	"bytes"
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

func init() {
	commands["normalize"] = command{
		usage: "  normalize [--type NAME] [--strict] [--format text|json|github] [FILE|DIR|-]...\n" +
			"                                        decode JSON or JSONL as NAME (or by each document's \"type\" tag)\n" +
			"                                        and print the canonical encoding, one line per document;\n" +
			"                                        --strict reports members AutoGen would drop\n",
		help:   normalizeHelp,
		runCtx: runNormalize,
	}
}

const normalizeHelp = `usage: agentschema normalize [--type NAME] [--strict] [--format text|json|github] [FILE|DIR|-]...

Decodes each document as AutoGen does (defaults filled, lax values
coerced) and prints its canonical JSON, what AutoGen's model_dump_json
writes, one line per document. Without --type, each document's "type" tag
picks its type. A top-level JSON array is read as its elements, unless
--type names a type that may be an array. Faults
go to stderr as FILE:LINE: POINTER: message; the other documents are
still printed.

Inputs are files, directories (every *.json and *.jsonl under them) or -
for standard input (the default). A file holds JSONL (one document per
line, of any length), one JSON document, several, or a JSON array.

Examples:
  agentschema normalize examples/transcript.jsonl
  agentschema normalize --type ChatCompletionContextState examples/context_state.json
  tail -f run.jsonl | agentschema normalize --strict

Exit status: 0 all good, 1 some document bad, 2 usage error or unreadable
input, 130 interrupted, 141 standard output closed.

`

// runNormalize runs the normalize command. It stops reading when ctx is
// done and writes out the lines of the documents it has read.
func runNormalize(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("normalize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	typ := fs.String("type", "", "schema title to decode each document as (default: the document's \"type\" tag)")
	strict := fs.Bool("strict", false, "report members the types do not hold (AutoGen drops them silently)")
	format := fs.String("format", "text", formatHelp)
	setUsage(fs, normalizeHelp)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if !checkFormat("normalize", *format, stderr) {
		return exitUsage
	}
	if *typ != "" && !isStructuredType(*typ) {
		if _, ok := gen.DecodeTitled(*typ, wire.NewDecoder([]byte("null"), wire.Options{})); !ok {
			fmt.Fprintf(stderr, "agentschema normalize: %s\n", unknownType(*typ, gen.Titles()))
			return exitUsage
		}
	}
	files, unreadable := inputs(fs.Args(), stderr)
	out := bufio.NewWriterSize(stdout, 64<<10)
	n := &normalizeRun{
		ctx:  ctx,
		typ:  *typ,
		opts: wire.Options{DisallowUnknownFields: *strict},
		p:    &faultPrinter{format: *format, w: stderr},
		out:  out,
	}
	status := exitOK
	if unreadable {
		status = exitUsage
	}
	for _, name := range files {
		if ctx.Err() != nil {
			break
		}
		if err := n.file(name, stdin); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			status = exitUsage
		}
	}
	out.Flush()
	if n.bad && status == exitOK {
		status = exitBad
	}
	return status
}

// normalizeRun normalizes documents and writes their lines.
type normalizeRun struct {
	ctx  context.Context // stops the reading
	typ  string
	opts wire.Options
	p    *faultPrinter // writes the faults
	out  *bufio.Writer // receives the lines
	bad  bool          // some document had faults
}

// file normalizes every document of one input; the error is an input
// that cannot be opened or read (none once ctx is done).
func (n *normalizeRun) file(name string, stdin io.Reader) error {
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		return err
	}
	defer closeFn()
	// Flushing before each read that may wait shows each line as soon
	// as its document is complete (tail -f ... | agentschema normalize).
	in := newContextReader(n.ctx, r, func() { n.out.Flush() })
	// Documents are normalized in parallel when the input is a file
	// (parallel.go); each one's faults are held and written in order.
	err = forDocumentsInOrder(name, in, readsElements(n.typ), parallelFor(name), n.normalize, n.emit)
	if err != nil && n.ctx.Err() == nil {
		return err
	}
	return nil
}

// normalize normalizes one document; fault is set for a document too
// large to read. It writes nothing (the faults are held), so documents
// can be normalized in parallel.
func (n *normalizeRun) normalize(doc document, fault error) normalized {
	var held bytes.Buffer
	hp := &faultPrinter{format: n.p.format, w: &held}
	if fault != nil {
		hp.document(doc, faultMessage(fault))
		return normalized{faults: held.Bytes()}
	}
	if n.ctx.Err() != nil {
		return normalized{}
	}
	line, ok := normalizeOne(doc, n.typ, n.opts, hp)
	return normalized{line: line, ok: ok, faults: held.Bytes()}
}

// emit writes the faults and the line normalize gave for one document.
func (n *normalizeRun) emit(doc document, fault error, res normalized) error {
	if err := n.ctx.Err(); err != nil {
		return err
	}
	if len(res.faults) > 0 {
		n.p.w.Write(res.faults)
	}
	if !res.ok {
		n.bad = true
		return nil
	}
	n.out.Write(res.line)
	return n.out.WriteByte('\n')
}

// normalizeOne decodes one document and returns its canonical encoding,
// or prints its faults and returns false. A document with faults and
// duplicate member names is read again as Python's json.loads sees it
// (the last of duplicates counts; validate.LastMembers), so that an
// earlier duplicate is no fault, as in AutoGen.
func normalizeOne(doc document, typ string, opts wire.Options, p *faultPrinter) ([]byte, bool) {
	var faults bytes.Buffer
	held := &faultPrinter{format: p.format, w: &faults}
	if b, ok := normalizeDoc(doc, typ, opts, held); ok {
		return b, true
	}
	if d := validate.LastMembers(doc.Data); len(d) > 0 && &d[0] != &doc.Data[0] {
		doc.Data = d
		return normalizeDoc(doc, typ, opts, p)
	}
	p.w.Write(faults.Bytes())
	return nil, false
}

// normalizeDoc is normalizeOne on the document as written.
func normalizeDoc(doc document, typ string, opts wire.Options, p *faultPrinter) ([]byte, bool) {
	d := wire.NewDecoder(doc.Data, opts)
	if isStructuredType(typ) {
		return normalizeStructured(doc, structuredName(typ), opts, p)
	}
	title := typ
	if title == "" {
		tag, st := d.PeekTag("type")
		if _, ok := messages.StructuredName(tag); ok && st == wire.TagFound {
			return normalizeStructured(doc, "", opts, p)
		}
		if st == wire.TagMissing && component.IsTree(doc.Data) {
			return normalizeTree(doc, p, opts.DisallowUnknownFields)
		}
		t, ok := gen.TitleForTag(tag)
		if st == wire.TagMissing {
			// A document whose shape names its type (a .NET content's
			// "$type", a TaskResult, ...), read as validate reads it.
			if t, ok = validate.UntaggedTitle(doc.Data); ok {
				st = wire.TagFound
			}
		}
		if !ok && st == wire.TagFound {
			t, ok = validate.StateTitle(tag) // a saved state (TeamState, ...)
		}
		if st != wire.TagFound || !ok {
			// A document that is not JSON (a byte-order mark, a truncated
			// line) has its syntax error reported, not a missing tag.
			if errs := syntaxErrors(doc.Data, opts); len(errs) > 0 {
				p.decoder(doc, "", errs)
				return nil, false
			}
			if st == wire.TagFound {
				p.decoder(doc, "", tagFault(doc.Data, fmt.Sprintf("unknown \"type\" tag %q: pass --type NAME", tag)))
			} else {
				p.document(doc, "no \"type\" tag: pass --type NAME")
			}
			return nil, false
		}
		title = t
	}
	if title == "ComponentModel" {
		// A component kept as written still has its secrets masked through
		// its whole tree: bound the tree first.
		if err := component.CheckTreeSize(doc.Data); err != nil {
			printFaults(doc, err, p)
			return nil, false
		}
	}
	var v gen.Encodable
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { v, _ = gen.DecodeTitled(title, d) }))
	if errs := d.Errors(); len(errs) > 0 {
		p.decoder(doc, "", errs)
		return nil, false
	}
	// pydantic's model validators that derive members (a Handoff's name,
	// a DiGraphEdge's activation_group) or refuse values.
	if err := component.ApplyValidators(v); err != nil {
		printFaults(doc, err, p)
		return nil, false
	}
	component.MaskSecrets(v) // SecretStr members, as model_dump(mode="json") writes them
	b, err := wire.Marshal(v)
	if err != nil {
		p.document(doc, "cannot encode: "+err.Error())
		return nil, false
	}
	return b, true
}

// normalizeTree writes a component tree as AutoGen's dump_component()
// does after load_component (component.NormalizeTree).
func normalizeTree(doc document, p *faultPrinter, strict bool) ([]byte, bool) {
	if strict {
		// --strict refuses what validate --mode autogen --strict refuses:
		// a component of the wrong kind in its place, an unknown provider,
		// members AutoGen would drop, the constructors' refusals.
		v := &validate.Validator{Mode: validate.ModeAutoGen, Strict: true}
		if err := v.ValidateComponent(doc.Data); err != nil {
			printFaults(doc, err, p)
			return nil, false
		}
	}
	b, err := component.NormalizeTree(doc.Data)
	if err == nil {
		return b, true
	}
	printFaults(doc, err, p)
	return nil, false
}

// printFaults prints err's faults (an agentschema.Faults, with pointers in
// the document; positions are found from the pointers when the faults have
// none), or err itself.
func printFaults(doc document, err error, p *faultPrinter) {
	var fs agentschema.Faults
	if errors.As(err, &fs) {
		validate.SetPositions(doc.Data, fs)
		for _, f := range fs {
			pos := at(doc, f.Line, f.Column)
			p.print(fault{File: pos.File, Line: pos.Line, Column: pos.Column, Pointer: f.Pointer, Keyword: f.Keyword, Message: f.Message, Type: f.Type})
		}
		return
	}
	p.document(doc, err.Error())
}

// tagFault is the fault msg (pydantic's union_tag_invalid) at the "type"
// member of data, a JSON object, with its line and column, as validate
// places an unknown tag; of duplicate members the last counts, as in
// json.loads.
func tagFault(data []byte, msg string) wire.Errors {
	d := wire.NewDecoder(data, wire.Options{})
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) {
		if !d.Object("dict_type", "Input should be an object") {
			return
		}
		for {
			name, ok := d.Next()
			if !ok {
				break
			}
			if string(name) == "type" {
				d.FailAt(d.Offset(), "union_tag_invalid", msg)
			}
			d.Skip()
		}
	}))
	errs := d.Errors()
	for i := len(errs) - 1; i >= 0; i-- {
		if errs[i].Type == "union_tag_invalid" {
			return errs[i : i+1]
		}
	}
	return errs
}

// syntaxErrors returns the faults of data as JSON of any type: syntax
// errors and limit hits.
func syntaxErrors(data []byte, opts wire.Options) wire.Errors {
	d := wire.NewDecoder(data, opts)
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { d.Skip() }))
	return d.Errors()
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
func normalizeStructured(doc document, name string, opts wire.Options, p *faultPrinter) ([]byte, bool) {
	var m *messages.RawStructuredMessage
	var err error
	if name != "" {
		m, err = messages.DecodeRawStructuredAs(name, doc.Data, gen.UnmarshalOptions(opts))
	} else {
		m, err = messages.DecodeRawStructured(doc.Data, gen.UnmarshalOptions(opts))
	}
	if err != nil {
		var errs wire.Errors
		if errors.As(err, &errs) {
			p.decoder(doc, "", errs)
		} else {
			p.document(doc, err.Error())
		}
		return nil, false
	}
	b, err := messages.Marshal(m)
	if err != nil {
		p.document(doc, "cannot encode: "+err.Error())
		return nil, false
	}
	return b, true
}
