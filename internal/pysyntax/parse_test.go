package pysyntax

import "testing"

// TestParse: errors only a parser finds. Each expected class, message and
// line is what CPython 3.11's compile(src, "<string>", "exec") raised for
// the source, recorded by running it; "" expects the source to compile.
// They cover the generic "invalid syntax" (on the furthest token the
// first pass read), the forced tokens, the second pass's invalid_ rules
// this package knows, and the tokenizer errors that replace a parser
// error found before them.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		src, class, msg string
		line            int
	}{
		{"this is not python", "", "", 0}, // "this is not (python)": a comparison
		{"def add(a, b):\n    return a +\n", "SyntaxError", "invalid syntax", 2},
		{"a b", "SyntaxError", "invalid syntax", 1},
		{"class A x:\n  pass", "SyntaxError", "invalid syntax", 1},
		{"import a.b as c.d", "SyntaxError", "invalid syntax", 1},
		{"x: int, y: int = 1, 2", "SyntaxError", "invalid syntax", 1},
		{"if x:=\n pass", "SyntaxError", "invalid syntax", 1},
		{"try:\n  pass\nexcept E x:\n  pass", "SyntaxError", "invalid syntax", 3},
		{"x = 1\n  y = 2", "IndentationError", "unexpected indent", 2},
		// Forced tokens.
		{"def f()class :\n  pass", "SyntaxError", "expected ':'", 1},
		{"def f\n    return 1\n", "SyntaxError", "expected '('", 1},
		{"try x:\n  pass", "SyntaxError", "expected ':'", 1},
		{"if x:\n  pass\nelse x:\n  pass", "SyntaxError", "expected ':'", 3},
		{"match x:\n    case 1\n        pass", "SyntaxError", "expected ':'", 2},
		{"def f():\n\n\n", "IndentationError", "expected an indented block after function definition on line 1", 3},
		// invalid_expression and invalid_legacy_expression.
		{"x = {1: 2 3}", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1},
		{"f(x y)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1},
		{"x = [1 for x y]", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1},
		{"x = 1 if y", "SyntaxError", "expected 'else' after 'if' expression", 1},
		{"a = 1 if b = 2", "SyntaxError", "expected 'else' after 'if' expression", 1},
		{"print \"a\"", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1},
		{"x print y", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1},
		{"if 1:\n  x print y", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 2},
		{"print -1\nx = = 2", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1},
		// Assignments.
		{"f() = 1", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1},
		{"1 = x", "SyntaxError", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1},
		{"x.y + 1 = 2", "SyntaxError", "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1},
		{"if x = 1:\n pass", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1},
		{"a + 1 += 2", "SyntaxError", "'expression' is an illegal expression for augmented assignment", 1},
		{"a, b += 1", "SyntaxError", "'tuple' is an illegal expression for augmented assignment", 1},
		{"(a, b): int", "SyntaxError", "only single target (not tuple) can be annotated", 1},
		{"x = (yield) = 1", "SyntaxError", "cannot assign to yield expression", 1},
		{"del f()", "SyntaxError", "cannot delete function call", 1},
		{"for 1 in x:\n pass", "SyntaxError", "cannot assign to literal", 1},
		{"with a as f():\n pass", "SyntaxError", "cannot assign to function call", 1},
		{"x = (*a)", "SyntaxError", "cannot use starred expression here", 1},
		{"x = (**a)", "SyntaxError", "cannot use double starred expression here", 1},
		// Calls.
		{"f(a for a in b, c)", "SyntaxError", "Generator expression must be parenthesized", 1},
		{"f(**a, *b)", "SyntaxError", "iterable argument unpacking follows keyword argument unpacking", 1},
		{"f(a=1, b)", "SyntaxError", "positional argument follows keyword argument", 1},
		{"f(**a, b)", "SyntaxError", "positional argument follows keyword argument unpacking", 1},
		{"f(a.b=1)", "SyntaxError", "expression cannot contain assignment, perhaps you meant \"==\"?", 1},
		{"f(a, *b, c=1, *d)", "", "", 0},
		// Parameters.
		{"def f(a, b=1, *, c, d=2, e):\n pass", "", "", 0},
		{"def f(a=):\n pass", "SyntaxError", "expected default value expression", 1},
		{"def f(a=1, b):\n pass", "SyntaxError", "non-default argument follows default argument", 1},
		{"lambda a=1, b: 1", "SyntaxError", "non-default argument follows default argument", 1},
		{"def f((a, b)):\n pass", "SyntaxError", "Function parameters cannot be parenthesized", 1},
		{"lambda (a): 1", "SyntaxError", "Lambda expression parameters cannot be parenthesized", 1},
		{"def f(*):\n pass", "SyntaxError", "named arguments must follow bare *", 1},
		{"def f(*, **k):\n pass", "SyntaxError", "named arguments must follow bare *", 1},
		{"def f(**k, a):\n pass", "SyntaxError", "arguments cannot follow var-keyword argument", 1},
		{"def f(*a=1):\n pass", "SyntaxError", "var-positional argument cannot have default value", 1},
		{"def f(**k=1):\n pass", "SyntaxError", "var-keyword argument cannot have default value", 1},
		{"def f(a, /, b, /):\n pass", "SyntaxError", "/ may appear only once", 1},
		{"def f(/, a):\n pass", "SyntaxError", "at least one argument must precede /", 1},
		{"def f(*a, *b):\n pass", "SyntaxError", "* argument may appear only once", 1},
		{"def f(*a, /):\n pass", "SyntaxError", "/ must be ahead of *", 1},
		{"try:\n pass\nexcept E, F:\n pass", "SyntaxError", "multiple exception types must be parenthesized", 3},
		// A tokenizer error further on replaces the parser's.
		{"x = (1 2\ny = 3\n", "SyntaxError", "'(' was never closed", 1},
		{"def f():\n    return\n  x = 1", "IndentationError", "unindent does not match any outer indentation level", 3},
	} {
		e := Check(tc.src)
		switch {
		case tc.class == "" && e != nil:
			t.Errorf("%q: refused: %s: %v", tc.src, e.Class, e)
		case tc.class != "" && e == nil:
			t.Errorf("%q: accepted; CPython raises %s: %s", tc.src, tc.class, tc.msg)
		case tc.class != "" && (e.Class != tc.class || e.Msg != tc.msg || e.Line != tc.line):
			t.Errorf("%q: %s: %s (line %d), want %s: %s (line %d)", tc.src, e.Class, e.Msg, e.Line, tc.class, tc.msg, tc.line)
		case tc.class != "" && !e.Exact && tc.msg != "'(' was never closed":
			t.Errorf("%q: right, but not marked exact", tc.src)
		}
	}
}
