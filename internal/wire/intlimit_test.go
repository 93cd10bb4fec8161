package wire

import (
	"strings"
	"testing"
	"time"
)

// TestIntLimits: pydantic's limits on integers. Its JSON parser (jiter)
// refuses an integer part longer than 4,300 characters (sign included) as
// "number out of range" at the character after the limit; its lax int
// refuses a string longer than 4,300 characters and an integral float
// outside int64's open range with int_parsing_size. A three-million-digit
// integer is refused at once, not parsed.
func TestIntLimits(t *testing.T) {
	big := strings.Repeat("9", 3_000_000)
	for _, tc := range []struct {
		name, in string
		code     string // "" for accepted
		offset   int
	}{
		{name: "4300 digits", in: strings.Repeat("7", 4300)},
		{name: "4301 digits", in: strings.Repeat("7", 4301), code: "json_invalid", offset: 4301},
		{name: "minus and 4299 digits", in: "-" + strings.Repeat("7", 4299)},
		{name: "minus and 4300 digits", in: "-" + strings.Repeat("7", 4300), code: "json_invalid", offset: 4301},
		{name: "3 million digits", in: big, code: "json_invalid", offset: 4301},
		{name: "long fraction is a float", in: "1." + strings.Repeat("0", 5000)},
		{name: "float just under 2^63", in: "9.223372036854775e18"},
		{name: "float 2^63", in: "9.223372036854775808e18", code: "int_parsing_size"},
		{name: "float -2^63", in: "-9.223372036854775808e18", code: "int_parsing_size"},
		{name: "float 1e300", in: "1e300", code: "int_parsing_size"},
		{name: "string of 4300", in: `"` + strings.Repeat("1", 4300) + `"`},
		{name: "string of 4301", in: `"` + strings.Repeat("1", 4301) + `"`, code: "int_parsing_size"},
		{name: "string padded to 4301", in: `" ` + strings.Repeat("1", 4300) + `"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			d := NewDecoder([]byte(tc.in), Options{})
			d.Int()
			errs := d.Errors()
			if time.Since(start) > 2*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
			if tc.code == "" {
				if len(errs) != 0 {
					t.Fatalf("refused: %v", errs)
				}
				return
			}
			if len(errs) != 1 || errs[0].Type != tc.code {
				t.Fatalf("faults %v, want one %s", errs, tc.code)
			}
			if tc.code == "json_invalid" && (errs[0].Offset != tc.offset || !strings.Contains(errs[0].Message, "number out of range")) {
				t.Errorf("fault %+v, want number out of range at %d", errs[0], tc.offset)
			}
			if tc.code == "int_parsing_size" && errs[0].Message != "Unable to parse input string as an integer, exceeded maximum size" {
				t.Errorf("message %q", errs[0].Message)
			}
		})
	}
}
