package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
)

// Keywords and pydantic-style types of the faults of component trees.
const (
	// KeywordProvider marks a fault about a component's provider: one
	// this module does not know (Type TypeUnknownProvider), or one of
	// another component type than its place takes (Type
	// TypeComponentType).
	KeywordProvider = "provider"
	// TypeUnknownProvider is an unknown provider: a warning unless
	// Validator.Strict is set.
	TypeUnknownProvider = "unknown_provider"
	// TypeComponentType is a known provider of another component type
	// than its place takes: AutoGen's load_component raises
	// TypeError("Expected type does not match").
	TypeComponentType = "component_type"
)

// stateTitles maps the "type" member of AutoGen's saved states
// (autogen_agentchat/state/_states.py; GraphFlowManagerState writes
// "GraphManagerState") to their schema titles. BaseState's type is a
// plain string with a default, not a literal, so these types are not in
// gen.TitleForTag.
var stateTitles = map[string]string{
	"AssistantAgentState":          "AssistantAgentState",
	"TeamState":                    "TeamState",
	"BaseGroupChatManagerState":    "BaseGroupChatManagerState",
	"ChatAgentContainerState":      "ChatAgentContainerState",
	"RoundRobinManagerState":       "RoundRobinManagerState",
	"SelectorManagerState":         "SelectorManagerState",
	"SwarmManagerState":            "SwarmManagerState",
	"MagenticOneOrchestratorState": "MagenticOneOrchestratorState",
	"SocietyOfMindAgentState":      "SocietyOfMindAgentState",
	"GraphManagerState":            "GraphFlowManagerState",
}

// StateTitle returns the schema title of a saved state's "type" member
// ("TeamState", "GraphManagerState" -> "GraphFlowManagerState").
func StateTitle(tag string) (string, bool) {
	t, ok := stateTitles[tag]
	return t, ok
}

// ValidateComponent checks data, a component tree (a ComponentModel: a
// Studio team file, dump_component() output), as AutoGen's load_component
// reads it: the envelope, then every config against its provider's config
// schema, recursively through nested components (see component.Walk).
// Each fault's pointer and position are in the whole document, such as
// /config/participants/0/config/model_client/config/model. A nested
// component of another component type than its place takes is an error
// (TypeComponentType). A provider this module does not know is passed to
// v.Warn, or is an error when v.Strict is set (TypeUnknownProvider).
func (v *Validator) ValidateComponent(data []byte) error {
	if err := component.CheckTreeSize(data); err != nil {
		return err
	}
	if err := v.Validate("ComponentModel", data); err != nil {
		return err
	}
	t := &treeRun{v: v, data: data}
	err := component.Walk(data, func(n *component.Node) error {
		t.node(n)
		return nil
	})
	if err != nil {
		return err
	}
	return t.result()
}

// ValidateState checks data, a saved state (save_state() output), as the
// state type named by title ("TeamState", ...), and what AutoGen's
// load_state reads inside it: each nested state by its "type" (a team's
// agent_states, a container's agent_state, a society of mind agent's
// inner_team_state), an assistant agent's llm_context as a
// ChatCompletionContextState, and the messages of message buffers and
// threads as agentchat messages.
func (v *Validator) ValidateState(title string, data []byte) error {
	if err := v.Validate(title, data); err != nil {
		return err
	}
	root, werrs := parse(data, wire.Options(v.Limits))
	if werrs != nil {
		return fromWire(werrs, v.maxErrors())
	}
	t := &treeRun{v: v, data: data}
	t.state(title, root, nil)
	return t.result()
}

func (v *Validator) maxErrors() int {
	if v.MaxErrors <= 0 {
		return DefaultMaxErrors
	}
	return v.MaxErrors
}

// treeRun collects the faults of one tree.
type treeRun struct {
	v      *Validator
	data   []byte
	faults agentschema.Faults
	warns  agentschema.Faults
}

func (t *treeRun) node(n *component.Node) {
	if !n.Known {
		f := &agentschema.Fault{
			Pointer: n.Pointer + "/provider",
			Keyword: KeywordProvider,
			Type:    TypeUnknownProvider,
			Message: fmt.Sprintf("unknown provider %q: its config is not checked", n.Provider),
		}
		if t.v.Strict {
			t.faults = append(t.faults, f)
		} else {
			t.warns = append(t.warns, f)
		}
		return
	}
	if n.Slot != nil && !n.Slot.Accepts(n.Info.ComponentType) {
		t.faults = append(t.faults, &agentschema.Fault{
			Pointer: n.Pointer + "/provider",
			Keyword: KeywordProvider,
			Type:    TypeComponentType,
			Message: fmt.Sprintf("%s is %s %s component, but %s takes %s (AutoGen: Expected type does not match)",
				n.Info.Provider, article(n.Info.ComponentType), n.Info.ComponentType, n.Slot.Member, n.Slot.TypesText()),
		})
	}
	if n.Config == nil {
		return
	}
	if t.v.Mode == ModeAutoGen {
		if f := component.VersionFault(n); f != nil {
			t.faults = append(t.faults, f)
		}
	}
	t.sub(n.Info.Config, n.Config, parsePointer(n.Pointer+"/config"))
	if t.v.Mode == ModeAutoGen {
		t.refusals(n, parsePointer(n.Pointer+"/config"))
	}
	if t.v.Strict {
		t.warns = append(t.warns, ignoredMembers(n)...)
	}
}

