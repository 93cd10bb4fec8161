package main

import (
	"fmt"
	"slices"
	"strings"
)

// This file emits what the extensions used by the design note's content
// types (schemas/AIContent.json and its members) ask for:
//
//   - x-tag-aliases on a tagged union: a second tag member ("$type"), read
//     when the first is absent, whose values stand for the union's tags;
//     each member then also accepts that member, checking its own alias.
//     Its "unaliased" list names the tags no alias stands for on purpose
//     (a member only one dialect writes); any other tag without an alias
//     is an error.
//   - x-aliases on a property: more names the member is read by (such as
//     camelCase ones); only the schema name is written.
//   - x-null-is-default on an optional string property whose default is
//     "": a null is read as the member absent, for a field that a pydantic
//     before-validator fills when its value is falsy (Handoff's name).
//   - x-omit-null on an object: members that are null and whose default is
//     null are left out when writing (pydantic's exclude_none).
//   - x-go-in-memory on a property: a Go `any` member, read as RawJSON
//     (null as nil) and written only when it holds JSON (wire.JSONOf).
//   - x-callable on a property: a pydantic Callable, which no JSON value
//     is (its schema must also say "not": {}, so that schema validation
//     refuses every value). Go holds it as x-go-in-memory does (any,
//     written only when it holds JSON); reading any value, null too, is
//     pydantic's callable_type fault, "Input should be callable"
//     (wire.Decoder.Callable).
//   - x-go-type "error" on a string-or-null property: a Go error, written
//     as its message text, read as a *wire.MessageError.
//   - contentEncoding "base64" on a string: []byte, written as standard
//     base64 with padding.
//   - x-go-data-uri on an object: Base64Data and URI methods, and a member
//     read as a data: URI that gives the bytes and, unless given, the
//     media type.
//   - x-go-add on an object or a map: an Add method. Integers and floats
//     add; a nullable count plus an absent one is the present one; maps add
//     key by key; members that are types with Add use it.
//   - x-extra-members on an object: the name of a member whose type is a
//     map concept with a key pattern; the object's unknown members whose
//     names the pattern allows are read into that map as integers (a key
//     the map member itself holds wins), the others skipped as usual.
//   - x-go-name on a branch of an anyOf of several JSON kinds (a union by
//     kind, such as UserMessage's content): the Go name of that branch
//     (its field, its constant, UnionOfName and IsName), saying what it
//     holds (Text, Parts). Required on every branch but a $ref, which is
//     named after the type it refers to unless it has one.
//   - a map concept: an object schema whose additionalProperties is a
//     schema becomes a named Go map, its properties naming well-known keys
//     (constants) and its propertyNames pattern checked when reading,
//     writing and in Validate, with the fault text of x-key-error.

// unexported turns an exported Go name into an unexported one, lowering
// its leading run of capitals (AIContent -> aiContent).
func unexported(s string) string {
	r := []rune(s)
	n := 0
	for n < len(r) && r[n] >= 'A' && r[n] <= 'Z' {
		n++
	}
	if n > 1 && n < len(r) && r[n] >= 'a' && r[n] <= 'z' {
		n-- // the last capital starts the next word
	}
	return strings.ToLower(string(r[:n])) + string(r[n:])
}

// tagAlias returns the alias tag member and value object concept c is read
// by, from the tagged unions with x-tag-aliases that have c as a member.
func (g *generator) tagAlias(c *concept) (key, alias string, err error) {
	if c.tag == "" {
		return "", "", nil
	}
	for _, name := range g.order {
		u := g.concepts[name]
		if u.kind != "taggedUnion" || u.aliasKey == "" {
			continue
		}
		member := false
		for _, v := range u.variants {
			member = member || v == c.name
		}
		if !member {
			continue
		}
		found := ""
		for _, m := range u.aliases {
			if m.val.str == c.tag {
				if found != "" {
					return "", "", fmt.Errorf("%s: two %s values stand for the tag %q", u.file, u.aliasKey, c.tag)
				}
				found = m.key
			}
		}
		if found == "" && slices.Contains(u.unaliased, c.tag) {
			continue
		}
		if found == "" {
			return "", "", fmt.Errorf("%s: no %s value stands for member %s's tag %q", u.file, u.aliasKey, c.name, c.tag)
		}
		if (key != "" && key != u.aliasKey) || (alias != "" && alias != found) {
			return "", "", fmt.Errorf("%s: unions disagree on %s's alias tag", c.file, c.name)
		}
		key, alias = u.aliasKey, found
	}
	return key, alias, nil
}

