package messages

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/internal/wire"
)

// The model codec reads and writes Go structs as pydantic reads and dumps
// the BaseModel they stand for: StructuredMessage content and custom
// message types.
//
// A struct field is a model field named by its json tag (or its Go name);
// json:"-" and unexported fields are skipped and embedded structs without
// a json name are flattened, as encoding/json does. A field is required
// unless it has a default tag, whose value is the JSON of the default
// ("[]", "null", "0", "\"x\""; "@uuid4" and "@now" are a new UUID4 string
// and the current UTC time). A description tag becomes the field's
// description in the JSON Schema.
//
// Types: string kinds (str), bool, integer kinds (int; values that do not
// fit the Go type are refused), float kinds (float), []byte (bytes), other
// slices (list), maps with string keys (dict), pointers (the type or None:
// only pointers may be null), structs (nested models), time.Time and
// DateTime (datetime), Int (int of any size), RawJSON and json.RawMessage
// (any JSON, kept as text), any (any JSON: nil, bool, int64 or *big.Int,
// float64, string, []any, map[string]any), the gen types (with their own
// codecs) and types implementing both json.Marshaler and json.Unmarshaler.
// Decoding follows pydantic's lax mode ("12" is an int, 1 a float, "yes" a
// bool), ignores unknown members and reports every fault with its JSON
// pointer.

// codec reads, writes and describes the values of one Go type.
type codec struct {
	decode func(d *wire.Decoder, v reflect.Value)
	encode func(e *wire.Encoder, v reflect.Value)
	// py is the value pydantic's model_dump() (python mode) gives.
	py func(v reflect.Value) pyValue
	// schema is the JSON Schema; isRef marks a nested model ($ref),
	// which pydantic gives no field title.
	schema func(g *schemaGen) any
	isRef  bool
}

// field is one model field of a struct.
type field struct {
	name        string
	goName      string
	index       []int
	pos         int
	c           *codec
	required    bool
	def         []byte // JSON of the default
	defFn       func(v reflect.Value)
	description string
}

// structInfo is a struct's model: its fields in order.
type structInfo struct {
	name   string
	fields []*field
	byName map[string]*field
}

var (
	codecMu sync.RWMutex
	codecs  = map[reflect.Type]*codec{}
	structs = map[reflect.Type]*structInfo{}
)

// UnsupportedTypeError reports a Go type the model codec cannot map to a
// pydantic type (channels, functions, complex numbers, maps with
// non-string keys, arrays, non-empty interfaces) or a bad default tag.
type UnsupportedTypeError struct {
	Type   reflect.Type
	Reason string
}

// Error names the type and the reason.
func (e *UnsupportedTypeError) Error() string {
	name := "nil"
	if e.Type != nil {
		name = e.Type.String()
	}
	return "messages: cannot use " + name + " in a model: " + e.Reason
}

var (
	typeDateTime   = reflect.TypeFor[wire.DateTime]()
	typeTime       = reflect.TypeFor[time.Time]()
	typeInt        = reflect.TypeFor[wire.Int]()
	typeRawJSON    = reflect.TypeFor[wire.RawJSON]()
	typeRawMessage = reflect.TypeFor[json.RawMessage]()
	typeImage      = reflect.TypeFor[wire.Image]()
	typeBigInt     = reflect.TypeFor[*big.Int]()
	typeDecodable  = reflect.TypeFor[wire.Decodable]()
	typeEncodable  = reflect.TypeFor[wire.Encodable]()
	typeMarshaler  = reflect.TypeFor[json.Marshaler]()
	typeUnmarshal  = reflect.TypeFor[json.Unmarshaler]()
	typeAny        = reflect.TypeFor[any]()

	typeRequestUsage = reflect.TypeFor[gen.RequestUsage]()
)

// requestUsageSchema is pydantic's schema of RequestUsage.
var requestUsageSchema = obj(
	"properties", obj(
		"prompt_tokens", obj("title", "Prompt Tokens", "type", "integer"),
		"completion_tokens", obj("title", "Completion Tokens", "type", "integer"),
	),
	"required", []any{"prompt_tokens", "completion_tokens"},
	"title", "RequestUsage",
	"type", "object",
)

