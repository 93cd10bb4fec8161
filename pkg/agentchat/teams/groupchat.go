package teams

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
)

// Participant is a member of a team: an agentchat.ChatAgent or an
// agentchat.Team.
type Participant = agentchat.Participant

// speakerSelector is what a kind of team adds to the group chat: how the
// next speakers are chosen, and the state that choice keeps.
type speakerSelector interface {
	// managerName is the group chat manager's name (its key in the
	// TeamState, the source of its messages).
	managerName() string
	// validate checks the start messages against the group's state
	// (validate_group_state).
	validate(g *groupChat, msgs []messages.Message) error
	// selectSpeakers returns the names of the next speakers; events it
	// makes go to put.
	selectSpeakers(ctx context.Context, g *groupChat, put agentchat.Emit) ([]string, error)
	// threadAdded is called with the messages added to the thread.
	threadAdded(ctx context.Context, msgs []messages.Message) error
	// reset forgets what the selector keeps.
	reset()
	// saveState returns the manager's state, given the thread and turn.
	saveState(thread []json.RawMessage, currentTurn int64) (json.RawMessage, error)
	// loadState reads the manager's state: the thread, the turn and what
	// the selector keeps.
	loadState(state json.RawMessage) (thread []json.RawMessage, currentTurn int64, err error)
}

// threadLoader is a speaker selector that reads the thread a state
// loaded (the selector's model context).
type threadLoader interface {
	threadLoaded(ctx context.Context, thread []messages.Message) error
}

// finisher is a speaker selector that can finish a run by itself (a
// graph with no node ready): finished returns the stop message, having
// reset what the selector keeps for the next run, or nil.
type finisher interface {
	finished() *gen.StopMessage
}

// member is a participant with its message buffer (AutoGen's
// ChatAgentContainer).
type member struct {
	p      Participant
	buffer []messages.Message
}

// groupChat is AutoGen's BaseGroupChat with its BaseGroupChatManager: the
// run loop every kind of team shares.
type groupChat struct {
	name, description string
	members           []*member
	termination       agentchat.TerminationCondition
	maxTurns          int64 // 0: no limit
	emitTeamEvents    bool
	concurrent        bool // several speakers of a turn answer concurrently
	sel               speakerSelector
	factory           *messages.MessageFactory

	teamID string // AutoGen's team id, a UUID per team

	mu          sync.Mutex
	running     bool
	thread      []messages.Message
	currentTurn int64
}

// newGroupChat checks the participants as AutoGen's BaseGroupChat does.
func newGroupChat(name, description string, participants []Participant, termination agentchat.TerminationCondition,
	maxTurns int64, emitTeamEvents bool, sel speakerSelector) (*groupChat, error) {
	if len(participants) == 0 {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "At least one participant is required."}
	}
	seen := map[string]bool{}
	g := &groupChat{name: name, description: description, termination: termination, maxTurns: maxTurns,
		emitTeamEvents: emitTeamEvents, sel: sel, factory: messages.NewMessageFactory(), teamID: messages.NewID()}
	for _, p := range participants {
		switch p.(type) {
		case agentchat.ChatAgent, agentchat.Team:
		default:
			return nil, &agentchat.RunError{Exception: "TypeError",
				Message: fmt.Sprintf("a participant must be a ChatAgent or a Team, got %T", p)}
		}
		if seen[p.Name()] {
			return nil, &agentchat.RunError{Exception: "ValueError", Message: "The participant names must be unique."}
		}
		seen[p.Name()] = true
		g.members = append(g.members, &member{p: p})
	}
	if maxTurns < 0 {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "The maximum number of turns must be greater than 0."}
	}
	return g, nil
}

// agentID is the id AutoGen's runtime gives a participant's container:
// "TYPE/KEY", the type being the name and team id, the key the team id.
func (g *groupChat) agentID(name string) string {
	return name + "_" + g.teamID + "/" + g.teamID
}

// names returns the participants' names in order.
func (g *groupChat) names() []string {
	out := make([]string, len(g.members))
	for i, m := range g.members {
		out[i] = m.p.Name()
	}
	return out
}

func (g *groupChat) member(name string) *member {
	for _, m := range g.members {
		if m.p.Name() == name {
			return m
		}
	}
	return nil
}

// Name returns the team's name.
func (g *groupChat) Name() string { return g.name }

// Description returns the team's description.
func (g *groupChat) Description() string { return g.description }

// Run runs the task to its end (BaseGroupChat.run).
func (g *groupChat) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.Collect(g.RunStream(ctx, task))
}

