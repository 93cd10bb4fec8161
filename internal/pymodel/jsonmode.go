package pymodel

import (
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// This file reads and writes JSON text directly, as pydantic's
// model_validate_json and model_dump_json do: the lax rules of
// internal/wire (which the generated types use too), every fault with its
// JSON pointer, line and column.

// Hooks changes how DecodeModel reads one model.
type Hooks struct {
	// Title names the model in a model_type fault (the node's Title when
	// empty).
	Title string
	// Unknown reads a member that is no field; it returns false to let
	// the member be ignored (pydantic's extra="ignore").
	Unknown func(d *wire.Decoder, name []byte) bool
	// Field reads a field's value in place of its node; it returns false
	// to let the node read it.
	Field func(d *wire.Decoder, f *Field, v reflect.Value) bool
}

// Decode reads one JSON value from d into v, a settable value of n's
// type, recording faults in d.
func Decode(d *wire.Decoder, n *Node, v reflect.Value) {
	switch {
	case n.Enum != nil:
		decodeViaPython(d, n, v)
	case n.Kind <= Bytes:
		decodeScalar(d, n, v)
	case n.Kind <= Marshaler:
		decodeMethods(d, n, v)
	default:
		decodeContainer(d, n, v)
	}
}

func decodeScalar(d *wire.Decoder, n *Node, v reflect.Value) {
	switch n.Kind {
	case String:
		if n.cons != nil {
			decodeConstrainedStr(d, n, v)
			return
		}
		v.SetString(d.Str())
	case Bool:
		v.SetBool(d.Bool())
	case Int:
		decodeInt(d, n, v)
	case Float:
		if n.cons != nil {
			decodeConstrainedFloat(d, n, v)
			return
		}
		v.SetFloat(d.Float())
	case Any:
		decodeAny(d, v)
	case Raw:
		v.SetBytes(d.Raw())
	case DateTime:
		v.Set(reflect.ValueOf(d.DateTime()))
	case Time:
		v.Set(reflect.ValueOf(d.DateTime().Time()))
	case Bytes:
		if k := d.Peek(); k != wire.KindString {
			if k != wire.KindInvalid {
				d.Fail("bytes_type", "Input should be a valid bytes")
			}
			d.Skip()
			return
		}
		v.SetBytes([]byte(d.Str()))
	}
}

func decodeInt(d *wire.Decoder, n *Node, v reflect.Value) {
	if n.IntRepr == IntBigPtr && d.Null() {
		v.SetZero()
		return
	}
	off, mark := d.Offset(), d.Mark()
	i := d.Int()
	if d.Mark() > mark {
		return
	}
	if n.IntRepr != IntSized && n.cons == nil {
		if n.IntRepr == IntWire {
			v.Set(intValue(i, v.Type()))
		} else {
			v.Set(reflect.ValueOf(i.Big()))
		}
		return
	}
	x, small := i.Int64()
	if small && n.cons == nil && fits(n.Type, x) {
		if v.CanInt() {
			v.SetInt(x)
		} else {
			v.SetUint(uint64(x))
		}
		return
	}
	var b *big.Int
	if small {
		b = big.NewInt(x)
	} else {
		b = i.Big()
	}
	if typ, msg := n.intFault(b, n.cons); typ != "" {
		d.FailAt(off, typ, msg)
		return
	}
	switch {
	case n.IntRepr == IntWire:
		v.Set(intValue(i, v.Type()))
	case n.IntRepr == IntBigPtr:
		v.Set(reflect.ValueOf(b))
	case v.CanInt():
		v.SetInt(b.Int64())
	default:
		v.SetUint(b.Uint64()) // beyond int64: the top half of uint64
	}
}

// decodeConstrainedStr reads a string with constraint tags: the fault of
// the first constraint that fails, once the string is read.
func decodeConstrainedStr(d *wire.Decoder, n *Node, v reflect.Value) {
	isStr, off := d.Peek() == wire.KindString, d.Offset()
	s := d.Str()
	if !isStr || d.Fatal() {
		return
	}
	if typ, msg := n.strFault(s); typ != "" {
		d.FailAt(off, typ, msg)
		return
	}
	v.SetString(s)
}

// decodeConstrainedFloat reads a float with constraint tags.
func decodeConstrainedFloat(d *wire.Decoder, n *Node, v reflect.Value) {
	off, mark := d.Offset(), d.Mark()
	f := d.Float()
	if d.Mark() > mark || d.Fatal() {
		return
	}
	if typ, msg := n.floatFault(f); typ != "" {
		d.FailAt(off, typ, msg)
		return
	}
	v.SetFloat(f)
}

// fits reports whether x is within the range of integer type t.
func fits(t reflect.Type, x int64) bool {
	bits := t.Bits()
	if t.Kind() >= reflect.Uint {
		return x >= 0 && (bits == 64 || x < 1<<bits)
	}
	return bits == 64 || x >= -1<<(bits-1) && x < 1<<(bits-1)
}

func decodeAny(d *wire.Decoder, v reflect.Value) {
	r := d.Raw()
	if r == nil {
		return
	}
	p, err := ParseJSON(r)
	if err != nil {
		d.Fail("json_invalid", err.Error())
		return
	}
	if x := pyToGo(&p); x != nil {
		v.Set(reflect.ValueOf(x))
	} else {
		v.SetZero()
	}
}

// decodeMethods reads a value of the Image, Codec or Marshaler kind.
func decodeMethods(d *wire.Decoder, n *Node, v reflect.Value) {
	switch n.Kind {
	case Image:
		w := d.Image()
		// gen.Image is a struct of one wire.Image (see internal/genrt).
		v.Set(reflect.NewAt(v.Type(), unsafe.Pointer(&w)).Elem())
	case Codec:
		d.Value(v.Addr().Interface())
	case Marshaler:
		raw, ok := d.RawValue()
		if !ok {
			return
		}
		if err := v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(raw); err != nil {
			d.Fail("value_error", "Value error, "+err.Error())
		}
	}
}

func decodeContainer(d *wire.Decoder, n *Node, v reflect.Value) {
	switch n.Kind {
	case Slice:
		if n.cons != nil {
			decodeConstrainedSlice(d, n, v)
			return
		}
		if !d.Array() {
			return
		}
		s := reflect.MakeSlice(n.Type, 0, 0)
		for d.More() {
			s = reflect.Append(s, reflect.Zero(n.Elem.Type))
			Decode(d, n.Elem, s.Index(s.Len()-1))
		}
		v.Set(s)
	case Array:
		decodeTuple(d, n, v)
	case Map:
		if n.Key.Kind != String {
			decodeIntKeyMap(d, n, v)
			return
		}
		if !d.Object("dict_type", "Input should be a valid dictionary") {
			return
		}
		m := reflect.MakeMap(n.Type)
		for {
			name, ok := d.Next()
			if !ok {
				break
			}
			ev := reflect.New(n.Elem.Type).Elem()
			Decode(d, n.Elem, ev)
			m.SetMapIndex(reflect.ValueOf(string(name)).Convert(n.Key.Type), ev)
		}
		v.Set(m)
	case Ptr:
		if d.Null() {
			v.SetZero()
			return
		}
		p := reflect.New(n.Elem.Type)
		Decode(d, n.Elem, p.Elem())
		v.Set(p)
	case Struct:
		DecodeModel(d, n, v, nil)
	}
}

// decodeConstrainedSlice reads a list with minItems or maxItems as list.rs
// does: past max_length the rest is skipped and too_long reported;
// min_length is checked when the items are valid. A list that is too long
// gets only too_long: the faults of its first max_length items are taken
// back, as pydantic drops them.
func decodeConstrainedSlice(d *wire.Decoder, n *Node, v reflect.Value) {
	off, nerr := d.Offset(), d.Mark()
	if !d.Array() {
		return
	}
	c := n.cons
	s := reflect.MakeSlice(n.Type, 0, 0)
	count := 0
	for d.More() {
		count++
		if c.maxLen >= 0 && count > c.maxLen {
			d.Skip()
			continue
		}
		s = reflect.Append(s, reflect.Zero(n.Elem.Type))
		Decode(d, n.Elem, s.Index(s.Len()-1))
	}
	switch {
	case d.Fatal():
	case c.maxLen >= 0 && count > c.maxLen:
		d.DropFaults(nerr)
		typ, msg := listTooLong(c, count)
		d.FailAt(off, typ, msg)
	case c.minLen >= 0 && count < c.minLen && d.Mark() == nerr:
		typ, msg := listTooShort(c, count)
		d.FailAt(off, typ, msg)
	default:
		v.Set(s)
	}
}

// decodeTuple reads a fixed-length array as tuple.rs validates a tuple:
// each item at its position, a missing one at its index, and more items
// than positions refused as a whole (too_long only: the faults of the
// first items are taken back, as pydantic drops them).
func decodeTuple(d *wire.Decoder, n *Node, v reflect.Value) {
	if k := d.Peek(); k != wire.KindArray {
		if k != wire.KindInvalid {
			d.Fail("tuple_type", "Input should be a valid tuple")
		}
		d.Skip()
		return
	}
	off, mark := d.Offset(), d.Mark()
	d.Array()
	count := 0
	for d.More() {
		if count < n.Len {
			Decode(d, n.Elem, v.Index(count))
		} else {
			d.Skip()
		}
		count++
	}
	if d.Fatal() {
		return
	}
	if count > n.Len {
		d.DropFaults(mark)
		typ, msg := tupleTooLong(n, count)
		d.FailAt(off, typ, msg)
		return
	}
	for i := count; i < n.Len; i++ {
		d.FailField(strconv.Itoa(i), "missing", "Field required")
	}
}

// decodeIntKeyMap reads a dict with integer keys: each member name is
// validated as a str input to the key's int (a fault at (key, "[key]"), as
// dict.rs puts it), each value in JSON mode.
func decodeIntKeyMap(d *wire.Decoder, n *Node, v reflect.Value) {
	if !d.Object("dict_type", "Input should be a valid dictionary") {
		return
	}
	m := reflect.MakeMap(n.Type)
	for {
		name, ok := d.Next()
		if !ok {
			break
		}
		key := pyjson.StrValue(string(name))
		kv := reflect.New(n.Key.Type).Elem()
		var vd validator
		vd.value(n.Key, &key, kv)
		for _, e := range vd.errs {
			d.FailField("[key]", e.Type, e.Msg)
		}
		ev := reflect.New(n.Elem.Type).Elem()
		Decode(d, n.Elem, ev)
		if len(vd.errs) == 0 {
			m.SetMapIndex(kv, ev)
		}
	}
	v.Set(m)
}

// decodeViaPython reads a value whose JSON-mode rules are those of python
// mode (Literals and Enum classes, scalars): parsed, then validated; the
// fault is reported at the value.
func decodeViaPython(d *wire.Decoder, n *Node, v reflect.Value) {
	raw, ok := d.RawValue()
	if !ok {
		return
	}
	p, err := ParseJSON(raw)
	if err != nil {
		d.Fail("json_invalid", err.Error())
		return
	}
	var vd validator
	vd.value(n, &p, v)
	if len(vd.errs) > 0 {
		d.Fail(vd.errs[0].Type, vd.errs[0].Msg)
	}
}

// DecodeModel reads an object into struct value v (model n) as pydantic's
// model_validate_json does: fields by name, defaults for those missing,
// unknown members ignored, every fault recorded in d.
func DecodeModel(d *wire.Decoder, n *Node, v reflect.Value, h *Hooks) {
	v.SetZero()
	title := n.Title
	if h != nil && h.Title != "" {
		title = h.Title
	}
	if !d.Object("model_type", "Input should be a valid dictionary or instance of "+title) {
		return
	}
	seen := make([]bool, len(n.Fields))
	for {
		name, ok := d.Next()
		if !ok {
			break
		}
		if f := n.byName[string(name)]; f != nil {
			seen[f.pos] = true
			fv := fieldByIndexAlloc(v, f.Index)
			if h == nil || h.Field == nil || !h.Field(d, f, fv) {
				Decode(d, f.Node, fv)
			}
			continue
		}
		if h == nil || h.Unknown == nil || !h.Unknown(d, name) {
			d.SkipUnknown()
		}
	}
	if d.Fatal() {
		return
	}
	for i, f := range n.Fields {
		if !seen[i] {
			missingField(d, f, v)
		}
	}
}

// missingField fills a field the input lacks with its default, or records
// a missing fault.
func missingField(d *wire.Decoder, f *Field, v reflect.Value) {
	switch {
	case f.Required:
		d.Missing(f.Name)
	default:
		f.setDefault(fieldByIndexAlloc(v, f.Index))
	}
}

// Encode writes v, a value of n's type, as pydantic's model_dump_json
// writes it (map keys sorted: Go maps have no order).
func Encode(e *wire.Encoder, n *Node, v reflect.Value) {
	switch n.Kind {
	case String:
		e.Str(v.String())
	case Bool:
		e.Bool(v.Bool())
	case Int:
		encodeInt(e, n, v)
	case Float:
		e.Float(v.Float())
	case Any:
		encodeAny(e, v)
	case Raw:
		e.RawJSON(wire.RawJSON(v.Bytes()))
	case Time, DateTime:
		e.DateTime(dateTimeOf(v))
	case Bytes:
		if !utf8.Valid(v.Bytes()) {
			e.SetError(errors.New("bytes that are not UTF-8 cannot be dumped as JSON"))
		}
		e.Str(string(v.Bytes()))
	case Image, Codec, Marshaler:
		encodeMethods(e, n, v)
	default:
		encodeContainer(e, n, v)
	}
}

func encodeInt(e *wire.Encoder, n *Node, v reflect.Value) {
	switch {
	case n.IntRepr == IntWire:
		if i, ok := v.Interface().(wire.Int); ok {
			e.Int(i)
		} else {
			e.Raw(string(v.Interface().(gen.Int).AppendText(nil)))
		}
	case n.IntRepr == IntBigPtr && v.IsNil():
		e.Null()
	case n.IntRepr == IntBigPtr:
		e.Raw(v.Interface().(interface{ String() string }).String())
	case v.CanInt():
		e.Raw(strconv.FormatInt(v.Int(), 10))
	default:
		e.Raw(strconv.FormatUint(v.Uint(), 10))
	}
}

func encodeAny(e *wire.Encoder, v reflect.Value) {
	if v.IsNil() {
		e.Null()
		return
	}
	x := v.Elem()
	n, err := NodeOf(x.Type())
	if err != nil {
		e.SetError(err)
		e.Null()
		return
	}
	tmp := reflect.New(x.Type()).Elem()
	tmp.Set(x)
	Encode(e, n, tmp)
}

func encodeMethods(e *wire.Encoder, n *Node, v reflect.Value) {
	switch n.Kind {
	case Image:
		w := reflect.New(v.Type())
		w.Elem().Set(v)
		e.Image(*(*wire.Image)(w.UnsafePointer()))
	case Codec:
		e.Value(codecValue(v))
	case Marshaler:
		data, err := marshalerOf(v).MarshalJSON()
		if err != nil {
			e.SetError(err)
			e.Null()
			return
		}
		e.RawJSON(wire.Compact(data))
	}
}

func encodeContainer(e *wire.Encoder, n *Node, v reflect.Value) {
	switch n.Kind {
	case Slice, Array:
		e.Raw("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				e.Raw(",")
			}
			Encode(e, n.Elem, v.Index(i))
		}
		e.Raw("]")
	case Map:
		e.Raw("{")
		for i, k := range SortedKeys(v) {
			if i > 0 {
				e.Raw(",")
			}
			if k.Kind() == reflect.String {
				e.Str(k.String())
			} else {
				kv := dumpInt(n.Key, k)
				e.Str(kv.Int)
			}
			e.Raw(":")
			Encode(e, n.Elem, v.MapIndex(k))
		}
		e.Raw("}")
	case Ptr:
		if v.IsNil() {
			e.Null()
			return
		}
		Encode(e, n.Elem, v.Elem())
	case Struct:
		EncodeModel(e, n, v, "")
	}
}

