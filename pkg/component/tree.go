package component

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// Node is one component of a component tree (a team file, an agent's
// dump_component() output, a Studio gallery entry), found by Walk.
type Node struct {
	// Pointer is the JSON pointer of the component (its ComponentModel
	// object) in the whole document: "" for the root,
	// "/config/participants/0" for a team's first participant.
	Pointer string
	// Provider is the provider string as written.
	Provider string
	// Info describes the provider's class; Known says whether
	// LookupProvider knows it (if not, Info is zero and the config is not
	// searched for nested components).
	Info  ProviderInfo
	Known bool
	// ComponentType is the component_type as written, "" when absent or
	// null.
	ComponentType string
	// ComponentVersion is the component_version as written, when it is an
	// integer (nil when absent, null or not an integer).
	ComponentVersion *int64
	// Config is the config member's JSON text (nil when it is not an
	// object).
	Config gen.RawJSON
	// Slot is the member of the parent's config holding this component;
	// nil for the root.
	Slot *Slot
	// Parent is the parent component's provider information (zero for the
	// root).
	Parent *Node
}

// Walk calls fn for every component of the tree data holds, a
// ComponentModel (JSON), parents before children, in document order:
// the root, then each nested component of a known provider's config
// (a team's participants, an agent's model client, workbenches, tools,
// model context and memory, a termination condition's children, ...).
// Values that are not objects with a string "provider" are skipped (a
// schema check of the parent reports them). A non-nil error from fn stops
// the walk and is returned; so is an error for data that is not JSON.
func Walk(data []byte, fn func(*Node) error) error {
	var root any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return fmt.Errorf("component: %w", err)
	}
	return walkValue(root, "", nil, nil, fn)
}

