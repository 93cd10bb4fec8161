package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/internal/wire"
)

// This file turns a Go type into a plan: the tree of nodes that both writes
// the JSON Schema (as pydantic's model_json_schema with AutoGen's $ref
// replacement would) and validates arguments into a Go value (as pydantic's
// lax model_validate would). The rules are documented in doc.go.

// nodeKind is what a node validates.
type nodeKind uint8

const (
	nString   nodeKind = iota
	nInt               // Go integers, wire.Int, *big.Int
	nFloat             // float32, float64
	nBool              // bool
	nAny               // interface{}: any JSON value as natural Go values
	nRaw               // json.RawMessage, wire.RawJSON: any JSON value as text
	nTime              // time.Time: a pydantic datetime
	nDateTime          // pytime.DateTime (gen.DateTime): a pydantic datetime
	nSlice             // []T: a list
	nArray             // [N]T: a fixed-length tuple
	nMap               // map[K]V: a dict
	nStruct            // a pydantic model
	nPtr               // *T: Optional[T]
)

// Integer representations.
const (
	intSized  = iota // a Go integer kind
	intWire          // wire.Int (gen.Int): any size
	intBigPtr        // *big.Int: any size
)

var (
	typeRawMessage = reflect.TypeFor[json.RawMessage]()
	typeRawJSON    = reflect.TypeFor[wire.RawJSON]()
	typeTime       = reflect.TypeFor[time.Time]()
	typeDateTime   = reflect.TypeFor[pytime.DateTime]()
	typeWireInt    = reflect.TypeFor[wire.Int]()
	typeBigInt     = reflect.TypeFor[*big.Int]()
	typeEnum       = reflect.TypeFor[Enum]()
	typeDoc        = reflect.TypeFor[SchemaDoc]()
)

// Enum is implemented by a named Go type whose values form a closed set:
// the Go counterpart of a Python Enum class. EnumValues lists the members'
// values in order (each convertible to the type's underlying string, int,
// float or bool kind). A field of such a type has the schema pydantic gives
// an Enum class: {"enum": [...], "title": "<TypeName>", "type": ...}.
type Enum interface {
	EnumValues() []any
}

// SchemaDoc is implemented by struct and Enum types that have a docstring:
// pydantic puts a class docstring in the schema as "description".
type SchemaDoc interface {
	SchemaDoc() string
}

// node is one type of the plan.
type node struct {
	kind nodeKind
	typ  reflect.Type

	elem   *node // nSlice, nArray, nMap (values), nPtr
	key    *node // nMap: nString or nInt
	length int   // nArray

	fields []*field // nStruct
	title  string   // nStruct, Enum types: the class name
	doc    string   // nStruct, Enum types: the docstring

	intRepr int      // nInt
	min     *big.Int // nInt: range of a sized Go integer
	max     *big.Int

	enum      []pyValue // allowed values (a Literal, or an Enum's members)
	enumClass bool      // enum comes from an Enum type, not an enum tag

	rangeKW  []keyword // minimum/maximum of a sized Go integer
	keywords []keyword // constraint keywords from struct tags
}

// keyword is a JSON Schema keyword with its value.
type keyword struct {
	name  string
	value pyValue
}

// field is one property of a struct node.
type field struct {
	name     string // the JSON name
	goName   string
	index    []int
	node     *node
	required bool
	hasDef   bool
	def      pyValue // the default, as validated and dumped
	desc     string
	hasDesc  bool
	title    string
}

// semantics selects how top-level fields are described.
type semantics uint8

const (
	// asFunction is FunctionTool's args model: every top-level field has a
	// description (its name when no tag gives one).
	asFunction semantics = iota
	// asModel is a BaseTool's args class: fields are described only by tags.
	asModel
)

// TypeError reports a Go type that cannot be a tool's argument model, or a
// struct tag that cannot be read. It is returned by the tool constructors.
type TypeError struct {
	Type  reflect.Type
	Field string // the Go field path, when the fault is in a field
	Msg   string
}

