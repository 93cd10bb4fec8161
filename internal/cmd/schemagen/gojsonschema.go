package main

import (
	"bytes"
	"sort"

	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	jsg "github.com/atombender/go-jsonschema/pkg/generator"
)

const prepBase = "https://schemas.agentschema.invalid/"

// prepare writes, for every object concept, the schema go-jsonschema is
// fed: the same properties, descriptions and titles, each property's Go
// type fixed with the goJSONSchema extension (so unions, nullables, big
// integers and datetimes get the types this module decodes), every
// property required (pointers come from the extension, not from
// go-jsonschema's optional handling), and the tag member left out (the
// variant types encode it themselves).
func (g *generator) prepare(dir string) ([]string, map[string]string, error) {
	var files []string
	outputs := map[string]string{}
	for _, name := range g.order {
		c := g.concepts[name]
		if c.kind != "object" {
			continue
		}
		props := &node{kind: 'o'}
		req := &node{kind: 'a'}
		for _, p := range c.props {
			if p.isTag && len(c.tagValues) == 0 {
				continue
			}
			if p.isTag {
				// A tag with other values read (x-const-aliases) keeps the
				// one read, in a string field goInitialisms names Tag.
				props.members = append(props.members, member{p.json, &node{kind: 'o', members: []member{
					{"description", &node{kind: 's', str: tagFieldDoc(c)}},
					{"goJSONSchema", &node{kind: 'o', members: []member{{"type", &node{kind: 's', str: "string"}}}}},
				}}})
				req.items = append(req.items, &node{kind: 's', str: p.json})
				continue
			}
			ps := &node{kind: 'o'}
			if t := c.root.get("properties").get(p.json).get("title"); t != nil {
				ps.members = append(ps.members, member{"title", t})
			}
			ps.members = append(ps.members, member{"description", &node{kind: 's', str: fieldDoc(p)}})
			ext := &node{kind: 'o', members: []member{{"type", &node{kind: 's', str: g.goType(p.typ)}}}}
			ps.members = append(ps.members, member{"goJSONSchema", ext})
			props.members = append(props.members, member{p.json, ps})
			req.items = append(req.items, &node{kind: 's', str: p.json})
		}
		s := &node{kind: 'o', members: []member{
			{"$schema", &node{kind: 's', str: "http://json-schema.org/draft-07/schema#"}},
			{"$id", &node{kind: 's', str: prepBase + c.file}},
			{"title", &node{kind: 's', str: c.name}},
		}}
		if c.description != "" {
			s.members = append(s.members, member{"description", &node{kind: 's', str: c.description}})
		}
		s.members = append(s.members,
			member{"type", &node{kind: 's', str: "object"}},
			member{"properties", props},
			member{"required", req})
		path := filepath.Join(dir, c.file)
		if err := os.WriteFile(path, []byte(s.json()), 0o644); err != nil {
			return nil, nil, err
		}
		files = append(files, path)
		outputs[prepBase+c.file] = snake(c.name) + ".go"
	}
	return files, outputs, nil
}

// tagFieldDoc is the doc comment of the Tag field of a concept whose tag
// has other values read (x-const-aliases).
func tagFieldDoc(c *concept) string {
	all := quoteList(append([]string{c.tag}, c.tagValues...))
	return fmt.Sprintf("The %q tag as read (one of %s), written back as read so that a document keeps its writer's tag; empty writes %q. Encoding any other value is refused.", c.tagName, all, c.tag)
}

// fieldDoc is the doc comment of a struct field: the property's
// description in the schema (AutoGen's docstring), then what the schema
// says of it: its JSON name and whether it is required or its default.
func fieldDoc(p *prop) string {
	doc := fmt.Sprintf("The JSON member %q", p.json)
	switch {
	case p.factory == "uuid4":
		doc += "; a new UUID4 by default"
	case p.factory == "now-utc":
		doc += "; the current UTC time by default"
	case p.factory != "":
		doc += "; made by " + p.factory + " by default"
	case p.hasDefault && p.def != nil:
		doc += "; " + p.def.json() + " by default"
	case p.required:
		doc += "; required"
	default:
		doc += "; may be absent"
	}
	doc += "."
	if p.description != "" {
		return p.description + "\n\n" + doc
	}
	return doc
}

// runGoJSONSchema runs go-jsonschema (pinned in this module's go.mod) as a
// library over the prepared schemas and returns its output, one Go file
// per concept, by file name (the names in outputs).
func runGoJSONSchema(files []string, outputs map[string]string) (map[string][]byte, error) {
	cfg := jsg.Config{
		DefaultPackageName:        "gen",
		DefaultOutputName:         "-",
		YAMLExtensions:            []string{".yml", ".yaml"},
		Tags:                      []string{"json"},
		Capitalizations:           []string{"ID"},
		OnlyModels:                true,
		StructNameFromTitle:       true,
		DisableCustomTypesForMaps: true,
		Warner:                    func(string) {},
	}
	ids := make([]string, 0, len(outputs))
	for id := range outputs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		cfg.SchemaMappings = append(cfg.SchemaMappings, jsg.SchemaMapping{SchemaID: id, PackageName: "gen", OutputName: outputs[id]})
	}
	g, err := jsg.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("go-jsonschema: %w", err)
	}
	for _, f := range files {
		if err := g.DoFile(f); err != nil {
			return nil, fmt.Errorf("go-jsonschema: %s: %w", f, err)
		}
	}
	src, err := g.Sources()
	if err != nil {
		return nil, fmt.Errorf("go-jsonschema: %w", err)
	}
	return src, nil
}

