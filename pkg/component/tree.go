package component

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

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
	// Offset is the byte offset of the component's object in the text.
	Offset int
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
	if !json.Valid(data) {
		var root any
		err := json.Unmarshal(data, &root)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		return fmt.Errorf("component: %w", err)
	}
	// The text is scanned in place: each node's Config is a slice of data,
	// so a tree costs memory for its depth, not for a copy of each level
	// (a decoded map of the whole tree, and each config marshalled again,
	// cost some twenty times the text).
	w := walker{data: data, fn: fn}
	if err := w.walk(skipSpace(data, 0), "", nil, nil); err != nil {
		if err == errTooMany {
			return w.over
		}
		return err
	}
	return nil
}

// walker walks a component tree's text in place (see Walk).
type walker struct {
	data []byte
	fn   func(*Node) error
	// scratch, when set, is the one Node given to fn for every component,
	// without parents: a walk that only counts keeps no nodes.
	scratch *Node
	// count is the number of components seen; past MaxComponents the
	// walk stops with errTooMany and over holds the fault.
	count int
	over  agentschema.Faults
}

// errTooMany stops a walk at the component past MaxComponents.
var errTooMany = errors.New("too many components")

// tooMany returns errTooMany, with w.over set to the limit fault at the
// component at offset at, pointer ptr.
func (w *walker) tooMany(ptr string, at int) error {
	le := &agentschema.LimitError{Limit: "components", Max: MaxComponents}
	line, col := 1, 1
	for _, c := range w.data[:at] {
		col++
		if c == '\n' {
			line, col = line+1, 1
		}
	}
	w.over = agentschema.Faults{{Pointer: ptr, Offset: at, Line: line, Column: col, Type: "limit",
		Message: le.Error() + " (components in one tree)", Err: le}}
	return errTooMany
}

func (w *walker) walk(at int, ptr string, slot *Slot, parent *Node) error {
	data := w.data
	if at >= len(data) || data[at] != '{' {
		return nil
	}
	var provider, ctype, cversion, cfg []byte // the last occurrence of each, as JSON does
	cfgAt := 0
	for key, v := range members(data, at) {
		switch key {
		case "provider":
			provider = data[v.start:v.end]
		case "component_type":
			ctype = data[v.start:v.end]
		case "component_version":
			cversion = data[v.start:v.end]
		case "config":
			cfg, cfgAt = data[v.start:v.end], v.start
		}
	}
	name, ok := jsonString(provider)
	if !ok {
		return nil
	}
	if w.count++; w.count > MaxComponents {
		return w.tooMany(ptr, at)
	}
	n := w.scratch
	if n == nil {
		n = new(Node)
	}
	*n = Node{Pointer: ptr, Offset: at, Provider: name, Slot: slot, Parent: parent}
	n.Info, n.Known = LookupProvider(name)
	if ct, ok := jsonString(ctype); ok {
		n.ComponentType = ct
	}
	if len(cversion) > 0 && cversion[0] != 'n' && cversion[0] != '"' {
		if v, err := strconv.ParseInt(unsafeString(cversion), 10, 64); err == nil {
			n.ComponentVersion = &v
		}
	}
	isObj := len(cfg) > 0 && cfg[0] == '{'
	if isObj {
		n.Config = gen.RawJSON(cfg)
	}
	if err := w.fn(n); err != nil {
		return err
	}
	if !n.Known || !isObj {
		return nil
	}
	// n may be w.scratch, which the children overwrite.
	nested := n.Info.Nested
	for i := range nested {
		s := &nested[i]
		child := -1
		for key, v := range members(data, cfgAt) {
			if key == s.Member {
				child = v.start
			}
		}
		if child < 0 || data[child] == 'n' {
			continue
		}
		base := ptr + "/config/" + escape(s.Member)
		if !s.List {
			if err := w.walk(child, base, s, w.parent(n)); err != nil {
				return err
			}
			continue
		}
		if data[child] != '[' {
			continue
		}
		j := 0
		for vs := range elements(data, child) {
			if err := w.walk(vs, base+"/"+strconv.Itoa(j), s, w.parent(n)); err != nil {
				return err
			}
			j++
		}
	}
	return nil
}

// parent is n as its children's parent: nil when nodes are not kept.
func (w *walker) parent(n *Node) *Node {
	if w.scratch != nil {
		return nil
	}
	return n
}

// The scanners below read valid JSON text (Walk checks it first) in place.

// span is the bounds of a value in the text.
type span struct{ start, end int }

