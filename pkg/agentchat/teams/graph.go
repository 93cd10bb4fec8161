package teams

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
)

// GraphFlowProvider is the provider of AutoGen's GraphFlow.
const GraphFlowProvider = "autogen_agentchat.teams.GraphFlow"

// The defaults of GraphFlow.
const (
	GraphFlowDefaultName        = "GraphFlow"
	GraphFlowDefaultDescription = "A team of agents"
	graphManagerName            = "GraphManager"
	graphStopMessage            = "Digraph execution is complete"
)

// Activation is how a node (or an activation group of its incoming edges)
// is activated: "all" parents, or "any" of them.
type Activation string

// The activation conditions.
const (
	ActivationAll Activation = "all"
	ActivationAny Activation = "any"
)

// GraphEdge is AutoGen's DiGraphEdge: an edge to Target, taken when its
// condition holds (no condition: always).
type GraphEdge struct {
	Target string
	// Condition, when not nil, is a text the source's message must hold
	// (in its to_model_text()).
	Condition *string
	// ConditionFunc, when set, decides instead (AutoGen's callable
	// condition); it is not part of a config.
	ConditionFunc func(messages.Message) bool
	// ActivationGroup defaults to Target.
	ActivationGroup string
	// ActivationCondition defaults to ActivationAll.
	ActivationCondition Activation
}

func (e *GraphEdge) conditional() bool { return e.Condition != nil || e.ConditionFunc != nil }

// holds is AutoGen's check_condition.
func (e *GraphEdge) holds(m messages.Message) bool {
	if e.ConditionFunc != nil {
		return e.ConditionFunc(m)
	}
	if e.Condition != nil {
		text, _ := messages.ToModelText(m)
		return strings.Contains(text, *e.Condition)
	}
	return true
}

// GraphNode is AutoGen's DiGraphNode: an agent's name and its outgoing
// edges.
type GraphNode struct {
	Name       string
	Edges      []GraphEdge
	Activation Activation
}

// Graph is AutoGen's DiGraph with its nodes in order (a config's order, or
// the order they were added).
type Graph struct {
	Nodes []GraphNode
	// DefaultStartNode, when set, is the only start node.
	DefaultStartNode string
}

func (g *Graph) node(name string) *GraphNode {
	for i := range g.Nodes {
		if g.Nodes[i].Name == name {
			return &g.Nodes[i]
		}
	}
	return nil
}

// startNodes are the nodes without parents, or the default start node.
func (g *Graph) startNodes() []string {
	if g.DefaultStartNode != "" {
		return []string{g.DefaultStartNode}
	}
	hasParent := map[string]bool{}
	for _, n := range g.Nodes {
		for _, e := range n.Edges {
			hasParent[e.Target] = true
		}
	}
	var out []string
	for _, n := range g.Nodes {
		if !hasParent[n.Name] {
			out = append(out, n.Name)
		}
	}
	return out
}

// GraphError is a graph AutoGen refuses (its ValueError text), with the
// JSON pointer of the offending node or edge in the graph ("" for the
// whole graph).
type GraphError struct {
	Pointer string
	Message string
}

func (e *GraphError) Error() string { return "ValueError: " + e.Message }