// Error names the type, the field and the fault.
func (e *TypeError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("tools: %v field %s: %s", e.Type, e.Field, e.Msg)
	}
	return fmt.Sprintf("tools: %v: %s", e.Type, e.Msg)
}

// builder builds nodes, refusing recursive types (pydantic writes $refs for
// them, which AutoGen's inlining cannot resolve into a finite schema).
type builder struct {
	root  reflect.Type
	stack []reflect.Type
}

// buildArgs builds the plan of an argument struct.
func buildArgs(t reflect.Type, title string, sem semantics) (*node, error) {
	if t.Kind() != reflect.Struct {
		return nil, &TypeError{Type: t, Msg: "the argument type must be a struct"}
	}
	b := &builder{root: t}
	n, err := b.structNode(t, "", sem, true)
	if err != nil {
		return nil, err
	}
	n.title = title
	return n, nil
}

func (b *builder) fail(path, format string, args ...any) error {
	return &TypeError{Type: b.root, Field: path, Msg: fmt.Sprintf(format, args...)}
}

// typeName is the class name pydantic would use for t.
func typeName(t reflect.Type) string {
	name := t.Name()
	if i := strings.LastIndexByte(name, '.'); i >= 0 && !strings.Contains(name, "[") {
		name = name[i+1:]
	}
	return name
}

func (b *builder) structNode(t reflect.Type, path string, sem semantics, top bool) (*node, error) {
	if slices.Contains(b.stack, t) {
		return nil, b.fail(path, "recursive type %v is not supported", t)
	}
	b.stack = append(b.stack, t)
	defer func() { b.stack = b.stack[:len(b.stack)-1] }()
	n := &node{kind: nStruct, typ: t, title: typeName(t)}
	if n.title == "" {
		n.title = "Model"
	}
	if t.Implements(typeDoc) {
		n.doc = reflect.Zero(t).Interface().(SchemaDoc).SchemaDoc()
	}
	if err := b.collect(t, nil, path, sem, top, n); err != nil {
		return nil, err
	}
	fields, err := b.dominant(n.fields, path)
	if err != nil {
		return nil, err
	}
	n.fields = fields
	return n, nil
}

// dominant applies encoding/json's rule to fields sharing a JSON name: the
// shallowest wins; two at the same depth are an error (encoding/json would
// silently drop both).
func (b *builder) dominant(fields []*field, path string) ([]*field, error) {
	best := map[string]*field{}
	for _, f := range fields {
		cur, ok := best[f.name]
		switch {
		case !ok || len(f.index) < len(cur.index):
			best[f.name] = f
		case len(f.index) == len(cur.index):
			return nil, b.fail(path, "fields %s and %s have the same JSON name %q", cur.goName, f.goName, f.name)
		}
	}
	out := make([]*field, 0, len(best))
	for _, f := range fields {
		if best[f.name] == f {
			out = append(out, f)
		}
	}
	return out, nil
}

// collect adds t's fields to n, flattening embedded structs as
// encoding/json does.
func (b *builder) collect(t reflect.Type, index []int, path string, sem semantics, top bool, n *node) error {
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
		idx := append(slices.Clone(index), i)
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				if !sf.IsExported() {
					continue // encoding/json cannot set it either
				}
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if err := b.collect(ft, idx, fpath, sem, top, n); err != nil {
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
		f, err := b.field(sf, idx, name, opts, fpath, sem, top)
		if err != nil {
			return err
		}
		n.fields = append(n.fields, f)
	}
	return nil
}

