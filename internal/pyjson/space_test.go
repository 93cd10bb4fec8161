package pyjson

import "testing"

func TestSkipSpace(t *testing.T) {
	tests := []struct {
		data string
		p    int
		want int
	}{
		{"", 0, 0},
		{"   ", 0, 3},
		{" \t\r\n{", 0, 4},
		{"a  b", 1, 3},
		{"a  b", 3, 3},
		{"\v x", 0, 0},    // vertical tab is not JSON white space
		{"\u00a0x", 0, 0}, // nor is a no-break space
		{"  ", 5, 5},      // past the end: left as is
	}
	for _, tt := range tests {
		if got := SkipSpace([]byte(tt.data), tt.p); got != tt.want {
			t.Errorf("SkipSpace(%q, %d) = %d, want %d", tt.data, tt.p, got, tt.want)
		}
	}
}

func TestSameScalar(t *testing.T) {
	str := func(s string) Value { return Value{Kind: Str, Str: s} }
	tests := []struct {
		a, b Value
		want bool
	}{
		{str("a"), str("a"), true},
		{str("a"), str("b"), false},
		{Value{Kind: Int, Int: "1"}, Value{Kind: Int, Int: "1"}, true},
		{Value{Kind: Int, Int: "1"}, Value{Kind: Float, Float: 1}, false}, // 1 and 1.0: not the same type
		{Value{Kind: Float, Float: 0.5}, Value{Kind: Float, Float: 0.5}, true},
		{Value{Kind: Bool, Bool: true}, Value{Kind: Int, Int: "1"}, false},
		{Value{Kind: Bool, Bool: false}, Value{Kind: Bool, Bool: false}, true},
		{Value{Kind: None}, Value{Kind: None}, false}, // not a scalar here
		{Value{Kind: List}, Value{Kind: List}, false},
	}
	for _, tt := range tests {
		if got := tt.a.SameScalar(&tt.b); got != tt.want {
			t.Errorf("%v.SameScalar(%v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
