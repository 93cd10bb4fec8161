package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/validate"
)

func init() {
	commands["validate"] = command{
		usage: "  validate [--type NAME] [--mode schema|autogen] [--format text|json|github] [--strict] [--runnable] [FILE|DIR|-]...\n" +
			"                                        check JSON or JSONL files (directories: every *.json and *.jsonl)\n" +
			"                                        against the schemas, or against what AutoGen accepts\n",
		help:   validateUsage,
		runCtx: runValidate,
	}
}

const validateUsage = `usage: agentschema validate [--type NAME] [--mode schema|autogen] [--format text|json|github] [--strict] [--runnable] [FILE|DIR|-]...

Checks each JSON document (a file holding one JSON value, several, a JSON
array of them, or JSONL: one per line) and prints one line per error,
FILE:LINE:COL: POINTER: message, then "N documents, M invalid".
Directories are searched recursively for *.json and *.jsonl files; - (the
default) is standard input. Without --type, each document's "type" tag
picks its schema; a document with none is read by its shape when that
is plain (a component tree, a Studio gallery, a .NET content, ChatMessage,
ChatResponse or ChatResponseUpdate, run's TaskResult line, a saved model
context, a ChatCompletionClientRecorder record), and --type is needed
otherwise. A top-level JSON array is read as its elements, unless --type
names a type that may be an array.
Both modes place a fault alike: a missing member at the object that
lacks it, an unknown tag at the tag member ("type", or a union's own,
such as a ChromaDB embedding function's "function_type").

--runnable also builds each valid component tree as 'agentschema run'
builds it (nothing is started or called; API keys are not needed) and
refuses, at the component's pointer, what run would refuse before running:
a component AutoGen has that this module does not run, a FunctionTool
without a Go function, a config a loader refuses.

--format json prints one JSON array of error objects; --format github
prints GitHub Actions annotations (::error file=F,line=L,col=C::...), so
that a workflow step shows each fault on the file's line.

Examples:
  agentschema validate examples/transcript.jsonl
  agentschema validate --mode autogen --type ChatCompletionContextState examples/bad/state.json
  agentschema validate --format github payloads/
  agentschema validate --runnable --strict studio/
  cat run.jsonl | agentschema validate

Exit status: 0 all valid, 1 some document invalid, 2 usage error,
unreadable input or unwritable output, 130 interrupted (the output then
covers the documents read so far), 141 standard output closed.

`

// validateOutput writes the errors and the summary in one format.
type validateOutput interface {
	// fault writes one error of a document.
	fault(doc document, e *agentschema.Fault) error
	// finish writes what follows the last error.
	finish(docs, invalid int) error
}

// runValidate runs the validate command. When ctx is done it stops
// reading and writes the faults and the summary of the documents checked
// so far.
func runValidate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("validate", flag.ContinueOnError)
	fset.SetOutput(stderr)
	typ := fset.String("type", "", "schema title to check every document as (default: each document's \"type\" tag)")
	modeName := fset.String("mode", "schema", "schema: what the JSON Schemas say; autogen: what AutoGen's Python packages accept")
	format := fset.String("format", "text", "text: FILE:LINE:COL: POINTER: message lines; json: an array of error objects; github: GitHub Actions annotations")
	strict := fset.Bool("strict", false, "an unknown provider in a component tree is an error (default: a warning on stderr)")
	runnable := fset.Bool("runnable", false, "also refuse a component tree that 'run' would refuse (built as run builds it, never run)")
	setUsage(fset, validateUsage)
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	mode, err := validate.ParseMode(*modeName)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema validate: unknown --mode %q: want schema or autogen\n", *modeName)
		return exitUsage
	}
	if *typ != "" && !slices.Contains(validate.Titles(), *typ) {
		fmt.Fprintf(stderr, "agentschema validate: %s\n", unknownType(*typ, validate.Titles()))
		return exitUsage
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	w := newValidateOutput(*format, out)
	if w == nil {
		fmt.Fprintf(stderr, "agentschema validate: unknown --format %q: want text, json or github\n", *format)
		return exitUsage
	}

	if *runnable {
		defer standInKeys()()
	}
	files, unreadable := inputs(fset.Args(), stderr)
	r := &validateRun{
		ctx:      ctx,
		flush:    func() { out.Flush() },
		v:        &validate.Validator{Mode: mode, Strict: *strict},
		warn:     stderr,
		annotate: annotationsOut(*format, out),
		typ:      *typ,
		runnable: *runnable,
		out:      w,
		progress: newProgress(stderr, files),
	}
	readFailed, ok := r.files(files, stdin, stderr)
	if !ok {
		return exitUsage
	}
	return r.summarize(out, unreadable || readFailed, stderr)
}

// annotationsOut is where warnings go as annotations: the output, with
// --format github; nil otherwise.
func annotationsOut(format string, out io.Writer) io.Writer {
	if format == "github" {
		return out
	}
	return nil
}

