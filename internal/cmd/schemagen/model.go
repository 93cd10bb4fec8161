package main

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// A concept is one schema file: one Go type.
type concept struct {
	name        string // schema title and Go type name
	file        string
	root        *node
	kind        string // "object", "taggedUnion", "enum", "runtime", "map"
	description string

	// object
	props []*prop
	tag   string // the const of the tag member, "" when untagged
	// tagName is the JSON name of the tag member: "type", or the
	// discriminator of a tagged union the object is a member of (such as
	// EmbeddingFunctionConfig's "function_type"); "" when untagged.
	tagName string
	// tagValues (x-const-aliases on the tag member): other values of
	// the tag that are read as standing for it (a type a writer renamed);
	// only the const is written.
	tagValues []string
	// omitNull (x-omit-null) leaves out of the JSON the members whose
	// value is null and whose default is null, as pydantic's
	// exclude_none does.
	omitNull bool
	// dataURI (x-go-data-uri) names the bytes and media-type members of a
	// type that is also read from, and written as, a data: URI.
	dataURI *dataURISpec
	// addable (x-go-add) gives the type an Add method: counts add, and
	// absent plus present is present.
	addable bool
	// extraInto (x-extra-members) names a member of a map type whose key
	// pattern takes the object's unknown members: each unknown member
	// whose name the pattern allows is read into that map (a member of the
	// map itself wins), others are skipped as usual.
	extraInto string

	// taggedUnion
	variants []string
	tagKey   string
	// aliasKey and aliases (x-tag-aliases): a second tag member read when
	// tagKey is absent, and which tag each of its values stands for.
	aliasKey string
	aliases  []member
	// unaliased (x-tag-aliases' "unaliased"): the union's tags that no
	// alias value stands for, on purpose (a member only one dialect has).
	unaliased []string

	// map (an object schema whose additionalProperties is a schema): the
	// value type, the well-known keys (its properties) and the pattern
	// every key must match (propertyNames), with the fault's text
	// (x-key-error, "{key}" standing for the key).
	elem       *typeRef
	keys       []string
	keyPattern string
	keyError   string

	// enum
	values []string
	open   bool
}

type prop struct {
	json        string
	goName      string
	typ         *typeRef
	required    bool
	hasDefault  bool
	def         *node
	factory     string // uuid4, now-utc
	description string
	isTag       bool
	aliases     []string // x-aliases: other names read for the member
	nullIsEmpty bool     // x-null-is-default: a null reads as absent
}

// dataURISpec is the x-go-data-uri extension: the members holding the
// bytes and the media type, and the name of the member read as a data URI.
type dataURISpec struct {
	data, mediaType, uri string
}

// typeRef is the classified type of a value.
type typeRef struct {
	kind     string // string const enum int float bool datetime any anyobject ref array map nullable optional kindunion bytes error inmemory
	callable bool   // inmemory: x-callable, no JSON value is one
	constVal string
	enumName string // named enum type, for kind enum
	openEnum bool   // the site also accepts any string: anyOf [enum, string]
	ref      string // concept name, for kind ref
	elem     *typeRef
	union    *kindUnion
}

// kindUnion is an anyOf whose branches differ by JSON kind (or, for
// objects, by a required member only one branch has).
type kindUnion struct {
	name     string
	branches []*branch
	doc      string
	file     string // the schema file whose property it is
}

type branch struct {
	name     string // Go field name and type-constant suffix
	jsonKind string // string array object number boolean
	typ      *typeRef
	key      string // for object branches that share the kind: a required member unique to the branch
}

type generator struct {
	concepts map[string]*concept
	order    []string
	unions   []*kindUnion
	enums    map[string]*concept
	current  *concept // the concept being classified
	// keyed maps the Go field of each map member of the object being
	// emitted to its key-order field (keyedMembers).
	keyed map[string]string
}

