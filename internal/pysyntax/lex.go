package pysyntax

import (
	"fmt"
	"strings"
)

// tkind is the kind of a token, as CPython's tokenizer names them.
type tkind uint8

const (
	tName tkind = iota
	tNumber
	tString
	tOp
	tNewline
	tIndent
	tDedent
	tEnd
	// tErr stands where the lexer stopped: the parser reaching it meets
	// the tokenizer's error.
	tErr
)

// tok is one token of the parser's input.
type tok struct {
	kind tkind
	// s is the text of a name or an operator; "f" for an f-string.
	s    string
	line int
	// level is the number of brackets open before the token.
	level int
}

// is reports whether t is the operator or keyword s.
func (t tok) is(s string) bool { return (t.kind == tOp || t.kind == tName) && t.s == s }

// keywords are Python's hard keywords: never a name.
var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// ops are Python's operators and delimiters, longest first.
var ops = []string{
	"**=", "//=", ">>=", "<<=", "...",
	"!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=", ":=", "<<", "<=", "==", ">=", ">>", "@=", "^=", "|=",
	"%", "&", "(", ")", "*", "+", ",", "-", ".", "/", ":", ";", "<", "=", ">", "@", "[", "]", "^", "{", "|", "}", "~",
}

// lex splits src into tokens as CPython's tokenizer does for source that
// Check found no tokenizer error in. ok is false for what it does not
// read with certainty (a character outside Python's, a number glued to a
// name, an f-string it cannot delimit): the parser is then not run.
//
// Where it stops, toks are the tokens before, then a tErr token on the
// line it stopped on.
//
// A stop line above 0 ends the tokens where that line starts: the line
// of the tokenizer's error, which the parser meets there.
//
// err is the tokenizer's error where the lexer stopped, when it knows it
// (a number, a bracket, an unindent); nil otherwise.
func lex(src string, stop int) (toks []tok, complete bool, err *Error) {
	l := lexer{src: src, line: 1, indents: []int{0}, stop: stop}
	if !l.run() {
		l.toks = append(l.toks, tok{kind: tErr, line: l.line, level: l.level})
		return l.toks, false, l.err
	}
	return l.toks, true, nil
}

type lexer struct {
	src     string
	pos     int
	line    int
	level   int
	indents []int
	toks    []tok
	// lineToks: the logical line has tokens (a NEWLINE ends it).
	lineToks bool
	stop     int
	opens    []bracket
	err      *Error
}

func (l *lexer) emit(k tkind, s string, line int) {
	l.toks = append(l.toks, tok{kind: k, s: s, line: line, level: l.level})
	if k != tNewline && k != tIndent && k != tDedent {
		l.lineToks = true
	}
}

func (l *lexer) run() bool {
	atLineStart := true
	for l.pos < len(l.src) {
		if l.stop > 0 && l.line >= l.stop {
			return false
		}
		if atLineStart {
			if !l.indentation() {
				return false
			}
			atLineStart = false
			continue
		}
		ok := true
		switch c := l.src[l.pos]; {
		case c == '\n' || c == '\r':
			l.lineBreak(c)
			atLineStart = l.level == 0
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' && l.src[l.pos] != '\r' {
				l.pos++
			}
		case c == '\\':
			ok = l.continuation()
		case c == ' ' || c == '\t' || c == '\f':
			l.pos++
		case c >= '0' && c <= '9' || c == '.' && l.pos+1 < len(l.src) && l.src[l.pos+1] >= '0' && l.src[l.pos+1] <= '9':
			ok = l.number()
		case c == '"' || c == '\'':
			ok = l.str(l.pos)
		case isNameStart(c):
			ok = l.name()
		default:
			ok = l.operator()
		}
		if !ok {
			return false
		}
	}
	return l.finish()
}

