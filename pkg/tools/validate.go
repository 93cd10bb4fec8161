package tools

import (
	"encoding/json"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/internal/wire"
)

// This file validates arguments into Go values as pydantic's lax
// model_validate does for the same Python values (AutoGen validates the
// dict json.loads built from the model's arguments): the same conversions
// ("4" to 4, 2.0 to 2, "yes" to True), the same refusals, and the same
// error types, messages and locations.

// validator collects errors while converting one value.
type validator struct {
	loc  []any
	errs []FieldError
}

func (vd *validator) add(typ, msg string, input *pyValue) {
	vd.errs = append(vd.errs, newFieldError(vd.loc, typ, msg, input))
}

func (vd *validator) push(item any) { vd.loc = append(vd.loc, item) }
func (vd *validator) pop()          { vd.loc = vd.loc[:len(vd.loc)-1] }

// value converts v into dst (a settable value of n's type), recording
// errors at the current location.
func (vd *validator) value(n *node, v *pyValue, dst reflect.Value) {
	if n.enum != nil {
		vd.enumValue(n, v, dst)
		return
	}
	switch n.kind {
	case nString:
		if v.Kind != pyjson.Str {
			vd.add("string_type", "Input should be a valid string", v)
			return
		}
		dst.SetString(v.Str)
	case nInt:
		vd.intValue(n, v, dst)
	case nFloat:
		f, ok := vd.floatOf(v)
		if ok {
			dst.SetFloat(f)
		}
	case nBool:
		b, ok := vd.boolOf(v)
		if ok {
			dst.SetBool(b)
		}
	case nAny:
		if x := pyToGo(v); x != nil {
			dst.Set(reflect.ValueOf(x))
		}
	case nRaw:
		dst.SetBytes(appendJSON(nil, v))
	case nTime, nDateTime:
		dt, ok := vd.dateTimeOf(v)
		if !ok {
			return
		}
		if n.kind == nTime {
			dst.Set(reflect.ValueOf(dt.Time()))
		} else {
			dst.Set(reflect.ValueOf(dt))
		}
	case nSlice:
		if v.Kind != pyjson.List {
			vd.add("list_type", "Input should be a valid list", v)
			return
		}
		s := reflect.MakeSlice(n.typ, len(v.List), len(v.List))
		for i := range v.List {
			vd.push(i)
			vd.value(n.elem, &v.List[i], s.Index(i))
			vd.pop()
		}
		dst.Set(s)
	case nArray:
		vd.arrayValue(n, v, dst)
	case nMap:
		vd.mapValue(n, v, dst)
	case nStruct:
		vd.model(n, v, dst)
	case nPtr:
		if v.Kind == pyjson.None {
			dst.SetZero()
			return
		}
		p := reflect.New(n.elem.typ)
		before := len(vd.errs)
		vd.value(n.elem, v, p.Elem())
		if len(vd.errs) == before {
			dst.Set(p)
		}
	}
}

// model validates a dict into a struct: fields in order, each from its key
// or its default; unknown keys are ignored (pydantic's extra="ignore").
func (vd *validator) model(n *node, v *pyValue, dst reflect.Value) {
	if v.Kind != pyjson.Dict {
		vd.add("model_type", "Input should be a valid dictionary or instance of "+n.title, v)
		return
	}
	for _, f := range n.fields {
		fv := fieldByIndexAlloc(dst, f.index)
		in, ok := v.Get(f.name)
		if !ok {
			if f.required {
				vd.push(f.name)
				vd.add("missing", "Field required", v)
				vd.pop()
				continue
			}
			// A fresh copy of the default for every call.
			d := f.def
			vd.value(f.node, &d, fv)
			continue
		}
		vd.push(f.name)
		vd.value(f.node, in, fv)
		vd.pop()
	}
}

func (vd *validator) arrayValue(n *node, v *pyValue, dst reflect.Value) {
	if v.Kind != pyjson.List {
		vd.add("tuple_type", "Input should be a valid tuple", v)
		return
	}
	if len(v.List) > n.length {
		vd.add("too_long", "Tuple should have at most "+plural(n.length, "item")+" after validation, not "+strconv.Itoa(len(v.List)), v)
		return
	}
	for i := 0; i < n.length; i++ {
		vd.push(i)
		if i >= len(v.List) {
			vd.add("missing", "Field required", v)
		} else {
			vd.value(n.elem, &v.List[i], dst.Index(i))
		}
		vd.pop()
	}
}

