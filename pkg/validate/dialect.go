package validate

import (
	"encoding/base64"
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/schemas"
)

// This file lets ModeSchema read the other dialects of the design note's
// types as the typed decoder (and so ModeAutoGen and normalize) reads
// them: .NET Microsoft.Extensions.AI's JSON, with a content's tag in
// "$type" (x-tag-aliases in schemas/AIContent.json), camelCase member
// names and DataContent as a data: URI (x-go-data-uri), and the Agent
// Framework's member names (x-aliases: usage_details, error_details,
// model, ...).
//
// Before the schema validator runs, the parsed document is rewritten into
// this project's form, led by the schemas of the type being validated: an
// aliased member is renamed to its schema name, a "$type" tag to "type"
// with the tag it stands for, and a data: URI to "data" and "media_type".
// Every rename is recorded, and the faults the validator then finds are
// reported at the member names the input used, so a pointer always points
// into the input. Documents of types that reach no aliased member skip
// the rewrite.

// dialectNode is what the rewrite needs of one schema file.
type dialectNode struct {
	// A tagged union (oneOf with a discriminator).
	tagKey      string            // "type"
	members     map[string]string // tag -> member title
	aliasKey    string            // "$type"
	tagAliases  map[string]string // "$type" value -> tag
	aliasValues []string          // the "$type" values, in schema order
	// An object.
	aliases map[string]string   // alias -> schema name
	props   map[string]*sjsNode // schema name -> its schema
	dataURI *[3]string          // x-go-data-uri: data, media_type, uri
	// constAliases (x-const-aliases): a const member's other values read
	// as standing for its const (the Agent Framework's "message" tag for
	// "chat_message"): member -> value -> the const.
	constAliases map[string]map[string]string
	// x-extra-members: the member unknown members go into, and the key
	// pattern of its map type.
	extraInto string
	extraKey  *regexp.Regexp
}

// sjsNode is a schema value as encoding/json reads it.
type sjsNode = map[string]any

// dialects is what the rewrite knows of every schema, read once, on first
// use; after that it is only read, so validations run concurrently.
var dialects struct {
	once  sync.Once
	nodes map[string]*dialectNode // by title; nil when the file is missing
	needs map[string]bool         // by title: reaches an alias
	// aliasUnions lists the unions with an alias tag member: title, member.
	aliasUnions [][2]string
}

// loadDialects reads every schema's rewrite information, once.
func loadDialects() {
	dialects.once.Do(func() {
		dialects.nodes = map[string]*dialectNode{}
		dialects.needs = map[string]bool{}
		for _, title := range schemas.Names() {
			if n := dialectOf(title); n != nil && n.aliasKey != "" {
				dialects.aliasUnions = append(dialects.aliasUnions, [2]string{title, n.aliasKey})
			}
			needsDialect(title)
		}
		// needsDialect takes a type on a cycle as not needing the rewrite
		// while it works the type out; settle what that left too low.
		for changed := true; changed; {
			changed = false
			for title, n := range dialects.nodes {
				if n == nil || dialects.needs[title] {
					continue
				}
				for _, t := range n.refs() {
					if dialects.needs[t] {
						dialects.needs[title], changed = true, true
						break
					}
				}
			}
		}
	})
}

// refs lists the titles the schema refers to: a union's members and the
// schemas its properties refer to.
func (n *dialectNode) refs() []string {
	var out []string
	for _, t := range n.members {
		out = append(out, t)
	}
	for _, p := range n.props {
		out = append(out, refsOf(*p)...)
	}
	return out
}

// node returns the rewrite information of the schema with title, or nil,
// after loadDialects.
func node(title string) *dialectNode { return dialects.nodes[title] }

// needs reports, after loadDialects, whether a document of the type title
// can hold a member the rewrite renames.
func needs(title string) bool { return dialects.needs[title] }