// Validate checks the graph as AutoGen's graph_validate does, and reports
// whether it has cycles (each with an exit condition).
func (g *Graph) Validate() (cycles bool, err error) {
	if len(g.Nodes) == 0 {
		return false, &GraphError{Message: "Graph has no nodes."}
	}
	for i := range g.Nodes {
		for j := range g.Nodes[i].Edges {
			e := &g.Nodes[i].Edges[j]
			if g.node(e.Target) == nil {
				return false, &GraphError{Pointer: fmt.Sprintf("/nodes/%s/edges/%d", pointerEscape(g.Nodes[i].Name), j),
					Message: fmt.Sprintf("Edge target '%s' of node '%s' is not a node of the graph.", e.Target, g.Nodes[i].Name)}
			}
		}
	}
	if g.DefaultStartNode != "" && g.node(g.DefaultStartNode) == nil {
		return false, &GraphError{Pointer: "/default_start_node",
			Message: fmt.Sprintf("Default start node '%s' is not a node of the graph.", g.DefaultStartNode)}
	}
	if len(g.startNodes()) == 0 {
		return false, &GraphError{Message: "Graph must have at least one start node"}
	}
	leaf := false
	for _, n := range g.Nodes {
		if len(n.Edges) == 0 {
			leaf = true
		}
	}
	if !leaf {
		return false, &GraphError{Message: "Graph must have at least one leaf node"}
	}
	for _, n := range g.Nodes {
		cond, uncond := false, false
		for i := range n.Edges {
			if n.Edges[i].conditional() {
				cond = true
			} else {
				uncond = true
			}
		}
		if cond && uncond {
			return false, &GraphError{Pointer: "/nodes/" + pointerEscape(n.Name),
				Message: fmt.Sprintf("Node '%s' has a mix of conditional and unconditional edges.", n.Name)}
		}
	}
	if err := g.checkActivations(); err != nil {
		return false, err
	}
	return g.cycles()
}

func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// checkActivations is _validate_activation_conditions: the edges of one
// target's activation group agree on the condition.
func (g *Graph) checkActivations() error {
	seen := map[[2]string]Activation{}
	for _, n := range g.Nodes {
		for j, e := range n.Edges {
			key := [2]string{e.Target, e.ActivationGroup}
			prev, ok := seen[key]
			if !ok {
				seen[key] = e.ActivationCondition
				continue
			}
			if prev != e.ActivationCondition {
				src := "unknown"
			find:
				for _, m := range g.Nodes {
					for _, f := range m.Edges {
						if f.Target == e.Target && f.ActivationGroup == e.ActivationGroup && f.ActivationCondition == prev {
							src = m.Name
							break find
						}
					}
				}
				return &GraphError{Pointer: fmt.Sprintf("/nodes/%s/edges/%d", pointerEscape(n.Name), j),
					Message: fmt.Sprintf("Conflicting activation conditions for target '%s' group '%s': '%s' (from node '%s') and '%s' (from node '%s')",
						e.Target, e.ActivationGroup, prev, src, e.ActivationCondition, n.Name)}
			}
		}
	}
	return nil
}

// cycles is has_cycles_with_exit: a depth-first search in node order that
// refuses a cycle none of whose nodes' edges has a condition.
func (g *Graph) cycles() (bool, error) {
	visited, onStack := map[string]bool{}, map[string]bool{}
	var path []string
	var dfs func(name string) (bool, error)
	dfs = func(name string) (bool, error) {
		visited[name], onStack[name] = true, true
		path = append(path, name)
		cycle := false
		for _, e := range g.node(name).Edges {
			switch {
			case !visited[e.Target]:
				c, err := dfs(e.Target)
				if err != nil {
					return false, err
				}
				cycle = cycle || c
			case onStack[e.Target]:
				start := slices.Index(path, e.Target)
				nodes := slices.Clone(path[start:])
				exit := false
				for _, n := range nodes {
					for i := range g.node(n).Edges {
						if g.node(n).Edges[i].conditional() {
							exit = true
						}
					}
				}
				if !exit {
					return false, &GraphError{Pointer: "/nodes/" + pointerEscape(nodes[0]),
						Message: "Cycle detected without exit condition: " + strings.Join(append(nodes, nodes[0]), " -> ")}
				}
				cycle = true
			}
		}
		onStack[name] = false
		path = path[:len(path)-1]
		return cycle, nil
	}
	any := false
	for _, n := range g.Nodes {
		if !visited[n.Name] {
			c, err := dfs(n.Name)
			if err != nil {
				return false, err
			}
			any = any || c
		}
	}
	return any, nil
}

// GraphBuilder is AutoGen's DiGraphBuilder: add nodes and edges, then
// Build.
type GraphBuilder struct {
	g     Graph
	agent map[string]Participant
	order []Participant
	err   error // the first refusal, returned by Build
}

