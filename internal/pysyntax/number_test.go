package pysyntax

import "testing"

// TestNumbers: numeric literals as CPython 3.11's tokenizer reads them.
// Each expected message is what compile(src, "<string>", "exec") raised,
// recorded by running it ("" where it compiles, "invalid syntax" where
// the literal is read and the parser refuses what follows).
func TestNumbers(t *testing.T) {
	for _, tc := range []struct{ src, msg string }{
		{"x = 1abc", "invalid decimal literal"},
		{"x = 0777", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"},
		{"x = 0o78", "invalid digit '8' in octal literal"},
		{"x = 0o", "invalid octal literal"},
		{"x = 0x", "invalid hexadecimal literal"},
		{"x = 0xg", "invalid hexadecimal literal"},
		{"x = 0b12", "invalid digit '2' in binary literal"},
		{"x = 0b", "invalid binary literal"},
		{"x = 1__0", "invalid decimal literal"},
		{"x = 1_", "invalid decimal literal"},
		{"x = 1.5x", "invalid decimal literal"},
		{"x = 1e5x", "invalid decimal literal"},
		{"x = 1e", "invalid decimal literal"},
		{"x = 1e+", "invalid decimal literal"},
		{"x = 1jx", "invalid imaginary literal"},
		{"x = 0b1_", "invalid binary literal"},
		{"x = 1.x", "invalid decimal literal"},
		{"x = 1._5", "invalid decimal literal"},
		{"x = 1 +2x", "invalid decimal literal"},
		{"x = 0x1for", "invalid syntax"},
		{"x = 1else", "invalid syntax"},
		{"x = 1if 1 else 2", ""},
		{"x = 1.e5", ""},
		{"x = .5", ""},
		{"x = 00", ""},
		{"x = 0_0", ""},
		{"x = 1_000.000_1e1_0j", ""},
		{"x = 0o7_7", ""},
		{"x = 09.5", ""},
		{"x = 09j", ""},
		{"x = 09e1", ""},
	} {
		e := Check(tc.src)
		switch {
		case tc.msg == "" && e != nil:
			t.Errorf("%q: refused: %v", tc.src, e)
		case tc.msg != "" && e == nil:
			t.Errorf("%q: accepted; CPython raises %s", tc.src, tc.msg)
		case tc.msg != "" && (e.Msg != tc.msg || e.Line != 1 || !e.Exact):
			t.Errorf("%q: %v (exact %v), want %s (line 1)", tc.src, e, e.Exact, tc.msg)
		}
	}
}

// TestAfterFString: the tokenizer's errors after an f-string that another
// string follows on its line (which the token scan alone does not read
// past) are found by the lexer. Recorded from CPython 3.11.
func TestAfterFString(t *testing.T) {
	for _, tc := range []struct {
		src, class, msg string
		line            int
	}{
		{"x = f\"{a}\" + \"b\"\ny = 1abc", "SyntaxError", "invalid decimal literal", 2},
		{"x = f\"{a}\" + \"b\"\ny = (1]", "SyntaxError", "closing parenthesis ']' does not match opening parenthesis '('", 2},
		{"x = f\"{a}\" + \"b\"\nif x:\n        y = 1\n    z = 2", "IndentationError", "unindent does not match any outer indentation level", 4},
	} {
		e := Check(tc.src)
		if e == nil || e.Class != tc.class || e.Msg != tc.msg || e.Line != tc.line || !e.Exact {
			t.Errorf("%q: %+v, want %s: %s (line %d)", tc.src, e, tc.class, tc.msg, tc.line)
		}
	}
}
