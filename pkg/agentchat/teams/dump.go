package teams

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/orderedjson"
	"github.com/agentschema/agentschema/pkg/component"
)

// Every team dumps itself as AutoGen's dump_component() writes its class.
var (
	_ component.Component = (*RoundRobinGroupChat)(nil)
	_ component.Component = (*SelectorGroupChat)(nil)
	_ component.Component = (*Swarm)(nil)
	_ component.Component = (*MagenticOneGroupChat)(nil)
	_ component.Component = (*GraphFlow)(nil)
)

// dumped is what every team's _to_config writes of BaseGroupChat: the
// participants and the termination condition dumped with their own
// ComponentModel, max_turns (None for no limit).
type dumped struct {
	participants []gen.ComponentModel
	termination  *gen.ComponentModel
	maxTurns     *gen.Int
	name, desc   *string
}

// dumpCommon dumps what every team has; maxTurns is the team's limit (0:
// none). A participant or a condition without a component config is a
// *component.DumpError at its pointer.
func (g *groupChat) dumpCommon(maxTurns int64) (*dumped, error) {
	name, desc := g.name, g.description
	d := &dumped{participants: make([]gen.ComponentModel, len(g.members)), name: &name, desc: &desc}
	for i, m := range g.members {
		pm, err := component.NestedModel("/config/participants/"+strconv.Itoa(i), m.p)
		if err != nil {
			return nil, err
		}
		d.participants[i] = pm
	}
	if g.termination != nil {
		tm, err := component.NestedModel("/config/termination_condition", g.termination)
		if err != nil {
			return nil, err
		}
		d.termination = &tm
	}
	if maxTurns > 0 {
		n := gen.IntOf(maxTurns)
		d.maxTurns = &n
	}
	return d, nil
}

// ComponentModel returns the team's component config, as AutoGen's
// RoundRobinGroupChat._to_config() makes it.
func (t *RoundRobinGroupChat) ComponentModel() (gen.ComponentModel, error) {
	d, err := t.dumpCommon(t.maxTurns)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return component.ModelOf(RoundRobinGroupChatProvider, &gen.RoundRobinGroupChatConfig{Name: d.name,
		Description: d.desc, Participants: d.participants, TerminationCondition: d.termination, MaxTurns: d.maxTurns,
		EmitTeamEvents: t.emitTeamEvents})
}

// ComponentModel returns the team's component config, as AutoGen's
// SelectorGroupChat._to_config() makes it: the model client dumped with
// its own ComponentModel, and the model context only when one was given
// (AutoGen keeps None otherwise). A SelectorFunc or CandidateFunc is not
// part of it, as AutoGen's _to_config leaves selector_func and
// candidate_func out: the loaded team lets the model choose.
func (t *SelectorGroupChat) ComponentModel() (gen.ComponentModel, error) {
	d, err := t.dumpCommon(t.maxTurns)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	client, err := component.NestedModel("/config/model_client", t.sel.client)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	attempts := int64(t.sel.maxAttempts)
	if attempts < 0 {
		attempts = 0
	}
	cfg := &gen.SelectorGroupChatConfig{Name: d.name, Description: d.desc, Participants: d.participants,
		ModelClient: client, TerminationCondition: d.termination, MaxTurns: d.maxTurns, SelectorPrompt: t.sel.prompt,
		AllowRepeatedSpeaker: t.sel.allowRepeated, MaxSelectorAttempts: gen.IntOf(attempts),
		EmitTeamEvents: t.emitTeamEvents, ModelClientStreaming: t.sel.streaming}
	if t.sel.contextGiven {
		mc, err := component.NestedModel("/config/model_context", t.sel.context)
		if err != nil {
			return gen.ComponentModel{}, err
		}
		cfg.ModelContext = &mc
	}
	return component.ModelOf(SelectorGroupChatProvider, cfg)
}

// ComponentModel returns the team's component config, as AutoGen's
// Swarm._to_config() makes it.
func (t *Swarm) ComponentModel() (gen.ComponentModel, error) {
	d, err := t.dumpCommon(t.maxTurns)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return component.ModelOf(SwarmProvider, &gen.SwarmConfig{Name: d.name, Description: d.desc,
		Participants: d.participants, TerminationCondition: d.termination, MaxTurns: d.maxTurns,
		EmitTeamEvents: t.emitTeamEvents})
}

