package pysyntax

import "testing"

// TestCompile: source that parses but that exec's compile refuses, in
// CPython's symbol table (duplicate arguments, global and nonlocal
// declarations after a use or an assignment, a nonlocal no enclosing
// function binds, import * in a function, yield in a comprehension) or its compiler (return, yield and await outside their
// functions, break and continue outside loops, async statements and
// comprehensions outside async functions, a repeated keyword argument, a
// bare except before another, starred expressions where they cannot
// stand, binding __debug__), future.c (a future import after another
// statement, an unknown feature) and the parser's invalid_comprehension;
// and source these checks must not refuse. Each expected class,
// message and line is what CPython 3.11's compile(src, "<string>",
// "exec") raised, recorded by running it; "" expects it to compile.
func TestCompile(t *testing.T) {
	for _, tc := range compileCases {
		e := Check(tc.src)
		switch {
		case tc.class == "" && e != nil:
			t.Errorf("%q: refused: %s: %v", tc.src, e.Class, e)
		case tc.class != "" && e == nil:
			t.Errorf("%q: accepted; CPython raises %s: %s", tc.src, tc.class, tc.msg)
		case tc.class != "" && (e.Class != tc.class || e.Msg != tc.msg || e.Line != tc.line || !e.Exact):
			t.Errorf("%q: %s: %s (line %d, exact %v), want %s: %s (line %d)", tc.src, e.Class, e.Msg, e.Line, e.Exact, tc.class, tc.msg, tc.line)
		}
	}
}

