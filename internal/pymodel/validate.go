package pymodel

import (
	"errors"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/internal/wire"
)

// This file validates Python values into Go values as pydantic's lax
// model_validate does (python mode: the dict json.loads built, as AutoGen
// validates a tool's arguments): the same conversions ("4" to 4, 2.0 to 2,
// "yes" to True), the same refusals, and the same error types, messages
// and locations.

// Error is one validation fault, as pydantic reports it: where (Loc: field
// names and dict keys as strings, list indices as ints), pydantic's error
// type and message, and the input value at fault (for "missing", the
// object the field is missing from).
type Error struct {
	Loc   []any
	Type  string
	Msg   string
	Input pyjson.Value
}

// Validate converts v, a Python value, into dst (a settable value of model
// n's struct type) as pydantic's lax model_validate does, and returns the
// faults in input order (none when dst holds the validated value).
func Validate(n *Node, v *pyjson.Value, dst reflect.Value) []Error {
	var vd validator
	vd.value(n, v, dst)
	return vd.errs
}

// validator collects errors while converting one value.
type validator struct {
	loc  []any
	errs []Error
	// defaults: the value is a default or a Literal's value, which
	// pydantic does not validate: the constraint tags are not checked
	// (a Go integer's range is).
	defaults bool
}

// cons returns n's constraints when they are checked.
func (vd *validator) cons(n *Node) *constraints {
	if vd.defaults {
		return nil
	}
	return n.cons
}

func (vd *validator) add(typ, msg string, input *pyjson.Value) {
	vd.errs = append(vd.errs, Error{Loc: append([]any(nil), vd.loc...), Type: typ, Msg: msg, Input: *input})
}

func (vd *validator) push(item any) { vd.loc = append(vd.loc, item) }
func (vd *validator) pop()          { vd.loc = vd.loc[:len(vd.loc)-1] }

// value converts v into dst (a settable value of n's type), recording
// errors at the current location.
func (vd *validator) value(n *Node, v *pyjson.Value, dst reflect.Value) {
	switch {
	case n.Enum != nil:
		vd.enumValue(n, v, dst)
	case n.Kind <= Bytes:
		vd.scalar(n, v, dst)
	case n.Kind <= Marshaler:
		vd.viaJSON(n, v, dst)
	default:
		vd.container(n, v, dst)
	}
}

// scalar converts v into a value of a scalar kind.
func (vd *validator) scalar(n *Node, v *pyjson.Value, dst reflect.Value) {
	switch n.Kind {
	case String:
		if v.Kind != pyjson.Str {
			vd.add("string_type", "Input should be a valid string", v)
			return
		}
		if vd.cons(n) != nil {
			if typ, msg := n.strFault(v.Str); typ != "" {
				vd.add(typ, msg, v)
				return
			}
		}
		dst.SetString(v.Str)
	case Int:
		vd.intValue(n, v, dst)
	case Float:
		f, ok := vd.floatOf(v)
		if ok && vd.cons(n) != nil {
			if typ, msg := n.floatFault(f); typ != "" {
				vd.add(typ, msg, v)
				return
			}
		}
		if ok {
			dst.SetFloat(f)
		}
	case Bool:
		if b, ok := vd.boolOf(v); ok {
			dst.SetBool(b)
		}
	case Any:
		if x := pyToGo(v); x != nil {
			dst.Set(reflect.ValueOf(x))
		} else {
			dst.SetZero()
		}
	case Raw:
		dst.SetBytes(pyjson.AppendJSON(nil, v))
	case Time, DateTime:
		if dt, ok := vd.dateTimeOf(v); ok && n.Kind == Time {
			dst.Set(reflect.ValueOf(dt.Time()))
		} else if ok {
			dst.Set(reflect.ValueOf(dt))
		}
	case Bytes:
		if v.Kind != pyjson.Str && v.Kind != pyjson.Bytes {
			vd.add("bytes_type", "Input should be a valid bytes", v)
			return
		}
		dst.SetBytes([]byte(v.Str))
	}
}

