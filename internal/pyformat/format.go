package pyformat

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyjson"
)

func valueErr(msg string) *pyexc.Error { return pyexc.New(pyexc.ValueError, msg) }

func typeErr(msg string) *pyexc.Error { return pyexc.New(pyexc.TypeError, msg) }

// strRepr is repr() of the str s.
func strRepr(s string) string { return string(pyjson.Options{}.AppendStrRepr(nil, s)) }

// Format renders format as Python's format.format(**kwargs) does
// (CPython's Objects/stringlib/unicode_format.h): literal text with {{ and
// }} escapes, and replacement fields {name.attr[key]!conv:spec} whose spec
// may itself hold fields. There are no positional arguments, so {} and {0}
// raise IndexError.
// kwargs is a Dict (or Model) whose str keys name the fields. The error is
// a *pyexc.Error with Python's exception class and text.
func Format(format string, kwargs *pyjson.Value) (string, error) {
	f := formatter{kwargs: kwargs}
	var b strings.Builder
	// Room for the template and each str argument once: a prompt that
	// holds a long conversation is then written without regrowing.
	size := len(format)
	if kwargs != nil {
		for i := range kwargs.Vals {
			if kwargs.Vals[i].Kind == pyjson.Str {
				size += len(kwargs.Vals[i].Str)
			}
		}
	}
	b.Grow(size)
	if err := f.build(&b, format, 2); err != nil {
		return "", err
	}
	return b.String(), nil
}

type formatter struct {
	kwargs *pyjson.Value
	// auto numbering state: 0 unset, 1 automatic, 2 manual
	autoState  int
	autoNumber int
}

func (f *formatter) build(b *strings.Builder, s string, depth int) error {
	if depth <= 0 {
		return valueErr("Max string recursion exceeded")
	}
	i := 0
	for i < len(s) {
		// Literal text up to a brace.
		j := i
		for j < len(s) && s[j] != '{' && s[j] != '}' {
			j++
		}
		if b.Len()+j-i > MaxOutput {
			return outputLimitErr()
		}
		b.WriteString(s[i:j])
		if j >= len(s) {
			return nil
		}
		c := s[j]
		atEnd := j+1 >= len(s)
		if c == '}' {
			if atEnd || s[j+1] != '}' {
				return valueErr("Single '}' encountered in format string")
			}
			b.WriteByte('}')
			i = j + 2
			continue
		}
		if atEnd {
			return valueErr("Single '{' encountered in format string")
		}
		if s[j+1] == '{' {
			b.WriteByte('{')
			i = j + 2
			continue
		}
		name, conv, spec, expand, next, err := parseField(s, j+1)
		if err != nil {
			return err
		}
		if err := f.field(b, name, conv, spec, expand, depth); err != nil {
			return err
		}
		i = next
	}
	return nil
}

