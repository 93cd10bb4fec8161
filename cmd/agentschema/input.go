package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentschema/agentschema/pkg/jsonstream"
	"github.com/agentschema/agentschema/schemas"
)

// document is one JSON document of an input, with its position.
type document = jsonstream.Document

// forDocuments calls fn for each document of the input r named name, read
// by jsonstream: JSONL (one document per line, of any length) or JSON
// values one after another (one document spread over lines, or several);
// with elements, a top-level JSON array gives its elements. A file named
// *.jsonl or *.ndjson is always read as JSONL. Memory is
// bounded by the largest document. A document the reader finds broken is
// passed to fn all the same, with its bytes, so that fn's decoder reports
// the fault in its own words (as it did when the command read whole
// inputs); a document too large to hold is passed with fault set and no
// data. The error is fn's, or a read error.
func forDocuments(name string, r io.Reader, elements bool, fn func(doc document, fault error) error) error {
	opts := jsonstream.Options{Name: name, Elements: elements, MaxSize: int(maxInputSize)}
	if ext := strings.ToLower(filepath.Ext(name)); ext == ".jsonl" || ext == ".ndjson" {
		// A file named as JSON Lines is read line by line even when its
		// first line is broken (detection would take a truncated first
		// value for the start of one document spread over lines, and
		// report the whole file as one broken document).
		opts.Format = jsonstream.JSONL
	}
	for doc, err := range jsonstream.Read(r, opts) {
		if err != nil && !errors.Is(err, jsonstream.ErrSyntax) && !errors.Is(err, jsonstream.ErrTooLarge) {
			var e *jsonstream.Error
			if errors.As(err, &e) {
				return e.Err // a read error, as the reader gave it
			}
			return err
		}
		if err != nil && errors.Is(err, jsonstream.ErrSyntax) {
			err = nil // the decoder reports it
		}
		if ferr := fn(doc, err); ferr != nil {
			return ferr
		}
	}
	return nil
}

// readDocuments calls fn for each document of r (see forDocuments); a
// document too large to hold is printed by p as a bad document, and bad
// is set.
func readDocuments(name string, r io.Reader, elements bool, p *faultPrinter, bad *bool, fn func(doc document) error) error {
	return forDocuments(name, r, elements, func(doc document, fault error) error {
		if fault != nil {
			p.document(doc, faultMessage(fault))
			*bad = true
			return nil
		}
		return fn(doc)
	})
}

// faultMessage is a jsonstream fault's message without its position.
func faultMessage(err error) string {
	var e *jsonstream.Error
	if errors.As(err, &e) {
		if errors.Is(err, jsonstream.ErrTooLarge) {
			return e.Msg + inputLimitNote
		}
		return e.Msg
	}
	return err.Error()
}

// at returns the input position of a fault at line and column of doc's
// data (both 1-based; a column of 0 is taken as 1).
func at(doc document, line, col int) jsonstream.Position {
	return doc.Locate(max(line, 1), max(col, 1))
}

// inputs expands a verb's arguments the same way for every verb: none is
// standard input, "-" is standard input, a file is itself, and a
// directory is every *.json and *.jsonl file under it, in lexical order.
// An argument that cannot be looked at (missing, not permitted) is kept,
// for the verb to report when it opens it. It reports on stderr the
// files under a directory that it cannot list.
func inputs(args []string, stderr io.Writer) (files []string, unreadable bool) {
	if len(args) == 0 {
		return []string{"-"}, false
	}
	for _, arg := range args {
		if arg == "-" {
			files = append(files, arg)
			continue
		}
		info, err := os.Stat(arg)
		if err != nil || !info.IsDir() {
			files = append(files, arg)
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", path, err)
				unreadable = true
				return nil
			}
			if d.IsDir() || !(strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".jsonl")) {
				return nil
			}
			if !d.Type().IsRegular() {
				// A FIFO, socket or device in a directory would block or
				// never end: it is skipped, with a warning. (A symbolic
				// link is followed when it names a regular file.)
				if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
					fmt.Fprintf(stderr, "%s: warning: skipped, not a regular file\n", path)
					return nil
				}
			}
			files = append(files, path)
			return nil
		})
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", arg, err)
			unreadable = true
		}
	}
	return files, unreadable
}

// openInput opens a named input; "-" is standard input.
func openInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := openFile(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// openFile opens a named input file. Tests replace it to give faults a
// file system cannot be made to give every user (root reads any file).
var openFile = func(name string) (io.ReadCloser, error) { return os.Open(name) }

// contextReader reads from r until ctx is done, even when a read of r
// blocks (standard input from a terminal or a slow pipe): the read runs on
// another goroutine, into a buffer of the contextReader's own, and is
// abandoned when ctx is done, so a late read never writes into the
// caller's buffer. Before each read of r it calls idle, if set, so the
// caller can flush its output while it waits for more input.
type contextReader struct {
	ctx  context.Context
	r    io.Reader
	idle func()

	buf     []byte
	results chan readResult
	stopped error // set when a read was abandoned; returned from then on
}

type readResult struct {
	n   int
	err error
}

// newContextReader returns r read under ctx; see contextReader.
func newContextReader(ctx context.Context, r io.Reader, idle func()) *contextReader {
	return &contextReader{ctx: ctx, r: r, idle: idle, results: make(chan readResult, 1)}
}

func (c *contextReader) Read(p []byte) (int, error) {
	if c.stopped != nil {
		return 0, c.stopped
	}
	if err := c.ctx.Err(); err != nil {
		c.stopped = err
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if c.idle != nil {
		c.idle()
		// A failed flush cancels the run (see outputGuard): stop here
		// rather than start a read only to abandon it.
		if err := c.ctx.Err(); err != nil {
			c.stopped = err
			return 0, err
		}
	}
	if c.buf == nil {
		c.buf = make([]byte, 64<<10)
	}
	buf := c.buf[:min(len(p), len(c.buf))]
	go func() {
		n, err := c.r.Read(buf)
		c.results <- readResult{n, err}
	}()
	select {
	case res := <-c.results:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		// The read goes on and its result is dropped: buf is never used
		// again.
		c.stopped = c.ctx.Err()
		return 0, c.stopped
	}
}

// readsElements reports whether a top-level JSON array of an input is read
// as its elements, each a document: without --type (each element's tag
// picks its type), and with a --type whose JSON is never an array (an
// object or a union of objects), such as a ChatCompletionClientRecorder
// session file read as its records. A --type that may be an array reads
// the array as one document.
func readsElements(typ string) bool {
	if typ == "" || isStructuredType(typ) {
		return true
	}
	raw, err := schemas.Get(typ)
	if err != nil {
		return false
	}
	var s struct {
		Type  any               `json:"type"`
		AnyOf []json.RawMessage `json:"anyOf"`
		OneOf []json.RawMessage `json:"oneOf"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return false
	}
	if s.Type != nil {
		return s.Type == "object"
	}
	if len(s.AnyOf)+len(s.OneOf) == 0 {
		return false
	}
	for _, b := range append(s.AnyOf, s.OneOf...) {
		var br struct {
			Type any    `json:"type"`
			Ref  string `json:"$ref"`
		}
		if json.Unmarshal(b, &br) != nil || br.Type == "array" || br.Ref == "" && br.Type != "object" {
			return false
		}
	}
	return true
}