// viaJSON converts v into a value read by its own JSON methods (Image,
// Codec, Marshaler kinds), from v's JSON.
func (vd *validator) viaJSON(n *Node, v *pyjson.Value, dst reflect.Value) {
	data := pyjson.AppendJSON(nil, v)
	d := wire.NewDecoder(data, wire.Options{})
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { decodeMethods(d, n, dst) }))
	var es wire.Errors
	if errors.As(d.Err(), &es) && len(es) > 0 {
		vd.add(es[0].Type, es[0].Message, v)
	} else if err := d.Err(); err != nil {
		vd.add("value_error", "Value error, "+err.Error(), v)
	}
}

// container converts v into a list, tuple, dict, model or Optional.
func (vd *validator) container(n *Node, v *pyjson.Value, dst reflect.Value) {
	switch n.Kind {
	case Slice:
		vd.sliceValue(n, v, dst)
	case Array:
		vd.arrayValue(n, v, dst)
	case Map:
		vd.mapValue(n, v, dst)
	case Struct:
		vd.model(n, v, dst)
	case Ptr:
		if v.Kind == pyjson.None {
			dst.SetZero()
			return
		}
		p := reflect.New(n.Elem.Type)
		before := len(vd.errs)
		vd.value(n.Elem, v, p.Elem())
		if len(vd.errs) == before {
			dst.Set(p)
		}
	}
}

// sliceValue validates a list; with minItems or maxItems, as list.rs
// does: past max_length the list's one fault is too_long, and min_length
// is checked when the items are valid.
func (vd *validator) sliceValue(n *Node, v *pyjson.Value, dst reflect.Value) {
	if v.Kind != pyjson.List {
		vd.add("list_type", "Input should be a valid list", v)
		return
	}
	c := vd.cons(n)
	if c != nil && c.maxLen >= 0 && len(v.List) > c.maxLen {
		typ, msg := listTooLong(c, len(v.List))
		vd.add(typ, msg, v)
		return
	}
	before := len(vd.errs)
	s := reflect.MakeSlice(n.Type, len(v.List), len(v.List))
	for i := range v.List {
		vd.push(i)
		vd.value(n.Elem, &v.List[i], s.Index(i))
		vd.pop()
	}
	if c != nil && c.minLen >= 0 && len(vd.errs) == before && len(v.List) < c.minLen {
		typ, msg := listTooShort(c, len(v.List))
		vd.add(typ, msg, v)
		return
	}
	dst.Set(s)
}

// model validates a dict into a struct: fields in order, each from its key
// or its default; unknown keys are ignored (pydantic's extra="ignore").
func (vd *validator) model(n *Node, v *pyjson.Value, dst reflect.Value) {
	if v.Kind != pyjson.Dict {
		vd.add("model_type", "Input should be a valid dictionary or instance of "+n.Title, v)
		return
	}
	for _, f := range n.Fields {
		fv := fieldByIndexAlloc(dst, f.Index)
		in, ok := v.Get(f.Name)
		if !ok {
			if f.Required {
				vd.push(f.Name)
				vd.add("missing", "Field required", v)
				vd.pop()
				continue
			}
			f.setDefault(fv)
			continue
		}
		vd.push(f.Name)
		vd.value(f.Node, in, fv)
		vd.pop()
	}
}

func (vd *validator) arrayValue(n *Node, v *pyjson.Value, dst reflect.Value) {
	if v.Kind != pyjson.List {
		vd.add("tuple_type", "Input should be a valid tuple", v)
		return
	}
	if len(v.List) > n.Len {
		typ, msg := tupleTooLong(n, len(v.List))
		vd.add(typ, msg, v)
		return
	}
	for i := 0; i < n.Len; i++ {
		vd.push(i)
		if i >= len(v.List) {
			vd.add("missing", "Field required", v)
		} else {
			vd.value(n.Elem, &v.List[i], dst.Index(i))
		}
		vd.pop()
	}
}