// dialectOf returns the rewrite information of the schema with title, or
// nil when there is no such schema, reading it if need be. Only
// loadDialects calls it.
func dialectOf(title string) *dialectNode {
	if n, ok := dialects.nodes[title]; ok {
		return n
	}
	dialects.nodes[title] = nil
	raw, err := schemas.Get(title)
	if err != nil {
		return nil
	}
	var s sjsNode
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	n := &dialectNode{}
	if disc, ok := s["discriminator"].(sjsNode); ok {
		n.tagKey, _ = disc["propertyName"].(string)
		n.members = map[string]string{}
		if m, ok := disc["mapping"].(sjsNode); ok {
			for tag, ref := range m {
				if r, ok := ref.(string); ok {
					n.members[tag] = refTitle(r)
				}
			}
		}
		if ta, ok := s["x-tag-aliases"].(sjsNode); ok {
			n.aliasKey, _ = ta["propertyName"].(string)
			n.tagAliases = map[string]string{}
			if m, ok := ta["mapping"].(sjsNode); ok {
				for alias, tag := range m {
					if t, ok := tag.(string); ok {
						n.tagAliases[alias] = t
						n.aliasValues = append(n.aliasValues, alias)
					}
				}
			}
			sort.Strings(n.aliasValues)
		}
	}
	if props, ok := s["properties"].(sjsNode); ok {
		n.props = map[string]*sjsNode{}
		for name, p := range props {
			ps, ok := p.(sjsNode)
			if !ok {
				continue
			}
			n.props[name] = &ps
			if al, ok := ps["x-const-aliases"].([]any); ok {
				if c, ok := ps["const"].(string); ok {
					for _, a := range al {
						if a, ok := a.(string); ok {
							if n.constAliases == nil {
								n.constAliases = map[string]map[string]string{}
							}
							if n.constAliases[name] == nil {
								n.constAliases[name] = map[string]string{}
							}
							n.constAliases[name][a] = c
						}
					}
				}
			}
			if al, ok := ps["x-aliases"].([]any); ok {
				for _, a := range al {
					if a, ok := a.(string); ok {
						if n.aliases == nil {
							n.aliases = map[string]string{}
						}
						n.aliases[a] = name
					}
				}
			}
		}
	}
	if into, ok := s["x-extra-members"].(string); ok && n.props[into] != nil {
		for _, t := range refsOf(*n.props[into]) {
			if re := keyPattern(t); re != nil {
				n.extraInto, n.extraKey = into, re
			}
		}
	}
	if du, ok := s["x-go-data-uri"].(sjsNode); ok {
		d, _ := du["data"].(string)
		m, _ := du["media_type"].(string)
		u, _ := du["uri"].(string)
		if d != "" && m != "" && u != "" {
			n.dataURI = &[3]string{d, m, u}
		}
	}
	dialects.nodes[title] = n
	return n
}

// keyPattern returns the propertyNames pattern of the map schema title,
// or nil.
func keyPattern(title string) *regexp.Regexp {
	raw, err := schemas.Get(title)
	if err != nil {
		return nil
	}
	var s struct {
		PropertyNames struct {
			Pattern string `json:"pattern"`
		} `json:"propertyNames"`
	}
	if json.Unmarshal(raw, &s) != nil || s.PropertyNames.Pattern == "" {
		return nil
	}
	re, err := regexp.Compile(s.PropertyNames.Pattern)
	if err != nil {
		return nil
	}
	return re
}

// refTitle turns a $ref to a schema file ("UsageDetails.json") into its
// title; a reference into a file is not followed.
func refTitle(ref string) string {
	if !strings.HasSuffix(ref, ".json") || strings.ContainsAny(ref, "#/") {
		return ""
	}
	return strings.TrimSuffix(ref, ".json")
}

// needsDialect reports whether a document of the type title can hold a
// member the rewrite renames, working it out if need be. Only
// loadDialects calls it.
func needsDialect(title string) bool {
	if v, ok := dialects.needs[title]; ok {
		return v
	}
	dialects.needs[title] = false // a cycle does not add to the answer
	n := dialectOf(title)
	if n == nil {
		return false
	}
	need := n.aliasKey != "" || len(n.aliases) > 0 || n.dataURI != nil || n.extraInto != "" || len(n.constAliases) > 0
	for _, t := range n.refs() {
		need = needsDialect(t) || need
	}
	dialects.needs[title] = need
	return need
}

