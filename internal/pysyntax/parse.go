package pysyntax

import (
	"fmt"
	"strings"
)

// The parser: Python's grammar (CPython's Grammar/python.gram, the
// statements and expressions of 3.10 to 3.13 taken together), read by
// recursive descent over lex's tokens. It decides whether the tokens
// parse; where they do not, the error is CPython's for the common
// mistakes (those of the grammar's invalid_ rules this file names) and
// otherwise "invalid syntax" at the furthest token the parser looked at,
// the token CPython's generic SyntaxError names.
//
// Where Python's grammar is wider than a first reading (match patterns,
// type parameters) the parser reads a superset: it may accept source
// that does not compile, never the other way round.

// expr is what the parser keeps of an expression: enough to name it in
// an error and to check it as an assignment target.
type expr struct {
	kind  string // the name CPython's errors give it ("function call", "literal", ...); "name", "attribute", "subscript", "starred", "tuple", "list" for targets
	elts  []*expr
	paren bool
	line  int
	name  string // an attribute's name
	// ev is a name's use event, which bind turns into a binding when
	// the name turns out to be a target.
	ev *event
}

// parseError ends the parse with a SyntaxError.
type parseError struct{ err *Error }

type parser struct {
	toks []tok
	pos  int
	// max is the index of the furthest token looked at.
	max int
	// second is the second pass, which CPython runs after a failed first
	// one to find a specific error for a common mistake.
	second bool
	// notLeading: a module-level statement other than the first docstring
	// and future imports has been read (future.c's "done"); topStmts
	// counts the module-level simple statements read.
	notLeading bool
	topStmts   int
	// futureNames are the names a from-import imports, for a
	// __future__ one.
	futureNames []tok
	// legacyTried: the positions where invalid_legacy_expression was
	// tried (CPython memoizes the rule).
	legacyTried map[int]bool
	// depth is the nesting of expressions and statements being read.
	depth int
	// events are what the compiler's checks need (compile.go), recorded
	// by the first pass.
	events []*event
	// work counts the tokens looked at; past budget the parse ends as
	// unsure, so that no input takes more than linear time.
	work, budget int
}

// maxDepth bounds the nesting the parser follows (CPython refuses far
// less: 200 brackets, 100 indentation levels); deeper source is left
// unchecked rather than read on a stack without bound.
const maxDepth = 1000

// enter and leave count the nesting; past maxDepth the parse ends as
// unsure (like reaching where the lexer stopped).
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		panic(tooDeep{})
	}
}

func (p *parser) leave() { p.depth-- }

type tooDeep struct{}

func (p *parser) peek() tok {
	p.work++
	if p.work > p.budget {
		panic(tooDeep{})
	}
	if p.pos > p.max {
		p.max = p.pos
	}
	if p.toks[p.pos].kind == tErr {
		panic(reached{})
	}
	return p.toks[p.pos]
}

// reached ends the parse where the lexer stopped: the tokenizer's error
// is raised there.
type reached struct{}

// peekAt looks n tokens ahead.
func (p *parser) peekAt(n int) tok {
	i := p.pos + n
	if i >= len(p.toks) {
		i = len(p.toks) - 1
	}
	if i > p.max {
		p.max = i
	}
	if p.toks[i].kind == tErr {
		panic(reached{})
	}
	return p.toks[i]
}

func (p *parser) next() tok {
	t := p.peek()
	if t.kind != tEnd {
		p.pos++
	}
	return t
}

// at reports whether the next token is the operator or keyword s.
func (p *parser) at(s string) bool { return p.peek().is(s) }

// accept consumes the operator or keyword s if it is next.
func (p *parser) accept(s string) bool {
	if p.at(s) {
		p.pos++
		return true
	}
	return false
}

// name reports whether the next token is a name that is not a keyword.
func (p *parser) atName() bool {
	t := p.peek()
	return t.kind == tName && !keywords[t.s]
}

// fail is a parse failure at the current point: a panic that the
// enclosing alternative (try) or parse recovers.
type failure struct{}

func (p *parser) fail() { panic(failure{}) }

func (p *parser) expect(s string) {
	if !p.accept(s) {
		p.fail()
	}
}

// evAt records an event of the first pass at index i of the events.
func (p *parser) evAt(i int, e event) {
	if !p.second {
		p.events = append(p.events[:i], append([]*event{&e}, p.events[i:]...)...)
	}
}

// forced is a forced token (&& in the grammar): CPython raises
// "expected 's'" at once, in either pass, where it is missing.
func (p *parser) forced(s string) {
	if !p.accept(s) {
		p.raise("SyntaxError", fmt.Sprintf("expected '%s'", s), p.peek().line)
	}
}

// raise ends the parse with a specific error (second pass only).
func (p *parser) raise(class, msg string, line int) {
	panic(parseError{&Error{Class: class, Msg: msg, Line: line}})
}

// try runs an alternative; where it fails, the position is restored.
func (p *parser) try(f func()) (ok bool) {
	start, events := p.pos, len(p.events)
	defer func() {
		if r := recover(); r != nil {
			if _, isFail := r.(failure); !isFail {
				panic(r)
			}
			p.pos = start
			p.events = p.events[:events]
			ok = false
		}
	}()
	f()
	return true
}

// parse parses the tokens as CPython does and returns the SyntaxError it
// raises, or nil. terr is the first error of CPython's tokenizer in the
// source (nil when there is none); toks end with a tErr token where it
// stands.
//
// CPython parses twice: a first pass, then, where it fails, a second
// with the invalid_ rules, whose first raise is the error; a generic
// "invalid syntax" otherwise, on the furthest token the first pass
// fetched ("unexpected indent" when that is an INDENT). A tokenizer
// error met on the way is raised at once; one further on still replaces
// what the parser found when it is an error the tokenizer raises itself
// (strings, brackets), as _PyPegen_tokenize_full_source_to_check_for_errors
// does, but not an indentation error, which only the parser reports.
func parse(toks []tok, terr *Error) *Error {
	budget := 1000*len(toks) + 100000
	p := &parser{toks: toks, budget: budget}
	ok, raised, hit := p.run(false)
	if hit {
		return reachedOr(terr)
	}
	if ok {
		return check(p.events)
	}
	last := p.toks[p.max]
	p2 := &parser{toks: toks, second: true, legacyTried: map[int]bool{}, budget: budget}
	_, raised2, hit2 := p2.run(true)
	if hit2 {
		return reachedOr(terr)
	}
	if raised2 != nil {
		raised = raised2
	}
	if raised == nil {
		switch last.kind {
		case tIndent:
			return &Error{Class: "IndentationError", Msg: "unexpected indent", Line: last.line, Exact: true}
		case tDedent:
			return &Error{Class: "IndentationError", Msg: "unexpected unindent", Line: last.line, Exact: true}
		}
		raised = &Error{Class: "SyntaxError", Msg: "invalid syntax", Line: last.line}
	}
	if terr != nil {
		switch {
		case terr.Class == "SyntaxError" && !terr.neverClosed():
			return exactTokenizer(terr) // the tokenizer's own error, found by tokenizing the rest
		case terr.neverClosed() && p2.toks[p2.max].line > terr.Line:
			// A bracket left open before the furthest token the
			// second pass fetched.
			return exactTokenizer(terr)
		}
	}
	raised.Exact = true
	return raised
}

