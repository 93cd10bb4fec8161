package pytime

import "strconv"

// This file holds what Python prints for a datetime pydantic validated:
// str() and isoformat(), repr() and format() (strftime). The JSON form is
// String and AppendJSON (datetime.go).

// ISOFormat is Python's datetime.isoformat(sep): YYYY-MM-DD, sep,
// HH:MM:SS, .ffffff when the microseconds are not zero, and the UTC offset
// as +HH:MM (with :SS when it has seconds) unless naive. str(d) is
// d.ISOFormat(' ').
func (d DateTime) ISOFormat(sep byte) string {
	return string(d.AppendISOFormat(make([]byte, 0, 32), sep))
}

// AppendISOFormat appends d.ISOFormat(sep) to b.
func (d DateTime) AppendISOFormat(b []byte, sep byte) []byte {
	t := d.t
	b = t.AppendFormat(b, "2006-01-02")
	b = append(b, sep)
	b = t.AppendFormat(b, "15:04:05")
	if us := t.Nanosecond() / 1000; us != 0 {
		b = append(b, '.')
		b = appendInt(b, us, 6)
	}
	if off, ok := d.UTCOffset(); ok {
		b = appendOffset(b, off, ":")
	}
	return b
}

// appendOffset appends a UTC offset as ±HH<sep>MM (and <sep>SS when the
// offset has seconds), as Python's isoformat and %z print it.
func appendOffset(b []byte, off int, sep string) []byte {
	sign := byte('+')
	if off < 0 {
		sign = '-'
		off = -off
	}
	b = append(b, sign)
	b = appendInt(b, off/3600, 2)
	b = append(b, sep...)
	b = appendInt(b, off/60%60, 2)
	if off%60 != 0 {
		b = append(b, sep...)
		b = appendInt(b, off%60, 2)
	}
	return b
}

// AppendRepr appends repr() of a datetime pydantic validated:
// datetime.datetime(Y, M, D, h, m[, s[, us]][, tzinfo=TzInfo(offset)]).
func (d DateTime) AppendRepr(b []byte) []byte {
	t := d.t
	b = append(b, "datetime.datetime("...)
	b = strconv.AppendInt(b, int64(t.Year()), 10)
	for _, v := range []int{int(t.Month()), t.Day(), t.Hour(), t.Minute()} {
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(v), 10)
	}
	if us := t.Nanosecond() / 1000; us != 0 {
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(t.Second()), 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(us), 10)
	} else if t.Second() != 0 {
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(t.Second()), 10)
	}
	if off, ok := d.UTCOffset(); ok {
		b = append(b, ", tzinfo=TzInfo("...)
		b = strconv.AppendInt(b, int64(off), 10)
		b = append(b, ')')
	}
	return append(b, ')')
}

var (
	weekdays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	months   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// Strftime is datetime.__format__ with a non-empty spec: Python's strftime
// with the C locale for the common directives (%a %A %w %d %b %h %B %m %y
// %Y %H %I %p %M %S %f %z %Z %j %F %T %%); others are copied through.
func (d DateTime) Strftime(spec string) string {
	var b []byte
	for i := 0; i < len(spec); i++ {
		c := spec[i]
		if c != '%' || i+1 >= len(spec) {
			b = append(b, c)
			continue
		}
		i++
		b = d.appendDirective(b, spec[i])
	}
	return string(b)
}

// appendDirective appends what the strftime directive %c gives.
func (d DateTime) appendDirective(b []byte, c byte) []byte {
	t := d.t
	switch c {
	case 'a':
		return append(b, weekdays[t.Weekday()][:3]...)
	case 'A':
		return append(b, weekdays[t.Weekday()]...)
	case 'w':
		return strconv.AppendInt(b, int64(t.Weekday()), 10)
	case 'd':
		return appendInt(b, t.Day(), 2)
	case 'b', 'h':
		return append(b, months[t.Month()-1][:3]...)
	case 'B':
		return append(b, months[t.Month()-1]...)
	case 'm':
		return appendInt(b, int(t.Month()), 2)
	case 'y':
		return appendInt(b, t.Year()%100, 2)
	case 'Y':
		return strconv.AppendInt(b, int64(t.Year()), 10)
	case 'H':
		return appendInt(b, t.Hour(), 2)
	case 'I':
		h := t.Hour() % 12
		if h == 0 {
			h = 12
		}
		return appendInt(b, h, 2)
	case 'p':
		if t.Hour() < 12 {
			return append(b, "AM"...)
		}
		return append(b, "PM"...)
	case 'M':
		return appendInt(b, t.Minute(), 2)
	case 'S':
		return appendInt(b, t.Second(), 2)
	case 'f':
		return appendInt(b, t.Nanosecond()/1000, 6)
	case 'z', 'Z':
		return d.appendZone(b, c)
	case 'j':
		return appendInt(b, t.YearDay(), 3)
	case 'F':
		return t.AppendFormat(b, "2006-01-02")
	case 'T':
		return t.AppendFormat(b, "15:04:05")
	case '%':
		return append(b, '%')
	}
	return append(b, '%', c)
}

// appendZone appends %z (+HHMM) or %Z ("UTC", else +HH:MM) of an aware
// datetime; nothing for a naive one.
func (d DateTime) appendZone(b []byte, c byte) []byte {
	off, aware := d.UTCOffset()
	switch {
	case !aware:
		return b
	case c == 'z':
		return appendOffset(b, off, "")
	case off == 0:
		return append(b, "UTC"...)
	}
	return appendOffset(b, off, ":")
}
