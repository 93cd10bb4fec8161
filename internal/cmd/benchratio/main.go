// Command benchratio reads `go test -bench` output and prints, for the
// benchmarks of issues 10 and 19, the median of each metric over the runs and the
// ratios the performance targets are stated in, each marked met or missed.
//
// Usage:
//
//	go test -run '^$' -bench . -benchmem -count 8 ./... | go run ./internal/cmd/benchratio
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// samples holds every value of every metric of every benchmark, by the
// benchmark's name. The -GOMAXPROCS suffix is dropped when every result of
// a benchmark has the same one, and kept (BenchmarkX-1, BenchmarkX-2) when
// a -cpu list ran it more than once.
type samples map[string]map[string][]float64

var procSuffix = regexp.MustCompile(`-\d+$`)

// parse reads benchmark result lines: name, iterations, then value/unit
// pairs.
func parse(r io.Reader) (samples, []string, error) {
	raw := samples{}
	var rawOrder []string
	procs := map[string]map[string]bool{} // base name -> suffixes seen
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		name := f[0]
		base := procSuffix.ReplaceAllString(name, "")
		if procs[base] == nil {
			procs[base] = map[string]bool{}
		}
		procs[base][name[len(base):]] = true
		if raw[name] == nil {
			raw[name] = map[string][]float64{}
			rawOrder = append(rawOrder, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			raw[name][f[i+1]] = append(raw[name][f[i+1]], v)
		}
	}
	s := samples{}
	var order []string
	for _, name := range rawOrder {
		key := name
		if base := procSuffix.ReplaceAllString(name, ""); len(procs[base]) == 1 {
			key = base
		}
		s[key] = raw[name]
		order = append(order, key)
	}
	return s, order, sc.Err()
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	c := append([]float64(nil), v...)
	sort.Float64s(c)
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}

// get returns the median of a metric and whether the benchmark ran.
func (s samples) get(name, unit string) (float64, bool) {
	m, ok := s[name]
	if !ok || len(m[unit]) == 0 {
		return 0, false
	}
	return median(m[unit]), true
}

// target is one performance target, a ratio or a figure, labelled as
// BENCHMARKS.md lists it.
type target struct {
	label string
	eval  func(s samples) (text string, met, ok bool)
}

func ratio(label, num, den string, max float64) target {
	return target{label, func(s samples) (string, bool, bool) {
		a, ok1 := s.get(num, "ns/op")
		b, ok2 := s.get(den, "ns/op")
		if !ok1 || !ok2 || b == 0 {
			return "", false, false
		}
		r := a / b
		return fmt.Sprintf("%.2f (target <= %g)", r, max), r <= max, true
	}}
}

func atLeast(label, name, unit string, min float64) target {
	return target{label, func(s samples) (string, bool, bool) {
		v, ok := s.get(name, unit)
		if !ok {
			return "", false, false
		}
		return fmt.Sprintf("%.3g %s (target >= %g)", v, unit, min), v >= min, true
	}}
}

func atMost(label, name, unit string, max float64) target {
	return target{label, func(s samples) (string, bool, bool) {
		v, ok := s.get(name, unit)
		if !ok {
			return "", false, false
		}
		return fmt.Sprintf("%.3g %s (target <= %g)", v, unit, max), v <= max, true
	}}
}

var targets = []target{
	// The first round's targets, kept where the second does not tighten them.
	ratio("10.1 DecodeState1k / FloorMapV2State1k", "BenchmarkDecodeState1k", "BenchmarkFloorMapV2State1k", 1),
	ratio("10.4 GetMessages token_limited n=10000 / n=1000", "BenchmarkGetMessages/token_limited/n=10000", "BenchmarkGetMessages/token_limited/n=1000", 20),
	ratio("10.4 GetMessages buffered n=10000 / n=1000", "BenchmarkGetMessages/buffered/n=10000", "BenchmarkGetMessages/buffered/n=1000", 20),
	ratio("10.4 GetMessages head_and_tail n=10000 / n=1000", "BenchmarkGetMessages/head_and_tail/n=10000", "BenchmarkGetMessages/head_and_tail/n=1000", 20),
	atLeast("10.5 EncodeText1MB", "BenchmarkEncodeText1MB", "tokens/s", 1e6),
	atMost("10.5 Encode100kSpaces", "BenchmarkEncode100kSpaces", "ns/op", 100e6),
	// The second round's targets.
	ratio("19.1 DecodeTranscript2k / FloorMapV2Transcript2k", "BenchmarkDecodeTranscript2k", "BenchmarkFloorMapV2Transcript2k", 1),
	ratio("19.2 EncodeState1k / FloorMarshalMapState1k", "BenchmarkEncodeState1k", "BenchmarkFloorMarshalMapState1k", 1),
	ratio("19.2 EncodeTranscript2k / FloorMarshalMapTranscript2k", "BenchmarkEncodeTranscript2k", "BenchmarkFloorMarshalMapTranscript2k", 1),
	ratio("19.3 ValidateState1k / DecodeState1k", "BenchmarkValidateState1k", "BenchmarkDecodeState1k", 1.5),
}

func main() {
	s, order, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchratio:", err)
		os.Exit(2)
	}
	if len(order) == 0 {
		fmt.Fprintln(os.Stderr, "benchratio: no benchmark results on stdin")
		os.Exit(2)
	}
	fmt.Println("| benchmark | runs | median ns/op | B/op | allocs/op | other |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, name := range order {
		m := s[name]
		ns, _ := s.get(name, "ns/op")
		bop, _ := s.get(name, "B/op")
		aop, _ := s.get(name, "allocs/op")
		var other []string
		var units []string
		for u := range m {
			if u != "ns/op" && u != "B/op" && u != "allocs/op" {
				units = append(units, u)
			}
		}
		sort.Strings(units)
		for _, u := range units {
			other = append(other, fmt.Sprintf("%.4g %s", median(m[u]), u))
		}
		fmt.Printf("| %s | %d | %.0f | %.0f | %.0f | %s |\n", strings.TrimPrefix(name, "Benchmark"), len(m["ns/op"]), ns, bop, aop, strings.Join(other, ", "))
	}
	fmt.Println()
	fmt.Println("| target | median figure | met |")
	fmt.Println("|---|---|---|")
	for _, t := range targets {
		text, met, ok := t.eval(s)
		if !ok {
			fmt.Printf("| %s | not run | |\n", t.label)
			continue
		}
		mark := "missed"
		if met {
			mark = "met"
		}
		fmt.Printf("| %s | %s | %s |\n", t.label, text, mark)
	}
}
