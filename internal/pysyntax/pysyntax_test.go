package pysyntax

import "testing"

// TestCheck: each case's expected error is what CPython 3.11's
// compile(src, "<string>", "exec") raised for it (class, message, line),
// recorded by running it; sources it compiles expect none. The sources
// that compile cover what a tokenizer must not take for an error: quotes
// in comments and strings, f-strings, byte and raw prefixes, escaped
// quotes, brackets spanning lines (where indentation does not count),
// colons inside brackets and walrus, line continuations, tabs used alike,
// decorators, match statements.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		src, class, msg string
		line            int
		unsure          bool
	}{
		{src: "def f(x:\n    return x\n", class: "SyntaxError", msg: "'(' was never closed", line: 1},
		{src: "def f(x):\n    return (x\n", class: "SyntaxError", msg: "'(' was never closed", line: 2},
		{src: "def f(x):\n    return x)\n", class: "SyntaxError", msg: "unmatched ')'", line: 2},
		{src: "def f(x):\n    return [x)\n", class: "SyntaxError", msg: "closing parenthesis ')' does not match opening parenthesis '['", line: 2},
		{src: "def f(x):\n    y = [x,\n         1)\n    return y\n", class: "SyntaxError", msg: "closing parenthesis ')' does not match opening parenthesis '[' on line 2", line: 3},
		{src: "def f(x):\n    return \"abc\n", class: "SyntaxError", msg: "unterminated string literal (detected at line 2)", line: 2},
		{src: "def f(x):\n    return 'abc\\\n    def\n", class: "SyntaxError", msg: "unterminated string literal (detected at line 3)", line: 2},
		{src: "def f(x):\n    \"\"\"doc\n    return x\n", class: "SyntaxError", msg: "unterminated triple-quoted string literal (detected at line 3)", line: 2},
		{src: "    def f(x):\n        return x\n", class: "IndentationError", msg: "unexpected indent", line: 1},
		{src: "def f(x):\n    y = 1\n        return y\n", class: "IndentationError", msg: "unexpected indent", line: 3},
		{src: "def f(x):\n        y = 1\n    return y\n", class: "IndentationError", msg: "unindent does not match any outer indentation level", line: 3},
		{src: "def f(x):\n\tif x:\n        \treturn 1\n\treturn 2\n"},
		{src: "def f(x):\n    if x:\n\treturn 1\n    return 2\n", class: "TabError", msg: "inconsistent use of tabs and spaces in indentation", line: 3},
		{src: "def f(x):\n    return {\"a\": 1]\n", class: "SyntaxError", msg: "closing parenthesis ']' does not match opening parenthesis '{'", line: 2},
		{src: "def f(x):\n    return x}\n", class: "SyntaxError", msg: "unmatched '}'", line: 2},
		{src: "import math\ndef f(x):\n    return math.sqrt(x\n", class: "SyntaxError", msg: "'(' was never closed", line: 3},
		{src: "x = 1\n"},
		{src: "x = \"\"\"\n\n", class: "SyntaxError", msg: "unterminated triple-quoted string literal (detected at line 2)", line: 1},
		{src: "def f(x: int) -> int:\n    \"\"\"Doc with 'quotes' and \"more\".\n    \"\"\"\n    return x + 1\n"},
		{src: "async def f(a, b):\n    d = {\"k\": [1, 2,\n          3], \"s\": a[1:\n    2]}\n    return d  # comment with \"quote\n"},
		{src: "def f(s):\n    return f\"{s!r:>10} {s['a']}\" + rb'\\x00' + Rb\"\\\\\"\n"},
		{src: "def f(x):\n    if (n := len(x)) > 2:\n        return n\n    y = x \\\n        + 1\n    return y\n"},
		{src: "def f(x):\n\tif x:\n\t\treturn 1\n\treturn 2\n"},
		{src: "@decorator(arg=1)\ndef f(x):\n    match x:\n        case [a, *rest]:\n            return a\n        case _:\n            return lambda y: y\n"},
		{src: "class A:\n    def f(self):\n        s = \"\"\"a\n  b\n\"\"\"\n        return s\n\n\ndef g():\n    return A().f()\n"},
		{src: "def f():\n    x = 1; y = 2\n    return x if y else \"\\\"quoted\\\"\"\n"},
		{src: "# comment (\ndef f(x):\n    return x\n"},
		{src: "def f():\n    s = 'it\\'s'\n    return s\n"},
		// Headers: a def or class without its ':', a compound statement
		// without its block; the cases marked unsure do not compile but
		// are not refused (CPython's line or message depends on more than
		// the tokens).
		{src: "def f(x)\n    return x\n", class: "SyntaxError", msg: "expected ':'", line: 1},
		{src: "def f(x) -> int\n    return x\n", class: "SyntaxError", msg: "expected ':'", line: 1},
		{src: "def f(\n  x)\n    return x\n", class: "SyntaxError", msg: "expected ':'", line: 2},
		{src: "def f(x):\nreturn x\n", class: "IndentationError", msg: "expected an indented block after function definition on line 1", line: 2},
		{src: "def f(x):\n\nx = 1\n", class: "IndentationError", msg: "expected an indented block after function definition on line 1", line: 3},
		{src: "class A:\ndef f(self): pass\n", class: "IndentationError", msg: "expected an indented block after class definition on line 1", line: 2},
		{src: "def f(x):\n    if x:\n    return 1\n", class: "IndentationError", msg: "expected an indented block after 'if' statement on line 2", line: 3},
		{src: "def f(x):\n    for i in x:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'for' statement on line 2", line: 3},
		{src: "def f(x):\n", class: "IndentationError", msg: "expected an indented block after function definition on line 1", line: 1},
		{src: "def f(x):\n    # c\n", class: "IndentationError", msg: "expected an indented block after function definition on line 1", line: 2},
		{src: "async def f(x):\nreturn x\n", class: "IndentationError", msg: "expected an indented block after function definition on line 1", line: 2},
		{src: "def f(x):\n    while x:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'while' statement on line 2", line: 3},
		{src: "def f(x):\n    try:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'try' statement on line 2", line: 3},
		{src: "def f(x):\n    with x:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'with' statement on line 2", line: 3},
		{src: "def f(x):\n    if x:\n        pass\n    else:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'else' statement on line 4", line: 5},
		{src: "def f(x):\n    if x:\n        pass\n    elif x:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'elif' statement on line 4", line: 5},
		{src: "def f(x):\n    try:\n        pass\n    except E:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'except' statement on line 4", line: 5},
		{src: "def f(x):\n    try:\n        pass\n    finally:\n    pass\n", class: "IndentationError", msg: "expected an indented block after 'finally' statement on line 4", line: 5},
		{src: "class A\n    pass\n", class: "SyntaxError", msg: "expected ':'", line: 1},
		{src: "def f(x): return x\ny = 2\n"},
		{src: "def f():\n    if x:\nx = \"abc\n", class: "SyntaxError", msg: "unterminated string literal (detected at line 3)", line: 3},
		{src: "def f\n    return 1\n", class: "SyntaxError", msg: "expected '('", line: 1},
		{src: "def f(x) -> int", class: "SyntaxError", msg: "expected ':'", line: 1},
		{src: "def add(a: int, b: int) -> int\n    \"\"\"Add.\"\"\"\n    return a + b\n", class: "SyntaxError", msg: "expected ':'", line: 1},
		{src: "import math\n\ndef f(x):\nreturn math.sqrt(x)\n", class: "IndentationError", msg: "expected an indented block after function definition on line 3", line: 4},
		{src: "def f(x):\n    if x > 1:\n    return 2\n    return 1\n", class: "IndentationError", msg: "expected an indented block after 'if' statement on line 2", line: 3},
	} {
		err := Check(tc.src)
		switch {
		case tc.unsure:
			if err != nil {
				t.Errorf("%q: refused as %s: %v; it is one this package cannot be sure of", tc.src, err.Class, err)
			}
		case tc.class == "" && err != nil:
			t.Errorf("%q: refused: %s: %v", tc.src, err.Class, err)
		case tc.class != "" && err == nil:
			t.Errorf("%q: accepted; CPython raises %s: %s", tc.src, tc.class, tc.msg)
		case tc.class != "" && (err.Class != tc.class || err.Msg != tc.msg || err.Line != tc.line):
			t.Errorf("%q: %s: %s (line %d), want %s: %s (line %d)", tc.src, err.Class, err.Msg, err.Line, tc.class, tc.msg, tc.line)
		}
	}
}

// TestExact: a bracket never closed is CPython's error when the parser
// reaches the end of the source inside it, or fails further on than its
// line; a parser error before it stands (both recorded from CPython 3.11).
func TestExact(t *testing.T) {
	if e := Check("def f(x:\n    return x\n"); e == nil || !e.Exact || e.Error() != "'(' was never closed (<string>, line 1)" {
		t.Errorf("never closed: %+v", e)
	}
	if e := Check("x = 1 1\ny = (\n"); e == nil || !e.Exact || e.Error() != "invalid syntax (<string>, line 1)" {
		t.Errorf("parser error first: %+v", e)
	}
	if e := Check("def f(x):\n    return x)\n"); e == nil || !e.Exact || e.Error() != "unmatched ')' (<string>, line 2)" {
		t.Errorf("unmatched: %+v", e)
	}
}

// FuzzCheck: Check never panics or loops on any input, and takes time
// linear in it (the nested brackets seed took exponential time once).
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"def f(x):\n    return (x\n", "x = '''\n", "\tdef f():\n  pass", "f'{x['", "a\\\r\nb", "f\"{a\" \"b\"", "(((((((((((((((((((((((((((((@((((((((((((h(((((((((((((((((((((", "print -1\nx = = 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_ = Check(src)
	})
}
