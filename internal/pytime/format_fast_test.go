package pytime

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// referenceText is the datetime's text made the way appendText made it
// before it computed the calendar itself: the fields as time.Time's Date
// and Clock read them in d.t's location, printed with Sprintf, then the
// offset as speedate prints it (whole minutes toward zero, the sign of
// the offset in seconds).
func referenceText(d DateTime) string {
	t := d.Time()
	y, mo, day := t.Date()
	h, mi, s := t.Clock()
	sign := ""
	if y < 0 { // a sign, then four digits at least
		sign, y = "-", -y
	}
	out := sign + fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d", y, mo, day, h, mi, s)
	if us := t.Nanosecond() / 1000; us != 0 {
		out += fmt.Sprintf(".%06d", us)
	}
	off, aware := d.UTCOffset()
	switch {
	case !aware:
	case off == 0:
		out += "Z"
	case off < 0:
		out += fmt.Sprintf("-%02d:%02d", -off/60/60, -off/60%60)
	default:
		out += fmt.Sprintf("+%02d:%02d", off/60/60, off/60%60)
	}
	return out
}

// TestCivilFromDays: every day of years 1 to 9999, against time.Time's
// calendar.
func TestCivilFromDays(t *testing.T) {
	for days := int64(0); ; days++ {
		tm := time.Unix(unixYear1+days*secondsPerDay, 0).UTC()
		y, mo, d := tm.Date()
		if y == 10000 {
			if days != 3652059 {
				t.Fatalf("%d days in years 1 to 9999", days)
			}
			return
		}
		gy, gm, gd := civilFromDays(uint32(days))
		if int(gy) != y || time.Month(gm) != mo || int(gd) != d {
			t.Fatalf("day %d: %d-%d-%d, want %v", days, gy, gm, gd, tm)
		}
	}
}

// edgeInstants are wall clocks where calendars go wrong: the ends of
// Python's range, century years (leap or not), leap days, the ends of
// months and years, the epoch.
func edgeInstants() []time.Time {
	var ts []time.Time
	for _, y := range []int{1, 2, 3, 4, 99, 100, 400, 1582, 1600, 1700, 1899, 1900, 1904, 1969, 1970, 1999, 2000, 2001, 2024, 2100, 2400, 9996, 9999} {
		for _, md := range [][2]int{{1, 1}, {2, 28}, {2, 29}, {3, 1}, {12, 31}} {
			for _, clock := range [][4]int{{0, 0, 0, 0}, {23, 59, 59, 999999}, {12, 30, 1, 1}} {
				ts = append(ts, time.Date(y, time.Month(md[0]), md[1], clock[0], clock[1], clock[2], clock[3]*1000, time.UTC))
			}
		}
	}
	return ts
}

// edgeOffsets are UTC offsets in seconds: zero, whole hours and minutes
// either way, seconds (printed toward zero), and the largest Python holds.
var edgeOffsets = []int{0, 3600, -3600, 5*3600 + 1800, -(8*3600 + 30*60), -30, 59, 61, -61, 14 * 3600, -12 * 3600, 86399, -86399}

// TestAppendTextDifferential: appendText gives referenceText's text for
// aware and naive datetimes at the edges, with every edge offset, and at
// random instants of years 1 to 9999 with random offsets, with the
// microseconds zero or not.
func TestAppendTextDifferential(t *testing.T) {
	var ds []DateTime
	for _, wall := range edgeInstants() {
		ds = append(ds, FromNaive(wall))
		for _, off := range edgeOffsets {
			// The wall clock as given, in a zone with the offset.
			ds = append(ds, FromTime(time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), wall.Nanosecond(), zoneFor(off))))
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 50000 {
		sec := unixYear1 + r.Int64N(unixYear10000-unixYear1)
		ns := r.Int64N(1e9)
		if r.IntN(3) == 0 {
			ns = 0
		}
		off := r.IntN(2*86399+1) - 86399
		if r.IntN(2) == 0 {
			off -= off % 60
		}
		wall := time.Unix(sec, ns).UTC()
		ds = append(ds, FromNaive(wall),
			FromTime(time.Unix(sec-int64(off), ns).In(time.FixedZone("", off))))
	}
	for _, d := range ds {
		want := referenceText(d)
		if got := d.String(); got != want {
			t.Fatalf("%v (offset %d, naive %v): %s, want %s", d.Time(), d.offset, d.naive, got, want)
		}
	}
	// Parsed datetimes too, through both ways of parsing.
	for _, s := range []string{"2000-02-29T23:59:59.000001+23:59", "2100-02-28T00:00:00-23:59", "0001-01-01T00:00:00+01:00",
		"0001-01-01T00:00:00-00:01", "9999-12-31T23:59:59.999999-05:00", "9999-12-31T23:59:59+00:00", "1600-02-29", "1900-02-28T12:00:00.5"} {
		d, err := ParseString(s)
		if err != nil {
			t.Fatal(s, err)
		}
		if got, want := d.String(), referenceText(d); got != want {
			t.Errorf("%s: %s, want %s", s, got, want)
		}
	}
}

