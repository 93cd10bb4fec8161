// Command schemagen turns the canonical JSON Schemas in schemas/ into the
// Go types of package gen: it prepares the schemas go-jsonschema is fed
// (so its plain structs get the right field types), runs go-jsonschema,
// and emits everything go-jsonschema cannot: the codecs with AutoGen's
// defaults and lax rules, tagged unions as sealed interfaces, unions by
// JSON kind, enums and the type registry. It fails on any schema or union
// site it cannot classify. The extensions the design note's content types
// use (x-tag-aliases, x-aliases, x-omit-null, x-go-in-memory, x-go-type,
// x-go-data-uri, x-go-add, and map types with key patterns) are described
// in contents.go.
//
// It runs from `go generate ./...` (see generate.go at the module root).
package main

import (
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	schemas := flag.String("schemas", "schemas", "folder of canonical JSON Schemas")
	out := flag.String("out", "gen", "output folder (its generated files are replaced)")
	flag.Parse()
	if err := run(*schemas, *out); err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
}

func run(schemaDir, outDir string) error {
	g, err := loadSchemas(schemaDir)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "schemagen")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	prepDir := filepath.Join(tmp, "prep")
	genDir := filepath.Join(tmp, "gen")
	if err := os.MkdirAll(prepDir, 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(genDir, 0o755); err != nil {
		return err
	}
	files, outputs, err := g.prepare(prepDir)
	if err != nil {
		return err
	}
	if err := runGoJSONSchema(files, outputs, genDir); err != nil {
		return err
	}
	var structFiles []string
	for _, f := range outputs {
		structFiles = append(structFiles, f)
	}
	sort.Strings(structFiles)
	fields, err := readFieldNames(genDir, structFiles)
	if err != nil {
		return err
	}
	result := map[string][]byte{}
	for _, f := range structFiles {
		b, err := os.ReadFile(filepath.Join(genDir, f))
		if err != nil {
			return err
		}
		result[f] = b
	}
	member := g.variantsOf()
	for _, name := range g.order {
		c := g.concepts[name]
		switch c.kind {
		case "object":
			b, err := g.emitObject(c, fields[c.name], member[c.name])
			if err != nil {
				return err
			}
			result[snake(c.name)+"_json.go"] = b
		case "taggedUnion":
			for _, v := range c.variants {
				if vc := g.concepts[v]; vc.kind != "object" || vc.tag == "" {
					return fmt.Errorf("%s: union member %s has no const \"type\" tag", c.file, v)
				}
			}
			result[snake(c.name)+".go"] = g.emitTaggedUnion(c)
		case "enum":
			result[snake(c.name)+".go"] = g.emitEnum(c)
		case "map":
			b, err := g.emitMap(c)
			if err != nil {
				return err
			}
			result[snake(c.name)+".go"] = b
		}
	}
	for _, u := range g.unions {
		result[snake(u.name)+".go"] = g.emitKindUnion(u)
	}
	result["runtime.go"] = g.emitRuntime()
	result["registry.go"] = g.emitRegistry()
	result["doc.go"] = g.emitDoc()
	// Replace the output folder's Go files.
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(outDir, "*.go"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	for name, src := range result {
		formatted, err := format.Source(src)
		if err != nil {
			return fmt.Errorf("%s: generated code does not parse: %v\n%s", name, err, src)
		}
		if err := os.WriteFile(filepath.Join(outDir, name), formatted, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func (g *generator) emitRuntime() []byte {
	w := &writer{}
	w.WriteString(header)
	w.p("import \"github.com/agentschema/agentschema/internal/wire\"\n")
	w.p("// Int is an integer of any size, as Python's int (see wire.Int).")
	w.p("type Int = wire.Int\n")
	w.p("// DateTime is a datetime as pydantic holds it: naive or with a fixed offset.")
	w.p("type DateTime = wire.DateTime\n")
	w.p("// RawJSON is a JSON value kept as compact text, key order and number digits intact.")
	w.p("type RawJSON = wire.RawJSON\n")
	w.p("// Image is an image as AutoGen holds it (see wire.Image).")
	w.p("type Image = wire.Image\n")
	w.p("// Optional is a member that may be absent and, when present, null.")
	w.p("type Optional[T any] = wire.Optional[T]\n")
	w.p("// Options configure decoding: unknown members, limits, error count (see")
	w.p("// the fields). The zero value is AutoGen's behaviour with safe limits.")
	w.p("type Options = wire.Options\n")
	w.p("// Error is one decoding fault: JSON pointer, byte offset, line, column,")
	w.p("// pydantic's error type and a message.")
	w.p("type Error = wire.Error\n")
	w.p("// Errors is every fault found in one document; errors.As finds each")
	w.p("// *Error, and the *LimitError of a limit hit, through it.")
	w.p("type Errors = wire.Errors\n")
	w.p("// LimitError names the limit (depth, document_size, string, image_pixels)")
	w.p("// a document exceeded.")
	w.p("type LimitError = wire.LimitError\n")
	w.p("// Decoder reads JSON into the generated types (see DecodeTitled and the")
	w.p("// Decode<Union> functions).")
	w.p("type Decoder = wire.Decoder\n")
	w.p("// Encoder writes the canonical JSON of the generated types.")
	w.p("type Encoder = wire.Encoder\n")
	w.p("// Encodable is implemented by every generated type and union member.")
	w.p("type Encodable = wire.Encodable\n")
	w.p("// NewDecoder returns a decoder over data.")
	w.p("func NewDecoder(data []byte, opts Options) *Decoder { return wire.NewDecoder(data, opts) }\n")
	w.p("// Marshal returns the canonical JSON of v, as AutoGen's model_dump_json")
	w.p("// writes it.")
	w.p("func Marshal(v Encodable) ([]byte, error) { return wire.Marshal(v) }")
	return w.Bytes()
}

func (g *generator) emitRegistry() []byte {
	w := &writer{}
	w.WriteString(header)
	w.p("import \"github.com/agentschema/agentschema/internal/wire\"\n")
	w.p("// decoders decodes each type by its schema title.")
	w.p("var decoders = map[string]func(d *wire.Decoder) wire.Encodable{")
	for _, name := range g.order {
		c := g.concepts[name]
		switch c.kind {
		case "object", "map":
			w.p("\t%q: func(d *wire.Decoder) wire.Encodable { x := new(%s); x.DecodeFrom(d); return x },", name, name)
		case "taggedUnion":
			w.p("\t%q: func(d *wire.Decoder) wire.Encodable { if x := Decode%s(d); x != nil { return x }; return nil },", name, name)
		case "runtime":
			w.p("\t%q: func(d *wire.Decoder) wire.Encodable { x := d.%s(); return wire.EncodeFunc(func(e *wire.Encoder) { e.%s(x) }) },", name, name, name)
		case "enum":
			dec := "d.Str()"
			if !c.open {
				dec = "d.Enum(" + lowerFirst(name) + "Values...)"
			}
			w.p("\t%q: func(d *wire.Decoder) wire.Encodable { x := %s; return wire.EncodeFunc(func(e *wire.Encoder) { e.Str(x) }) },", name, dec)
		}
	}
	w.p("}\n")
	w.p("// tagged maps each \"type\" tag to the title of the type that carries it.")
	w.p("var tagged = map[string]string{")
	for _, name := range g.order {
		if c := g.concepts[name]; c.kind == "object" && c.tag != "" {
			w.p("\t%q: %q,", c.tag, name)
		}
	}
	w.p("}\n")
	w.WriteString(registryFuncs)
	return w.Bytes()
}

func (g *generator) emitDoc() []byte {
	var names []string
	for _, n := range g.order {
		if g.concepts[n].kind != "runtime" {
			names = append(names, n)
		}
	}
	var b strings.Builder
	b.WriteString("// Code generated by agentschema's schemagen from schemas/; DO NOT EDIT.\n\n")
	b.WriteString("// Package gen holds the Go types generated from the canonical JSON Schemas\n")
	b.WriteString("// in schemas/: one type per schema file, with its JSON codec. Structs come\n")
	b.WriteString("// from go-jsonschema; codecs, unions, enums and the registry from\n")
	b.WriteString("// internal/cmd/schemagen. Do not edit: change the schema and run\n")
	b.WriteString("// `go generate ./...`.\n//\n// Types: ")
	b.WriteString(strings.Join(names, ", "))
	b.WriteString(".\npackage gen\n")
	return []byte(b.String())
}

const registryFuncs = `// Titles returns the schema titles of every type Decode knows, sorted.
func Titles() []string { return wire.SortedKeys(decoders) }

// TitleForTag returns the title of the type whose "type" tag is tag.
func TitleForTag(tag string) (string, bool) {
	t, ok := tagged[tag]
	return t, ok
}

// DecodeTitled reads one value of the type named by its schema title from
// d. It returns false when no type has that title; the value is nil when
// it could not be decoded (the faults are in d).
func DecodeTitled(title string, d *wire.Decoder) (wire.Encodable, bool) {
	f, ok := decoders[title]
	if !ok {
		return nil, false
	}
	return f(d), true
}

// UnknownTitleError is returned for a title no schema has.
type UnknownTitleError struct{ Title string }

func (e *UnknownTitleError) Error() string { return "unknown type " + e.Title }

// Decode decodes one document of the type named by its schema title (such
// as "AssistantMessage", "LLMMessage" or "ChatCompletionContextState"). The
// result is a pointer to the generated type, or a union member.
func Decode(title string, data []byte, opts ...wire.Options) (wire.Encodable, error) {
	f, ok := decoders[title]
	if !ok {
		return nil, &UnknownTitleError{Title: title}
	}
	var o wire.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	d := wire.NewDecoder(data, o)
	var v wire.Encodable
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { v = f(d) }))
	if err := d.Err(); err != nil {
		return nil, err
	}
	return v, nil
}
`