// newValidateOutput returns the output of the named format writing to
// out, or nil for an unknown format.
func newValidateOutput(format string, out *bufio.Writer) validateOutput {
	switch format {
	case "text":
		return &textOutput{w: out}
	case "json":
		return &jsonOutput{w: out}
	case "github":
		return &githubOutput{w: out}
	}
	return nil
}

// files checks the documents of each input in turn until ctx is done,
// reporting on stderr the inputs that cannot be read (unreadable is then
// true). It returns false when the output could not be written.
func (r *validateRun) files(names []string, stdin io.Reader, stderr io.Writer) (unreadable, ok bool) {
	for _, name := range names {
		if r.ctx.Err() != nil {
			break
		}
		if err := r.file(name, stdin); err != nil {
			if errors.Is(err, errOutput) {
				if context.Cause(r.ctx) != errOutputFailed { // else runWithContext reports it
					fmt.Fprintf(stderr, "agentschema validate: %v\n", err)
				}
				return unreadable, false
			}
			if r.ctx.Err() != nil {
				break
			}
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			unreadable = true
		}
	}
	return unreadable, true
}

// summarize ends the run: it writes the summary, flushes the output and
// warns on stderr about documents without a usable "type" tag. It returns
// the exit status.
func (r *validateRun) summarize(out *bufio.Writer, unreadable bool, stderr io.Writer) int {
	r.progress.done()
	if err := r.out.finish(r.docs, r.invalid); err != nil {
		if context.Cause(r.ctx) != errOutputFailed {
			fmt.Fprintf(stderr, "agentschema validate: %v\n", err)
		}
		return exitUsage
	}
	if err := out.Flush(); err != nil {
		if context.Cause(r.ctx) != errOutputFailed {
			fmt.Fprintf(stderr, "agentschema validate: writing output: %v\n", err)
		}
		return exitUsage
	}
	if r.untagged > 0 {
		fmt.Fprintf(stderr, "agentschema validate: %d %s no usable \"type\" tag; name the type with --type NAME\n",
			r.untagged, plural(r.untagged, "document has", "documents have"))
	}
	switch {
	case unreadable:
		return exitUsage
	case r.invalid > 0:
		return exitBad
	}
	return exitOK
}

// errOutput marks a failure to write the output.
var errOutput = errors.New("writing output")

// validateRun checks documents and counts them.
type validateRun struct {
	ctx      context.Context // stops the reading
	flush    func()          // flushes the output
	v        *validate.Validator
	warn     io.Writer // receives the warnings (unknown providers)
	annotate io.Writer // with --format github, receives the warnings as ::warning annotations
	typ      string
	runnable bool // --runnable: build each component tree as run does
	out      validateOutput
	progress *progress

	docs, invalid, untagged int
}

// file checks every document of one input; the error is an unreadable
// input or errOutput.
func (r *validateRun) file(name string, stdin io.Reader) error {
	in, closeFn, err := openInput(name, stdin)
	if err != nil {
		return err
	}
	defer closeFn()
	cr := &countingReader{r: newContextReader(r.ctx, in, r.flush), n: &r.progress.read}
	// Documents are checked in parallel when the input is a file
	// (parallel.go); the faults and warnings are written in order.
	return forDocumentsInOrder(name, cr, readsElements(r.typ), parallelFor(name), r.check, func(doc document, fault error, res checked) error {
		if err := r.ctx.Err(); err != nil {
			return err
		}
		r.docs++
		err := r.document(doc, res)
		r.progress.tick(r.docs, r.invalid)
		return err
	})
}

// checked is what validation found in one document.
type checked struct {
	title    string
	err      error
	warnings []byte // the warnings' lines, for r.warn
	// annotations are the warnings as GitHub ::warning commands, for the
	// output (with --format github).
	annotations []byte
}

// check validates one document; fault is set for a document too large to
// read. It writes nothing (the warnings are held), so documents can be
// checked in parallel.
func (r *validateRun) check(doc document, fault error) checked {
	var res checked
	if fault == nil && r.ctx.Err() != nil {
		return res
	}
	var warnings, annotations bytes.Buffer
	v := *r.v
	v.Warn = func(e *agentschema.Fault) {
		p := at(doc, e.Line, e.Column)
		fmt.Fprintf(&warnings, "%s:%d:%d: %s: warning: %s\n", p.File, p.Line, p.Column, e.DisplayPointer(), e.Message)
		if r.annotate != nil {
			annotations.WriteString(githubWarning(p.File, p.Line, p.Column, e.Pointer, e.Message))
		}
	}
	switch {
	case fault != nil:
		res.err = agentschema.Faults{{Line: 1, Column: 1, Keyword: "syntax", Type: "limit", Message: faultMessage(fault)}}
	case r.typ != "":
		res.err = v.Validate(r.typ, doc.Data)
	default:
		res.title, res.err = v.ValidateTagged(doc.Data)
	}
	if res.err == nil && fault == nil && r.runnable && isComponentTree(doc.Data) {
		res.err = runnableFault(r.ctx, doc.Data)
	}
	res.warnings = warnings.Bytes()
	res.annotations = annotations.Bytes()
	return res
}

