package pyformat_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyformat"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
)

func kwargs(t testing.TB) *pyjson.Value {
	kw, err := pyjson.Parse([]byte(`{"s": "héllo", "i": -1234567, "f": -0.5, "b": true, "n": null, "l": ["a", 1, 2.5], "d": {"k": [1]}}`))
	if err != nil {
		t.Fatal(err)
	}
	d, err := pytime.ParseString("2024-03-05T07:08:09.000010+05:30")
	if err != nil {
		t.Fatal(err)
	}
	kw.Set("dt", pyjson.DatetimeValue(d))
	// class Color(str, Enum): RED = "red"; class Level(int, Enum): LOW = 1;
	// class Plain(Enum): A = "a"
	kw.Set("c", pyjson.EnumValue("Color", "RED", pyjson.StrValue("red")))
	kw.Set("lv", pyjson.EnumValue("Level", "LOW", pyjson.IntValue("1")))
	kw.Set("pl", pyjson.EnumValue("Plain", "A", pyjson.StrValue("a")))
	return &kw
}

// TestFormat checks str.format with results worked out by hand from
// CPython's rules (and matching what CPython 3.11 prints for them).
func TestFormat(t *testing.T) {
	kw := kwargs(t)
	cases := []struct {
		format, want string
		exc          pyexc.Exception
	}{
		{"{s}!", "héllo!", ""},
		{"{s!r:>9}", "  'héllo'", ""},
		{"{s!a}", `'h\xe9llo'`, ""},
		{"{i:,}", "-1,234,567", ""},
		{"{i:_x}", "-12_d687", ""},
		{"{f:.1%}", "-50.0%", ""},
		{"{f:z.0f}", "0", ""},
		{"{b:d} {b}", "1 True", ""},
		{"{n}", "None", ""},
		{"{l[2]:08.3f}", "0002.500", ""},
		{"{d[k]}", "[1]", ""},
		{"{s[1]}", "é", ""},
		{"{s:{i.imag}}", "héllo", ""},
		{"{dt.year}-{dt.microsecond}", "2024-10", ""},
		{"{dt}", "2024-03-05 07:08:09.000010+05:30", ""},
		{"{dt!r}", "datetime.datetime(2024, 3, 5, 7, 8, 9, 10, tzinfo=TzInfo(19800))", ""},
		{"{dt:%a %d %b %Y %H:%M %z}", "Tue 05 Mar 2024 07:08 +0530", ""},
		{"{{}}", "{}", ""},
		// Enum.__format__ in CPython 3.11 and 3.12 (Lib/enum.py) is
		// str.__format__(str(self), format_spec) for a plain Enum and for
		// str and int mixins alike (3.10 gave a mixin's value: "red", "1").
		{"{c} {lv} {pl}", "Color.RED Level.LOW Plain.A", ""},
		{"{c!s}|{c!r}|{lv!r}", "Color.RED|<Color.RED: 'red'>|<Level.LOW: 1>", ""},
		{"{c:>10}|{lv:.5}", " Color.RED|Level", ""},
		{"{c.value} {c.name} {lv.value:03d}", "red RED 001", ""},
		{"{lv:d}", "ValueError: Unknown format code 'd' for object of type 'str'", pyexc.ValueError},
		{"{missing}", "KeyError: 'missing'", pyexc.KeyError},
		{"{}", "IndexError: Replacement index 0 out of range for positional args tuple", pyexc.IndexError},
		{"{l[9]}", "IndexError: list index out of range", pyexc.IndexError},
		{"{l[x]}", "TypeError: list indices must be integers or slices, not str", pyexc.TypeError},
		{"{s.x}", "AttributeError: 'str' object has no attribute 'x'", pyexc.AttributeError},
		{"{s:d}", "ValueError: Unknown format code 'd' for object of type 'str'", pyexc.ValueError},
		{"{n:>3}", "TypeError: unsupported format string passed to NoneType.__format__", pyexc.TypeError},
		{"{", "ValueError: Single '{' encountered in format string", pyexc.ValueError},
	}
	for _, c := range cases {
		got, err := pyformat.Format(c.format, kw)
		if c.exc == "" {
			if err != nil || got != c.want {
				t.Errorf("%q: %q, %v; want %q", c.format, got, err, c.want)
			}
			continue
		}
		if !errors.Is(err, c.exc) || err.Error() != c.want {
			t.Errorf("%q: %q, %v; want %s", c.format, got, err, c.want)
		}
	}
}