// codecFor returns the codec of t, building (and caching) it.
func codecFor(t reflect.Type) (*codec, error) {
	codecMu.RLock()
	c := codecs[t]
	codecMu.RUnlock()
	if c != nil {
		return c, nil
	}
	codecMu.Lock()
	defer codecMu.Unlock()
	b := &builder{codecs: map[reflect.Type]*codec{}, structs: map[reflect.Type]*structInfo{}}
	c, err := b.codec(t)
	if err != nil {
		return nil, err
	}
	for k, v := range b.codecs {
		codecs[k] = v
	}
	for k, v := range b.structs {
		structs[k] = v
	}
	return c, nil
}

// modelOf returns the model of struct type t (its own fields, whatever
// JSON methods t has).
func modelOf(t reflect.Type) (*structInfo, error) {
	codecMu.RLock()
	s := structs[t]
	codecMu.RUnlock()
	if s != nil {
		return s, nil
	}
	codecMu.Lock()
	defer codecMu.Unlock()
	b := &builder{codecs: map[reflect.Type]*codec{}, structs: map[reflect.Type]*structInfo{}}
	s, err := b.model(t)
	if err != nil {
		return nil, err
	}
	for k, v := range b.codecs {
		codecs[k] = v
	}
	for k, v := range b.structs {
		structs[k] = v
	}
	return s, nil
}

// builder builds codecs under codecMu; what it builds is published only
// when the whole build succeeds.
type builder struct {
	codecs  map[reflect.Type]*codec
	structs map[reflect.Type]*structInfo
}

func (b *builder) lookup(t reflect.Type) *codec {
	if c := b.codecs[t]; c != nil {
		return c
	}
	return codecs[t]
}

func (b *builder) codec(t reflect.Type) (*codec, error) {
	if c := b.lookup(t); c != nil {
		return c, nil
	}
	c := &codec{}
	b.codecs[t] = c // before building, for recursive types
	if err := b.fill(c, t); err != nil {
		delete(b.codecs, t)
		return nil, err
	}
	return c, nil
}