// parseField reads the replacement field that starts at s[i] (just after
// its opening brace), as CPython's parse_field does: the name (in which
// [...] may hold any character), then !conversion, then :spec up to the
// brace that balances the opening one. It returns the offset after the
// field's closing brace.
func parseField(s string, i int) (name string, conv rune, spec string, expand bool, next int, err error) {
	start := i
	var c byte
	for i < len(s) {
		c = s[i]
		i++
		if c == '{' {
			return "", 0, "", false, 0, valueErr("unexpected '{' in field name")
		}
		if c == '[' {
			for i < len(s) && s[i] != ']' {
				i++
			}
			continue
		}
		if c == '}' || c == ':' || c == '!' {
			break
		}
	}
	name = s[start : i-1]
	if c != '!' && c != ':' {
		if c != '}' {
			return "", 0, "", false, 0, valueErr("expected '}' before end of string")
		}
		return name, 0, "", false, i, nil
	}
	if c == '!' {
		if i >= len(s) {
			return "", 0, "", false, 0, valueErr("end of string while looking for conversion specifier")
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		conv = r
		i += size
		if i < len(s) {
			c = s[i]
			i++
			if c == '}' {
				return name, conv, "", false, i, nil
			}
			if c != ':' {
				return "", 0, "", false, 0, valueErr("expected ':' after conversion specifier")
			}
		}
	}
	specStart := i
	count := 1
	for i < len(s) {
		c = s[i]
		i++
		switch c {
		case '{':
			expand = true
			count++
		case '}':
			count--
			if count == 0 {
				return name, conv, s[specStart : i-1], expand, i, nil
			}
		}
	}
	return "", 0, "", false, 0, valueErr("unmatched '{' in format spec")
}

// field renders one replacement field.
func (f *formatter) field(b *strings.Builder, name string, conv rune, spec string, expand bool, depth int) error {
	obj, err := f.lookup(name)
	if err != nil {
		return err
	}
	switch conv {
	case 0:
	case 'r':
		obj = pyjson.StrValue(pyjson.Repr(&obj))
	case 's':
		obj = pyjson.StrValue(pyjson.StrOf(&obj))
	case 'a':
		obj = pyjson.StrValue(pyjson.Options{ASCII: true}.Repr(&obj))
	default:
		if conv > 32 && conv < 127 {
			return valueErr("Unknown conversion specifier " + string(conv))
		}
		return valueErr("Unknown conversion specifier \\x" + strconv.FormatInt(int64(conv), 16))
	}
	if expand {
		var sb strings.Builder
		if err := f.build(&sb, spec, depth-1); err != nil {
			return err
		}
		spec = sb.String()
	}
	out, err := FormatValue(&obj, spec)
	if err != nil {
		return err
	}
	if b.Len()+len(out) > MaxOutput {
		return outputLimitErr()
	}
	b.WriteString(out)
	return nil
}

// MaxOutput bounds the text Format builds, in bytes (16 MiB): a short
// format string that repeats a wide field ("{x:1000000}" a thousand times)
// or a long value would otherwise make it allocate without bound. Past it,
// Format raises MemoryError, a limit of this package, not of Python.
const MaxOutput = 16 << 20

func outputLimitErr() error {
	return pyexc.New(pyexc.MemoryError, "formatted string above "+strconv.Itoa(MaxOutput)+" bytes (a limit of this package, not of Python)")
}

// decimalIndex is CPython's get_integer: the value of an all-digit name,
// or -1.
func decimalIndex(s string) (int, error) {
	if s == "" {
		return -1, nil
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return -1, nil
		}
		if n > (1<<62)/10 {
			return -1, valueErr("Too many decimal digits in format string")
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, nil
}

// lookup resolves a field name: the first part from the keyword
// arguments, then .attribute and [key] parts.
func (f *formatter) lookup(name string) (pyjson.Value, error) {
	i := 0
	for i < len(name) && name[i] != '.' && name[i] != '[' {
		i++
	}
	first, rest := name[:i], name[i:]
	idx, err := decimalIndex(first)
	if err != nil {
		return pyjson.Value{}, err
	}
	numeric := first == "" || idx != -1
	if numeric {
		auto := first == ""
		if f.autoState == 0 {
			f.autoState = 2
			if auto {
				f.autoState = 1
			}
		}
		if f.autoState == 2 && auto {
			return pyjson.Value{}, valueErr("cannot switch from manual field specification to automatic field numbering")
		}
		if f.autoState == 1 && !auto {
			return pyjson.Value{}, valueErr("cannot switch from automatic field numbering to manual field specification")
		}
		if auto {
			idx = f.autoNumber
			f.autoNumber++
		}
		return pyjson.Value{}, pyexc.New(pyexc.IndexError, "Replacement index "+strconv.Itoa(idx)+" out of range for positional args tuple")
	}
	p, ok := f.kwargs.Get(first)
	if !ok {
		return pyjson.Value{}, pyexc.New(pyexc.KeyError, strRepr(first))
	}
	obj := *p
	for rest != "" {
		switch rest[0] {
		case '.':
			j := 1
			for j < len(rest) && rest[j] != '.' && rest[j] != '[' {
				j++
			}
			attr := rest[1:j]
			rest = rest[j:]
			if attr == "" {
				return pyjson.Value{}, valueErr("Empty attribute in format string")
			}
			obj, err = getattr(&obj, attr)
		case '[':
			j := 1
			for j < len(rest) && rest[j] != ']' {
				j++
			}
			if j >= len(rest) {
				return pyjson.Value{}, valueErr("Missing ']' in format string")
			}
			key := rest[1:j]
			rest = rest[j+1:]
			if key == "" {
				return pyjson.Value{}, valueErr("Empty attribute in format string")
			}
			obj, err = getitem(&obj, key)
		default:
			return pyjson.Value{}, valueErr("Only '.' or '[' may follow ']' in format field specifier")
		}
		if err != nil {
			return pyjson.Value{}, err
		}
	}
	return obj, nil
}