func hasOpt(opts, opt string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

func (b *builder) field(sf reflect.StructField, index []int, name, opts, path string, sem semantics, top bool) (*field, error) {
	if hasOpt(opts, "string") {
		return nil, b.fail(path, "the json option \"string\" is not supported")
	}
	f := &field{name: name, goName: sf.Name, index: index, title: pyTitle(name)}
	n, err := b.typeNode(sf.Type, path)
	if err != nil {
		return nil, err
	}
	f.node = n
	if err := b.applyTags(f, sf.Tag, path); err != nil {
		return nil, err
	}
	if d, ok := sf.Tag.Lookup("description"); ok {
		f.desc, f.hasDesc = d, true
	} else if top && sem == asFunction {
		f.desc, f.hasDesc = name, true
	}
	optional := hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero")
	if def, ok := sf.Tag.Lookup("default"); ok {
		v, err := b.parseDefault(n, def, path)
		if err != nil {
			return nil, err
		}
		f.hasDef, f.def = true, v
	} else if n.kind == nPtr {
		req, _ := sf.Tag.Lookup("required")
		if req == "true" {
			f.required = true
		} else if req != "" && req != "false" {
			return nil, b.fail(path, "required tag %q: want true or false", req)
		} else {
			f.hasDef, f.def = true, pyjson.NoneValue()
		}
	} else if optional {
		f.hasDef, f.def = true, zeroDump(n)
	} else {
		f.required = true
	}
	return f, nil
}

// parseDefault reads a default tag: the literal text for a string (or a
// pointer to one), JSON otherwise. It is validated as an argument would be,
// and dumped back, so the schema shows the value the function receives.
func (b *builder) parseDefault(n *node, text, path string) (pyValue, error) {
	inner := n
	for inner.kind == nPtr {
		inner = inner.elem
	}
	var v pyValue
	if inner.kind == nString && !(n.kind == nPtr && text == "null") {
		v = pyjson.StrValue(text)
	} else {
		var err error
		v, err = parsePyJSON([]byte(text))
		if err != nil {
			return pyValue{}, b.fail(path, "default tag %q is not JSON: %v", text, err)
		}
	}
	dst := reflect.New(n.typ).Elem()
	var vd validator
	vd.value(n, &v, dst)
	if len(vd.errs) > 0 {
		return pyValue{}, b.fail(path, "default tag %q: %s", text, vd.errs[0].Msg)
	}
	return dumpValueOf(n, dst), nil
}

// applyTags reads enum and constraint tags onto the field's node (through
// pointers; enum also through slice and array elements).
func (b *builder) applyTags(f *field, tag reflect.StructTag, path string) error {
	target := f.node
	for target.kind == nPtr {
		target = target.elem
	}
	if text, ok := tag.Lookup("enum"); ok {
		et := target
		for et.kind == nSlice || et.kind == nArray || et.kind == nPtr {
			et = et.elem
		}
		switch {
		case et.enumClass:
			return b.fail(path, "enum tag on a field of Enum type %v", et.typ)
		case et.kind == nString, et.kind == nInt && et.intRepr == intSized, et.kind == nFloat, et.kind == nBool:
		default:
			return b.fail(path, "enum tag on a %v field", et.typ)
		}
		var raw []pyValue
		if strings.HasPrefix(strings.TrimSpace(text), "[") {
			v, err := parsePyJSON([]byte(text))
			if err != nil || v.Kind != pyjson.List {
				return b.fail(path, "enum tag %q is not a JSON array", text)
			}
			raw = v.List
		} else {
			for part := range strings.SplitSeq(text, ",") {
				if et.kind == nString {
					raw = append(raw, pyjson.StrValue(part))
					continue
				}
				v, err := parsePyJSON([]byte(strings.TrimSpace(part)))
				if err != nil {
					return b.fail(path, "enum tag value %q: %v", part, err)
				}
				raw = append(raw, v)
			}
		}
		if len(raw) == 0 {
			return b.fail(path, "enum tag %q has no values", text)
		}
		plain := *et
		plain.enum = nil
		var values []pyValue
		for _, v := range raw {
			dst := reflect.New(et.typ).Elem()
			var vd validator
			vd.value(&plain, &v, dst)
			if len(vd.errs) > 0 {
				return b.fail(path, "enum tag value %s: %s", pyjson.Repr(&v), vd.errs[0].Msg)
			}
			values = append(values, dumpValueOf(et, dst))
		}
		et.enum = values
	}
	for _, kw := range constraintTags {
		text, ok := tag.Lookup(kw.name)
		if !ok {
			continue
		}
		if !slices.Contains(kw.kinds, target.kind) {
			return b.fail(path, "%s tag on a %v field", kw.name, target.typ)
		}
		var v pyValue
		if kw.name == "pattern" || kw.name == "format" {
			v = pyjson.StrValue(text)
		} else {
			var err error
			v, err = parsePyJSON([]byte(text))
			if err != nil || (v.Kind != pyjson.Int && v.Kind != pyjson.Float) {
				return b.fail(path, "%s tag %q is not a number", kw.name, text)
			}
			if kw.integer && v.Kind != pyjson.Int {
				return b.fail(path, "%s tag %q is not an integer", kw.name, text)
			}
		}
		target.keywords = append(target.keywords, keyword{kw.name, v})
	}
	return nil
}

// constraintTags are the struct tags copied into the schema as JSON Schema
// keywords (pydantic's Field constraints write the same keywords); they
// are checked by the JSON Schema validator after the lax conversion.
var constraintTags = []struct {
	name    string
	kinds   []nodeKind
	integer bool
}{
	{"minimum", []nodeKind{nInt, nFloat}, false},
	{"maximum", []nodeKind{nInt, nFloat}, false},
	{"exclusiveMinimum", []nodeKind{nInt, nFloat}, false},
	{"exclusiveMaximum", []nodeKind{nInt, nFloat}, false},
	{"multipleOf", []nodeKind{nInt, nFloat}, false},
	{"minLength", []nodeKind{nString}, true},
	{"maxLength", []nodeKind{nString}, true},
	{"pattern", []nodeKind{nString}, false},
	{"format", []nodeKind{nString}, false},
	{"minItems", []nodeKind{nSlice}, true},
	{"maxItems", []nodeKind{nSlice}, true},
}

// typeNode builds the node of a Go type.
func (b *builder) typeNode(t reflect.Type, path string) (*node, error) {
	switch t {
	case typeRawMessage, typeRawJSON:
		return &node{kind: nRaw, typ: t}, nil
	case typeTime:
		return &node{kind: nTime, typ: t}, nil
	case typeDateTime:
		return &node{kind: nDateTime, typ: t}, nil
	case typeWireInt:
		return &node{kind: nInt, typ: t, intRepr: intWire}, nil
	case typeBigInt:
		return &node{kind: nInt, typ: t, intRepr: intBigPtr}, nil
	}
	if t.Implements(typeEnum) && t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		return b.enumNode(t, path)
	}
	switch t.Kind() {
	case reflect.String:
		return &node{kind: nString, typ: t}, nil
	case reflect.Bool:
		return &node{kind: nBool, typ: t}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		n := &node{kind: nInt, typ: t, intRepr: intSized}
		n.min = new(big.Int).Lsh(big.NewInt(-1), uint(bits-1))
		n.max = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)), big.NewInt(1))
		if bits < 64 {
			n.rangeKW = []keyword{{"maximum", pyjson.IntValue(n.max.String())}, {"minimum", pyjson.IntValue(n.min.String())}}
		}
		return n, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		bits := t.Bits()
		n := &node{kind: nInt, typ: t, intRepr: intSized}
		n.min = big.NewInt(0)
		n.max = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
		if bits < 64 {
			n.rangeKW = append(n.rangeKW, keyword{"maximum", pyjson.IntValue(n.max.String())})
		}
		n.rangeKW = append(n.rangeKW, keyword{"minimum", pyjson.IntValue("0")})
		return n, nil
	case reflect.Float32, reflect.Float64:
		return &node{kind: nFloat, typ: t}, nil
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return nil, b.fail(path, "interface type %v is not supported (only any)", t)
		}
		return &node{kind: nAny, typ: t}, nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, b.fail(path, "[]byte is not supported (use string)")
		}
		e, err := b.typeNode(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return &node{kind: nSlice, typ: t, elem: e}, nil
	case reflect.Array:
		e, err := b.typeNode(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return &node{kind: nArray, typ: t, elem: e, length: t.Len()}, nil
	case reflect.Map:
		k, err := b.typeNode(t.Key(), path+"[key]")
		if err != nil {
			return nil, err
		}
		if (k.kind != nString && !(k.kind == nInt && k.intRepr == intSized)) || k.enum != nil {
			return nil, b.fail(path, "map key type %v is not supported (string or integer kinds only)", t.Key())
		}
		e, err := b.typeNode(t.Elem(), path+"[]")
		if err != nil {
			return nil, err
		}
		return &node{kind: nMap, typ: t, key: k, elem: e}, nil
	case reflect.Struct:
		return b.structNode(t, path, asModel, false)
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Pointer {
			return nil, b.fail(path, "pointer to pointer %v is not supported", t)
		}
		e, err := b.typeNode(t.Elem(), path)
		if err != nil {
			return nil, err
		}
		return &node{kind: nPtr, typ: t, elem: e}, nil
	}
	return nil, b.fail(path, "type %v is not supported", t)
}

