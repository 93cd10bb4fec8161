package wire

import (
	"fmt"
	"reflect"
)

// The generated types of package gen keep their codec methods unexported,
// out of their documented API; gen registers here, once, how to call them.
// Value, Unmarshal, Marshal and DecodeDocument accept a generated value (a
// pointer to one) as well as a Decodable or Encodable of this package.

// generated is gen's codec, set by RegisterGenerated.
var generated struct {
	decode func(d *Decoder, v any) bool
	encode func(e *Encoder, v any) bool
	is     func(t reflect.Type) bool
}

// RegisterGenerated is called by package gen's init: decode and encode
// run the codec of a generated value and report whether v is one; is
// reports whether a type (a pointer type) is one. Only package gen calls it.
func RegisterGenerated(decode func(d *Decoder, v any) bool, encode func(e *Encoder, v any) bool, is func(t reflect.Type) bool) {
	generated.decode, generated.encode, generated.is = decode, encode, is
}

// Value reads the next value into v: a Decodable, or a pointer to a
// generated type.
func (d *Decoder) Value(v any) {
	if x, ok := v.(Decodable); ok {
		x.DecodeFrom(d)
		return
	}
	if generated.decode != nil && generated.decode(d, v) {
		return
	}
	panic(fmt.Sprintf("wire: %T has no decoder", v))
}

// Value appends the JSON of v: an Encodable, or a generated value.
func (e *Encoder) Value(v any) {
	if x, ok := v.(Encodable); ok {
		x.EncodeTo(e)
		return
	}
	if generated.encode != nil && generated.encode(e, v) {
		return
	}
	panic(fmt.Sprintf("wire: %T has no encoder", v))
}

var (
	typeDecodable = reflect.TypeFor[Decodable]()
	typeEncodable = reflect.TypeFor[Encodable]()
)

// HasCodec reports whether values of the pointer type pt decode and
// encode with Value: a generated type's pointer, or a type of this
// package's interfaces.
func HasCodec(pt reflect.Type) bool {
	if pt.Implements(typeDecodable) && (pt.Implements(typeEncodable) || pt.Elem().Implements(typeEncodable)) {
		return true
	}
	return generated.is != nil && generated.is(pt)
}