// loadSchemas reads and classifies every *.json file at the top of fsys.
func loadSchemas(fsys fs.FS) (*generator, error) {
	files, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	g := &generator{concepts: map[string]*concept{}, enums: map[string]*concept{}}
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		root, err := parseNode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		name := strings.TrimSuffix(path.Base(f), ".json")
		if t := root.getStr("title"); t != name {
			return nil, fmt.Errorf("%s: title %q must equal the file name %q", f, t, name)
		}
		c := &concept{name: name, file: path.Base(f), root: root, description: root.getStr("description")}
		g.concepts[name] = c
		g.order = append(g.order, name)
	}
	for _, name := range g.order {
		g.current = g.concepts[name]
		if err := g.classifyKind(g.concepts[name]); err != nil {
			return nil, fmt.Errorf("%s: %v", g.concepts[name].file, err)
		}
	}
	for _, name := range g.order {
		g.current = g.concepts[name]
		if err := g.classifyProps(g.concepts[name]); err != nil {
			return nil, fmt.Errorf("%s: %v", g.concepts[name].file, err)
		}
	}
	return g, nil
}

// classifyKind decides what Go type a schema file becomes.
func (g *generator) classifyKind(c *concept) error {
	r := c.root
	switch {
	case r.get("x-go-runtime") != nil:
		c.kind = "runtime"
		return nil
	case r.get("oneOf") != nil:
		disc := r.get("discriminator")
		if disc == nil {
			return fmt.Errorf("oneOf without a discriminator cannot be classified")
		}
		c.kind = "taggedUnion"
		c.tagKey = disc.getStr("propertyName")
		for _, it := range r.get("oneOf").items {
			ref := refName(it.getStr("$ref"))
			if ref == "" {
				return fmt.Errorf("oneOf branch must be a $ref to a concept")
			}
			c.variants = append(c.variants, ref)
		}
		if ta := r.get("x-tag-aliases"); ta != nil {
			c.aliasKey = ta.getStr("propertyName")
			if c.aliasKey == "" || ta.get("mapping") == nil {
				return fmt.Errorf("x-tag-aliases needs a propertyName and a mapping")
			}
			c.aliases = ta.get("mapping").members
			if un := ta.get("unaliased"); un != nil {
				for _, it := range un.items {
					c.unaliased = append(c.unaliased, it.str)
				}
			}
		}
		return nil
	case r.get("enum") != nil:
		c.kind = "enum"
		for _, v := range r.get("enum").items {
			c.values = append(c.values, v.str)
		}
		return nil
	case r.get("anyOf") != nil && isOpenEnum(r):
		c.kind = "enum"
		c.open = true
		for _, v := range r.get("anyOf").items[0].get("enum").items {
			c.values = append(c.values, v.str)
		}
		return nil
	case r.getStr("type") == "object" && r.get("additionalProperties") != nil && r.get("additionalProperties").kind == 'o':
		c.kind = "map"
		return nil
	case r.getStr("type") == "object" || r.get("properties") != nil:
		c.kind = "object"
		c.omitNull = r.get("x-omit-null") != nil && r.get("x-omit-null").str == "true"
		c.addable = r.get("x-go-add") != nil && r.get("x-go-add").str == "true"
		c.extraInto = r.getStr("x-extra-members")
		if du := r.get("x-go-data-uri"); du != nil {
			c.dataURI = &dataURISpec{data: du.getStr("data"), mediaType: du.getStr("media_type"), uri: du.getStr("uri")}
		}
		return nil
	}
	return fmt.Errorf("cannot classify the schema (not an object, enum, tagged union or runtime type)")
}

