package pymodel

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/internal/wire"
)

// Kind is what a Node holds.
type Kind uint8

// The kinds of nodes.
const (
	String    Kind = iota // string kinds: str
	Int                   // Go integers, wire.Int, *big.Int: int
	Float                 // float32, float64: float
	Bool                  // bool
	Any                   // interface{}: any JSON value as natural Go values
	Raw                   // json.RawMessage, wire.RawJSON: any JSON value as text
	Time                  // time.Time: datetime
	DateTime              // pytime.DateTime (gen.DateTime): datetime
	Bytes                 // []byte: bytes
	Image                 // gen.Image (or wire.Image): AutoGen's Image
	Codec                 // a generated type: its own JSON codec (wire.HasCodec)
	Marshaler             // a type with MarshalJSON and UnmarshalJSON
	Slice                 // []T: list
	Array                 // [N]T: a tuple of N items
	Map                   // map[K]V: dict
	Struct                // a struct: a pydantic model
	Ptr                   // *T: Optional[T]
)

// Integer representations of an Int node.
const (
	IntSized  = iota // a Go integer kind
	IntWire          // gen.Int (or wire.Int): any size
	IntBigPtr        // *big.Int: any size; nil is None
)

// Enum is implemented by a named Go type whose values form a closed set:
// the Go counterpart of a Python Enum class. EnumValues lists the members'
// values in order (each convertible to the type's underlying string, int,
// float or bool kind).
type Enum interface {
	EnumValues() []any
}

// EnumNamer is implemented by an Enum type that knows its Python members'
// names (RED for Color.RED), in the order of EnumValues. Python mode
// (DumpPython: what StructuredMessage.ToText formats) then holds Enum
// members, which str() and format() write as Color.RED and repr() as
// <Color.RED: 'red'>; without names a member is its value.
type EnumNamer interface {
	EnumNames() []string
}

// SchemaDoc is implemented by struct and Enum types that have a docstring:
// pydantic puts a class docstring in the schema as "description".
type SchemaDoc interface {
	SchemaDoc() string
}

// ModelNamer is implemented by types whose pydantic class name differs
// from their Go type name.
type ModelNamer interface {
	ModelName() string
}

// Node is the plan of one Go type: what its schema is, how it is validated
// and how it is dumped. Nodes are immutable once built.
type Node struct {
	Kind Kind
	Type reflect.Type

	Elem *Node // Slice, Array, Map (values), Ptr
	Key  *Node // Map: a String or sized Int node
	Len  int   // Array

	Fields []*Field          // Struct, in order
	byName map[string]*Field // Struct
	Title  string            // Struct, Enum types: the class name
	Doc    string            // Struct, Enum types: the docstring

	IntRepr int      // Int
	Min     *big.Int // Int: the range of a sized Go integer
	Max     *big.Int

	Enum      []pyjson.Value // allowed values (a Literal, or an Enum's members), dumped
	EnumClass bool           // Enum comes from an Enum type, not an enum tag
	EnumNames []string       // an Enum type's member names (EnumNamer), or nil

	rangeKW  []keyword // minimum/maximum of a sized Go integer
	keywords []keyword // constraint keywords from struct tags

	rangeLE, rangeGE *bound       // a sized Go integer's range as the schema shows it
	cons             *constraints // the constraint tags, enforced (constraints.go)

	def *defSchema // Codec: a fixed $defs entry (gen.RequestUsage)
}

// keyword is a JSON Schema keyword with its value.
type keyword struct {
	name  string
	value pyjson.Value
}

// Field is one field of a Struct node.
type Field struct {
	Name        string // the JSON name
	GoName      string
	Index       []int
	Node        *Node
	Required    bool
	HasDefault  bool
	Default     pyjson.Value        // the default, as validated and dumped in JSON mode
	Factory     func(reflect.Value) // a default_factory (@uuid4, @now): sets the field
	Description string
	HasDesc     bool
	Title       string
	pos         int
	fill        func(reflect.Value) // sets the default (see prepare)
}

// setDefault sets v, the field's value, to its default: the factory's
// value, or a fresh copy of the default.
func (f *Field) setDefault(v reflect.Value) { f.fill(v) }