// errReached is parse's result when the parse reaches the end of the
// tokens lexed and no tokenizer error is known there.
var errReached = &Error{Msg: "the parse reached where the lexer stopped"}

func reachedOr(terr *Error) *Error {
	if terr == nil {
		return errReached
	}
	return exactTokenizer(terr)
}

// exactTokenizer is the tokenizer's error where the parse shows CPython
// raises it: "was never closed" too, whose message the tokens alone do
// not decide.
func exactTokenizer(terr *Error) *Error {
	e := *terr
	e.Exact = true
	return &e
}

// neverClosed reports whether e is the tokenizer's "'(' was never
// closed", raised at the end of the source.
func (e *Error) neverClosed() bool { return strings.HasSuffix(e.Msg, "was never closed") }

// run parses the whole file: ok when it parses, the error raised (a
// forced token's, or an invalid_ rule's in the second pass), or hit when
// the parse reached where the lexer stopped.
func (p *parser) run(second bool) (ok bool, raised *Error, hit bool) {
	defer func() {
		if r := recover(); r != nil {
			switch x := r.(type) {
			case parseError:
				raised = x.err
			case failure:
			case reached, tooDeep:
				hit = true
			default:
				panic(r)
			}
		}
	}()
	for p.peek().kind != tEnd {
		p.statement()
	}
	return true, nil, false
}

// statement: compound_stmt | simple_stmts.
func (p *parser) statement() {
	p.enter()
	defer p.leave()
	t := p.peek()
	if t.kind == tName {
		switch t.s {
		case "def", "class", "if", "while", "for", "try", "with":
			p.compound()
			return
		case "async":
			if n := p.peekAt(1); n.is("def") || n.is("for") || n.is("with") {
				p.compound()
				return
			}
		case "match":
			if p.try(p.matchStmt) {
				return
			}
		}
	}
	if t.is("@") {
		p.decorated()
		return
	}
	p.simpleStmts()
}

// simpleStmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE.
func (p *parser) simpleStmts() {
	for {
		p.simpleStmt()
		if !p.accept(";") {
			break
		}
		if p.peek().kind == tNewline {
			break
		}
	}
	if p.peek().kind != tNewline {
		p.fail()
	}
	p.next()
}

func (p *parser) simpleStmt() {
	start := p.pos
	p.simpleStmt1()
	if p.depth == 1 {
		p.leadingAfter(start)
	}
}

// knownFutures are the features a future import may name (3.11's
// __future__.all_feature_names).
var knownFutures = map[string]bool{
	"nested_scopes": true, "generators": true, "division": true, "absolute_import": true,
	"with_statement": true, "print_function": true, "unicode_literals": true,
	"barry_as_FLUFL": true, "generator_stop": true, "annotations": true,
}

// future records a future import on line importing names: where no other
// statement precedes it, future.c's check of each feature; elsewhere
// compile.c's refusal.
func (p *parser) future(line int, names []tok) {
	if p.depth != 1 || p.notLeading {
		p.ev(event{kind: evCompileError, line: line, name: "from __future__ imports must occur at the beginning of the file"})
		return
	}
	for _, n := range names {
		switch {
		case n.s == "braces":
			p.ev(event{kind: evFutureError, line: line, name: "not a chance"})
		case !knownFutures[n.s]:
			p.ev(event{kind: evFutureError, line: line, name: "future feature " + n.s + " is not defined"})
		}
	}
}

// leadingAfter follows, at module level, which statements precede a
// future import (future.c): the first statement, when a docstring, and
// future imports; any other ends them.
func (p *parser) leadingAfter(start int) {
	n := p.topStmts
	p.topStmts++
	first := p.toks[start]
	if first.is("from") && p.toks[start+1].is("__future__") {
		return
	}
	if n == 0 && first.kind == tString {
		doc := true
		for _, t := range p.toks[start:p.pos] {
			doc = doc && t.kind == tString && t.s != "f"
		}
		if doc {
			return
		}
	}
	p.notLeading = true
}

func (p *parser) simpleStmt1() {
	t := p.peek()
	if t.kind == tName {
		switch t.s {
		case "pass":
			p.next()
			return
		case "break":
			p.ev(event{kind: evBreak, line: p.next().line})
			return
		case "continue":
			p.ev(event{kind: evContinue, line: p.next().line})
			return
		case "return":
			p.next()
			value := !p.atStmtEnd()
			p.ev(event{kind: evReturn, line: t.line, value: value})
			if value {
				p.starredValue(p.starExpressions())
			}
			return
		case "raise":
			p.next()
			if !p.atStmtEnd() {
				p.expression()
				if p.accept("from") {
					p.expression()
				}
			}
			return
		case "global", "nonlocal":
			p.next()
			k := evGlobal
			if t.s == "nonlocal" {
				k = evNonlocal
			}
			p.ev(event{kind: k, line: t.line, names: p.nameList()})
			return
		case "del":
			p.next()
			p.delTargets()
			return
		case "assert":
			p.next()
			p.expression()
			if p.accept(",") {
				p.expression()
			}
			return
		case "import":
			p.next()
			p.dottedAsNames()
			return
		case "from":
			p.next()
			p.importFrom()
			return
		case "type":
			if n := p.peekAt(1); n.kind == tName && !keywords[n.s] {
				if p.try(p.typeAlias) {
					return
				}
			}
		}
	}
	p.exprStmt()
}

func (p *parser) atStmtEnd() bool {
	t := p.peek()
	return t.kind == tNewline || t.is(";")
}

func (p *parser) nameList() (names []tok) {
	for {
		if !p.atName() {
			p.fail()
		}
		names = append(names, p.next())
		if !p.accept(",") {
			return names
		}
	}
}

// softKeywords are the names that are keywords only where a statement
// starts with them.
var softKeywords = map[string]bool{"match": true, "case": true, "_": true, "type": true}

// invalidExpression is the second pass's invalid_expression and
// invalid_legacy_expression, tried where an expression starts: two
// expressions side by side inside brackets (a comma forgotten), an 'if'
// expression without its 'else', print or exec used as a statement.
func (p *parser) invalidExpression() {
	start := p.pos
	defer func() { p.pos = start }()
	p.second = false
	defer func() { p.second = true }()
	t := p.peek()
	if !(t.kind == tName && p.peekAt(1).kind == tString) && !(t.kind == tName && softKeywords[t.s]) {
		var a *expr
		if p.try(func() { a = p.disjunction() }) {
			after := p.pos
			if p.startsExpression() && p.try(func() { p.expression() }) {
				legacy := a.kind == "name" && (t.s == "print" || t.s == "exec")
				if !legacy && p.toks[p.pos-1].level != 0 {
					p.raise("SyntaxError", "invalid syntax. Perhaps you forgot a comma?", a.line)
				}
			}
			p.pos = after
			if p.at("if") {
				p.next()
				if p.try(func() { p.disjunction() }) && !p.at("else") && !p.at(":") {
					p.raise("SyntaxError", "expected 'else' after 'if' expression", a.line)
				}
			}
		}
	}
	p.pos = start
	if t.kind == tName && !keywords[t.s] && !p.legacyTried[start] {
		p.legacyTried[start] = true
		p.legacy()
	}
}