// classifyProps classifies the members of an object schema.
func (g *generator) classifyProps(c *concept) error {
	if c.kind == "map" {
		return g.classifyMap(c)
	}
	if c.kind != "object" {
		return nil
	}
	r := c.root
	req := map[string]bool{}
	if rq := r.get("required"); rq != nil {
		for _, it := range rq.items {
			req[it.str] = true
		}
	}
	props := r.get("properties")
	if props == nil {
		return nil
	}
	discs := g.discriminatorsOf(c.name)
	for _, m := range props.members {
		p := &prop{json: m.key, required: req[m.key], description: m.val.getStr("description")}
		if al := m.val.get("x-aliases"); al != nil {
			for _, a := range al.items {
				p.aliases = append(p.aliases, a.str)
			}
		}
		if d := m.val.get("default"); d != nil {
			p.hasDefault = true
			p.def = d
		}
		p.factory = m.val.getStr("x-default-factory")
		if x := m.val.get("x-null-is-default"); x != nil && x.kind == 'b' && x.str == "true" {
			d := m.val.get("default")
			if m.val.getStr("type") != "string" || d == nil || d.kind != 's' || d.str != "" || req[m.key] {
				return fmt.Errorf("property %q: x-null-is-default needs an optional string property whose default is \"\"", m.key)
			}
			p.nullIsEmpty = true
		}
		if (m.key == "type" || discs[m.key]) && m.val.get("const") != nil {
			if c.tagName != "" {
				return fmt.Errorf("properties %q and %q are both tag members", c.tagName, m.key)
			}
			p.isTag = true
			c.tag = m.val.getStr("const")
			c.tagName = m.key
			if al := m.val.get("x-const-aliases"); al != nil {
				for _, a := range al.items {
					c.tagValues = append(c.tagValues, a.str)
				}
			}
			c.props = append(c.props, p)
			continue
		}
		t, err := g.classify(m.val, c.name+goIdent(m.key))
		if err != nil {
			return fmt.Errorf("property %q: %v", m.key, err)
		}
		if !p.required && !p.hasDefault && p.factory == "" && t.kind != "inmemory" {
			t = &typeRef{kind: "optional", elem: t}
		}
		p.typ = t
		c.props = append(c.props, p)
	}
	return nil
}

// discriminatorsOf returns the discriminator names of the tagged unions
// that have the concept name as a member: a const member so named is the
// member's tag, as a const "type" member always is.
func (g *generator) discriminatorsOf(name string) map[string]bool {
	discs := map[string]bool{}
	for _, u := range g.order {
		if c := g.concepts[u]; c.kind == "taggedUnion" && slices.Contains(c.variants, name) {
			discs[c.tagKey] = true
		}
	}
	return discs
}

func isOpenEnum(n *node) bool {
	any := n.get("anyOf")
	if any == nil || len(any.items) != 2 {
		return false
	}
	return any.items[0].get("enum") != nil && any.items[1].getStr("type") == "string" && any.items[1].get("enum") == nil
}

func refName(ref string) string {
	if ref == "" || strings.Contains(ref, "#") {
		return ""
	}
	return strings.TrimSuffix(path.Base(ref), ".json")
}

// classify maps a schema to a typeRef; name is used for inline union types.
func (g *generator) classify(s *node, name string) (*typeRef, error) {
	if s.get("x-go-in-memory") != nil {
		return &typeRef{kind: "inmemory"}, nil
	}
	if x := s.get("x-callable"); x != nil && x.kind == 'b' && x.str == "true" {
		if n := s.get("not"); n == nil || n.kind != 'o' || len(n.members) != 0 {
			return nil, fmt.Errorf("x-callable needs \"not\": {} (no JSON value is a callable)")
		}
		return &typeRef{kind: "inmemory", callable: true}, nil
	}
	if gt := s.getStr("x-go-type"); gt != "" {
		return classifyGoType(s, gt)
	}
	if ref := s.getStr("$ref"); ref != "" {
		rn := refName(ref)
		if rn == "" || g.concepts[rn] == nil {
			return nil, fmt.Errorf("$ref %q does not name a schema file", ref)
		}
		return &typeRef{kind: "ref", ref: rn}, nil
	}
	if any := s.get("anyOf"); any != nil {
		return g.classifyAnyOf(s, any.items, name)
	}
	if s.get("oneOf") != nil {
		return nil, fmt.Errorf("inline oneOf: give the union its own schema file")
	}
	if c := s.get("const"); c != nil {
		return &typeRef{kind: "const", constVal: c.str}, nil
	}
	if e := s.get("enum"); e != nil {
		return nil, fmt.Errorf("inline enum: give the enum its own schema file")
	}
	return g.classifyType(s, name)
}