// ComponentModel returns the team's component config, as AutoGen's
// MagenticOneGroupChat._to_config() makes it: the orchestrator's model
// client dumped with its own ComponentModel, max_turns (null when
// Options.MaxTurns is 0: no bound), max_stalls and final_answer_prompt.
func (t *MagenticOneGroupChat) ComponentModel() (gen.ComponentModel, error) {
	d, err := t.dumpCommon(t.m.maxTurns)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	client, err := component.NestedModel("/config/model_client", t.m.client)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return component.ModelOf(MagenticOneGroupChatProvider, &gen.MagenticOneGroupChatConfig{Name: d.name,
		Description: d.desc, Participants: d.participants, ModelClient: client, TerminationCondition: d.termination,
		MaxTurns: d.maxTurns, MaxStalls: gen.IntOf(t.m.maxStalls), FinalAnswerPrompt: t.m.finalPrompt,
		EmitTeamEvents: t.emitTeamEvents})
}

// ErrConditionFunc is the reason a GraphFlow whose graph has an edge with
// a ConditionFunc cannot be dumped. AutoGen's DiGraphEdge writes a
// callable condition as None: the edge would load as an unconditional one,
// and a node with conditional edges too is refused when the loaded team
// runs ("has a mix of conditional and unconditional edges"). Dump refuses
// it instead of writing a config that does something else.
var ErrConditionFunc = errors.New("an edge's ConditionFunc is Go code, which a config cannot hold (AutoGen writes a callable condition as null, which loads as an unconditional edge): use a Condition text")

// ComponentModel returns the team's component config, as AutoGen's
// GraphFlow._to_config() makes it: the graph's nodes in their order (the
// order they were added, or a config's order), each edge with its
// condition text. An edge with a ConditionFunc is a *component.DumpError
// at its condition's pointer, wrapping ErrConditionFunc.
func (t *GraphFlow) ComponentModel() (gen.ComponentModel, error) {
	for _, n := range t.gm.graph.Nodes {
		for j, e := range n.Edges {
			if e.ConditionFunc != nil {
				return gen.ComponentModel{}, &component.DumpError{Type: fmt.Sprintf("%T", e.ConditionFunc), Err: ErrConditionFunc,
					Pointer: "/config/graph/nodes/" + pointerEscape(n.Name) + "/edges/" + strconv.Itoa(j) + "/condition"}
			}
		}
	}
	d, err := t.dumpCommon(t.maxTurns)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	graph, err := graphJSON(t.gm.graph)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	// GraphFlowConfig's graph is its last member: the config is written
	// with an empty graph, which is then replaced by the ordered one (a
	// gen.DiGraph writes its nodes sorted by name).
	raw, err := gen.Marshal(&gen.GraphFlowConfig{Name: d.name, Description: d.desc, Participants: d.participants,
		TerminationCondition: d.termination, MaxTurns: d.maxTurns, Graph: gen.DiGraph{Nodes: map[string]gen.DiGraphNode{}}})
	if err != nil {
		return gen.ComponentModel{}, err
	}
	i := bytes.LastIndex(raw, []byte(`"graph":`))
	if i < 0 {
		return gen.ComponentModel{}, errors.New("teams: GraphFlowConfig without a graph member")
	}
	out := append(append(raw[:i:i], `"graph":`...), graph...)
	return component.ModelOf(GraphFlowProvider, gen.RawJSON(append(out, '}')))
}

// graphJSON writes a Graph as AutoGen's DiGraph dumps:
// {"nodes": {name: DiGraphNode, ...}, "default_start_node": S}, the nodes
// in order.
func graphJSON(g *Graph) ([]byte, error) {
	var nodes orderedjson.Object
	for _, n := range g.Nodes {
		node := gen.DiGraphNode{Name: n.Name, Edges: []gen.DiGraphEdge{}, Activation: gen.ActivationCondition(n.Activation)}
		for _, e := range n.Edges {
			node.Edges = append(node.Edges, gen.DiGraphEdge{Target: e.Target, Condition: e.Condition,
				ActivationGroup: e.ActivationGroup, ActivationCondition: gen.ActivationCondition(e.ActivationCondition)})
		}
		raw, err := gen.Marshal(&node)
		if err != nil {
			return nil, err
		}
		nodes.Set(n.Name, json.RawMessage(raw))
	}
	var out orderedjson.Object
	out.Set("nodes", nodes)
	if g.DefaultStartNode != "" {
		out.Set("default_start_node", g.DefaultStartNode)
	} else {
		out.Set("default_start_node", nil)
	}
	return orderedjson.Marshal(out)
}