// prepare chooses how the default is set: a shared copy for values Go
// copies (scalars), a new empty slice or map, or the default validated
// afresh each time.
func (f *Field) prepare() {
	n, d := f.Node, f.Default
	switch {
	case f.Factory != nil:
		f.fill = f.Factory
	case d.Kind == pyjson.None && (n.Kind == Ptr || n.Kind == Any || n.Kind == Int && n.IntRepr == IntBigPtr):
		f.fill = func(v reflect.Value) { v.SetZero() }
	case n.Kind == Slice && d.Kind == pyjson.List && len(d.List) == 0:
		f.fill = func(v reflect.Value) { v.Set(reflect.MakeSlice(n.Type, 0, 0)) }
	case n.Kind == Map && d.Kind == pyjson.Dict && len(d.Keys) == 0:
		f.fill = func(v reflect.Value) { v.Set(reflect.MakeMap(n.Type)) }
	case n.Kind <= Bool || n.Kind == Time || n.Kind == DateTime:
		x := reflect.New(n.Type).Elem()
		vd := validator{defaults: true}
		vd.value(n, &d, x)
		f.fill = func(v reflect.Value) { v.Set(x) }
	default:
		f.fill = func(v reflect.Value) {
			d := f.Default
			vd := validator{defaults: true}
			vd.value(n, &d, v)
		}
	}
}

// FieldByName returns the field of a Struct node with the JSON name name.
func (n *Node) FieldByName(name string) *Field { return n.byName[name] }

// TypeError reports a Go type that cannot be a model, or a struct tag that
// cannot be read.
type TypeError struct {
	Type  reflect.Type // the root type
	Field string       // the Go field path, when the fault is in a field
	Msg   string
}

// Error names the type, the field and the fault.
func (e *TypeError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%v field %s: %s", e.Type, e.Field, e.Msg)
	}
	return fmt.Sprintf("%v: %s", e.Type, e.Msg)
}

// Options says how a model is built. The zero Options is pydantic's
// BaseModel with $defs for nested models.
type Options struct {
	// Title replaces the root model's title (its class name).
	Title string
	// DescribeFields describes every top-level field, by its name when no
	// description tag gives one: AutoGen's FunctionTool args model.
	DescribeFields bool
	// Inline refuses recursive types: the schema is to be inlined, as
	// AutoGen's tools inline $refs, which cannot end for them.
	Inline bool
	// NoBytes refuses []byte (function tools: use string).
	NoBytes bool
	// StringKeys refuses maps whose keys are not strings.
	StringKeys bool
}

var (
	typeRawMessage = reflect.TypeFor[json.RawMessage]()
	typeRawJSON    = reflect.TypeFor[wire.RawJSON]()
	typeTime       = reflect.TypeFor[time.Time]()
	typeDateTime   = reflect.TypeFor[pytime.DateTime]()
	typeWireInt    = reflect.TypeFor[wire.Int]()
	typeGenInt     = reflect.TypeFor[gen.Int]()
	typeBigInt     = reflect.TypeFor[*big.Int]()
	typeImage      = reflect.TypeFor[wire.Image]()
	typeGenImage   = reflect.TypeFor[gen.Image]()
	typeEnum       = reflect.TypeFor[Enum]()
	typeEnumNamer  = reflect.TypeFor[EnumNamer]()
	typeDoc        = reflect.TypeFor[SchemaDoc]()
	typeMarshaler  = reflect.TypeFor[json.Marshaler]()
	typeUnmarshal  = reflect.TypeFor[json.Unmarshaler]()
	typeModelNamer = reflect.TypeFor[ModelNamer]()
)

// ClassName is the class name pydantic uses for t: its ModelName() when it
// has one, else the Go type's name ("Model" for an unnamed type).
func ClassName(t reflect.Type) string {
	if reflect.PointerTo(t).Implements(typeModelNamer) {
		return reflect.New(t).Interface().(ModelNamer).ModelName()
	}
	name := t.Name()
	if i := strings.LastIndexByte(name, '.'); i >= 0 && !strings.Contains(name, "[") {
		name = name[i+1:]
	}
	if name == "" {
		return "Model"
	}
	return name
}

// builder builds nodes. Struct nodes are shared by type (so that a
// recursive type is one node); every other node is built per use, as tags
// change it.
type builder struct {
	root    reflect.Type
	opts    Options
	structs map[reflect.Type]*Node
	stack   []reflect.Type
}

