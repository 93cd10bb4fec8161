package pytime

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// speedate's error texts, as pydantic reports them.
const (
	reasonTooShort      = "input is too short"
	reasonExtra         = "unexpected extra characters at the end of the input"
	reasonDateSep       = "invalid date separator, expected `-`"
	reasonYear          = "invalid character in year"
	reasonMonth         = "invalid character in month"
	reasonDay           = "invalid character in day"
	reasonMonthRange    = "month value is outside expected range of 1-12"
	reasonDayRange      = "day value is outside expected range"
	reasonDateTooSmall  = "dates before 0000 are not supported as unix timestamps"
	reasonDateTooLarge  = "dates after 9999 are not supported as unix timestamps"
	reasonTimeTooLarge  = "numeric times may not exceed 86,399 seconds"
	reasonYearZero      = "year 0 is out of range"
	reasonDateNotExact  = "Timestamp is not an exact date"
	reasonDateTimeSep   = "invalid datetime separator, expected `T`, `t`, `_` or space"
	reasonHour          = "invalid character in hour"
	reasonMinute        = "invalid character in minute"
	reasonSecond        = "invalid character in second"
	reasonTimeSep       = "invalid time separator, expected `:`"
	reasonHourRange     = "hour value is outside expected range of 0-23"
	reasonMinuteRange   = "minute value is outside expected range of 0-59"
	reasonSecondRange   = "second value is outside expected range of 0-59"
	reasonFractionMiss  = "second fraction digits missing after `.`"
	reasonTzSign        = "invalid timezone sign"
	reasonTzHour        = "invalid timezone hour"
	reasonTzMinute      = "invalid timezone minute"
	reasonTzMinuteRange = "timezone minute value is outside expected range of 0-59"
	reasonTzRange       = "timezone offset must be less than 24 hours"
	reasonNaN           = "NaN values not permitted"
	msWatershed         = 20_000_000_000 // above this magnitude a timestamp is in milliseconds
	unix0000            = -62_167_219_200
	unix9999            = 253_402_300_799
	microsPerSecond     = 1_000_000
	secondsPerDay       = 86_400
)

// fields is a parsed datetime before conversion to Python.
type fields struct {
	year, month, day            int
	hour, minute, second, micro int
	offset                      int
	naive                       bool
}

// ParseString validates a JSON string as pydantic's lax datetime, with
// speedate's rules:
//
//   - YYYY-MM-DD, then T, t, space or _, then HH:MM, optional :SS and an
//     optional fraction after . or , (digits past the sixth are dropped),
//     then optionally Z, z, or an offset ±HH:MM or ±HHMM (U+2212 minus is
//     accepted) below 24 hours; nothing may follow;
//   - a bare date YYYY-MM-DD is that day's midnight, naive;
//   - a string of digits (with an optional sign) is a unix timestamp, and
//     one with a "." is a float timestamp (an exponent is allowed then), as
//     in [FromNumber] but computed as speedate does for strings;
//   - anything else is a TypeFromDateParsing error whose reason is the
//     date parser's (for example "input is too short", "unexpected extra
//     characters at the end of the input", "month value is outside expected
//     range of 1-12");
//   - year 0, which Python cannot hold, is a TypeParsing error.
func ParseString(s string) (DateTime, error) {
	if t, ok := parseUTCMicros(s); ok {
		return t, nil
	}
	f, err := parseDateTime(s)
	if err == "" {
		return toPython(f)
	}
	// A number out of range falls through to the date parser too.
	if f, ok, terr := stringTimestamp(s); ok && terr == "" {
		return toPython(f)
	}
	// pydantic retries as a date and reports the date parser's error.
	y, m, d, derr := parseDate(s)
	if derr != "" {
		return DateTime{}, &Error{Type: TypeFromDateParsing, Reason: derr}
	}
	return toPython(fields{year: y, month: m, day: d, naive: true})
}

// toPython converts parsed fields as Python's datetime constructor does.
func toPython(f fields) (DateTime, error) {
	if f.year == 0 {
		return DateTime{}, &Error{Type: TypeParsing, Reason: reasonYearZero}
	}
	return build(f.year, f.month, f.day, f.hour, f.minute, f.second, f.micro, f.offset, f.naive), nil
}

func digit(c byte) (int, bool) {
	if c >= '0' && c <= '9' {
		return int(c - '0'), true
	}
	return 0, false
}