func (b *builder) fill(c *codec, t reflect.Type) error {
	switch t {
	case typeDateTime:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.Set(reflect.ValueOf(d.DateTime())) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.DateTime(v.Interface().(wire.DateTime)) }
		c.py = func(v reflect.Value) pyValue { return pyjson.DatetimeValue(v.Interface().(wire.DateTime)) }
		c.schema = func(*schemaGen) any { return obj("format", "date-time", "type", "string") }
		return nil
	case typeTime:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.Set(reflect.ValueOf(d.DateTime().Time())) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.DateTime(pytime.FromTime(v.Interface().(time.Time))) }
		c.py = func(v reflect.Value) pyValue { return pyjson.DatetimeValue(pytime.FromTime(v.Interface().(time.Time))) }
		c.schema = func(*schemaGen) any { return obj("format", "date-time", "type", "string") }
		return nil
	case typeInt:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.Set(reflect.ValueOf(d.Int())) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Int(v.Interface().(wire.Int)) }
		c.py = func(v reflect.Value) pyValue { return pyjson.IntValue(v.Interface().(wire.Int).String()) }
		c.schema = func(*schemaGen) any { return obj("type", "integer") }
		return nil
	case typeRawJSON, typeRawMessage:
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			r := d.Raw()
			v.SetBytes(r)
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.RawJSON(wire.RawJSON(v.Bytes())) }
		c.py = func(v reflect.Value) pyValue { return pyFromRaw(v.Bytes()) }
		c.schema = func(*schemaGen) any { return obj() }
		return nil
	case typeImage:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.Set(reflect.ValueOf(d.Image())) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Image(v.Interface().(wire.Image)) }
		c.py = func(reflect.Value) pyValue { return pyObject("Image", nil) }
		c.schema = func(*schemaGen) any { return obj() }
		return nil
	case typeBigInt:
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			if d.Null() {
				v.SetZero()
				return
			}
			v.Set(reflect.ValueOf(d.Int().Big()))
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) {
			if v.IsNil() {
				e.Null()
				return
			}
			e.Raw(v.Interface().(*big.Int).String())
		}
		c.py = func(v reflect.Value) pyValue {
			if v.IsNil() {
				return pyNone
			}
			return pyBigInt(v.Interface().(*big.Int))
		}
		c.schema = func(*schemaGen) any { return obj("anyOf", []any{obj("type", "integer"), obj("type", "null")}) }
		return nil
	case typeAny:
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			r := d.Raw()
			if r == nil {
				return
			}
			x, err := goFromJSON(r)
			if err != nil {
				d.Fail("json_invalid", err.Error())
				return
			}
			if x != nil {
				v.Set(reflect.ValueOf(x))
			} else {
				v.SetZero()
			}
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) { encodeDynamic(e, v) }
		c.py = pyDynamic
		c.schema = func(*schemaGen) any { return obj() }
		return nil
	}
	pt := reflect.PointerTo(t)
	if t.Kind() != reflect.Pointer && pt.Implements(typeDecodable) && (t.Implements(typeEncodable) || pt.Implements(typeEncodable)) {
		// A generated type, with its own codec.
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.Addr().Interface().(wire.Decodable).DecodeFrom(d) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { encodable(v).EncodeTo(e) }
		c.py = func(v reflect.Value) pyValue {
			data, err := wire.Marshal(encodable(v))
			if err != nil {
				return pyNone
			}
			return pyFromRaw(data)
		}
		c.schema = func(*schemaGen) any { return obj() }
		if t == typeRequestUsage {
			c.schema = func(g *schemaGen) any { return g.refLiteral(t, "RequestUsage", requestUsageSchema) }
			c.isRef = true
		}
		return nil
	}
	if t.Kind() != reflect.Pointer && pt.Implements(typeUnmarshal) && (t.Implements(typeMarshaler) || pt.Implements(typeMarshaler)) {
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			raw, ok := d.RawValue()
			if !ok {
				return
			}
			if err := v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(raw); err != nil {
				d.Fail("value_error", "Value error, "+err.Error())
			}
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) {
			data, err := marshaler(v).MarshalJSON()
			if err != nil {
				e.SetError(err)
				e.Null()
				return
			}
			e.RawJSON(wire.Compact(data))
		}
		c.py = func(v reflect.Value) pyValue {
			data, err := marshaler(v).MarshalJSON()
			if err != nil {
				return pyNone
			}
			return pyFromRaw(data)
		}
		c.schema = func(*schemaGen) any { return obj() }
		return nil
	}
	switch t.Kind() {
	case reflect.String:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.SetString(d.Str()) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Str(v.String()) }
		c.py = func(v reflect.Value) pyValue { return pyjson.StrValue(v.String()) }
		c.schema = func(*schemaGen) any { return obj("type", "string") }
	case reflect.Bool:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.SetBool(d.Bool()) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Bool(v.Bool()) }
		c.py = func(v reflect.Value) pyValue { return pyjson.BoolValue(v.Bool()) }
		c.schema = func(*schemaGen) any { return obj("type", "boolean") }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			nerr := len(d.Errors())
			i := d.Int()
			if len(d.Errors()) > nerr {
				return
			}
			n, ok := i.Int64()
			if ok && bits < 64 {
				ok = n >= -1<<(bits-1) && n < 1<<(bits-1)
			}
			if !ok {
				d.Fail("int_range", "Input should fit a Go "+t.Kind().String()+": "+i.String())
				return
			}
			v.SetInt(n)
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Raw(strconv.FormatInt(v.Int(), 10)) }
		c.py = func(v reflect.Value) pyValue { return pyIntOf(v.Int()) }
		c.schema = func(*schemaGen) any { return obj("type", "integer") }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := t.Bits()
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			nerr := len(d.Errors())
			i := d.Int()
			if len(d.Errors()) > nerr {
				return
			}
			b := i.Big()
			if b.Sign() < 0 || b.BitLen() > bits {
				d.Fail("int_range", "Input should fit a Go "+t.Kind().String()+": "+i.String())
				return
			}
			v.SetUint(b.Uint64())
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Raw(strconv.FormatUint(v.Uint(), 10)) }
		c.py = func(v reflect.Value) pyValue { return pyjson.IntValue(strconv.FormatUint(v.Uint(), 10)) }
		c.schema = func(*schemaGen) any { return obj("type", "integer") }
	case reflect.Float32, reflect.Float64:
		c.decode = func(d *wire.Decoder, v reflect.Value) { v.SetFloat(d.Float()) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { e.Float(v.Float()) }
		c.py = func(v reflect.Value) pyValue { return pyjson.FloatValue(v.Float()) }
		c.schema = func(*schemaGen) any { return obj("type", "number") }
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			c.decode = func(d *wire.Decoder, v reflect.Value) {
				if k := d.Peek(); k != wire.KindString {
					if k != wire.KindInvalid {
						d.Fail("bytes_type", "Input should be a valid bytes")
					}
					d.Skip()
					return
				}
				v.SetBytes([]byte(d.Str()))
			}
			c.encode = func(e *wire.Encoder, v reflect.Value) {
				if !utf8.Valid(v.Bytes()) {
					e.SetError(errors.New("messages: bytes that are not UTF-8 cannot be dumped as JSON"))
				}
				e.Str(string(v.Bytes()))
			}
			c.py = func(v reflect.Value) pyValue { return pyBytes(append([]byte(nil), v.Bytes()...)) }
			c.schema = func(*schemaGen) any { return obj("format", "binary", "type", "string") }
			return nil
		}
		ec, err := b.codec(t.Elem())
		if err != nil {
			return err
		}
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			if !d.Array() {
				return
			}
			s := reflect.MakeSlice(t, 0, 0)
			for d.More() {
				s = reflect.Append(s, reflect.Zero(t.Elem()))
				ec.decode(d, s.Index(s.Len()-1))
			}
			v.Set(s)
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) {
			e.Raw("[")
			for i := 0; i < v.Len(); i++ {
				if i > 0 {
					e.Raw(",")
				}
				ec.encode(e, v.Index(i))
			}
			e.Raw("]")
		}
		c.py = func(v reflect.Value) pyValue {
			l := pyList(v.Len())
			for i := range l.List {
				l.List[i] = ec.py(v.Index(i))
			}
			return l
		}
		c.schema = func(g *schemaGen) any { return obj("items", g.of(ec), "type", "array") }
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return &UnsupportedTypeError{Type: t, Reason: "map keys must be strings"}
		}
		ec, err := b.codec(t.Elem())
		if err != nil {
			return err
		}
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			if !d.Object("dict_type", "Input should be a valid dictionary") {
				return
			}
			m := reflect.MakeMap(t)
			for {
				name, ok := d.Next()
				if !ok {
					break
				}
				ev := reflect.New(t.Elem()).Elem()
				ec.decode(d, ev)
				m.SetMapIndex(reflect.ValueOf(string(name)).Convert(t.Key()), ev)
			}
			v.Set(m)
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) {
			e.Raw("{")
			for i, k := range sortedKeys(v) {
				if i > 0 {
					e.Raw(",")
				}
				e.Str(k.String())
				e.Raw(":")
				ec.encode(e, v.MapIndex(k))
			}
			e.Raw("}")
		}
		c.py = func(v reflect.Value) pyValue {
			dict := pyValue{Kind: pyjson.Dict}
			for _, k := range sortedKeys(v) {
				dict.Keys = append(dict.Keys, pyjson.StrValue(k.String()))
				dict.Vals = append(dict.Vals, ec.py(v.MapIndex(k)))
			}
			return dict
		}
		c.schema = func(g *schemaGen) any { return obj("additionalProperties", g.of(ec), "type", "object") }
	case reflect.Pointer:
		ec, err := b.codec(t.Elem())
		if err != nil {
			return err
		}
		c.decode = func(d *wire.Decoder, v reflect.Value) {
			if d.Null() {
				v.SetZero()
				return
			}
			p := reflect.New(t.Elem())
			ec.decode(d, p.Elem())
			v.Set(p)
		}
		c.encode = func(e *wire.Encoder, v reflect.Value) {
			if v.IsNil() {
				e.Null()
				return
			}
			ec.encode(e, v.Elem())
		}
		c.py = func(v reflect.Value) pyValue {
			if v.IsNil() {
				return pyNone
			}
			return ec.py(v.Elem())
		}
		c.schema = func(g *schemaGen) any { return obj("anyOf", []any{g.of(ec), obj("type", "null")}) }
		c.isRef = ec.isRef
	case reflect.Struct:
		s, err := b.model(t)
		if err != nil {
			return err
		}
		c.decode = func(d *wire.Decoder, v reflect.Value) { s.decode(d, v, nil) }
		c.encode = func(e *wire.Encoder, v reflect.Value) { s.encode(e, v, "") }
		c.py = s.py
		c.schema = func(g *schemaGen) any { return g.ref(t, s) }
		c.isRef = true
	default:
		return &UnsupportedTypeError{Type: t, Reason: "no pydantic type matches a " + t.Kind().String()}
	}
	return nil
}