// RunStream runs the task and streams the run (BaseGroupChat.run_stream):
// the task's messages, every participant's events and messages as they
// come, and the TaskResult with the stop reason. A participant's failure
// ends the run with AutoGen's RuntimeError naming the original exception;
// a cancelled ctx ends it with ctx.Err().
func (g *groupChat) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.Stream(func(emit agentchat.Emit) (*agentchat.TaskResult, error) {
		if err := checkTask(task); err != nil {
			return nil, err
		}
		g.mu.Lock()
		if g.running {
			g.mu.Unlock()
			return nil, &agentchat.RunError{Exception: "ValueError",
				Message: "The team is already running, it cannot run again until it is stopped."}
		}
		g.running = true
		g.mu.Unlock()
		defer func() {
			g.mu.Lock()
			g.running = false
			g.mu.Unlock()
		}()
		r := &run{g: g, emit: emit}
		stop, err := r.start(ctx, task)
		if err != nil {
			return nil, r.runError(ctx, err)
		}
		if err := r.begin(); err != nil {
			return nil, r.runError(ctx, err)
		}
		out := r.out
		if out == nil {
			out = []messages.Message{}
		}
		return &agentchat.TaskResult{Messages: out, StopReason: &stop}, nil
	})
}

// checkTask refuses what AutoGen's BaseGroupChat.run_stream refuses.
func checkTask(task agentchat.Task) error {
	if task.Messages == nil {
		return nil
	}
	if len(task.Messages) == 0 {
		return &agentchat.RunError{Exception: "ValueError", Message: "Task list cannot be empty."}
	}
	for _, m := range task.Messages {
		if m == nil || !messages.IsChatMessage(m) {
			return &agentchat.RunError{Exception: "ValueError",
				Message: "All messages in task list must be valid BaseChatMessage types"}
		}
	}
	return nil
}

// emitError is an error of the consumer of the stream, passed through
// unchanged.
type emitError struct{ err error }

func (e *emitError) Error() string { return e.err.Error() }

// run is one run of a group chat.
type run struct {
	g       *groupChat
	emit    agentchat.Emit
	out     []messages.Message
	pending []answer // the answers of the turn, not yet delivered
	started bool     // a participant has been asked to speak
	// held is the output of the manager's start (the task's messages, the
	// first selection's events, MagenticOne's first ledgers), passed on
	// only once the start is over: AutoGen's run_stream reads its output
	// queue only after the manager's handle_start returned, so a start
	// that raises yields nothing.
	held []messages.Message
}

// runError is the error a run ends with: the consumer's own error, the
// context's, an exception of the manager's start (validation, the first
// selection) as it is, or, once a participant was asked to speak, AutoGen's
// RuntimeError naming the original exception.
func (r *run) runError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var stopped *emitError
	if errors.As(err, &stopped) {
		return stopped.err
	}
	if !r.started {
		return err
	}
	return &agentchat.RunError{Exception: "RuntimeError", Message: agentchat.ExceptionText(err), Err: err}
}

// put passes a message to the output (the manager's output queue); the
// TaskResult keeps all but streaming chunks.
func (r *run) put(m messages.Message) error {
	if !r.started {
		r.held = append(r.held, m)
	} else if err := r.emit(m); err != nil {
		return &emitError{err}
	}
	if _, chunk := m.(*gen.ModelClientStreamingChunkEvent); !chunk {
		r.out = append(r.out, m)
	}
	return nil
}

// begin ends the manager's start: a participant is asked to speak, and
// the output held so far is passed on.
func (r *run) begin() error {
	if r.started {
		return nil
	}
	r.started = true
	held := r.held
	r.held = nil
	for _, m := range held {
		if err := r.emit(m); err != nil {
			return &emitError{err}
		}
	}
	return nil
}