// classifyGoType classifies a schema whose x-go-type names the Go type
// (gt): only "error", over a string or a string or null.
func classifyGoType(s *node, gt string) (*typeRef, error) {
	if gt != "error" {
		return nil, fmt.Errorf("x-go-type %q is not supported (only \"error\")", gt)
	}
	if !isNullableString(s) {
		return nil, fmt.Errorf("x-go-type \"error\" needs a string, or a string or null")
	}
	return &typeRef{kind: "error"}, nil
}

// classifyType classifies a schema by its "type": a scalar, an array, an
// object without properties, or (with no type and nothing but
// annotations) any value.
func (g *generator) classifyType(s *node, name string) (*typeRef, error) {
	switch s.getStr("type") {
	case "string":
		return classifyString(s)
	case "integer":
		return &typeRef{kind: "int"}, nil
	case "number":
		return &typeRef{kind: "float"}, nil
	case "boolean":
		return &typeRef{kind: "bool"}, nil
	case "null":
		return nil, fmt.Errorf("a bare null type cannot be classified")
	case "array":
		it := s.get("items")
		if it == nil {
			return nil, fmt.Errorf("array without items")
		}
		e, err := g.classify(it, name+"Item")
		if err != nil {
			return nil, err
		}
		return &typeRef{kind: "array", elem: e}, nil
	case "object":
		return g.classifyObject(s, name)
	case "":
		if len(s.members) == 0 || onlyAnnotations(s) {
			return &typeRef{kind: "any"}, nil
		}
	}
	return nil, fmt.Errorf("cannot classify schema %s", s.json())
}

// classifyString classifies a string schema: a date-time, base64 bytes
// (contentEncoding) or a plain string; other formats and encodings are
// refused.
func classifyString(s *node) (*typeRef, error) {
	if s.getStr("format") == "date-time" {
		return &typeRef{kind: "datetime"}, nil
	}
	if f := s.getStr("format"); f != "" {
		return nil, fmt.Errorf("string format %q is not supported", f)
	}
	if ce := s.getStr("contentEncoding"); ce != "" {
		if ce != "base64" {
			return nil, fmt.Errorf("contentEncoding %q is not supported", ce)
		}
		return &typeRef{kind: "bytes"}, nil
	}
	return &typeRef{kind: "string"}, nil
}

// classifyObject classifies an inline object schema, which has no
// properties of its own: any object, or a map when additionalProperties
// is a schema.
func (g *generator) classifyObject(s *node, name string) (*typeRef, error) {
	ap := s.get("additionalProperties")
	if s.get("properties") != nil {
		return nil, fmt.Errorf("inline object with properties: give it its own schema file")
	}
	if ap == nil || (ap.kind == 'b' && ap.str == "true") {
		return &typeRef{kind: "anyobject"}, nil
	}
	if ap.kind == 'o' {
		e, err := g.classify(ap, name+"Value")
		if err != nil {
			return nil, err
		}
		return &typeRef{kind: "map", elem: e}, nil
	}
	return nil, fmt.Errorf("object with additionalProperties %s cannot be classified", ap.json())
}

// isNullableString reports whether s is {"type": "string"} or an anyOf of
// a string and null.
func isNullableString(s *node) bool {
	if s.getStr("type") == "string" {
		return true
	}
	any := s.get("anyOf")
	if any == nil {
		return false
	}
	str := false
	for _, it := range any.items {
		switch it.getStr("type") {
		case "string":
			str = true
		case "null":
		default:
			return false
		}
	}
	return str
}