func encodable(v reflect.Value) wire.Encodable {
	if e, ok := v.Interface().(wire.Encodable); ok {
		return e
	}
	if v.CanAddr() {
		return v.Addr().Interface().(wire.Encodable)
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p.Interface().(wire.Encodable)
}

func marshaler(v reflect.Value) json.Marshaler {
	if m, ok := v.Interface().(json.Marshaler); ok {
		return m
	}
	if v.CanAddr() {
		return v.Addr().Interface().(json.Marshaler)
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p.Interface().(json.Marshaler)
}

func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	return keys
}

// model builds the model of struct type t.
func (b *builder) model(t reflect.Type) (*structInfo, error) {
	if s := b.structs[t]; s != nil {
		return s, nil
	}
	if s := structs[t]; s != nil {
		return s, nil
	}
	if t.Kind() != reflect.Struct {
		return nil, &UnsupportedTypeError{Type: t, Reason: "a model must be a struct"}
	}
	s := &structInfo{name: modelName(t), byName: map[string]*field{}}
	b.structs[t] = s
	if err := b.collect(s, t, nil); err != nil {
		delete(b.structs, t)
		return nil, err
	}
	return s, nil
}

func (b *builder) collect(s *structInfo, t reflect.Type, index []int) error {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			if err := b.collect(s, sf.Type, idx); err != nil {
				return err
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if s.byName[name] != nil {
			return &UnsupportedTypeError{Type: t, Reason: "two fields are named " + strconv.Quote(name)}
		}
		c, err := b.codec(sf.Type)
		if err != nil {
			return err
		}
		f := &field{name: name, goName: sf.Name, index: idx, c: c, required: true, description: sf.Tag.Get("description")}
		if def, ok := sf.Tag.Lookup("default"); ok {
			f.required = false
			switch def {
			case "@uuid4":
				if sf.Type.Kind() != reflect.String {
					return &UnsupportedTypeError{Type: t, Reason: "default @uuid4 needs a string field: " + sf.Name}
				}
				f.defFn = func(v reflect.Value) { v.SetString(wire.NewUUID4()) }
			case "@now":
				switch sf.Type {
				case typeDateTime:
					f.defFn = func(v reflect.Value) { v.Set(reflect.ValueOf(wire.NowUTC())) }
				case typeTime:
					f.defFn = func(v reflect.Value) { v.Set(reflect.ValueOf(time.Now().UTC().Truncate(time.Microsecond))) }
				default:
					return &UnsupportedTypeError{Type: t, Reason: "default @now needs a DateTime or time.Time field: " + sf.Name}
				}
			default:
				f.def = []byte(def)
				d := wire.NewDecoder(f.def, wire.Options{})
				d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) {
					c.decode(d, reflect.New(sf.Type).Elem())
				}))
				if err := d.Err(); err != nil && c.decode != nil {
					return &UnsupportedTypeError{Type: t, Reason: "bad default for " + sf.Name + ": " + err.Error()}
				}
			}
		}
		f.pos = len(s.fields)
		s.fields = append(s.fields, f)
		s.byName[name] = f
	}
	return nil
}

