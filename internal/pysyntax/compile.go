package pysyntax

import "fmt"

// The compiler's checks: source that parses may still raise SyntaxError
// when exec compiles it. CPython builds the symbol table first
// (Python/symtable.c) and then compiles (Python/compile.c); each raises
// its first error in source order. The parser records, as it reads, the
// events these checks need (scopes opening and closing, the statements
// and expressions that depend on their scope); check replays them.
//
// A few checks are not made, and leave accepted source that CPython
// refuses: what an f-string's replacement fields, a match statement's
// patterns or type parameters use or bind (their names are not read, so a
// nonlocal's binding is not sought where they stand), and CPython's
// limits (too many statically nested blocks, too many expressions in a
// starred assignment). None refuses source CPython compiles.

// evKind is the kind of a parse event.
type evKind uint8

const (
	evFuncStart    evKind = iota // a def's body (async), or a lambda's (lambda); params
	evFuncEnd                    //
	evClassStart                 // a class body
	evClassEnd                   //
	evLoopStart                  // a for or while body (not its else)
	evLoopEnd                    //
	evCompStart                  // a comprehension (name: its kind, as CPython names it)
	evCompEnd                    //
	evOuterStart                 // a comprehension's first iterable, read in the enclosing scope
	evOuterEnd                   //
	evAsyncComp                  // 'async for' in a comprehension
	evReturn                     // return (value: with a value)
	evBreak                      //
	evContinue                   //
	evYield                      // yield or yield from
	evAwait                      //
	evAsyncStmt                  // async for or async with (name: "'async for'", "'async with'")
	evGlobal                     // global (names)
	evNonlocal                   // nonlocal (names)
	evImportStar                 // from ... import *
	evKwRepeat                   // a keyword argument given twice (name)
	evBareExcept                 // an except without a type that is not the last handler
	evCompileError               // another of compile.c's refusals, in name
	evUse                        // a name read (name)
	evBind                       // a name bound (name; annot: a simple annotated name; walrus: by :=)
	evOpaque                     // names are used or bound here that are not read (an f-string, a match, type parameters)
	evFutureError                // future.c's refusal of a future import's feature (name)
	evIterStart                  // a comprehension's iterable
	evIterEnd                    //
)

// event is one parse event, at a line.
type event struct {
	kind   evKind
	line   int
	name   string
	async  bool
	lambda bool
	value  bool
	annot  bool
	walrus bool
	names  []tok // parameters (evFuncStart), names (evGlobal, evNonlocal)
}

// ev records an event of the first pass (the second pass only looks for
// a parse error's message) and returns it (nil in the second pass).
func (p *parser) ev(e event) *event {
	if p.second {
		return nil
	}
	p.events = append(p.events, &e)
	return &e
}

// bind marks the names of the target e (a name, or a tuple, list or
// starred of them) as bound where they stand; annot marks a simple
// annotated name.
func (p *parser) bind(e *expr, annot bool) { p.bindAs(e, annot, "assign to") }

// bindAs is bind for an assignment ("assign to") or a del ("delete").
func (p *parser) bindAs(e *expr, annot bool, verb string) {
	switch e.kind {
	case "name":
		if e.ev != nil {
			e.ev.kind = evBind
			e.ev.annot = annot && !e.paren
			p.debug(e.ev.name, e.line, verb)
		}
	case "attribute":
		if verb != "delete" {
			p.debug(e.name, e.line, verb)
		}
	case "tuple", "list", "starred":
		for _, x := range e.elts {
			p.bindAs(x, false, verb)
		}
	}
}

// bindName records a binding of the name token t.
func (p *parser) bindName(t tok) {
	p.ev(event{kind: evBind, line: t.line, name: t.s})
	p.debug(t.s, t.line, "assign to")
}

// debug records compile.c's refusal to bind __debug__ (forbidden_name).
func (p *parser) debug(name string, line int, verb string) {
	if name == "__debug__" {
		p.ev(event{kind: evCompileError, line: line, name: "cannot " + verb + " __debug__"})
	}
}