// fail keeps the builder's first refusal (AutoGen's builder raises it at
// once; a Go builder chains, so Build returns it).
func (b *GraphBuilder) fail(msg string) {
	if b.err == nil {
		b.err = &GraphError{Message: msg}
	}
}

// NewGraphBuilder returns an empty builder.
func NewGraphBuilder() *GraphBuilder { return &GraphBuilder{agent: map[string]Participant{}} }

// AddNode adds an agent as a node ("" activation is "all").
func (b *GraphBuilder) AddNode(agent Participant, activation Activation) *GraphBuilder {
	if activation == "" {
		activation = ActivationAll
	}
	if _, ok := b.agent[agent.Name()]; !ok {
		b.order = append(b.order, agent)
	}
	b.agent[agent.Name()] = agent
	if n := b.g.node(agent.Name()); n != nil {
		n.Activation = activation
	} else {
		b.g.Nodes = append(b.g.Nodes, GraphNode{Name: agent.Name(), Activation: activation})
	}
	return b
}

// AddEdge adds an edge from source to e.Target (by name; both nodes must
// have been added, or Build returns AutoGen's ValueError).
func (b *GraphBuilder) AddEdge(source string, e GraphEdge) *GraphBuilder {
	n := b.g.node(source)
	switch {
	case n == nil:
		b.fail(fmt.Sprintf("Source node '%s' must be added before adding an edge.", source))
	case b.g.node(e.Target) == nil:
		b.fail(fmt.Sprintf("Target node '%s' must be added before adding an edge.", e.Target))
	default:
		n.Edges = append(n.Edges, e)
	}
	return b
}

// SetEntryPoint makes name the only start node (it must have been added).
func (b *GraphBuilder) SetEntryPoint(name string) *GraphBuilder {
	if b.g.node(name) == nil {
		b.fail(fmt.Sprintf("Start node '%s' must be added before setting as entry point.", name))
		return b
	}
	b.g.DefaultStartNode = name
	return b
}

// Build returns the graph, with the edges' defaults filled, after
// validating it; the first refusal of AddEdge or SetEntryPoint comes
// first.
func (b *GraphBuilder) Build() (*Graph, error) {
	if b.err != nil {
		return nil, b.err
	}
	g := b.g
	g.Nodes = slices.Clone(g.Nodes)
	fillEdgeDefaults(&g)
	if _, err := g.Validate(); err != nil {
		return nil, err
	}
	return &g, nil
}

// Participants returns the added agents in order.
func (b *GraphBuilder) Participants() []Participant { return slices.Clone(b.order) }

// fillEdgeDefaults sets each edge's activation group (its target) and
// condition ("all") when empty, as DiGraphEdge's validator does.
func fillEdgeDefaults(g *Graph) {
	for i := range g.Nodes {
		g.Nodes[i].Edges = slices.Clone(g.Nodes[i].Edges)
		if g.Nodes[i].Activation == "" {
			g.Nodes[i].Activation = ActivationAll
		}
		for j := range g.Nodes[i].Edges {
			e := &g.Nodes[i].Edges[j]
			if e.ActivationGroup == "" {
				e.ActivationGroup = e.Target
			}
			if e.ActivationCondition == "" {
				e.ActivationCondition = ActivationAll
			}
		}
	}
}

// GraphFlow is AutoGen's GraphFlow: agents run along a directed graph;
// the run ends when no node is ready ("Digraph execution is complete"),
// or by the termination condition or max_turns. Nodes made ready together
// speak in the order they became ready, one after another, or concurrently
// with Options.ConcurrentSpeakers.
type GraphFlow struct {
	*groupChat
	gm *graphManager
}

