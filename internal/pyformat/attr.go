package pyformat

import (
	"strconv"

	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// intValue returns the int i.
func intValue(i int) pyjson.Value { return pyjson.IntValue(strconv.Itoa(i)) }

// getattr is getattr(obj, name) for the attributes that have a plain value
// (the real and imaginary parts of numbers, the fields of a datetime);
// others are an AttributeError.
func getattr(obj *pyjson.Value, name string) (pyjson.Value, error) {
	switch obj.Kind {
	case pyjson.Int, pyjson.Bool:
		v := *obj
		if obj.Kind == pyjson.Bool {
			v = intValue(0)
			if obj.Bool {
				v = intValue(1)
			}
		}
		switch name {
		case "real", "numerator":
			return v, nil
		case "imag":
			return intValue(0), nil
		case "denominator":
			return intValue(1), nil
		}
	case pyjson.Float:
		switch name {
		case "real":
			return *obj, nil
		case "imag":
			return pyjson.FloatValue(0), nil
		}
	case pyjson.Datetime:
		if v, ok := datetimeAttr(obj, name); ok {
			return v, nil
		}
	case pyjson.Enum:
		switch name {
		case "value", "_value_":
			return obj.List[0], nil
		case "name", "_name_":
			return pyjson.StrValue(obj.Str), nil
		}
	}
	return pyjson.Value{}, pyexc.New(pyexc.AttributeError, "'"+obj.TypeName()+"' object has no attribute "+strRepr(name))
}

// datetimeAttr is the int attribute name of a datetime.
func datetimeAttr(obj *pyjson.Value, name string) (pyjson.Value, bool) {
	t := obj.Time.Time()
	var n int
	switch name {
	case "year":
		n = t.Year()
	case "month":
		n = int(t.Month())
	case "day":
		n = t.Day()
	case "hour":
		n = t.Hour()
	case "minute":
		n = t.Minute()
	case "second":
		n = t.Second()
	case "microsecond":
		n = t.Nanosecond() / 1000
	default:
		return pyjson.Value{}, false
	}
	return intValue(n), true
}

// getitem is obj[key] as str.format does it: an all-digit key is an int,
// any other a str.
func getitem(obj *pyjson.Value, key string) (pyjson.Value, error) {
	idx, err := decimalIndex(key)
	if err != nil {
		return pyjson.Value{}, err
	}
	switch obj.Kind {
	case pyjson.List:
		if idx == -1 {
			return pyjson.Value{}, typeErr("list indices must be integers or slices, not str")
		}
		if idx >= len(obj.List) {
			return pyjson.Value{}, pyexc.New(pyexc.IndexError, "list index out of range")
		}
		return obj.List[idx], nil
	case pyjson.Str:
		if idx == -1 {
			return pyjson.Value{}, typeErr("string indices must be integers, not 'str'")
		}
		n := 0
		for _, r := range obj.Str {
			if n == idx {
				return pyjson.StrValue(string(r)), nil
			}
			n++
		}
		return pyjson.Value{}, pyexc.New(pyexc.IndexError, "string index out of range")
	case pyjson.Bytes:
		if idx == -1 {
			return pyjson.Value{}, typeErr("byte indices must be integers or slices, not str")
		}
		if idx >= len(obj.Str) {
			return pyjson.Value{}, pyexc.New(pyexc.IndexError, "index out of range")
		}
		return intValue(int(obj.Str[idx])), nil
	case pyjson.Dict:
		if idx != -1 {
			// JSON objects have only string keys.
			return pyjson.Value{}, pyexc.New(pyexc.KeyError, strconv.Itoa(idx))
		}
		v, ok := obj.Get(key)
		if !ok {
			return pyjson.Value{}, pyexc.New(pyexc.KeyError, strRepr(key))
		}
		return *v, nil
	}
	return pyjson.Value{}, typeErr("'" + obj.TypeName() + "' object is not subscriptable")
}