func (vd *validator) mapValue(n *node, v *pyValue, dst reflect.Value) {
	if v.Kind != pyjson.Dict {
		vd.add("dict_type", "Input should be a valid dictionary", v)
		return
	}
	m := reflect.MakeMapWithSize(n.typ, len(v.Keys))
	for i := range v.Keys {
		k := &v.Keys[i]
		kv := reflect.New(n.key.typ).Elem()
		before := len(vd.errs)
		vd.push(k.Str)
		vd.push("[key]")
		vd.value(n.key, k, kv)
		vd.pop()
		vv := reflect.New(n.elem.typ).Elem()
		vd.value(n.elem, &v.Vals[i], vv)
		vd.pop()
		if len(vd.errs) == before {
			m.SetMapIndex(kv, vv)
		}
	}
	dst.Set(m)
}

// enumValue validates a Literal (enum tag) or an Enum member: the input
// must equal one of the values, after the lax conversion of the value's
// type (pydantic accepts "1" for Literal[1], never 1 for Literal["1"]).
func (vd *validator) enumValue(n *node, v *pyValue, dst reflect.Value) {
	for i := range n.enum {
		want := &n.enum[i]
		if enumMatch(n, v, want) {
			var quiet validator
			plain := *n
			plain.enum = nil
			quiet.value(&plain, want, dst)
			return
		}
	}
	parts := make([]string, len(n.enum))
	for i := range n.enum {
		parts[i] = pyjson.Repr(&n.enum[i])
	}
	typ := "literal_error"
	if n.enumClass {
		typ = "enum"
	}
	vd.add(typ, "Input should be "+orList(parts), v)
}

func enumMatch(n *node, v, want *pyValue) bool {
	switch want.Kind {
	case pyjson.Str:
		return v.Kind == pyjson.Str && v.Str == want.Str
	case pyjson.Bool:
		return v.Kind == pyjson.Bool && v.Bool == want.Bool
	case pyjson.Int:
		if v.Kind == pyjson.Bool {
			return false
		}
		var quiet validator
		t, ok := quiet.intText(v)
		return ok && t == want.Int
	case pyjson.Float:
		if v.Kind == pyjson.Bool {
			return false
		}
		var quiet validator
		f, ok := quiet.floatOf(v)
		return ok && f == want.Float
	}
	return false
}

// orList joins values as pydantic's messages do: 'a', 'b' or 'c'.
func orList(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// plural is "1 item" or "N items".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// intText converts v as pydantic's lax int does and returns the decimal
// text: an int; a float with no fractional part; a string holding an
// integer (white space around it and a fraction of zeros allowed); a bool.
func (vd *validator) intText(v *pyValue) (string, bool) {
	switch v.Kind {
	case pyjson.Int:
		return v.Int, true
	case pyjson.Bool:
		if v.Bool {
			return "1", true
		}
		return "0", true
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			vd.add("finite_number", "Input should be a finite number", v)
			return "", false
		}
		if v.Float != math.Trunc(v.Float) {
			vd.add("int_from_float", "Input should be a valid integer, got a number with a fractional part", v)
			return "", false
		}
		bi, _ := new(big.Float).SetFloat64(v.Float).Int(nil)
		return bi.String(), true
	case pyjson.Str:
		s := strings.TrimSpace(v.Str)
		if i := strings.IndexByte(s, '.'); i >= 0 {
			if strings.Trim(s[i+1:], "0") == "" {
				s = s[:i]
			}
		}
		if x, ok := wire.ParseInt(s); ok && len(s) <= pyjson.MaxIntDigits {
			return x.String(), true
		}
		vd.add("int_parsing", "Input should be a valid integer, unable to parse string as an integer", v)
		return "", false
	}
	vd.add("int_type", "Input should be a valid integer", v)
	return "", false
}

func (vd *validator) intValue(n *node, v *pyValue, dst reflect.Value) {
	text, ok := vd.intText(v)
	if !ok {
		return
	}
	x, _ := new(big.Int).SetString(text, 10)
	switch n.intRepr {
	case intWire:
		dst.Set(reflect.ValueOf(wire.IntFromBig(x)))
		return
	case intBigPtr:
		dst.Set(reflect.ValueOf(x))
		return
	}
	if n.max != nil && x.Cmp(n.max) > 0 {
		vd.add("less_than_equal", "Input should be less than or equal to "+n.max.String(), v)
		return
	}
	if n.min != nil && x.Cmp(n.min) < 0 {
		vd.add("greater_than_equal", "Input should be greater than or equal to "+n.min.String(), v)
		return
	}
	if dst.CanInt() {
		dst.SetInt(x.Int64())
	} else {
		dst.SetUint(x.Uint64())
	}
}