// modelName is the name pydantic gives the model of t: its ModelName()
// when it has one, else the Go type's name.
func modelName(t reflect.Type) string {
	if n, ok := reflect.New(t).Interface().(interface{ ModelName() string }); ok {
		return n.ModelName()
	}
	if n, ok := reflect.Zero(t).Interface().(interface{ ModelName() string }); ok {
		return n.ModelName()
	}
	if t.Name() != "" {
		return t.Name()
	}
	return "Model"
}

// ModelNamer is implemented by content types whose pydantic class name
// differs from their Go type name; StructuredMessage's tag and the JSON
// Schema use ModelName.
type ModelNamer interface {
	ModelName() string
}

// typeMember says what a message's "type" member is: for a custom
// message a Literal that must equal tag, for a StructuredMessage a
// computed field that input may not set (it is ignored).
type typeMember struct {
	tag      string
	computed bool
}

// decode reads an object into struct value v with pydantic's rules.
func (s *structInfo) decode(d *wire.Decoder, v reflect.Value, tm *typeMember) {
	v.SetZero()
	if !d.Object("model_type", "Input should be a valid dictionary or instance of "+s.name) {
		return
	}
	seen := make([]bool, len(s.fields))
	for {
		name, ok := d.Next()
		if !ok {
			break
		}
		if f := s.byName[string(name)]; f != nil {
			seen[f.pos] = true
			f.c.decode(d, v.FieldByIndex(f.index))
			continue
		}
		if tm != nil && string(name) == "type" {
			if tm.computed {
				d.Skip()
			} else {
				d.Const(tm.tag)
			}
			continue
		}
		d.SkipUnknown()
	}
	if d.Fatal() {
		return
	}
	for i, f := range s.fields {
		if seen[i] {
			continue
		}
		switch {
		case f.required:
			d.Missing(f.name)
		case f.defFn != nil:
			f.defFn(v.FieldByIndex(f.index))
		default:
			sub := wire.NewDecoder(f.def, wire.Options{})
			f.c.decode(sub, v.FieldByIndex(f.index))
		}
	}
}

