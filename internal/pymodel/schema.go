package pymodel

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// Schema returns pydantic's model_json_schema() of model n (validation
// mode): nested models and Enum classes in "$defs" with "$ref"s to them,
// keys sorted as pydantic sorts them.
func Schema(n *Node) pyjson.Value {
	g := &schemaGen{defs: &pyjson.Value{Kind: pyjson.Dict}, seen: map[reflect.Type]string{}}
	root := g.model(n)
	out := pyjson.Value{Kind: pyjson.Dict}
	if len(g.defs.Keys) > 0 {
		out.Set("$defs", *g.defs)
	}
	for i := range root.Keys {
		out.Keys = append(out.Keys, root.Keys[i])
		out.Vals = append(out.Vals, root.Vals[i])
	}
	return sortSchema(out, "")
}

// InlineSchema is Schema with every "$ref" replaced by its definition, as
// AutoGen's tools replace them (jsonref.replace_refs): a property that is
// a "$ref" becomes the definition alone, without the property's own title,
// description or default. n must be built with Options.Inline.
func InlineSchema(n *Node) pyjson.Value {
	g := &schemaGen{}
	return sortSchema(g.model(n), "")
}

// schemaGen writes schemas; defs is nil when definitions are inlined.
type schemaGen struct {
	defs *pyjson.Value
	seen map[reflect.Type]string
}

func str(s string) pyjson.Value { return pyjson.StrValue(s) }

func dict() pyjson.Value { return pyjson.Value{Kind: pyjson.Dict} }

// isRef reports whether pydantic writes n's schema as a "$ref" (models,
// Enum classes, generated models with a definition), through Optional.
func isRef(n *Node) bool {
	if n.Kind == Ptr {
		return isRef(n.Elem)
	}
	return isDef(n)
}

func isDef(n *Node) bool {
	return n.Kind == Struct || n.EnumClass || n.Kind == Codec && n.def != nil
}

// model is the schema of a Struct node's model.
func (g *schemaGen) model(n *Node) pyjson.Value {
	s := dict()
	props := dict()
	req := pyjson.Value{Kind: pyjson.List}
	for _, f := range n.Fields {
		props.Set(f.Name, g.field(f))
		if f.Required {
			req.List = append(req.List, str(f.Name))
		}
	}
	if n.Doc != "" {
		s.Set("description", str(n.Doc))
	}
	s.Set("properties", props)
	if len(req.List) > 0 {
		s.Set("required", req)
	}
	s.Set("title", str(n.Title))
	s.Set("type", str("object"))
	return s
}

// field is the schema of one property.
func (g *schemaGen) field(f *Field) pyjson.Value {
	s := g.typeSchema(f.Node)
	if g.defs == nil && isDef(f.Node) {
		return s // jsonref's replacement drops the property's own members
	}
	if f.HasDefault {
		s.Set("default", f.Default)
	}
	if f.HasDesc {
		s.Set("description", str(f.Description))
	}
	if !isRef(f.Node) {
		s.Set("title", str(f.Title))
	}
	return s
}

// ref is a "$ref" to the definition of n, added on first use; inlined, the
// definition itself.
func (g *schemaGen) ref(n *Node) pyjson.Value {
	if g.defs == nil {
		return g.definition(n)
	}
	name, ok := g.seen[n.Type]
	if !ok {
		base := n.Title
		if n.def != nil {
			base = n.def.name
		}
		name = base
		for i := 2; ; i++ {
			if _, taken := g.defs.Get(name); !taken {
				break
			}
			name = base + strconv.Itoa(i)
		}
		g.seen[n.Type] = name
		g.defs.Set(name, pyjson.NoneValue()) // taken, for recursive models
		def := g.definition(n)
		g.defs.Set(name, def)
	}
	s := dict()
	s.Set("$ref", str("#/$defs/"+name))
	return s
}

func (g *schemaGen) definition(n *Node) pyjson.Value {
	switch {
	case n.Kind == Struct:
		return g.model(n)
	case n.def != nil:
		return n.def.schema
	}
	return enumSchema(n)
}

