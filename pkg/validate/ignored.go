package validate

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
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
// probably means ("did you mean ...?") when one is near. Nested
// components' configs are checked at their own nodes.
func ignoredMembers(n *component.Node) agentschema.Faults {
	title := n.Info.Config
	d := wire.NewDecoder(n.Config, wire.Options{DisallowUnknownFields: true})
	ok := false
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { _, ok = gen.DecodeTitled(title, d) }))
	if !ok {
		return nil
	}
	var out agentschema.Faults
	for _, e := range d.Errors() {
		if e.Type != "extra_forbidden" {
			continue
		}
		// Only the config's own members: deeper ones are in members that
		// are not components (a dict of settings) and kept as written.
		name := strings.TrimPrefix(e.Pointer, "/")
		if name == "" || strings.Contains(name, "/") {
			continue
		}
		name = strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
		msg := fmt.Sprintf("%s has no member %q: AutoGen ignores it", title, name)
		if near := suggest.Nearest(name, configMembers(title)); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		out = append(out, &agentschema.Fault{Pointer: n.Pointer + "/config" + e.Pointer, Offset: e.Offset, Line: e.Line, Column: e.Column,
			Keyword: "additionalProperties", Type: TypeIgnoredMember, Message: msg})
	}
	return out
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