// refusals adds what AutoGen refuses beyond the typed decoder's checks:
// pydantic constraints the generated decoders do not enforce, and the
// constructors' refusals that _from_config meets (component.DumpConfig:
// a team without participants, an AssistantAgent with tools and a
// workbench, ...).
func (t *treeRun) refusals(n *component.Node, at []string) {
	if v, err := component.DecodeConfig(&gen.ComponentModel{Provider: n.Provider, Config: n.Config}); err == nil {
		var fs agentschema.Faults
		if _, err := component.DumpConfig(v); errors.As(err, &fs) {
			for _, f := range fs {
				g := *f
				g.Pointer = n.Pointer + f.Pointer
				t.faults = append(t.faults, &g)
			}
		}
	}
	t.requiredByAutoGen(n, at)
	if n.Info.Config != "AssistantAgentConfig" {
		return
	}
	var c gen.AssistantAgentConfig
	if gen.Unmarshal(n.Config, &c) != nil {
		return
	}
	// max_tool_iterations: int = Field(default=1, ge=1)
	// (autogen_agentchat/agents/_assistant_agent.py).
	if c.MaxToolIterations.Cmp(gen.IntOf(1)) < 0 {
		t.faults = append(t.faults, &agentschema.Fault{
			Pointer: pointer(append(at[:len(at):len(at)], "max_tool_iterations")),
			Keyword: "minimum",
			Type:    "greater_than_equal",
			Message: "Input should be greater than or equal to 1",
		})
	}
}

// autogenRequired are the members AutoGen's config models require though
// their schemas (and run) let them be missing: McpSessionHostConfig's
// parts and StdioElicitorConfig's timeout are Optional without a default
// in AutoGen 0.7.5, whose own dump_component() leaves the None ones out.
var autogenRequired = map[string][]string{
	"McpSessionHostConfig": {"sampler", "elicitor", "roots"},
	"StdioElicitorConfig":  {"timeout"},
}

