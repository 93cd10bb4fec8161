package pyjson

import "testing"

// TestTruthy checks Python's bool() of each kind of JSON value, as
// Python answers it: bool(None), bool(0), bool(-0), bool(0.0), bool(""),
// bool([]), bool({}) are False, the rest True.
func TestTruthy(t *testing.T) {
	for in, want := range map[string]bool{
		`null`: false, `false`: false, `true`: true, `0`: false, `-0`: false, `7`: true,
		`0.0`: false, `-0.0`: false, `0.5`: true, `""`: false, `"0"`: true, `[]`: false, `[0]`: true,
		`{}`: false, `{"a": null}`: true,
	} {
		v, err := Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Truthy(); got != want {
			t.Errorf("bool(%s) = %v, want %v", in, got, want)
		}
	}
	if (*Value)(nil).Truthy() {
		t.Error("nil is true")
	}
}