// Build returns the plan of struct type t, a model: its own fields, whatever
// JSON methods t has.
func Build(t reflect.Type, opts Options) (*Node, error) {
	if t == nil || t.Kind() != reflect.Struct {
		return nil, &TypeError{Type: t, Msg: "a model must be a struct"}
	}
	b := &builder{root: t, opts: opts, structs: map[reflect.Type]*Node{}}
	n, err := b.structNode(t, "", true)
	if err != nil {
		return nil, err
	}
	if opts.Title != "" {
		named := *n
		named.Title = opts.Title
		n = &named
	}
	return n, nil
}

func (b *builder) fail(path, format string, args ...any) error {
	return &TypeError{Type: b.root, Field: path, Msg: fmt.Sprintf(format, args...)}
}

func (b *builder) structNode(t reflect.Type, path string, top bool) (*Node, error) {
	if b.opts.Inline && slices.Contains(b.stack, t) {
		return nil, b.fail(path, "recursive type %v is not supported", t)
	}
	if n := b.structs[t]; n != nil && !top {
		return n, nil
	}
	n := &Node{Kind: Struct, Type: t, Title: ClassName(t), byName: map[string]*Field{}}
	if t.Implements(typeDoc) {
		n.Doc = reflect.Zero(t).Interface().(SchemaDoc).SchemaDoc()
	}
	if !top {
		b.structs[t] = n // before its fields, for recursive types
	}
	b.stack = append(b.stack, t)
	defer func() { b.stack = b.stack[:len(b.stack)-1] }()
	if err := b.collect(t, nil, path, top, n); err != nil {
		return nil, err
	}
	fields, err := b.dominant(n.Fields, path)
	if err != nil {
		return nil, err
	}
	n.Fields = fields
	for i, f := range fields {
		f.pos = i
		n.byName[f.Name] = f
	}
	return n, nil
}

// dominant applies encoding/json's rule to fields sharing a JSON name: the
// shallowest wins; two at the same depth are an error (encoding/json would
// silently drop both).
func (b *builder) dominant(fields []*Field, path string) ([]*Field, error) {
	best := map[string]*Field{}
	for _, f := range fields {
		cur, ok := best[f.Name]
		switch {
		case !ok || len(f.Index) < len(cur.Index):
			best[f.Name] = f
		case len(f.Index) == len(cur.Index):
			return nil, b.fail(path, "fields %s and %s have the same JSON name %q", cur.GoName, f.GoName, f.Name)
		}
	}
	out := make([]*Field, 0, len(best))
	for _, f := range fields {
		if best[f.Name] == f {
			out = append(out, f)
		}
	}
	return out, nil
}

