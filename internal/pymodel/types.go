package pymodel

import (
	"math/big"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// typeNode builds the node of a Go type.
func (b *builder) typeNode(t reflect.Type, path string) (*Node, error) {
	if n := specialNode(t); n != nil {
		return n, nil
	}
	if t.Implements(typeEnum) && t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		return b.enumNode(t, path)
	}
	if n := methodNode(t); n != nil {
		return n, nil
	}
	switch t.Kind() {
	case reflect.String:
		return &Node{Kind: String, Type: t}, nil
	case reflect.Bool:
		return &Node{Kind: Bool, Type: t}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return sizedInt(t, true), nil
	case reflect.Float32, reflect.Float64:
		return &Node{Kind: Float, Type: t}, nil
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return nil, b.fail(path, "interface type %v is not supported (only any)", t)
		}
		return &Node{Kind: Any, Type: t}, nil
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
		return b.containerNode(t, path)
	case reflect.Struct:
		return b.structNode(t, path, false)
	}
	return nil, b.fail(path, "type %v is not supported", t)
}

// specialNode is the node of a type with a fixed meaning, or nil.
func specialNode(t reflect.Type) *Node {
	switch t {
	case typeRawMessage, typeRawJSON:
		return &Node{Kind: Raw, Type: t}
	case typeTime:
		return &Node{Kind: Time, Type: t}
	case typeDateTime:
		return &Node{Kind: DateTime, Type: t}
	case typeWireInt, typeGenInt:
		return &Node{Kind: Int, Type: t, IntRepr: IntWire}
	case typeBigInt:
		return &Node{Kind: Int, Type: t, IntRepr: IntBigPtr}
	case typeImage, typeGenImage:
		return &Node{Kind: Image, Type: t}
	}
	return nil
}

// methodNode is the node of a type read and written by its own methods: a
// generated type (wire.HasCodec) or a type with
// MarshalJSON and UnmarshalJSON; nil for other types.
func methodNode(t reflect.Type) *Node {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(t)
	if wire.HasCodec(pt) {
		return &Node{Kind: Codec, Type: t, def: fixedDefs[t]}
	}
	if pt.Implements(typeUnmarshal) && (t.Implements(typeMarshaler) || pt.Implements(typeMarshaler)) {
		return &Node{Kind: Marshaler, Type: t}
	}
	return nil
}

// sizedInt is the node of a Go integer kind; with keywords its range is
// written as minimum and maximum (below 64 bits; 0 for unsigned kinds).
func sizedInt(t reflect.Type, keywords bool) *Node {
	bits := uint(t.Bits())
	n := &Node{Kind: Int, Type: t, IntRepr: IntSized}
	one := big.NewInt(1)
	if t.Kind() >= reflect.Uint {
		n.Min = big.NewInt(0)
		n.Max = new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
		if keywords && bits < 64 {
			n.rangeKW = append(n.rangeKW, keyword{"maximum", pyjson.IntValue(n.Max.String())})
			n.rangeLE = &bound{I: n.Max, Text: n.Max.String()}
		}
		if keywords {
			n.rangeKW = append(n.rangeKW, keyword{"minimum", pyjson.IntValue("0")})
			n.rangeGE = &bound{I: n.Min, Text: "0"}
		}
		return n
	}
	n.Min = new(big.Int).Lsh(big.NewInt(-1), bits-1)
	n.Max = new(big.Int).Sub(new(big.Int).Lsh(one, bits-1), one)
	if keywords && bits < 64 {
		n.rangeKW = []keyword{{"maximum", pyjson.IntValue(n.Max.String())}, {"minimum", pyjson.IntValue(n.Min.String())}}
		n.rangeLE = &bound{I: n.Max, Text: n.Max.String()}
		n.rangeGE = &bound{I: n.Min, Text: n.Min.String()}
	}
	return n
}

// containerNode builds the node of a slice, array, map or pointer type.
func (b *builder) containerNode(t reflect.Type, path string) (*Node, error) {
	switch t.Kind() {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			if b.opts.NoBytes {
				return nil, b.fail(path, "[]byte is not supported (use string)")
			}
			return &Node{Kind: Bytes, Type: t}, nil
		}
		e, err := b.typeNode(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Slice, Type: t, Elem: e}, nil
	case reflect.Array:
		e, err := b.typeNode(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Array, Type: t, Elem: e, Len: t.Len()}, nil
	case reflect.Map:
		return b.mapNode(t, path)
	}
	if t.Elem().Kind() == reflect.Pointer {
		return nil, b.fail(path, "pointer to pointer %v is not supported", t)
	}
	e, err := b.typeNode(t.Elem(), path)
	if err != nil {
		return nil, err
	}
	return &Node{Kind: Ptr, Type: t, Elem: e}, nil
}

