package httptool

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// This file builds the argument model of an HttpTool from its json_schema
// as json_schema_to_pydantic's create_model (0.4.11) builds a pydantic model
// from it, and writes that model's JSON schema as pydantic's
// model_json_schema() does, after AutoGen's inlining of $refs.
//
// What create_model does, and so what this file does:
//
//   - every property is a field; a property in "required" without a
//     "default" is required; any other field has Field(default=...): the
//     property's "default" when it has one, else None. The field's type is
//     NOT made Optional: a non-required string property is a str with
//     default None ({"default": null, "title": ..., "type": "string"}),
//     which refuses an explicit null;
//   - the field's description is the property's "description"; its title
//     is never the property's "title" (Field is not given one) but
//     pydantic's default, from the name; keys outside the library's
//     STANDARD_FIELD_PROPERTIES (such as "x-unit" or "nullable") are the
//     field's json_schema_extra and appear in the property's schema;
//   - types: "string" str, "integer" int, "number" float, "boolean" bool,
//     "null" NoneType, "object" with "properties" a nested model (titled by
//     its "title", else "DynamicModel"; a $ref'd one by the reference's
//     last segment), "object" without them dict, "array" List[items]
//     (Set[items] with "uniqueItems"), "enum" a Literal of the values,
//     "const" a Literal of one value (None for null), a list of types with
//     "null" and one other Optional[T], a string with format "date-time"
//     datetime and with format "email" str with the library's e-mail
//     pattern; any other type name is str;
//   - constraints (Field): minLength, maxLength and pattern, then (unless
//     "const" or a format that maps to a type cuts them off) minimum,
//     maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, and
//     minItems and maxItems, which replace minLength and maxLength (both
//     are pydantic's min_length and max_length);
//   - a property whose name starts with "_" is the field without it, with
//     the name as its alias (the key in the arguments and the schema; the
//     dump uses the field name).
//
// What is refused, with a *SchemaError saying so: allOf, anyOf and oneOf
// (the library builds unions and merged models), unions of several
// non-null types, recursive $refs, remote $refs, formats date, time, uri
// and uuid (date, time, AnyUrl and UUID: their validation and their Python
// str() are not reproduced), sets (uniqueItems) of anything but strings,
// numbers and booleans or inside Optional, Literal values that are not scalars, and constraints on
// types that pydantic applies them to through validator functions
// (Literal, dict and model fields, min_length on a number, ...; those of
// an Optional field apply to the type inside, as in pydantic).
// The library's own refusals ("Array type must specify 'items' schema",
// "Enum must have at least one value", "Schema must specify a type. ...")
// are reported with its messages.

// kind is the Python type of a field or item.
type kind uint8

const (
	kStr      kind = iota // str
	kInt                  // int
	kFloat                // float
	kBool                 // bool
	kNone                 // NoneType
	kDict                 // dict (any keys and values)
	kList                 // List[T]
	kSet                  // Set[T]
	kModel                // a nested model
	kLiteral              // Literal[...]
	kDateTime             // datetime.datetime
	kOptional             // Optional[T]
)

// typ is one Python type of the model.
type typ struct {
	kind   kind
	elem   *typ           // kList, kSet, kOptional
	model  *model         // kModel
	values []pyjson.Value // kLiteral
	cons   *constraints   // Field constraints (on a field's own type)
}

// model is a pydantic model create_model built.
type model struct {
	title  string
	doc    string         // the class docstring (the schema's "description")
	hasDoc bool           // doc is set
	extra  []pyjson.Value // json_schema_extra: key, value pairs
	fields []*field
}

// field is one field of a model.
type field struct {
	name     string // the field name: the dump's key
	key      string // the alias, or name: the key in input and schema
	typ      *typ
	required bool
	def      pyjson.Value // the default (not validated, as in pydantic)
	desc     *pyjson.Value
	extra    []pyjson.Value // json_schema_extra: key, value pairs
}

// constraints are pydantic's Field constraints of one field.
type constraints struct {
	keywords             []pyjson.Value // schema keyword, value pairs, as pydantic writes them
	minLen, maxLen       int            // -1: none
	pattern              *regexp.Regexp
	patternText          string
	ge, le, gt, lt, mult *bound
}

// bound is a number constraint: I on an int field, F on a float field
// (pydantic.Bound).
type bound = pydantic.Bound

// emailPattern is json_schema_to_pydantic's EMAIL_PATTERN, the pattern of
// a string with format "email".
const emailPattern = `^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`