// start is the manager's handle_start and the turns that follow; it
// returns the stop reason.
func (r *run) start(ctx context.Context, task agentchat.Task) (string, error) {
	g := r.g
	if g.termination != nil && g.termination.Terminated() {
		return "The group chat has already terminated.", nil
	}
	if err := g.sel.validate(g, task.Messages); err != nil {
		return "", err
	}
	if task.Messages != nil {
		if !task.OmitTaskMessages {
			for _, m := range task.Messages {
				if err := r.put(m); err != nil {
					return "", err
				}
			}
		}
		for _, m := range g.members {
			m.buffer = append(m.buffer, task.Messages...)
		}
		if err := g.addThread(ctx, task.Messages); err != nil {
			return "", err
		}
		stop, err := r.applyTermination(ctx, task.Messages, false)
		if err != nil || stop != nil {
			return stopText(stop), err
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		speakers, err := g.sel.selectSpeakers(ctx, g, r.put)
		if err != nil {
			return "", err
		}
		for _, s := range speakers {
			if g.member(s) == nil {
				return "", &agentchat.RunError{Exception: "RuntimeError",
					Message: "Speaker " + s + " not found in participant names."}
			}
		}
		if g.emitTeamEvents {
			if err := r.put(messages.NewSelectSpeakerEvent(g.sel.managerName(), speakers...)); err != nil {
				return "", err
			}
		}
		// Each answer updates the thread as the manager receives it; the
		// termination condition sees the last answer's delta, as AutoGen's
		// handle_agent_response checks it once no speaker is active.
		deltas, err := r.speakAll(ctx, speakers)
		if err != nil {
			return "", err
		}
		var delta []messages.Message
		for _, d := range deltas {
			if err := g.addThread(ctx, d); err != nil {
				return "", err
			}
			delta = d
		}
		r.deliver()
		stop, err := r.applyTermination(ctx, delta, true)
		if err != nil || stop != nil {
			return stopText(stop), err
		}
	}
}

// addThread is the manager's update_message_thread.
func (g *groupChat) addThread(ctx context.Context, msgs []messages.Message) error {
	g.thread = append(g.thread, msgs...)
	return g.sel.threadAdded(ctx, msgs)
}

func stopText(s *gen.StopMessage) string {
	if s == nil {
		return ""
	}
	return s.Content
}

// speak is a container's handle_request: the participant answers its
// buffer; its answer goes to the other participants' buffers. It returns
// the delta the manager adds to the thread.
func (r *run) speak(ctx context.Context, m *member) ([]messages.Message, error) {
	if err := r.begin(); err != nil {
		return nil, err
	}
	delta, broadcast, err := r.answer(ctx, m, r.put)
	if err != nil {
		return nil, err
	}
	r.pending = append(r.pending, answer{from: m, msgs: broadcast})
	return delta, nil
}

// speakAll is a turn of several speakers. They answer one after another,
// in the order they were selected, which sends their model requests in the
// order AutoGen's event loop sends them; with ConcurrentSpeakers they
// answer concurrently, and each one's events are passed on in that order
// once all have answered. It returns each speaker's delta.
func (r *run) speakAll(ctx context.Context, speakers []string) ([][]messages.Message, error) {
	g := r.g
	deltas := make([][]messages.Message, len(speakers))
	if !g.concurrent || len(speakers) < 2 {
		for i, s := range speakers {
			d, err := r.speak(ctx, g.member(s))
			if err != nil {
				return nil, err
			}
			deltas[i] = d
		}
		return deltas, nil
	}
	if err := r.begin(); err != nil {
		return nil, err
	}
	type result struct {
		events, broadcast []messages.Message
		err               error
	}
	results := make([]result, len(speakers))
	var wg sync.WaitGroup
	for i, s := range speakers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := &results[i]
			deltas[i], res.broadcast, res.err = r.answer(ctx, g.member(s), func(m messages.Message) error {
				res.events = append(res.events, m)
				return nil
			})
		}()
	}
	wg.Wait()
	for i, res := range results {
		for _, ev := range res.events {
			if err := r.put(ev); err != nil {
				return nil, err
			}
		}
		if res.err != nil {
			return nil, res.err
		}
		r.pending = append(r.pending, answer{from: g.member(speakers[i]), msgs: res.broadcast})
	}
	return deltas, nil
}

