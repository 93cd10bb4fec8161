package pytime

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type pydanticOutcome struct {
	Dump      *string `json:"dump"`
	ErrorType string  `json:"error_type"`
	Msg       string  `json:"msg"`
	Exception string  `json:"exception"`
}

// pydantic_cases.json was written by testdata/gen_pydantic_cases.py with
// pydantic 2.13.4 (pydantic-core 2.46.4).
func TestPydanticCases(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "pydantic_cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Input  string           `json:"input"`
			Python pydanticOutcome  `json:"python"`
			JSON   *pydanticOutcome `json:"json"` // only where JSON mode differs
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 200 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		want := c.Python
		if want.Exception != "" {
			t.Fatalf("%s: pydantic raised %s; the test does not know it", c.Input, want.Exception)
		}
		if c.JSON != nil {
			// The package documents one difference: JSON mode refuses
			// integers of 19 digits or more as datetime_type.
			if digits := strings.TrimPrefix(c.Input, "-"); len(digits) < 19 || strings.ContainsAny(digits, ".eE\"") || c.JSON.ErrorType != TypeDatetime {
				t.Errorf("%s: undocumented JSON-mode difference %+v", c.Input, *c.JSON)
			}
		}
		got, err := ParseJSON([]byte(c.Input))
		checkOutcome(t, c.Input, got, err, want)
		// Through encoding/json too.
		var v struct {
			CreatedAt DateTime `json:"created_at"`
		}
		err = json.Unmarshal([]byte(`{"created_at":`+c.Input+`}`), &v)
		checkOutcome(t, "json.Unmarshal "+c.Input, v.CreatedAt, err, want)
	}
}

func checkOutcome(t *testing.T, name string, got DateTime, err error, want pydanticOutcome) {
	t.Helper()
	if want.Dump != nil {
		if err != nil {
			t.Errorf("%s: error %v, want %s", name, err, *want.Dump)
			return
		}
		if got.String() != *want.Dump {
			t.Errorf("%s: %s, want %s", name, got, *want.Dump)
		}
		return
	}
	var pe *Error
	if !errors.As(err, &pe) {
		t.Errorf("%s: got %v (%v), want %s: %s", name, got, err, want.ErrorType, want.Msg)
		return
	}
	if pe.Type != want.ErrorType || pe.Error() != want.Msg {
		t.Errorf("%s: error %s: %s, want %s: %s", name, pe.Type, pe.Error(), want.ErrorType, want.Msg)
	}
}

const conformanceDir = "../../testdata/conformance"

// walk collects the created_at values in a decoded JSON document, by path.
func walk(v any, path string, out map[string]json.RawMessage) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := path + "/" + k
			if k == "created_at" {
				b, _ := json.Marshal(e)
				out[p] = b
			}
			walk(e, p, out)
		}
	case []any:
		for i, e := range x {
			walk(e, path+"/"+string(rune('0'+i%10))+string(rune('0'+i/10)), out)
		}
	}
}