// dataURIProps are the members x-go-data-uri names, with their bits in the
// decoder's seen mask.
type dataURIProps struct {
	data, mediaType       *prop
	dataBit, mediaTypeBit int
}

func (g *generator) dataURIProps(c *concept) (*dataURIProps, error) {
	du := &dataURIProps{dataBit: -1, mediaTypeBit: -1}
	for i, p := range c.props {
		switch p.json {
		case c.dataURI.data:
			du.data, du.dataBit = p, i
		case c.dataURI.mediaType:
			du.mediaType, du.mediaTypeBit = p, i
		case c.dataURI.uri:
			return nil, fmt.Errorf("%s: x-go-data-uri member %q is also a property", c.file, p.json)
		}
	}
	if du.data == nil || du.data.typ.kind != "bytes" || !du.data.required {
		return nil, fmt.Errorf("%s: x-go-data-uri data must name a required base64 string property", c.file)
	}
	if du.mediaType == nil || du.mediaType.typ.kind != "string" || !du.mediaType.required {
		return nil, fmt.Errorf("%s: x-go-data-uri media_type must name a required string property", c.file)
	}
	if c.dataURI.uri == "" {
		return nil, fmt.Errorf("%s: x-go-data-uri must name the uri member", c.file)
	}
	return du, nil
}

// omittable reports whether p is left out of c's JSON when null (see
// x-omit-null), with the condition for writing it and the type to write.
func (g *generator) omittable(c *concept, p *prop, src string) (cond string, elem *typeRef, ok bool) {
	if !c.omitNull || p.required || !p.hasDefault || p.def.kind != 'z' {
		return "", nil, false
	}
	switch p.typ.kind {
	case "nullable":
		if g.nilable(p.typ.elem) {
			return src + " != nil", p.typ.elem, true
		}
		return src + " != nil", &typeRef{kind: "deref", elem: p.typ.elem}, true
	case "error":
		return src + " != nil", p.typ, true
	case "any":
		return "!" + src + ".IsNull()", p.typ, true
	}
	return "", nil, false
}

func (g *generator) emitDataURIMethods(w *writer, c *concept, du *dataURIProps) {
	w.p("// Base64Data returns %s as standard base64 with padding.", du.data.goName)
	w.p("func (x %s) Base64Data() string { return wire.Base64String(x.%s) }\n", c.name, du.data.goName)
	w.p("// URI returns the content as a data: URI (RFC 2397):")
	w.p("// \"data:\" + %s + \";base64,\" + Base64Data().", du.mediaType.goName)
	w.p("func (x %s) URI() string { return wire.FormatDataURI(x.%s, x.%s) }\n", c.name, du.mediaType.goName, du.data.goName)
}

// emitObjectAdd writes the Add method of an object with x-go-add.
func (g *generator) emitObjectAdd(w *writer, c *concept) error {
	w.p("// Add returns the sum of x and y, member by member: counts add, an absent")
	w.p("// count plus a present one is the present one, and maps add key by key.")
	w.p("func (x %s) Add(y %s) %s {", c.name, c.name, c.name)
	w.p("\treturn %s{", c.name)
	for _, p := range c.props {
		if p.isTag {
			continue
		}
		expr, err := g.addExpr(p.typ, "x."+p.goName, "y."+p.goName)
		if err != nil {
			return fmt.Errorf("%s.%s: x-go-add: %v", c.name, p.json, err)
		}
		w.p("\t\t%s: %s,", p.goName, expr)
	}
	w.p("\t}")
	w.p("}\n")
	return nil
}

// addExpr is the Go expression for the sum of a and b of type t.
func (g *generator) addExpr(t *typeRef, a, b string) (string, error) {
	switch t.kind {
	case "int":
		return a + ".Add(" + b + ")", nil
	case "float":
		return a + " + " + b, nil
	case "nullable", "optional":
		switch e := t.elem; {
		case e.kind == "int":
			return "addIntPtr(" + a + ", " + b + ")", nil
		case e.kind == "ref" && g.concepts[e.ref].kind == "map" && g.concepts[e.ref].addable:
			return a + ".Add(" + b + ")", nil
		}
	case "ref":
		if c := g.concepts[t.ref]; c.addable && (c.kind == "map" || c.kind == "object") {
			return a + ".Add(" + b + ")", nil
		}
	}
	return "", fmt.Errorf("cannot add a %s", g.goType(t))
}