// FuzzFormatValue formats every kind of value with any spec: no panic, and
// valid UTF-8 out for a valid UTF-8 spec.
func FuzzFormatValue(f *testing.F) {
	for _, s := range []string{"", ">10", "+#012,.3g", "_x", "c", "%Y %z", "z.2%", "^*20.5s"} {
		f.Add(s)
	}
	kw := kwargs(f)
	f.Fuzz(func(t *testing.T, spec string) {
		for i := range kw.Vals {
			out, err := pyformat.FormatValue(&kw.Vals[i], spec)
			if err == nil && utf8.ValidString(spec) && !utf8.ValidString(out) {
				t.Fatalf("%q: %q", spec, out)
			}
		}
	})
}

func ExampleFormat() {
	kw, _ := pyjson.Parse([]byte(`{"name": "tool", "n": 1234.5, "tags": ["a", "b"]}`))
	out, _ := pyformat.Format("{name!r} ran {n:,.1f}s on {tags[1]}", &kw)
	fmt.Println(out)
	_, err := pyformat.Format("{nope}", &kw)
	fmt.Println(err, errors.Is(err, pyexc.KeyError))
	// Output:
	// 'tool' ran 1,234.5s on b
	// KeyError: 'nope' true
}

// TestFormatOutputBounded: a 22 KB format string of wide fields (which
// would build gigabytes) raises MemoryError once the output passes
// MaxOutput, without building it; output up to the bound is built.
func TestFormatOutputBounded(t *testing.T) {
	kw, err := pyjson.Parse([]byte(`{"x": "a"}`))
	if err != nil {
		t.Fatal(err)
	}
	format := strings.Repeat("{x:1000000}", 2000)
	_, err = pyformat.Format(format, &kw)
	if err == nil || !strings.Contains(err.Error(), "MemoryError") || !strings.Contains(err.Error(), "formatted string above") {
		t.Fatalf("err = %v, want MemoryError", err)
	}
	out, err := pyformat.Format(strings.Repeat("{x:1000000}", 16), &kw)
	if err != nil || len(out) != 16_000_000 {
		t.Errorf("16 fields: len %d, %v", len(out), err)
	}
}

// TestZeroPaddedGrouping: '0' padding of a grouped number puts the zeros
// into the grouping, as CPython does; each want is CPython 3.11's format()
// of the value. The 200,200-character field, which adding one zero at a
// time took minutes to build (found by FuzzFormatValue), is checked by
// its length and its ends.
func TestZeroPaddedGrouping(t *testing.T) {
	tests := []struct {
		value, spec, want string
	}{
		{"1234", "08,", "0,001,234"},
		{"1234", "09,", "0,001,234"},
		{"1234", "010,", "00,001,234"},
		{"-5", "012_", "-000_000_005"},
		{"255", "#012_x", "0x0_0000_00ff"},
		{"255", "#013_b", "0b0_1111_1111"},
		{"1.5", "015,.2f", "0,000,000,001.50"},
		{"-1234567", "020,", "-000,000,001,234,567"},
		{"0", "04,", "0,000"},
		{"7", "+06_", "+0_007"},
	}
	for _, tt := range tests {
		v, err := pyjson.Parse([]byte(tt.value))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := pyformat.FormatValue(&v, tt.spec); err != nil || got != tt.want {
			t.Errorf("format(%s, %q) = %q, %v; want %q", tt.value, tt.spec, got, err, tt.want)
		}
	}
	v, _ := pyjson.Parse([]byte("-1234567"))
	got, err := pyformat.FormatValue(&v, "0200200,")
	if err != nil || len(got) != 200200 || !strings.HasPrefix(got, "-000,000,000") || !strings.HasSuffix(got, ",001,234,567") {
		t.Errorf("format(-1234567, '0200200,'): %d characters, %v", len(got), err)
	}
}