// encode writes struct value v as model_dump(mode="json") does, then the
// "type" member when tag is set.
func (s *structInfo) encode(e *wire.Encoder, v reflect.Value, tag string) {
	e.Raw("{")
	for i, f := range s.fields {
		if i > 0 {
			e.Raw(",")
		}
		e.Str(f.name)
		e.Raw(":")
		f.c.encode(e, v.FieldByIndex(f.index))
	}
	if tag != "" {
		if len(s.fields) > 0 {
			e.Raw(",")
		}
		e.Raw(`"type":`)
		e.Str(tag)
	}
	e.Raw("}")
}

// py is model_dump() (python mode): a dict of the fields.
func (s *structInfo) py(v reflect.Value) pyValue {
	d := pyValue{Kind: pyjson.Dict, Keys: make([]pyValue, len(s.fields)), Vals: make([]pyValue, len(s.fields))}
	for i, f := range s.fields {
		d.Keys[i] = pyjson.StrValue(f.name)
		d.Vals[i] = f.c.py(v.FieldByIndex(f.index))
	}
	return d
}

// goFromJSON converts JSON to Go values for an any field: nil, bool,
// int64 (or *big.Int beyond int64), float64, string, []any and
// map[string]any.
func goFromJSON(data []byte) (any, error) {
	v, err := pyFromJSON(data)
	if err != nil {
		return nil, err
	}
	return goFromPy(&v), nil
}

// goFromPy converts a value pyFromJSON made to the Go value goFromJSON
// gives.
func goFromPy(v *pyValue) any {
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
	case pyjson.List:
		out := make([]any, len(v.List))
		for i := range v.List {
			out[i] = goFromPy(&v.List[i])
		}
		return out
	case pyjson.Dict:
		out := make(map[string]any, len(v.Keys))
		for i := range v.Keys {
			out[v.Keys[i].Str] = goFromPy(&v.Vals[i])
		}
		return out
	}
	return nil
}

// encodeDynamic writes the value held by an any field with the codec of
// its dynamic type.
func encodeDynamic(e *wire.Encoder, v reflect.Value) {
	if v.IsNil() {
		e.Null()
		return
	}
	x := v.Elem()
	c, err := codecFor(x.Type())
	if err != nil {
		e.SetError(err)
		e.Null()
		return
	}
	tmp := reflect.New(x.Type()).Elem()
	tmp.Set(x)
	c.encode(e, tmp)
}

func pyDynamic(v reflect.Value) pyValue {
	if v.IsNil() {
		return pyNone
	}
	x := v.Elem()
	c, err := codecFor(x.Type())
	if err != nil {
		return pyNone
	}
	tmp := reflect.New(x.Type()).Elem()
	tmp.Set(x)
	return c.py(tmp)
}

// pyFromRaw converts JSON text to Python values; bad JSON is None.
func pyFromRaw(data []byte) pyValue {
	if len(data) == 0 {
		return pyNone
	}
	v, err := pyFromJSON(data)
	if err != nil {
		return pyNone
	}
	return v
}

// Marshal returns the JSON of v, a struct or a pointer to one, as
// pydantic's model_dump(mode="json") writes the model it stands for (see
// the package documentation for the mapping). When v is a Message its
// "type" tag is written last. Custom message types implement MarshalJSON
// with it.
func Marshal(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, &UnsupportedTypeError{Reason: "Marshal needs a struct"}
	}
	tag := ""
	if m, ok := v.(Message); ok {
		tag = m.Type()
	}
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return []byte("null"), nil
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil, &UnsupportedTypeError{Type: rv.Type(), Reason: "Marshal needs a struct"}
	}
	s, err := modelOf(rv.Type())
	if err != nil {
		return nil, err
	}
	e := wire.NewEncoder(make([]byte, 0, 256))
	tmp := reflect.New(rv.Type()).Elem()
	tmp.Set(rv)
	s.encode(e, tmp, tag)
	if err := e.Err(); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}