// TestAppendTextByHand: texts worked out by hand, each also what pydantic
// 2 (AutoGen 0.7.5's) wrote with model_dump_json for a datetime field given
// the input.
func TestAppendTextByHand(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"},
		{"1900-02-28T23:59:59.999999", "1900-02-28T23:59:59.999999"},
		{"2100-03-01T00:00:00.000001-00:30", "2100-03-01T00:00:00.000001-00:30"},
		{"1600-02-29T12:34:56+14:00", "1600-02-29T12:34:56+14:00"},
		{"0001-01-01T00:00:00+23:59", "0001-01-01T00:00:00+23:59"},
		{"9999-12-31T23:59:59.999999-23:59", "9999-12-31T23:59:59.999999-23:59"},
		{"2024-12-31T23:59:60Z", ""}, // no leap seconds: refused
		{"2025-06-01T12:00:02.180931Z", "2025-06-01T12:00:02.180931Z"},
		{"2025-06-01T12:00:02.000000Z", "2025-06-01T12:00:02Z"},
		{"2025-06-01T12:00:02.0000001+05:30", "2025-06-01T12:00:02+05:30"},
		{"1970-01-01", "1970-01-01T00:00:00"},
		{"0", "1970-01-01T00:00:00Z"},
		{"-62135596800000", "0001-01-01T00:00:00Z"},        // milliseconds (past 2e10)
		{"253402300799999", "9999-12-31T23:59:59.999000Z"}, // milliseconds
		{"1000000000.5", "2001-09-09T01:46:40.500000Z"},
	}
	for _, c := range cases {
		d, err := ParseString(c.in)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: parsed as %s", c.in, d)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := d.String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.in, got, c.want)
		}
	}
}

// FuzzAppendText: for any instant and offset (aware) or wall clock
// (naive), appendText gives referenceText's text.
func FuzzAppendText(f *testing.F) {
	f.Add(int64(0), int64(0), 0, false)
	f.Add(int64(unixYear1), int64(0), 3600, false)
	f.Add(int64(unixYear10000-1), int64(999999999), -86399, false)
	f.Add(int64(951782400), int64(1000), -30, true)
	f.Add(int64(unixYear10000), int64(0), 0, true)
	f.Add(int64(-70000000000), int64(5000), 19800, false) // year -249
	f.Fuzz(func(t *testing.T, sec, ns int64, off int, naive bool) {
		off %= 86400
		ns %= 1e9
		if ns < 0 {
			ns = -ns
		}
		var d DateTime
		if naive {
			d = FromNaive(time.Unix(sec, ns).UTC())
		} else {
			d = FromTime(time.Unix(sec, ns).In(time.FixedZone("", off)))
		}
		if got, want := d.String(), referenceText(d); got != want {
			t.Fatalf("%d.%09d offset %d naive %v: %s, want %s", sec, ns, off, naive, got, want)
		}
	})
}

// BenchmarkAppendJSONUTC is AppendJSON of a datetime as AutoGen makes
// created_at: aware, UTC, with microseconds.
func BenchmarkAppendJSONUTC(b *testing.B) {
	d, _ := ParseString("2025-07-20T05:05:02.081268Z")
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf = d.AppendJSON(buf[:0])
	}
}

// TestAppendTextOutsidePython: a time.Time outside Python's years 1 to
// 9999 (only FromTime or FromNaive can hold one) is written with its
// year's sign and at least four digits, not the digits of a negative
// number one by one.
func TestAppendTextOutsidePython(t *testing.T) {
	for _, c := range []struct {
		d    DateTime
		want string
	}{
		{FromTime(time.Date(-5, 3, 1, 7, 8, 9, 0, time.UTC)), "-0005-03-01T07:08:09Z"},
		{FromNaive(time.Date(0, 12, 31, 23, 59, 59, 1000, time.UTC)), "0000-12-31T23:59:59.000001"},
		{FromTime(time.Date(12345, 1, 2, 3, 4, 5, 0, time.FixedZone("", -3600))), "12345-01-02T03:04:05-01:00"},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("String() = %s, want %s", got, c.want)
		}
	}
}