// classifyMap classifies a map concept: its value type, its well-known
// keys and the pattern of its keys.
func (g *generator) classifyMap(c *concept) error {
	r := c.root
	e, err := g.classify(r.get("additionalProperties"), c.name+"Value")
	if err != nil {
		return fmt.Errorf("additionalProperties: %v", err)
	}
	c.elem = e
	c.addable = r.get("x-go-add") != nil && r.get("x-go-add").str == "true"
	if pn := r.get("propertyNames"); pn != nil {
		c.keyPattern = pn.getStr("pattern")
		if c.keyPattern == "" {
			return fmt.Errorf("propertyNames must give a pattern")
		}
		if _, err := regexp.Compile(c.keyPattern); err != nil {
			return fmt.Errorf("propertyNames pattern: %v", err)
		}
		c.keyError = r.getStr("x-key-error")
		if c.keyError == "" {
			c.keyError = "Key '{key}' should match pattern '" + c.keyPattern + "'"
		}
	}
	if props := r.get("properties"); props != nil {
		for _, m := range props.members {
			t, err := g.classify(m.val, c.name+goIdent(m.key))
			if err != nil {
				return fmt.Errorf("property %q: %v", m.key, err)
			}
			if g.goType(t) != g.goType(e) {
				return fmt.Errorf("well-known key %q is a %s, the values are %s", m.key, g.goType(t), g.goType(e))
			}
			if c.keyPattern != "" && !regexp.MustCompile(c.keyPattern).MatchString(m.key) {
				return fmt.Errorf("well-known key %q does not match the key pattern", m.key)
			}
			c.keys = append(c.keys, m.key)
		}
	}
	return nil
}

func onlyAnnotations(s *node) bool {
	for _, m := range s.members {
		switch m.key {
		case "title", "description", "default", "examples", "x-aliases":
		default:
			return false
		}
	}
	return true
}

// classifyAnyOf classifies an anyOf: one schema besides null, an open
// enum, or a union by kind of branches that differ by JSON kind; a null
// branch makes the result nullable.
func (g *generator) classifyAnyOf(s *node, items []*node, name string) (*typeRef, error) {
	nonNull, nullable := withoutNull(items)
	wrap := func(t *typeRef) *typeRef {
		if nullable {
			return &typeRef{kind: "nullable", elem: t}
		}
		return t
	}
	if t := g.openEnum(nonNull); t != nil {
		return wrap(t), nil
	}
	if len(nonNull) == 1 {
		t, err := g.classify(nonNull[0], name)
		if err != nil {
			return nil, err
		}
		return wrap(t), nil
	}
	if len(nonNull) == 0 {
		return nil, fmt.Errorf("anyOf with only null")
	}
	u, err := g.unionByKind(s, nonNull, name)
	if err != nil {
		return nil, err
	}
	g.unions = append(g.unions, u)
	return wrap(&typeRef{kind: "kindunion", union: u}), nil
}

// withoutNull returns the branches of an anyOf that are not a bare
// {"type": "null"}, and whether there was one.
func withoutNull(items []*node) (nonNull []*node, nullable bool) {
	for _, it := range items {
		if it.getStr("type") == "null" && len(it.members) == 1 {
			nullable = true
			continue
		}
		nonNull = append(nonNull, it)
	}
	return nonNull, nullable
}

// openEnum classifies the non-null branches of an open enum, anyOf
// [ {enum} or $ref to an enum, {type: string} ]: a string (of the named
// enum type for a $ref). It returns nil for anything else.
func (g *generator) openEnum(nonNull []*node) *typeRef {
	if len(nonNull) != 2 || nonNull[1].getStr("type") != "string" || len(nonNull[1].members) != 1 {
		return nil
	}
	first := nonNull[0]
	if rn := refName(first.getStr("$ref")); rn != "" && g.concepts[rn] != nil && g.concepts[rn].root.get("enum") != nil {
		return &typeRef{kind: "string", enumName: rn, openEnum: true}
	}
	if first.get("enum") != nil && first.getStr("type") == "string" {
		return &typeRef{kind: "string"}
	}
	return nil
}