// parseDatePart is speedate's Date::parse_bytes_partial.
func parseDatePart(s string) (y, m, d int, reason string) {
	if len(s) < 10 {
		return 0, 0, 0, reasonTooShort
	}
	for i := 0; i < 4; i++ {
		v, ok := digit(s[i])
		if !ok {
			return 0, 0, 0, reasonYear
		}
		y = y*10 + v
	}
	if s[4] != '-' {
		return 0, 0, 0, reasonDateSep
	}
	m1, ok1 := digit(s[5])
	m2, ok2 := digit(s[6])
	if !ok1 || !ok2 {
		return 0, 0, 0, reasonMonth
	}
	if s[7] != '-' {
		return 0, 0, 0, reasonDateSep
	}
	d1, ok1 := digit(s[8])
	d2, ok2 := digit(s[9])
	if !ok1 || !ok2 {
		return 0, 0, 0, reasonDay
	}
	m, d = m1*10+m2, d1*10+d2
	var maxDay int
	switch m {
	case 1, 3, 5, 7, 8, 10, 12:
		maxDay = 31
	case 4, 6, 9, 11:
		maxDay = 30
	case 2:
		maxDay = 28
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			maxDay = 29
		}
	default:
		return 0, 0, 0, reasonMonthRange
	}
	if d < 1 || d > maxDay {
		return 0, 0, 0, reasonDayRange
	}
	return y, m, d, ""
}

// parseDate is speedate's Date::parse_bytes: an RFC 3339 date, else an
// integer timestamp that must fall on a midnight.
func parseDate(s string) (y, m, d int, reason string) {
	y, m, d, reason = parseDatePart(s)
	if reason == "" && len(s) > 10 {
		reason = reasonExtra
	}
	if reason == "" {
		return y, m, d, ""
	}
	ts, ok := parseInt(s)
	if !ok {
		return 0, 0, 0, reason
	}
	second, micro, terr := watershed(ts)
	if terr != "" {
		return 0, 0, 0, terr
	}
	f, terr := fromUnix(second, 0)
	if terr != "" {
		return 0, 0, 0, terr
	}
	if micro != 0 || f.hour != 0 || f.minute != 0 || f.second != 0 {
		return 0, 0, 0, reasonDateNotExact
	}
	return f.year, f.month, f.day, ""
}

// parseDateTime is speedate's DateTime::parse_bytes_rfc3339_with_config with
// microsecond truncation.
func parseDateTime(s string) (fields, string) {
	var f fields
	var reason string
	f.year, f.month, f.day, reason = parseDatePart(s)
	if reason != "" {
		return f, reason
	}
	if len(s) < 11 || s[10] != 'T' && s[10] != 't' && s[10] != ' ' && s[10] != '_' {
		return f, reasonDateTimeSep
	}
	pos, reason := parseClock(s, 11, &f)
	if reason != "" {
		return f, reason
	}
	f.naive = true
	if pos < len(s) {
		if s[pos] == 'Z' || s[pos] == 'z' {
			f.naive = false
			pos++
		} else if pos, reason = parseOffset(s, pos, &f); reason != "" {
			return f, reason
		}
	}
	if pos < len(s) {
		return f, reasonExtra
	}
	return f, ""
}

// parseClock reads the time of day at s[o:], HH:MM with optional :SS and
// an optional fraction after . or , (digits past the sixth dropped), into
// f, and returns the position after it.
func parseClock(s string, o int, f *fields) (int, string) {
	if len(s)-o < 5 {
		return o, reasonTooShort
	}
	h1, ok1 := digit(s[o])
	h2, ok2 := digit(s[o+1])
	if !ok1 || !ok2 {
		return o, reasonHour
	}
	if s[o+2] != ':' {
		return o, reasonTimeSep
	}
	mi1, ok1 := digit(s[o+3])
	mi2, ok2 := digit(s[o+4])
	if !ok1 || !ok2 {
		return o, reasonMinute
	}
	f.hour, f.minute = h1*10+h2, mi1*10+mi2
	if f.hour > 23 {
		return o, reasonHourRange
	}
	if f.minute > 59 {
		return o, reasonMinuteRange
	}
	pos := o + 5
	if pos >= len(s) || s[pos] != ':' {
		return pos, ""
	}
	if pos+2 >= len(s) {
		return pos, reasonSecond
	}
	s1, ok1 := digit(s[pos+1])
	s2, ok2 := digit(s[pos+2])
	if !ok1 || !ok2 {
		return pos, reasonSecond
	}
	f.second = s1*10 + s2
	if f.second > 59 {
		return pos, reasonSecondRange
	}
	pos += 3
	if pos < len(s) && (s[pos] == '.' || s[pos] == ',') {
		pos++
		n := 0
		for pos < len(s) && s[pos] >= '0' && s[pos] <= '9' {
			if n < 6 {
				f.micro = f.micro*10 + int(s[pos]-'0')
			}
			n++
			pos++
		}
		if n == 0 {
			return pos, reasonFractionMiss
		}
		for ; n < 6; n++ {
			f.micro *= 10
		}
	}
	return pos, ""
}