// scope is a scope being compiled: the module, a class body, a function
// (a def or a lambda), or a comprehension.
type scope struct {
	kind      string // "module", "class", "function", "comprehension"
	async     bool
	lambda    bool
	generator bool // a yield stands directly in it
	asyncComp bool // a comprehension whose own code awaits or has async for
	loops     int
	start     int // the index of its start event
	parent    *scope
	// The symbol table's view: each name's flags, the names in the
	// order first met, and the line of each name's first global or
	// nonlocal declaration.
	flags     map[string]symFlags
	order     []string
	directive map[string]int
	// A comprehension's iteration variables, and the assignment
	// expressions in it and the comprehensions it holds; iterDepth: an
	// iterable of a comprehension is being read.
	iterVars  map[string]bool
	walruses  []*event
	iterDepth int
}

// symFlags are a name's flags in a scope, as symtable.c keeps them.
type symFlags uint8

const (
	symUse symFlags = 1 << iota
	symLocal
	symAnnot
	symParam
	symGlobal
	symNonlocal
)

func newScope(kind string, parent *scope, start int) *scope {
	return &scope{kind: kind, parent: parent, start: start, flags: map[string]symFlags{}, directive: map[string]int{}}
}

func (sc *scope) add(name string, f symFlags) {
	if _, ok := sc.flags[name]; !ok {
		sc.order = append(sc.order, name)
	}
	sc.flags[name] |= f
}

// check replays the events: the symbol table's errors first (those found
// as it is built, then those of its analysis), then the compiler's.
func check(events []*event) *Error {
	// future.c reads the future imports before the symbol table is built.
	for _, e := range events {
		if e.kind == evFutureError {
			return symErr(e.name, e.line)
		}
	}
	st := newSymtable()
	for i, e := range events {
		if err := st.step(i, e, events); err != nil {
			return err
		}
	}
	if e := analyze(st.scopes, st.opaque); e != nil {
		return e
	}
	return compilePass(events, st.generator, st.asyncComp)
}

// symtable is the symbol table's pass over the events. It also learns
// which functions are generators and which comprehensions are
// asynchronous, which the compiler's checks need.
type symtable struct {
	generator map[int]bool // by the index of the scope's start event
	asyncComp map[int]bool
	scopes    []*scope // in the order they open: the analysis's order
	stack     []*scope
	opaque    bool
}

func newSymtable() *symtable {
	module := newScope("module", nil, -1)
	return &symtable{generator: map[int]bool{}, asyncComp: map[int]bool{}, scopes: []*scope{module}, stack: []*scope{module}}
}

func (st *symtable) open(sc *scope) {
	st.stack = append(st.stack, sc)
	st.scopes = append(st.scopes, sc)
}

// step takes the i-th event.
func (st *symtable) step(i int, e *event, events []*event) *Error {
	cur := st.stack[len(st.stack)-1]
	switch e.kind {
	case evFuncStart:
		sc := newScope("function", cur, i)
		sc.async, sc.lambda = e.async, e.lambda
		for _, n := range e.names {
			if sc.flags[n.s]&symParam != 0 {
				return symErr(fmt.Sprintf("duplicate argument '%s' in function definition", n.s), n.line)
			}
			sc.add(n.s, symParam)
		}
		st.open(sc)
	case evClassStart:
		st.open(newScope("class", cur, i))
	case evCompStart:
		st.open(newScope("comprehension", cur, i))
	case evOuterStart:
		// The first iterable belongs to the scope around the
		// comprehension.
		st.stack = append(st.stack, st.stack[len(st.stack)-2])
	case evFuncEnd, evClassEnd, evCompEnd, evOuterEnd:
		return st.end(cur, e)
	case evIterStart:
		cur.iterDepth++
	case evIterEnd:
		cur.iterDepth--
	case evYield:
		if cur.kind == "comprehension" {
			return symErr(fmt.Sprintf("'yield' inside %s", events[cur.start].name), e.line)
		}
		cur.generator = true
	case evAwait, evAsyncComp:
		if cur.kind == "comprehension" {
			cur.asyncComp = true
		}
	case evUse:
		cur.add(e.name, symUse)
	case evBind:
		return bindEvent(cur, e)
	case evOpaque:
		st.opaque = true
	case evGlobal, evNonlocal:
		return declare(cur, e)
	case evImportStar:
		if cur.kind != "module" {
			return symErr("import * only allowed at module level", e.line)
		}
	}
	return nil
}

