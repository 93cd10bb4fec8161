package pytime

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// generalParse is ParseString without its fast path.
func generalParse(s string) (DateTime, error) {
	f, err := parseDateTime(s)
	if err != "" {
		return DateTime{}, fmt.Errorf("%s", err)
	}
	return toPython(f)
}

// TestParseUTCMicros: the fast path gives what the general way gives,
// to the bit (time.Time compared with ==), for random datetimes of years
// 1 to 9999 and the edges; it declines days past 28 and anything not in
// its one layout, and those still parse the general way.
func TestParseUTCMicros(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var texts []string
	for range 20000 {
		texts = append(texts, fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d.%06dZ",
			1+rng.IntN(9999), 1+rng.IntN(12), 1+rng.IntN(31), rng.IntN(24), rng.IntN(60), rng.IntN(60), rng.IntN(1000000)))
	}
	texts = append(texts, "0001-01-01T00:00:00.000000Z", "9999-12-28T23:59:59.999999Z", "1970-01-01T00:00:00.000000Z",
		"1969-12-31T23:59:59.999999Z", "2000-02-28T12:00:00.000001Z", "2024-02-28T00:00:00.000000Z", "1600-03-01T00:00:00.000000Z",
		"2025-06-01T12:00:02.180931Z")
	decided := 0
	for _, s := range texts {
		fast, ok := parseUTCMicros(s)
		want, werr := generalParse(s)
		if !ok {
			continue
		}
		decided++
		if werr != nil || fast != want || fast.Time() != want.Time() {
			t.Fatalf("%s: fast %v, general %v (%v)", s, fast, want, werr)
		}
	}
	if decided < 15000 {
		t.Fatalf("the fast path decided %d of %d", decided, len(texts))
	}
	for _, s := range []string{
		"2025-06-29T12:00:02.180931Z",  // day 29: the general way
		"2025-13-01T12:00:02.180931Z",  // month 13: the general way's error
		"0000-01-01T00:00:00.000000Z",  // year 0: the general way's error
		"2025-06-01T24:00:00.000000Z",  // hour 24
		"2025-06-01t12:00:02.180931Z",  // lower-case t
		"2025-06-01T12:00:02.180931z",  // lower-case z
		"2025-06-01T12:00:02.18093xZ",  // not a digit
		"2025-06-01T12:00:02.1809311Z", // seven fraction digits
		"2025-06-01 12:00:02.180931Z",  // space
		"2025-06-01T12:00:02,180931Z",  // comma
	} {
		if _, ok := parseUTCMicros(s); ok {
			t.Errorf("%s: the fast path decided", s)
		}
		got, gerr := ParseString(s)
		want, werr := generalParse(s)
		if (gerr == nil) != (werr == nil) || (gerr == nil && got != want) {
			t.Errorf("%s: ParseString %v (%v), general %v (%v)", s, got, gerr, want, werr)
		}
	}
}

func BenchmarkParseStringUTCMicros(b *testing.B) {
	for b.Loop() {
		if _, err := ParseString("2025-06-01T12:00:02.180931Z"); err != nil {
			b.Fatal(err)
		}
	}
}