// enumNode builds the node of a named type implementing Enum.
func (b *builder) enumNode(t reflect.Type, path string) (*node, error) {
	var n *node
	switch t.Kind() {
	case reflect.String:
		n = &node{kind: nString, typ: t}
	case reflect.Bool:
		n = &node{kind: nBool, typ: t}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		// The range is the members'; no range keywords are written.
		n = &node{kind: nInt, typ: t, intRepr: intSized}
		if t.Kind() >= reflect.Uint {
			n.min = big.NewInt(0)
			n.max = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits())), big.NewInt(1))
		} else {
			n.min = new(big.Int).Lsh(big.NewInt(-1), uint(t.Bits()-1))
			n.max = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits()-1)), big.NewInt(1))
		}
	case reflect.Float32, reflect.Float64:
		n = &node{kind: nFloat, typ: t}
	default:
		return nil, b.fail(path, "Enum type %v must have a string, integer, float or bool kind", t)
	}
	n.title = typeName(t)
	n.enumClass = true
	if t.Implements(typeDoc) {
		n.doc = reflect.Zero(t).Interface().(SchemaDoc).SchemaDoc()
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
		n.enum = append(n.enum, dumpValueOf(n, rv.Convert(t)))
	}
	return n, nil
}

// zeroDump is the dump of a node's Go zero value, shown as the default of
// an omitempty field; a nil slice or map is shown as empty.
func zeroDump(n *node) pyValue {
	switch n.kind {
	case nSlice:
		return pyValue{Kind: pyjson.List, List: []pyValue{}}
	case nMap:
		return pyValue{Kind: pyjson.Dict}
	}
	return dumpValueOf(n, reflect.New(n.typ).Elem())
}