// end closes the scope cur (or the outer iterable's borrowed scope).
func (st *symtable) end(cur *scope, e *event) *Error {
	if e.kind != evOuterEnd {
		st.generator[cur.start] = cur.generator
		st.asyncComp[cur.start] = cur.asyncComp
	}
	if e.kind == evCompEnd {
		// symtable.c visits a comprehension's clauses before its
		// element: an assignment expression may not rebind a
		// variable they bind, here or in a comprehension around.
		for _, w := range cur.walruses {
			if cur.iterVars[w.name] {
				return symErr(fmt.Sprintf("assignment expression cannot rebind comprehension iteration variable '%s'", w.name), w.line)
			}
		}
		if cur.parent.kind == "comprehension" {
			cur.parent.walruses = append(cur.parent.walruses, cur.walruses...)
		}
	}
	st.stack = st.stack[:len(st.stack)-1]
	return nil
}

// bindEvent records the binding e in the scope cur, or in the scope an
// assignment expression in a comprehension binds in.
func bindEvent(cur *scope, e *event) *Error {
	sc := cur
	if e.walrus {
		if cur.iterDepth > 0 {
			return symErr("assignment expression cannot be used in a comprehension iterable expression", e.line)
		}
		if cur.kind == "comprehension" {
			cur.walruses = append(cur.walruses, e)
		}
		// An assignment expression in a comprehension binds in
		// the scope around it.
		for sc.kind == "comprehension" && sc.parent != nil {
			sc = sc.parent
		}
		if sc != cur && sc.kind == "class" {
			return symErr("assignment expression within a comprehension cannot be used in a class body", e.line)
		}
	} else if cur.kind == "comprehension" {
		if cur.iterVars == nil {
			cur.iterVars = map[string]bool{}
		}
		cur.iterVars[e.name] = true
	}
	f := sc.flags[e.name]
	if e.annot && f&(symGlobal|symNonlocal) != 0 && sc.kind != "module" {
		what := "global"
		if f&symNonlocal != 0 {
			what = "nonlocal"
		}
		return symErr(fmt.Sprintf("annotated name '%s' can't be %s", e.name, what), e.line)
	}
	if e.annot {
		sc.add(e.name, symLocal|symAnnot)
	} else {
		sc.add(e.name, symLocal)
	}
	return nil
}

// declare records a global or nonlocal statement in the scope cur.
func declare(cur *scope, e *event) *Error {
	what, flag := "global", symGlobal
	if e.kind == evNonlocal {
		what, flag = "nonlocal", symNonlocal
		if cur.kind == "module" {
			return symErr("nonlocal declaration not allowed at module level", e.line)
		}
	}
	for _, n := range e.names {
		f := cur.flags[n.s]
		switch {
		case f&symParam != 0:
			return symErr(fmt.Sprintf("name '%s' is parameter and %s", n.s, what), e.line)
		case f&symUse != 0:
			return symErr(fmt.Sprintf("name '%s' is used prior to %s declaration", n.s, what), e.line)
		case f&symAnnot != 0:
			return symErr(fmt.Sprintf("annotated name '%s' can't be %s", n.s, what), e.line)
		case f&symLocal != 0:
			return symErr(fmt.Sprintf("name '%s' is assigned to before %s declaration", n.s, what), e.line)
		}
		cur.add(n.s, flag)
		if _, ok := cur.directive[n.s]; !ok {
			cur.directive[n.s] = e.line
		}
	}
	return nil
}

