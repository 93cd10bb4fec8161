package wire

import (
	"errors"
	"unsafe"

	"github.com/agentschema/agentschema/internal/pytime"
)

// DateTime is a date and time as pydantic holds a Python datetime: naive
// or with a fixed UTC offset, to the microsecond (see internal/pytime).
type DateTime = pytime.DateTime

// NowUTC returns the current time, aware, in UTC: pydantic's default for
// created_at.
func NowUTC() DateTime { return pytime.NowUTC() }

// DateTime reads a datetime with pydantic's lax rules: an ISO 8601 string
// (with Z, an offset, or naive; a bare date is midnight), or a unix time
// as a number or numeric string (seconds, or milliseconds above 2e10).
func (d *Decoder) DateTime() DateTime {
	var (
		t   DateTime
		err error
	)
	off := d.pos
	switch d.Peek() {
	case KindString:
		b, ok := d.valueString()
		if !ok {
			return DateTime{}
		}
		// A datetime that parses keeps nothing of its text, so the text is
		// read in place; a fault's message is made from a copy.
		if t, err = pytime.ParseString(unsafe.String(unsafe.SliceData(b), len(b))); err != nil {
			t, err = pytime.ParseString(string(b))
		}
	case KindNumber:
		text, ok := d.number()
		if !ok {
			return DateTime{}
		}
		t, err = pytime.FromNumber(string(text))
	default:
		d.typeFault("datetime_type", "Input should be a valid datetime")
		return DateTime{}
	}
	if err != nil {
		code := "datetime_parsing"
		var pe *pytime.Error
		if errors.As(err, &pe) {
			code = pe.Type
		}
		d.failAt(off, "", code, err.Error())
	}
	return t
}

// ErrUnsetDateTime is the error of encoding a DateTime that was never set:
// the zero value of a struct literal's created_at, which AutoGen never
// writes (pydantic fills the current time when a message is made).
var ErrUnsetDateTime = errors.New("a datetime is not set (the zero value; AutoGen fills created_at when it makes a message): set it, or build the message with its constructor (messages.NewTextMessage, ...)")

// DateTime appends t as AutoGen writes it. A zero (never set) DateTime is
// refused with ErrUnsetDateTime.
func (e *Encoder) DateTime(t DateTime) {
	if t.IsZero() {
		e.SetError(ErrUnsetDateTime)
	}
	e.reserve(40)
	e.set(t.AppendJSON(e.buf))
}