// answer is a container's handle_request for one participant: it answers
// its buffer, its events going to put (its chat message last), and the
// buffer is cleared. It returns the delta for the thread and the chat
// messages for the other participants.
func (r *run) answer(ctx context.Context, m *member, put agentchat.Emit) (delta, broadcast []messages.Message, err error) {
	g := r.g
	buffer := m.buffer
	if buffer == nil {
		buffer = []messages.Message{}
	}
	switch p := m.p.(type) {
	case agentchat.ChatAgent:
		sctx, span := agentchat.StartInvokeAgentSpan(ctx, p.Name(), g.agentID(p.Name()), p.Description())
		resp, err := p.OnMessagesStream(sctx, buffer, put)
		span.End(err)
		if err != nil {
			return nil, nil, err
		}
		if resp == nil || resp.ChatMessage == nil {
			return nil, nil, &agentchat.RunError{Exception: "RuntimeError",
				Message: "The agent did not produce a final response. Check the agent's on_messages_stream method."}
		}
		if err := put(resp.ChatMessage); err != nil {
			return nil, nil, err
		}
		delta = append(append(delta, resp.InnerMessages...), resp.ChatMessage)
		broadcast = []messages.Message{resp.ChatMessage}
	case agentchat.Team:
		var result *agentchat.TaskResult
		for item, err := range p.RunStream(ctx, agentchat.Task{Messages: buffer, OmitTaskMessages: true}) {
			if err != nil {
				return nil, nil, err
			}
			if res, ok := item.(*agentchat.TaskResult); ok {
				result = res
				continue
			}
			if err := put(item); err != nil {
				return nil, nil, err
			}
		}
		if result == nil {
			return nil, nil, &agentchat.RunError{Exception: "RuntimeError",
				Message: "The team did not produce a final TaskResult. Check the team's run_stream method."}
		}
		delta = result.Messages
		for _, x := range result.Messages {
			if messages.IsChatMessage(x) {
				broadcast = append(broadcast, x)
			}
		}
	}
	m.buffer = nil
	return delta, broadcast, nil
}

// answer is what a speaker's answer gives the other participants.
type answer struct {
	from *member
	msgs []messages.Message
}

// deliver gives the answers of a turn to the participants' buffers: each
// to every participant but its speaker. When several speak in one turn
// (a graph's fan-out), each starts from the buffer it had before the turn
// and gets the others' answers after its own, as AutoGen's containers,
// busy answering, queue them.
func (r *run) deliver() {
	for _, a := range r.pending {
		for _, other := range r.g.members {
			if other != a.from {
				other.buffer = append(other.buffer, a.msgs...)
			}
		}
	}
	r.pending = r.pending[:0]
}

// applyTermination is the manager's _apply_termination_condition: check
// the condition with delta (resetting it and the turn count when it
// fires), count the turn, and stop at max_turns.
func (r *run) applyTermination(ctx context.Context, delta []messages.Message, countTurn bool) (*gen.StopMessage, error) {
	g := r.g
	if f, ok := g.sel.(finisher); ok {
		if stop := f.finished(); stop != nil {
			if g.termination != nil {
				if err := g.termination.Reset(ctx); err != nil {
					return nil, err
				}
			}
			g.currentTurn = 0
			return stop, nil
		}
	}
	if g.termination != nil {
		stop, err := g.termination.Check(ctx, delta)
		if err != nil {
			return nil, err
		}
		if stop != nil {
			if err := g.termination.Reset(ctx); err != nil {
				return nil, err
			}
			g.currentTurn = 0
			return stop, nil
		}
	}
	if countTurn {
		g.currentTurn++
	}
	if g.maxTurns > 0 && g.currentTurn >= g.maxTurns {
		stop := messages.NewStopMessage(g.sel.managerName(), fmt.Sprintf("Maximum number of turns %d reached.", g.maxTurns))
		if g.termination != nil {
			if err := g.termination.Reset(ctx); err != nil {
				return nil, err
			}
		}
		g.currentTurn = 0
		return stop, nil
	}
	return nil, nil
}

// Reset resets every participant, their buffers, the manager and the
// termination condition (BaseGroupChat.reset).
func (g *groupChat) Reset(ctx context.Context) error {
	g.mu.Lock()
	if g.running {
		g.mu.Unlock()
		return &agentchat.RunError{Exception: "RuntimeError",
			Message: "The group chat is currently running. It must be stopped before it can be reset."}
	}
	g.running = true
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.running = false
		g.mu.Unlock()
	}()
	for _, m := range g.members {
		m.buffer = nil
		if err := m.p.Reset(ctx); err != nil {
			return err
		}
	}
	g.currentTurn = 0
	g.thread = nil
	if g.termination != nil {
		if err := g.termination.Reset(ctx); err != nil {
			return err
		}
	}
	g.sel.reset()
	return nil
}

// Close closes every participant.
func (g *groupChat) Close(ctx context.Context) error {
	var errs []error
	for _, m := range g.members {
		errs = append(errs, m.p.Close(ctx))
	}
	return errors.Join(errs...)
}

// loadAt loads the component m, a T, placing an error at ptr.
func loadAt[T any](ctx context.Context, m *gen.ComponentModel, ptr string) (T, error) {
	v, err := component.LoadModelAs[T](ctx, m)
	if err != nil {
		var zero T
		return zero, agentchat.AtPointer(ptr, err)
	}
	return v, nil
}

