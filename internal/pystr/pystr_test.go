package pystr_test

import (
	"testing"

	"github.com/agentschema/agentschema/internal/pystr"
)

func TestPyStr(t *testing.T) {
	tests := []struct {
		s             string
		isSpace       bool
		strip, rstrip string
	}{
		{"", false, "", ""},
		{" \t\n\v\f\r", true, "", ""},
		{"\x1c\x1d\x1e\x1f\u0085\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000", true, "", ""},
		{"\u200b", false, "\u200b", "\u200b"}, // ZERO WIDTH SPACE is not white space in Python
		{" a b\u3000", false, "a b", " a b"},
		{"\u00a0x\x1c", false, "x", "\u00a0x"},
	}
	for _, tt := range tests {
		if got := pystr.IsSpace(tt.s); got != tt.isSpace {
			t.Errorf("IsSpace(%q) = %v", tt.s, got)
		}
		if got := pystr.Strip(tt.s); got != tt.strip {
			t.Errorf("Strip(%q) = %q, want %q", tt.s, got, tt.strip)
		}
		if got := pystr.RStrip(tt.s); got != tt.rstrip {
			t.Errorf("RStrip(%q) = %q, want %q", tt.s, got, tt.rstrip)
		}
	}
}
