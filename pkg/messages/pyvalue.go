package messages

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strconv"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// pyValue is a Python object as AutoGen's renderings see it: what
// pydantic's model_dump() (python mode) gives for a field, or what a JSON
// value becomes when pydantic reads it. The concrete types are pyNone,
// bool, *big.Int, float64, string, pyBytes, pyList, *pyDict, pyDatetime,
// pyEnum and pyObject.
type pyValue any

// pyNoneType is Python's None.
type pyNoneType struct{}

var pyNone pyValue = pyNoneType{}

// pyBytes is a Python bytes object.
type pyBytes []byte

// pyList is a Python list.
type pyList []pyValue

// pyDict is a Python dict with string keys, in insertion order.
type pyDict struct {
	keys []string
	vals []pyValue
}

func (d *pyDict) set(k string, v pyValue) {
	for i, key := range d.keys {
		if key == k {
			d.vals[i] = v
			return
		}
	}
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
}

func (d *pyDict) get(k string) (pyValue, bool) {
	for i, key := range d.keys {
		if key == k {
			return d.vals[i], true
		}
	}
	return nil, false
}

// pyDatetime is a datetime.datetime as pydantic validates it (its tzinfo
// is pydantic's TzInfo).
type pyDatetime wire.DateTime

// pyEnum is a member of a Python Enum, such as MemoryMimeType.TEXT.
type pyEnum struct {
	class, member string
	value         pyValue
}

// pyObject is an object whose repr is Class(name=repr(value), ...): a
// dataclass or a pydantic model.
type pyObject struct {
	class string
	names []string
	vals  []pyValue
}

func pyInt(i int64) *big.Int { return big.NewInt(i) }

// pyTypeName is type(v).__name__ as CPython's messages print it (tp_name).
func pyTypeName(v pyValue) string {
	switch x := v.(type) {
	case pyNoneType:
		return "NoneType"
	case bool:
		return "bool"
	case *big.Int:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case pyBytes:
		return "bytes"
	case pyList:
		return "list"
	case *pyDict:
		return "dict"
	case pyDatetime:
		return "datetime.datetime"
	case pyEnum:
		return x.class
	case pyObject:
		return x.class
	}
	return "object"
}

// pyStr is Python's str(v).
func pyStr(v pyValue) string {
	switch x := v.(type) {
	case string:
		return x
	case pyDatetime:
		return datetimeStr(wire.DateTime(x), ' ')
	case pyEnum:
		return x.class + "." + x.member
	}
	return pyRepr(v)
}

// pyRepr is Python's repr(v).
func pyRepr(v pyValue) string { return string(appendRepr(nil, v, false)) }

// pyASCII is Python's ascii(v): repr with every non-ASCII character
// escaped.
func pyASCII(v pyValue) string { return string(appendRepr(nil, v, true)) }

func appendRepr(b []byte, v pyValue, ascii bool) []byte {
	switch x := v.(type) {
	case pyNoneType:
		return append(b, "None"...)
	case bool:
		if x {
			return append(b, "True"...)
		}
		return append(b, "False"...)
	case *big.Int:
		return x.Append(b, 10)
	case float64:
		return pyjson.AppendFloatRepr(b, x)
	case string:
		return pyjson.Options{ASCII: ascii}.AppendStrRepr(b, x)
	case pyBytes:
		return pyjson.AppendBytesRepr(b, string(x))
	case pyList:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendRepr(b, e, ascii)
		}
		return append(b, ']')
	case *pyDict:
		b = append(b, '{')
		for i, k := range x.keys {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = pyjson.Options{ASCII: ascii}.AppendStrRepr(b, k)
			b = append(b, ": "...)
			b = appendRepr(b, x.vals[i], ascii)
		}
		return append(b, '}')
	case pyDatetime:
		return appendDatetimeRepr(b, wire.DateTime(x))
	case pyEnum:
		b = append(b, '<')
		b = append(b, x.class...)
		b = append(b, '.')
		b = append(b, x.member...)
		b = append(b, ": "...)
		b = appendRepr(b, x.value, ascii)
		return append(b, '>')
	case pyObject:
		b = append(b, x.class...)
		b = append(b, '(')
		for i, n := range x.names {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, n...)
			b = append(b, '=')
			b = appendRepr(b, x.vals[i], ascii)
		}
		return append(b, ')')
	}
	return append(b, "<object>"...)
}

// datetimeStr is Python's datetime.isoformat(sep): YYYY-MM-DD, sep,
// HH:MM:SS, .ffffff when the microseconds are not zero, and the UTC
// offset as +HH:MM (with :SS when it has seconds) unless naive.
func datetimeStr(d wire.DateTime, sep byte) string {
	t := d.Time()
	b := make([]byte, 0, 32)
	b = t.AppendFormat(b, "2006-01-02")
	b = append(b, sep)
	b = t.AppendFormat(b, "15:04:05")
	if us := t.Nanosecond() / 1000; us != 0 {
		b = append(b, '.')
		b = appendPadded(b, us, 6)
	}
	if off, ok := d.UTCOffset(); ok {
		b = appendOffset(b, off, ":")
	}
	return string(b)
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
	b = appendPadded(b, off/3600, 2)
	b = append(b, sep...)
	b = appendPadded(b, off/60%60, 2)
	if off%60 != 0 {
		b = append(b, sep...)
		b = appendPadded(b, off%60, 2)
	}
	return b
}

func appendPadded(b []byte, v, width int) []byte {
	s := strconv.Itoa(v)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// appendDatetimeRepr appends repr() of a datetime pydantic validated:
// datetime.datetime(Y, M, D, h, m[, s[, us]][, tzinfo=TzInfo(offset)]).
func appendDatetimeRepr(b []byte, d wire.DateTime) []byte {
	t := d.Time()
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

// pyFromJSON converts JSON text to the Python object json.loads and
// pydantic give: objects keep their key order (a repeated key keeps its
// first position and its last value), integers are ints of any size and
// numbers with a fraction or an exponent are floats.
func pyFromJSON(data []byte) (pyValue, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := pyFromTokens(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errTrailingJSON
	}
	return v, nil
}

var errTrailingJSON = &json.SyntaxError{Offset: 0}

func pyFromTokens(dec *json.Decoder) (pyValue, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return pyNone, nil
	case bool:
		return t, nil
	case string:
		return t, nil
	case json.Number:
		return pyNumber(string(t)), nil
	case json.Delim:
		switch t {
		case '[':
			l := pyList{}
			for dec.More() {
				v, err := pyFromTokens(dec)
				if err != nil {
					return nil, err
				}
				l = append(l, v)
			}
			_, err := dec.Token()
			return l, err
		case '{':
			d := &pyDict{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := pyFromTokens(dec)
				if err != nil {
					return nil, err
				}
				d.set(kt.(string), v)
			}
			_, err := dec.Token()
			return d, err
		}
	}
	return nil, &json.SyntaxError{}
}

// pyNumber converts the text of a JSON number as Python's json module
// does: an int when it has neither fraction nor exponent, else a float
// (inf when out of range).
func pyNumber(s string) pyValue {
	if i, ok := new(big.Int).SetString(s, 10); ok {
		return i
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return math.NaN()
	}
	return f
}