// containerState is AutoGen's ChatAgentContainerState, its members in
// pydantic's order.
type containerState struct {
	Type          string            `json:"type"`
	Version       string            `json:"version"`
	AgentState    json.RawMessage   `json:"agent_state"`
	MessageBuffer []json.RawMessage `json:"message_buffer"`
}

// teamState is AutoGen's TeamState, its agent_states in order, its
// members in pydantic's order (BaseState's first).
type teamState struct {
	names  []string
	states []json.RawMessage
}

func (s teamState) MarshalJSON() ([]byte, error) {
	b := []byte(`{"type":"TeamState","version":"1.0.0","agent_states":{`)
	for i, n := range s.names {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(n)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), s.states[i]...)
	}
	return append(b, "}}"...), nil
}

// dumpAll writes messages as their model_dump(mode="json").
func dumpAll(msgs []messages.Message) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		b, err := m.MarshalJSON()
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// SaveState returns AutoGen's TeamState: each participant's container
// state by name, then the manager's state under its name.
func (g *groupChat) SaveState(ctx context.Context) (json.RawMessage, error) {
	var st teamState
	for _, m := range g.members {
		agentState, err := m.p.SaveState(ctx)
		if err != nil {
			return nil, err
		}
		buf, err := dumpAll(m.buffer)
		if err != nil {
			return nil, err
		}
		cs, err := json.Marshal(containerState{AgentState: agentState, MessageBuffer: buf,
			Type: "ChatAgentContainerState", Version: "1.0.0"})
		if err != nil {
			return nil, err
		}
		st.names = append(st.names, m.p.Name())
		st.states = append(st.states, cs)
	}
	thread, err := dumpAll(g.thread)
	if err != nil {
		return nil, err
	}
	ms, err := g.sel.saveState(thread, g.currentTurn)
	if err != nil {
		return nil, err
	}
	st.names = append(st.names, g.sel.managerName())
	st.states = append(st.states, ms)
	return json.Marshal(st)
}

// invalidState is AutoGen's ValueError for a state that does not validate.
func invalidState(err error) error {
	return &agentchat.RunError{Exception: "ValueError", Message: "Invalid state format. The expected state format has " +
		"changed since v0.4.9. Please read the release note on GitHub.", Err: err}
}

// LoadState loads a TeamState: each participant's state and buffer, and
// the manager's thread, turn and selector state.
func (g *groupChat) LoadState(ctx context.Context, state json.RawMessage) error {
	g.mu.Lock()
	if g.running {
		g.mu.Unlock()
		return &agentchat.RunError{Exception: "RuntimeError", Message: "The team cannot be loaded while it is running."}
	}
	g.running = true
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.running = false
		g.mu.Unlock()
	}()
	var ts struct {
		AgentStates map[string]json.RawMessage `json:"agent_states"`
	}
	if err := json.Unmarshal(state, &ts); err != nil {
		return invalidState(err)
	}
	notFound := func(name string) error {
		return &agentchat.RunError{Exception: "ValueError", Message: "Agent state for " + name + " not found in the saved state."}
	}
	for _, m := range g.members {
		raw, ok := ts.AgentStates[m.p.Name()]
		if !ok {
			return notFound(m.p.Name())
		}
		var cs containerState
		if err := json.Unmarshal(raw, &cs); err != nil {
			return invalidState(err)
		}
		buffer := make([]messages.Message, 0, len(cs.MessageBuffer))
		for _, data := range cs.MessageBuffer {
			msg, err := g.factory.Create(data)
			if err != nil {
				return err
			}
			if !messages.IsChatMessage(msg) {
				return &agentchat.RunError{Exception: "ValueError",
					Message: fmt.Sprintf("Invalid message type in message buffer: %s", msg.Type())}
			}
			buffer = append(buffer, msg)
		}
		agentState := cs.AgentState
		if len(agentState) == 0 {
			agentState = json.RawMessage("{}")
		}
		if err := m.p.LoadState(ctx, agentState); err != nil {
			return err
		}
		m.buffer = buffer
	}
	raw, ok := ts.AgentStates[g.sel.managerName()]
	if !ok {
		return notFound(g.sel.managerName())
	}
	thread, turn, err := g.sel.loadState(raw)
	if err != nil {
		return invalidState(err)
	}
	g.thread = nil
	for _, data := range thread {
		msg, err := g.factory.Create(data)
		if err != nil {
			return err
		}
		g.thread = append(g.thread, msg)
	}
	g.currentTurn = turn
	if l, ok := g.sel.(threadLoader); ok {
		return l.threadLoaded(ctx, g.thread)
	}
	return nil
}
