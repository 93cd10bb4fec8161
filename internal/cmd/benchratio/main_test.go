package main

import (
	"strings"
	"testing"
)

func TestParseAndMedian(t *testing.T) {
	in := `goos: linux
BenchmarkDecodeState1k-2   	 100	 5000000 ns/op	 200.0 MB/s	 7.4 allocs/msg	 2000 B/op	 10 allocs/op
BenchmarkDecodeState1k-2   	 100	 7000000 ns/op	 200.0 MB/s	 7.4 allocs/msg	 2000 B/op	 10 allocs/op
BenchmarkDecodeState1k-2   	 100	 6000000 ns/op	 200.0 MB/s	 7.4 allocs/msg	 2000 B/op	 10 allocs/op
BenchmarkFloorMapV2State1k-2	 100	 6500000 ns/op
BenchmarkGetMessages/token_limited/n=1000-2	 10	 100 ns/op
PASS
`
	s, order, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(order) != 3 || order[0] != "BenchmarkDecodeState1k" || order[2] != "BenchmarkGetMessages/token_limited/n=1000" {
		t.Fatalf("order %v", order)
	}
	// The median of 5, 7 and 6 ms.
	if v, _ := s.get("BenchmarkDecodeState1k", "ns/op"); v != 6000000 {
		t.Fatalf("median %v, want 6e6", v)
	}
	text, met, ok := byLabel(t, "10.1 DecodeState1k / FloorMapV2State1k").eval(s)
	// 6.0 / 6.5 = 0.923...
	if !ok || !met || !strings.HasPrefix(text, "0.92") {
		t.Fatalf("target 1: %q met=%v ok=%v", text, met, ok)
	}
	if _, _, ok := byLabel(t, "19.3 ValidateState1k / DecodeState1k").eval(s); ok {
		t.Fatal("target 3 evaluated without ValidateState1k")
	}
	if median([]float64{4, 1, 3, 2}) != 2.5 {
		t.Fatal("even median")
	}
}

func byLabel(t *testing.T, label string) target {
	t.Helper()
	for _, tg := range targets {
		if tg.label == label {
			return tg
		}
	}
	t.Fatalf("no target %q", label)
	return target{}
}

// A -cpu 1,2 run keeps the two figures apart; a plain run drops the suffix.
func TestParseCPUList(t *testing.T) {
	in := `BenchmarkDecodeTranscript2k-1   	 10	 9000000 ns/op
BenchmarkDecodeTranscript2k-2   	 10	 6000000 ns/op
BenchmarkDecodeTranscript2k-1   	 10	 11000000 ns/op
BenchmarkFloorMapV2Transcript2k-2	 10	 8000000 ns/op
`
	s, order, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"BenchmarkDecodeTranscript2k-1", "BenchmarkDecodeTranscript2k-2", "BenchmarkFloorMapV2Transcript2k"}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Fatalf("order %v, want %v", order, want)
	}
	if v, _ := s.get("BenchmarkDecodeTranscript2k-1", "ns/op"); v != 10000000 {
		t.Fatalf("median of -1: %v, want 1e7", v)
	}
}

// Each issue-19 target is the ratio the issue states.
func TestIssue19Targets(t *testing.T) {
	in := `BenchmarkDecodeTranscript2k-2 1 900 ns/op
BenchmarkFloorMapV2Transcript2k-2 1 1000 ns/op
BenchmarkEncodeState1k-2 1 1100 ns/op
BenchmarkFloorMarshalMapState1k-2 1 1000 ns/op
BenchmarkEncodeTranscript2k-2 1 1000 ns/op
BenchmarkFloorMarshalMapTranscript2k-2 1 1000 ns/op
BenchmarkValidateState1k-2 1 1600 ns/op
BenchmarkDecodeState1k-2 1 1000 ns/op
`
	s, _, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		label, text string
		met         bool
	}{
		{"19.1 DecodeTranscript2k / FloorMapV2Transcript2k", "0.90 (target <= 1)", true},
		{"19.2 EncodeState1k / FloorMarshalMapState1k", "1.10 (target <= 1)", false},
		{"19.2 EncodeTranscript2k / FloorMarshalMapTranscript2k", "1.00 (target <= 1)", true},
		{"19.3 ValidateState1k / DecodeState1k", "1.60 (target <= 1.5)", false},
	} {
		text, met, ok := byLabel(t, c.label).eval(s)
		if !ok || text != c.text || met != c.met {
			t.Errorf("%s: %q met=%v ok=%v, want %q met=%v", c.label, text, met, ok, c.text, c.met)
		}
	}
}