// standardFieldProperties is json_schema_to_pydantic's
// STANDARD_FIELD_PROPERTIES: the keys of a property that are not its
// json_schema_extra.
var standardFieldProperties = setOf("type", "format", "description", "default", "title", "examples",
	"const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"maxLength", "minLength", "pattern", "items", "additionalItems", "maxItems", "minItems",
	"uniqueItems", "properties", "additionalProperties", "required", "patternProperties",
	"dependencies", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
	"$ref", "$defs", "definitions")

// standardModelProperties is STANDARD_MODEL_PROPERTIES: the keys of an
// object schema that are not the model's json_schema_extra.
var standardModelProperties = setOf("type", "title", "description", "properties", "required",
	"additionalProperties", "patternProperties", "dependencies", "propertyNames", "if", "then",
	"else", "allOf", "anyOf", "oneOf", "not", "$ref", "$defs", "definitions", "$schema", "$id",
	"$comment", "items", "minItems", "maxItems", "uniqueItems")

func setOf(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// SchemaError reports a json_schema the tool cannot be built from: one
// json_schema_to_pydantic refuses (Msg is then the library's message), or
// one it accepts but this package does not reproduce (Unsupported).
type SchemaError struct {
	// Pointer is the JSON pointer of the schema at fault, inside
	// json_schema ("" for json_schema itself, "/properties/when" for a
	// property).
	Pointer string
	// Msg says what is wrong.
	Msg string
	// Unsupported is set when AutoGen would accept the schema: the
	// package does not reproduce what the model would be.
	Unsupported bool
}

// Error names the place and the fault.
func (e *SchemaError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	if e.Unsupported {
		return "httptool: json_schema " + p + ": not supported: " + e.Msg
	}
	return "httptool: json_schema " + p + ": " + e.Msg
}

// Unwrap gives the fault as the module's fault type, at its place in the
// HttpToolConfig (/json_schema/...).
func (e *SchemaError) Unwrap() error {
	return &agentschema.Fault{Pointer: "/json_schema" + e.Pointer, Type: "value_error", Message: e.Msg}
}

// builder builds the models of one json_schema.
type builder struct {
	root     *pyjson.Value
	building map[string]bool // $refs being resolved (recursion)
	depth    int             // nesting of the schemas being built
}

// maxSchemaDepth bounds the nesting of schemas (and of $refs followed):
// Python would hit its recursion limit.
const maxSchemaDepth = 100

// enter counts one more level of nesting; the caller defers b.depth--.
func (b *builder) enter(ptr string) error {
	b.depth++
	if b.depth > maxSchemaDepth {
		return b.unsupported(ptr, "schemas nested more than %d deep", maxSchemaDepth)
	}
	return nil
}

func (b *builder) fail(ptr, format string, args ...any) *SchemaError {
	return &SchemaError{Pointer: ptr, Msg: fmt.Sprintf(format, args...)}
}

func (b *builder) unsupported(ptr, format string, args ...any) *SchemaError {
	return &SchemaError{Pointer: ptr, Msg: fmt.Sprintf(format, args...), Unsupported: true}
}

// buildModel is create_model(json_schema): the root model.
func buildModel(schema *pyjson.Value) (*model, error) {
	if schema.Kind != pyjson.Dict {
		return nil, &SchemaError{Msg: "json_schema must be an object"}
	}
	b := &builder{root: schema, building: map[string]bool{}}
	for _, k := range []string{"$ref", "allOf", "anyOf", "oneOf"} {
		if _, ok := schema.Get(k); ok {
			return nil, b.unsupported("", "a root %s (AutoGen's tool schema needs an object with properties)", k)
		}
	}
	if t, ok := schema.Get("type"); ok {
		switch {
		case t.Kind == pyjson.Str && t.Str == "array",
			t.Kind == pyjson.Str && (t.Str == "string" || t.Str == "integer" || t.Str == "number" || t.Str == "boolean" || t.Str == "null"),
			t.Kind == pyjson.List && !containsStr(t.List, "object") && !containsStr(t.List, "array"):
			return nil, b.unsupported("", "a root schema of type %s is a RootModel, whose schema has no properties (AutoGen fails with KeyError 'properties')", pyjson.Repr(t))
		}
	}
	for _, k := range []string{"enum", "const"} {
		if _, ok := schema.Get(k); ok {
			return nil, b.unsupported("", "a root %s is a RootModel, whose schema has no properties (AutoGen fails with KeyError 'properties')", k)
		}
	}
	return b.model(schema, "", "")
}

func containsStr(list []pyjson.Value, s string) bool {
	for i := range list {
		if list[i].Kind == pyjson.Str && list[i].Str == s {
			return true
		}
	}
	return false
}

// model builds a model from an object schema at ptr; ref is the $ref it
// was reached by, if any (it names the model when the schema has no
// title).
func (b *builder) model(s *pyjson.Value, ptr, ref string) (*model, error) {
	m := &model{title: "DynamicModel"}
	if t, ok := s.Get("title"); ok {
		if t.Kind != pyjson.Str {
			return nil, b.fail(ptr+"/title", "a model title must be a string (create_model refuses %s)", pyjson.Repr(t))
		}
		m.title = t.Str
	} else if ref != "" {
		m.title = ref[strings.LastIndexByte(ref, '/')+1:]
	}
	if d, ok := s.Get("description"); ok && d.Truthy() {
		if d.Kind != pyjson.Str {
			return nil, b.unsupported(ptr+"/description", "a model description that is not a string (the class docstring)")
		}
		m.doc, m.hasDoc = cleandoc(d.Str), true
	}
	for i := range s.Keys {
		if !standardModelProperties[s.Keys[i].Str] {
			m.extra = append(m.extra, s.Keys[i], s.Vals[i])
		}
	}
	props := &pyjson.Value{Kind: pyjson.Dict}
	if p, ok := s.Get("properties"); ok {
		if p.Kind != pyjson.Dict {
			return nil, b.fail(ptr+"/properties", "properties must be an object")
		}
		props = p
	}
	// isRequired is the library's `field_name in required`: membership in
	// a list, a substring test in a str.
	isRequired := func(string) bool { return false }
	if r, ok := s.Get("required"); ok {
		switch r.Kind {
		case pyjson.List:
			isRequired = func(name string) bool { return containsStr(r.List, name) }
		case pyjson.Str:
			isRequired = func(name string) bool { return strings.Contains(r.Str, name) }
		case pyjson.Dict:
			isRequired = func(name string) bool { _, ok := r.Get(name); return ok }
		default:
			return nil, b.fail(ptr+"/required", "argument of type '%s' is not iterable", r.TypeName())
		}
	}
	names := map[string]bool{}
	for i := range props.Keys {
		names[props.Keys[i].Str] = true
	}
	seen := map[string]bool{}
	for i := range props.Keys {
		name := props.Keys[i].Str
		fptr := ptr + "/properties/" + escapePointer(name)
		fs := &props.Vals[i]
		if fs.Kind != pyjson.Dict {
			return nil, b.fail(fptr, "a property schema must be an object (the library calls .get on it)")
		}
		t, err := b.fieldType(fs, fptr)
		if err != nil {
			return nil, err
		}
		f := &field{name: name, key: name, typ: t}
		// _sanitize_field_name: a leading underscore is dropped, the
		// original name becoming the alias.
		if strings.HasPrefix(name, "_") {
			f.name = name[1:]
			if names[f.name] {
				return nil, b.fail(fptr, "Duplicate field name after sanitization: '%s'\nPydantic does not support field names starting with underscores when another field would result in the same name.", f.name)
			}
			if strings.HasPrefix(f.name, "_") {
				return nil, b.fail(fptr, "Fields must not use names with leading underscores; e.g., use '%s' instead of '%s'.", strings.TrimLeft(f.name, "_"), f.name)
			}
		}
		if seen[f.name] {
			return nil, b.fail(fptr, "Duplicate field name after sanitization: '%s'", f.name)
		}
		seen[f.name] = true
		if err := b.fieldInfo(f, fs, isRequired(name), fptr); err != nil {
			return nil, err
		}
		m.fields = append(m.fields, f)
	}
	return m, nil
}

// resolve follows a local $ref from the root, as ReferenceResolver does
// (a reference to a reference is followed).
func (b *builder) resolve(ref *pyjson.Value, ptr string) (*pyjson.Value, string, error) {
	if ref.Kind != pyjson.Str {
		return nil, "", b.fail(ptr+"/$ref", "$ref must be a string")
	}
	seen := map[string]bool{}
	r := ref.Str
	for {
		if !strings.HasPrefix(r, "#") {
			return nil, "", b.fail(ptr+"/$ref", "Only local references (#/...) are supported")
		}
		if seen[r] {
			return nil, "", b.fail(ptr+"/$ref", "Circular reference detected: %s", r)
		}
		seen[r] = true
		cur := b.root
		parts := strings.Split(r, "/")[1:]
		for _, part := range parts {
			part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
			var next *pyjson.Value
			switch cur.Kind {
			case pyjson.Dict:
				next, _ = cur.Get(part)
			case pyjson.List:
				if i, err := strconv.Atoi(part); err == nil && i >= 0 && i < len(cur.List) {
					next = &cur.List[i]
				} else {
					return nil, "", b.unsupported(ptr+"/$ref", "a reference into a list by %q", part)
				}
			}
			if next == nil {
				return nil, "", b.fail(ptr+"/$ref", "Invalid reference path: %s", r)
			}
			cur = next
		}
		if cur.Kind == pyjson.Dict {
			if next, ok := cur.Get("$ref"); ok {
				if next.Kind != pyjson.Str {
					return nil, "", b.fail(ptr+"/$ref", "$ref must be a string")
				}
				r = next.Str
				continue
			}
		}
		if cur.Kind != pyjson.Dict {
			return nil, "", b.fail(ptr+"/$ref", "the reference %s is not a schema object", ref.Str)
		}
		return cur, ref.Str, nil
	}
}

// fieldType is the model builder's _get_field_type: $refs followed, arrays
// of items built the same way, objects with properties as nested models,
// anything else by resolveType.
func (b *builder) fieldType(fs *pyjson.Value, ptr string) (*typ, error) {
	defer func() { b.depth-- }()
	if err := b.enter(ptr); err != nil {
		return nil, err
	}
	ref := ""
	if r, ok := fs.Get("$ref"); ok {
		if r.Kind == pyjson.Str && b.building[r.Str] {
			return nil, b.unsupported(ptr+"/$ref", "a recursive model (%s): AutoGen inlines $refs, which cannot end", r.Str)
		}
		target, name, err := b.resolve(r, ptr)
		if err != nil {
			return nil, err
		}
		ref = name
		b.building[ref] = true
		defer delete(b.building, ref)
		fs = target
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if _, ok := fs.Get(k); ok {
			return nil, b.unsupported(ptr, "%s (the library builds unions and merged models)", k)
		}
	}
	t, _ := fs.Get("type")
	if t != nil && t.Kind == pyjson.Str && t.Str == "array" {
		items, ok := fs.Get("items")
		if !ok || !items.Truthy() {
			return nil, b.fail(ptr, "Array type must specify 'items' schema")
		}
		if items.Kind != pyjson.Dict {
			return nil, b.unsupported(ptr+"/items", "items that are not one schema object")
		}
		elem, err := b.fieldType(items, ptr+"/items")
		if err != nil {
			return nil, err
		}
		if u, ok := fs.Get("uniqueItems"); ok && u.Truthy() {
			return b.set(elem, ptr)
		}
		return &typ{kind: kList, elem: elem}, nil
	}
	if t != nil && t.Kind == pyjson.Str && t.Str == "object" {
		if _, ok := fs.Get("properties"); ok {
			m, err := b.model(fs, ptr, ref)
			if err != nil {
				return nil, err
			}
			return &typ{kind: kModel, model: m}, nil
		}
	}
	return b.resolveType(fs, ptr)
}

// set is Set[elem], for the element types whose set this package
// reproduces.
func (b *builder) set(elem *typ, ptr string) (*typ, error) {
	switch elem.kind {
	case kStr, kInt, kFloat, kBool, kLiteral:
		return &typ{kind: kSet, elem: elem}, nil
	}
	return nil, b.unsupported(ptr, "uniqueItems (a Python set) of items that are not strings, numbers or booleans")
}

// resolveType is TypeResolver.resolve_type.
func (b *builder) resolveType(s *pyjson.Value, ptr string) (*typ, error) {
	defer func() { b.depth-- }()
	if err := b.enter(ptr); err != nil {
		return nil, err
	}
	if r, ok := s.Get("$ref"); ok {
		target, _, err := b.resolve(r, ptr)
		if err != nil {
			return nil, err
		}
		s = target
	}
	if c, ok := s.Get("const"); ok {
		if c.Kind == pyjson.None {
			return &typ{kind: kNone}, nil
		}
		if !scalar(c) {
			return nil, b.unsupported(ptr+"/const", "a const that is not a string, number or boolean")
		}
		return &typ{kind: kLiteral, values: []pyjson.Value{*c}}, nil
	}
	t, _ := s.Get("type")
	if t != nil && t.Kind == pyjson.Str && t.Str == "null" {
		return &typ{kind: kNone}, nil
	}
	if t != nil && t.Kind == pyjson.List {
		return b.typeList(s, t, ptr)
	}
	if e, ok := s.Get("enum"); ok {
		return b.enumType(e, ptr)
	}
	name := ""
	switch {
	case t == nil || !t.Truthy():
		switch {
		case has(s, "properties"):
			name = "object"
		case has(s, "items"):
			name = "array"
		default:
			return nil, b.fail(ptr, "Schema must specify a type. Set allow_undefined_type=True to infer Any type for schemas without explicit types.")
		}
	case t.Kind == pyjson.Str:
		name = t.Str
	case t.Kind == pyjson.Dict:
		return nil, b.fail(ptr+"/type", "unhashable type: 'dict'")
	}
	return b.namedType(s, name, ptr)
}

// typeList is resolve_type of a schema whose type is a list t: the one
// type it names, Optional of it with "null", or None.
func (b *builder) typeList(s, t *pyjson.Value, ptr string) (*typ, error) {
	var others []pyjson.Value
	hasNull := false
	for _, x := range t.List {
		if x.Kind == pyjson.Str && x.Str == "null" {
			hasNull = true
		} else {
			others = append(others, x)
		}
	}
	switch {
	case hasNull && len(others) == 0:
		return &typ{kind: kNone}, nil
	case len(others) == 1:
		c := *s
		c.Keys, c.Vals = slices.Clone(s.Keys), slices.Clone(s.Vals)
		c.Set("type", others[0])
		inner, err := b.resolveType(&c, ptr)
		if err != nil {
			return nil, err
		}
		if !hasNull || inner.kind == kNone {
			return inner, nil
		}
		if inner.kind == kSet {
			return nil, b.unsupported(ptr, "uniqueItems (a Python set) inside Optional")
		}
		return &typ{kind: kOptional, elem: inner}, nil
	}
	if len(t.List) == 0 {
		return nil, b.fail(ptr+"/type", "Cannot take a Union of no types.")
	}
	return nil, b.unsupported(ptr+"/type", "a union of types %s", pyjson.Repr(t))
}

// enumType is the Literal an enum e makes.
func (b *builder) enumType(e *pyjson.Value, ptr string) (*typ, error) {
	if e.Kind != pyjson.List {
		return nil, b.unsupported(ptr+"/enum", "an enum that is not an array")
	}
	if len(e.List) == 0 {
		return nil, b.fail(ptr+"/enum", "Enum must have at least one value")
	}
	var values []pyjson.Value
	for i := range e.List {
		v := e.List[i]
		if v.Kind != pyjson.None && !scalar(&v) {
			return nil, b.unsupported(ptr+"/enum", "enum values that are not strings, numbers, booleans or null")
		}
		// typing.Literal drops repeated values (same value and type).
		if !slices.ContainsFunc(values, func(w pyjson.Value) bool { return sameLiteral(&v, &w) }) {
			values = append(values, v)
		}
	}
	return &typ{kind: kLiteral, values: values}, nil
}

// namedType is the type a schema's type name makes (type_map, str for a
// name it does not have).
func (b *builder) namedType(s *pyjson.Value, name, ptr string) (*typ, error) {
	switch name {
	case "array":
		items, ok := s.Get("items")
		if !ok || !items.Truthy() {
			return nil, b.fail(ptr, "Array type must specify 'items' schema")
		}
		if items.Kind != pyjson.Dict {
			return nil, b.unsupported(ptr+"/items", "items that are not one schema object")
		}
		elem, err := b.resolveType(items, ptr+"/items")
		if err != nil {
			return nil, err
		}
		if u, ok := s.Get("uniqueItems"); ok && u.Truthy() {
			return b.set(elem, ptr)
		}
		return &typ{kind: kList, elem: elem}, nil
	case "string":
		if f, ok := s.Get("format"); ok && f.Kind == pyjson.Str {
			switch f.Str {
			case "date-time":
				return &typ{kind: kDateTime}, nil
			case "date", "time", "uri", "uuid":
				return nil, b.unsupported(ptr+"/format", "format %q (pydantic's %s)", f.Str, map[string]string{"date": "date", "time": "time", "uri": "AnyUrl", "uuid": "UUID"}[f.Str])
			}
		} else if ok && f.Kind == pyjson.Dict {
			return nil, b.fail(ptr+"/format", "unhashable type: 'dict'")
		}
		return &typ{kind: kStr}, nil
	case "integer":
		return &typ{kind: kInt}, nil
	case "number":
		return &typ{kind: kFloat}, nil
	case "boolean":
		return &typ{kind: kBool}, nil
	case "object":
		return &typ{kind: kDict}, nil
	}
	return &typ{kind: kStr}, nil // type_map.get(schema_type, str)
}

func has(s *pyjson.Value, k string) bool {
	_, ok := s.Get(k)
	return ok
}

// scalar reports a str, int, float or bool.
func scalar(v *pyjson.Value) bool {
	switch v.Kind {
	case pyjson.Str, pyjson.Int, pyjson.Float, pyjson.Bool:
		return true
	}
	return false
}

// sameLiteral is typing.Literal's duplicate test: equal values of the
// same type.
func sameLiteral(a, b *pyjson.Value) bool {
	return a.Kind == pyjson.None && b.Kind == pyjson.None || a.SameScalar(b)
}

// fieldInfo is the model builder's _build_field_info: constraints,
// description, default and json_schema_extra from the property's schema
// (as written, before any $ref is followed).
func (b *builder) fieldInfo(f *field, fs *pyjson.Value, inRequired bool, ptr string) error {
	if d, ok := fs.Get("description"); ok {
		f.desc = d
	}
	if d, ok := fs.Get("default"); ok {
		f.def = *d
	} else if inRequired {
		f.required = true
	} else {
		f.def = pyjson.NoneValue()
	}
	for i := range fs.Keys {
		if !standardFieldProperties[fs.Keys[i].Str] {
			f.extra = append(f.extra, fs.Keys[i], fs.Vals[i])
		}
	}
	return b.constraints(f.typ, fs, ptr)
}

// constraints is ConstraintBuilder.build_constraints, applied to t (the
// field's type) as pydantic applies Field constraints.
func (b *builder) constraints(t *typ, fs *pyjson.Value, ptr string) error {
	type kw struct {
		key  string // the property's keyword
		name string // pydantic's constraint
	}
	var got []kw
	add := func(key, name string) {
		if has(fs, key) {
			got = slices.DeleteFunc(got, func(k kw) bool { return k.name == name })
			got = append(got, kw{key, name})
		}
	}
	add("minLength", "min_length")
	add("maxLength", "max_length")
	add("pattern", "pattern")
	if has(fs, "const") {
		return nil // a Literal: the constraints are dropped
	}
	email := false
	if f, ok := fs.Get("format"); ok && f.Kind == pyjson.Str {
		switch f.Str {
		case "email":
			email = true
		case "date-time", "date", "time", "uri", "uuid":
			return nil // a type: the constraints are dropped
		}
	}
	if !email {
		add("minimum", "ge")
		add("maximum", "le")
		add("exclusiveMinimum", "gt")
		add("exclusiveMaximum", "lt")
		add("multipleOf", "multiple_of")
		add("minItems", "min_length")
		add("maxItems", "max_length")
	}
	if len(got) == 0 && !email {
		return nil
	}
	// pydantic applies the constraints of an Optional field to the type
	// inside it.
	if t.kind == kOptional {
		t = t.elem
	}
	c := &constraints{minLen: -1, maxLen: -1}
	if email {
		got = slices.DeleteFunc(got, func(k kw) bool { return k.name == "pattern" })
	}
	what := map[kind]string{kBool: "bool", kNone: "NoneType", kDict: "dict", kModel: "a model", kLiteral: "Literal", kDateTime: "datetime", kOptional: "Optional"}
	for _, k := range got {
		v, _ := fs.Get(k.key)
		switch t.kind {
		case kStr, kList, kSet:
			if k.name != "min_length" && k.name != "max_length" && !(k.name == "pattern" && t.kind == kStr) {
				return b.unsupported(ptr+"/"+k.key, "constraint %s on %s", k.name, typeName(t))
			}
		case kInt, kFloat:
			if k.name == "min_length" || k.name == "max_length" || k.name == "pattern" {
				return b.unsupported(ptr+"/"+k.key, "constraint %s on %s", k.name, typeName(t))
			}
		default:
			return b.unsupported(ptr+"/"+k.key, "constraint %s on %s", k.name, what[t.kind])
		}
		if err := b.addConstraint(c, t, k.name, v, ptr+"/"+k.key); err != nil {
			return err
		}
	}
	if email {
		if t.kind != kStr {
			return b.unsupported(ptr+"/format", "format email on %s", typeName(t))
		}
		v := pyjson.StrValue(emailPattern)
		if err := b.addConstraint(c, t, "pattern", &v, ptr+"/format"); err != nil {
			return err
		}
	}
	t.cons = c
	return nil
}

func typeName(t *typ) string {
	switch t.kind {
	case kStr:
		return "str"
	case kInt:
		return "int"
	case kFloat:
		return "float"
	case kList:
		return "List"
	case kSet:
		return "Set"
	}
	return "this type"
}

// keywordOf is the JSON Schema keyword pydantic writes for a constraint.
func keywordOf(name string, t *typ) string {
	switch name {
	case "min_length":
		if t.kind == kStr {
			return "minLength"
		}
		return "minItems"
	case "max_length":
		if t.kind == kStr {
			return "maxLength"
		}
		return "maxItems"
	}
	return map[string]string{"pattern": "pattern", "ge": "minimum", "le": "maximum",
		"gt": "exclusiveMinimum", "lt": "exclusiveMaximum", "multiple_of": "multipleOf"}[name]
}

// addConstraint records constraint name = v on c, for type t.
func (b *builder) addConstraint(c *constraints, t *typ, name string, v *pyjson.Value, ptr string) error {
	switch name {
	case "min_length", "max_length":
		n, err := strconv.Atoi(v.Int)
		if v.Kind != pyjson.Int || err != nil || n < 0 {
			return b.unsupported(ptr, "%s %s: pydantic needs a count from 0", name, pyjson.Repr(v))
		}
		if name == "min_length" {
			c.minLen = n
		} else {
			c.maxLen = n
		}
	case "pattern":
		if v.Kind != pyjson.Str {
			return b.unsupported(ptr, "a pattern that is not a string")
		}
		re, err := regexp.Compile(v.Str)
		if err != nil {
			return b.unsupported(ptr, "a pattern Go's regexp cannot compile: %v", err)
		}
		c.pattern, c.patternText = re, v.Str
	default:
		if v.Kind != pyjson.Int && v.Kind != pyjson.Float {
			return b.unsupported(ptr, "%s %s: not a number", name, pyjson.Repr(v))
		}
		var bd *bound
		if t.kind == kFloat {
			f := v.Float
			if v.Kind == pyjson.Int {
				f, _ = strconv.ParseFloat(v.Int, 64)
			}
			bd = &bound{F: f, Text: rustFloat(f)}
		} else if v.Kind == pyjson.Int {
			x, _ := new(big.Int).SetString(v.Int, 10)
			bd = &bound{I: x, Text: x.String()}
		} else {
			if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) || v.Float != math.Trunc(v.Float) {
				return b.unsupported(ptr, "%s %s on an int: pydantic needs an integer", name, pyjson.Repr(v))
			}
			x, _ := new(big.Float).SetFloat64(v.Float).Int(nil)
			bd = &bound{I: x, Text: x.String()}
		}
		if name == "multiple_of" && (bd.I != nil && bd.I.Sign() <= 0 || bd.I == nil && !(bd.F > 0)) {
			return b.unsupported(ptr, "multipleOf %s: pydantic needs a number above 0", pyjson.Repr(v))
		}
		switch name {
		case "ge":
			c.ge = bd
		case "le":
			c.le = bd
		case "gt":
			c.gt = bd
		case "lt":
			c.lt = bd
		case "multiple_of":
			c.mult = bd
		}
	}
	kwName := keywordOf(name, t)
	for i := 0; i < len(c.keywords); i += 2 {
		if c.keywords[i].Str == kwName {
			c.keywords[i+1] = *v
			return nil
		}
	}
	c.keywords = append(c.keywords, pyjson.StrValue(kwName), *v)
	return nil
}

