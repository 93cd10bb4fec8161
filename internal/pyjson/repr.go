package pyjson

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Repr is Options{}.Repr.
func Repr(v *Value) string { return Options{}.Repr(v) }

// StrOf is Options{}.StrOf.
func StrOf(v *Value) string { return Options{}.StrOf(v) }

// StrOf is Python's str(v): a Str or Object is its text, a Datetime its
// isoformat(' '), an Enum member Class.MEMBER, anything else its repr.
func (o Options) StrOf(v *Value) string {
	switch v.Kind {
	case Str, Object:
		return v.Str
	case Datetime:
		return v.Time.ISOFormat(' ')
	case Enum:
		return v.Name + "." + v.Str
	}
	return o.Repr(v)
}

// Repr is Python's repr(v): None, True, 12, 1.0, 'text', b'bytes',
// [a, b], (a,), {'k': v}, Name(k=v) for a Model, the text of an Object,
// datetime.datetime(2024, 1, 2, 3, 4, tzinfo=TzInfo(0)) for a Datetime and
// <Class.MEMBER: value> for an Enum member.
func (o Options) Repr(v *Value) string { return string(o.AppendRepr(nil, v)) }

// AppendRepr appends o.Repr(v) to b.
func (o Options) AppendRepr(b []byte, v *Value) []byte {
	switch v.Kind {
	case None:
		b = append(b, "None"...)
	case Bool:
		if v.Bool {
			b = append(b, "True"...)
		} else {
			b = append(b, "False"...)
		}
	case Int:
		b = append(b, v.Int...)
	case Float:
		b = AppendFloatRepr(b, v.Float)
	case Str:
		b = o.AppendStrRepr(b, v.Str)
	case Object:
		b = append(b, v.Str...)
	case Bytes:
		b = AppendBytesRepr(b, v.Str)
	case List, Tuple:
		open, end := byte('['), byte(']')
		if v.Kind == Tuple {
			open, end = '(', ')'
		}
		b = append(b, open)
		for i := range v.List {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = o.AppendRepr(b, &v.List[i])
		}
		if v.Kind == Tuple && len(v.List) == 1 {
			b = append(b, ',')
		}
		b = append(b, end)
	case Dict:
		b = append(b, '{')
		for i := range v.Keys {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = o.AppendRepr(b, &v.Keys[i])
			b = append(b, ": "...)
			b = o.AppendRepr(b, &v.Vals[i])
		}
		b = append(b, '}')
	case Datetime:
		b = v.Time.AppendRepr(b)
	case Enum:
		b = append(b, '<')
		b = append(b, v.Name...)
		b = append(b, '.')
		b = append(b, v.Str...)
		b = append(b, ": "...)
		b = o.AppendRepr(b, &v.List[0])
		b = append(b, '>')
	case Model:
		// pydantic's BaseModel.__repr__: Name(field=repr(value), ...).
		b = append(b, v.Name...)
		b = append(b, '(')
		for i := range v.Keys {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, v.Keys[i].Str...)
			b = append(b, '=')
			b = o.AppendRepr(b, &v.Vals[i])
		}
		b = append(b, ')')
	}
	return b
}

// AppendStrRepr appends Python's repr of the str s: in single quotes unless
// s holds a single quote and no double quote; the quote, backslash, \t, \n
// and \r escaped; other control characters and the characters that are not
// Printable (all non-ASCII ones with o.ASCII) as \xhh, \uhhhh or
// \Uhhhhhhhh. How bytes that are not UTF-8 read is o.WTF8's to say.
func (o Options) AppendStrRepr(b []byte, s string) []byte {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b = append(b, quote)
	for i := 0; i < len(s); {
		r, w := o.decode(s[i:])
		i += w
		switch {
		case r == rune(quote) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r < 0x20 || r == 0x7f:
			b = append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xF])
		case r < 0x7f:
			b = append(b, byte(r))
		case o.WTF8 && r == utf8.RuneError && w == 1:
			b = appendEscape(b, r) // a byte that is not WTF-8
		case !o.ASCII && Printable(r):
			b = utf8.AppendRune(b, r)
		default:
			b = appendEscape(b, r)
		}
	}
	return append(b, quote)
}

// appendEscape appends r as repr escapes it: \xhh, \uhhhh or \Uhhhhhhhh.
func appendEscape(b []byte, r rune) []byte {
	switch {
	case r < 0x100:
		return append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xF])
	case r < 0x10000:
		return appendU4(b, r)
	}
	b = append(b, '\\', 'U')
	for sh := 28; sh >= 0; sh -= 4 {
		b = append(b, hexDigits[r>>sh&0xF])
	}
	return b
}

// AppendBytesRepr appends Python's repr of the bytes s: b'...' (b"..." when
// s holds a single quote and no double quote), with the quote, backslash,
// \t, \n and \r escaped and every other byte outside printable ASCII as
// \xhh.
func AppendBytesRepr(b []byte, s string) []byte {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b = append(b, 'b', quote)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == quote || c == '\\':
			b = append(b, '\\', c)
		case c == '\t':
			b = append(b, `\t`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c < 0x20 || c >= 0x7f:
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			b = append(b, c)
		}
	}
	return append(b, quote)
}

// Printable is Python's str.isprintable for one character: false for the
// general categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs bar the ASCII space.
// That is unicode.IsPrint (letters, marks, numbers, punctuation, symbols and
// the space), so it follows Go's Unicode version: a Python on an older
// Unicode also escapes the characters assigned since.
func Printable(r rune) bool { return unicode.IsPrint(r) }