// NewGraphFlow returns a GraphFlow of participants (agents, not teams)
// over graph, refusing what AutoGen refuses: a graph graph_validate
// refuses (a *GraphError), and a cyclic graph with neither a termination
// condition nor MaxTurns.
func NewGraphFlow(participants []Participant, graph *Graph, opts Options) (*GraphFlow, error) {
	for _, p := range participants {
		if _, ok := p.(agentchat.ChatAgent); !ok {
			return nil, &agentchat.RunError{Exception: "TypeError", Message: fmt.Sprintf("Participant %s must be a ChatAgent.", p.Name())}
		}
	}
	if graph == nil {
		return nil, &GraphError{Message: "Graph has no nodes."}
	}
	gr := *graph
	gr.Nodes = slices.Clone(gr.Nodes)
	fillEdgeDefaults(&gr)
	cycles, err := gr.Validate()
	if err != nil {
		return nil, err
	}
	if cycles && opts.Termination == nil && opts.MaxTurns == 0 {
		return nil, &agentchat.RunError{Exception: "ValueError",
			Message: "A termination condition is required for cyclic graphs without a maximum turn limit."}
	}
	name, desc := opts.Name, opts.Description
	if name == "" {
		name = GraphFlowDefaultName
	}
	if desc == "" {
		desc = GraphFlowDefaultDescription
	}
	gm := newGraphManager(&gr)
	g, err := newGroupChat(name, desc, participants, opts.Termination, opts.MaxTurns, false, gm)
	if err != nil {
		return nil, err
	}
	g.concurrent = opts.ConcurrentSpeakers
	return &GraphFlow{groupChat: g, gm: gm}, nil
}

// groupCounts is an ordered map from activation group to a count.
type groupCounts struct {
	keys []string
	n    map[string]int64
}

func (c *groupCounts) add(k string, d int64) {
	if _, ok := c.n[k]; !ok {
		c.keys = append(c.keys, k)
	}
	c.n[k] += d
}

// graphManager is GraphFlowManager's bookkeeping.
type graphManager struct {
	graph *Graph

	activation map[string]map[string]Activation
	origin     map[string]map[string]int64

	targets     []string // the targets of edges, in order
	remaining   map[string]*groupCounts
	enqueuedAny map[string]*groupFlags
	ready       []string
	triggered   map[string][]string
}

// groupFlags is an ordered map from activation group to a flag.
type groupFlags struct {
	keys []string
	v    map[string]bool
}

func newGraphManager(g *Graph) *graphManager {
	m := &graphManager{graph: g, activation: map[string]map[string]Activation{}, origin: map[string]map[string]int64{}}
	for _, n := range g.Nodes {
		for _, e := range n.Edges {
			if m.activation[e.Target] == nil {
				m.activation[e.Target] = map[string]Activation{}
				m.origin[e.Target] = map[string]int64{}
				m.targets = append(m.targets, e.Target)
			}
			if _, ok := m.activation[e.Target][e.ActivationGroup]; !ok {
				m.activation[e.Target][e.ActivationGroup] = e.ActivationCondition
			}
			m.origin[e.Target][e.ActivationGroup]++
		}
	}
	m.resetExecution()
	return m
}

// resetExecution is _reset_execution_state.
func (m *graphManager) resetExecution() {
	m.remaining = map[string]*groupCounts{}
	m.enqueuedAny = map[string]*groupFlags{}
	for _, n := range m.graph.Nodes {
		for _, e := range n.Edges {
			if m.remaining[e.Target] == nil {
				m.remaining[e.Target] = &groupCounts{n: map[string]int64{}}
				m.enqueuedAny[e.Target] = &groupFlags{v: map[string]bool{}}
			}
			m.remaining[e.Target].add(e.ActivationGroup, 1)
			if _, ok := m.enqueuedAny[e.Target].v[e.ActivationGroup]; !ok {
				m.enqueuedAny[e.Target].keys = append(m.enqueuedAny[e.Target].keys, e.ActivationGroup)
				m.enqueuedAny[e.Target].v[e.ActivationGroup] = false
			}
		}
	}
	m.ready = m.graph.startNodes()
	m.triggered = map[string][]string{}
}

func (*graphManager) managerName() string                           { return graphManagerName }
func (*graphManager) validate(*groupChat, []messages.Message) error { return nil }
func (m *graphManager) reset()                                      { m.resetExecution() }