// rustFloat is Rust's Display of an f64, as pydantic-core's messages
// write a float bound: 2.5, 2 for 2.0, inf, NaN.
func rustFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// cleandoc is Python's inspect.cleandoc, as pydantic applies it to a
// model's docstring: tabs expanded, the first line's leading white space
// removed, the smallest indentation of the other non-blank lines removed
// from each of them, and empty lines at the start and end dropped.
func cleandoc(doc string) string {
	lines := strings.Split(expandTabs(doc), "\n")
	margin := -1
	for _, l := range lines[1:] {
		r := []rune(l)
		content := len([]rune(lstrip(l)))
		if content > 0 {
			if ind := len(r) - content; margin < 0 || ind < margin {
				margin = ind
			}
		}
	}
	lines[0] = lstrip(lines[0])
	if margin >= 0 {
		for i := 1; i < len(lines); i++ {
			r := []rune(lines[i])
			lines[i] = string(r[min(margin, len(r)):])
		}
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// lstrip is Python's str.lstrip().
func lstrip(s string) string {
	return strings.TrimLeftFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f || r == 0x85
	})
}

func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// escapePointer escapes a JSON pointer segment.
func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// --- the JSON schema ---

func dict() pyjson.Value { return pyjson.Value{Kind: pyjson.Dict} }