// legacy is invalid_legacy_expression: print or exec followed by an
// expression, as Python 2 wrote them.
//
// CPython tries it where any name starts an expression: the expression
// after the name is read with the invalid_ rules, so a print further on
// ("x print y") is found from there.
func (p *parser) legacy() {
	t := p.peek()
	start := p.pos
	p.next()
	if p.at("(") {
		p.pos = start
		return
	}
	p.second = true
	ok := p.try(func() { p.starExpressions() })
	p.second = false
	if ok && (t.s == "print" || t.s == "exec") {
		p.raise("SyntaxError", fmt.Sprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", t.s, t.s), t.line)
	}
	p.pos = start
}

// typeAlias: "type" NAME [type_params] '=' expression.
func (p *parser) typeAlias() {
	p.next()
	p.bindName(p.next())
	if p.at("[") {
		p.typeParams()
	}
	p.expect("=")
	p.expression()
}

// typeParams skips a bracketed list of type parameters (read as a
// superset: the lexer balanced its brackets).
func (p *parser) typeParams() {
	p.ev(event{kind: evOpaque, line: p.peek().line})
	p.expect("[")
	depth := 1
	for depth > 0 {
		t := p.next()
		switch {
		case t.kind == tEnd:
			p.fail()
		case t.is("["):
			depth++
		case t.is("]"):
			depth--
		}
	}
}

// dottedAsNames: dotted_name ['as' NAME] (',' ...)*.
func (p *parser) dottedAsNames() {
	for {
		first := p.peek()
		p.dottedName()
		if p.accept("as") {
			if !p.atName() {
				p.fail()
			}
			first = p.next()
		}
		p.bindName(first) // "import a.b" binds a
		if !p.accept(",") {
			return
		}
	}
}

func (p *parser) dottedName() {
	for {
		if !p.atName() {
			p.fail()
		}
		p.next()
		if !p.accept(".") {
			return
		}
	}
}

// importFrom: 'from' ('.' | '...')* [dotted_name] 'import' targets.
func (p *parser) importFrom() {
	dots := 0
	for p.at(".") || p.at("...") {
		p.next()
		dots++
	}
	modStart := p.pos
	if dots == 0 || !p.at("import") {
		p.dottedName()
	}
	future := dots == 0 && p.pos == modStart+1 && p.toks[modStart].s == "__future__"
	line := p.toks[modStart].line
	p.expect("import")
	if p.at("*") {
		if future {
			p.future(line, []tok{p.peek()})
		}
		p.ev(event{kind: evImportStar, line: p.next().line})
		return
	}
	if future {
		defer func() { p.future(line, p.futureNames) }()
		p.futureNames = nil
	}
	paren := p.accept("(")
	for {
		if !p.atName() {
			p.fail()
		}
		name := p.next()
		p.futureNames = append(p.futureNames, name)
		if p.accept("as") {
			if !p.atName() {
				p.fail()
			}
			name = p.next()
		}
		p.bindName(name)
		if !p.accept(",") {
			break
		}
		if paren && p.at(")") {
			break
		}
		if !paren && p.atStmtEnd() {
			p.fail() // a trailing comma needs the parentheses
		}
	}
	if paren {
		p.expect(")")
	}
}

// delTargets: del_target (',' del_target)* [','], each a name, an
// attribute, a subscript, or a tuple or list of them.
func (p *parser) delTargets() {
	e := p.tuple(p.bitwiseOr)
	p.bindAs(e, false, "delete")
	if bad := invalidTarget(e, false); bad != nil {
		if p.second {
			p.raise("SyntaxError", "cannot delete "+bad.kind, bad.line)
		}
		p.fail()
	}
	if !p.atStmtEnd() {
		p.fail()
	}
}

// exprStmt is an expression statement or an assignment: star_expressions,
// then '=' (chained), an augmented assignment, or an annotation.
func (p *parser) exprStmt() {
	if p.second {
		// assignment's own alternatives come first (their right-hand
		// sides read with the invalid_ rules); invalid_assignment, its
		// last, reaches invalid_named_expression through
		// star_named_expression before its other alternatives.
		if p.assignment() {
			return
		}
		p.invalidNamedExpression()
	}
	var lhs *expr
	if p.at("yield") {
		lhs = p.yieldExpr()
	} else {
		lhs = p.starExpressions()
	}
	t := p.peek()
	switch {
	case t.is("="):
		var targets []*expr
		for p.at("=") {
			targets = append(targets, lhs)
			p.bind(lhs, false)
			if lhs.kind == "yield expression" && !lhs.paren {
				if p.second {
					p.raise("SyntaxError", "assignment to yield expression not possible", lhs.line)
				}
				p.fail()
			}
			if bad := invalidTarget(lhs, true); bad != nil {
				if p.second {
					p.raise("SyntaxError", "cannot assign to "+bad.kind, bad.line)
				}
				p.fail()
			}
			p.next()
			if p.at("yield") {
				lhs = p.yieldExpr()
			} else {
				lhs = p.starExpressions()
			}
		}
		// The value is compiled first, then the targets.
		p.starredValue(lhs)
		for _, e := range targets {
			p.starredTarget(e)
		}
	case t.kind == tOp && augAssign[t.s]:
		p.bind(lhs, false)
		if !singleTarget(lhs) {
			if p.second {
				p.raise("SyntaxError", fmt.Sprintf("'%s' is an illegal expression for augmented assignment", lhs.kind), lhs.line)
			}
			p.fail()
		}
		p.next()
		if p.at("yield") {
			p.yieldExpr()
		} else {
			p.starredValue(p.starExpressions())
		}
	case t.is(":"):
		switch {
		case lhs.kind == "name" || lhs.kind == "attribute" || lhs.kind == "subscript":
			p.bind(lhs, true)
		default:
			if p.second {
				switch {
				case lhs.kind == "tuple" && !lhs.paren:
					p.raise("SyntaxError", "only single target (not tuple) can be annotated", lhs.line)
				case lhs.kind == "tuple" || lhs.kind == "list":
					p.raise("SyntaxError", fmt.Sprintf("only single target (not %s) can be annotated", lhs.kind), lhs.line)
				default:
					p.next()
					if p.try(func() { p.expression() }) {
						p.raise("SyntaxError", "illegal target for annotation", lhs.line)
					}
				}
			}
			p.fail()
		}
		p.next()
		p.expression()
		if p.accept("=") {
			if p.at("yield") {
				p.yieldExpr()
			} else {
				p.starredValue(p.starExpressions())
			}
		}
	default:
		p.starredValue(lhs) // an expression statement
	}
}

// starredValue records compile.c's refusal of a starred expression used
// as a value outside a tuple, list, set or call ("x = *a").
func (p *parser) starredValue(e *expr) {
	if e.kind == "starred" {
		p.ev(event{kind: evCompileError, line: e.line, name: "can't use starred expression here"})
	}
}

// starredTarget records compile.c's refusals of starred assignment
// targets: one alone, or two in one tuple or list.
func (p *parser) starredTarget(e *expr) {
	switch e.kind {
	case "starred":
		p.ev(event{kind: evCompileError, line: e.line, name: "starred assignment target must be in a list or tuple"})
	case "tuple", "list":
		n := 0
		for _, x := range e.elts {
			if x.kind == "starred" {
				n++
			}
		}
		if n > 1 {
			p.ev(event{kind: evCompileError, line: e.line, name: "multiple starred expressions in assignment"})
		}
	}
}

// assignment reads, in the second pass, a statement that one of the
// assignment rule's alternatives (an annotation, targets '=' ..., an
// augmented assignment) matches: its targets as the first pass reads
// them, what follows with the invalid_ rules. It reports whether one
// matched; if none did, the position is unchanged.
func (p *parser) assignment() bool {
	start := p.pos
	rhs := func() bool {
		return p.try(func() {
			if p.at("yield") {
				p.yieldExpr()
			} else {
				p.starExpressions()
			}
		})
	}
	p.second = false
	var lhs *expr
	single := p.try(func() {
		lhs = p.starExpressions()
		if !singleTarget(lhs) {
			p.fail()
		}
	})
	after := p.pos
	p.pos = start
	n := 0
	for p.try(func() {
		e := p.targetList()
		if invalidTarget(e, true) != nil {
			p.fail()
		}
		p.expect("=")
	}) {
		n++
	}
	p.second = true
	if n > 0 {
		if rhs() && !p.at("=") {
			return true
		}
	}
	p.pos = after
	if single && p.at(":") && (lhs.kind == "name" && !lhs.paren || lhs.kind != "name" || lhs.paren) {
		p.next()
		if p.try(func() { p.expression() }) {
			if !p.at("=") {
				return true
			}
			p.next()
			if rhs() {
				return true
			}
		}
	}
	p.pos = after
	if t := p.peek(); single && t.kind == tOp && augAssign[t.s] {
		p.next()
		if rhs() {
			return true
		}
	}
	p.pos = start
	return false
}

var augAssign = map[string]bool{
	"+=": true, "-=": true, "*=": true, "@=": true, "/=": true, "%=": true, "&=": true, "|=": true,
	"^=": true, "<<=": true, ">>=": true, "**=": true, "//=": true,
}

// singleTarget: a name, attribute or subscript, in parentheses or not.
func singleTarget(e *expr) bool {
	return e.kind == "name" || e.kind == "attribute" || e.kind == "subscript"
}

// invalidTarget returns the part of e that cannot be assigned (or, with
// star false, deleted), as CPython's _PyPegen_get_invalid_target finds it.
func invalidTarget(e *expr, star bool) *expr {
	switch e.kind {
	case "name", "attribute", "subscript":
		return nil
	case "starred":
		if !star {
			return e
		}
		return invalidTarget(e.elts[0], star)
	case "tuple", "list":
		for _, x := range e.elts {
			if bad := invalidTarget(x, star); bad != nil {
				return bad
			}
		}
		return nil
	case "comparison":
		// CPython names the left operand of an "in" ("for x in y" read
		// as a target list): the comparison as a whole otherwise.
		return e
	}
	return e
}

// compound: def, class, if, while, for, try, with (async or not).
func (p *parser) compound() {
	if p.depth == 1 {
		p.notLeading = true
	}
	t := p.next()
	kw := t.s
	if kw == "async" {
		kw = p.next().s
		if kw != "def" {
			p.ev(event{kind: evAsyncStmt, line: t.line, name: "'async " + kw + "'"})
		}
	}
	switch kw {
	case "def":
		p.funcDef(t)
	case "class":
		p.classDef(t)
	case "if":
		p.namedExpression()
		p.header(t, "'if' statement")
		for p.at("elif") {
			e := p.next()
			p.namedExpression()
			p.header(e, "'elif' statement")
		}
		p.elseBlock()
	case "while":
		p.namedExpression()
		p.ev(event{kind: evLoopStart})
		p.header(t, "'while' statement")
		p.ev(event{kind: evLoopEnd})
		p.elseBlock()
	case "for":
		targets := p.forTargets()
		p.bind(targets, false)
		p.expect("in")
		p.starredValue(p.starExpressions())
		p.starredTarget(targets)
		p.ev(event{kind: evLoopStart})
		p.header(t, "'for' statement")
		p.ev(event{kind: evLoopEnd})
		p.elseBlock()
	case "with":
		p.withItems()
		p.header(t, "'with' statement")
	case "try":
		p.header(t, "'try' statement")
		n := 0
		bare := -1 // where a bare except's handler starts, in p.events
		var bareLine int
		for p.at("except") {
			e := p.next()
			n++
			if bare >= 0 {
				// compile.c refuses the bare handler before compiling it.
				p.evAt(bare, event{kind: evBareExcept, line: bareLine})
				bare = -1
			}
			if p.at(":") {
				bare, bareLine = len(p.events), e.line
			} else {
				p.accept("*")
				p.expression()
				if p.at(",") && p.second {
					at := p.pos
					p.next()
					if p.try(func() {
						p.expressionList()
						if p.accept("as") {
							p.next()
						}
						p.expect(":")
					}) {
						p.raise("SyntaxError", "multiple exception types must be parenthesized", e.line)
					}
					p.pos = at
				}
				if p.accept("as") {
					if !p.atName() {
						p.fail()
					}
					p.bindName(p.next())
				}
			}
			p.header(e, "'except' statement")
		}
		if n > 0 {
			p.elseBlock()
		}
		if p.at("finally") {
			f := p.next()
			p.header(f, "'finally' statement")
		} else if n == 0 {
			if p.second {
				p.raise("SyntaxError", "expected 'except' or 'finally' block", p.peek().line)
			}
			p.fail()
		}
	}
}

func (p *parser) elseBlock() {
	if p.at("else") {
		e := p.next()
		p.header(e, "'else' statement")
	}
}

// header reads the ':' that ends a compound statement's header and the
// block after it.
func (p *parser) header(kw tok, what string) {
	switch what {
	case "function definition", "'try' statement", "'else' statement", "'finally' statement":
		p.forced(":")
		p.block(kw, what)
		return
	}
	if !p.accept(":") {
		if p.second && p.peek().kind == tNewline {
			p.raise("SyntaxError", "expected ':'", p.peek().line)
		}
		p.fail()
	}
	p.block(kw, what)
}

// block: NEWLINE INDENT statements DEDENT | simple_stmts.
func (p *parser) block(kw tok, what string) {
	if p.peek().kind != tNewline {
		p.simpleStmts()
		return
	}
	p.next()
	if p.peek().kind != tIndent {
		if p.second {
			p.raise("IndentationError", fmt.Sprintf("expected an indented block after %s on line %d", what, kw.line), p.peek().line)
		}
		p.fail()
	}
	p.next()
	for p.peek().kind != tDedent && p.peek().kind != tEnd {
		p.statement()
	}
	if p.peek().kind != tDedent {
		p.fail()
	}
	p.next()
}

func (p *parser) decorated() {
	if p.depth == 1 {
		p.notLeading = true
	}
	for p.at("@") {
		p.next()
		p.namedExpression()
		if p.peek().kind != tNewline {
			p.fail()
		}
		p.next()
	}
	t := p.peek()
	switch {
	case t.is("def") || t.is("class"):
		p.compound()
	case t.is("async") && p.peekAt(1).is("def"):
		p.compound()
	default:
		p.fail()
	}
}

// funcDef: 'def' NAME [type_params] '(' [params] ')' ['->' expression] ':' block.
func (p *parser) funcDef(kw tok) {
	if !p.atName() {
		p.fail()
	}
	p.bindName(p.next())
	if p.at("[") {
		p.typeParams()
	}
	p.forced("(")
	names := p.params(")", true)
	p.expect(")")
	if p.at("->") {
		p.try(func() { p.next(); p.expression() })
	}
	for _, n := range names {
		p.debug(n.s, n.line, "assign to")
	}
	p.ev(event{kind: evFuncStart, line: kw.line, async: kw.s == "async", names: names})
	p.header(kw, "function definition")
	p.ev(event{kind: evFuncEnd})
}

// classDef: 'class' NAME [type_params] ['(' [arguments] ')'] ':' block.
func (p *parser) classDef(kw tok) {
	if !p.atName() {
		p.fail()
	}
	p.bindName(p.next())
	if p.at("[") {
		p.typeParams()
	}
	if p.accept("(") {
		p.arguments()
		p.expect(")")
	}
	p.ev(event{kind: evClassStart})
	p.header(kw, "class definition")
	p.ev(event{kind: evClassEnd})
}

// params reads parameters up to end (")" for a def, ":" for a lambda):
// positional-only ones before '/', then the others, defaults after
// defaults, '*' [name] once, then keyword-only ones, '**' name last. The
// second pass names the mistake as invalid_parameters, invalid_star_etc
// and invalid_kwds do (CPython 3.11's words).
func (p *parser) params(end string, annotated bool) (names []tok) {
	ps := &paramList{p: p, end: end, annotated: annotated}
	for !p.at(end) {
		if ps.seenKwds {
			if p.at("*") || p.at("**") || p.at("/") || p.atName() {
				ps.raise("arguments cannot follow var-keyword argument")
			}
			p.fail()
		}
		switch {
		case p.at("/"):
			ps.slash()
		case p.at("*"):
			ps.star()
		case p.at("**"):
			p.next()
			ps.names = append(ps.names, p.param(annotated))
			if p.at("=") {
				ps.raise("var-keyword argument cannot have default value")
			}
			ps.seenKwds = true
		case p.at("("):
			ps.parenthesized()
		default:
			ps.plain()
		}
		if !p.accept(",") {
			break
		}
	}
	return ps.names
}

// paramList is what params has read of a parameter list.
type paramList struct {
	p                                          *parser
	end                                        string
	annotated                                  bool
	names                                      []tok
	seenSlash, seenStar, seenDefault, seenKwds bool
	n                                          int // parameters before the first '/' or '*'
}

// raise names the mistake in the second pass; the first pass just fails.
func (ps *paramList) raise(msg string) {
	if ps.p.second {
		ps.p.raise("SyntaxError", msg, ps.p.peek().line)
	}
	ps.p.fail()
}

// slash reads the '/' that ends the positional-only parameters.
func (ps *paramList) slash() {
	switch {
	case ps.n == 0 && !ps.seenStar:
		ps.raise("at least one argument must precede /")
	case ps.seenSlash:
		ps.raise("/ may appear only once")
	case ps.seenStar:
		ps.raise("/ must be ahead of *")
	}
	ps.p.next()
	ps.seenSlash = true
}

// star reads '*' and the var-positional parameter after it, if any.
func (ps *paramList) star() {
	p := ps.p
	if ps.seenStar {
		if n := p.peekAt(1); n.is(",") || n.kind == tName && !keywords[n.s] {
			ps.raise("* argument may appear only once")
		}
		p.fail()
	}
	p.next()
	ps.seenStar = true
	switch {
	case p.atName():
		ps.names = append(ps.names, p.next())
		if ps.annotated && p.accept(":") {
			if p.at("*") {
				p.next()
				p.bitwiseOr()
			} else {
				p.expression()
			}
		}
		if p.at("=") {
			ps.raise("var-positional argument cannot have default value")
		}
	case p.at(ps.end) || p.at(",") && (p.peekAt(1).is(ps.end) || p.peekAt(1).is("**")):
		ps.raise("named arguments must follow bare *")
	case !p.at(","):
		p.fail()
	}
}

// parenthesized refuses a parenthesized group of parameters, naming it
// in the second pass.
func (ps *paramList) parenthesized() {
	p := ps.p
	if p.second && p.try(func() {
		p.next()
		p.param(false)
		for p.accept(",") {
			if p.at(")") {
				break
			}
			p.param(false)
		}
		p.expect(")")
	}) {
		if ps.annotated {
			p.raise("SyntaxError", "Function parameters cannot be parenthesized", p.peek().line)
		}
		p.raise("SyntaxError", "Lambda expression parameters cannot be parenthesized", p.peek().line)
	}
	p.fail()
}

// plain reads a parameter and its default, if any.
func (ps *paramList) plain() {
	p := ps.p
	line := p.peek().line
	ps.names = append(ps.names, p.param(ps.annotated))
	if p.at("=") {
		if ps.annotated && (p.peekAt(1).is(")") || p.peekAt(1).is(",")) {
			ps.raise("expected default value expression")
		}
		p.next()
		p.expression()
		ps.seenDefault = true
	} else if ps.seenDefault && !ps.seenStar && (p.at(",") || p.at(ps.end)) {
		if p.second {
			p.raise("SyntaxError", "non-default argument follows default argument", line)
		}
		p.fail()
	}
	if !ps.seenStar {
		ps.n++
	}
}

func (p *parser) param(annotated bool) tok {
	if !p.atName() {
		p.fail()
	}
	t := p.next()
	if annotated && p.accept(":") {
		p.expression()
	}
	return t
}

// forTargets reads star_targets before 'in' and returns them.
func (p *parser) forTargets() *expr {
	if p.second {
		// invalid_for_target: the targets read as expressions, with
		// the invalid_ rules.
		start := p.pos
		var e *expr
		p.second = false
		ok := p.try(func() { p.targetList(); p.expect("in") })
		p.second = true
		if !ok && p.try(func() { e = p.starExpressions() }) {
			if bad := invalidTarget(e, true); bad != nil {
				p.raise("SyntaxError", "cannot assign to "+bad.kind, bad.line)
			}
		}
		p.pos = start
	}
	e := p.targetList()
	if bad := invalidTarget(e, true); bad != nil {
		if p.second {
			p.raise("SyntaxError", "cannot assign to "+bad.kind, bad.line)
		}
		p.fail()
	}
	return e
}

// targetList reads star_targets: the expressions up to 'in' (bitwise_or
// level, so that 'in' ends them), with commas.
func (p *parser) targetList() *expr { return p.tuple(p.starTarget) }

func (p *parser) starTarget() *expr {
	if p.at("*") {
		return p.starred()
	}
	return p.bitwiseOr()
}

// starred reads '*' bitwise_or.
func (p *parser) starred() *expr {
	t := p.next()
	return &expr{kind: "starred", elts: []*expr{p.bitwiseOr()}, line: t.line}
}

// tuple reads elem (',' elem)* [',']: a tuple once a comma is read, the
// element alone otherwise. A comma not followed by an expression ends it
// (a trailing comma).
func (p *parser) tuple(elem func() *expr) *expr {
	first := elem()
	if !p.at(",") {
		return first
	}
	t := &expr{kind: "tuple", elts: []*expr{first}, line: first.line}
	for p.accept(",") {
		if !p.startsExpression() {
			break
		}
		t.elts = append(t.elts, elem())
	}
	return t
}

// withItems: '(' with_item, ... ')' or with_item, ...; with_item is
// expression ['as' star_target].
func (p *parser) withItems() {
	if p.at("(") && p.try(func() {
		p.next()
		for {
			p.withItem()
			if !p.accept(",") || p.at(")") {
				break
			}
		}
		p.expect(")")
		if !p.at(":") {
			p.fail()
		}
	}) {
		return
	}
	for {
		p.withItem()
		if !p.accept(",") {
			return
		}
	}
}

func (p *parser) withItem() {
	p.expression()
	if p.accept("as") {
		e := p.starTarget()
		p.bind(e, false)
		if bad := invalidTarget(e, true); bad != nil {
			if p.second {
				p.raise("SyntaxError", "cannot assign to "+bad.kind, bad.line)
			}
			p.fail()
		}
		if t := p.peek(); !t.is(",") && !t.is(")") && !t.is(":") {
			p.fail()
		}
	}
}

// matchStmt: "match" subject ':' NEWLINE INDENT case_block+ DEDENT; the
// patterns are read as a superset (balanced tokens up to the ':').
func (p *parser) matchStmt() {
	if p.depth == 1 {
		p.notLeading = true
	}
	// The names its patterns bind are not read.
	p.ev(event{kind: evOpaque, line: p.next().line})
	p.starNamedExpressions()
	if p.second && p.peek().kind == tNewline {
		p.raise("SyntaxError", "expected ':'", p.peek().line)
	}
	p.expect(":")
	if p.peek().kind != tNewline {
		p.fail()
	}
	p.next()
	if p.peek().kind != tIndent {
		p.fail()
	}
	p.next()
	n := 0
	for p.peek().is("case") {
		c := p.next()
		n++
		depth := 0
		for {
			t := p.peek()
			if t.kind == tNewline || t.kind == tEnd {
				if p.second && t.kind == tNewline && depth == 0 {
					p.raise("SyntaxError", "expected ':'", t.line)
				}
				p.fail()
			}
			if depth == 0 && t.is(":") {
				break
			}
			switch {
			case t.is("(") || t.is("[") || t.is("{"):
				depth++
			case t.is(")") || t.is("]") || t.is("}"):
				depth--
			}
			p.next()
		}
		p.header(c, "'case' statement")
	}
	if n == 0 || p.peek().kind != tDedent {
		p.fail()
	}
	p.next()
}

// yieldExpr: 'yield' 'from' expression | 'yield' [star_expressions].
func (p *parser) yieldExpr() *expr {
	t := p.next()
	if p.accept("from") {
		p.expression()
	} else if t := p.peek(); !(t.kind == tNewline || t.is(")") || t.is("]") || t.is("}") || t.is(";") || t.is("=")) {
		p.starredValue(p.starExpressions())
	}
	p.ev(event{kind: evYield, line: t.line})
	return &expr{kind: "yield expression", line: t.line}
}

// starExpressions: star_expression (',' star_expression)* [','].
func (p *parser) starExpressions() *expr { return p.tuple(p.starExpression) }

// expressionList: expression (',' expression)* [','].
func (p *parser) expressionList() { p.tuple(p.expression) }

// startsExpression reports whether the next token may start an
// expression (to tell a trailing comma from another element).
func (p *parser) startsExpression() bool {
	t := p.peek()
	switch t.kind {
	case tName:
		switch t.s {
		case "not", "lambda", "await", "None", "True", "False", "yield":
			return true
		}
		return !keywords[t.s]
	case tNumber, tString:
		return true
	case tOp:
		switch t.s {
		case "(", "[", "{", "-", "+", "~", "*", "...":
			return true
		}
	}
	return false
}

func (p *parser) starExpression() *expr {
	if p.at("*") {
		return p.starred()
	}
	return p.expression()
}

// starNamedExpressions: star_named_expression (',' ...)* [','].
func (p *parser) starNamedExpressions() *expr { return p.tuple(p.starNamedExpression) }

func (p *parser) starNamedExpression() *expr {
	if p.at("*") {
		return p.starred()
	}
	return p.namedExpression()
}

// namedExpression: NAME ':=' expression | expression !':='.
func (p *parser) namedExpression() *expr {
	if p.atName() && p.peekAt(1).is(":=") {
		t := p.next()
		p.ev(event{kind: evBind, line: t.line, name: t.s, walrus: true})
		p.debug(t.s, t.line, "assign to")
		p.next()
		p.expression()
		return &expr{kind: "named expression", line: t.line}
	}
	if p.second {
		p.invalidNamedExpression()
	}
	e := p.expression()
	if p.at(":=") {
		if p.second {
			p.next()
			if p.try(func() { p.expression() }) {
				p.raise("SyntaxError", "cannot use assignment expressions with "+e.kind, e.line)
			}
		}
		p.fail()
	}
	return e
}

// invalidNamedExpression is the second pass's invalid_named_expression:
// an '=' where '==' or ':=' was meant.
//
// Its operands are read without the invalid_ rules (CPython memoizes
// them; reading them twice with the rules would take exponential time on
// nested brackets).
func (p *parser) invalidNamedExpression() {
	start := p.pos
	defer func() { p.pos = start }()
	p.second = false
	defer func() { p.second = true }()
	if p.atName() && p.peekAt(1).is("=") {
		t := p.peek()
		p.pos += 2
		if p.try(func() { p.bitwiseOr() }) && !p.at("=") && !p.at(":=") {
			p.raise("SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", t.line)
		}
		p.pos = start
	}
	var a *expr
	if p.try(func() { a = p.bitwiseOr() }) && p.at("=") {
		switch a.kind {
		case "list", "tuple", "generator expression", "True", "None", "False":
		default:
			if !(a.kind == "name") {
				p.next()
				if p.try(func() { p.bitwiseOr() }) && !p.at("=") && !p.at(":=") {
					p.raise("SyntaxError", fmt.Sprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", a.kind), a.line)
				}
			}
		}
	}
}

// expression: disjunction ['if' disjunction 'else' expression] | lambdef.
func (p *parser) expression() *expr {
	p.enter()
	defer p.leave()
	if p.second {
		p.invalidExpression()
	}
	if p.at("lambda") {
		t := p.next()
		names := p.params(":", false)
		p.expect(":")
		for _, n := range names {
			p.debug(n.s, n.line, "assign to")
		}
		p.ev(event{kind: evFuncStart, line: t.line, lambda: true, names: names})
		p.expression()
		p.ev(event{kind: evFuncEnd})
		return &expr{kind: "lambda", line: t.line}
	}
	e := p.disjunction()
	if p.at("if") {
		p.next()
		p.disjunction()
		if !p.accept("else") {
			if p.second && !p.at(":") {
				p.raise("SyntaxError", "expected 'else' after 'if' expression", e.line)
			}
			p.fail()
		}
		p.expression()
		return &expr{kind: "conditional expression", line: e.line}
	}
	return e
}

func (p *parser) disjunction() *expr {
	e := p.conjunction()
	for p.at("or") && p.try(func() { p.next(); p.conjunction() }) {
		e = &expr{kind: "expression", line: e.line}
	}
	return e
}

func (p *parser) conjunction() *expr {
	e := p.inversion()
	for p.at("and") && p.try(func() { p.next(); p.inversion() }) {
		e = &expr{kind: "expression", line: e.line}
	}
	return e
}

func (p *parser) inversion() *expr {
	p.enter()
	defer p.leave()
	if p.at("not") {
		t := p.next()
		p.inversion()
		return &expr{kind: "expression", line: t.line}
	}
	return p.comparison()
}

func (p *parser) comparison() *expr {
	e := p.bitwiseOr()
	for {
		start := p.pos
		t := p.peek()
		switch {
		case t.kind == tOp && (t.s == "==" || t.s == "!=" || t.s == "<" || t.s == "<=" || t.s == ">" || t.s == ">="):
			p.next()
		case t.is("in"):
			p.next()
		case t.is("not") && p.peekAt(1).is("in"):
			p.next()
			p.next()
		case t.is("is"):
			p.next()
			p.accept("not")
		default:
			return e
		}
		// As PEG's repetition, an operator whose operand does not
		// follow ends the comparison before it.
		if !p.try(func() { p.bitwiseOr() }) {
			p.pos = start
			return e
		}
		e = &expr{kind: "comparison", line: e.line}
	}
}

// binary levels, loosest first.
var binaryOps = [][]string{
	{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"},
}

func (p *parser) bitwiseOr() *expr { return p.binary(0) }

func (p *parser) binary(level int) *expr {
	if level == len(binaryOps) {
		return p.factor()
	}
	e := p.binary(level + 1)
	for {
		t := p.peek()
		found := false
		if t.kind == tOp {
			for _, o := range binaryOps[level] {
				if t.s == o {
					found = true
				}
			}
		}
		if !found || !p.try(func() { p.next(); p.binary(level + 1) }) {
			return e
		}
		e = &expr{kind: "expression", line: e.line}
	}
}

func (p *parser) factor() *expr {
	p.enter()
	defer p.leave()
	if t := p.peek(); t.kind == tOp && (t.s == "+" || t.s == "-" || t.s == "~") {
		p.next()
		p.factor()
		return &expr{kind: "expression", line: t.line}
	}
	e := p.awaitPrimary()
	if p.at("**") && p.try(func() { p.next(); p.factor() }) {
		return &expr{kind: "expression", line: e.line}
	}
	return e
}

func (p *parser) awaitPrimary() *expr {
	if p.at("await") {
		t := p.next()
		p.primary()
		p.ev(event{kind: evAwait, line: t.line})
		return &expr{kind: "await expression", line: t.line}
	}
	return p.primary()
}

// primary: atom followed by attributes, calls and subscripts.
func (p *parser) primary() *expr {
	e := p.atom()
	for {
		switch {
		case p.at("."):
			p.next()
			if !p.atName() {
				p.fail()
			}
			e = &expr{kind: "attribute", line: e.line, name: p.next().s}
		case p.at("("):
			p.next()
			p.arguments()
			p.expect(")")
			e = &expr{kind: "function call", line: e.line}
		case p.at("["):
			p.next()
			p.slices()
			p.expect("]")
			e = &expr{kind: "subscript", line: e.line}
		default:
			return e
		}
	}
}

// slices: slice | (slice | starred_expression), ... [','].
func (p *parser) slices() {
	for {
		if p.at("*") {
			p.next()
			p.bitwiseOr()
		} else {
			p.slice()
		}
		if !p.accept(",") || p.at("]") {
			return
		}
	}
}

// slice: [expression] ':' [expression] [':' [expression]] | named_expression.
func (p *parser) slice() {
	if !p.at(":") {
		p.namedExpression()
		if !p.at(":") {
			return
		}
	}
	p.next()
	if !p.at(":") && !p.at(",") && !p.at("]") {
		p.expression()
	}
	if p.accept(":") {
		if !p.at(",") && !p.at("]") {
			p.expression()
		}
	}
}

// arguments: the arguments of a call up to ')': positional and starred
// ones, then keywords and '**'; a bare generator expression only alone.
func (p *parser) arguments() {
	seenKw, seenDstar := false, false
	kws := map[string]bool{} // the keywords given, for "keyword argument repeated"
	n := 0
	for !p.at(")") {
		n++
		switch {
		case p.at("*"):
			p.next()
			p.expression()
			if seenDstar {
				if p.second {
					p.raise("SyntaxError", "iterable argument unpacking follows keyword argument unpacking", p.peek().line)
				}
				p.fail()
			}
		case p.at("**"):
			p.next()
			p.expression()
			seenDstar = true
		case p.atName() && p.peekAt(1).is("="):
			k := p.next()
			p.next()
			p.debug(k.s, k.line, "assign to")
			if kws[k.s] {
				p.ev(event{kind: evKwRepeat, line: k.line, name: k.s})
			}
			kws[k.s] = true
			p.expression()
			seenKw = true
		default:
			t := p.peek()
			start := len(p.events)
			var e *expr
			if p.atName() && p.peekAt(1).is(":=") {
				e = p.namedExpression()
			} else {
				e = p.expression()
			}
			if p.at("=") {
				if p.second {
					switch e.kind {
					case "True", "False", "None":
						p.raise("SyntaxError", "cannot assign to "+e.kind, e.line)
					}
					p.raise("SyntaxError", "expression cannot contain assignment, perhaps you meant \"==\"?", e.line)
				}
				p.fail()
			}
			if p.at("for") || p.at("async") {
				p.comprehension(start, "generator expression", t.line)
				if n > 1 || p.at(",") {
					if p.second {
						p.raise("SyntaxError", "Generator expression must be parenthesized", t.line)
					}
					p.fail()
				}
			}
			if seenKw || seenDstar {
				if p.second {
					msg := "positional argument follows keyword argument"
					if seenDstar {
						msg += " unpacking"
					}
					p.raise("SyntaxError", msg, e.line)
				}
				p.fail()
			}
		}
		if !p.accept(",") {
			break
		}
	}
}

// atComprehension reports whether for_if_clauses start here.
func (p *parser) atComprehension() bool {
	return p.at("for") || p.at("async") && p.peekAt(1).is("for")
}

// unpackedTarget refuses a comprehension whose element is starred
// (invalid_comprehension: "[*a for a in b]").
func (p *parser) unpackedTarget(first *expr) {
	if first.kind != "starred" {
		return
	}
	if p.second {
		at := p.pos
		if p.try(func() { p.comprehension(len(p.events), "", first.line) }) {
			p.raise("SyntaxError", "iterable unpacking cannot be used in comprehension", first.line)
		}
		p.pos = at
	}
	p.fail()
}

// tupleTarget is, in the second pass, invalid_comprehension's
// "[a, b for a in c]": elements, then for_if_clauses where the closing
// bracket should be.
func (p *parser) tupleTarget(first *expr) {
	if !p.second || !p.atComprehension() {
		return
	}
	at := p.pos
	if p.try(func() { p.comprehension(len(p.events), "", first.line) }) {
		p.raise("SyntaxError", "did you forget parentheses around the comprehension target?", first.line)
	}
	p.pos = at
}

// comprehension reads for_if_clauses: ('async'? 'for' star_targets 'in'
// disjunction ('if' disjunction)*)+, the clauses of a comprehension of
// kind (CPython's name for it) whose element's events start at index
// start. The comprehension is a scope of its own, but for its first
// iterable.
func (p *parser) comprehension(start int, kind string, line int) {
	p.evAt(start, event{kind: evCompStart, line: line, name: kind})
	first := true
	for p.at("for") || p.at("async") && p.peekAt(1).is("for") {
		if p.at("async") {
			p.ev(event{kind: evAsyncComp, line: p.next().line})
		}
		p.next()
		p.bind(p.forTargets(), false)
		p.expect("in")
		if first {
			p.ev(event{kind: evOuterStart})
		}
		p.ev(event{kind: evIterStart})
		p.disjunction()
		p.ev(event{kind: evIterEnd})
		if first {
			p.ev(event{kind: evOuterEnd})
			first = false
		}
		for p.accept("if") {
			p.disjunction()
		}
	}
	p.ev(event{kind: evCompEnd})
}

// atom: a name, a constant, a string, a number, '...', or a bracketed
// display, comprehension or group.
func (p *parser) atom() *expr {
	t := p.peek()
	switch t.kind {
	case tName:
		switch t.s {
		case "None", "True", "False":
			p.next()
			return &expr{kind: t.s, line: t.line}
		}
		if keywords[t.s] {
			p.fail()
		}
		p.next()
		return &expr{kind: "name", line: t.line, ev: p.ev(event{kind: evUse, line: t.line, name: t.s})}
	case tNumber:
		p.next()
		return &expr{kind: "literal", line: t.line}
	case tString:
		kind := "literal"
		for p.peek().kind == tString {
			if p.next().s == "f" {
				kind = "f-string expression"
			}
		}
		if kind != "literal" {
			// The names an f-string uses or binds are not read.
			p.ev(event{kind: evOpaque, line: t.line})
		}
		return &expr{kind: kind, line: t.line}
	case tOp:
		switch t.s {
		case "...":
			p.next()
			return &expr{kind: "ellipsis", line: t.line}
		case "(":
			return p.paren()
		case "[":
			return p.list()
		case "{":
			return p.brace()
		}
	}
	p.fail()
	return nil
}

// paren: a tuple, a group or a generator expression.
func (p *parser) paren() *expr {
	t := p.next()
	if p.accept(")") {
		return &expr{kind: "tuple", paren: true, line: t.line}
	}
	if p.at("yield") {
		e := p.yieldExpr()
		p.expect(")")
		e.paren = true
		return e
	}
	if p.second && p.at("**") {
		d := p.peek()
		if p.try(func() { p.next(); p.expression(); p.expect(")") }) {
			p.raise("SyntaxError", "cannot use double starred expression here", d.line)
		}
	}
	start := len(p.events)
	first := p.starNamedExpression()
	if p.atComprehension() {
		p.unpackedTarget(first)
		p.comprehension(start, "generator expression", t.line)
		p.expect(")")
		return &expr{kind: "generator expression", line: t.line}
	}
	if p.accept(")") {
		if first.kind == "starred" {
			if p.second {
				p.raise("SyntaxError", "cannot use starred expression here", first.line)
			}
			p.fail() // "(*x)": a starred expression alone
		}
		c := *first
		c.paren = true
		return &c
	}
	tup := &expr{kind: "tuple", elts: []*expr{first}, paren: true, line: t.line}
	for p.accept(",") {
		if p.at(")") {
			break
		}
		tup.elts = append(tup.elts, p.starNamedExpression())
	}
	p.expect(")")
	return tup
}

func (p *parser) list() *expr {
	t := p.next()
	l := &expr{kind: "list", line: t.line}
	if p.accept("]") {
		return l
	}
	start := len(p.events)
	first := p.starNamedExpression()
	if p.atComprehension() {
		p.unpackedTarget(first)
		p.comprehension(start, "list comprehension", t.line)
		p.expect("]")
		return &expr{kind: "list comprehension", line: t.line}
	}
	l.elts = append(l.elts, first)
	for p.accept(",") {
		p.tupleTarget(first)
		if p.at("]") {
			break
		}
		l.elts = append(l.elts, p.starNamedExpression())
	}
	p.tupleTarget(first)
	p.expect("]")
	return l
}

// brace: a dict, a set, or their comprehensions.
func (p *parser) brace() *expr {
	t := p.next()
	if p.accept("}") {
		return &expr{kind: "dict literal", line: t.line}
	}
	dict, dstar := false, false
	start := len(p.events)
	var first *expr
	if p.at("**") {
		p.next()
		p.bitwiseOr()
		dict, dstar = true, true
	} else {
		first = p.starNamedExpression()
		if p.accept(":") {
			p.expression()
			dict = true
		}
	}
	if p.atComprehension() {
		kind := "set comprehension"
		if dict {
			kind = "dict comprehension"
		}
		if dstar {
			// invalid_dict_comprehension.
			if p.second && p.try(func() { p.comprehension(len(p.events), kind, t.line); p.expect("}") }) {
				p.raise("SyntaxError", "dict unpacking cannot be used in dict comprehension", t.line)
			}
			p.fail()
		}
		if !dict {
			p.unpackedTarget(first)
		}
		p.comprehension(start, kind, t.line)
		p.expect("}")
		return &expr{kind: kind, line: t.line}
	}
	for p.accept(",") {
		if !dict {
			p.tupleTarget(first)
		}
		if p.at("}") {
			break
		}
		if dict {
			if p.accept("**") {
				p.bitwiseOr()
			} else {
				p.expression()
				p.expect(":")
				p.expression()
			}
		} else {
			p.starNamedExpression()
		}
	}
	if !dict {
		p.tupleTarget(first)
	}
	p.expect("}")
	if dict {
		return &expr{kind: "dict literal", line: t.line}
	}
	return &expr{kind: "set display", line: t.line}
}