func decodeUseNumber(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestConformanceValid(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "valid", "*", "*.json"))
	if len(files) == 0 {
		t.Fatal("no conformance cases")
	}
	checked := 0
	for _, name := range files {
		raw, _ := os.ReadFile(name)
		var c struct {
			Input json.RawMessage `json:"input"`
			Dump  json.RawMessage `json:"dump"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		ins, dumps := map[string]json.RawMessage{}, map[string]json.RawMessage{}
		walk(decodeUseNumber(t, c.Input), "", ins)
		walk(decodeUseNumber(t, c.Dump), "", dumps)
		for p, in := range ins {
			var want string
			if err := json.Unmarshal(dumps[p], &want); err != nil {
				t.Fatalf("%s%s: dump %s", name, p, dumps[p])
			}
			got, err := ParseJSON(in)
			if err != nil || got.String() != want {
				t.Errorf("%s%s: %s -> %v %v, want %s", name, p, in, got, err, want)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d created_at values checked", checked)
	}
}

func TestConformanceInvalid(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "invalid", "*", "*.json"))
	checked := 0
	for _, name := range files {
		raw, _ := os.ReadFile(name)
		var c struct {
			Input     json.RawMessage `json:"input"`
			AllErrors []struct {
				Loc  []any  `json:"loc"`
				Type string `json:"type"`
				Msg  string `json:"msg"`
			} `json:"all_errors"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		var wantType, wantMsg string
		for _, e := range c.AllErrors {
			if len(e.Loc) > 0 && e.Loc[len(e.Loc)-1] == "created_at" {
				wantType, wantMsg = e.Type, e.Msg
			}
		}
		if wantType == "" {
			continue
		}
		ins := map[string]json.RawMessage{}
		walk(decodeUseNumber(t, c.Input), "", ins)
		if len(ins) != 1 {
			t.Fatalf("%s: %d created_at values", name, len(ins))
		}
		for _, in := range ins {
			_, err := ParseJSON(in)
			var pe *Error
			if !errors.As(err, &pe) || pe.Type != wantType || pe.Error() != wantMsg {
				t.Errorf("%s: %s -> %v, want %s: %s", name, in, err, wantType, wantMsg)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d invalid created_at values checked", checked)
	}
}

func TestFormat(t *testing.T) {
	cases := []struct {
		d    DateTime
		want string
	}{
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)), "2024-01-02T03:04:05Z"},
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC)), "2024-01-02T03:04:05.123456Z"},
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 500, time.UTC)), "2024-01-02T03:04:05Z"}, // below a microsecond
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 1000, time.FixedZone("", 5*3600+1800))), "2024-01-02T03:04:05.000001+05:30"},
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.FixedZone("", -(8*3600+30*60)))), "2024-01-02T03:04:05-08:30"},
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.FixedZone("", -30))), "2024-01-02T03:04:05-00:00"},
		{FromTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.FixedZone("", 26*3600))), "2024-01-01T01:04:05Z"},
		{FromNaive(time.Date(2024, 1, 2, 3, 4, 5, 120000000, time.FixedZone("", 3600))), "2024-01-02T03:04:05.120000"},
		{FromTime(time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC)), "9999-12-31T23:59:59.999999Z"},
		{FromTime(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)), "0001-01-01T00:00:00Z"},
		{DateTime{}, "0001-01-01T00:00:00Z"},
		{FromTime(time.Date(999, 3, 4, 5, 6, 7, 10000, time.UTC)), "0999-03-04T05:06:07.000010Z"},
		{FromTime(time.Date(2025, 6, 1, 12, 0, 2, 100000000, time.UTC)), "2025-06-01T12:00:02.100000Z"},
		{FromTime(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)), "10000-01-01T00:00:00Z"}, // beyond Python's
	}
	// Times at random, against Sprintf's padding.
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		tm := time.Date(1+r.IntN(9999), time.Month(1+r.IntN(12)), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1e9), time.UTC)
		want := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d", tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second())
		if us := tm.Nanosecond() / 1000; us != 0 {
			want += fmt.Sprintf(".%06d", us)
		}
		cases = append(cases, struct {
			d    DateTime
			want string
		}{FromTime(tm), want + "Z"})
	}
	for _, c := range cases {
		if got := c.d.String(); got != c.want {
			t.Errorf("%v: %s, want %s", c.d.Time(), got, c.want)
		}
		if got := string(c.d.AppendJSON([]byte("x"))); got != `x"`+c.want+`"` {
			t.Errorf("AppendJSON %s", got)
		}
		b, _ := json.Marshal(c.d)
		if string(b) != `"`+c.want+`"` {
			t.Errorf("MarshalJSON %s", b)
		}
	}
	if !(DateTime{}).IsZero() || FromTime(time.Unix(0, 0)).IsZero() {
		t.Error("IsZero")
	}
}