// compilePass is the compiler's pass: the checks that depend on the scope
// a statement or expression stands in.
func compilePass(events []*event, generator, asyncComp map[int]bool) *Error {
	stack := []*scope{{kind: "module"}}
	for i, e := range events {
		cur := stack[len(stack)-1]
		switch e.kind {
		case evFuncStart:
			stack = append(stack, &scope{kind: "function", async: e.async, lambda: e.lambda, generator: generator[i]})
		case evClassStart:
			stack = append(stack, &scope{kind: "class"})
		case evCompStart:
			if asyncComp[i] && e.name != "generator expression" && !(cur.kind == "function" && cur.async) && cur.kind != "comprehension" {
				return symErr("asynchronous comprehension outside of an asynchronous function", e.line)
			}
			stack = append(stack, &scope{kind: "comprehension"})
		case evOuterStart:
			stack = append(stack, stack[len(stack)-2])
		case evFuncEnd, evClassEnd, evCompEnd, evOuterEnd:
			stack = stack[:len(stack)-1]
		default:
			if err := compileCheck(cur, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// compileCheck makes compile.c's check of the event e in the scope cur.
func compileCheck(cur *scope, e *event) *Error {
	switch e.kind {
	case evLoopStart:
		cur.loops++
	case evLoopEnd:
		cur.loops--
	case evReturn:
		if cur.kind != "function" {
			return symErr("'return' outside function", e.line)
		}
		if e.value && cur.async && cur.generator {
			return symErr("'return' with value in async generator", e.line)
		}
	case evYield:
		if cur.kind != "function" {
			return symErr("'yield' outside function", e.line)
		}
	case evAwait:
		switch {
		case cur.kind == "module" || cur.kind == "class":
			return symErr("'await' outside function", e.line)
		case cur.kind == "function" && !cur.async:
			return symErr("'await' outside async function", e.line)
		}
	case evAsyncStmt:
		if !(cur.kind == "function" && cur.async) {
			return symErr(e.name+" outside async function", e.line)
		}
	case evBreak:
		if cur.loops == 0 {
			return symErr("'break' outside loop", e.line)
		}
	case evContinue:
		if cur.loops == 0 {
			return symErr("'continue' not properly in loop", e.line)
		}
	case evKwRepeat:
		return symErr("keyword argument repeated: "+e.name, e.line)
	case evBareExcept:
		return symErr("default 'except:' must be last", e.line)
	case evCompileError:
		return symErr(e.name, e.line)
	}
	return nil
}

func symErr(msg string, line int) *Error {
	return &Error{Class: "SyntaxError", Msg: msg, Line: line, Exact: true}
}

// analyze is the symbol table's analysis (analyze_block in symtable.c),
// scope by scope in the order they open: a name both nonlocal and global,
// and a nonlocal whose name no enclosing function binds. Where names are
// bound that are not read (opaque), the second check is not made.
func analyze(scopes []*scope, opaque bool) *Error {
	// bound is, for each scope, the names its nested functions may
	// declare nonlocal: those the functions around them bind, less
	// those they declare global.
	bound := map[*scope]map[string]bool{}
	for _, sc := range scopes {
		in := map[string]bool{}
		if sc.parent != nil {
			in = bound[sc.parent]
		}
		for _, name := range sc.order {
			f := sc.flags[name]
			if f&symNonlocal == 0 {
				continue
			}
			if f&symGlobal != 0 {
				return symErr(fmt.Sprintf("name '%s' is nonlocal and global", name), sc.directive[name])
			}
			if !opaque && !in[name] {
				return symErr(fmt.Sprintf("no binding for nonlocal '%s' found", name), sc.directive[name])
			}
		}
		out := map[string]bool{}
		switch sc.kind {
		case "module":
		case "class":
			out = in
		default:
			for n := range in {
				out[n] = true
			}
			for name, f := range sc.flags {
				if f&(symLocal|symParam) != 0 && f&(symGlobal|symNonlocal) == 0 {
					out[name] = true
				}
				if f&symGlobal != 0 {
					delete(out, name)
				}
			}
		}
		bound[sc] = out
	}
	return nil
}