// pyTitle is pydantic's default field title: name.title() with underscores
// turned into spaces, stripped. Python's str.title upper-cases a cased
// character that follows an uncased one and lower-cases the others.
func pyTitle(name string) string {
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
	return pyStrip(strings.ReplaceAll(b.String(), "_", " "))
}

// ---- schemas ----

func newDict() pyValue { return pyValue{Kind: pyjson.Dict} }

// typeSchema is the schema of a node's type (for a struct or an Enum type:
// its $defs entry, which AutoGen inlines).
func typeSchema(n *node) pyValue {
	s := newDict()
	switch n.kind {
	case nString:
		s.Set("type", pyjson.StrValue("string"))
	case nInt:
		s.Set("type", pyjson.StrValue("integer"))
	case nFloat:
		s.Set("type", pyjson.StrValue("number"))
	case nBool:
		s.Set("type", pyjson.StrValue("boolean"))
	case nAny, nRaw:
	case nTime, nDateTime:
		s.Set("format", pyjson.StrValue("date-time"))
		s.Set("type", pyjson.StrValue("string"))
	case nSlice:
		s.Set("items", typeSchema(n.elem))
		s.Set("type", pyjson.StrValue("array"))
	case nArray:
		s.Set("maxItems", pyjson.IntValue(strconv.Itoa(n.length)))
		s.Set("minItems", pyjson.IntValue(strconv.Itoa(n.length)))
		if n.length > 0 {
			items := pyValue{Kind: pyjson.List}
			for range n.length {
				items.List = append(items.List, typeSchema(n.elem))
			}
			s.Set("prefixItems", items)
		}
		s.Set("type", pyjson.StrValue("array"))
	case nMap:
		if n.elem.kind == nAny || n.elem.kind == nRaw {
			s.Set("additionalProperties", pyjson.BoolValue(true))
		} else {
			s.Set("additionalProperties", typeSchema(n.elem))
		}
		s.Set("type", pyjson.StrValue("object"))
	case nStruct:
		props := newDict()
		req := pyValue{Kind: pyjson.List}
		for _, f := range n.fields {
			props.Set(f.name, fieldSchema(f))
			if f.required {
				req.List = append(req.List, pyjson.StrValue(f.name))
			}
		}
		if n.doc != "" {
			s.Set("description", pyjson.StrValue(n.doc))
		}
		s.Set("properties", props)
		if len(req.List) > 0 {
			s.Set("required", req)
		}
		s.Set("title", pyjson.StrValue(n.title))
		s.Set("type", pyjson.StrValue("object"))
	case nPtr:
		anyOf := pyValue{Kind: pyjson.List}
		null := newDict()
		null.Set("type", pyjson.StrValue("null"))
		anyOf.List = append(anyOf.List, typeSchema(n.elem), null)
		s.Set("anyOf", anyOf)
	}
	if n.enum != nil {
		s = enumSchema(n)
	} else {
		for _, kw := range n.rangeKW {
			s.Set(kw.name, kw.value)
		}
	}
	for _, kw := range n.keywords {
		s.Set(kw.name, kw.value)
	}
	return sortSchema(s, "")
}