// EncodeModel writes struct value v (model n) as model_dump_json does,
// then a "type" member when tag is set.
func EncodeModel(e *wire.Encoder, n *Node, v reflect.Value, tag string) {
	e.Raw("{")
	for i, f := range n.Fields {
		if i > 0 {
			e.Raw(",")
		}
		e.Str(f.Name)
		e.Raw(":")
		if fv, ok := FieldByIndex(v, f.Index); ok {
			Encode(e, f.Node, fv)
		} else {
			e.Null()
		}
	}
	if tag != "" {
		if len(n.Fields) > 0 {
			e.Raw(",")
		}
		e.Raw(`"type":`)
		e.Str(tag)
	}
	e.Raw("}")
}

// Marshal returns the JSON of v, a value of n's type (see Encode).
func Marshal(n *Node, v reflect.Value) ([]byte, error) {
	e := wire.NewEncoder(make([]byte, 0, 64))
	Encode(e, n, v)
	if err := e.Err(); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}

// intValue is i as a value of t, wire.Int or gen.Int.
func intValue(i wire.Int, t reflect.Type) reflect.Value {
	if t == typeWireInt {
		return reflect.ValueOf(i)
	}
	if x, ok := i.Int64(); ok {
		return reflect.ValueOf(gen.IntOf(x))
	}
	return reflect.ValueOf(gen.IntFromBig(i.Big()))
}
