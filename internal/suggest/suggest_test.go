package suggest

import "testing"

func TestNearest(t *testing.T) {
	names := []string{"normalize", "validate", "tokens", "autogen_agentchat.conditions.MaxMessageTermination"}
	for _, tc := range []struct{ in, want string }{
		{"Validate", "validate"},   // case only
		{"normalise", "normalize"}, // one edit
		{"tokns", "tokens"},        // one edit in 5 runes
		{"tk", ""},                 // too far for its length
		{"xyz", ""},                // nothing near
		{"autogen_agentchat.conditions.MaxMesageTermination", "autogen_agentchat.conditions.MaxMessageTermination"},
		{"my.Termination", ""},
	} {
		if got := Nearest(tc.in, names); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"héllo", "hello", 1}} {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