func (b *builder) mapNode(t reflect.Type, path string) (*Node, error) {
	kt := t.Key()
	ok := kt.Kind() == reflect.String
	if !b.opts.StringKeys {
		switch kt.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			ok = true
		}
	}
	if !ok || kt.Implements(typeEnum) || methodNode(kt) != nil {
		return nil, b.fail(path, "map key type %v is not supported (string or integer kinds only)", kt)
	}
	k := &Node{Kind: String, Type: kt}
	if kt.Kind() != reflect.String {
		k = sizedInt(kt, false)
	}
	e, err := b.typeNode(t.Elem(), path+"[]")
	if err != nil {
		return nil, err
	}
	return &Node{Kind: Map, Type: t, Key: k, Elem: e}, nil
}

// enumNode builds the node of a named type implementing Enum.
func (b *builder) enumNode(t reflect.Type, path string) (*Node, error) {
	var n *Node
	switch t.Kind() {
	case reflect.String:
		n = &Node{Kind: String, Type: t}
	case reflect.Bool:
		n = &Node{Kind: Bool, Type: t}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n = sizedInt(t, false) // the range is the members'
	case reflect.Float32, reflect.Float64:
		n = &Node{Kind: Float, Type: t}
	default:
		return nil, b.fail(path, "Enum type %v must have a string, integer, float or bool kind", t)
	}
	n.Title = ClassName(t)
	n.EnumClass = true
	if t.Implements(typeDoc) {
		n.Doc = reflect.Zero(t).Interface().(SchemaDoc).SchemaDoc()
	}
	members := reflect.Zero(t).Interface().(Enum).EnumValues()
	if len(members) == 0 {
		return nil, b.fail(path, "Enum type %v has no values", t)
	}
	for _, m := range members {
		rv := reflect.ValueOf(m)
		if !rv.IsValid() || !rv.CanConvert(t) {
			return nil, b.fail(path, "Enum value %#v of %v cannot convert to %v", m, t, t)
		}
		n.Enum = append(n.Enum, DumpJSON(n, rv.Convert(t)))
	}
	if t.Implements(typeEnumNamer) {
		n.EnumNames = reflect.Zero(t).Interface().(EnumNamer).EnumNames()
		if len(n.EnumNames) != len(n.Enum) {
			return nil, b.fail(path, "Enum type %v has %d names for %d values", t, len(n.EnumNames), len(n.Enum))
		}
	}
	return n, nil
}

// applyTags reads enum and constraint tags onto the field's node (through
// pointers; enum also through slice and array elements).
func (b *builder) applyTags(f *Field, tag reflect.StructTag, path string) error {
	target := f.Node
	for target.Kind == Ptr {
		target = target.Elem
	}
	if text, ok := tag.Lookup("enum"); ok {
		if err := b.enumTag(target, text, path); err != nil {
			return err
		}
	}
	for _, kw := range constraintTags {
		text, ok := tag.Lookup(kw.name)
		if !ok {
			continue
		}
		if !slices.Contains(kw.kinds, target.Kind) {
			return b.fail(path, "%s tag on a %v field", kw.name, target.Type)
		}
		v, err := b.constraint(kw.name, kw.integer, text, path)
		if err != nil {
			return err
		}
		if reason := target.addConstraint(kw.name, v); reason != "" {
			return b.fail(path, "%s tag %q: %s", kw.name, text, reason)
		}
		target.keywords = append(target.keywords, keyword{kw.name, v})
	}
	return nil
}

// constraint reads the value of a constraint tag.
func (b *builder) constraint(name string, integer bool, text, path string) (pyjson.Value, error) {
	if name == "pattern" || name == "format" {
		return pyjson.StrValue(text), nil
	}
	v, err := pyjson.Parse([]byte(text))
	if err != nil || (v.Kind != pyjson.Int && v.Kind != pyjson.Float) {
		return v, b.fail(path, "%s tag %q is not a number", name, text)
	}
	if integer && v.Kind != pyjson.Int {
		return v, b.fail(path, "%s tag %q is not an integer", name, text)
	}
	return v, nil
}

