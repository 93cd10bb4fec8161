package main

import (
	"bufio"
	"bytes"
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
// line number; nil at the end.
func nextLine(br *bufio.Reader, prev int) ([]byte, int, error) {
	n := prev
	for {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 {
			n++
			t := bytes.TrimRight(b, "\r\n")
			if len(bytes.TrimSpace(t)) > 0 {
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
	b = bytes.TrimSpace(b)
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

// openInput opens a named input; "-" is standard input.
func openInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