func (m *graphManager) trigger(target, group string) {
	if !slices.Contains(m.triggered[target], group) {
		m.triggered[target] = append(m.triggered[target], group)
	}
}

// threadAdded is update_message_thread: the last message's source, a node,
// activates the targets of the edges whose conditions hold.
func (m *graphManager) threadAdded(_ context.Context, msgs []messages.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	last := msgs[len(msgs)-1]
	source := messages.Source(last)
	node := m.graph.node(source)
	if node == nil {
		return nil
	}
	if !messages.IsChatMessage(last) {
		return &agentchat.RunError{Exception: "AssertionError", Message: ""}
	}
	for _, e := range node.Edges {
		if !e.holds(last) {
			continue
		}
		if m.activation[e.Target][e.ActivationGroup] == ActivationAll {
			r := m.remaining[e.Target]
			r.add(e.ActivationGroup, -1)
			if r.n[e.ActivationGroup] == 0 {
				m.ready = append(m.ready, e.Target)
				m.trigger(e.Target, e.ActivationGroup)
			}
		} else if f := m.enqueuedAny[e.Target]; !f.v[e.ActivationGroup] {
			m.ready = append(m.ready, e.Target)
			f.v[e.ActivationGroup] = true
			m.trigger(e.Target, e.ActivationGroup)
		}
	}
	return nil
}

func (m *graphManager) selectSpeakers(context.Context, *groupChat, agentchat.Emit) ([]string, error) {
	speakers := m.ready
	m.ready = nil
	for _, s := range speakers {
		for _, group := range m.triggered[s] {
			if m.activation[s][group] == ActivationAny {
				m.enqueuedAny[s].v[group] = false
			} else if r := m.remaining[s]; r != nil {
				if _, ok := r.n[group]; ok {
					r.n[group] = m.origin[s][group]
				}
			}
		}
		delete(m.triggered, s)
	}
	if speakers == nil {
		speakers = []string{}
	}
	return speakers, nil
}

// finished ends the run when no node is ready, resetting the execution.
func (m *graphManager) finished() *gen.StopMessage {
	if len(m.ready) > 0 {
		return nil
	}
	m.resetExecution()
	return messages.NewStopMessage(graphManagerName, graphStopMessage)
}

// graphState is the GraphFlowManager's state: a plain dict, with no type
// or version, in AutoGen's key order.
type graphState struct {
	MessageThread []json.RawMessage `json:"message_thread"`
	CurrentTurn   int64             `json:"current_turn"`
	Remaining     orderedJSON       `json:"remaining"`
	EnqueuedAny   orderedJSON       `json:"enqueued_any"`
	Ready         []string          `json:"ready"`
}

// orderedJSON is a JSON object written in the order of its keys.
type orderedJSON struct {
	keys []string
	vals []any
}