// properties is the "properties" of the model's schema after AutoGen's
// inlining, and its "required".
func (m *model) properties() (pyjson.Value, []string) {
	props := dict()
	required := []string{}
	for _, f := range m.fields {
		props.Set(f.key, pymodel.SortSchema(f.schema(), ""))
		if f.required {
			required = append(required, f.key)
		}
	}
	return props, required
}

// schema is the model's own schema (a $defs entry, inlined).
func (m *model) schema() pyjson.Value {
	s := dict()
	if m.hasDoc {
		s.Set("description", pyjson.StrValue(m.doc))
	}
	props, required := m.properties()
	s.Set("properties", props)
	if len(required) > 0 {
		list := pyjson.Value{Kind: pyjson.List}
		for _, r := range required {
			list.List = append(list.List, pyjson.StrValue(r))
		}
		s.Set("required", list)
	}
	s.Set("title", pyjson.StrValue(m.title))
	s.Set("type", pyjson.StrValue("object"))
	for i := 0; i < len(m.extra); i += 2 {
		s.Set(m.extra[i].Str, m.extra[i+1])
	}
	return s
}

// schema is a field's property schema: the type's schema with the
// constraints, title, description, default and json_schema_extra; a model
// field is only the model's schema (AutoGen's jsonref inlining replaces
// the whole {"$ref": ...} property, dropping what stands beside it).
func (f *field) schema() pyjson.Value {
	if f.typ.kind == kModel {
		return f.typ.model.schema()
	}
	s := f.typ.schema()
	s.Set("title", pyjson.StrValue(pymodel.Title(f.key)))
	if f.desc != nil {
		s.Set("description", *f.desc)
	}
	if !f.required {
		s.Set("default", f.def)
	}
	for i := 0; i < len(f.extra); i += 2 {
		s.Set(f.extra[i].Str, f.extra[i+1])
	}
	return s
}

