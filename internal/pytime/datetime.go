package pytime

import (
	"bytes"
	"encoding/json"
	"time"
)

// DateTime is a datetime as pydantic validates it into Python: a wall clock
// to the microsecond that is either naive (no offset) or carries a fixed UTC
// offset, kept as parsed (an input with +05:30 dumps with +05:30). The zero
// DateTime is 0001-01-01T00:00:00Z.
type DateTime struct {
	t      time.Time // the wall clock, in a zone with the offset (UTC when naive)
	offset int32     // seconds east of UTC; 0 when naive
	naive  bool
	set    bool // made by a constructor or a parser; false for the zero value
}

// Error type names, as pydantic reports them.
const (
	// TypeDatetime is pydantic's datetime_type: the JSON value is neither a
	// string nor a number.
	TypeDatetime = "datetime_type"
	// TypeParsing is datetime_parsing: a number (or a parsed string) out of
	// range.
	TypeParsing = "datetime_parsing"
	// TypeFromDateParsing is datetime_from_date_parsing: a string that is
	// neither a datetime nor a date; the reason is the date parser's.
	TypeFromDateParsing = "datetime_from_date_parsing"
)

// Error is a pydantic datetime validation error. Type is pydantic's error
// type (TypeDatetime, TypeParsing or TypeFromDateParsing); Reason is the
// parser's plain message, such as "input is too short" or "month value is
// outside expected range of 1-12" (empty for TypeDatetime).
type Error struct {
	Type   string
	Reason string
}

// Error returns pydantic's message, for example "Input should be a valid
// datetime or date, input is too short".
func (e *Error) Error() string {
	switch e.Type {
	case TypeParsing:
		return "Input should be a valid datetime, " + e.Reason
	case TypeFromDateParsing:
		return "Input should be a valid datetime or date, " + e.Reason
	}
	return "Input should be a valid datetime"
}

// maxOffset is Python's bound on a UTC offset: strictly less than a day.
const maxOffset = 24 * 3600

// FromTime returns t as an aware DateTime with t's UTC offset at that
// instant, truncated to the microsecond. An offset of a day or more, which
// Python cannot hold, is replaced by UTC.
func FromTime(t time.Time) DateTime {
	t = t.Truncate(time.Microsecond)
	_, off := t.Zone()
	if off <= -maxOffset || off >= maxOffset {
		t, off = t.UTC(), 0
	}
	return DateTime{t: t.In(zoneFor(off)), offset: int32(off), set: true}
}

// FromNaive returns a naive DateTime with t's wall clock (its date and time
// of day in t's location), truncated to the microsecond.
func FromNaive(t time.Time) DateTime {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	return DateTime{t: time.Date(y, mo, d, h, mi, s, t.Nanosecond()/1000*1000, time.UTC), naive: true, set: true}
}

// NowUTC returns the current time, aware, in UTC: what AutoGen's
// created_at default, datetime.now(timezone.utc), gives.
func NowUTC() DateTime {
	return FromTime(time.Now().UTC())
}

func zoneFor(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	return time.FixedZone("", off)
}

// build makes a DateTime from validated fields.
func build(year, month, day, hour, minute, second, micro int, offset int, naive bool) DateTime {
	loc := time.UTC
	if !naive {
		loc = zoneFor(offset)
	}
	return DateTime{
		t:      time.Date(year, time.Month(month), day, hour, minute, second, micro*1000, loc),
		offset: int32(offset),
		naive:  naive,
		set:    true,
	}
}

// Time returns the datetime as a time.Time: for an aware DateTime the
// instant, in a fixed zone with its offset; for a naive one its wall clock,
// in time.UTC.
func (d DateTime) Time() time.Time { return d.t }

// Naive reports whether the datetime has no UTC offset.
func (d DateTime) Naive() bool { return d.naive }

// UTCOffset returns the offset in seconds east of UTC, and false for a
// naive datetime.
func (d DateTime) UTCOffset() (seconds int, ok bool) {
	return int(d.offset), !d.naive
}