// requiredByAutoGen adds pydantic's "Field required" for each member of
// autogenRequired missing from n's config (at is the config's path).
func (t *treeRun) requiredByAutoGen(n *component.Node, at []string) {
	names := autogenRequired[n.Info.Config]
	if names == nil {
		return
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(n.Config, &members) != nil {
		return
	}
	for _, name := range names {
		if _, ok := members[name]; !ok {
			t.faults = append(t.faults, &agentschema.Fault{
				Pointer: pointer(append(at[:len(at):len(at)], name)),
				Keyword: "required",
				Type:    "missing",
				Message: "Field required",
			})
		}
	}
}

// sub validates one part of the document (raw, at path) as title and
// keeps its faults with pointers in the whole document.
func (t *treeRun) sub(title string, raw []byte, at []string) {
	err := t.v.Validate(title, raw)
	if err == nil {
		return
	}
	var es agentschema.Faults
	var ut *UnknownTypeError
	switch {
	case errors.As(err, &es):
	case errors.As(err, &ut):
		// A provider whose config schema is not in this build: treat it
		// as an unknown provider.
		f := &agentschema.Fault{Pointer: pointer(at), Keyword: KeywordProvider, Type: TypeUnknownProvider,
			Message: "no schema " + strconv.Quote(title) + " for this config: it is not checked"}
		if t.v.Strict {
			t.faults = append(t.faults, f)
		} else {
			t.warns = append(t.warns, f)
		}
		return
	default:
		es = agentschema.Faults{{Pointer: "", Message: err.Error()}}
	}
	for _, e := range es {
		g := *e
		g.Pointer = pointer(at) + e.Pointer
		t.faults = append(t.faults, &g)
	}
}

// state checks the nested states of a state of type title, value v at
// path at (the state itself was checked by the caller).
func (t *treeRun) state(title string, v any, at []string) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	child := func(member string) []string { return append(at[:len(at):len(at)], member) }
	nested := func(val any, p []string) {
		o, ok := val.(map[string]any)
		if !ok {
			return
		}
		tag, _ := o["type"].(string)
		if _, typed := o["type"]; !typed && isGraphManagerState(o) {
			t.graphManagerState(o, p)
			return
		}
		st, ok := stateTitles[tag]
		if !ok {
			return // AutoGen reads it as the state of its own class
		}
		if raw, err := json.Marshal(val); err == nil {
			before := len(t.faults)
			t.sub(st, raw, p)
			if len(t.faults) == before {
				t.state(st, val, p)
			}
		}
	}
	eachItem := func(member, itemTitle string) {
		list, _ := obj[member].([]any)
		for i, item := range list {
			if raw, err := json.Marshal(item); err == nil {
				t.sub(itemTitle, raw, append(child(member), strconv.Itoa(i)))
			}
		}
	}
	switch title {
	case "TeamState":
		states, _ := obj["agent_states"].(map[string]any)
		keys := make([]string, 0, len(states))
		for k := range states {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			nested(states[k], append(child("agent_states"), k))
		}
	case "ChatAgentContainerState":
		nested(obj["agent_state"], child("agent_state"))
		// The container's load_state creates each buffered message with
		// the message factory (teams/_group_chat/_chat_agent_container.py).
		eachItem("message_buffer", "ChatMessage")
	case "SocietyOfMindAgentState":
		if inner, ok := obj["inner_team_state"].(map[string]any); ok {
			if raw, err := json.Marshal(inner); err == nil {
				before := len(t.faults)
				t.sub("TeamState", raw, child("inner_team_state"))
				if len(t.faults) == before {
					t.state("TeamState", inner, child("inner_team_state"))
				}
			}
		}
	case "AssistantAgentState":
		// AssistantAgent.load_state gives llm_context to its model
		// context's load_state, which validates a ChatCompletionContextState.
		if ctx, ok := obj["llm_context"]; ok {
			if raw, err := json.Marshal(ctx); err == nil {
				t.sub("ChatCompletionContextState", raw, child("llm_context"))
			}
		}
	case "BaseGroupChatManagerState", "RoundRobinManagerState", "SelectorManagerState", "SwarmManagerState",
		"MagenticOneOrchestratorState", "GraphFlowManagerState":
		// The managers' load_state create each message of the thread with
		// the message factory: chat messages and events.
		eachItem("message_thread", "TaskResultMessage")
	}
}

// isGraphManagerState reports whether o is GraphFlowManager's state,
// which save_state writes as a plain dict, with no type: message_thread,
// current_turn, remaining, enqueued_any and ready.
func isGraphManagerState(o map[string]any) bool {
	_, remaining := o["remaining"]
	_, enqueued := o["enqueued_any"]
	_, ready := o["ready"]
	return remaining || enqueued || ready
}

// graphManagerState checks a GraphFlowManager state as its load_state
// reads it: each of its five members (a KeyError when one is missing),
// the thread's messages with the message factory, the counts and flags of
// remaining and enqueued_any, and ready a list of node names.
func (t *treeRun) graphManagerState(o map[string]any, at []string) {
	fault := func(p []string, typ, msg string) {
		t.faults = append(t.faults, &agentschema.Fault{Pointer: pointer(p), Keyword: typ, Type: typ, Message: msg})
	}
	for _, k := range []string{"message_thread", "current_turn", "remaining", "enqueued_any", "ready"} {
		if _, ok := o[k]; !ok {
			fault(at, "missing", "KeyError: '"+k+"' (GraphFlowManager.load_state reads it)")
		}
	}
	member := func(k string) []string { return append(at[:len(at):len(at)], k) }
	if list, ok := o["message_thread"].([]any); ok {
		for i, item := range list {
			if raw, err := json.Marshal(item); err == nil {
				t.sub("TaskResultMessage", raw, append(member("message_thread"), strconv.Itoa(i)))
			}
		}
	} else if v, ok := o["message_thread"]; ok && v != nil {
		fault(member("message_thread"), "list_type", "Input should be a valid list")
	}
	// An integer, as Python's state["..."] gives it to Counter and int
	// arithmetic: a JSON number without fraction or exponent.
	isInt := func(v any) bool {
		n, ok := v.(json.Number)
		_, err := strconv.ParseInt(string(n), 10, 64)
		return ok && err == nil
	}
	if v, ok := o["current_turn"]; ok && !isInt(v) {
		fault(member("current_turn"), "int_type", "Input should be a valid integer")
	}
	nestedDict := func(k string, valid func(any) bool, typ, msg string) {
		d, ok := o[k].(map[string]any)
		if _, present := o[k]; present && !ok {
			fault(member(k), "dict_type", "Input should be a valid dictionary")
			return
		}
		for target, groups := range d {
			g, ok := groups.(map[string]any)
			if !ok {
				fault(append(member(k), target), "dict_type", "Input should be a valid dictionary")
				continue
			}
			for group, v := range g {
				if !valid(v) {
					fault(append(member(k), target, group), typ, msg)
				}
			}
		}
	}
	nestedDict("remaining", isInt, "int_type", "Input should be a valid integer")
	nestedDict("enqueued_any", func(v any) bool { _, ok := v.(bool); return ok }, "bool_type", "Input should be a valid boolean")
	if v, ok := o["ready"]; ok {
		list, isList := v.([]any)
		if !isList {
			fault(member("ready"), "list_type", "Input should be a valid list")
		}
		for i, item := range list {
			if _, ok := item.(string); !ok {
				fault(append(member("ready"), strconv.Itoa(i)), "string_type", "Input should be a valid string")
			}
		}
	}
}