// schema is a type's schema, as pydantic's GenerateJsonSchema writes it.
func (t *typ) schema() pyjson.Value {
	s := dict()
	str := pyjson.StrValue
	switch t.kind {
	case kStr:
		s.Set("type", str("string"))
	case kInt:
		s.Set("type", str("integer"))
	case kFloat:
		s.Set("type", str("number"))
	case kBool:
		s.Set("type", str("boolean"))
	case kNone:
		s.Set("type", str("null"))
	case kDateTime:
		s.Set("format", str("date-time"))
		s.Set("type", str("string"))
	case kDict:
		s.Set("additionalProperties", pyjson.BoolValue(true))
		s.Set("type", str("object"))
	case kList:
		s.Set("items", t.elem.itemSchema())
		s.Set("type", str("array"))
	case kSet:
		s.Set("items", t.elem.itemSchema())
		s.Set("type", str("array"))
		s.Set("uniqueItems", pyjson.BoolValue(true))
	case kModel:
		return t.model.schema()
	case kLiteral:
		if len(t.values) == 1 {
			s.Set("const", t.values[0])
		} else {
			s.Set("enum", pyjson.Value{Kind: pyjson.List, List: slices.Clone(t.values)})
		}
		kinds := map[pyjson.Kind]bool{}
		for i := range t.values {
			kinds[t.values[i].Kind] = true
		}
		if len(kinds) == 1 {
			for k := range kinds {
				if name := map[pyjson.Kind]string{pyjson.Str: "string", pyjson.Int: "integer", pyjson.Float: "number", pyjson.Bool: "boolean", pyjson.None: "null"}[k]; name != "" {
					s.Set("type", str(name))
				}
			}
		}
	case kOptional:
		null := dict()
		null.Set("type", str("null"))
		s.Set("anyOf", pyjson.Value{Kind: pyjson.List, List: []pyjson.Value{t.elem.schema(), null}})
	}
	if c := t.cons; c != nil {
		for i := 0; i < len(c.keywords); i += 2 {
			s.Set(c.keywords[i].Str, c.keywords[i+1])
		}
	}
	return s
}

// itemSchema is the schema of a list's or set's items (a nested model's
// inlined definition, or the type's schema).
func (t *typ) itemSchema() pyjson.Value { return t.schema() }
