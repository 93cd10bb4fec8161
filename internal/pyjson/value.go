package pyjson

import "github.com/agentschema/agentschema/internal/pytime"

// Kind is the Python type of a Value.
type Kind uint8

// The kinds of Value. Parse makes only None, Bool, Int, Float, Str, List
// and Dict; the others are Python values the callers build to render.
const (
	None     Kind = iota // None (JSON null)
	Bool                 // bool
	Int                  // int of any size
	Float                // float
	Str                  // str
	List                 // list
	Tuple                // tuple: a list in JSON, (a, b) in repr
	Dict                 // dict
	Bytes                // bytes: json.dumps writes them as a str
	Model                // a pydantic model instance: a dict whose repr is Name(k=v, ...)
	Object               // any other object: its str and repr are Str
	Datetime             // datetime.datetime as pydantic validates it (Time)
	Enum                 // an Enum member: class Name, member Str, value List[0]
)

// Value is one Python value. Only the fields of its Kind are set.
type Value struct {
	Kind  Kind
	Bool  bool             // Bool
	Int   string           // Int: the canonical decimal text ("-12", never "-0")
	Float float64          // Float
	Str   string           // Str (see Options.WTF8), Bytes (the raw bytes), Object; Enum: the member name
	List  []Value          // List, Tuple; Enum: its value alone
	Keys  []Value          // Dict, Model: the keys in insertion order
	Vals  []Value          // Dict, Model: the values, parallel to Keys
	Name  string           // Model, Enum: the class name
	Time  *pytime.DateTime // Datetime
}

// NoneValue returns None.
func NoneValue() Value { return Value{Kind: None} }

// BoolValue returns the bool b.
func BoolValue(b bool) Value { return Value{Kind: Bool, Bool: b} }

// IntValue returns the int whose canonical decimal text is text.
func IntValue(text string) Value { return Value{Kind: Int, Int: text} }

// FloatValue returns the float f.
func FloatValue(f float64) Value { return Value{Kind: Float, Float: f} }

// StrValue returns the str s.
func StrValue(s string) Value { return Value{Kind: Str, Str: s} }

// DatetimeValue returns the datetime d.
func DatetimeValue(d pytime.DateTime) Value { return Value{Kind: Datetime, Time: &d} }

// EnumValue returns the member member of the Enum class class, whose value
// is value (MemoryMimeType.TEXT is EnumValue("MemoryMimeType", "TEXT",
// StrValue("text/plain"))).
func EnumValue(class, member string, value Value) Value {
	return Value{Kind: Enum, Name: class, Str: member, List: []Value{value}}
}

// ObjectValue returns an object whose str and repr are s.
func ObjectValue(s string) Value { return Value{Kind: Object, Str: s} }

// Get returns the value of the str key k of a dict or model.
func (v *Value) Get(k string) (*Value, bool) {
	for i := range v.Keys {
		if v.Keys[i].Kind == Str && v.Keys[i].Str == k {
			return &v.Vals[i], true
		}
	}
	return nil, false
}

// Set sets the str key k of a dict or model to val, as assignment to a
// Python dict does: a new key goes last, an existing one keeps its place.
func (v *Value) Set(k string, val Value) {
	for i := range v.Keys {
		if v.Keys[i].Kind == Str && v.Keys[i].Str == k {
			v.Vals[i] = val
			return
		}
	}
	v.Keys = append(v.Keys, StrValue(k))
	v.Vals = append(v.Vals, val)
}

// TypeName is the name of Python's type(v) as CPython's messages print it
// (tp_name): "NoneType", "int", "dict" ..., "datetime.datetime", the class
// name of a Model or Enum and "object" for an Object.
func (v *Value) TypeName() string {
	switch v.Kind {
	case Model, Enum:
		return v.Name
	case Datetime:
		return "datetime.datetime"
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Float:
		return "float"
	case Str:
		return "str"
	case List:
		return "list"
	case Tuple:
		return "tuple"
	case Dict:
		return "dict"
	case Bytes:
		return "bytes"
	case Object:
		return "object"
	}
	return "NoneType"
}

// Truthy is Python's bool() of the value: None, False, 0, 0.0, "" and
// empty lists, tuples and dicts are false, everything else true. A nil
// value is false.
func (v *Value) Truthy() bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case None:
		return false
	case Bool:
		return v.Bool
	case Int:
		return v.Int != "0" && v.Int != "-0"
	case Float:
		return v.Float != 0
	case Str:
		return v.Str != ""
	case List, Tuple:
		return len(v.List) > 0
	case Dict:
		return len(v.Keys) > 0
	}
	return true
}

// SameScalar reports whether v and w are the same str, int, float or bool:
// the same kind and equal values (Python's == within one type). Any other
// kind, None included, is never the same.
func (v *Value) SameScalar(w *Value) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case Str:
		return v.Str == w.Str
	case Int:
		return v.Int == w.Int
	case Float:
		return v.Float == w.Float
	case Bool:
		return v.Bool == w.Bool
	}
	return false
}