// collect adds t's fields to n, flattening embedded structs as
// encoding/json does.
func (b *builder) collect(t reflect.Type, index []int, path string, top bool, n *Node) error {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		fpath := sf.Name
		if path != "" {
			fpath = path + "." + sf.Name
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && name == "" {
			if ft, ok := embeddedStruct(sf); ok {
				if err := b.collect(ft, idx, fpath, top, n); err != nil {
					return err
				}
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		f, err := b.field(sf, idx, name, opts, fpath, top)
		if err != nil {
			return err
		}
		n.Fields = append(n.Fields, f)
	}
	return nil
}

// embeddedStruct reports whether an embedded field without a JSON name is
// flattened, and the struct type whose fields it adds.
func embeddedStruct(sf reflect.StructField) (reflect.Type, bool) {
	ft := sf.Type
	if ft.Kind() == reflect.Pointer {
		if !sf.IsExported() {
			return nil, false // encoding/json cannot set it either
		}
		ft = ft.Elem()
	}
	return ft, ft.Kind() == reflect.Struct
}

func hasOpt(opts, opt string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

func (b *builder) field(sf reflect.StructField, index []int, name, opts, path string, top bool) (*Field, error) {
	if hasOpt(opts, "string") {
		return nil, b.fail(path, "the json option \"string\" is not supported")
	}
	f := &Field{Name: name, GoName: sf.Name, Index: index, Title: Title(name)}
	n, err := b.typeNode(sf.Type, path)
	if err != nil {
		return nil, err
	}
	f.Node = n
	if err := b.applyTags(f, sf.Tag, path); err != nil {
		return nil, err
	}
	if d, ok := sf.Tag.Lookup("description"); ok {
		f.Description, f.HasDesc = d, true
	} else if top && b.opts.DescribeFields {
		f.Description, f.HasDesc = name, true
	}
	if err := b.requiredness(f, sf.Tag, opts, path); err != nil {
		return nil, err
	}
	if !f.Required {
		f.prepare()
	}
	return f, nil
}

// requiredness applies the default, required and omitempty rules.
func (b *builder) requiredness(f *Field, tag reflect.StructTag, opts, path string) error {
	n := f.Node
	if def, ok := tag.Lookup("default"); ok {
		return b.setDefault(f, def, path)
	}
	if n.Kind == Ptr {
		switch req, _ := tag.Lookup("required"); req {
		case "true":
			f.Required = true
		case "", "false":
			f.HasDefault, f.Default = true, pyjson.NoneValue()
		default:
			return b.fail(path, "required tag %q: want true or false", req)
		}
		return nil
	}
	if hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero") {
		f.HasDefault, f.Default = true, zeroDump(n)
		return nil
	}
	f.Required = true
	return nil
}

// setDefault reads a default tag: a factory (@uuid4, @now), or a value
// (see parseDefault).
func (b *builder) setDefault(f *Field, text, path string) error {
	n := f.Node
	switch text {
	case "@uuid4":
		if n.Kind != String || n.Enum != nil {
			return b.fail(path, "default @uuid4 needs a string field")
		}
		f.Factory = func(v reflect.Value) { v.SetString(wire.NewUUID4()) }
		return nil
	case "@now":
		switch n.Kind {
		case DateTime:
			f.Factory = func(v reflect.Value) { v.Set(reflect.ValueOf(wire.NowUTC())) }
		case Time:
			f.Factory = func(v reflect.Value) { v.Set(reflect.ValueOf(time.Now().UTC().Truncate(time.Microsecond))) }
		default:
			return b.fail(path, "default @now needs a DateTime or time.Time field")
		}
		return nil
	}
	v, err := b.parseDefault(n, text, path)
	if err != nil {
		return err
	}
	f.HasDefault, f.Default = true, v
	return nil
}

// parseDefault reads a default tag's value: JSON, except that for a string
// field (or a pointer to one) text that is not a JSON string is the string
// itself ("null" on a pointer is None). It is validated as input would be
// and dumped back, so the schema shows the value the field receives.
func (b *builder) parseDefault(n *Node, text, path string) (pyjson.Value, error) {
	inner := n
	for inner.Kind == Ptr {
		inner = inner.Elem
	}
	var v pyjson.Value
	if s, ok := literalString(inner, n, text); ok {
		v = pyjson.StrValue(s)
	} else {
		var err error
		v, err = pyjson.Parse([]byte(text))
		if err != nil {
			return pyjson.Value{}, b.fail(path, "default tag %q is not JSON: %v", text, err)
		}
	}
	dst := reflect.New(n.Type).Elem()
	vd := validator{defaults: true}
	vd.value(n, &v, dst)
	if len(vd.errs) > 0 {
		return pyjson.Value{}, b.fail(path, "default tag %q: %s", text, vd.errs[0].Msg)
	}
	return DumpJSON(n, dst), nil
}

// literalString reports whether a default tag on a string field is taken
// as the string itself, and which string.
func literalString(inner, n *Node, text string) (string, bool) {
	if inner.Kind != String {
		return "", false
	}
	if n.Kind == Ptr && text == "null" {
		return "", false
	}
	if len(text) >= 2 && text[0] == '"' {
		if v, err := pyjson.Parse([]byte(text)); err == nil && v.Kind == pyjson.Str {
			return v.Str, true
		}
	}
	return text, true
}

// zeroDump is the dump of a node's Go zero value, the default of an
// omitempty field; a nil slice or map is shown as empty.
func zeroDump(n *Node) pyjson.Value {
	switch n.Kind {
	case Slice:
		return pyjson.Value{Kind: pyjson.List, List: []pyjson.Value{}}
	case Map:
		return pyjson.Value{Kind: pyjson.Dict}
	}
	return DumpJSON(n, reflect.New(n.Type).Elem())
}