// parseOffset reads a UTC offset at s[pos:], ±HH:MM or ±HHMM (U+2212
// minus accepted) below 24 hours, into f, and returns the position after
// it.
func parseOffset(s string, pos int, f *fields) (int, string) {
	sign := 1
	switch c := s[pos]; {
	case c == '+':
	case c == '-':
		sign = -1
	case c == 0xe2 && strings.HasPrefix(s[pos+1:], "\x88\x92"): // U+2212 MINUS SIGN
		sign = -1
		pos += 2
	default:
		return pos, reasonTzSign
	}
	pos++
	th1, ok1 := digitAt(s, pos)
	th2, ok2 := digitAt(s, pos+1)
	if !ok1 || !ok2 {
		return pos, reasonTzHour
	}
	var tm1 int
	switch {
	case pos+2 < len(s) && s[pos+2] == ':':
		pos += 3
		v, ok := digitAt(s, pos)
		if !ok {
			return pos, reasonTzMinute
		}
		tm1 = v
	case pos+2 < len(s) && s[pos+2] >= '0' && s[pos+2] <= '9':
		pos += 2
		tm1 = int(s[pos] - '0')
	default:
		return pos, reasonTzMinute
	}
	tm2, ok := digitAt(s, pos+1)
	if !ok {
		return pos, reasonTzMinute
	}
	minuteSeconds := tm1*600 + tm2*60
	if minuteSeconds >= 3600 {
		return pos, reasonTzMinuteRange
	}
	off := sign * (th1*36000 + th2*3600 + minuteSeconds)
	if off <= -maxOffset || off >= maxOffset {
		return pos, reasonTzRange
	}
	f.offset, f.naive = off, false
	return pos + 2, ""
}

// digitAt is digit(s[i]), false past the end of s.
func digitAt(s string, i int) (int, bool) {
	if i < len(s) {
		return digit(s[i])
	}
	return 0, false
}

// parseInt is speedate's int_parse_bytes: an optional sign and digits,
// without overflow.
func parseInt(s string) (int64, bool) {
	neg := false
	body := s
	if len(s) >= 2 && (s[0] == '-' || s[0] == '+') {
		neg, body = s[0] == '-', s[1:]
	}
	if body == "" {
		return 0, false
	}
	var v int64
	for i := 0; i < len(body); i++ {
		d, ok := digit(body[i])
		if !ok || v > (math.MaxInt64-int64(d))/10 {
			return 0, false
		}
		v = v*10 + int64(d)
	}
	if neg {
		v = -v
	}
	return v, true
}