// compileCases are the cases of TestCompile.
var compileCases = []struct {
	src, class, msg string
	line            int
}{
	{"return 1", "SyntaxError", "'return' outside function", 1},
	{"def f():\n    pass\nreturn 1", "SyntaxError", "'return' outside function", 3},
	{"class A:\n    return 1", "SyntaxError", "'return' outside function", 2},
	{"def f(x):\n    for i in x:\n        pass\n    else:\n        break", "SyntaxError", "'break' outside loop", 5},
	{"def f(x):\n    while x:\n        def g():\n            continue", "SyntaxError", "'continue' not properly in loop", 4},
	{"def f(x):\n    for i in x:\n        class A:\n            break", "SyntaxError", "'break' outside loop", 4},
	{"def f(x):\n    while x:\n        break\n    continue", "SyntaxError", "'continue' not properly in loop", 4},
	{"def f(a, b, a):\n    pass", "SyntaxError", "duplicate argument 'a' in function definition", 1},
	{"lambda a, a: 1", "SyntaxError", "duplicate argument 'a' in function definition", 1},
	{"def f(a, *, b, **a):\n    pass", "SyntaxError", "duplicate argument 'a' in function definition", 1},
	{"nonlocal x", "SyntaxError", "nonlocal declaration not allowed at module level", 1},
	{"def f(x):\n    global x", "SyntaxError", "name 'x' is parameter and global", 2},
	{"def f():\n    from os import *", "SyntaxError", "import * only allowed at module level", 2},
	{"yield 1", "SyntaxError", "'yield' outside function", 1},
	{"class A:\n    yield 1", "SyntaxError", "'yield' outside function", 2},
	{"def f():\n    return [(yield x) for x in y]", "SyntaxError", "'yield' inside list comprehension", 2},
	{"def f():\n    return [x for x in (yield)]", "", "", 0},
	{"def f():\n    return ((yield x) for x in y)", "SyntaxError", "'yield' inside generator expression", 2},
	{"await x", "SyntaxError", "'await' outside function", 1},
	{"def f():\n    await x", "SyntaxError", "'await' outside async function", 2},
	{"async def f():\n    await x", "", "", 0},
	{"def f():\n    return lambda: await x", "SyntaxError", "'await' outside async function", 2},
	{"def f():\n    return (await x for x in y)", "", "", 0},
	{"def f():\n    return [await x for x in y]", "SyntaxError", "asynchronous comprehension outside of an asynchronous function", 2},
	{"async def f():\n    return [await x for x in y]", "", "", 0},
	{"def f():\n    return [x async for x in y]", "SyntaxError", "asynchronous comprehension outside of an asynchronous function", 2},
	{"def f():\n    async for x in y:\n        pass", "SyntaxError", "'async for' outside async function", 2},
	{"def f():\n    async with x:\n        pass", "SyntaxError", "'async with' outside async function", 2},
	{"async with x:\n    pass", "SyntaxError", "'async with' outside async function", 1},
	{"async def f():\n    yield 1\n    return 2", "SyntaxError", "'return' with value in async generator", 3},
	{"async def f():\n    yield 1\n    return", "", "", 0},
	{"f(a=1, a=2)", "SyntaxError", "keyword argument repeated: a", 1},
	{"try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass", "SyntaxError", "default 'except:' must be last", 3},
	{"def f():\n    x = *a", "SyntaxError", "can't use starred expression here", 2},
	{"def f():\n    *a = b", "SyntaxError", "starred assignment target must be in a list or tuple", 2},
	{"def f():\n    *a, *b = c", "SyntaxError", "multiple starred expressions in assignment", 2},
	{"def f():\n    for *a in b:\n        pass", "SyntaxError", "starred assignment target must be in a list or tuple", 2},
	{"def f():\n    x = [*a]\n    y, *z = b\n    return f(*a), *z", "", "", 0},
	{"def f(x):\n    if x:\n        return 1\n    return\nreturn 2", "SyntaxError", "'return' outside function", 5},
	{"x = [i for i in range(3)]\nbreak", "SyntaxError", "'break' outside loop", 2},
	{"def f():\n    return *a", "SyntaxError", "can't use starred expression here", 2},
	{"async def f():\n    async with a as b, c as d:\n        async for x in b:\n            yield x", "", "", 0},
	{"def f():\n    x = lambda: (yield)\n    return x", "", "", 0},
	{"def f(a, b=1, *args, c, d=2, **kw):\n    global g\n    return [y for y in args if y]", "", "", 0},
	// The symbol table's global and nonlocal checks.
	{"def f():\n    x = 1\n    class A:\n        def g(self):\n            nonlocal x\n", "", "", 0},
	{"def f():\n    def g():\n        nonlocal x\n", "SyntaxError", "no binding for nonlocal 'x' found", 3},
	{"def f():\n    global x\n    def g():\n        nonlocal x\n", "SyntaxError", "no binding for nonlocal 'x' found", 4},
	{"def f():\n    x = 1\n    def g():\n        global x\n        def h():\n            nonlocal x\n", "SyntaxError", "no binding for nonlocal 'x' found", 6},
	{"def f():\n    print(x)\n    global x\n", "SyntaxError", "name 'x' is used prior to global declaration", 3},
	{"x = 1\nglobal x\n", "SyntaxError", "name 'x' is assigned to before global declaration", 2},
	{"def f(x):\n    x = 1\n    global y\n    y = 2\n", "", "", 0},
	{"def f():\n    x = 1\n    global x\n", "SyntaxError", "name 'x' is assigned to before global declaration", 3},
	{"def f():\n    x: int\n    global x\n", "SyntaxError", "annotated name 'x' can't be global", 3},
	{"def f():\n    global x\n    x: int = 1\n", "SyntaxError", "annotated name 'x' can't be global", 3},
	{"def f():\n    global x\n    nonlocal x\n", "SyntaxError", "name 'x' is nonlocal and global", 2},
	{"def f():\n    for x in y:\n        pass\n    def g():\n        nonlocal x\n", "", "", 0},
	{"def f():\n    [y := 1 for z in w]\n    def g():\n        nonlocal y\n", "", "", 0},
	{"def f():\n    import os.path\n    def g():\n        nonlocal os\n", "", "", 0},
	{"def f():\n    x = 1\n    def g():\n        def h():\n            nonlocal x\n", "", "", 0},
	{"def f():\n    del x\n    def g():\n        nonlocal x\n", "", "", 0},
	{"def f():\n    def g():\n        nonlocal x\n    x = 1\n", "", "", 0},
	{"def f():\n    x = 1\n    def g():\n        x = 2\n        nonlocal x\n", "SyntaxError", "name 'x' is assigned to before nonlocal declaration", 5},
	{"def f():\n    try:\n        pass\n    except E as e:\n        pass\n    def g():\n        nonlocal e\n", "", "", 0},
	{"def f():\n    with a as (b, c):\n        pass\n    def g():\n        nonlocal c\n", "", "", 0},
	{"def f():\n    from m import a as b\n    def g():\n        nonlocal b\n", "", "", 0},
	{"def f():\n    def h(): pass\n    class C: pass\n    def g():\n        nonlocal h, C\n", "", "", 0},
	{"def f(a, *b, **c):\n    def g():\n        nonlocal a, b, c\n", "", "", 0},
	{"def f():\n    x += 1\n    def g():\n        nonlocal x\n", "", "", 0},
	{"def f():\n    counter = 0\n    def inc():\n        nonlocal counter\n        counter += 1\n        return counter\n    return inc\n", "", "", 0},
	{"counter = 0\ndef inc():\n    global counter\n    counter += 1\n    return counter\n", "", "", 0},
	{"def f():\n    global x\n    x = 1\n    global x\n", "SyntaxError", "name 'x' is assigned to before global declaration", 4},
	{"def f():\n    x = [x for x in y]\n    global x\n", "SyntaxError", "name 'x' is assigned to before global declaration", 3},
	{"def f():\n    lambda: x\n    global x\n", "", "", 0},
	{"def f(a=x):\n    global x\n", "", "", 0},
	{"def f():\n    def g(a=x):\n        pass\n    global x\n", "SyntaxError", "name 'x' is used prior to global declaration", 4},
	// Names bound where they are not read (an f-string, a match
	// pattern): no nonlocal is refused for want of a binding.
	{"def f():\n    print(f\"{(y:=1)}\")\n    def g():\n        nonlocal y\n", "", "", 0},
	{"def f(v):\n    match v:\n        case [y]:\n            pass\n    def g():\n        nonlocal y\n", "", "", 0},
	// Comprehensions, future imports, __debug__, assignment
	// expressions.
	{"x = [*a for a in b]", "SyntaxError", "iterable unpacking cannot be used in comprehension", 1},
	{"x = {*a for a in b}", "SyntaxError", "iterable unpacking cannot be used in comprehension", 1},
	{"x = (*a for a in b)", "SyntaxError", "iterable unpacking cannot be used in comprehension", 1},
	{"x = {**a for a in b}", "SyntaxError", "dict unpacking cannot be used in dict comprehension", 1},
	{"x = [a, b for a in c]", "SyntaxError", "did you forget parentheses around the comprehension target?", 1},
	{"x = {a, b for a in c}", "SyntaxError", "did you forget parentheses around the comprehension target?", 1},
	{"x = [a, for a in c]", "SyntaxError", "did you forget parentheses around the comprehension target?", 1},
	{"x = 1\nfrom __future__ import annotations", "SyntaxError", "from __future__ imports must occur at the beginning of the file", 2},
	{"\"\"\"doc\"\"\"\nfrom __future__ import annotations\nimport os", "", "", 0},
	{"from __future__ import braces", "SyntaxError", "not a chance", 1},
	{"from __future__ import nonexistent", "SyntaxError", "future feature nonexistent is not defined", 1},
	{"from __future__ import *", "SyntaxError", "future feature * is not defined", 1},
	{"\"\"\"d\"\"\"\n\"\"\"e\"\"\"\nfrom __future__ import annotations", "SyntaxError", "from __future__ imports must occur at the beginning of the file", 3},
	{"from __future__ import annotations\n\"\"\"d\"\"\"\nfrom __future__ import division", "SyntaxError", "from __future__ imports must occur at the beginning of the file", 3},
	{"def f():\n    from __future__ import annotations", "SyntaxError", "from __future__ imports must occur at the beginning of the file", 2},
	{"from __future__ import annotations, braces", "SyntaxError", "not a chance", 1},
	{"x = 1; from __future__ import annotations", "SyntaxError", "from __future__ imports must occur at the beginning of the file", 1},
	{"from __future__ import (annotations)\nfrom __future__ import division", "", "", 0},
	{"__debug__ = 1", "SyntaxError", "cannot assign to __debug__", 1},
	{"def f(__debug__): pass", "SyntaxError", "cannot assign to __debug__", 1},
	{"x.__debug__ = 1", "SyntaxError", "cannot assign to __debug__", 1},
	{"del __debug__", "SyntaxError", "cannot delete __debug__", 1},
	{"for __debug__ in x: pass", "SyntaxError", "cannot assign to __debug__", 1},
	{"f(__debug__=1)", "SyntaxError", "cannot assign to __debug__", 1},
	{"import __debug__", "SyntaxError", "cannot assign to __debug__", 1},
	{"x = (__debug__ := 1)", "SyntaxError", "cannot assign to __debug__", 1},
	{"del x.__debug__", "", "", 0},
	{"class __debug__: pass", "SyntaxError", "cannot assign to __debug__", 1},
	{"def __debug__(): pass", "SyntaxError", "cannot assign to __debug__", 1},
	{"try:\n  pass\nexcept E as __debug__:\n  pass", "SyntaxError", "cannot assign to __debug__", 3},
	{"with a as __debug__: pass", "SyntaxError", "cannot assign to __debug__", 1},
	{"lambda __debug__: 1", "SyntaxError", "cannot assign to __debug__", 1},
	{"__debug__ += 1", "SyntaxError", "cannot assign to __debug__", 1},
	{"__debug__: int", "SyntaxError", "cannot assign to __debug__", 1},
	{"x = __debug__", "", "", 0},
	{"x = [(x := 1) for x in y]", "SyntaxError", "assignment expression cannot rebind comprehension iteration variable 'x'", 1},
	{"x = [[(x := 1) for z in w] for x in y]", "SyntaxError", "assignment expression cannot rebind comprehension iteration variable 'x'", 1},
	{"class A:\n    x = [(y := 1) for z in w]", "SyntaxError", "assignment expression within a comprehension cannot be used in a class body", 2},
	{"x = [a for a in (b := c)]", "SyntaxError", "assignment expression cannot be used in a comprehension iterable expression", 1},
	{"x = [a for a in c for d in (e := f)]", "SyntaxError", "assignment expression cannot be used in a comprehension iterable expression", 1},
	{"x = [(y := a) for a in c]", "", "", 0},
	{"def f():\n    x = [(y := a) for a in c]\n    return y", "", "", 0},
	{"x = [a for a in c if (b := a)]", "", "", 0},
	{"x = [lambda: (x := 1) for x in y]", "", "", 0},
}
