package validate

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"sync"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/suggest"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/schemas"
)

// TypeIgnoredMember is the Type of a warning about a member of a
// component's config that its config model does not hold: AutoGen's
// pydantic models ignore it silently (a misspelled "max_tool_iteration"
// leaves max_tool_iterations at its default).
const TypeIgnoredMember = "ignored_member"

// ignoredMembers returns, for the component n, a warning for each member
// of its config that the config model ignores, naming the member it most
// probably means ("did you mean ...?") when one is near: the config's own
// members, and those of the typed objects inside it (a ChromaDB memory's
// embedding_function_config, whose variant ignores the members it does
// not declare), each named with its own type. Nested components' configs
// are checked at their own nodes, and their envelopes are not checked.
func ignoredMembers(n *component.Node) agentschema.Faults {
	title := n.Info.Config
	d := wire.NewDecoder(n.Config, wire.Options{DisallowUnknownFields: true})
	ok := false
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { _, ok = gen.DecodeTitled(title, d) }))
	if !ok {
		return nil
	}
	var out agentschema.Faults
	var tree any // the config, parsed when a nested member is found
	for _, e := range d.Errors() {
		if e.Type != "extra_forbidden" {
			continue
		}
		path := parsePointer(e.Pointer)
		if len(path) == 0 {
			continue
		}
		owner := title
		if len(path) > 1 {
			if tree == nil && json.Unmarshal(n.Config, &tree) != nil {
				continue
			}
			owner = objectTitle(title, tree, path[:len(path)-1])
			if owner == "" || owner == "ComponentModel" {
				continue
			}
		}
		name := path[len(path)-1]
		msg := fmt.Sprintf("%s has no member %q: AutoGen ignores it", owner, name)
		if near := suggest.Nearest(name, configMembers(owner)); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		out = append(out, &agentschema.Fault{Pointer: n.Pointer + "/config" + e.Pointer, Offset: e.Offset, Line: e.Line, Column: e.Column,
			Keyword: "additionalProperties", Type: TypeIgnoredMember, Message: msg})
	}
	return out
}

// objectTitle returns the schema title of the typed object at path inside
// v, a parsed document of the type title, following the schemas as the
// typed decoder reads v: a property's $ref (through anyOf, oneOf, items
// and additionalProperties), and a tagged union's member by the tag v
// holds. It returns "" where path leaves the typed objects.
func objectTitle(title string, v any, path []string) string {
	loadDialects()
	n := node(title)
	obj, ok := v.(map[string]any)
	if n == nil || !ok {
		return ""
	}
	if n.members != nil { // a tagged union
		tag, _ := obj[n.tagKey].(string)
		member, known := n.members[tag]
		if !known || node(member) == nil || node(member).members != nil {
			return ""
		}
		title, n = member, node(member)
	}
	if len(path) == 0 {
		return title
	}
	p := n.props[path[0]]
	if p == nil {
		return ""
	}
	return schemaTitle(*p, obj[path[0]], path[1:])
}

// schemaTitle is objectTitle for v, which the property schema s describes.
func schemaTitle(s sjsNode, v any, path []string) string {
	if r, ok := s["$ref"].(string); ok {
		if t := refTitle(r); t != "" {
			return objectTitle(t, v, path)
		}
		return ""
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		bs, _ := s[k].([]any)
		for _, b := range bs {
			if b, ok := b.(sjsNode); ok && len(refsOf(b)) > 0 && fitsType(b, v) {
				return schemaTitle(b, v, path)
			}
		}
	}
	if len(path) == 0 {
		return ""
	}
	switch x := v.(type) {
	case []any:
		it, ok := s["items"].(sjsNode)
		i, err := strconv.Atoi(path[0])
		if ok && err == nil && i >= 0 && i < len(x) {
			return schemaTitle(it, x[i], path[1:])
		}
	case map[string]any:
		if ap, ok := s["additionalProperties"].(sjsNode); ok {
			if e, has := x[path[0]]; has {
				return schemaTitle(ap, e, path[1:])
			}
		}
	}
	return ""
}

// configMembersCache holds the member names of each config schema.
var configMembersCache sync.Map // title -> []string

// configMembers returns the member names of the schema title, sorted.
func configMembers(title string) []string {
	if v, ok := configMembersCache.Load(title); ok {
		return v.([]string)
	}
	var names []string
	if raw, err := schemas.Get(title); err == nil {
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if json.Unmarshal(raw, &s) == nil {
			for k := range s.Properties {
				names = append(names, k)
			}
		}
	}
	sort.Strings(names)
	configMembersCache.Store(title, names)
	return names
}