// IsZero reports whether d is the zero DateTime, one that no constructor or
// parser made (a struct literal's unset field). A datetime read from
// "0001-01-01T00:00:00Z" is not zero.
func (d DateTime) IsZero() bool { return !d.set }

// Equal reports whether d and e are the same datetime: both naive with the
// same wall clock, or both aware at the same instant (whatever the offsets,
// as Python compares them).
func (d DateTime) Equal(e DateTime) bool {
	return d.naive == e.naive && d.t.Equal(e.t)
}

// String returns the datetime as pydantic's model_dump(mode="json") writes
// it, without quotes: YYYY-MM-DDTHH:MM:SS, then .ffffff when the
// microseconds are not zero, then "Z" for offset 0, ±HH:MM for other
// offsets and nothing when naive.
func (d DateTime) String() string {
	return string(d.appendText(make([]byte, 0, 32)))
}

// AppendJSON appends the datetime as a JSON string (with its quotes), as
// model_dump_json writes it; see [DateTime.String].
func (d DateTime) AppendJSON(dst []byte) []byte {
	dst = append(dst, '"')
	dst = d.appendText(dst)
	return append(dst, '"')
}

// MarshalJSON implements json.Marshaler with [DateTime.AppendJSON].
func (d DateTime) MarshalJSON() ([]byte, error) {
	return d.AppendJSON(make([]byte, 0, 34)), nil
}

// MarshalText implements encoding.TextMarshaler with [DateTime.String].
func (d DateTime) MarshalText() ([]byte, error) {
	return d.appendText(make([]byte, 0, 32)), nil
}

// UnmarshalJSON implements json.Unmarshaler with [ParseJSON].
func (d *DateTime) UnmarshalJSON(data []byte) error {
	v, err := ParseJSON(data)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// UnmarshalText implements encoding.TextUnmarshaler with [ParseString].
func (d *DateTime) UnmarshalText(text []byte) error {
	v, err := ParseString(string(text))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// ParseJSON validates a raw JSON value as pydantic's lax datetime: a string
// with [ParseString], a number with [FromNumber], anything else (null,
// booleans, arrays, objects) is a TypeDatetime error.
func ParseJSON(data []byte) (DateTime, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return DateTime{}, &Error{Type: TypeDatetime}
	}
	switch c := data[0]; {
	case c == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return DateTime{}, &Error{Type: TypeDatetime}
		}
		return ParseString(s)
	case c == '-' || c >= '0' && c <= '9':
		return FromNumber(string(data))
	}
	return DateTime{}, &Error{Type: TypeDatetime}
}

// appendText appends the datetime's text, without quotes.
func (d DateTime) appendText(b []byte) []byte {
	// The wall clock's seconds since 1970-01-01T00:00:00: the instant
	// moved by the offset (a naive DateTime's t is its wall clock in UTC,
	// with offset 0). Unix and Nanosecond read t's fields without its
	// location, unlike Date and Clock.
	wall := d.t.Unix() + int64(d.offset)
	if wall < unixYear1 || wall >= unixYear10000 {
		return d.appendOffset(d.appendTextOutside(b))
	}
	since := uint64(wall - unixYear1)
	days, sod := uint32(since/secondsPerDay), uint32(since%secondsPerDay)
	y, mo, day := civilFromDays(days)
	us := uint32(d.t.Nanosecond()) / 1000
	var buf [26]byte
	put2(buf[0:2], y/100)
	put2(buf[2:4], y%100)
	buf[4], buf[7], buf[10], buf[13], buf[16] = '-', '-', 'T', ':', ':'
	put2(buf[5:7], mo)
	put2(buf[8:10], day)
	put2(buf[11:13], sod/3600)
	put2(buf[14:16], sod/60%60)
	put2(buf[17:19], sod%60)
	n := 19
	if us != 0 {
		buf[19] = '.'
		put2(buf[20:22], us/10000)
		put2(buf[22:24], us/100%100)
		put2(buf[24:26], us%100)
		n = 26
	}
	return d.appendOffset(append(b, buf[:n]...))
}

