package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
)

// A member that is a map (possibly nullable or optional) gets, in its
// struct, an unexported field holding the order its keys were read in
// (wire.KeyOrder): AutoGen dumps a dict in its insertion order, and a Go
// map has none. decodeFrom fills it and encodeTo writes the keys in it.

// keyedMembers returns, for the object c, the Go field of each member
// whose value is a map read and written in place ("x.Field"), mapped to
// the name of its order field. fields is go-jsonschema's field of each
// JSON member.
func (g *generator) keyedMembers(c *concept, fields map[string][2]string) map[string]string {
	out := map[string]string{}
	for _, p := range c.props {
		t := p.typ
		if t == nil {
			continue
		}
		if t.kind == "optional" {
			t = t.elem
			if t.kind == "nullable" {
				continue // read into .Value, its own type
			}
		}
		if t.kind == "nullable" {
			t = t.elem
		}
		if t.kind != "map" {
			continue
		}
		if f, ok := fields[p.json]; ok {
			out[f[0]] = lowerFirst(f[0]) + "Keys"
		}
	}
	return out
}

// addKeyFields inserts, in go-jsonschema's declaration of the struct
// name in src, the order field of each keyed member after its field.
func addKeyFields(src []byte, name string, keyed map[string]string) ([]byte, error) {
	if len(keyed) == 0 {
		return src, nil
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name+".go", src, 0)
	if err != nil {
		return nil, err
	}
	type insert struct {
		off  int
		text string
	}
	var ins []insert
	ast.Inspect(file, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != name {
			return true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			return false
		}
		for _, fld := range st.Fields.List {
			if len(fld.Names) != 1 {
				continue
			}
			f := fld.Names[0].Name
			if k, ok := keyed[f]; ok {
				ins = append(ins, insert{fset.Position(fld.End()).Offset, fmt.Sprintf(
					"\n\n\t// %s is the order the keys of %s were read in, when it\n"+
						"\t// was not sorted: they are written in it, as AutoGen writes a dict.\n\t%s []string",
					k, f, k)})
			}
		}
		return false
	})
	if len(ins) != len(keyed) {
		return nil, fmt.Errorf("%s: found %d of the %d map fields", name, len(ins), len(keyed))
	}
	out := src
	for i := len(ins) - 1; i >= 0; i-- {
		e := ins[i]
		out = append(append(append([]byte{}, out[:e.off]...), e.text...), out[e.off:]...)
	}
	return out, nil
}

// keysOf returns the order field of the member expr ("x.Field") when
// it is a keyed map member of the object being emitted, else "".
func (g *generator) keysOf(expr string) string {
	if len(expr) > 2 && expr[:2] == "x." {
		if k, ok := g.keyed[expr[2:]]; ok {
			return "x." + k
		}
	}
	return ""
}
