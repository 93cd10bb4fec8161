// Command benchratio reads `go test -bench` output and prints, for the
// benchmarks of issue 10, the median of each metric over the runs and the
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
// benchmark's name without its -GOMAXPROCS suffix.
type samples map[string]map[string][]float64

var procSuffix = regexp.MustCompile(`-\d+$`)

// parse reads benchmark result lines: name, iterations, then value/unit
// pairs.
func parse(r io.Reader) (samples, []string, error) {
	s := samples{}
	var order []string
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
		name := procSuffix.ReplaceAllString(f[0], "")
		if s[name] == nil {
			s[name] = map[string][]float64{}
			order = append(order, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			s[name][f[i+1]] = append(s[name][f[i+1]], v)
		}
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

// target is one ratio or figure of issue 10.
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
	ratio("1. DecodeState1k / FloorMapV2State1k", "BenchmarkDecodeState1k", "BenchmarkFloorMapV2State1k", 1),
	ratio("2. EncodeState1k / FloorMarshalMapState1k", "BenchmarkEncodeState1k", "BenchmarkFloorMarshalMapState1k", 2),
	ratio("3. ValidateState1k / DecodeState1k", "BenchmarkValidateState1k", "BenchmarkDecodeState1k", 3),
	ratio("4. GetMessages token_limited n=10000 / n=1000", "BenchmarkGetMessages/token_limited/n=10000", "BenchmarkGetMessages/token_limited/n=1000", 20),
	ratio("4. GetMessages buffered n=10000 / n=1000", "BenchmarkGetMessages/buffered/n=10000", "BenchmarkGetMessages/buffered/n=1000", 20),
	ratio("4. GetMessages head_and_tail n=10000 / n=1000", "BenchmarkGetMessages/head_and_tail/n=10000", "BenchmarkGetMessages/head_and_tail/n=1000", 20),
	atLeast("5. EncodeText1MB", "BenchmarkEncodeText1MB", "tokens/s", 1e6),
	atMost("5. Encode100kSpaces", "BenchmarkEncode100kSpaces", "ns/op", 100e6),
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
