package pytime

import "time"

// parseUTCMicros is ParseString for the text AutoGen writes for an aware
// UTC datetime, YYYY-MM-DDTHH:MM:SS.ffffffZ (27 bytes), when each field is
// in a range every month has (days up to 28), which is most of a
// transcript's datetimes. It computes the instant from the fields rather
// than through time.Date, with the same result as the general way;
// anything else (false) goes the general way.
func parseUTCMicros(s string) (DateTime, bool) {
	if len(s) != 27 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != '.' || s[26] != 'Z' {
		return DateTime{}, false
	}
	ok := true
	num := func(i, n int) int {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				ok = false
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	year, month, day := num(0, 4), num(5, 2), num(8, 2)
	hour, minute, second, micro := num(11, 2), num(14, 2), num(17, 2), num(20, 6)
	if !ok || year < 1 || month < 1 || month > 12 || day < 1 || day > 28 || hour > 23 || minute > 59 || second > 59 {
		return DateTime{}, false
	}
	unix := daysFromCivil(year, month, day)*86400 + int64(hour*3600+minute*60+second)
	return DateTime{t: time.Unix(unix, int64(micro)*1000).UTC(), set: true}, true
}

// daysFromCivil is the number of days from 1970-01-01 to the given date of
// the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400 // y >= 0 here
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}