// parseRustFloat parses s as lexical's standard float grammar does: an
// optional sign, digits with an optional "." and fraction (at least one
// digit in all), an optional exponent; too large a value is an infinity.
func parseRustFloat(s string) (float64, bool) {
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	mant, exp, hasExp := strings.Cut(body, "e")
	if !hasExp {
		mant, exp, hasExp = strings.Cut(body, "E")
	}
	whole, frac, _ := strings.Cut(mant, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return 0, false
	}
	if hasExp {
		e := exp
		if e != "" && (e[0] == '+' || e[0] == '-') {
			e = e[1:]
		}
		if e == "" || !allDigits(e) {
			return 0, false
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return v, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// stringTimestamp is the numeric branch of speedate's
// DateTime::parse_bytes_with_config: ok reports whether s is a number at
// all; reason is the failure of a number out of range.
func stringTimestamp(s string) (fields, bool, string) {
	if !strings.Contains(s, ".") {
		ts, ok := parseInt(s)
		if !ok {
			return fields{}, false, ""
		}
		f, reason := timestamp(ts, 0)
		return f, true, reason
	}
	v, ok := parseRustFloat(s)
	if !ok {
		return fields{}, false, ""
	}
	if math.Abs(v) > msWatershed {
		v /= 1000
	}
	seconds := f64ToI64(math.Floor(v))
	micro := f64ToU32(math.Round((v - float64(seconds)) * 1e6))
	f, reason := timestamp(seconds, micro)
	return f, true, reason
}

// FromNumber validates the text of a JSON number as pydantic's lax datetime
// (python mode): a unix timestamp in seconds, or in milliseconds when its
// magnitude exceeds 2e10, giving an aware UTC DateTime.
//
// An integer (no ".", "e" or "E") is exact; one beyond int64 is converted
// to a float first, as Python's int does (too large even for a float is a
// TypeDatetime error). A float follows speedate's from_float: the floor is
// the timestamp and the absolute fraction, rounded to the microsecond (to
// the thousandth of a millisecond above 2e10), is added to it; so -1.25
// gives -1.75 seconds, as pydantic does. Out-of-range values are
// TypeParsing errors ("dates after 9999 are not supported as unix
// timestamps", "year 0 is out of range").
func FromNumber(text string) (DateTime, error) {
	if !isJSONNumber(text) {
		return DateTime{}, &Error{Type: TypeDatetime}
	}
	var f fields
	var reason string
	if !strings.ContainsAny(text, ".eE") {
		if ts, err := strconv.ParseInt(text, 10, 64); err == nil {
			f, reason = timestamp(ts, 0)
			return result(f, reason)
		}
		// Python: int beyond int64 -> float(int), correctly rounded.
		bf, _, err := big.ParseFloat(text, 10, 53, big.ToNearestEven)
		if err != nil {
			return DateTime{}, &Error{Type: TypeDatetime}
		}
		v, _ := bf.Float64()
		if math.IsInf(v, 0) {
			return DateTime{}, &Error{Type: TypeDatetime}
		}
		f, reason = fromFloat(v)
		return result(f, reason)
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return DateTime{}, &Error{Type: TypeDatetime}
	}
	f, reason = fromFloat(v)
	return result(f, reason)
}

func result(f fields, reason string) (DateTime, error) {
	if reason != "" {
		return DateTime{}, &Error{Type: TypeParsing, Reason: reason}
	}
	return toPython(f)
}

// fromFloat is speedate's DateTime::from_float_with_config as pydantic's
// float_as_datetime calls it.
func fromFloat(v float64) (fields, string) {
	if math.IsNaN(v) {
		return fields{}, reasonNaN
	}
	scale := 1e6
	if math.Abs(v) > msWatershed {
		scale = 1e3
	}
	fract := math.Abs(v - math.Trunc(v))
	if math.IsInf(v, 0) {
		fract = math.NaN()
	}
	return timestamp(f64ToI64(math.Floor(v)), f64ToU32(math.Round(fract*scale)))
}

// f64ToI64 and f64ToU32 are Rust's saturating float-to-integer casts.
func f64ToI64(v float64) int64 {
	switch {
	case math.IsNaN(v):
		return 0
	case v >= math.MaxInt64:
		return math.MaxInt64
	case v <= math.MinInt64:
		return math.MinInt64
	}
	return int64(v)
}

func f64ToU32(v float64) uint32 {
	switch {
	case math.IsNaN(v) || v <= 0:
		return 0
	case v >= math.MaxUint32:
		return math.MaxUint32
	}
	return uint32(v)
}

// watershed is speedate's timestamp_watershed: a magnitude above 2e10 is
// milliseconds.
func watershed(ts int64) (second int64, micro uint32, reason string) {
	if ts == math.MinInt64 {
		return 0, 0, reasonDateTooSmall
	}
	abs := ts
	if abs < 0 {
		abs = -abs
	}
	if abs <= msWatershed {
		return ts, 0, ""
	}
	second = ts / 1000
	m := ts % 1000 * 1000
	if m < 0 {
		second--
		m += microsPerSecond
	}
	return second, uint32(m), ""
}

// timestamp is speedate's DateTime::from_timestamp_with_config with a UTC
// offset of 0 for the result.
func timestamp(ts int64, micro uint32) (fields, string) {
	second, extra, reason := watershed(ts)
	if reason != "" {
		return fields{}, reason
	}
	total := uint64(micro) + uint64(extra)
	if total > math.MaxUint32 {
		return fields{}, reasonTimeTooLarge
	}
	if total >= microsPerSecond {
		second += int64(total / microsPerSecond)
		total %= microsPerSecond
	}
	return fromUnix(second, int(total))
}

// fromUnix splits unix seconds into UTC calendar fields within speedate's
// range (0000-01-01 to 9999-12-31).
func fromUnix(second int64, micro int) (fields, string) {
	if second < unix0000 {
		return fields{}, reasonDateTooSmall
	}
	if second > unix9999 {
		return fields{}, reasonDateTooLarge
	}
	days := floorDiv(second, secondsPerDay)
	sod := int(second - days*secondsPerDay)
	y, m, d := civil(days)
	return fields{year: y, month: m, day: d, hour: sod / 3600, minute: sod % 3600 / 60, second: sod % 60, micro: micro}, ""
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// civil converts days since 1970-01-01 to a proleptic Gregorian date.
func civil(days int64) (y, m, d int) {
	z := days + 719_468
	era := floorDiv(z, 146_097)
	doe := z - era*146_097
	yoe := (doe - doe/1460 + doe/36_524 - doe/146_096) / 365
	yy := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = int(doy - (153*mp+2)/5 + 1)
	if mp < 10 {
		m = int(mp + 3)
	} else {
		m = int(mp - 9)
	}
	if m <= 2 {
		yy++
	}
	return int(yy), m, d
}

// isJSONNumber reports whether s is a JSON number (RFC 8259).
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}