// document writes the warnings and errors check found in one document.
func (r *validateRun) document(doc document, res checked) error {
	if len(res.warnings) > 0 {
		r.warn.Write(res.warnings)
	}
	if len(res.annotations) > 0 {
		if _, err := r.annotate.Write(res.annotations); err != nil {
			return fmt.Errorf("%w: %v", errOutput, err)
		}
	}
	title, err := res.title, res.err
	if err == nil {
		return nil
	}
	var es agentschema.Faults
	if !errors.As(err, &es) {
		es = agentschema.Faults{{Pointer: "", Line: 1, Column: 1, Keyword: "", Message: err.Error()}}
	}
	r.invalid++
	if r.typ == "" && title == "" && len(es) == 1 && es[0].Keyword == "discriminator" {
		r.untagged++
	}
	for _, e := range es {
		if err := r.out.fault(doc, e); err != nil {
			return fmt.Errorf("%w: %v", errOutput, err)
		}
	}
	return nil
}

// textOutput writes FILE:LINE:COL: POINTER: message lines and a summary.
type textOutput struct{ w *bufio.Writer }

func (o *textOutput) fault(doc document, e *agentschema.Fault) error {
	p := at(doc, e.Line, e.Column)
	_, err := fmt.Fprintf(o.w, "%s:%d:%d: %s: %s\n", p.File, p.Line, p.Column, e.DisplayPointer(), e.Message)
	return err
}

func (o *textOutput) finish(docs, invalid int) error {
	_, err := fmt.Fprintf(o.w, "%d %s, %d invalid\n", docs, plural(docs, "document", "documents"), invalid)
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// jsonOutput writes a JSON array of error objects, one per line, as the
// errors are found (so memory does not grow with their number).
type jsonOutput struct {
	w *bufio.Writer
	n int // errors written
}

func (o *jsonOutput) fault(doc document, e *agentschema.Fault) error {
	b, err := validateFault(doc, e).json()
	if err != nil {
		return err
	}
	sep := ",\n  "
	if o.n == 0 {
		sep = "[\n  "
	}
	o.n++
	o.w.WriteString(sep)
	_, err = o.w.Write(b)
	return err
}

// githubOutput writes GitHub Actions annotations, then the summary line.
type githubOutput struct{ w *bufio.Writer }

func (o *githubOutput) fault(doc document, e *agentschema.Fault) error {
	_, err := o.w.WriteString(validateFault(doc, e).github())
	return err
}

func (o *githubOutput) finish(docs, invalid int) error {
	_, err := fmt.Fprintf(o.w, "%d %s, %d invalid\n", docs, plural(docs, "document", "documents"), invalid)
	return err
}

// validateFault is e, a fault in doc, placed in doc's input.
func validateFault(doc document, e *agentschema.Fault) fault {
	p := at(doc, e.Line, e.Column)
	return fault{File: p.File, Line: p.Line, Column: p.Column, Pointer: e.Pointer, Keyword: e.Keyword, Message: e.Message, Type: e.Type}
}

func (o *jsonOutput) finish(int, int) error {
	var err error
	if o.n == 0 {
		_, err = o.w.WriteString("[]\n")
	} else {
		_, err = o.w.WriteString("\n]\n")
	}
	return err
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// Progress reporting: on a terminal, a run that takes a while shows a
// status line on stderr, rewritten in place.
var (
	// isTerminal reports whether w is a terminal (a character device).
	isTerminal = func(w io.Writer) bool {
		f, ok := w.(*os.File)
		if !ok {
			return false
		}
		info, err := f.Stat()
		return err == nil && info.Mode()&os.ModeCharDevice != 0
	}
	// progressDelay is how long a run goes before it shows progress, so
	// small inputs print nothing.
	progressDelay = time.Second
	// progressEvery is the least time between two updates.
	progressEvery = 200 * time.Millisecond
)

// progress shows how far validation has got.
type progress struct {
	w       io.Writer
	on      bool
	total   int64 // bytes in the named files; 0 when unknown (stdin)
	read    atomic.Int64
	start   time.Time
	last    time.Time
	printed bool
}

func newProgress(stderr io.Writer, files []string) *progress {
	p := &progress{w: stderr, on: isTerminal(stderr), start: time.Now()}
	for _, f := range files {
		if f == "-" {
			p.total = 0
			break
		}
		if info, err := os.Stat(f); err == nil {
			p.total += info.Size()
		}
	}
	return p
}

func (p *progress) tick(docs, invalid int) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	p.printed = true
	read := p.read.Load()
	line := fmt.Sprintf("\ragentschema validate: %d documents, %d invalid, %s", docs, invalid, megabytes(read))
	if p.total > 0 {
		line += " of " + megabytes(p.total) + " (" + strconv.FormatInt(min(100, read*100/p.total), 10) + "%)"
	}
	fmt.Fprint(p.w, line+"\x1b[K")
}

// done clears the status line.
func (p *progress) done() {
	if p.printed {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

func megabytes(n int64) string {
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
}
