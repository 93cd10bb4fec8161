package pyjson

import (
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Dumps is Options{}.Dumps.
func Dumps(v *Value) string { return Options{}.Dumps(v) }

// Dumps is Python's json.dumps(v) with default arguments: ensure_ascii
// (\uXXXX escapes in lowercase hex, a surrogate pair for an astral
// character), separators ", " and ": ", key order kept, ints digit for
// digit, floats as FloatRepr with NaN, Infinity and -Infinity. A Tuple is
// written as a list, a Model as a dict, Bytes and an Object as a str, and a
// dict key as KeyText says. A Datetime, which json.dumps refuses, is written
// as model_dump(mode="json") writes it (a str) and an Enum member as its
// value.
func (o Options) Dumps(v *Value) string { return string(o.AppendDumps(nil, v)) }

// AppendDumps appends o.Dumps(v) to b.
func (o Options) AppendDumps(b []byte, v *Value) []byte {
	switch v.Kind {
	case None:
		b = append(b, "null"...)
	case Bool:
		b = strconv.AppendBool(b, v.Bool)
	case Int:
		b = append(b, v.Int...)
	case Float:
		b = appendDumpsFloat(b, v.Float)
	case Str, Bytes, Object:
		b = o.AppendDumpsStr(b, v.Str)
	case Datetime:
		b = v.Time.AppendJSON(b)
	case Enum:
		b = o.AppendDumps(b, &v.List[0])
	case List, Tuple:
		b = append(b, '[')
		for i := range v.List {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = o.AppendDumps(b, &v.List[i])
		}
		b = append(b, ']')
	case Dict, Model:
		b = append(b, '{')
		for i := range v.Keys {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = o.AppendDumpsStr(b, KeyText(&v.Keys[i]))
			b = append(b, ": "...)
			b = o.AppendDumps(b, &v.Vals[i])
		}
		b = append(b, '}')
	}
	return b
}

// AppendDumpsStr appends json.dumps(s) for the str s: in double quotes,
// with ensure_ascii's escapes. A byte that is not UTF-8 (or WTF-8) is
// written as \ufffd.
func (o Options) AppendDumpsStr(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			j := i + 1
			for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f && s[j] != '"' && s[j] != '\\' {
				j++
			}
			b = append(b, s[i:j]...)
			i = j
			continue
		}
		r, w := o.decode(s[i:])
		i += w
		switch {
		case r < utf8.RuneSelf && dumpsEscapes[r] != "":
			b = append(b, dumpsEscapes[r]...)
		case r >= 0x10000: // a surrogate pair
			r -= 0x10000
			b = appendU4(b, 0xD800|(r>>10)&0x3FF)
			b = appendU4(b, 0xDC00|r&0x3FF)
		default:
			b = appendU4(b, r)
		}
	}
	return append(b, '"')
}

// dumpsEscapes holds the two-character escapes json.dumps writes.
var dumpsEscapes = [utf8.RuneSelf]string{'"': `\"`, '\\': `\\`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '\b': `\b`, '\f': `\f`}

func appendU4(b []byte, u rune) []byte {
	return append(b, '\\', 'u', hexDigits[u>>12&0xF], hexDigits[u>>8&0xF], hexDigits[u>>4&0xF], hexDigits[u&0xF])
}

// KeyText is the str json.dumps writes for the dict key k: a str (or Bytes,
// Object) itself, true, false or null for a bool or None, a float as Dumps
// writes it, and an int's digits.
func KeyText(k *Value) string {
	switch k.Kind {
	case Str, Bytes, Object:
		return k.Str
	case Bool:
		if k.Bool {
			return "true"
		}
		return "false"
	case None:
		return "null"
	case Float:
		return string(appendDumpsFloat(nil, k.Float))
	}
	return k.Int
}

// AppendJSON appends v as compact JSON (no spaces), with UTF-8 kept as it
// is rather than escaped and floats as json.dumps writes them (1.0, 1e-05,
// Infinity, NaN). Kinds and keys map to JSON as in Dumps.
func AppendJSON(b []byte, v *Value) []byte {
	switch v.Kind {
	case None:
		return append(b, "null"...)
	case Bool:
		return strconv.AppendBool(b, v.Bool)
	case Int:
		return append(b, v.Int...)
	case Float:
		return appendDumpsFloat(b, v.Float)
	case Str, Bytes, Object:
		return AppendQuote(b, v.Str)
	case Datetime:
		return v.Time.AppendJSON(b)
	case Enum:
		return AppendJSON(b, &v.List[0])
	case List, Tuple:
		b = append(b, '[')
		for i := range v.List {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendJSON(b, &v.List[i])
		}
		return append(b, ']')
	}
	b = append(b, '{')
	for i := range v.Keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendQuote(b, KeyText(&v.Keys[i]))
		b = append(b, ':')
		b = AppendJSON(b, &v.Vals[i])
	}
	return append(b, '}')
}
