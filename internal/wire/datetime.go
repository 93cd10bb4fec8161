package wire

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// DateTime is a date and time as pydantic holds a Python datetime: naive
// (no offset) or aware with a fixed UTC offset, to the microsecond. The
// offset is kept as read, not normalized.
type DateTime struct {
	t     time.Time
	naive bool
}

// DateTimeOf returns t as an aware DateTime, truncated to the microsecond.
func DateTimeOf(t time.Time) DateTime {
	_, off := t.Zone()
	return DateTime{t: t.Truncate(time.Microsecond).In(fixedZone(off))}
}

// NaiveDateTime returns a naive DateTime with t's wall clock.
func NaiveDateTime(t time.Time) DateTime {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	return DateTime{t: time.Date(y, mo, d, h, mi, s, t.Nanosecond()/1000*1000, time.UTC), naive: true}
}

// NowUTC returns the current time, aware, in UTC: pydantic's default for
// created_at.
func NowUTC() DateTime { return DateTimeOf(time.Now().UTC()) }

// Time returns the time; a naive DateTime is returned in UTC.
func (t DateTime) Time() time.Time { return t.t }

// Naive reports whether t has no UTC offset.
func (t DateTime) Naive() bool { return t.naive }

// IsZero reports whether t is the zero DateTime.
func (t DateTime) IsZero() bool { return t.t.IsZero() && !t.naive }

// String returns the ISO 8601 text AutoGen writes.
func (t DateTime) String() string { return string(t.AppendJSON(nil)) }

// AppendJSON appends the text pydantic's JSON dump writes: microseconds
// only when non-zero, Z for an offset of zero, ±HH:MM for others, nothing
// for a naive datetime.
func (t DateTime) AppendJSON(b []byte) []byte {
	b = t.t.AppendFormat(b, "2006-01-02T15:04:05")
	if us := t.t.Nanosecond() / 1000; us != 0 {
		b = append(b, '.')
		s := strconv.Itoa(us)
		b = append(b, strings.Repeat("0", 6-len(s))...)
		b = append(b, s...)
	}
	if t.naive {
		return b
	}
	_, off := t.t.Zone()
	if off == 0 {
		return append(b, 'Z')
	}
	sign := byte('+')
	if off < 0 {
		sign = '-'
		off = -off
	}
	b = append(b, sign)
	b = appendTwo(b, off/3600)
	b = append(b, ':')
	b = appendTwo(b, off%3600/60)
	if off%60 != 0 {
		b = append(b, ':')
		b = appendTwo(b, off%60)
	}
	return b
}

func appendTwo(b []byte, v int) []byte { return append(b, byte('0'+v/10), byte('0'+v%10)) }

func fixedZone(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	return time.FixedZone("", off)
}

// DateTime reads a datetime with pydantic's lax rules: an ISO 8601 string
// (T, t, _ or space between date and time; Z, ±HH:MM, ±HHMM or ±HH, or
// naive; up to 6 fractional digits; a bare date is midnight, naive), or a
// unix time as a number or numeric string (seconds, or milliseconds above
// 2e10), which is aware UTC.
func (d *Decoder) DateTime() DateTime {
	switch d.Peek() {
	case KindString:
		off := d.pos
		b, ok := d.rawString()
		if !ok {
			return DateTime{}
		}
		s := string(b)
		if looksNumeric(s) {
			t, msg := fromUnix(s)
			if msg != "" {
				d.failAt(off, "", "datetime_parsing", "Input should be a valid datetime, "+msg)
			}
			return t
		}
		t, code, msg := parseDateTime(s)
		if msg != "" {
			d.failAt(off, "", code, "Input should be a valid datetime or date, "+msg)
		}
		return t
	case KindNumber:
		off := d.pos
		text, ok := d.number()
		if !ok {
			return DateTime{}
		}
		t, msg := fromUnix(string(text))
		if msg != "" {
			d.failAt(off, "", "datetime_parsing", "Input should be a valid datetime, "+msg)
		}
		return t
	}
	d.typeFault("datetime_type", "Input should be a valid datetime")
	return DateTime{}
}

// DateTime appends t as AutoGen writes it.
func (e *Encoder) DateTime(t DateTime) {
	e.buf = append(e.buf, '"')
	e.buf = t.AppendJSON(e.buf)
	e.buf = append(e.buf, '"')
}