func TestAccessors(t *testing.T) {
	d, err := ParseString("2024-06-30T23:59:59.999999+05:30")
	if err != nil {
		t.Fatal(err)
	}
	if off, ok := d.UTCOffset(); !ok || off != 19800 || d.Naive() {
		t.Fatalf("offset %d %v", off, ok)
	}
	want := time.Date(2024, 6, 30, 18, 29, 59, 999999000, time.UTC)
	if !d.Time().Equal(want) {
		t.Fatalf("instant %v, want %v", d.Time(), want)
	}
	if _, off := d.Time().Zone(); off != 19800 {
		t.Fatalf("zone offset %d", off)
	}
	u, _ := ParseString("2024-06-30T18:29:59.999999Z")
	if !d.Equal(u) || d.String() == u.String() {
		t.Fatal("same instant with other offsets: Equal but printed as given")
	}
	n, _ := ParseString("2024-01-02")
	if !n.Naive() || n.String() != "2024-01-02T00:00:00" {
		t.Fatalf("bare date %v", n)
	}
	if _, ok := n.UTCOffset(); ok {
		t.Fatal("naive has an offset")
	}
	if n.Equal(FromTime(n.Time())) {
		t.Fatal("naive equals aware")
	}
	now := NowUTC()
	if now.Naive() || !strings.HasSuffix(now.String(), "Z") || time.Since(now.Time()) > time.Minute {
		t.Fatalf("NowUTC %v", now)
	}
	var text DateTime
	if err := text.UnmarshalText([]byte("2024-01-02 03:04")); err != nil || text.String() != "2024-01-02T03:04:00" {
		t.Fatalf("UnmarshalText %v %v", text, err)
	}
	if b, _ := text.MarshalText(); string(b) != "2024-01-02T03:04:00" {
		t.Fatalf("MarshalText %s", b)
	}
	if err := text.UnmarshalText([]byte("nope")); err == nil {
		t.Fatal("UnmarshalText accepted nope")
	}
}

func TestFromNumberText(t *testing.T) {
	for _, bad := range []string{"", "-", "01", "1.", ".5", "1e", "+1", "0x10", "NaN", "Infinity", " 1"} {
		_, err := FromNumber(bad)
		var pe *Error
		if !errors.As(err, &pe) || pe.Type != TypeDatetime {
			t.Errorf("FromNumber(%q): %v, want a datetime_type error", bad, err)
		}
	}
	for in, want := range map[string]string{
		"1700000000":                  "2023-11-14T22:13:20Z",
		"1700000000123":               "2023-11-14T22:13:20.123000Z",
		"1700000000.5":                "2023-11-14T22:13:20.500000Z",
		"-1.25":                       "1969-12-31T23:59:58.250000Z", // pydantic's floor + |fraction|
		"20000000000.5":               "2603-10-11T11:33:20.000500Z", // fraction read as milliseconds
		"123456789012345678901234567": "",                            // beyond 9999
	} {
		d, err := FromNumber(in)
		if want == "" {
			var pe *Error
			if !errors.As(err, &pe) || pe.Type != TypeParsing || pe.Reason != "dates after 9999 are not supported as unix timestamps" {
				t.Errorf("FromNumber(%s): %v", in, err)
			}
			continue
		}
		if err != nil || d.String() != want {
			t.Errorf("FromNumber(%s) = %v, %v; want %s", in, d, err, want)
		}
	}
}

func FuzzParseString(f *testing.F) {
	for _, s := range []string{"2024-01-02T03:04:05Z", "2024-01-02", "1700000000", "1.5e3", "2024-01-02T03:04:05.1234567\u221205:30", "0000-01-01", "-0.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseString(s)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Type == "" || pe.Type != TypeDatetime && pe.Reason == "" {
				t.Fatalf("%q: untyped error %v", s, err)
			}
			return
		}
		out := d.String()
		again, err := ParseString(out)
		if err != nil {
			t.Fatalf("%q -> %s does not parse: %v", s, out, err)
		}
		if again.String() != out || !again.Equal(d) || again.Naive() != d.Naive() {
			t.Fatalf("%q -> %s -> %s", s, out, again)
		}
		if o1, _ := d.UTCOffset(); o1%60 == 0 {
			if o2, _ := again.UTCOffset(); o1 != o2 {
				t.Fatalf("%q: offset %d -> %d", s, o1, o2)
			}
		}
	})
}

func FuzzFromNumber(f *testing.F) {
	for _, s := range []string{"0", "1700000000", "-1.25", "1e9", "253402300799999", "-62135596800000", "1e400", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := FromNumber(s)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("%q: untyped error %v", s, err)
			}
			return
		}
		if d.Naive() {
			t.Fatalf("%q: a timestamp must be aware", s)
		}
		again, err := ParseString(d.String())
		if err != nil || !again.Equal(d) || again.String() != d.String() {
			t.Fatalf("%q -> %s -> %v %v", s, d, again, err)
		}
	})
}

func BenchmarkParseString(b *testing.B) {
	for b.Loop() {
		if _, err := ParseString("2025-07-20T05:05:02.081268Z"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendJSON(b *testing.B) {
	d, _ := ParseString("2025-07-20T05:05:02.081268+05:30")
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf = d.AppendJSON(buf[:0])
	}
}