// lineBreak reads the line break c at pos ("\r\n" is one), ending the
// logical line outside brackets.
func (l *lexer) lineBreak(c byte) {
	if l.level == 0 && l.lineToks {
		l.emit(tNewline, "", l.line)
		l.lineToks = false
	}
	l.pos++
	if c == '\r' && l.pos < len(l.src) && l.src[l.pos] == '\n' {
		l.pos++
	}
	l.line++
}

// continuation reads a backslash that joins the next line to this one.
func (l *lexer) continuation() bool {
	l.pos++
	if l.pos < len(l.src) && l.src[l.pos] == '\r' {
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != '\n' {
		return false
	}
	l.pos++
	l.line++
	return true
}

// name reads a name, or a prefixed string literal (f"...", rb'...').
func (l *lexer) name() bool {
	start := l.pos
	for l.pos < len(l.src) && isNameChar(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < len(l.src) && (l.src[l.pos] == '"' || l.src[l.pos] == '\'') && isStringPrefix(l.src[start:l.pos]) {
		return l.str(start)
	}
	l.emit(tName, l.src[start:l.pos], l.line)
	return true
}

// operator reads the longest operator at pos, keeping count of the
// brackets open.
func (l *lexer) operator() bool {
	op := ""
	for _, o := range ops {
		if strings.HasPrefix(l.src[l.pos:], o) {
			op = o
			break
		}
	}
	if op == "" {
		return false // a character outside Python's operators
	}
	switch op {
	case "(", "[", "{":
		l.level++
		l.opens = append(l.opens, bracket{op[0], l.line})
	case ")", "]", "}":
		if l.err = closeError(l.opens, op[0], l.line); l.err != nil {
			return false
		}
		l.level--
		l.opens = l.opens[:len(l.opens)-1]
	}
	l.emit(tOp, op, l.line)
	l.pos += len(op)
	return true
}

// finish ends the tokens at the end of the source: an unclosed bracket
// is an error; otherwise the last NEWLINE, the DEDENTs and ENDMARKER.
func (l *lexer) finish() bool {
	if l.level != 0 {
		o := l.opens[len(l.opens)-1]
		l.err = &Error{Class: "SyntaxError", Msg: fmt.Sprintf("'%c' was never closed", o.c), Line: o.line}
		return false
	}
	// At the end, CPython's tokenizer is on the source's last line (a
	// final line break opens none).
	end := l.line
	if end > 1 && (strings.HasSuffix(l.src, "\n") || strings.HasSuffix(l.src, "\r")) {
		end--
	}
	if l.lineToks {
		l.emit(tNewline, "", end)
	}
	for len(l.indents) > 1 {
		l.indents = l.indents[:len(l.indents)-1]
		l.emit(tDedent, "", end)
	}
	l.emit(tEnd, "", end)
	return true
}

// indentation reads the white space that starts a line and emits the
// INDENT or DEDENT tokens it makes; blank and comment lines make none.
func (l *lexer) indentation() bool {
	col := 0
	p := l.pos
	for ; p < len(l.src); p++ {
		switch l.src[p] {
		case ' ':
			col++
		case '\t':
			col = (col/8 + 1) * 8
		case '\f':
			col = 0
		default:
			goto done
		}
	}
done:
	l.pos = p
	if p >= len(l.src) || l.src[p] == '#' || l.src[p] == '\n' || l.src[p] == '\r' || l.src[p] == '\\' {
		return true
	}
	top := l.indents[len(l.indents)-1]
	switch {
	case col > top:
		l.indents = append(l.indents, col)
		l.emit(tIndent, "", l.line)
	case col < top:
		for len(l.indents) > 1 && col < l.indents[len(l.indents)-1] {
			l.indents = l.indents[:len(l.indents)-1]
			l.emit(tDedent, "", l.line)
		}
		if col != l.indents[len(l.indents)-1] {
			l.err = &Error{Class: "IndentationError", Msg: "unindent does not match any outer indentation level", Line: l.line}
			return false
		}
	}
	return true
}

// number reads a numeric literal (scanNumber); a malformed one is the
// tokenizer's error, where the lexer stops.
func (l *lexer) number() bool {
	end, msg := scanNumber(l.src, l.pos)
	if msg != "" {
		l.err = &Error{Class: "SyntaxError", Msg: msg, Line: l.line}
		return false
	}
	l.emit(tNumber, "", l.line)
	l.pos = end
	return true
}

// str reads a string literal whose prefix starts at start; l.pos is at
// its first quote. An f-string's replacement fields are skipped with
// their brackets and nested strings (Python 3.12's reading, which every
// f-string earlier versions accept reads alike).
func (l *lexer) str(start int) bool {
	prefix := strings.ToLower(l.src[start:l.pos])
	line := l.line
	end, lines, ok := scanString(l.src, l.pos, strings.Contains(prefix, "f"))
	if !ok {
		return false
	}
	s := ""
	if strings.Contains(prefix, "f") {
		s = "f"
	}
	l.emit(tString, s, line)
	l.line += lines
	l.pos = end
	return true
}

// scanString returns the end of the string literal whose opening quote is
// at src[p], and the number of line breaks in it.
func scanString(src string, p int, f bool) (end, lines int, ok bool) {
	q := src[p]
	triple := strings.HasPrefix(src[p:], strings.Repeat(string(q), 3))
	if triple {
		p += 3
	} else {
		p++
	}
	for p < len(src) {
		c := src[p]
		switch {
		case c == '\\':
			if p+1 < len(src) && (src[p+1] == '\n' || src[p+1] == '\r') {
				lines++
				if src[p+1] == '\r' && p+2 < len(src) && src[p+2] == '\n' {
					p++
				}
			}
			p += 2
			continue
		case c == '\n' || c == '\r':
			if !triple {
				return 0, 0, false
			}
			if c == '\n' || p+1 >= len(src) || src[p+1] != '\n' {
				lines++
			}
		case c == q:
			if !triple {
				return p + 1, lines, true
			}
			if strings.HasPrefix(src[p:], strings.Repeat(string(q), 3)) {
				return p + 3, lines, true
			}
		case f && c == '{':
			if p+1 < len(src) && src[p+1] == '{' {
				p += 2
				continue
			}
			np, nl, ok := scanField(src, p+1)
			if !ok {
				return 0, 0, false
			}
			p, lines = np, lines+nl
			continue
		}
		p++
	}
	return 0, 0, false
}

// scanField skips an f-string's replacement field from just after its
// '{' to just after its '}': an expression with its own brackets and
// strings, then an optional conversion and format spec, which may hold
// fields of its own.
func scanField(src string, p int) (end, lines int, ok bool) {
	depth := 0
	for p < len(src) {
		c := src[p]
		switch {
		case c == '\n' || c == '\r':
			lines++
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']':
			depth--
			if depth < 0 {
				return 0, 0, false
			}
		case c == '}':
			if depth == 0 {
				return p + 1, lines, true
			}
			depth--
		case c == '\'' || c == '"':
			pre := p
			for pre > 0 && isNameChar(src[pre-1]) {
				pre--
			}
			pf := strings.ToLower(src[pre:p])
			if !isStringPrefix(pf) {
				pf = ""
			}
			e, n, ok := scanString(src, p, strings.Contains(pf, "f"))
			if !ok {
				return 0, 0, false
			}
			p, lines = e, lines+n
			continue
		case c == '#':
			return 0, 0, false
		case depth == 0 && c == ':' && !strings.HasPrefix(src[p:], ":="):
			// The format spec: text up to the field's '}', with nested
			// fields.
			p++
			for p < len(src) {
				switch src[p] {
				case '{':
					e, n, ok := scanField(src, p+1)
					if !ok {
						return 0, 0, false
					}
					p, lines = e, lines+n
					continue
				case '}':
					return p + 1, lines, true
				case '\n', '\r', '\'', '"', '\\':
					return 0, 0, false
				}
				p++
			}
			return 0, 0, false
		}
		p++
	}
	return 0, 0, false
}
