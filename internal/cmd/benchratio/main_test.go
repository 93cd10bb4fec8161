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
	text, met, ok := targets[0].eval(s)
	// 6.0 / 6.5 = 0.923...
	if !ok || !met || !strings.HasPrefix(text, "0.92") {
		t.Fatalf("target 1: %q met=%v ok=%v", text, met, ok)
	}
	if _, _, ok := targets[2].eval(s); ok {
		t.Fatal("target 3 evaluated without ValidateState1k")
	}
	if median([]float64{4, 1, 3, 2}) != 2.5 {
		t.Fatal("even median")
	}
}