// members yields the members of the object at data[at] ('{'): each name,
// unescaped, and the bounds of its value. A name is valid only during the
// iteration that yields it (it may share data's bytes).
func members(data []byte, at int) func(func(string, span) bool) {
	return func(yield func(string, span) bool) {
		i := skipSpace(data, at+1)
		for i < len(data) && data[i] == '"' {
			ke := valueEnd(data, i)
			key := unsafeString(data[i+1 : ke-1])
			if bytes.IndexByte(data[i:ke], '\\') >= 0 {
				key, _ = jsonString(data[i:ke])
			}
			vs := skipSpace(data, skipSpace(data, ke)+1) // past ':'
			ve := valueEnd(data, vs)
			if !yield(key, span{vs, ve}) {
				return
			}
			i = skipSpace(data, ve)
			if i < len(data) && data[i] == ',' {
				i = skipSpace(data, i+1)
			}
		}
	}
}

// elements yields the start of each element of the array at data[at] ('[').
func elements(data []byte, at int) func(func(int) bool) {
	return func(yield func(int) bool) {
		i := skipSpace(data, at+1)
		for i < len(data) && data[i] != ']' {
			if !yield(i) {
				return
			}
			i = skipSpace(data, valueEnd(data, i))
			if i < len(data) && data[i] == ',' {
				i = skipSpace(data, i+1)
			}
		}
	}
}

// unsafeString views b as a string without copying; b must not change
// while the string is used.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// valueEnd returns the offset just after the value that starts at data[i]
// (valid JSON text).
func valueEnd(data []byte, i int) int {
	if e := wire.SkimValue(data, i); e >= 0 {
		return e
	}
	return len(data)
}

// jsonString decodes a JSON string token; false for any other value.
func jsonString(tok []byte) (string, bool) {
	if len(tok) < 2 || tok[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(tok, '\\') < 0 {
		return string(tok[1 : len(tok)-1]), true
	}
	var s string
	if json.Unmarshal(tok, &s) != nil {
		return "", false
	}
	return s, true
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
	if json.Valid(data) {
		if err := checkTreeSize(data); err != nil {
			return nil, err
		}
	}
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
	if m.ComponentVersion != nil && m.ComponentVersion.Sign() != 0 && m.ComponentVersion.Cmp(gen.IntOf(info.Version)) < 0 {
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
	members, err := objectMembers(raw)
	if err != nil {
		return nil, err
	}
	if _, ok := v.(*gen.GraphFlowConfig); ok {
		err = keepNodeOrder(members, m.Config)
	}
	return members, err
}

// keepNodeOrder writes the nodes of a dumped GraphFlowConfig's graph in
// the order of the config it was decoded from (gen.DiGraph holds them in
// a map and writes them sorted): DiGraph.nodes is a dict, which
// load_component and dump_component keep in order.
func keepNodeOrder(members []objMember, original gen.RawJSON) error {
	order := map[string]int{}
	if nodes, ok := memberOf(original, "graph", "nodes"); ok {
		ms, err := objectMembers(nodes)
		if err != nil {
			return err
		}
		for i, n := range ms {
			if _, seen := order[n.key]; !seen {
				order[n.key] = i
			}
		}
	}
	for i := range members {
		if members[i].key != "graph" {
			continue
		}
		graph, err := objectMembers(members[i].value)
		if err != nil {
			return err
		}
		for j := range graph {
			if graph[j].key != "nodes" {
				continue
			}
			nodes, err := objectMembers(graph[j].value)
			if err != nil {
				return err
			}
			slices.SortStableFunc(nodes, func(a, b objMember) int { return order[a.key] - order[b.key] })
			graph[j].value = joinMembers(nodes)
		}
		members[i].value = joinMembers(graph)
	}
	return nil
}

// memberOf returns the value at the path of member names in the JSON
// object data.
func memberOf(data []byte, path ...string) (json.RawMessage, bool) {
	cur := json.RawMessage(data)
	for _, key := range path {
		ms, err := objectMembers(cur)
		if err != nil {
			return nil, false
		}
		found := false
		for _, m := range ms {
			if m.key == key {
				cur, found = m.value, true
			}
		}
		if !found {
			return nil, false
		}
	}
	return cur, true
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
	v := gen.IntOf(info.Version)
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

// MaxComponents bounds the components of one tree (the root and every
// nested component): 50,000, far above any real team (a 10,000-node
// GraphFlow with a model client per agent has 20,001). Walk, NormalizeTree,
// Load and the tree validation refuse a larger tree before decoding it,
// with a "limit" fault (an *agentschema.LimitError) at the first component
// past the bound, so that memory stays proportional to what is read.
const MaxComponents = 50_000

// CheckTreeSize counts the components of the tree data holds (in place,
// without decoding it) and refuses more than MaxComponents with an
// agentschema.Faults holding one "limit" fault. Text that is not JSON is
// not refused here (decoding it reports where it is broken).
func CheckTreeSize(data []byte) error {
	if !json.Valid(data) {
		return nil
	}
	return checkTreeSize(data)
}

// checkTreeSize is CheckTreeSize for valid JSON text.
func checkTreeSize(data []byte) error {
	w := walker{data: data, scratch: new(Node), fn: func(*Node) error { return nil }}
	if err := w.walk(skipSpace(data, 0), "", nil, nil); err == errTooMany {
		return w.over
	}
	return nil
}