// enumSchema is pydantic's schema of a Literal (an enum tag) or of an Enum
// class.
func enumSchema(n *node) pyValue {
	s := newDict()
	if n.enumClass {
		if n.doc != "" {
			s.Set("description", pyjson.StrValue(n.doc))
		}
		s.Set("title", pyjson.StrValue(n.title))
	}
	if len(n.enum) == 1 && !n.enumClass {
		s.Set("const", n.enum[0])
	} else {
		s.Set("enum", pyValue{Kind: pyjson.List, List: slices.Clone(n.enum)})
	}
	switch n.kind {
	case nString:
		s.Set("type", pyjson.StrValue("string"))
	case nInt:
		s.Set("type", pyjson.StrValue("integer"))
	case nFloat:
		s.Set("type", pyjson.StrValue("number"))
	case nBool:
		s.Set("type", pyjson.StrValue("boolean"))
	}
	return s
}

// isDef reports whether pydantic writes n's schema as a $ref into $defs
// (models and Enum classes); AutoGen's jsonref.replace_refs then replaces
// the whole field schema by the definition, dropping the field's title,
// description and default.
func isDef(n *node) bool {
	return n.kind == nStruct || n.enumClass
}

// fieldSchema is the schema of one property.
func fieldSchema(f *field) pyValue {
	if isDef(f.node) {
		return typeSchema(f.node)
	}
	s := typeSchema(f.node)
	if f.hasDef {
		s.Set("default", f.def)
	}
	if f.hasDesc {
		s.Set("description", pyjson.StrValue(f.desc))
	}
	s.Set("title", pyjson.StrValue(f.title))
	return sortSchema(s, "")
}