// Unmarshal decodes data into v, a pointer to a struct, as pydantic's
// model_validate_json does: lax scalars, defaults filled, unknown members
// ignored. When v is a Message, a "type" member must equal v.Type(). The
// error is an agentschema.Faults listing every fault with its JSON pointer
// (or an *UnsupportedTypeError).
func Unmarshal(data []byte, v any) error { return unmarshal(data, v, gen.UnmarshalOptions{}) }

func unmarshal(data []byte, v any, opts gen.UnmarshalOptions) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return &UnsupportedTypeError{Type: reflect.TypeOf(v), Reason: "Unmarshal needs a non-nil pointer to a struct"}
	}
	s, err := modelOf(rv.Elem().Type())
	if err != nil {
		return err
	}
	var tm *typeMember
	if m, ok := v.(Message); ok {
		tm = &typeMember{tag: m.Type()}
	}
	return decodeDocument(data, opts, func(d *wire.Decoder) { s.decode(d, rv.Elem(), tm) })
}

func decodeDocument(data []byte, opts gen.UnmarshalOptions, fn func(d *wire.Decoder)) error {
	d := wire.NewDecoder(data, wire.Options(opts))
	d.DecodeDocument(wire.DecodeFunc(fn))
	return d.Err()
}

// pydanticJSON rewrites the numbers of compact JSON that Python's repr
// writes differently from pydantic's model_dump_json: pydantic writes
// 1e-05 as 0.00001 and 1.5e-07 as 1.5e-7. Integers and strings are
// unchanged.
func pydanticJSON(b []byte) []byte {
	var out []byte
	inStr := false
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		tok := b[start:end]
		isFloat := false
		for _, c := range tok {
			if c == '.' || c == 'e' || c == 'E' {
				isFloat = true
				break
			}
		}
		if isFloat {
			if f, err := strconv.ParseFloat(string(tok), 64); err == nil && !math.IsInf(f, 0) {
				out = appendPydanticFloat(out, f)
				start = -1
				return
			}
		}
		out = append(out, tok...)
		start = -1
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inStr {
			out = append(out, c)
			if c == '\\' && i+1 < len(b) {
				i++
				out = append(out, b[i])
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		if c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || (c >= '0' && c <= '9') {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
		if c == '"' {
			inStr = true
		}
		out = append(out, c)
	}
	flush(len(b))
	return out
}

// appendPydanticFloat appends f as pydantic-core's JSON serializer writes
// it: the shortest round-trip digits, fixed notation for 1e-5 <= |f| <
// 1e16 (with ".0" when integral), else d.ddde±N with no exponent padding.
func appendPydanticFloat(b []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(b, "-0.0"...)
		}
		return append(b, "0.0"...)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	if s[0] == '-' {
		b = append(b, '-')
		s = s[1:]
	}
	epos := strings.IndexByte(s, 'e')
	exp, _ := strconv.Atoi(s[epos+1:])
	digits := strings.Replace(s[:epos], ".", "", 1)
	kk := exp + 1
	switch {
	case kk > 0 && kk <= 16:
		if len(digits) <= kk {
			b = append(b, digits...)
			b = append(b, strings.Repeat("0", kk-len(digits))...)
			return append(b, ".0"...)
		}
		b = append(b, digits[:kk]...)
		b = append(b, '.')
		return append(b, digits[kk:]...)
	case kk > -5 && kk <= 0:
		b = append(b, "0."...)
		b = append(b, strings.Repeat("0", -kk)...)
		return append(b, digits...)
	}
	b = append(b, digits[0])
	if len(digits) > 1 {
		b = append(b, '.')
		b = append(b, digits[1:]...)
	}
	b = append(b, 'e')
	if exp > 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, int64(exp), 10)
}