func (o orderedJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (m *graphManager) saveState(thread []json.RawMessage, turn int64) (json.RawMessage, error) {
	if thread == nil {
		thread = []json.RawMessage{}
	}
	st := graphState{MessageThread: thread, CurrentTurn: turn, Ready: m.ready}
	if st.Ready == nil {
		st.Ready = []string{}
	}
	for _, t := range m.targets {
		rc := m.remaining[t]
		inner := orderedJSON{}
		for _, k := range rc.keys {
			inner.keys, inner.vals = append(inner.keys, k), append(inner.vals, rc.n[k])
		}
		st.Remaining.keys, st.Remaining.vals = append(st.Remaining.keys, t), append(st.Remaining.vals, inner)
		fl := m.enqueuedAny[t]
		innerF := orderedJSON{}
		for _, k := range fl.keys {
			innerF.keys, innerF.vals = append(innerF.keys, k), append(innerF.vals, fl.v[k])
		}
		st.EnqueuedAny.keys, st.EnqueuedAny.vals = append(st.EnqueuedAny.keys, t), append(st.EnqueuedAny.vals, innerF)
	}
	return json.Marshal(st)
}

func (m *graphManager) loadState(state json.RawMessage) ([]json.RawMessage, int64, error) {
	var st struct {
		MessageThread []json.RawMessage           `json:"message_thread"`
		CurrentTurn   int64                       `json:"current_turn"`
		Remaining     map[string]map[string]int64 `json:"remaining"`
		EnqueuedAny   map[string]map[string]bool  `json:"enqueued_any"`
		Ready         []string                    `json:"ready"`
	}
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, 0, err
	}
	m.resetExecution()
	for t, groups := range st.Remaining {
		rc := m.remaining[t]
		if rc == nil {
			rc = &groupCounts{n: map[string]int64{}}
			m.remaining[t] = rc
			m.targets = append(m.targets, t)
		}
		for g, n := range groups {
			if _, ok := rc.n[g]; !ok {
				rc.keys = append(rc.keys, g)
			}
			rc.n[g] = n
		}
	}
	for t, groups := range st.EnqueuedAny {
		fl := m.enqueuedAny[t]
		if fl == nil {
			fl = &groupFlags{v: map[string]bool{}}
			m.enqueuedAny[t] = fl
		}
		for g, v := range groups {
			if _, ok := fl.v[g]; !ok {
				fl.keys = append(fl.keys, g)
			}
			fl.v[g] = v
		}
	}
	m.ready = st.Ready
	return st.MessageThread, st.CurrentTurn, nil
}

func init() {
	agentchat.Register(GraphFlowProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.GraphFlowConfig](GraphFlowProvider, raw)
		if err != nil {
			return nil, err
		}
		order, err := nodeOrder(raw)
		if err != nil {
			return nil, agentchat.AtPointer("/config/graph/nodes", err)
		}
		return GraphFlowFromConfig(ctx, c, order)
	})
}

// nodeOrder reads the order of the graph's nodes in a GraphFlowConfig
// (a Go map has none).
func nodeOrder(raw []byte) ([]string, error) {
	var cfg struct {
		Graph struct {
			Nodes json.RawMessage `json:"nodes"`
		} `json:"graph"`
	}
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(cfg.Graph.Nodes))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var order []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		order = append(order, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// GraphOf turns a config's DiGraph into a Graph, its nodes in order (the
// order of the config's keys; nodes not in order come last, sorted).
func GraphOf(d *gen.DiGraph, order []string) *Graph {
	g := &Graph{}
	if d.DefaultStartNode != nil {
		g.DefaultStartNode = *d.DefaultStartNode
	}
	var keys []string
	for _, k := range order {
		if _, ok := d.Nodes[k]; ok && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	var rest []string
	for k := range d.Nodes {
		if !slices.Contains(keys, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range append(keys, rest...) {
		n := d.Nodes[k]
		node := GraphNode{Name: n.Name, Activation: Activation(n.Activation)}
		for _, e := range n.Edges {
			node.Edges = append(node.Edges, GraphEdge{Target: e.Target, Condition: e.Condition,
				ActivationGroup: e.ActivationGroup, ActivationCondition: Activation(e.ActivationCondition)})
		}
		g.Nodes = append(g.Nodes, node)
	}
	return g
}

// GraphFlowFromConfig builds a GraphFlow from its config (order is the
// order of graph.nodes' keys), loading the participants and the
// termination condition with the component registry of ctx. A graph
// AutoGen refuses is a *agentchat.ConfigError whose pointer is the
// offending node or edge.
func GraphFlowFromConfig(ctx context.Context, c *gen.GraphFlowConfig, order []string) (*GraphFlow, error) {
	l, err := loadCommon(ctx, c.Participants, c.TerminationCondition, c.MaxTurns, c.Name, c.Description)
	if err != nil {
		return nil, err
	}
	t, err := NewGraphFlow(l.participants, GraphOf(&c.Graph, order), l.opts)
	if err != nil {
		l.close(ctx)
		if ge, ok := err.(*GraphError); ok {
			return nil, agentchat.AtPointer("/config/graph"+ge.Pointer, err)
		}
		return nil, agentchat.AtPointer("/config", err)
	}
	return t, nil
}
