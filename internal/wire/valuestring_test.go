package wire

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// strOutcome is what reading one JSON string gave: the text, or the
// faults with their offsets, and where the decoder stopped.
func strOutcome(data []byte, opts Options, read func(d *Decoder) (string, bool)) string {
	d := NewDecoder(data, opts)
	s, ok := read(d)
	out := fmt.Sprintf("ok=%v pos=%d text=%q", ok, d.pos, s)
	for _, e := range d.errs {
		out += fmt.Sprintf(" | %s@%d %s", e.Type, e.Offset, e.Message)
	}
	return out
}

// TestValueStringAgreesWithRawString: valueString (Str's path, which
// decodes escapes into the scratch buffer and steps over non-ASCII text
// itself) gives the text, faults and end position that rawString gives,
// for strings with non-ASCII text before, between and after escapes,
// invalid UTF-8, control characters, truncation and the length limit.
func TestValueStringAgreesWithRawString(t *testing.T) {
	cases := []struct {
		name, json string
		maxLen     int
	}{
		{"plain", `"abc"`, 0},
		{"empty", `""`, 0},
		{"escape only", `"a\"b"`, 0},
		{"non-ASCII then escape", `"é\"x"`, 0},
		{"non-ASCII run then escapes", `"日本語 🚀 \n tab\t \u00e9 \ud83d\ude80"`, 0},
		{"escape then non-ASCII", `"\\é"`, 0},
		{"non-ASCII only", `"Œ“quoted”°"`, 0},
		{"invalid UTF-8 after non-ASCII", "\"é\xff\\n\"", 0},
		{"invalid UTF-8 first", "\"\xc3\"", 0},
		{"truncated rune", "\"ab\xe6\x97", 0},
		{"control after non-ASCII", "\"é\x01\"", 0},
		{"control first", "\"\x1f\"", 0},
		{"unterminated after non-ASCII", `"é abc`, 0},
		{"unterminated after escape", `"é \n abc`, 0},
		{"bad escape after non-ASCII", `"é\x"`, 0},
		{"lone surrogate after non-ASCII", `"é\ud800"`, 0},
		{"limit plain", `"abcdef"`, 3},
		{"limit non-ASCII", `"éééé"`, 3},
		{"limit escaped", `"é\nabc"`, 3},
		{"at limit", `"é\n"`, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := Options{MaxStringLen: c.maxLen}
			got := strOutcome([]byte(c.json), opts, func(d *Decoder) (string, bool) {
				b, ok := d.valueString()
				return string(b), ok
			})
			want := strOutcome([]byte(c.json), opts, func(d *Decoder) (string, bool) {
				b, ok := d.rawString()
				return string(b), ok
			})
			if got != want {
				t.Fatalf("valueString: %s\nrawString:   %s", got, want)
			}
			// encoding/json also accepts invalid UTF-8 and lone
			// surrogates (replacing them), which pydantic refuses.
			var std string
			if err := json.Unmarshal([]byte(c.json), &std); err == nil && strings.HasPrefix(got, "ok=true") {
				if want := fmt.Sprintf("ok=true pos=%d text=%q", len(c.json), std); got != want {
					t.Fatalf("valueString: %s\nencoding/json: %s", got, want)
				}
			}
		})
	}
}

// TestStrNonASCIIEscapedAllocs: a string with non-ASCII text before its
// first escape is decoded into the scratch buffer and copied into the
// decoder's string block, with no decoded copy first: 100 of them fit in
// the block the first read made, so they allocate nothing.
func TestStrNonASCIIEscapedAllocs(t *testing.T) {
	data := []byte(`"café said \"hi\" and left, a long enough string not to be interned"`)
	d := NewDecoder(data, Options{})
	d.Str() // the scratch buffer grows once
	allocs := testing.AllocsPerRun(100, func() {
		d.Reset(data)
		d.Str()
	})
	if allocs != 0 {
		t.Fatalf("Str allocated %v times, want 0", allocs)
	}
}

// TestDecodeClosureDoesNotEscape: Decode only calls its function, so a
// caller's closure and what it captures stay on the caller's stack: a
// document of one short (interned) string decodes without allocating.
func TestDecodeClosureDoesNotEscape(t *testing.T) {
	data := []byte(`"TextMessage"`)
	var got string
	allocs := testing.AllocsPerRun(100, func() {
		var s string
		if err := Decode(data, Options{}, func(d *Decoder) { s = d.Str() }); err != nil {
			t.Fatal(err)
		}
		got = s
	})
	if got != "TextMessage" || allocs != 0 {
		t.Fatalf("Decode gave %q with %v allocations, want TextMessage with 0", got, allocs)
	}
}