// result places the faults in the document and returns them, sorted, and
// passes the warnings to Warn.
func (t *treeRun) result() error {
	t.place(t.faults)
	t.place(t.warns)
	if t.v.Warn != nil {
		for _, w := range t.warns {
			t.v.Warn(w)
		}
	}
	if len(t.faults) == 0 {
		return nil
	}
	sort.SliceStable(t.faults, func(i, j int) bool { return t.faults[i].Offset < t.faults[j].Offset })
	if max := t.v.maxErrors(); len(t.faults) > max {
		t.faults = t.faults[:max]
	}
	return t.faults
}

// place sets the offset, line and column of each fault from its pointer:
// the value at fault, or for a missing member the object that lacks it.
func (t *treeRun) place(es agentschema.Faults) {
	if len(es) == 0 {
		return
	}
	paths := make([][]string, len(es))
	for i, e := range es {
		p := parsePointer(e.Pointer)
		if (e.Type == "missing" || e.Keyword == "required") && len(p) > 0 {
			p = p[:len(p)-1]
		}
		paths[i] = p
	}
	offs := locate(t.data, paths)
	for i := range offs {
		if offs[i] < 0 {
			offs[i] = 0
		}
	}
	lines, cols := lineCols(t.data, offs)
	for i, e := range es {
		e.Offset, e.Line, e.Column = offs[i], lines[i], cols[i]
	}
}

// SetPositions sets the offset, line and column in data of each fault
// that has no line yet, from its pointer (for a missing member, the object
// that lacks it): for faults found on a part of a document or on a decoded
// value, such as component.NormalizeTree's and component.ApplyValidators'.
func SetPositions(data []byte, fs agentschema.Faults) {
	var todo agentschema.Faults
	for _, f := range fs {
		if f.Line == 0 {
			todo = append(todo, f)
		}
	}
	(&treeRun{data: data}).place(todo)
}

func article(w string) string {
	if w != "" && (w[0] == 'a' || w[0] == 'e' || w[0] == 'i' || w[0] == 'o' || w[0] == 'u') {
		return "an"
	}
	return "a"
}

// looksLikeComponent reports whether a document without a "type" tag is a
// component tree: an object with a string "provider" member.
func looksLikeComponent(data []byte) bool {
	var probe struct {
		Provider *string         `json:"provider"`
		Config   json.RawMessage `json:"config"`
	}
	return json.Unmarshal(data, &probe) == nil && probe.Provider != nil
}

// looksLikeGallery reports whether an untagged document is an AutoGen
// Studio gallery: an object with "components" and "metadata" members.
func looksLikeGallery(data []byte) bool {
	var probe struct {
		Components json.RawMessage `json:"components"`
		Metadata   json.RawMessage `json:"metadata"`
	}
	return json.Unmarshal(data, &probe) == nil && len(probe.Components) > 0 && len(probe.Metadata) > 0
}

// ValidateGallery checks data, an AutoGen Studio gallery
// (GalleryConfig), and every component tree in it, as ValidateComponent.
func (v *Validator) ValidateGallery(data []byte) error {
	if err := v.Validate("GalleryConfig", data); err != nil {
		return err
	}
	root, werrs := parse(data, wire.Options(v.Limits))
	if werrs != nil {
		return fromWire(werrs, v.maxErrors())
	}
	t := &treeRun{v: v, data: data}
	comps, _ := root.(map[string]any)["components"].(map[string]any)
	for _, kind := range []string{"agents", "models", "tools", "terminations", "teams", "workbenches"} {
		list, _ := comps[kind].([]any)
		for i, item := range list {
			raw, err := json.Marshal(item)
			if err != nil {
				continue
			}
			base := "/components/" + kind + "/" + strconv.Itoa(i)
			_ = component.Walk(raw, func(n *component.Node) error {
				m := *n
				m.Pointer = base + n.Pointer
				t.node(&m)
				return nil
			})
		}
	}
	return t.result()
}