func (vd *validator) mapValue(n *Node, v *pyjson.Value, dst reflect.Value) {
	if v.Kind != pyjson.Dict {
		vd.add("dict_type", "Input should be a valid dictionary", v)
		return
	}
	m := reflect.MakeMapWithSize(n.Type, len(v.Keys))
	for i := range v.Keys {
		k := &v.Keys[i]
		kv := reflect.New(n.Key.Type).Elem()
		before := len(vd.errs)
		vd.push(k.Str)
		vd.push("[key]")
		vd.value(n.Key, k, kv)
		vd.pop()
		vv := reflect.New(n.Elem.Type).Elem()
		vd.value(n.Elem, &v.Vals[i], vv)
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
func (vd *validator) enumValue(n *Node, v *pyjson.Value, dst reflect.Value) {
	for i := range n.Enum {
		want := &n.Enum[i]
		if EnumMatch(v, want) {
			quiet := validator{defaults: true}
			plain := *n
			plain.Enum = nil
			quiet.value(&plain, want, dst)
			return
		}
	}
	parts := make([]string, len(n.Enum))
	for i := range n.Enum {
		parts[i] = pyjson.Repr(&n.Enum[i])
	}
	typ := "literal_error"
	if n.EnumClass {
		typ = "enum"
	}
	vd.add(typ, "Input should be "+pydantic.OrList(parts), v)
}

// EnumMatch reports whether v is the Literal or Enum value want, after
// the lax conversion of want's type: pydantic accepts "1" for Literal[1],
// never 1 for Literal["1"], nor a bool for a number. The structured-output
// validator of the OpenAI client shares it.
func EnumMatch(v, want *pyjson.Value) bool {
	switch want.Kind {
	case pyjson.Str:
		return v.Kind == pyjson.Str && v.Str == want.Str
	case pyjson.Bool:
		return v.Kind == pyjson.Bool && v.Bool == want.Bool
	case pyjson.Int:
		if v.Kind == pyjson.Bool {
			return false
		}
		t, code, _ := LaxInt(v)
		return code == "" && t == want.Int
	case pyjson.Float:
		if v.Kind == pyjson.Bool {
			return false
		}
		f, code, _ := LaxFloat(v)
		return code == "" && f == want.Float
	}
	return false
}

// intText converts v as pydantic's lax int does (see LaxInt) and records
// its fault.
func (vd *validator) intText(v *pyjson.Value) (string, bool) {
	text, code, msg := LaxInt(v)
	if code != "" {
		vd.add(code, msg, v)
		return "", false
	}
	return text, true
}

// LaxInt converts v as pydantic-core's lax int validator does and returns
// the decimal text, or pydantic's error type and message: an int; a
// finite float with no fractional part inside int64's range (outside it:
// int_parsing_size, as float_as_int refuses it); a string holding an
// integer, white space around it and a fraction of zeros allowed, of at
// most wire.MaxIntChars characters (longer: int_parsing_size, as
// str_as_int refuses it); a bool.
func LaxInt(v *pyjson.Value) (text, code, msg string) {
	switch v.Kind {
	case pyjson.Int:
		return v.Int, "", ""
	case pyjson.Bool:
		if v.Bool {
			return "1", "", ""
		}
		return "0", "", ""
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return "", "finite_number", "Input should be a finite number"
		}
		if v.Float != math.Trunc(v.Float) {
			return "", "int_from_float", "Input should be a valid integer, got a number with a fractional part"
		}
		if !(v.Float > -(1<<63) && v.Float < 1<<63) {
			return "", "int_parsing_size", "Unable to parse input string as an integer, exceeded maximum size"
		}
		return strconv.FormatInt(int64(v.Float), 10), "", ""
	case pyjson.Str:
		s := strings.TrimSpace(v.Str)
		if len(s) > wire.MaxIntChars {
			return "", "int_parsing_size", "Unable to parse input string as an integer, exceeded maximum size"
		}
		if i := strings.IndexByte(s, '.'); i >= 0 {
			if strings.Trim(s[i+1:], "0") == "" {
				s = s[:i]
			}
		}
		if x, ok := wire.ParseInt(s); ok {
			return x.String(), "", ""
		}
		return "", "int_parsing", "Input should be a valid integer, unable to parse string as an integer"
	}
	return "", "int_type", "Input should be a valid integer"
}

func (vd *validator) intValue(n *Node, v *pyjson.Value, dst reflect.Value) {
	if n.IntRepr == IntBigPtr && v.Kind == pyjson.None {
		dst.SetZero()
		return
	}
	text, ok := vd.intText(v)
	if !ok {
		return
	}
	x, _ := new(big.Int).SetString(text, 10)
	if typ, msg := n.intFault(x, vd.cons(n)); typ != "" {
		vd.add(typ, msg, v)
		return
	}
	switch n.IntRepr {
	case IntWire:
		dst.Set(intValue(wire.IntFromBig(x), dst.Type()))
		return
	case IntBigPtr:
		dst.Set(reflect.ValueOf(x))
		return
	}
	if dst.CanInt() {
		dst.SetInt(x.Int64())
	} else {
		dst.SetUint(x.Uint64())
	}
}

// floatOf converts v as pydantic's lax float does (see LaxFloat) and
// records its fault.
func (vd *validator) floatOf(v *pyjson.Value) (float64, bool) {
	f, code, msg := LaxFloat(v)
	if code != "" {
		vd.add(code, msg, v)
		return 0, false
	}
	return f, true
}

// LaxFloat converts v as pydantic-core's lax float validator does and
// returns the value, or pydantic's error type and message: an int or
// float (infinities and NaN included, as in Python mode), a string holding
// a finite number, a bool.
func LaxFloat(v *pyjson.Value) (f float64, code, msg string) {
	switch v.Kind {
	case pyjson.Float:
		return v.Float, "", ""
	case pyjson.Int:
		f, err := strconv.ParseFloat(v.Int, 64)
		if err != nil {
			return 0, "finite_number", "Input should be a finite number"
		}
		return f, "", ""
	case pyjson.Bool:
		if v.Bool {
			return 1, "", ""
		}
		return 0, "", ""
	case pyjson.Str:
		s := strings.TrimSpace(v.Str)
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || !plainFloatText(s) || math.IsInf(f, 0) || math.IsNaN(f) {
			return 0, "float_parsing", "Input should be a valid number, unable to parse string as a number"
		}
		return f, "", ""
	}
	return 0, "float_type", "Input should be a valid number"
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

// boolOf converts v as pydantic's lax bool does (see LaxBool) and
// records its fault.
func (vd *validator) boolOf(v *pyjson.Value) (bool, bool) {
	b, code, msg := LaxBool(v)
	if code != "" {
		vd.add(code, msg, v)
		return false, false
	}
	return b, true
}

// LaxBool converts v as pydantic-core's lax bool validator does and
// returns the value, or pydantic's error type and message: a bool, 0 or 1
// (int or float), or a string of Python's truth words.
func LaxBool(v *pyjson.Value) (b bool, code, msg string) {
	const parsing = "Input should be a valid boolean, unable to interpret input"
	switch v.Kind {
	case pyjson.Bool:
		return v.Bool, "", ""
	case pyjson.Int:
		switch v.Int {
		case "0":
			return false, "", ""
		case "1":
			return true, "", ""
		}
		return false, "bool_parsing", parsing
	case pyjson.Float:
		switch v.Float {
		case 0:
			return false, "", ""
		case 1:
			return true, "", ""
		}
		return false, "bool_parsing", parsing
	case pyjson.Str:
		switch strings.ToLower(strings.TrimSpace(v.Str)) {
		case "0", "off", "f", "false", "n", "no":
			return false, "", ""
		case "1", "on", "t", "true", "y", "yes":
			return true, "", ""
		}
		return false, "bool_parsing", parsing
	}
	return false, "bool_type", "Input should be a valid boolean"
}

// dateTimeOf converts v as pydantic's lax datetime does (see
// LaxDateTime) and records its fault.
func (vd *validator) dateTimeOf(v *pyjson.Value) (pytime.DateTime, bool) {
	dt, code, msg := LaxDateTime(v)
	if code != "" {
		vd.add(code, msg, v)
		return pytime.DateTime{}, false
	}
	return dt, true
}

// LaxDateTime converts v as pydantic's lax datetime does (internal/pytime)
// and returns the value, or pydantic's error type and message.
func LaxDateTime(v *pyjson.Value) (dt pytime.DateTime, code, msg string) {
	var err error
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
		return pytime.DateTime{}, typ, err.Error()
	}
	return dt, "", ""
}

// pyToGo converts a JSON value to the Go value an `any` field receives:
// nil, bool, int64 (or *big.Int beyond int64), float64, string, []any and
// map[string]any.
func pyToGo(v *pyjson.Value) any {
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