// looksNumeric reports whether s is a decimal number (a unix time given as
// a string), as opposed to a date.
func looksNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E':
		case c == '-' || c == '+':
			if i != 0 && s[i-1] != 'e' && s[i-1] != 'E' {
				return false
			}
		default:
			return false
		}
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// fromUnix converts a unix timestamp in seconds (or milliseconds when its
// magnitude exceeds 2e10, as pydantic does) to an aware UTC datetime.
func fromUnix(text string) (DateTime, string) {
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return DateTime{}, "invalid character in number"
	}
	if f, _ := r.Float64(); math.Abs(f) > 2e10 {
		r.Quo(r, big.NewRat(1000, 1))
	}
	us := new(big.Rat).Mul(r, big.NewRat(1_000_000, 1))
	q := new(big.Int).Quo(us.Num(), us.Denom())
	// Round half to even on the microsecond, as float rounding would.
	rem := new(big.Rat).Sub(us, new(big.Rat).SetInt(q))
	if rem.Sign() != 0 {
		half := big.NewRat(1, 2)
		cmp := new(big.Rat).Abs(rem).Cmp(half)
		if cmp > 0 || (cmp == 0 && q.Bit(0) == 1) {
			if rem.Sign() > 0 {
				q.Add(q, big.NewInt(1))
			} else {
				q.Sub(q, big.NewInt(1))
			}
		}
	}
	// Python's datetime covers years 1 to 9999.
	const minUS, maxUS = -62135596800_000000, 253402300799_999999
	if !q.IsInt64() || q.Int64() < minUS || q.Int64() > maxUS {
		return DateTime{}, "timestamp is out of range"
	}
	v := q.Int64()
	return DateTime{t: time.Unix(v/1_000_000, (v%1_000_000)*1000).UTC()}, ""
}

// parseDateTime parses the string forms; it returns pydantic's error type
// and message on failure.
func parseDateTime(s string) (DateTime, string, string) {
	const dateErr = "datetime_from_date_parsing"
	if len(s) < 10 {
		return DateTime{}, dateErr, "input is too short"
	}
	year, ok1 := digits(s[0:4])
	month, ok2 := digits(s[5:7])
	day, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || s[4] != '-' || s[7] != '-' {
		return DateTime{}, dateErr, "invalid date separator, expected `-`"
	}
	if month < 1 || month > 12 {
		return DateTime{}, dateErr, "month value is outside expected range of 1-12"
	}
	if day < 1 || day > daysIn(year, month) {
		return DateTime{}, dateErr, "day value is outside expected range"
	}
	if year == 0 {
		return DateTime{}, dateErr, "year 0 is out of range"
	}
	if len(s) == 10 {
		return DateTime{t: time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC), naive: true}, "", ""
	}
	switch s[10] {
	case 'T', 't', ' ', '_':
	default:
		return DateTime{}, dateErr, "invalid datetime separator, expected `T`, `t`, `_` or space"
	}
	rest := s[11:]
	const timeErr = "datetime_parsing"
	if len(rest) < 5 || rest[2] != ':' {
		return DateTime{}, timeErr, "input is too short"
	}
	hour, ok1 := digits(rest[0:2])
	minute, ok2 := digits(rest[3:5])
	if !ok1 || !ok2 {
		return DateTime{}, timeErr, "invalid character in hour or minute"
	}
	rest = rest[5:]
	sec, us := 0, 0
	if len(rest) >= 3 && rest[0] == ':' {
		v, ok := digits(rest[1:3])
		if !ok {
			return DateTime{}, timeErr, "invalid character in second"
		}
		sec = v
		rest = rest[3:]
		if len(rest) > 0 && (rest[0] == '.' || rest[0] == ',') {
			i := 1
			for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
				i++
			}
			frac := rest[1:i]
			if len(frac) == 0 {
				return DateTime{}, timeErr, "second fraction must contain at least one digit"
			}
			if len(frac) > 6 {
				return DateTime{}, timeErr, "second fraction value is more than 6 digits long"
			}
			v, _ := digits(frac + strings.Repeat("0", 6-len(frac)))
			us = v
			rest = rest[i:]
		}
	}
	if hour > 23 {
		return DateTime{}, timeErr, "hour value is outside expected range of 0-23"
	}
	if minute > 59 {
		return DateTime{}, timeErr, "minute value is outside expected range of 0-59"
	}
	if sec > 59 {
		return DateTime{}, timeErr, "second value is outside expected range of 0-59"
	}
	naive := true
	off := 0
	switch {
	case rest == "":
	case rest == "Z" || rest == "z":
		naive = false
	case rest[0] == '+' || rest[0] == '-':
		tz := rest[1:]
		var h, m int
		var ok bool
		switch {
		case len(tz) == 2:
			h, ok = digits(tz)
		case len(tz) == 4:
			h, ok = digits(tz[:2])
			if ok {
				m, ok = digits(tz[2:])
			}
		case len(tz) == 5 && tz[2] == ':':
			h, ok = digits(tz[:2])
			if ok {
				m, ok = digits(tz[3:])
			}
		}
		if !ok || h > 23 || m > 59 {
			return DateTime{}, timeErr, "invalid timezone offset"
		}
		off = h*3600 + m*60
		if rest[0] == '-' {
			off = -off
		}
		naive = false
	default:
		return DateTime{}, timeErr, "unexpected extra characters at the end of the input"
	}
	loc := time.UTC
	if !naive {
		loc = fixedZone(off)
	}
	return DateTime{t: time.Date(year, time.Month(month), day, hour, minute, sec, us*1000, loc), naive: naive}, "", ""
}

func digits(s string) (int, bool) {
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, len(s) > 0
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
