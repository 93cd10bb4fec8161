package jsonstream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
)

// Format says how an input holds its documents.
type Format int

const (
	// Auto reads the input as JSONL when its first non-blank line holds a
	// whole JSON value (or is broken before its end), and as a Sequence
	// otherwise (a document spread over lines).
	Auto Format = iota
	// JSONL is one document per line (JSON Lines, NDJSON). Blank lines
	// are skipped; a line that is not one whole document is an error,
	// after which reading goes on with the next line.
	JSONL
	// Sequence is JSON values one after another, separated by white space
	// or nothing ('{}{}'): a single document, pretty-printed or not, or a
	// concatenation of them. A syntax error ends the stream.
	Sequence
)

// String returns "auto", "jsonl" or "sequence".
func (f Format) String() string {
	switch f {
	case Auto:
		return "auto"
	case JSONL:
		return "jsonl"
	case Sequence:
		return "sequence"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// DefaultMaxSize is the largest document (and JSONL line) Read accepts
// unless Options.MaxSize says otherwise: 256 MiB, the decoders' default
// document size limit.
const DefaultMaxSize = 256 << 20

// Options configure Read. The zero value reads JSONL or a sequence of
// values (Auto), without splitting arrays, up to DefaultMaxSize a
// document. Options cannot be built with an unkeyed literal, so fields
// can be added.
type Options struct {
	_ struct{} // no unkeyed literals, as protobuf-go's pragma.NoUnkeyedLiterals

	// Name is the input's name (a file name) given in positions and
	// errors; "" for none.
	Name string
	// Format is how the input holds its documents; Auto by default.
	Format Format
	// Elements reads a top-level JSON array as the sequence of its
	// elements: each element is a document, with its own position. (In
	// JSONL, each array line gives its elements.) A top-level value that
	// is not an array is a document as usual.
	Elements bool
	// MaxSize bounds the size in bytes of one document and of one JSONL
	// line: 0 is DefaultMaxSize, a negative value no limit.
	MaxSize int
}

// Position is a place in an input.
type Position struct {
	// File is Options.Name.
	File string
	// Line is the 1-based line.
	Line int
	// Column is the 1-based column, counted in bytes.
	Column int
	// Offset is the 0-based byte offset from the input's start.
	Offset int64
}

// String returns "FILE:LINE:COLUMN", or "LINE:COLUMN" without a file.
func (p Position) String() string {
	s := strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
	if p.File != "" {
		s = p.File + ":" + s
	}
	return s
}

// Document is one JSON document of an input.
type Document struct {
	// Position is where Data starts: the document's first byte (for a
	// broken JSONL line, the line's).
	Position
	// Index counts the documents read before this one, from 0.
	Index int
	// Element is the document's index in the top-level array it was read
	// from (Options.Elements), from 0, or -1 for a document that is not
	// an element. A fault pointer inside the document is, in the array,
	// "/Element" followed by the pointer.
	Element int
	// Data is the document's bytes. It is valid until the loop asks for
	// the next document: copy it to keep it.
	Data []byte
}

// Locate returns the input position of a 1-based line and column (in
// bytes) of d.Data, such as a decoder's fault reports.
func (d Document) Locate(line, column int) Position {
	p := Position{File: d.File}
	if line <= 1 {
		p.Line, p.Column, p.Offset = d.Line, d.Column+column-1, d.Offset+int64(column-1)
		return p
	}
	off := 0
	for l := 1; l < line; l++ {
		j := bytes.IndexByte(d.Data[off:], '\n')
		if j < 0 {
			break
		}
		off += j + 1
	}
	p.Line, p.Column, p.Offset = d.Line+line-1, column, d.Offset+int64(off+column-1)
	return p
}

// Sentinel errors an *Error wraps.
var (
	// ErrSyntax is wrapped by an *Error for input that is not JSON.
	ErrSyntax = errors.New("invalid JSON")
	// ErrTooLarge is wrapped by an *Error for a document or JSONL line
	// larger than Options.MaxSize.
	ErrTooLarge = errors.New("document too large")
)

// Error is a fault of an input: where it is and what is wrong. It wraps
// ErrSyntax, ErrTooLarge or the error the io.Reader returned.
type Error struct {
	// Position is the offending byte's (for a read error, where reading
	// stopped; for a document too large, the document's start).
	Position
	// Msg says what is wrong, such as "invalid character '}' after array
	// element".
	Msg string
	// Err is ErrSyntax, ErrTooLarge or the read error.
	Err error
}

// Error returns "FILE:LINE:COLUMN: Msg".
func (e *Error) Error() string { return e.Position.String() + ": " + e.Msg }

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Read returns the documents of r, read as the loop asks for them. Each
// step yields a document and a nil error, or a fault: an *Error, with the
// Document of the broken input when there is one (see the package doc).
// Reading stops when the loop stops, at the end of r, at a read error and
// at a fault the reader cannot go on after. Read does not close r.
func Read(r io.Reader, opts Options) iter.Seq2[Document, error] {
	return func(yield func(Document, error) bool) {
		rd := &reader{r: r, opts: opts, line: 1, docStart: -1}
		rd.max = opts.MaxSize
		if rd.max == 0 {
			rd.max = DefaultMaxSize
		}
		format := opts.Format
		if format == Auto {
			format = rd.detect()
		}
		if format == JSONL {
			rd.jsonl(yield)
		} else {
			rd.sequence(yield)
		}
	}
}

// scanner states
type state uint8

const (
	stValue        state = iota // a value (or, at the top, the next document)
	stValueOrClose              // after '['
	stKeyOrClose                // after '{'
	stKey                       // after ',' in an object
	stColon                     // after a member name
	stCommaOrClose              // after a member or an element
	stString                    // in a string
	stStringEsc                 // after '\' in a string
	stStringHex                 // in the hex digits of a \u escape
	stLiteral                   // in true, false, null or a number
)

// scanner events
type event uint8

const (
	evNone  event = iota
	evStart       // a document starts at at
	evEnd         // a document ends at at (exclusive)
	evOpen        // the top-level array of Elements opens at at
	evClose       // the top-level array of Elements ends at at (exclusive)
	evError       // a fault at at: msg
	evMore        // the bytes up to the limit are read
	evDone        // the unit (line or input) ended between documents
)

type reader struct {
	r    io.Reader
	opts Options
	max  int

	buf  []byte // buf[:end] holds the input from offset base on
	end  int
	base int64
	eof  bool  // r has no more input
	rerr error // r's error, other than io.EOF

	pos       int   // the next byte to scan
	line      int   // the line of buf[pos]
	lineStart int64 // the offset of that line's first byte
	index     int   // documents yielded

	// scanner state
	st       state
	stack    []byte // open '{' and '['
	split    bool   // in the top-level array of Elements
	isKey    bool
	hex      int // hex digits left in a \u escape
	litStart int
	final    bool   // the scan limit ends the unit
	unit     string // "input" or "line", for end-of-unit faults
	at       int    // index of the last event
	msg      string // the last fault

	docStart int // index of the current document's first byte, or -1
	docPos   Position
	spans    []span // a JSONL line's documents
	elem     int    // elements of the top-level array seen
}

type span struct {
	start, end, elem int
	pos              Position
}

func (r *reader) position(i int) Position {
	off := r.base + int64(i)
	return Position{File: r.opts.Name, Line: r.line, Column: int(off-r.lineStart) + 1, Offset: off}
}

// fill reads more input, keeping buf[keep:end] (moved to the front). It
// returns false when there is no more: at the end of the input or a read
// error (r.rerr).
func (r *reader) fill(keep int) bool {
	if r.eof {
		return false
	}
	if keep > 0 {
		n := copy(r.buf, r.buf[keep:r.end])
		r.end = n
		r.pos -= keep
		r.litStart -= keep
		if r.docStart >= 0 {
			r.docStart -= keep
		}
		r.base += int64(keep)
	}
	if r.end == len(r.buf) {
		size := max(64<<10, 2*len(r.buf))
		nb := make([]byte, size)
		copy(nb, r.buf[:r.end])
		r.buf = nb
	}
	for range 100 {
		n, err := r.r.Read(r.buf[r.end:])
		r.end += n
		if err != nil {
			r.eof = true
			if !errors.Is(err, io.EOF) {
				r.rerr = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	r.eof = true
	r.rerr = io.ErrNoProgress
	return false
}

// readFault yields the read error, if there was one.
func (r *reader) readFault(yield func(Document, error) bool) {
	if r.rerr != nil {
		p := r.position(r.end)
		yield(Document{Position: p, Index: r.index, Element: -1}, &Error{Position: p, Msg: r.rerr.Error(), Err: r.rerr})
	}
}

func (r *reader) tooLarge(what string, p Position) *Error {
	return &Error{Position: p, Msg: fmt.Sprintf("%s larger than %d bytes", what, r.max), Err: ErrTooLarge}
}

// detect looks at the first non-blank line: JSONL when it holds a whole
// value or is broken, Sequence when the value goes on.
func (r *reader) detect() Format {
	li, si := r.pos, r.pos // the line's start, where to search for its end
	for {
		nl := bytes.IndexByte(r.buf[si:r.end], '\n')
		if nl < 0 {
			si = r.end
			// A line's size, as jsonl counts it, starts at its first
			// byte that is not blank.
			if r.max > 0 && r.end-firstNonBlank(r.buf, li, r.end) > r.max {
				return JSONL // a line too long: reported line by line
			}
			if isBlank(r.buf[li:r.end]) {
				// White space before the first document is not kept, so
				// that endless white space is read in constant memory.
				r.pos, li, si = r.end, r.end, r.end
			}
			keep, moves := r.pos, !r.eof
			more := r.fill(keep)
			if moves {
				li, si = li-keep, si-keep
			}
			if more {
				continue
			}
			nl = r.end - si
		}
		le := si + nl
		if r.max > 0 && le-firstNonBlank(r.buf, li, le) > r.max {
			return JSONL
		}
		line := r.buf[li:le]
		if isBlank(line) {
			if le >= r.end {
				return JSONL // blank to the end
			}
			li, si = le+1, le+1
			r.pos, r.line, r.lineStart = li, r.line+1, r.base+int64(li)
			continue
		}
		// The probe looks at the top-level value: with Elements, an element
		// that ends on the first line says nothing about the array's end.
		probe := &reader{opts: Options{Name: r.opts.Name}, buf: line, end: len(line), unit: "line", docStart: -1}
		for {
			switch probe.scan(len(line)) {
			case evEnd, evClose, evError:
				return JSONL
			case evMore, evDone:
				return Sequence
			}
		}
	}
}

// jsonl reads one document (or the elements of one array) per line.
func (r *reader) jsonl(yield func(Document, error) bool) {
	for {
		ls := r.pos
		i := ls
		le := -1
		for le < 0 {
			if ls == i {
				// Only blanks so far: a line's blank start is not part of
				// its documents, and is not kept (endless white space is
				// read in constant memory).
				ls = firstNonBlank(r.buf, ls, r.end)
				i = ls
			}
			if nl := bytes.IndexByte(r.buf[i:r.end], '\n'); nl >= 0 {
				le = i + nl
				break
			}
			i = r.end
			if r.max > 0 && r.end-ls > r.max {
				// Reported before the rest of the line is skipped, so an
				// endless line (/dev/zero) is reported all the same.
				p := r.position(ls)
				if !yield(Document{Position: p, Index: r.index, Element: -1}, r.tooLarge("line", p)) {
					return
				}
				r.index++
				if !r.skipLine() {
					r.pos = r.end
				}
				ls, i = r.pos, r.pos
				continue
			}
			r.pos = ls
			more := r.fill(ls)
			i -= ls - r.pos
			ls = r.pos
			if !more {
				if r.pos >= r.end || r.rerr != nil {
					r.readFault(yield)
					return
				}
				le = r.end
			}
		}
		if r.max > 0 && le-ls > r.max {
			p := r.position(ls)
			if !yield(Document{Position: p, Index: r.index, Element: -1}, r.tooLarge("line", p)) {
				return
			}
			r.index++
		} else if !r.line1(ls, le, yield) {
			return
		}
		if le >= r.end {
			r.pos = r.end
			r.readFault(yield)
			return
		}
		r.pos = le + 1
		r.line++
		r.lineStart = r.base + int64(le) + 1
	}
}

// skipLine drops the rest of the current line (too long to hold), and
// reports whether a newline ended it.
func (r *reader) skipLine() bool {
	for {
		if nl := bytes.IndexByte(r.buf[r.pos:r.end], '\n'); nl >= 0 {
			le := r.pos + nl
			r.pos = le + 1
			r.line++
			r.lineStart = r.base + int64(le) + 1
			return true
		}
		r.pos = r.end
		if !r.fill(r.end) {
			return false
		}
	}
}

// line1 yields the documents of the line buf[ls:le]; false when the loop
// stopped.
func (r *reader) line1(ls, le int, yield func(Document, error) bool) bool {
	text := bytes.TrimRight(r.buf[ls:le], "\r")
	if len(bytes.Trim(text, " \t\r")) == 0 {
		return true
	}
	// A fresh scanner for the line.
	r.st, r.stack, r.split, r.final, r.unit = stValue, r.stack[:0], false, true, "line"
	r.pos = ls
	r.spans = r.spans[:0]
	limit := ls + len(text)
	start := -1
	var startPos Position
	var fault *Error
scan:
	for {
		ev := r.scan(limit)
		switch ev {
		case evStart:
			start, startPos = r.at, r.position(r.at)
		case evEnd, evClose:
			if ev == evEnd {
				r.spans = append(r.spans, span{start, r.at, r.element(), startPos})
			}
			if ev == evEnd && r.split {
				continue
			}
			// The line's value has ended: only white space may follow.
			rest := r.at
			for rest < limit && (r.buf[rest] == ' ' || r.buf[rest] == '\t' || r.buf[rest] == '\r') {
				rest++
			}
			if rest < limit {
				fault = &Error{Position: r.position(rest), Msg: "invalid character " + quoteChar(r.buf[rest]) + " after the document (JSONL holds one document per line)", Err: ErrSyntax}
			}
			break scan
		case evError:
			fault = &Error{Position: r.position(r.at), Msg: r.msg, Err: ErrSyntax}
			break scan
		case evDone, evMore:
			break scan
		}
	}
	if fault != nil {
		d := Document{Position: r.position(ls), Index: r.index, Element: -1, Data: text}
		r.index++
		return yield(d, fault)
	}
	for _, s := range r.spans {
		d := Document{Position: s.pos, Index: r.index, Element: s.elem, Data: r.buf[s.start:s.end]}
		r.index++
		if !yield(d, nil) {
			return false
		}
	}
	return true
}

// sequence reads JSON values one after another.
func (r *reader) sequence(yield func(Document, error) bool) {
	r.unit = "input"
	for {
		// A document is scanned up to one byte beyond MaxSize, however the
		// input arrives, so that a large broken document is reported the
		// same way whatever the reads return.
		limit, final := r.end, r.final
		if r.docStart >= 0 && r.max > 0 && r.docStart+r.max+1 < limit {
			limit, r.final = r.docStart+r.max+1, false
		}
		ev := r.scan(limit)
		r.final = final
		switch ev {
		case evStart:
			r.docStart, r.docPos = r.at, r.position(r.at)
		case evEnd:
			if r.max > 0 && r.at-r.docStart > r.max {
				yield(Document{Position: r.docPos, Index: r.index, Element: -1}, r.tooLarge("document", r.docPos))
				return
			}
			d := Document{Position: r.docPos, Index: r.index, Element: r.element(), Data: r.buf[r.docStart:r.at]}
			r.index++
			r.docStart = -1
			if !yield(d, nil) {
				return
			}
		case evError:
			r.broken(yield)
			return
		case evDone:
			r.readFault(yield)
			return
		case evMore:
			keep := r.pos
			if r.docStart >= 0 {
				keep = r.docStart
			} else if r.st == stLiteral {
				keep = r.litStart
			}
			if r.max > 0 && r.docStart >= 0 && r.pos-r.docStart > r.max {
				yield(Document{Position: r.docPos, Index: r.index, Element: -1}, r.tooLarge("document", r.docPos))
				return
			}
			if !r.fill(keep) {
				if r.rerr != nil {
					r.readFault(yield)
					return
				}
				r.final = true
			}
		}
	}
}

// broken yields the fault the scanner found in a sequence, with the input
// from the broken document's start (or the fault) to the end.
func (r *reader) broken(yield func(Document, error) bool) {
	fault := &Error{Position: r.position(r.at), Msg: r.msg, Err: ErrSyntax}
	start, pos, elem := r.at, fault.Position, -1
	if r.docStart >= 0 {
		start, pos = r.docStart, r.docPos
		if r.split {
			elem = r.elem // the element the fault is in
		}
	}
	r.docStart = start
	for r.max <= 0 || r.end-r.docStart <= r.max {
		r.pos = r.end
		if !r.fill(r.docStart) {
			break
		}
	}
	end := r.end
	if r.max > 0 && end-r.docStart > r.max {
		end = r.docStart + r.max
	}
	yield(Document{Position: pos, Index: r.index, Element: elem, Data: r.buf[r.docStart:end]}, fault)
}

// element returns the Element of a document that just ended, and counts
// it.
func (r *reader) element() int {
	if !r.split {
		return -1
	}
	r.elem++
	return r.elem - 1
}

func (r *reader) dd() int {
	if r.split {
		return 1
	}
	return 0
}

func (r *reader) fail(i int, msg string) event {
	r.at, r.msg = i, msg
	return evError
}

// scan reads buf[pos:limit] until an event.
func (r *reader) scan(limit int) event {
	for r.pos < limit {
		i := r.pos
		c := r.buf[i]
		switch r.st {
		case stString:
			for i < limit {
				c = r.buf[i]
				if c == '"' || c == '\\' || c < 0x20 {
					break
				}
				i++
			}
			r.pos = i
			if i == limit {
				continue
			}
			switch {
			case c == '"':
				r.pos = i + 1
				if r.isKey {
					r.st = stColon
					continue
				}
				if ev := r.afterValue(i + 1); ev != evNone {
					return ev
				}
			case c == '\\':
				r.st = stStringEsc
				r.pos = i + 1
			default:
				return r.fail(i, fmt.Sprintf("invalid control character %#x in a string", c))
			}
			continue
		case stStringEsc, stStringHex:
			if ev := r.escape(i, c); ev != evNone {
				return ev
			}
			continue
		case stLiteral:
			for i < limit && isLiteralByte(r.buf[i]) {
				i++
			}
			r.pos = i
			if i == limit && !r.final {
				continue
			}
			if ev := r.endLiteral(i); ev != evNone {
				return ev
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r':
			r.pos++
			continue
		case '\n':
			r.pos++
			r.line++
			r.lineStart = r.base + int64(i) + 1
			continue
		}
		if ev := r.token(i, c); ev != evNone {
			return ev
		}
	}
	if !r.final {
		return evMore
	}
	return r.atEnd(limit)
}

// escape reads the byte c at i of a string escape: after the backslash,
// or one of the four hex digits of \u.
func (r *reader) escape(i int, c byte) event {
	switch r.st {
	case stStringEsc:
		switch c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			r.st = stString
			r.pos++
			return evNone
		case 'u':
			r.st, r.hex = stStringHex, 4
			r.pos++
			return evNone
		}
		return r.fail(i, "invalid character "+quoteChar(c)+" in string escape code")
	case stStringHex:
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return r.fail(i, "invalid character "+quoteChar(c)+" in \\u hexadecimal character escape")
		}
		r.pos++
		if r.hex--; r.hex == 0 {
			r.st = stString
		}
		return evNone
	}
	return evNone
}

// token reads the structural byte c at i (not in a string or a literal,
// not white space): a value's start, a key, a colon, a comma or a close.
func (r *reader) token(i int, c byte) event {
	switch r.st {
	case stValue, stValueOrClose:
		if c == ']' && r.st == stValueOrClose {
			return r.close(i)
		}
		if ev := r.beginValue(i, c); ev != evNone {
			return ev
		}
	case stKeyOrClose, stKey:
		if c == '}' && r.st == stKeyOrClose {
			return r.close(i)
		}
		if c != '"' {
			return r.fail(i, "invalid character "+quoteChar(c)+" looking for the beginning of an object key string")
		}
		r.st, r.isKey = stString, true
		r.pos++
	case stColon:
		if c != ':' {
			return r.fail(i, "invalid character "+quoteChar(c)+" after object key")
		}
		r.st = stValue
		r.pos++
	case stCommaOrClose:
		top := r.stack[len(r.stack)-1]
		if c == ',' {
			r.st = stValue
			if top == '{' {
				r.st = stKey
			}
			r.pos++
			return evNone
		}
		if c == '}' && top == '{' || c == ']' && top == '[' {
			return r.close(i)
		}
		if top == '{' {
			return r.fail(i, "invalid character "+quoteChar(c)+" after object key:value pair")
		}
		return r.fail(i, "invalid character "+quoteChar(c)+" after array element")
	}
	return evNone
}

// beginValue starts the value whose first byte, c, is at i.
func (r *reader) beginValue(i int, c byte) event {
	r.pos = i + 1
	if len(r.stack) == 0 && c == '[' && r.opts.Elements && !r.split {
		r.split, r.elem = true, 0
		r.stack = append(r.stack, '[')
		r.st = stValueOrClose
		r.at = i
		return evOpen
	}
	start := len(r.stack) == r.dd()
	switch {
	case c == '{' || c == '[':
		r.stack = append(r.stack, c)
		r.st = stKeyOrClose
		if c == '[' {
			r.st = stValueOrClose
		}
	case c == '"':
		r.st, r.isKey = stString, false
	case c == '-' || '0' <= c && c <= '9' || c == 't' || c == 'f' || c == 'n':
		r.st, r.litStart = stLiteral, i
	default:
		r.pos = i
		return r.fail(i, "invalid character "+quoteChar(c)+" looking for the beginning of a value")
	}
	if start {
		r.at = i
		return evStart
	}
	return evNone
}

// close ends the object or array whose closing bracket is at i.
func (r *reader) close(i int) event {
	r.stack = r.stack[:len(r.stack)-1]
	r.pos = i + 1
	if r.split && len(r.stack) == 0 {
		r.split = false
		r.st = stValue
		r.at = i + 1
		return evClose
	}
	return r.afterValue(i + 1)
}

// afterValue moves past a value that ended at end (exclusive).
func (r *reader) afterValue(end int) event {
	if len(r.stack) == r.dd() {
		r.st = stValue
		if len(r.stack) > 0 {
			r.st = stCommaOrClose
		}
		r.at = end
		return evEnd
	}
	r.st = stCommaOrClose
	return evNone
}

// endLiteral checks the literal that ends at i (exclusive).
func (r *reader) endLiteral(i int) event {
	lit := r.buf[r.litStart:i]
	if !validLiteral(lit) {
		r.pos = r.litStart
		return r.fail(r.litStart, fmt.Sprintf("invalid literal %q: want true, false, null or a number", lit))
	}
	r.pos = i
	return r.afterValue(i)
}

// atEnd handles the end of the unit at limit.
func (r *reader) atEnd(limit int) event {
	if r.st == stLiteral {
		if ev := r.endLiteral(limit); ev != evNone {
			return ev
		}
	}
	switch {
	case r.st == stString || r.st == stStringEsc || r.st == stStringHex:
		return r.fail(limit, r.endMessage("a string"))
	case len(r.stack) > 0 && r.stack[len(r.stack)-1] == '{':
		return r.fail(limit, r.endMessage("an object"))
	case len(r.stack) > 0:
		return r.fail(limit, r.endMessage("an array"))
	}
	return evDone
}

func (r *reader) endMessage(in string) string {
	if r.unit == "line" {
		return "unexpected end of line in " + in + " (JSONL holds one whole document per line)"
	}
	return "unexpected end of input in " + in
}

func isLiteralByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.'
}

// validLiteral reports whether b is true, false, null or a JSON number.
func validLiteral(b []byte) bool {
	switch string(b) {
	case "true", "false", "null":
		return true
	}
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// firstNonBlank returns the index of the first byte of b[i:end] that is
// not blank, or end.
func firstNonBlank(b []byte, i, end int) int {
	for i < end && isBlank(b[i:i+1]) {
		i++
	}
	return i
}

// isBlank reports whether b holds only spaces, tabs and carriage returns
// (white space other than a newline).
func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// quoteChar formats c as encoding/json's errors do: 'x', or a quoted
// escape for bytes that are not printable ASCII.
func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	if c >= 0x20 && c < 0x7f {
		return "'" + string(c) + "'"
	}
	return fmt.Sprintf("byte %#02x", c)
}
