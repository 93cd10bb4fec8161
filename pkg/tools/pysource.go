package tools

import (
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// pythonSource writes a Python stub of a FunctionTool's function: its
// parameters annotated as AutoGen needs them to infer the same schema,
// and the imports the annotations use.
func pythonSource(funcName string, args *node, out reflect.Type) (string, []gen.FunctionToolConfigGlobalImportsItem) {
	imp := pyImports{}
	var params []string
	sawDefault, needStar := false, false
	for _, f := range args.Fields {
		ann := imp.annotation(f.Node)
		if f.HasDesc && f.Description != f.Name {
			imp.use("typing", "Annotated")
			ann = "Annotated[" + ann + ", " + pyLiteral(pyjson.StrValue(f.Description)) + "]"
		}
		p := f.Name + ": " + ann
		if f.HasDefault {
			p += " = " + pyLiteral(f.Default)
			sawDefault = true
		} else if sawDefault {
			needStar = true // a required parameter after a default one
		}
		params = append(params, p)
	}
	if needStar {
		params = append([]string{"*"}, params...)
	}
	ret := "Any"
	if n, err := pymodel.NodeOf(out); err == nil {
		ret = imp.annotation(n)
	} else {
		imp.use("typing", "Any")
	}
	var src strings.Builder
	src.WriteString("def " + funcName + "(" + strings.Join(params, ", ") + ") -> " + ret + ":\n")
	src.WriteString("    raise NotImplementedError(" + pyLiteral(pyjson.StrValue(funcName+" is implemented in Go")) + ")\n")
	return src.String(), imp.items()
}

// pyImports collects the names the annotations use, by module.
type pyImports map[string][]string

func (p pyImports) use(module, name string) {
	if !slices.Contains(p[module], name) {
		p[module] = append(p[module], name)
	}
}

func (p pyImports) items() []gen.FunctionToolConfigGlobalImportsItem {
	out := []gen.FunctionToolConfigGlobalImportsItem{}
	modules := make([]string, 0, len(p))
	for m := range p {
		modules = append(modules, m)
	}
	slices.Sort(modules)
	for _, m := range modules {
		names := slices.Sorted(slices.Values(p[m]))
		var items []gen.ImportFromModuleImportsItem
		for _, n := range names {
			items = append(items, gen.ImportFromModuleImportsItemOfName(n))
		}
		out = append(out, gen.FunctionToolConfigGlobalImportsItemOfImportFromModule(gen.ImportFromModule{Module: m, Imports: items}))
	}
	return out
}

// annotation is the Python type annotation of a node.
func (p pyImports) annotation(n *node) string {
	if n.Enum != nil {
		p.use("typing", "Literal")
		parts := make([]string, len(n.Enum))
		for i, v := range n.Enum {
			parts[i] = pyLiteral(v)
		}
		return "Literal[" + strings.Join(parts, ", ") + "]"
	}
	switch n.Kind {
	case pymodel.String:
		return "str"
	case pymodel.Int:
		return "int"
	case pymodel.Float:
		return "float"
	case pymodel.Bool:
		return "bool"
	case pymodel.Time, pymodel.DateTime:
		p.use("datetime", "datetime")
		return "datetime"
	case pymodel.Slice:
		p.use("typing", "List")
		return "List[" + p.annotation(n.Elem) + "]"
	case pymodel.Array:
		p.use("typing", "Tuple")
		if n.Len == 0 {
			return "Tuple[()]"
		}
		parts := make([]string, n.Len)
		for i := range parts {
			parts[i] = p.annotation(n.Elem)
		}
		return "Tuple[" + strings.Join(parts, ", ") + "]"
	case pymodel.Map:
		p.use("typing", "Dict")
		return "Dict[" + p.annotation(n.Key) + ", " + p.annotation(n.Elem) + "]"
	case pymodel.Struct:
		p.use("typing", "Dict")
		p.use("typing", "Any")
		return "Dict[str, Any]"
	case pymodel.Ptr:
		p.use("typing", "Optional")
		return "Optional[" + p.annotation(n.Elem) + "]"
	}
	p.use("typing", "Any")
	return "Any"
}

// pyLiteral writes a value as a Python literal, strings in double quotes
// (JSON's escapes are Python's too).
func pyLiteral(v pyValue) string {
	switch v.Kind {
	case pyjson.Str, pyjson.Object, pyjson.Bytes:
		return pyjson.Dumps(&v) // json.dumps of the text
	case pyjson.Float:
		switch {
		case math.IsInf(v.Float, 1):
			return "float(\"inf\")"
		case math.IsInf(v.Float, -1):
			return "float(\"-inf\")"
		case math.IsNaN(v.Float):
			return "float(\"nan\")"
		}
	case pyjson.List, pyjson.Tuple:
		parts := make([]string, len(v.List))
		for i := range v.List {
			parts[i] = pyLiteral(v.List[i])
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case pyjson.Dict, pyjson.Model:
		parts := make([]string, len(v.Keys))
		for i := range v.Keys {
			parts[i] = pyLiteral(v.Keys[i]) + ": " + pyLiteral(v.Vals[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return pyjson.Repr(&v)
}