// unionByKind builds the union by kind of an anyOf's non-null branches: each
// branch named by its x-go-name (or the type it refers to), the names
// distinct, and the branches of one JSON kind (objects only) told apart by
// a required member.
func (g *generator) unionByKind(s *node, nonNull []*node, name string) (*kindUnion, error) {
	u := &kindUnion{name: name, doc: s.getStr("description"), file: g.current.file}
	kinds := map[string][]*branch{}
	for _, it := range nonNull {
		b, err := g.unionBranch(it, name)
		if err != nil {
			return nil, err
		}
		kinds[b.jsonKind] = append(kinds[b.jsonKind], b)
		u.branches = append(u.branches, b)
	}
	seen := map[string]bool{}
	for _, b := range u.branches {
		if seen[b.name] {
			return nil, fmt.Errorf("anyOf branches share the Go name %q", b.name)
		}
		seen[b.name] = true
	}
	for _, k := range slices.Sorted(maps.Keys(kinds)) { // a stable first error
		bs := kinds[k]
		if len(bs) == 1 {
			continue
		}
		if k != "object" {
			return nil, fmt.Errorf("anyOf has %d branches of JSON kind %s: cannot tell them apart", len(bs), k)
		}
		for _, b := range bs {
			key, err := g.uniqueRequired(b, bs)
			if err != nil {
				return nil, err
			}
			b.key = key
		}
	}
	return u, nil
}

// unionBranch classifies one branch of a union by kind: its type, its
// JSON kind and its Go name.
func (g *generator) unionBranch(it *node, name string) (*branch, error) {
	t, err := g.classify(it, name)
	if err != nil {
		return nil, err
	}
	b := &branch{typ: t, jsonKind: g.jsonKind(t)}
	if b.jsonKind == "" {
		return nil, fmt.Errorf("anyOf branch %s has no single JSON kind", it.json())
	}
	b.name = it.getStr("x-go-name")
	if b.name == "" && t.kind == "ref" {
		b.name = t.ref
	}
	if b.name == "" {
		return nil, fmt.Errorf("anyOf branch %s needs an x-go-name saying what it holds (as Text, Parts)", it.json())
	}
	return b, nil
}

// uniqueRequired finds a required member of b's object that no other
// object branch declares.
func (g *generator) uniqueRequired(b *branch, all []*branch) (string, error) {
	if b.typ.kind != "ref" {
		return "", fmt.Errorf("object branches must be $refs to tell them apart")
	}
	c := g.concepts[b.typ.ref]
	for _, r := range c.root.get("required").items {
		unique := true
		for _, o := range all {
			if o == b || o.typ.kind != "ref" {
				continue
			}
			if g.concepts[o.typ.ref].root.get("properties").get(r.str) != nil {
				unique = false
			}
		}
		if unique {
			return r.str, nil
		}
	}
	return "", fmt.Errorf("object branch %s has no required member the other branches lack", c.name)
}

func (g *generator) jsonKind(t *typeRef) string {
	switch t.kind {
	case "string", "datetime", "const":
		return "string"
	case "int", "float":
		return "number"
	case "bool":
		return "boolean"
	case "array":
		return "array"
	case "map", "anyobject":
		return "object"
	case "ref":
		c := g.concepts[t.ref]
		switch c.kind {
		case "enum":
			return "string"
		case "object", "runtime", "taggedUnion", "map":
			return "object"
		}
	}
	return ""
}

// goIdent turns a JSON name into an exported Go identifier the way
// go-jsonschema does for type names (the field names are read from its
// output).
func goIdent(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