// sortSchema is pydantic's GenerateJsonSchema.sort: dict keys sorted at
// every depth, except the members of "properties" and of "default".
func sortSchema(v pyValue, parent string) pyValue {
	switch v.Kind {
	case pyjson.List:
		out := pyValue{Kind: pyjson.List, List: make([]pyValue, len(v.List))}
		for i := range v.List {
			out.List[i] = sortSchema(v.List[i], parent)
		}
		return out
	case pyjson.Dict:
		idx := make([]int, len(v.Keys))
		for i := range idx {
			idx[i] = i
		}
		if parent != "properties" && parent != "default" {
			slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(v.Keys[a].Str, v.Keys[b].Str) })
		}
		out := pyValue{Kind: pyjson.Dict}
		for _, i := range idx {
			out.Keys = append(out.Keys, v.Keys[i])
			out.Vals = append(out.Vals, sortSchema(v.Vals[i], v.Keys[i].Str))
		}
		return out
	}
	return v
}

// ---- dumps: a validated Go value as pydantic's model_dump(mode="json") ----

// dumpValueOf returns the JSON-mode dump of v, a value of n's type.
func dumpValueOf(n *node, v reflect.Value) pyValue {
	switch n.kind {
	case nString:
		return pyjson.StrValue(v.String())
	case nBool:
		return pyjson.BoolValue(v.Bool())
	case nInt:
		switch n.intRepr {
		case intWire:
			return pyjson.IntValue(v.Interface().(wire.Int).String())
		case intBigPtr:
			if v.IsNil() {
				return pyjson.NoneValue()
			}
			return pyjson.IntValue(v.Interface().(*big.Int).String())
		}
		if v.CanInt() {
			return pyjson.IntValue(strconv.FormatInt(v.Int(), 10))
		}
		return pyjson.IntValue(strconv.FormatUint(v.Uint(), 10))
	case nFloat:
		return pyjson.FloatValue(v.Float())
	case nAny:
		if v.IsNil() {
			return pyjson.NoneValue()
		}
		return goToPy(v.Elem(), false)
	case nRaw:
		if v.Len() == 0 {
			return pyjson.NoneValue()
		}
		p, err := parsePyJSON(v.Bytes())
		if err != nil {
			return pyjson.NoneValue()
		}
		return p
	case nTime:
		return pyjson.StrValue(pytime.FromTime(v.Interface().(time.Time)).String())
	case nDateTime:
		return pyjson.StrValue(v.Interface().(pytime.DateTime).String())
	case nSlice, nArray:
		out := pyValue{Kind: pyjson.List, List: []pyValue{}}
		for i := 0; i < v.Len(); i++ {
			out.List = append(out.List, dumpValueOf(n.elem, v.Index(i)))
		}
		return out
	case nMap:
		out := pyValue{Kind: pyjson.Dict}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return compareKeys(a, b) })
		for _, k := range keys {
			ks := dumpValueOf(n.key, k)
			out.Keys = append(out.Keys, pyjson.StrValue(pyjson.KeyText(&ks)))
			out.Vals = append(out.Vals, dumpValueOf(n.elem, v.MapIndex(k)))
		}
		return out
	case nStruct:
		out := pyValue{Kind: pyjson.Dict}
		for _, f := range n.fields {
			fv, ok := fieldByIndex(v, f.index)
			if !ok {
				out.Set(f.name, pyjson.NoneValue())
				continue
			}
			out.Set(f.name, dumpValueOf(f.node, fv))
		}
		return out
	case nPtr:
		if v.IsNil() {
			return pyjson.NoneValue()
		}
		return dumpValueOf(n.elem, v.Elem())
	}
	return pyjson.NoneValue()
}

// compareKeys orders map keys as encoding/json does (strings by bytes,
// integers numerically).
func compareKeys(a, b reflect.Value) int {
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

// fieldByIndex is v.FieldByIndex that reports a nil embedded pointer
// instead of panicking.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
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
