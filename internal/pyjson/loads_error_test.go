package pyjson

import "testing"

// TestLoadsErrorText: Python 3.11's json.loads messages for the same
// inputs (places in characters, lines and columns from 1, char from 0).
func TestLoadsErrorText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "Expecting value: line 1 column 1 (char 0)"},
		{"{bad", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"},
		{"[1 2]", "Expecting ',' delimiter: line 1 column 4 (char 3)"},
		{"{\"a\" 1}", "Expecting ':' delimiter: line 1 column 6 (char 5)"},
		{"1 2", "Extra data: line 1 column 3 (char 2)"},
		{"[\n\"é\" x]", "Expecting ',' delimiter: line 2 column 5 (char 6)"},
	} {
		_, err := Parse([]byte(tc.in))
		if err == nil {
			t.Fatalf("%q parsed", tc.in)
		}
		if got := LoadsErrorText([]byte(tc.in), err); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}
