package messages

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
	"github.com/agentschema/agentschema/internal/wire"
)

// The model codec reads and writes Go structs as pydantic reads and dumps
// the BaseModel they stand for: StructuredMessage content and custom
// message types. The model is internal/pymodel's (its tag grammar is
// documented there, once for every package): a struct field is a model
// field named by its json tag, required unless it has a default tag (JSON,
// or the text itself for a string field; "@uuid4" and "@now" are a new
// UUID4 string and the current UTC time), is a pointer (Optional[T] =
// None) or is omitempty (the zero value); a description tag becomes the
// field's description in the JSON Schema. Maps must have string keys.
// Decoding follows pydantic's lax mode in JSON mode ("12" is an int, 1 a
// float, "yes" a bool), ignores unknown members and reports every fault
// with its JSON pointer.

// structInfo is a struct's model.
type structInfo struct {
	node *pymodel.Node
}

// py is model_dump() (python mode): a dict of the fields.
func (s *structInfo) py(v reflect.Value) pyValue { return pymodel.DumpPython(s.node, v) }

// UnsupportedTypeError reports a Go type the model codec cannot map to a
// pydantic type (channels, functions, complex numbers, maps with
// non-string keys, non-empty interfaces) or a bad tag.
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

// models caches the model of each struct type.
var models sync.Map // reflect.Type -> *structInfo or error

// modelOf returns the model of struct type t (its own fields, whatever
// JSON methods t has).
func modelOf(t reflect.Type) (*structInfo, error) {
	if c, ok := models.Load(t); ok {
		if s, ok := c.(*structInfo); ok {
			return s, nil
		}
		return nil, c.(error)
	}
	n, err := pymodel.Build(t, pymodel.Options{StringKeys: true})
	var c any = &structInfo{node: n}
	if err != nil {
		c = unsupported(t, err)
	}
	c, _ = models.LoadOrStore(t, c)
	if s, ok := c.(*structInfo); ok {
		return s, nil
	}
	return nil, c.(error)
}

func unsupported(t reflect.Type, err error) error {
	var te *pymodel.TypeError
	if !errors.As(err, &te) {
		return err
	}
	reason := te.Msg
	if te.Field != "" {
		reason = te.Field + ": " + reason
	}
	return &UnsupportedTypeError{Type: t, Reason: reason}
}

// modelName is the name pydantic gives the model of t: its ModelName()
// when it has one, else the Go type's name.
func modelName(t reflect.Type) string { return pymodel.ClassName(t) }

// ModelNamer is implemented by content types whose pydantic class name
// differs from their Go type name; StructuredMessage's tag and the JSON
// Schema use ModelName.
type ModelNamer = pymodel.ModelNamer

// typeMember says what a message's "type" member is: for a custom
// message a Literal that must equal tag, for a StructuredMessage a
// computed field that input may not set (it is ignored).
type typeMember struct {
	tag      string
	computed bool
}

// read reads the "type" member when name is "type".
func (tm *typeMember) read(d *wire.Decoder, name []byte) bool {
	if string(name) != "type" {
		return false
	}
	if tm.computed {
		d.Skip()
	} else {
		d.Const(tm.tag)
	}
	return true
}

// decode reads an object into struct value v with pydantic's rules; title
// names the model in a model_type fault (the model's class name when
// empty).
func (s *structInfo) decode(d *wire.Decoder, v reflect.Value, tm *typeMember, title string) {
	h := &pymodel.Hooks{Title: title}
	if tm != nil {
		h.Unknown = tm.read
	}
	pymodel.DecodeModel(d, s.node, v, h)
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
	if !rv.CanAddr() {
		tmp := reflect.New(rv.Type()).Elem()
		tmp.Set(rv)
		rv = tmp
	}
	pymodel.EncodeModel(e, s.node, rv, tag)
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
	return decodeDocument(data, opts, func(d *wire.Decoder) { s.decode(d, rv.Elem(), tm, "") })
}

func decodeDocument(data []byte, opts gen.UnmarshalOptions, fn func(d *wire.Decoder)) error {
	return wire.Decode(data, wire.Options(opts), fn)
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

// pythonTitle is pydantic's default field title (see pymodel.Title).
func pythonTitle(name string) string { return pymodel.Title(name) }

// modelJSONSchema returns the JSON Schema pydantic's model_json_schema()
// gives for the model of t, titled title; with serialization set it has
// the read-only "type" member a computed field adds.
func modelJSONSchema(t reflect.Type, title string, serialization bool) ([]byte, error) {
	s, err := modelOf(t)
	if err != nil {
		return nil, err
	}
	schema := pymodel.Schema(s.node)
	schema.Set("title", pyjson.StrValue(title))
	if serialization {
		props, _ := schema.Get("properties")
		typ := pyjson.Value{Kind: pyjson.Dict}
		typ.Set("readOnly", pyjson.BoolValue(true))
		typ.Set("title", pyjson.StrValue("Type"))
		typ.Set("type", pyjson.StrValue("string"))
		props.Set("type", typ)
		if req, ok := schema.Get("required"); ok {
			req.List = append(req.List, pyjson.StrValue("type"))
		} else {
			schema.Set("required", pyjson.Value{Kind: pyjson.List, List: []pyjson.Value{pyjson.StrValue("type")}})
		}
	}
	var out bytes.Buffer
	if err := json.Indent(&out, pyjson.AppendJSON(nil, &schema), "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
