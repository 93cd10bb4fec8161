package main

import "fmt"

// goType is the Go type of a typeRef inside package gen.
func (g *generator) goType(t *typeRef) string {
	switch t.kind {
	case "string", "const":
		if t.enumName != "" {
			return t.enumName
		}
		return "string"
	case "int":
		return "Int"
	case "float":
		return "float64"
	case "bool":
		return "bool"
	case "datetime":
		return "DateTime"
	case "any", "anyobject":
		return "RawJSON"
	case "bytes":
		return "[]byte"
	case "error":
		return "error"
	case "inmemory":
		return "any"
	case "ref":
		return t.ref
	case "array":
		return "[]" + g.goType(t.elem)
	case "map":
		return "map[string]" + g.goType(t.elem)
	case "kindunion":
		return t.union.name
	case "nullable":
		if g.nilable(t.elem) {
			if t.elem.kind == "optional" {
				return g.goType(t.elem)
			}
			return g.goType(t.elem)
		}
		return "*" + g.goType(t.elem)
	case "optional":
		if t.elem.kind == "nullable" {
			return "Optional[" + g.goType(t.elem) + "]"
		}
		if g.nilable(t.elem) {
			return g.goType(t.elem)
		}
		return "*" + g.goType(t.elem)
	}
	panic(fmt.Sprintf("goType: unknown kind %q", t.kind))
}

// nilable reports whether the Go type already has a nil value that can
// stand for null or absence (slices, maps, RawJSON, union interfaces,
// error, any).
func (g *generator) nilable(t *typeRef) bool {
	switch t.kind {
	case "array", "map", "any", "anyobject", "bytes", "error", "inmemory":
		return true
	case "ref":
		k := g.concepts[t.ref].kind
		return k == "taggedUnion" || k == "map"
	}
	return false
}