// initialisms are the words Go writes in one case ("APIKey", "BaseURL"):
// go-jsonschema capitalizes only ID.
var initialisms = map[string]string{
	"Ai": "AI", "Api": "API", "Html": "HTML", "Http": "HTTP", "Id": "ID", "Json": "JSON", "Llm": "LLM",
	"Mcp": "MCP", "Sql": "SQL", "Sse": "SSE", "Tls": "TLS", "Uri": "URI", "Url": "URL", "Uuid": "UUID", "Xml": "XML",
}

// goInitialism rewrites the words of the CamelCase name that are
// initialisms ("ApiKey" -> "APIKey", "Urls" -> "URLs").
func goInitialism(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); {
		j := i + 1
		for j < len(name) && name[j] >= 'a' && name[j] <= 'z' {
			j++
		}
		w := name[i:j]
		if up, ok := initialisms[w]; ok {
			w = up
		} else if up, ok := initialisms[strings.TrimSuffix(w, "s")]; ok && strings.HasSuffix(w, "s") {
			w = up + "s"
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// goInitialisms renames, in go-jsonschema's output, the fields of every
// struct to Go's initialisms (type names stay the schemas' titles, which
// are AutoGen's and .NET's class names), and the "type" field of the
// structs named in tagged to Tag (their Type method returns it).
func goInitialisms(sources map[string][]byte, tagged map[string]bool) error {
	fset := token.NewFileSet()
	for name, src := range sources {
		file, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return err
		}
		type edit struct {
			off     int
			old, nw string
		}
		var edits []edit
		ast.Inspect(file, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fld := range st.Fields.List {
				for _, id := range fld.Names {
					if id.Name == "Type" && tagged[ts.Name.Name] {
						edits = append(edits, edit{fset.Position(id.Pos()).Offset, id.Name, "Tag"})
					} else if nw := goInitialism(id.Name); nw != id.Name {
						edits = append(edits, edit{fset.Position(id.Pos()).Offset, id.Name, nw})
					}
				}
			}
			return true
		})
		out := src
		for i := len(edits) - 1; i >= 0; i-- {
			e := edits[i]
			out = append(append(append([]byte{}, out[:e.off]...), e.nw...), out[e.off+len(e.old):]...)
		}
		sources[name] = out
	}
	return nil
}

// readFieldNames parses go-jsonschema's output and returns, per struct,
// the Go field name of each JSON member and its declared type.
func readFieldNames(sources map[string][]byte) (map[string]map[string][2]string, error) {
	out := map[string]map[string][2]string{}
	fset := token.NewFileSet()
	for name, src := range sources {
		file, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return nil, err
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				fields := map[string][2]string{}
				for _, fld := range st.Fields.List {
					if fld.Tag == nil || len(fld.Names) != 1 {
						continue
					}
					tag, _ := strconv.Unquote(fld.Tag.Value)
					jn := strings.Split(reflect.StructTag(tag).Get("json"), ",")[0]
					var tb bytes.Buffer
					writeExpr(&tb, fld.Type)
					fields[jn] = [2]string{fld.Names[0].Name, tb.String()}
				}
				out[ts.Name.Name] = fields
			}
		}
	}
	return out, nil
}

func writeExpr(b *bytes.Buffer, e ast.Expr) {
	switch x := e.(type) {
	case *ast.Ident:
		b.WriteString(x.Name)
	case *ast.StarExpr:
		b.WriteString("*")
		writeExpr(b, x.X)
	case *ast.ArrayType:
		b.WriteString("[]")
		writeExpr(b, x.Elt)
	case *ast.MapType:
		b.WriteString("map[")
		writeExpr(b, x.Key)
		b.WriteString("]")
		writeExpr(b, x.Value)
	case *ast.IndexExpr:
		writeExpr(b, x.X)
		b.WriteString("[")
		writeExpr(b, x.Index)
		b.WriteString("]")
	case *ast.SelectorExpr:
		writeExpr(b, x.X)
		b.WriteString(".")
		b.WriteString(x.Sel.Name)
	default:
		fmt.Fprintf(b, "%T", e)
	}
}

// snake turns a Go type name into a file name: TextMessage -> text_message.
func snake(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if r >= 'A' && r <= 'Z' {
			if i > 0 && (rs[i-1] >= 'a' && rs[i-1] <= 'z' || (i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z' && rs[i-1] >= 'A' && rs[i-1] <= 'Z')) {
				b.WriteByte('_')
			}
			b.WriteRune(r + 'a' - 'A')
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
