package pysyntax

import "fmt"

// The compiler's checks: source that parses may still raise SyntaxError
// when exec compiles it. CPython builds the symbol table first
// (Python/symtable.c) and then compiles (Python/compile.c); each raises
// its first error in source order. The parser records, as it reads, the
// events these checks need (scopes opening and closing, the statements
// and expressions that depend on their scope); check replays them.
//
// The checks made are the ones a tool's source plausibly meets. Others
// (a name used before its global declaration, a nonlocal with no
// binding, starred assignment targets, __future__ placement) are not
// made: source they refuse is accepted.

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
)

// event is one parse event, at a line.
type event struct {
	kind   evKind
	line   int
	name   string
	async  bool
	lambda bool
	value  bool
	names  []tok // parameters (evFuncStart), names (evGlobal, evNonlocal)
}

// ev records an event of the first pass (the second pass only looks for
// a parse error's message).
func (p *parser) ev(e event) {
	if !p.second {
		p.events = append(p.events, e)
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
	genexp    bool
	params    map[string]bool
	loops     int
	start     int // the index of its start event
}

// check replays the events: the symbol table's errors first, then the
// compiler's.
func check(events []event) *Error {
	// The symbol table's pass; it also learns which functions are
	// generators and which comprehensions are asynchronous, which the
	// compiler's checks need.
	generator := map[int]bool{} // by the index of the scope's start event
	asyncComp := map[int]bool{}
	stack := []*scope{{kind: "module"}}
	for i, e := range events {
		cur := stack[len(stack)-1]
		switch e.kind {
		case evFuncStart:
			seen := map[string]bool{}
			for _, n := range e.names {
				if seen[n.s] {
					return symErr(fmt.Sprintf("duplicate argument '%s' in function definition", n.s), n.line)
				}
				seen[n.s] = true
			}
			stack = append(stack, &scope{kind: "function", async: e.async, lambda: e.lambda, params: seen, start: i})
		case evClassStart:
			stack = append(stack, &scope{kind: "class", start: i})
		case evCompStart:
			stack = append(stack, &scope{kind: "comprehension", genexp: e.name == "generator expression", start: i})
		case evOuterStart:
			// The first iterable belongs to the scope around the
			// comprehension.
			stack = append(stack, stack[len(stack)-2])
		case evFuncEnd, evClassEnd, evCompEnd, evOuterEnd:
			if e.kind != evOuterEnd {
				generator[cur.start] = cur.generator
				asyncComp[cur.start] = cur.asyncComp
			}
			stack = stack[:len(stack)-1]
		case evYield:
			if cur.kind == "comprehension" {
				return symErr(fmt.Sprintf("'yield' inside %s", events[cur.start].name), e.line)
			}
			cur.generator = true
		case evAwait, evAsyncComp:
			if cur.kind == "comprehension" {
				cur.asyncComp = true
			}
		case evGlobal, evNonlocal:
			what := "global"
			if e.kind == evNonlocal {
				what = "nonlocal"
				if cur.kind == "module" {
					return symErr("nonlocal declaration not allowed at module level", e.line)
				}
			}
			for _, n := range e.names {
				if cur.params[n.s] {
					return symErr(fmt.Sprintf("name '%s' is parameter and %s", n.s, what), e.line)
				}
			}
		case evImportStar:
			if cur.kind != "module" {
				return symErr("import * only allowed at module level", e.line)
			}
		}
	}

	// The compiler's pass.
	stack = []*scope{{kind: "module"}}
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
	}
	return nil
}

func symErr(msg string, line int) *Error {
	return &Error{Class: "SyntaxError", Msg: msg, Line: line, Exact: true}
}