// emitMap writes a map concept: a named map type with its codec.
func (g *generator) emitMap(c *concept) ([]byte, error) {
	w := &writer{}
	w.WriteString(header)
	imports := []string{`"github.com/agentschema/agentschema/internal/wire"`}
	if c.keyPattern != "" {
		imports = append([]string{`"regexp"`, `"strings"`, ""}, imports...)
	}
	w.p("import (\n\t%s\n)\n", strings.Join(imports, "\n\t"))
	w.p("// %s is a map of %s by key.", c.name, g.goType(c.elem))
	if c.description != "" {
		w.p("//\n%s", wrapComment(c.description))
	}
	w.p("type %s map[string]%s\n", c.name, g.goType(c.elem))
	if len(c.keys) > 0 {
		w.p("// The well-known keys of %s.", c.name)
		w.p("const (")
		for _, k := range c.keys {
			w.p("\t%s%s = %q", c.name, goIdent(k), k)
		}
		w.p(")\n")
	}
	if c.keyPattern != "" {
		g.emitMapKeyPattern(w, c)
	}
	g.emitMapCodec(w, c)
	g.emitJSONMethods(w, c.name)
	if c.addable {
		if err := g.emitMapAdd(w, c); err != nil {
			return nil, err
		}
	}
	return w.Bytes(), nil
}

// emitMapKeyPattern emits the check of a map concept's key pattern:
// Valid<Name>Key, its key error and Validate.
func (g *generator) emitMapKeyPattern(w *writer, c *concept) {
	re := unexported(c.name) + "Key"
	w.p("// %s is the pattern every key of %s matches.", re, c.name)
	w.p("var %s = regexp.MustCompile(%q)\n", re, c.keyPattern)
	w.p("// Valid%sKey reports whether key may be a key of %s.", c.name, c.name)
	w.p("func Valid%sKey(key string) bool { return %s.MatchString(key) }\n", c.name, re)
	w.p("// %sKeyError returns the error for a key %s does not allow.", unexported(c.name), c.name)
	w.p("func %sKeyError(key string) *wire.KeyError {", unexported(c.name))
	w.p("\treturn &wire.KeyError{Type: %q, Key: key, Message: strings.ReplaceAll(%q, \"{key}\", key)}", c.name, c.keyError)
	w.p("}\n")
	w.p("// Validate returns a *wire.KeyError for the first key, in sorted order,")
	w.p("// that %s does not allow, or nil.", c.name)
	w.p("func (x %s) Validate() error {", c.name)
	w.p("\tfor _, k := range wire.SortedKeys(x) {")
	w.p("\t\tif !%s.MatchString(k) {\n\t\t\treturn %sKeyError(k)\n\t\t}", re, unexported(c.name))
	w.p("\t}")
	w.p("\treturn nil")
	w.p("}\n")
}

