package pymodel

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
)

// DumpJSON returns the dump of v, a value of n's type, as pydantic's
// model_dump(mode="json") gives it: datetimes as their JSON text, bytes as
// str, map keys sorted (Go maps have no order).
func DumpJSON(n *Node, v reflect.Value) pyjson.Value { return dumper{}.dump(n, v) }

// DumpPython returns the dump of v as pydantic's model_dump() (python
// mode) gives it: datetimes as datetime objects, bytes as bytes, tuples
// for arrays, an Image as an object.
func DumpPython(n *Node, v reflect.Value) pyjson.Value { return dumper{python: true}.dump(n, v) }

// dumper writes one mode of dump.
type dumper struct{ python bool }

func (m dumper) dump(n *Node, v reflect.Value) pyjson.Value {
	if m.python && n.EnumNames != nil {
		return enumMember(n, v)
	}
	switch n.Kind {
	case String:
		return pyjson.StrValue(v.String())
	case Bool:
		return pyjson.BoolValue(v.Bool())
	case Int:
		return dumpInt(n, v)
	case Float:
		return pyjson.FloatValue(v.Float())
	case Any:
		if v.IsNil() {
			return pyjson.NoneValue()
		}
		return m.dynamic(v.Elem())
	case Raw:
		return m.parse(v.Bytes())
	case Time, DateTime:
		dt := dateTimeOf(v)
		if m.python {
			return pyjson.DatetimeValue(dt)
		}
		return pyjson.StrValue(dt.String())
	case Bytes:
		if m.python {
			return pyjson.Value{Kind: pyjson.Bytes, Str: string(v.Bytes())}
		}
		return pyjson.StrValue(string(v.Bytes()))
	case Image:
		if m.python {
			return pyjson.Value{Kind: pyjson.Model, Name: "Image"}
		}
		fallthrough
	case Codec, Marshaler:
		data, err := Marshal(n, v)
		if err != nil {
			return pyjson.NoneValue()
		}
		return m.parse(data)
	}
	return m.container(n, v)
}

// enumMember is the Enum member v holds (model_dump() keeps members), or
// its value when it is none of them.
func enumMember(n *Node, v reflect.Value) pyjson.Value {
	plain := *n
	plain.EnumNames = nil
	value := dumper{python: true}.dump(&plain, v)
	for i := range n.Enum {
		if n.Enum[i].SameScalar(&value) {
			return pyjson.EnumValue(n.Title, n.EnumNames[i], value)
		}
	}
	return value
}

func (m dumper) container(n *Node, v reflect.Value) pyjson.Value {
	switch n.Kind {
	case Slice, Array:
		out := pyjson.Value{Kind: pyjson.List, List: make([]pyjson.Value, v.Len())}
		if n.Kind == Array && m.python {
			out.Kind = pyjson.Tuple
		}
		for i := range out.List {
			out.List[i] = m.dump(n.Elem, v.Index(i))
		}
		return out
	case Map:
		out := pyjson.Value{Kind: pyjson.Dict}
		for _, k := range SortedKeys(v) {
			ks := m.dump(n.Key, k)
			out.Keys = append(out.Keys, pyjson.StrValue(pyjson.KeyText(&ks)))
			out.Vals = append(out.Vals, m.dump(n.Elem, v.MapIndex(k)))
		}
		return out
	case Struct:
		out := pyjson.Value{Kind: pyjson.Dict, Keys: make([]pyjson.Value, 0, len(n.Fields)), Vals: make([]pyjson.Value, 0, len(n.Fields))}
		for _, f := range n.Fields {
			out.Keys = append(out.Keys, pyjson.StrValue(f.Name))
			fv, ok := FieldByIndex(v, f.Index)
			if !ok {
				out.Vals = append(out.Vals, pyjson.NoneValue())
				continue
			}
			out.Vals = append(out.Vals, m.dump(f.Node, fv))
		}
		return out
	case Ptr:
		if v.IsNil() {
			return pyjson.NoneValue()
		}
		return m.dump(n.Elem, v.Elem())
	}
	return pyjson.NoneValue()
}

// parse reads JSON text a field holds; bad JSON is None. The python mode
// reads it as pydantic reads a document (ParseJSON), the JSON mode as
// json.loads does.
func (m dumper) parse(data []byte) pyjson.Value {
	if len(data) == 0 {
		return pyjson.NoneValue()
	}
	var (
		v   pyjson.Value
		err error
	)
	if m.python {
		v, err = ParseJSON(data)
	} else {
		v, err = pyjson.Parse(data)
	}
	if err != nil {
		return pyjson.NoneValue()
	}
	return v
}

// dynamic dumps the value an any field holds, by the node of its dynamic
// type (None for a type no node matches).
func (m dumper) dynamic(x reflect.Value) pyjson.Value {
	n, err := NodeOf(x.Type())
	if err != nil {
		return pyjson.NoneValue()
	}
	tmp := reflect.New(x.Type()).Elem()
	tmp.Set(x)
	return m.dump(n, tmp)
}