// typeSchema is the schema of a node's type.
func (g *schemaGen) typeSchema(n *Node) pyjson.Value {
	if isDef(n) {
		return g.ref(n)
	}
	s := dict()
	switch n.Kind {
	case String, Int, Float, Bool:
		s.Set("type", str(jsonType(n.Kind)))
	case Time, DateTime:
		s.Set("format", str("date-time"))
		s.Set("type", str("string"))
	case Bytes:
		s.Set("format", str("binary"))
		s.Set("type", str("string"))
	case Slice, Array, Map, Ptr:
		s = g.containerSchema(n)
	}
	if n.Enum != nil {
		s = enumSchema(n)
	} else {
		for _, kw := range n.rangeKW {
			s.Set(kw.name, kw.value)
		}
	}
	for _, kw := range n.keywords {
		s.Set(kw.name, kw.value)
	}
	return s
}

func (g *schemaGen) containerSchema(n *Node) pyjson.Value {
	s := dict()
	switch n.Kind {
	case Slice:
		s.Set("items", g.typeSchema(n.Elem))
		s.Set("type", str("array"))
	case Array:
		s.Set("maxItems", pyjson.IntValue(strconv.Itoa(n.Len)))
		s.Set("minItems", pyjson.IntValue(strconv.Itoa(n.Len)))
		if n.Len > 0 {
			items := pyjson.Value{Kind: pyjson.List}
			for range n.Len {
				items.List = append(items.List, g.typeSchema(n.Elem))
			}
			s.Set("prefixItems", items)
		}
		s.Set("type", str("array"))
	case Map:
		if n.Elem.Kind == Any || n.Elem.Kind == Raw {
			s.Set("additionalProperties", pyjson.BoolValue(true))
		} else {
			s.Set("additionalProperties", g.typeSchema(n.Elem))
		}
		s.Set("type", str("object"))
	case Ptr:
		null := dict()
		null.Set("type", str("null"))
		s.Set("anyOf", pyjson.Value{Kind: pyjson.List, List: []pyjson.Value{g.typeSchema(n.Elem), null}})
	}
	return s
}

// enumSchema is pydantic's schema of a Literal (an enum tag) or of an Enum
// class.
func enumSchema(n *Node) pyjson.Value {
	s := dict()
	if n.EnumClass {
		if n.Doc != "" {
			s.Set("description", str(n.Doc))
		}
		s.Set("title", str(n.Title))
	}
	if len(n.Enum) == 1 && !n.EnumClass {
		s.Set("const", n.Enum[0])
	} else {
		s.Set("enum", pyjson.Value{Kind: pyjson.List, List: slices.Clone(n.Enum)})
	}
	if t := jsonType(n.Kind); t != "" {
		s.Set("type", str(t))
	}
	return s
}

// jsonType is the JSON Schema type of a scalar kind ("" for others).
func jsonType(k Kind) string {
	switch k {
	case String:
		return "string"
	case Int:
		return "integer"
	case Float:
		return "number"
	case Bool:
		return "boolean"
	}
	return ""
}

// SortSchema is pydantic's GenerateJsonSchema.sort: dict keys sorted at
// every depth, except the members of "properties" and of "default";
// parent is the key v is the value of ("" at the top).
func SortSchema(v pyjson.Value, parent string) pyjson.Value { return sortSchema(v, parent) }

// sortSchema is SortSchema.
func sortSchema(v pyjson.Value, parent string) pyjson.Value {
	switch v.Kind {
	case pyjson.List:
		out := pyjson.Value{Kind: pyjson.List, List: make([]pyjson.Value, len(v.List))}
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
		out := pyjson.Value{Kind: pyjson.Dict, Keys: make([]pyjson.Value, 0, len(idx)), Vals: make([]pyjson.Value, 0, len(idx))}
		for _, i := range idx {
			out.Keys = append(out.Keys, v.Keys[i])
			out.Vals = append(out.Vals, sortSchema(v.Vals[i], v.Keys[i].Str))
		}
		return out
	}
	return v
}

// InlineFieldSchema is the schema of one property of an inlined model (see
// InlineSchema).
func InlineFieldSchema(f *Field) pyjson.Value {
	g := &schemaGen{}
	return sortSchema(g.field(f), "")
}
