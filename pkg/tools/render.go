package tools

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/internal/wire"
)

// ReturnValueAsString renders a tool's return value as AutoGen's
// BaseTool.return_value_as_string renders its Python counterpart: a
// pydantic model (a Go struct) as json.dumps(model.model_dump()), anything
// else as str(value).
//
// The Python counterpart of a Go value:
//
//   - nil, a nil pointer, interface, slice or map: None;
//   - bool: True or False; Go integers, gen.Int (gen.Int), *big.Int: int;
//     json.Number: int, or float when written with '.', 'e' or 'E';
//   - float32 and float64: float, written as Python's repr (1.0, 1e+16,
//     0.30000000000000004, inf, nan);
//   - string: str (itself at the top, quoted as repr inside containers);
//   - []byte: bytes (b'...');
//   - slices: list ([1, 'a', None]); arrays: tuple ((1, 2)), as a [N]T
//     argument is a tuple; maps: dict, keys in sorted order ({'a': 1}),
//     string keys as str and integer keys as int;
//   - json.RawMessage and wire.RawJSON: the value json.loads builds (key
//     order kept), so a tool can return an object with ordered keys;
//   - time.Time and gen.DateTime: a datetime, written as str(datetime)
//     ("2024-01-02 03:04:05+00:00");
//   - a value with a String method (fmt.Stringer, other than a struct
//     handled above): its String(), as Python's str() calls __str__;
//   - a struct: a pydantic model. At the top it is written as json.dumps of
//     its dump (ASCII only, ", " and ": " separators; the dump is the Go
//     value's JSON as encoding/json defines it: json tags, omitempty,
//     MarshalJSON, with float fields kept as floats). Inside a container it
//     is written as pydantic's repr, Name(field=value, ...).
func ReturnValueAsString(v any) string {
	rv := reflect.ValueOf(v)
	for rv.IsValid() && (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && !rv.IsNil() && !isSpecial(rv.Type()) {
		rv = rv.Elem()
	}
	if rv.IsValid() && rv.Kind() == reflect.Struct && !isSpecial(rv.Type()) &&
		(!rv.Type().Implements(typeStringer) || rv.Type().Implements(typeJSONMarshaler)) {
		dumped := goToPy(rv, true)
		if dumped.Kind == pyjson.Dict || dumped.Kind == pyjson.Model {
			return pyjson.Dumps(&dumped)
		}
		return pyjson.StrOf(&dumped)
	}
	p := goToPy(rv, false)
	return pyjson.StrOf(&p)
}

var (
	typeStringer      = reflect.TypeFor[fmt.Stringer]()
	typeJSONMarshaler = reflect.TypeFor[json.Marshaler]()
	typeTextMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	typeJSONNumber    = reflect.TypeFor[json.Number]()
	typeBigIntValue   = reflect.TypeFor[big.Int]()
	typeWireInt       = reflect.TypeFor[gen.Int]()
	typeBigInt        = reflect.TypeFor[*big.Int]()
	typeTime          = reflect.TypeFor[time.Time]()
	typeDateTime      = reflect.TypeFor[pytime.DateTime]()
	typeRawMessage    = reflect.TypeFor[json.RawMessage]()
	typeRawJSON       = reflect.TypeFor[wire.RawJSON]()
)

// isSpecial reports types rendered by their value rather than their
// structure.
func isSpecial(t reflect.Type) bool {
	switch t {
	case typeWireInt, typeBigInt, typeBigIntValue, typeTime, typeDateTime, typeRawMessage, typeRawJSON, typeJSONNumber:
		return true
	}
	return false
}

// goToPy converts a Go value to its Python counterpart. With dump set it
// follows JSON semantics (the value inside a model dump): MarshalJSON and
// MarshalText are used, omitempty is honoured and structs are dicts.
// Without it, structs are models (rendered with their class name).
func goToPy(v reflect.Value, dump bool) pyValue {
	if !v.IsValid() {
		return pyjson.NoneValue()
	}
	if p, ok := specialToPy(v, dump); ok {
		return p
	}
	t := v.Type()
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return pyjson.NoneValue()
		}
		if dump && t.Implements(typeJSONMarshaler) {
			return marshaledToPy(v)
		}
		return goToPy(v.Elem(), dump)
	}
	if p, ok := methodToPy(v, dump); ok {
		return p
	}
	switch v.Kind() {
	case reflect.Bool:
		return pyjson.BoolValue(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return pyjson.IntValue(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return pyjson.IntValue(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		return pyjson.FloatValue(v.Float())
	case reflect.String:
		return pyjson.StrValue(v.String())
	case reflect.Slice, reflect.Array, reflect.Map:
		return containerToPy(v, dump)
	case reflect.Struct:
		out := pyValue{Kind: pyjson.Model, Name: typeName(t)}
		if dump {
			out.Kind = pyjson.Dict
		}
		structFields(v, dump, &out)
		return out
	}
	return pyjson.ObjectValue(fmt.Sprint(v.Interface()))
}

// specialToPy converts the values of the types isSpecial lists.
func specialToPy(v reflect.Value, dump bool) (pyValue, bool) {
	switch v.Type() {
	case typeWireInt:
		return pyjson.IntValue(v.Interface().(gen.Int).String()), true
	case typeBigInt:
		if v.IsNil() {
			return pyjson.NoneValue(), true
		}
		return pyjson.IntValue(v.Interface().(*big.Int).String()), true
	case typeBigIntValue:
		x := v.Interface().(big.Int)
		return pyjson.IntValue(x.String()), true
	case typeJSONNumber:
		s := v.String()
		if strings.ContainsAny(s, ".eE") {
			f, _ := strconv.ParseFloat(s, 64)
			return pyjson.FloatValue(f), true
		}
		return pyjson.IntValue(s), true
	case typeRawMessage, typeRawJSON:
		if v.Len() == 0 {
			return pyjson.NoneValue(), true
		}
		p, err := parsePyJSON(v.Bytes())
		if err != nil {
			return pyjson.StrValue(string(v.Bytes())), true
		}
		return p, true
	case typeTime, typeDateTime:
		var dt pytime.DateTime
		if tm, ok := v.Interface().(time.Time); ok {
			dt = pytime.FromTime(tm)
		} else {
			dt = v.Interface().(pytime.DateTime)
		}
		if dump {
			return pyjson.StrValue(dt.String()), true
		}
		return pyjson.ObjectValue(pyDateTimeStr(dt)), true
	}
	return pyValue{}, false
}

// methodToPy converts a value by its methods: MarshalJSON or MarshalText
// in a dump, String (Python's __str__) otherwise.
func methodToPy(v reflect.Value, dump bool) (pyValue, bool) {
	t := v.Type()
	if dump {
		if t.Implements(typeJSONMarshaler) {
			return marshaledToPy(v), true
		}
		if t.Implements(typeTextMarshaler) {
			text, err := v.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return pyjson.NoneValue(), true
			}
			return pyjson.StrValue(string(text)), true
		}
	} else if t.Implements(typeStringer) && !(t.Kind() == reflect.Struct && t.Implements(typeJSONMarshaler)) {
		return pyjson.ObjectValue(v.Interface().(fmt.Stringer).String()), true
	}
	return pyValue{}, false
}

// containerToPy converts a slice (bytes, list), an array (tuple) or a map
// (dict, keys sorted).
func containerToPy(v reflect.Value, dump bool) pyValue {
	t := v.Type()
	if v.Kind() != reflect.Array && v.IsNil() {
		return pyjson.NoneValue()
	}
	if v.Kind() == reflect.Map {
		out := pyValue{Kind: pyjson.Dict}
		for _, k := range pymodel.SortedKeys(v) {
			kp := goToPy(k, false)
			if dump || kp.Kind == pyjson.Model || kp.Kind == pyjson.List {
				kp = pyjson.StrValue(pyjson.KeyText(&kp))
			}
			out.Keys = append(out.Keys, kp)
			out.Vals = append(out.Vals, goToPy(v.MapIndex(k), dump))
		}
		return out
	}
	if v.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		if dump {
			return pyjson.StrValue(base64.StdEncoding.EncodeToString(v.Bytes()))
		}
		return pyValue{Kind: pyjson.Bytes, Str: string(v.Bytes())}
	}
	out := pyValue{Kind: pyjson.List, List: make([]pyValue, v.Len())}
	if v.Kind() == reflect.Array && !dump {
		out.Kind = pyjson.Tuple // [N]T is a tuple, as for arguments
	}
	for i := range out.List {
		out.List[i] = goToPy(v.Index(i), dump)
	}
	return out
}