// pythonTitle is pydantic's default field title: the name title-cased as
// Python's str.title() does, underscores turned into spaces.
func pythonTitle(name string) string {
	var b strings.Builder
	prevCased := false
	for _, r := range name {
		cased := unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)
		switch {
		case cased && !prevCased:
			b.WriteRune(unicode.ToTitle(r))
		case cased:
			b.WriteRune(unicode.ToLower(r))
		case r == '_':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
		prevCased = cased
	}
	return b.String()
}

// schemaGen collects the $defs of a JSON Schema.
type schemaGen struct {
	defs  map[string]any
	order []string
	seen  map[reflect.Type]string
}

func (g *schemaGen) of(c *codec) any { return c.schema(g) }

// ref returns a $ref to the model of t, adding its definition.
func (g *schemaGen) ref(t reflect.Type, s *structInfo) any {
	name, ok := g.seen[t]
	if !ok {
		name = s.name
		for n := 2; g.defs[name] != nil; n++ {
			name = s.name + strconv.Itoa(n)
		}
		g.seen[t] = name
		g.defs[name] = true // placeholder for recursion
		g.order = append(g.order, name)
		g.defs[name] = g.modelSchema(s, nil)
	}
	return obj("$ref", "#/$defs/"+name)
}

// refLiteral returns a $ref to a fixed definition.
func (g *schemaGen) refLiteral(t reflect.Type, name string, def any) any {
	if _, ok := g.seen[t]; !ok {
		g.seen[t] = name
		g.defs[name] = def
		g.order = append(g.order, name)
	}
	return obj("$ref", "#/$defs/"+g.seen[t])
}

// modelSchema is the schema of a model; extra members go last.
func (g *schemaGen) modelSchema(s *structInfo, extra func(props *jsonObject, required *[]any)) *jsonObject {
	props := &jsonObject{}
	var required []any
	for _, f := range s.fields {
		fs := f.c.schema(g)
		o, ok := fs.(*jsonObject)
		if !ok {
			o = obj()
		} else {
			o = o.clone()
		}
		if f.def != nil {
			var dv any
			if json.Unmarshal(f.def, &dv) == nil {
				o.set("default", json.RawMessage(f.def))
			}
		}
		if f.description != "" {
			o.set("description", f.description)
		}
		if !f.c.isRef {
			o.set("title", pythonTitle(f.name))
		}
		props.set(f.name, o)
		if f.required {
			required = append(required, f.name)
		}
	}
	if extra != nil {
		extra(props, &required)
	}
	out := obj("properties", props)
	if len(required) > 0 {
		out.set("required", required)
	}
	out.set("title", s.name)
	out.set("type", "object")
	return out
}

// jsonObject is a JSON object that keeps its members in order.
type jsonObject struct {
	keys []string
	vals []any
}

func obj(kv ...any) *jsonObject {
	o := &jsonObject{}
	for i := 0; i+1 < len(kv); i += 2 {
		o.set(kv[i].(string), kv[i+1])
	}
	return o
}

func (o *jsonObject) set(k string, v any) {
	for i, key := range o.keys {
		if key == k {
			o.vals[i] = v
			return
		}
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

func (o *jsonObject) clone() *jsonObject {
	return &jsonObject{keys: append([]string(nil), o.keys...), vals: append([]any(nil), o.vals...)}
}

// MarshalJSON writes the members in order.
func (o *jsonObject) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range o.keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		b = append(b, kb...)
		b = append(b, ':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b = append(b, vb...)
	}
	return append(b, '}'), nil
}

// modelJSONSchema returns the JSON Schema pydantic's model_json_schema()
// gives for the model of t, with extra members added to its properties.
func modelJSONSchema(t reflect.Type, title string, extra func(g *schemaGen, props *jsonObject, required *[]any)) ([]byte, error) {
	s, err := modelOf(t)
	if err != nil {
		return nil, err
	}
	g := &schemaGen{defs: map[string]any{}, seen: map[reflect.Type]string{}}
	root := g.modelSchema(s, func(props *jsonObject, required *[]any) {
		if extra != nil {
			extra(g, props, required)
		}
	})
	if title != "" {
		root.set("title", title)
	}
	out := &jsonObject{}
	if len(g.order) > 0 {
		defs := &jsonObject{}
		names := append([]string(nil), g.order...)
		sort.Strings(names)
		for _, n := range names {
			defs.set(n, g.defs[n])
		}
		out.set("$defs", defs)
	}
	for i, k := range root.keys {
		out.set(k, root.vals[i])
	}
	return json.MarshalIndent(out, "", "  ")
}