// emitMapCodec emits a map concept's decodeFrom and encodeTo (keys
// sorted, each checked against the key pattern if there is one).
func (g *generator) emitMapCodec(w *writer, c *concept) {
	w.p("// decodeFrom reads one %s from d; faults are recorded in d.", c.name)
	w.p("func (x *%s) decodeFrom(d *wire.Decoder) {", c.name)
	w.p("\t*x = nil")
	w.p("\tif !d.Object(\"dict_type\", \"Input should be a valid dictionary\") {\n\t\treturn\n\t}")
	w.p("\tm := %s{}", c.name)
	w.p("\tfor {")
	w.p("\t\tname, ok := d.Next()")
	w.p("\t\tif !ok {\n\t\t\tbreak\n\t\t}")
	if c.keyPattern != "" {
		w.p("\t\tif k := string(name); !%sKey.MatchString(k) {", unexported(c.name))
		w.p("\t\t\td.Fail(\"invalid_key\", %sKeyError(k).Message)", unexported(c.name))
		w.p("\t\t\td.Skip()")
		w.p("\t\t\tcontinue")
		w.p("\t\t}")
	}
	switch c.elem.kind {
	case "string", "int", "float", "bool", "any", "anyobject":
		g.decodeInto(w, c.elem, "m[string(name)]", "\t\t")
	default:
		w.p("\t\tvar v %s", g.goType(c.elem))
		g.decodeInto(w, c.elem, "v", "\t\t")
		w.p("\t\tm[string(name)] = v")
	}
	w.p("\t}")
	w.p("\t*x = m")
	w.p("}\n")
	w.p("// encodeTo appends the JSON of x to e, keys sorted.")
	if c.keyPattern != "" {
		w.p("// A key %s does not allow is an encoding error (a *wire.KeyError).", c.name)
	}
	w.p("func (x %s) encodeTo(e *wire.Encoder) {", c.name)
	w.p("\te.Raw(\"{\")")
	w.p("\tfor i, k := range wire.SortedKeys(x) {")
	if c.keyPattern != "" {
		w.p("\t\tif !%sKey.MatchString(k) {\n\t\t\te.SetError(%sKeyError(k))\n\t\t}", unexported(c.name), unexported(c.name))
	}
	w.p("\t\tif i > 0 {\n\t\t\te.Raw(\",\")\n\t\t}")
	w.p("\t\te.Str(k)\n\t\te.Raw(\":\")")
	w.p("\t\tv := x[k]")
	g.encode(w, c.elem, "v", "\t\t")
	w.p("\t}")
	w.p("\te.Raw(\"}\")")
	w.p("}\n")
}

// emitMapAdd emits Add for a map concept with x-go-add: the key-by-key
// sum.
func (g *generator) emitMapAdd(w *writer, c *concept) error {
	expr, err := g.addExpr(c.elem, "w", "v")
	if err != nil {
		return fmt.Errorf("%s: x-go-add: %v", c.file, err)
	}
	w.p("// Add returns the sum of x and y key by key: a key in one map only keeps")
	w.p("// its count, a key in both gets the sum. The sum of two nil maps is nil;")
	w.p("// neither x nor y is modified.")
	w.p("func (x %s) Add(y %s) %s {", c.name, c.name, c.name)
	w.p("\tif x == nil && y == nil {\n\t\treturn nil\n\t}")
	w.p("\tz := make(%s, len(x)+len(y))", c.name)
	w.p("\tfor k, v := range x {\n\t\tz[k] = v\n\t}")
	w.p("\tfor k, v := range y {")
	w.p("\t\tif w, ok := z[k]; ok {\n\t\t\tz[k] = %s\n\t\t} else {\n\t\t\tz[k] = v\n\t\t}", expr)
	w.p("\t}")
	w.p("\treturn z")
	w.p("}")
	return nil
}

// wrapComment renders text as a Go comment with lines of at most about 76
// characters.
func wrapComment(text string) string {
	var lines []string
	for _, para := range strings.Split(strings.TrimSpace(text), "\n") {
		line := "//"
		for _, word := range strings.Fields(para) {
			if len(line) > 2 && len(line)+1+len(word) > 78 {
				lines = append(lines, line)
				line = "//"
			}
			line += " " + word
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// extraSpec is what x-extra-members needs: the Go field and map type the
// unknown members go into.
type extraSpec struct {
	goName, mapName string
}

// extraMembers checks c's x-extra-members and returns what it names, or
// nil when c has none.
func (g *generator) extraMembers(c *concept) (*extraSpec, error) {
	if c.extraInto == "" {
		return nil, nil
	}
	for _, p := range c.props {
		if p.json != c.extraInto {
			continue
		}
		t := p.typ
		for t != nil && (t.kind == "nullable" || t.kind == "optional") {
			t = t.elem
		}
		if t == nil || t.kind != "ref" || g.concepts[t.ref] == nil || g.concepts[t.ref].kind != "map" || g.concepts[t.ref].keyPattern == "" {
			return nil, fmt.Errorf("%s: x-extra-members %q must name a member whose type is a map with a key pattern", c.file, c.extraInto)
		}
		if m := g.concepts[t.ref]; m.elem == nil || m.elem.kind != "int" {
			return nil, fmt.Errorf("%s: x-extra-members %q: the map's values must be integers", c.file, c.extraInto)
		}
		return &extraSpec{goName: p.goName, mapName: t.ref}, nil
	}
	return nil, fmt.Errorf("%s: x-extra-members names no member %q", c.file, c.extraInto)
}