// enumTag makes the element node of target a Literal of the tag's values.
func (b *builder) enumTag(target *Node, text, path string) error {
	et := target
	for et.Kind == Slice || et.Kind == Array || et.Kind == Ptr {
		et = et.Elem
	}
	switch {
	case et.EnumClass:
		return b.fail(path, "enum tag on a field of Enum type %v", et.Type)
	case et.Kind == String, et.Kind == Int && et.IntRepr == IntSized, et.Kind == Float, et.Kind == Bool:
	default:
		return b.fail(path, "enum tag on a %v field", et.Type)
	}
	raw, err := b.enumTagValues(et, text, path)
	if err != nil {
		return err
	}
	var values []pyjson.Value
	for _, v := range raw {
		dst := reflect.New(et.Type).Elem()
		vd := validator{defaults: true}
		vd.value(et, &v, dst)
		if len(vd.errs) > 0 {
			return b.fail(path, "enum tag value %s: %s", pyjson.Repr(&v), vd.errs[0].Msg)
		}
		values = append(values, DumpJSON(et, dst))
	}
	et.Enum = values
	return nil
}

// enumTagValues splits an enum tag: a JSON array, or values separated by
// commas (strings as they are, other values as JSON).
func (b *builder) enumTagValues(et *Node, text, path string) ([]pyjson.Value, error) {
	var raw []pyjson.Value
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		v, err := pyjson.Parse([]byte(text))
		if err != nil || v.Kind != pyjson.List {
			return nil, b.fail(path, "enum tag %q is not a JSON array", text)
		}
		raw = v.List
	} else {
		for part := range strings.SplitSeq(text, ",") {
			if et.Kind == String {
				raw = append(raw, pyjson.StrValue(part))
				continue
			}
			v, err := pyjson.Parse([]byte(strings.TrimSpace(part)))
			if err != nil {
				return nil, b.fail(path, "enum tag value %q: %v", part, err)
			}
			raw = append(raw, v)
		}
	}
	if len(raw) == 0 {
		return nil, b.fail(path, "enum tag %q has no values", text)
	}
	return raw, nil
}

// constraintTags are the struct tags copied into the schema as JSON Schema
// keywords (pydantic's Field constraints write the same keywords) and
// enforced (constraints.go).
var constraintTags = []struct {
	name    string
	kinds   []Kind
	integer bool
}{
	{"minimum", []Kind{Int, Float}, false},
	{"maximum", []Kind{Int, Float}, false},
	{"exclusiveMinimum", []Kind{Int, Float}, false},
	{"exclusiveMaximum", []Kind{Int, Float}, false},
	{"multipleOf", []Kind{Int, Float}, false},
	{"minLength", []Kind{String}, true},
	{"maxLength", []Kind{String}, true},
	{"pattern", []Kind{String}, false},
	{"format", []Kind{String}, false},
	{"minItems", []Kind{Slice}, true},
	{"maxItems", []Kind{Slice}, true},
}

// Title is pydantic's default field title: name.title() with underscores
// turned into spaces, stripped. Python's str.title upper-cases a cased
// character that follows an uncased one and lower-cases the others.
func Title(name string) string {
	var b strings.Builder
	prevCased := false
	for _, r := range name {
		if prevCased {
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(unicode.ToTitle(r))
		}
		prevCased = unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)
	}
	return Strip(strings.ReplaceAll(b.String(), "_", " "))
}

// Strip is Python's str.strip(): it removes white space as str.isspace
// defines it (Unicode White_Space plus the separators U+001C to U+001F).
func Strip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f || r == 0x85
	})
}

// fixedDefs are the $defs entries of generated types whose pydantic schema
// is a model: gen.RequestUsage (a message's models_usage).
var fixedDefs = map[reflect.Type]*defSchema{
	reflect.TypeFor[gen.RequestUsage](): {name: "RequestUsage", schema: requestUsageSchema()},
}

// defSchema is a fixed $defs entry.
type defSchema struct {
	name   string
	schema pyjson.Value
}

func requestUsageSchema() pyjson.Value {
	prop := func(title string) pyjson.Value {
		p := pyjson.Value{Kind: pyjson.Dict}
		p.Set("title", pyjson.StrValue(title))
		p.Set("type", pyjson.StrValue("integer"))
		return p
	}
	props := pyjson.Value{Kind: pyjson.Dict}
	props.Set("prompt_tokens", prop("Prompt Tokens"))
	props.Set("completion_tokens", prop("Completion Tokens"))
	s := pyjson.Value{Kind: pyjson.Dict}
	s.Set("properties", props)
	s.Set("required", pyjson.Value{Kind: pyjson.List, List: []pyjson.Value{pyjson.StrValue("prompt_tokens"), pyjson.StrValue("completion_tokens")}})
	s.Set("title", pyjson.StrValue("RequestUsage"))
	s.Set("type", pyjson.StrValue("object"))
	return s
}