// Wall clock seconds since 1970-01-01T00:00:00 of 0001-01-01T00:00:00 and
// of 10000-01-01T00:00:00: Python's datetimes are between them.
const (
	unixYear1     = -62135596800
	unixYear10000 = 253402300800
)

// civilFromDays returns the proleptic Gregorian date days days after
// 0001-01-01 (days below 3652059, so years 1 to 9999), with Neri and
// Schneider's "Euclidean affine functions" (Software: Practice and
// Experience, 2022): a computational calendar that starts on March 1 of
// year 0, where the century, the year of the century, the month and the
// day each come from one multiplication and one division by a constant.
func civilFromDays(days uint32) (year, month, day uint32) {
	// Days since 0000-03-01: 0001-01-01 is day 306.
	n := days + 306
	n1 := 4*n + 3
	century := n1 / 146097
	nc := n1 % 146097 / 4 // day of the century
	p2 := uint64(2939745) * uint64(4*nc+3)
	yoc := uint32(p2 >> 32)         // year of the century
	doy := uint32(p2) / 2939745 / 4 // day of the year, from March 1
	n3 := 2141*doy + 197913         // month and day of a year of 12 months of 30.6 days
	year, month, day = 100*century+yoc, n3>>16, n3&0xffff/2141+1
	if doy >= 306 { // January and February belong to the next year
		year, month = year+1, month-12
	}
	return year, month, day
}

// appendTextOutside is appendText for a wall clock outside Python's years
// 1 to 9999, which only a DateTime made by FromTime or FromNaive from
// such a time.Time holds: its fields as time.Time reads them, with at
// least as many digits as Python's.
func (d DateTime) appendTextOutside(b []byte) []byte {
	y, mo, day := d.t.Date()
	h, mi, s := d.t.Clock()
	if y < 0 { // (appendInt writes digits only)
		b = append(b, '-')
		y = -y
	}
	b = appendInt(b, y, 4)
	b = append(b, '-')
	b = appendInt(b, int(mo), 2)
	b = append(b, '-')
	b = appendInt(b, day, 2)
	b = append(b, 'T')
	b = appendInt(b, h, 2)
	b = append(b, ':')
	b = appendInt(b, mi, 2)
	b = append(b, ':')
	b = appendInt(b, s, 2)
	if us := d.t.Nanosecond() / 1000; us != 0 {
		b = append(b, '.')
		b = appendInt(b, us, 6)
	}
	return b
}

// digits2 holds 00 to 99, two bytes each.
const digits2 = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// put2 writes v (0 to 99) as two digits.
func put2(b []byte, v uint32) {
	_ = b[1]
	i := v * 2
	b[0], b[1] = digits2[i], digits2[i+1]
}

// appendOffset appends the offset: nothing when naive, "Z" for 0, else
// ±HH:MM.
func (d DateTime) appendOffset(b []byte) []byte {
	if d.naive {
		return b
	}
	if d.offset == 0 {
		return append(b, 'Z')
	}
	// speedate's Display: whole minutes toward zero, the sign of the
	// offset in seconds.
	mins := int(d.offset) / 60 // below 24 hours: two digits of hours
	buf := [6]byte{'+', 0, 0, ':', 0, 0}
	if d.offset < 0 {
		buf[0] = '-'
		mins = -mins
	}
	put2(buf[1:3], uint32(mins/60))
	put2(buf[4:6], uint32(mins%60))
	return append(b, buf[:]...)
}

// appendInt appends v zero-padded to width digits (more if v needs them).
func appendInt(b []byte, v, width int) []byte {
	var buf [20]byte
	i := len(buf)
	for v >= 10 || width > 1 {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
		width--
	}
	i--
	buf[i] = byte('0' + v)
	return append(b, buf[i:]...)
}