// marshaledToPy reads the JSON a MarshalJSON method writes.
func marshaledToPy(v reflect.Value) pyValue {
	b, err := v.Interface().(json.Marshaler).MarshalJSON()
	if err != nil {
		return pyjson.NoneValue()
	}
	p, err := parsePyJSON(b)
	if err != nil {
		return pyjson.NoneValue()
	}
	return p
}

// structFields adds v's fields to out as encoding/json names them;
// embedded structs are flattened. omitempty and omitzero are honoured in a
// dump.
func structFields(v reflect.Value, dump bool, out *pyValue) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if sf.Anonymous && name == "" {
			ft := fv
			if ft.Kind() == reflect.Pointer {
				if ft.IsNil() || !sf.IsExported() {
					continue
				}
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				structFields(ft, dump, out)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if dump && (hasOpt(opts, "omitempty") && isEmptyValue(fv) || hasOpt(opts, "omitzero") && fv.IsZero()) {
			continue
		}
		out.Keys = append(out.Keys, pyjson.StrValue(name))
		out.Vals = append(out.Vals, goToPy(fv, dump))
	}
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// pyDateTimeStr is Python's str(datetime): isoformat with a space between
// date and time, microseconds when non-zero, the offset when aware.
func pyDateTimeStr(d pytime.DateTime) string {
	s := d.String()
	// d.String is pydantic's JSON text: Z for UTC. str(datetime) writes
	// +00:00 and separates with a space.
	if strings.HasSuffix(s, "Z") {
		s = s[:len(s)-1] + "+00:00"
	}
	return strings.Replace(s, "T", " ", 1)
}

// hasOpt reports whether a json tag's options include opt.
func hasOpt(opts, opt string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}