// floatOf converts v as pydantic's lax float does: an int or float
// (infinities and NaN included, as in Python mode), a string holding a
// finite number, a bool.
func (vd *validator) floatOf(v *pyValue) (float64, bool) {
	switch v.Kind {
	case pyjson.Float:
		return v.Float, true
	case pyjson.Int:
		f, err := strconv.ParseFloat(v.Int, 64)
		if err != nil {
			vd.add("finite_number", "Input should be a finite number", v)
			return 0, false
		}
		return f, true
	case pyjson.Bool:
		if v.Bool {
			return 1, true
		}
		return 0, true
	case pyjson.Str:
		s := strings.TrimSpace(v.Str)
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || !plainFloatText(s) || math.IsInf(f, 0) || math.IsNaN(f) {
			vd.add("float_parsing", "Input should be a valid number, unable to parse string as a number", v)
			return 0, false
		}
		return f, true
	}
	vd.add("float_type", "Input should be a valid number", v)
	return 0, false
}

// plainFloatText rejects Go-only spellings (hex floats, underscores, "Inf")
// that strconv accepts and pydantic does not.
func plainFloatText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			return false
		}
	}
	return s != ""
}

// boolOf converts v as pydantic's lax bool does.
func (vd *validator) boolOf(v *pyValue) (bool, bool) {
	switch v.Kind {
	case pyjson.Bool:
		return v.Bool, true
	case pyjson.Int:
		switch v.Int {
		case "0":
			return false, true
		case "1":
			return true, true
		}
		vd.add("bool_parsing", "Input should be a valid boolean, unable to interpret input", v)
		return false, false
	case pyjson.Float:
		switch v.Float {
		case 0:
			return false, true
		case 1:
			return true, true
		}
		vd.add("bool_parsing", "Input should be a valid boolean, unable to interpret input", v)
		return false, false
	case pyjson.Str:
		switch strings.ToLower(strings.TrimSpace(v.Str)) {
		case "0", "off", "f", "false", "n", "no":
			return false, true
		case "1", "on", "t", "true", "y", "yes":
			return true, true
		}
		vd.add("bool_parsing", "Input should be a valid boolean, unable to interpret input", v)
		return false, false
	}
	vd.add("bool_type", "Input should be a valid boolean", v)
	return false, false
}

// dateTimeOf converts v as pydantic's lax datetime does (internal/pytime).
func (vd *validator) dateTimeOf(v *pyValue) (pytime.DateTime, bool) {
	var (
		dt  pytime.DateTime
		err error
	)
	switch v.Kind {
	case pyjson.Str:
		dt, err = pytime.ParseString(v.Str)
	case pyjson.Int:
		dt, err = pytime.FromNumber(v.Int)
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			err = &pytime.Error{Type: pytime.TypeParsing, Reason: "input is too long"}
		} else {
			dt, err = pytime.FromNumber(strconv.FormatFloat(v.Float, 'g', -1, 64))
		}
	default:
		err = &pytime.Error{Type: pytime.TypeDatetime}
	}
	if err != nil {
		typ := pytime.TypeDatetime
		if pe, ok := err.(*pytime.Error); ok {
			typ = pe.Type
		}
		vd.add(typ, err.Error(), v)
		return pytime.DateTime{}, false
	}
	return dt, true
}

// pyToGo converts a JSON value to the Go value an `any` field receives:
// nil, bool, int64 (or *big.Int beyond int64), float64, string, []any and
// map[string]any.
func pyToGo(v *pyValue) any {
	switch v.Kind {
	case pyjson.Bool:
		return v.Bool
	case pyjson.Int:
		if i, err := strconv.ParseInt(v.Int, 10, 64); err == nil {
			return i
		}
		x, _ := new(big.Int).SetString(v.Int, 10)
		return x
	case pyjson.Float:
		return v.Float
	case pyjson.Str:
		return v.Str
	case pyjson.List, pyjson.Tuple:
		out := make([]any, len(v.List))
		for i := range v.List {
			out[i] = pyToGo(&v.List[i])
		}
		return out
	case pyjson.Dict, pyjson.Model:
		out := make(map[string]any, len(v.Keys))
		for i := range v.Keys {
			out[pyjson.KeyText(&v.Keys[i])] = pyToGo(&v.Vals[i])
		}
		return out
	}
	return nil
}

// pyToSchemaInstance converts a JSON value to what the JSON Schema
// validator reads (numbers as json.Number).
func pyToSchemaInstance(v *pyValue) any {
	switch v.Kind {
	case pyjson.Bool:
		return v.Bool
	case pyjson.Int:
		return json.Number(v.Int)
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return v.Float
		}
		return json.Number(strconv.FormatFloat(v.Float, 'g', -1, 64))
	case pyjson.Str, pyjson.Bytes:
		return v.Str
	case pyjson.List, pyjson.Tuple:
		out := make([]any, len(v.List))
		for i := range v.List {
			out[i] = pyToSchemaInstance(&v.List[i])
		}
		return out
	case pyjson.Dict, pyjson.Model:
		out := make(map[string]any, len(v.Keys))
		for i := range v.Keys {
			out[pyjson.KeyText(&v.Keys[i])] = pyToSchemaInstance(&v.Vals[i])
		}
		return out
	}
	return nil
}