func walkValue(v any, ptr string, slot *Slot, parent *Node, fn func(*Node) error) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	provider, ok := obj["provider"].(string)
	if !ok {
		return nil
	}
	n := &Node{Pointer: ptr, Provider: provider, Slot: slot, Parent: parent}
	n.Info, n.Known = LookupProvider(provider)
	if ct, ok := obj["component_type"].(string); ok {
		n.ComponentType = ct
	}
	if cv, ok := obj["component_version"].(json.Number); ok {
		if v, err := strconv.ParseInt(string(cv), 10, 64); err == nil {
			n.ComponentVersion = &v
		}
	}
	cfg, isObj := obj["config"].(map[string]any)
	if isObj {
		raw, err := json.Marshal(cfg)
		if err != nil {
			return err
		}
		n.Config = raw
	}
	if err := fn(n); err != nil {
		return err
	}
	if !n.Known || !isObj {
		return nil
	}
	for i := range n.Info.Nested {
		s := &n.Info.Nested[i]
		child, ok := cfg[s.Member]
		if !ok || child == nil {
			continue
		}
		base := ptr + "/config/" + escape(s.Member)
		if !s.List {
			if err := walkValue(child, base, s, n, fn); err != nil {
				return err
			}
			continue
		}
		list, _ := child.([]any)
		for j, item := range list {
			if err := walkValue(item, base+"/"+strconv.Itoa(j), s, n, fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// escape escapes one JSON pointer segment.
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// DecodeConfig decodes the config of m into a new value of its provider's
// config type (such as *gen.AssistantAgentConfig for an AssistantAgent),
// with pydantic's rules: defaults filled, lax values coerced, unknown
// members dropped, and the model validators that derive members run (see
// ApplyValidators). An unknown provider is an *UnknownProviderError; a
// config AutoGen would refuse is an *InvalidConfigError with the faults.
func DecodeConfig(m *gen.ComponentModel) (gen.Encodable, error) {
	if m == nil {
		return nil, &InvalidModelError{Err: errors.New("nil ComponentModel")}
	}
	info, ok := LookupProvider(m.Provider)
	if !ok {
		return nil, Default.unknownProvider(m.Provider, m.Provider)
	}
	cfg := m.Config
	if len(cfg) == 0 {
		cfg = gen.RawJSON("{}")
	}
	v, err := gen.UnmarshalOptions{}.Decode(info.Config, cfg)
	if err == nil {
		err = ApplyValidators(v)
	}
	if err != nil {
		return nil, &InvalidConfigError{Provider: m.Provider, Config: info.Config, Err: err}
	}
	return v, nil
}

// ConfigOf decodes the config of m as a T, a config type of package gen
// (gen.AssistantAgentConfig, gen.RoundRobinGroupChatConfig, ...). The
// provider must be one whose config is a T (see LookupProvider); anything
// else is a *TypeError. It is the typed counterpart of AutoGen's
// component_config_schema.model_validate(model.config): read, change and
// write back with SetConfig.
func ConfigOf[T any, PT interface {
	*T
	gen.Encodable
}](m *gen.ComponentModel) (*T, error) {
	v, err := DecodeConfig(m)
	if err != nil {
		return nil, err
	}
	t, ok := v.(PT)
	if !ok {
		return nil, &TypeError{Provider: m.Provider, Got: reflect.TypeOf(v), Want: reflect.TypeFor[PT]()}
	}
	return (*T)(t), nil
}

// SetConfig replaces the config of m by config, written as AutoGen's
// dump_component() writes a config: model_dump(exclude_none=True), so null
// members are dropped at every depth.
func SetConfig(m *gen.ComponentModel, config gen.Encodable) error {
	raw, err := wire.Marshal(config)
	if err != nil {
		return err
	}
	cfg, err := DropNone(raw)
	if err != nil {
		return err
	}
	m.Config = cfg
	return nil
}

// InvalidConfigError is a config its provider's config schema refuses, as
// AutoGen's load_component raises pydantic's ValidationError. Err holds
// the faults (an agentschema.Faults), with pointers inside the config.
type InvalidConfigError struct {
	Provider string // the provider as written
	Config   string // the schema title of the config
	Err      error
}

// Error names the provider, the config type and the faults.
func (e *InvalidConfigError) Error() string {
	return fmt.Sprintf("component: %s: invalid %s: %v", e.Provider, e.Config, e.Err)
}

// Unwrap returns the faults.
func (e *InvalidConfigError) Unwrap() error { return e.Err }

// NormalizeTree returns the JSON of the component tree data holds as
// AutoGen's dump_component().model_dump(mode="json") writes it after
// load_component: the root envelope with every member, each known config
// decoded with its defaults filled, lax values coerced and derived members
// set (ApplyValidators), then changed as the component's constructor and
// _to_config change it (a team's default name and description, an
// AssistantAgent's tools moved into a StaticStreamWorkbench, a default
// UnboundedChatCompletionContext, ...; see dump.go), and written without
// null members (model_dump(exclude_none=True)), and each nested
// component's envelope without null members, recursively. Configs of
// providers LookupProvider does not know are kept as written, without
// their null members. Faults are reported with their pointers in the
// whole document (an agentschema.Faults).
func NormalizeTree(data []byte) ([]byte, error) {
	var m gen.ComponentModel
	if err := wire.Unmarshal(data, &m); err != nil {
		return nil, &InvalidModelError{Err: err}
	}
	if err := normalizeModel(&m, ""); err != nil {
		return nil, err
	}
	return wire.Marshal(&m)
}

// normalizeModel normalizes the component m, at pointer ptr of the whole
// document, in place (see NormalizeTree): a provider LookupProvider does
// not know keeps its config without null members; a known one has its
// version checked (checkVersion), its config decoded and dumped as the
// constructor would (dumpedMembers), each nested component normalized in
// turn (normalizeSlot), the config written back without null members, and
// its envelope rewritten (setEnvelope).
func normalizeModel(m *gen.ComponentModel, ptr string) error {
	info, known := LookupProvider(m.Provider)
	if !known {
		cfg, err := DropNone(m.Config)
		if err != nil {
			return err
		}
		m.Config = cfg
		return nil
	}
	if err := checkVersion(m, info, ptr); err != nil {
		return err
	}
	members, err := dumpedMembers(m, ptr)
	if err != nil {
		return err
	}
	for i := range members {
		slot := slotOf(info, members[i].key)
		if slot == nil {
			continue
		}
		if err := normalizeSlot(&members[i], slot, ptr+"/config/"+escape(slot.Member)); err != nil {
			return err
		}
	}
	cfg, err := DropNone(joinMembers(members))
	if err != nil {
		return err
	}
	m.Config = cfg
	setEnvelope(m, info)
	return nil
}

// checkVersion refuses a config of an older component_version than the
// class's: load_component sends it to _from_config_past_version, which no
// class of AutoGen 0.7.5 implements (autogen_core/_component_config.py).
func checkVersion(m *gen.ComponentModel, info ProviderInfo, ptr string) error {
	if m.ComponentVersion != nil && m.ComponentVersion.Sign() != 0 && m.ComponentVersion.Cmp(wire.IntOf(info.Version)) < 0 {
		return agentschema.Faults{versionFault(info, m.ComponentVersion.String(), ptr)}
	}
	return nil
}

func versionFault(info ProviderInfo, version, ptr string) *agentschema.Fault {
	return &agentschema.Fault{Pointer: ptr + "/component_version", Keyword: "component_version", Type: "not_implemented",
		Message: fmt.Sprintf("Tried to load component %s which is on version %d with a config on version %s but _from_config_past_version is not implemented",
			info.Provider, info.Version, version)}
}

// VersionFault is load_component's refusal of n when its
// component_version is older than its class's (no class this module knows
// implements _from_config_past_version), or nil.
func VersionFault(n *Node) *agentschema.Fault {
	if !n.Known || n.ComponentVersion == nil || *n.ComponentVersion == 0 || *n.ComponentVersion >= n.Info.Version {
		return nil
	}
	return versionFault(n.Info, strconv.FormatInt(*n.ComponentVersion, 10), n.Pointer)
}

// dumpedMembers decodes m's config, applies the constructor (dumpConfig)
// and returns the result's members, in order. A config that does not
// decode is refused with faults under ptr's "/config".
func dumpedMembers(m *gen.ComponentModel, ptr string) ([]objMember, error) {
	v, err := DecodeConfig(m)
	if err != nil {
		var ic *InvalidConfigError
		if errors.As(err, &ic) {
			return nil, prefixFaults(ic.Err, ptr+"/config")
		}
		return nil, err
	}
	if v, err = dumpConfig(v, ptr); err != nil {
		return nil, err
	}
	raw, err := wire.Marshal(v)
	if err != nil {
		return nil, err
	}
	return objectMembers(raw)
}

// normalizeSlot normalizes the nested components in mem, a config member
// that slot says holds one (an object) or a list of them; base is the
// member's pointer. Values of another JSON kind are left as they are.
func normalizeSlot(mem *objMember, slot *Slot, base string) error {
	if slot.List {
		var items []json.RawMessage
		if mem.value[0] != '[' || json.Unmarshal(mem.value, &items) != nil {
			return nil
		}
		out := make([]json.RawMessage, len(items))
		for j, item := range items {
			out[j] = item
			if len(item) == 0 || item[0] != '{' {
				continue
			}
			b, err := normalizeRaw(item, base+"/"+strconv.Itoa(j))
			if err != nil {
				return err
			}
			out[j] = b
		}
		mem.value, _ = json.Marshal(out)
		return nil
	}
	if mem.value[0] != '{' {
		return nil
	}
	b, err := normalizeRaw(mem.value, base)
	if err != nil {
		return err
	}
	mem.value = b
	return nil
}

// normalizeRaw decodes the nested component in raw, at pointer p, and
// normalizes it (normalizeNested).
func normalizeRaw(raw json.RawMessage, p string) (json.RawMessage, error) {
	var child gen.ComponentModel
	if err := wire.Unmarshal(raw, &child); err != nil {
		return nil, prefixFaults(err, p)
	}
	return normalizeNested(&child, p)
}

// joinMembers writes members back as one JSON object, in order.
func joinMembers(members []objMember) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, mem := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(mem.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(mem.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// setEnvelope writes the envelope dump_component() writes for a component
// of a known class, whatever the input's envelope said: the class's
// provider string (aliases resolved), component_type, component_version as
// both version and component_version, description (see
// ProviderInfo.Description) and label (the class name; no class of AutoGen
// 0.7.5 sets component_label). load_component keeps none of the input's
// envelope members on the component it builds.
func setEnvelope(m *gen.ComponentModel, info ProviderInfo) {
	ctype := info.ComponentType
	v := wire.IntOf(info.Version)
	cv := v
	label := info.Provider[strings.LastIndexByte(info.Provider, '.')+1:]
	m.Provider = info.Provider
	m.ComponentType = &ctype
	m.Version, m.ComponentVersion = &v, &cv
	m.Label = &label
	m.Description = nil
	if info.Description != "" {
		d := info.Description
		m.Description = &d
	}
}

// normalizeNested normalizes a nested component and writes it without
// null members, as exclude_none does inside a parent's config.
func normalizeNested(m *gen.ComponentModel, ptr string) (json.RawMessage, error) {
	if err := normalizeModel(m, ptr); err != nil {
		return nil, err
	}
	raw, err := wire.Marshal(m)
	if err != nil {
		return nil, err
	}
	out, err := DropNone(raw)
	return json.RawMessage(out), err
}

// slotOf returns the nested-component slot of info named member; nil
// when the member holds no component.
func slotOf(info ProviderInfo, member string) *Slot {
	for i := range info.Nested {
		if info.Nested[i].Member == member {
			return &info.Nested[i]
		}
	}
	return nil
}

// objMember is one member of a JSON object: its key and its raw value.
type objMember struct {
	key   string
	value json.RawMessage
}

// objectMembers splits a JSON object into its members, in order.
func objectMembers(data []byte) ([]objMember, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("component: config is not a JSON object")
	}
	var out []objMember
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, objMember{key: t.(string), value: v})
	}
	return out, nil
}

// prefixFaults returns err with every fault's pointer put under prefix and
// its position cleared (it was a position in a part of the document).
func prefixFaults(err error, prefix string) error {
	var fs agentschema.Faults
	if !errors.As(err, &fs) {
		return err
	}
	out := make(agentschema.Faults, len(fs))
	for i, f := range fs {
		g := *f
		g.Pointer = prefix + f.Pointer
		g.Offset, g.Line, g.Column = 0, 0, 0
		out[i] = &g
	}
	return out
}

// IsTree reports whether data, a JSON document, is a component tree: an
// object with a string "provider" member and no "type" tag.
func IsTree(data []byte) bool {
	var probe struct {
		Provider *string         `json:"provider"`
		Type     json.RawMessage `json:"type"`
	}
	return json.Unmarshal(data, &probe) == nil && probe.Provider != nil && probe.Type == nil
}
