package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
)

// document is one JSON document of an input and where it starts.
type document struct {
	file string
	line int // 1-based line of the document's first byte
	data []byte
}

// readDocuments calls fn for each document of r: the whole input when it
// is one JSON document (possibly spread over lines), otherwise one per
// non-blank line (JSONL). JSONL is streamed: memory is bounded by the
// longest line.
func readDocuments(name string, r io.Reader, fn func(document) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	first, firstLine, err := nextLine(br, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if first == nil {
		return nil
	}
	if !completeJSON(first) {
		rest, err := io.ReadAll(br)
		if err != nil {
			return err
		}
		// Keep the lines before the document so line numbers stay right.
		data := append(bytes.Repeat([]byte("\n"), firstLine-1), first...)
		if len(rest) > 0 {
			data = append(data, '\n')
			data = append(data, rest...)
		}
		return fn(document{file: name, line: 1, data: data})
	}
	line := firstLine
	data := first
	for {
		if err := fn(document{file: name, line: line, data: data}); err != nil {
			return err
		}
		data, line, err = nextLine(br, line)
		if data == nil {
			if err != nil && !errors.Is(err, io.EOF) {
				return err
			}
			return nil
		}
	}
}

// nextLine returns the next non-blank line after line number prev, and its
// line number; nil at the end. A blank line holds only JSON white space
// (space, tab, CR): other white space, such as U+00A0 or a form feed, is
// not JSON and makes a document that the decoder reports.
func nextLine(br *bufio.Reader, prev int) ([]byte, int, error) {
	n := prev
	for {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 {
			n++
			t := bytes.TrimRight(b, "\r\n")
			if len(trimJSONSpace(t)) > 0 {
				return t, n, nil
			}
		}
		if err != nil {
			return nil, n, err
		}
	}
}

// completeJSON reports whether b holds a complete JSON value (so the
// input is JSONL rather than one document spread over lines).
func completeJSON(b []byte) bool {
	b = trimJSONSpace(b)
	if len(b) == 0 {
		return false
	}
	switch b[0] {
	case '{', '[':
	default:
		return true // a scalar line: let the decoder judge it
	}
	depth := 0
	inStr := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return true // trailing garbage is reported by the decoder
			}
		}
	}
	return false
}

// trimJSONSpace returns b without the JSON white space (space, tab, LF,
// CR) at either end.
func trimJSONSpace(b []byte) []byte {
	return bytes.Trim(b, " \t\r\n")
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