// refsOf lists the schema files a property schema refers to, directly or
// through anyOf, oneOf, items and additionalProperties.
func refsOf(s sjsNode) []string {
	var out []string
	if r, ok := s["$ref"].(string); ok {
		if t := refTitle(r); t != "" {
			out = append(out, t)
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := s[k].([]any); ok {
			for _, b := range bs {
				if bs, ok := b.(sjsNode); ok {
					out = append(out, refsOf(bs)...)
				}
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if it, ok := s[k].(sjsNode); ok {
			out = append(out, refsOf(it)...)
		}
	}
	return out
}

// dialect is the record of one document's rewrite.
type dialect struct {
	// renamed maps the pointer of an object (in the rewritten document)
	// to its renamed members: schema name -> the name in the input.
	renamed map[string]map[string]string
	// moved maps the pointer of an x-extra-members map (rewritten) to the
	// keys moved into it from its parent object.
	moved map[string]map[string]bool
	// faults the rewrite found itself (a malformed data: URI, an unknown
	// "$type" tag), with their paths in the input.
	faults []fault
	// handled lists the rewritten paths of objects whose fault the rewrite
	// reported already; the validator's faults at or under them are
	// dropped.
	handled [][]string
}

// rewriteDialect rewrites inst, the parsed document of the type title, into
// this project's form, and returns the record of what it renamed (nil
// when nothing was).
func rewriteDialect(title string, inst any) *dialect {
	loadDialects()
	if !needs(title) {
		return nil
	}
	dl := &dialect{}
	dl.title(title, inst, nil, 0)
	if len(dl.renamed) == 0 && len(dl.moved) == 0 && len(dl.faults) == 0 {
		return nil
	}
	return dl
}

// maxDialectDepth bounds the rewrite's recursion; the parser's nesting
// limit comes first for ordinary limits.
const maxDialectDepth = 10000

// title rewrites v, found at path, as the type title.
func (dl *dialect) title(title string, v any, path []string, depth int) {
	if depth > maxDialectDepth || !needs(title) {
		return
	}
	n := node(title)
	obj, ok := v.(map[string]any)
	if n == nil || !ok {
		return
	}
	if n.members != nil { // a tagged union
		tag, ok := obj[n.tagKey].(string)
		if _, has := obj[n.tagKey]; !has && n.aliasKey != "" {
			if av, has := obj[n.aliasKey]; has {
				alias, isStr := av.(string)
				t, known := n.tagAliases[alias]
				if !isStr || !known {
					at := appendPath(path, n.aliasKey)
					got := strconv.Quote(alias)
					if !isStr {
						got = describeJSON(av)
					}
					dl.faults = append(dl.faults, fault{
						at: at, ptr: at, keyword: "discriminator",
						message: "unknown " + strconv.Quote(n.aliasKey) + " tag " + got + ": expected one of " + quoteList(n.aliasValues),
					})
					dl.handled = append(dl.handled, path)
					return
				}
				delete(obj, n.aliasKey)
				obj[n.tagKey] = t
				dl.rename(path, n.tagKey, n.aliasKey)
				tag, ok = t, true
			}
		}
		if member, known := n.members[tag]; ok && known {
			dl.title(member, obj, path, depth+1)
		}
		return
	}
	for alias, name := range n.aliases {
		av, has := obj[alias]
		if _, taken := obj[name]; !has || taken {
			continue
		}
		delete(obj, alias)
		obj[name] = av
		dl.rename(path, name, alias)
	}
	for name, vals := range n.constAliases {
		if v, ok := obj[name].(string); ok && vals[v] != "" {
			obj[name] = vals[v]
		}
	}
	if du := n.dataURI; du != nil {
		dl.dataURI(obj, path, du)
	}
	if n.extraInto != "" {
		dl.extra(obj, path, n)
	}
	for name, p := range n.props {
		if pv, has := obj[name]; has {
			dl.value(*p, pv, appendPath(path, name), depth+1)
		}
	}
}

// value rewrites v, found at path, as the property schema s says.
func (dl *dialect) value(s sjsNode, v any, path []string, depth int) {
	if v == nil || depth > maxDialectDepth {
		return
	}
	if r, ok := s["$ref"].(string); ok {
		if t := refTitle(r); t != "" {
			dl.title(t, v, path, depth)
		}
		return
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		bs, ok := s[k].([]any)
		if !ok {
			continue
		}
		// The first branch that refers to a schema file and fits the
		// value's JSON type leads; the plain branches need no rewrite.
		for _, b := range bs {
			b, ok := b.(sjsNode)
			if ok && len(refsOf(b)) > 0 && fitsType(b, v) {
				dl.value(b, v, path, depth)
				return
			}
		}
	}
	switch x := v.(type) {
	case []any:
		if it, ok := s["items"].(sjsNode); ok {
			for i, e := range x {
				dl.value(it, e, appendPath(path, strconv.Itoa(i)), depth+1)
			}
		}
	case map[string]any:
		if ap, ok := s["additionalProperties"].(sjsNode); ok {
			for k, e := range x {
				dl.value(ap, e, appendPath(path, k), depth+1)
			}
		}
	}
}

// fitsType reports whether v could be what branch s describes: an array
// for an array schema, an object for a $ref or object schema.
func fitsType(s sjsNode, v any) bool {
	switch v.(type) {
	case []any:
		return s["type"] == "array"
	case map[string]any:
		_, ref := s["$ref"]
		return ref || s["type"] == "object"
	}
	return false
}

// dataURI turns a data: URI member into the data and media type members,
// as the typed decoder reads it: the URI gives the bytes and, unless the
// object has a media type, the media type.
func (dl *dialect) dataURI(obj map[string]any, path []string, du *[3]string) {
	dataKey, mediaKey, uriKey := du[0], du[1], du[2]
	if _, has := obj[dataKey]; has {
		return
	}
	uri, ok := obj[uriKey].(string)
	if !ok {
		return
	}
	data, mediaType, err := wire.ParseDataURI(uri)
	if err != nil {
		at := appendPath(path, uriKey)
		dl.faults = append(dl.faults, fault{at: at, ptr: at, keyword: "contentEncoding", message: err.Error()})
		data = nil
		mediaType = "application/octet-stream" // stands in, so that only the URI is reported
	}
	obj[dataKey] = base64.StdEncoding.EncodeToString(data)
	dl.rename(path, dataKey, uriKey)
	if _, has := obj[mediaKey]; !has {
		obj[mediaKey] = mediaType
		dl.rename(path, mediaKey, uriKey)
	}
	delete(obj, uriKey)
}

// extra moves the unknown members of obj whose names are keys the
// x-extra-members map allows into that map, as the typed decoder reads
// them (a key the map holds already wins).
func (dl *dialect) extra(obj map[string]any, path []string, n *dialectNode) {
	var keys []string
	for k := range obj {
		if _, known := n.props[k]; !known && n.extraKey.MatchString(k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	m, ok := obj[n.extraInto].(map[string]any)
	if !ok {
		if obj[n.extraInto] != nil {
			return // not a map: the validator reports it; the members stay
		}
		m = map[string]any{}
		obj[n.extraInto] = m
	}
	into := pointer(appendPath(path, n.extraInto))
	for _, k := range keys {
		v := obj[k]
		delete(obj, k)
		if _, taken := m[k]; taken {
			continue
		}
		m[k] = v
		if dl.moved == nil {
			dl.moved = map[string]map[string]bool{}
		}
		if dl.moved[into] == nil {
			dl.moved[into] = map[string]bool{}
		}
		dl.moved[into][k] = true
	}
}

// rename records that the member name of the object at path was called
// orig in the input.
func (dl *dialect) rename(path []string, name, orig string) {
	if dl.renamed == nil {
		dl.renamed = map[string]map[string]string{}
	}
	p := pointer(path)
	if dl.renamed[p] == nil {
		dl.renamed[p] = map[string]string{}
	}
	dl.renamed[p][name] = orig
}

// original turns a path in the rewritten document into the path in the
// input.
func (dl *dialect) original(path []string) []string {
	if dl == nil || (len(dl.renamed) == 0 && len(dl.moved) == 0) || path == nil {
		return path
	}
	out := make([]string, 0, len(path))
	for i, tok := range path {
		prefix := pointer(path[:i])
		if dl.moved[prefix][tok] {
			out[len(out)-1] = tok // a member moved into the map: at its parent
			continue
		}
		if orig, ok := dl.renamed[prefix][tok]; ok {
			tok = orig
		}
		out = append(out, tok)
	}
	return out
}

// apply puts the collector's faults at the input's member names, drops
// those the rewrite reported already, and adds the rewrite's own.
func (dl *dialect) apply(c *collector) {
	if dl == nil {
		return
	}
	kept := c.faults[:0]
	for _, f := range c.faults {
		if dl.covers(f.at) {
			continue
		}
		f.at, f.ptr = dl.original(f.at), dl.original(f.ptr)
		kept = append(kept, f)
	}
	c.faults = append(kept, dl.faults...)
}

// covers reports whether path is at or under an object whose fault the
// rewrite reported.
func (dl *dialect) covers(path []string) bool {
	for _, h := range dl.handled {
		if len(path) >= len(h) && equalPath(path[:len(h)], h) {
			return true
		}
	}
	return false
}

func equalPath(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// describeJSON names the JSON type of a parsed value, for messages.
func describeJSON(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		return "number " + string(x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

// AliasTagged returns the title of the tagged union that a document
// without a "type" tag is read as because it has the union's second tag
// member (x-tag-aliases: a .NET content's "$type" makes it an AIContent),
// as ValidateTagged reads it; normalize reads such documents the same way.
func AliasTagged(data []byte) (string, bool) { return aliasTagged(data) }

// aliasTagged returns the title of the union a document without a "type"
// tag is read as because it has the union's alias tag member (a .NET
// content's "$type" makes it an AIContent), whatever that member's value:
// an unknown value is then reported by the union.
func aliasTagged(data []byte) (string, bool) {
	loadDialects()
	for _, u := range dialects.aliasUnions {
		d := wire.NewDecoder(data, wire.Options{})
		if _, st := d.PeekTag(u[1]); st != wire.TagMissing && st != wire.TagNotObject {
			return u[0], true
		}
	}
	return "", false
}