func dumpInt(n *Node, v reflect.Value) pyjson.Value {
	switch n.IntRepr {
	case IntWire:
		return pyjson.IntValue(v.Interface().(fmt.Stringer).String())
	case IntBigPtr:
		if v.IsNil() {
			return pyjson.NoneValue()
		}
		return pyjson.IntValue(v.Interface().(*big.Int).String())
	}
	if v.CanInt() {
		return pyjson.IntValue(strconv.FormatInt(v.Int(), 10))
	}
	return pyjson.IntValue(strconv.FormatUint(v.Uint(), 10))
}

func dateTimeOf(v reflect.Value) pytime.DateTime {
	if t, ok := v.Interface().(time.Time); ok {
		return pytime.FromTime(t)
	}
	return v.Interface().(pytime.DateTime)
}

// dynamicNodes caches the nodes of the dynamic types of any values.
var dynamicNodes sync.Map // reflect.Type -> *Node or error

// NodeOf returns the node of any Go type with the zero Options (a struct
// is a model), cached.
func NodeOf(t reflect.Type) (*Node, error) {
	if c, ok := dynamicNodes.Load(t); ok {
		if n, ok := c.(*Node); ok {
			return n, nil
		}
		return nil, c.(error)
	}
	var (
		n   *Node
		err error
	)
	if t.Kind() == reflect.Struct && methodNode(t) == nil && specialNode(t) == nil {
		n, err = Build(t, Options{})
	} else {
		b := &builder{root: t, structs: map[reflect.Type]*Node{}}
		n, err = b.typeNode(t, "")
	}
	if err != nil {
		dynamicNodes.Store(t, err)
		return nil, err
	}
	dynamicNodes.Store(t, n)
	return n, nil
}

// SortedKeys returns a map's keys in the order encoding/json writes them
// (strings by bytes, integers numerically).
func SortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	slices.SortFunc(keys, CompareKeys)
	return keys
}

// CompareKeys orders map keys as encoding/json does (strings by bytes,
// integers numerically).
func CompareKeys(a, b reflect.Value) int {
	switch a.Kind() {
	case reflect.String:
		return strings.Compare(a.String(), b.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmpOrdered(a.Int(), b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmpOrdered(a.Uint(), b.Uint())
	case reflect.Float32, reflect.Float64:
		fa, fb := a.Float(), b.Float()
		if math.IsNaN(fa) || math.IsNaN(fb) {
			return 0
		}
		return cmpOrdered(fa, fb)
	case reflect.Bool:
		if a.Bool() == b.Bool() {
			return 0
		}
		if !a.Bool() {
			return -1
		}
		return 1
	}
	return strings.Compare(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
}

func cmpOrdered[T int64 | uint64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// FieldByIndex is v.FieldByIndex that reports a nil embedded pointer
// instead of panicking.
func FieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// fieldByIndexAlloc is v.FieldByIndex for setting: nil embedded pointers
// on the way are allocated.
func fieldByIndexAlloc(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// parseOpts is how pydantic reads a JSON document into Python values:
// standard JSON of any depth with ints of any length.
var parseOpts = pyjson.Options{MaxDepth: math.MaxInt, AnyInt: true, Standard: true}

// ParseJSON converts JSON text to the Python object pydantic gives:
// objects keep their key order (a repeated key keeps its first position
// and its last value), integers are ints of any size and numbers with a
// fraction or an exponent are floats (inf when out of range). Only
// standard JSON is read (no NaN or Infinity); each byte that is not UTF-8
// becomes U+FFFD, as encoding/json makes it.
func ParseJSON(data []byte) (pyjson.Value, error) {
	if !utf8.Valid(data) {
		data = replaceInvalidBytes(data)
	}
	return parseOpts.Parse(data)
}

func replaceInvalidBytes(data []byte) []byte {
	out := make([]byte, 0, len(data)+8)
	for i := 0; i < len(data); {
		r, w := utf8.DecodeRune(data[i:])
		out = utf8.AppendRune(out, r)
		i += w
	}
	return out
}

// GoValue converts a Python value to the Go value an any field receives:
// nil, bool, int64 (or *big.Int beyond int64), float64, string, []any and
// map[string]any.
func GoValue(v *pyjson.Value) any { return pyToGo(v) }

// marshalerOf returns v as a json.Marshaler (through its address when the
// method has a pointer receiver).
func marshalerOf(v reflect.Value) json.Marshaler {
	if m, ok := v.Interface().(json.Marshaler); ok {
		return m
	}
	return addressable(v).Addr().Interface().(json.Marshaler)
}

// codecValue is v as the runtime's Encoder.Value takes it: a pointer to
// the generated value.
func codecValue(v reflect.Value) any { return addressable(v).Addr().Interface() }

func addressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	p := reflect.New(v.Type()).Elem()
	p.Set(v)
	return p
}
