package validate

import (
	"errors"
	"time"
)

// errDateTime is the reason given for a malformed date-time.
var errDateTime = errors.New("want YYYY-MM-DDTHH:MM:SS, with optional fractional seconds and an optional Z or ±HH:MM offset")

// validateDateTime checks the "date-time" format as the schemas mean it.
// The schemas are pydantic's, whose date-time fields take an RFC 3339
// date-time with the UTC offset optional: a naive datetime
// ("2024-01-02T03:04:05") is a valid value that AutoGen keeps naive and
// writes back as it came. Everything else is RFC 3339: "T" (or "t")
// between date and time, seconds required, a real calendar date and
// clock time. Values that are not strings are left to the "type"
// keyword.
func validateDateTime(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	if len(s) < len("2006-01-02T15:04:05") {
		return errDateTime
	}
	if s[10] != 'T' && s[10] != 't' {
		return errDateTime
	}
	if !digitsAt(s, 0, 4) || s[4] != '-' || !digitsAt(s, 5, 2) || s[7] != '-' || !digitsAt(s, 8, 2) ||
		!digitsAt(s, 11, 2) || s[13] != ':' || !digitsAt(s, 14, 2) || s[16] != ':' || !digitsAt(s, 17, 2) {
		return errDateTime
	}
	if _, err := time.Parse("2006-01-02", s[:10]); err != nil {
		return errors.New("no such date " + s[:10])
	}
	if _, err := time.Parse("15:04:05", s[11:19]); err != nil {
		return errors.New("no such time of day " + s[11:19])
	}
	rest := s[19:]
	if len(rest) > 0 && rest[0] == '.' {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 1 {
			return errDateTime
		}
		rest = rest[n:]
	}
	switch {
	case rest == "" || rest == "Z" || rest == "z":
		return nil
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && digitsAt(rest, 1, 2) && rest[3] == ':' && digitsAt(rest, 4, 2):
		if rest[1:3] > "23" || rest[4:6] > "59" {
			return errors.New("UTC offset " + rest + " out of range")
		}
		return nil
	}
	return errDateTime
}

// digitsAt reports whether s[i:i+n] is all ASCII digits.
func digitsAt(s string, i, n int) bool {
	if i+n > len(s) {
		return false
	}
	for _, c := range []byte(s[i : i+n]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
