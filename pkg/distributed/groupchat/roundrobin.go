package groupchat

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
	"github.com/agentschema/agentschema/pkg/messages"
)

// Participant is a member of a RoundRobin team: a ChatAgent in this worker,
// or (Agent nil) a participant another worker registered with
// RegisterParticipant under the same team id.
type Participant struct {
	Name  string
	Agent agentchat.ChatAgent
}

// Local is the participant agent, running in this worker.
func Local(agent agentchat.ChatAgent) Participant {
	return Participant{Name: agent.Name(), Agent: agent}
}

// Remote is the participant name, running in another worker.
func Remote(name string) Participant { return Participant{Name: name} }

// RoundRobin is AutoGen's RoundRobinGroupChat over a distributed runtime:
// its manager (agent type RoundRobinGroupChatManager_<team id>) and its
// local participants live in this worker, its remote participants in
// others; the participants take turns in order until the termination
// condition fires or MaxTurns is reached. Team ids must be shared by the
// workers of one team (AutoGen draws a uuid4; pass the same one to
// RegisterParticipant).
type RoundRobin struct {
	rt           *worker.Runtime
	teamID       string
	participants []Participant
	cond         agentchat.TerminationCondition
	maxTurns     int

	initOnce sync.Once
	initErr  error
	runMu    sync.Mutex
	out      chan any
}

// NewRoundRobin makes the team; maxTurns 0 means no limit.
func NewRoundRobin(rt *worker.Runtime, teamID string, participants []Participant, cond agentchat.TerminationCondition, maxTurns int) *RoundRobin {
	return &RoundRobin{rt: rt, teamID: teamID, participants: participants, cond: cond, maxTurns: maxTurns,
		out: make(chan any, 64)}
}

// init registers the local participants and the manager with their
// subscriptions, in AutoGen's order.
func (t *RoundRobin) init(ctx context.Context) error {
	t.initOnce.Do(func() {
		t.rt.AddSerializers(Serializers()...)
		for _, p := range t.participants {
			if p.Agent != nil {
				if t.initErr = RegisterParticipant(ctx, t.rt, t.teamID, p.Agent); t.initErr != nil {
					return
				}
			}
		}
		mt := RoundRobinManagerType(t.teamID)
		m := &manager{team: t}
		t.initErr = t.rt.Register(ctx, mt, func(worker.AgentID) (worker.Agent, error) { return m, nil },
			worker.TypeSubscription(mt, mt), worker.TypeSubscription(GroupTopic(t.teamID), mt),
			worker.TypeSubscription(OutputTopic(t.teamID), mt))
	})
	return t.initErr
}

// Run runs task to its end (RunStream, collected).
func (t *RoundRobin) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.Collect(t.RunStream(ctx, task))
}

// RunStream runs task: it sends GroupChatStart to the manager (through the
// host, as AutoGen does) and yields the team's output as it comes: the
// task's messages, each participant's events and messages, and last the
// TaskResult with the stop reason.
func (t *RoundRobin) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.Stream(func(emit agentchat.Emit) (*agentchat.TaskResult, error) {
		t.runMu.Lock()
		defer t.runMu.Unlock()
		if err := t.init(ctx); err != nil {
			return nil, err
		}
		start := GroupChatStart{Messages: task.Messages, OutputTaskMessages: !task.OmitTaskMessages}
		rpc := make(chan error, 1)
		go func() {
			_, err := t.rt.Send(ctx, start, worker.AgentID{Type: RoundRobinManagerType(t.teamID), Key: t.teamID}, nil)
			rpc <- err
		}()
		return t.collect(ctx, emit, rpc)
	})
}

func (t *RoundRobin) collect(ctx context.Context, emit agentchat.Emit, rpc chan error) (*agentchat.TaskResult, error) {
	res := &agentchat.TaskResult{Messages: []messages.Message{}}
	for {
		select {
		case err := <-rpc:
			if err != nil {
				return nil, err
			}
			rpc = nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case item := <-t.out:
			switch x := item.(type) {
			case GroupChatTermination:
				if x.Error != nil {
					return nil, &agentchat.RunError{Exception: x.Error.ErrorType, Message: x.Error.ErrorMessage}
				}
				reason := x.Message.Content
				res.StopReason = &reason
				return res, nil
			case messages.Message:
				if err := emit(x); err != nil {
					return nil, err
				}
				if _, chunk := x.(*gen.ModelClientStreamingChunkEvent); !chunk {
					res.Messages = append(res.Messages, x)
				}
			}
		}
	}
}

// manager is the team's RoundRobinGroupChatManager agent.
type manager struct {
	team *RoundRobin

	mu     sync.Mutex
	thread []messages.Message
	next   int
	active []string
	turn   int
}

const managerName = "RoundRobinGroupChatManager"

func (m *manager) OnMessage(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch x := msg.(type) {
	case GroupChatStart:
		return nil, m.start(ctx, x, mc)
	case GroupChatAgentResponse:
		return nil, m.response(ctx, x, mc)
	case GroupChatMessage:
		m.put(ctx, x.Message)
	case GroupChatError:
		return nil, m.signal(ctx, mc, messages.NewStopMessage(managerName, "An error occurred in the group chat."), &x.Error)
	case GroupChatReset:
		m.thread, m.next, m.active, m.turn = nil, 0, nil, 0
		if m.team.cond != nil {
			return nil, m.team.cond.Reset(ctx)
		}
	}
	return nil, nil
}

func (m *manager) topic(mc worker.MessageContext, typ string) worker.TopicID {
	return worker.TopicID{Type: typ, Source: mc.Self.Key}
}

// start is handle_start: the task goes to the output and group topics, and
// the first speaker is asked once the reply to GroupChatStart is on its
// way (the order AutoGen's messages reach the wire in).
func (m *manager) start(ctx context.Context, x GroupChatStart, mc worker.MessageContext) error {
	id := m.team.teamID
	if c := m.team.cond; c != nil && c.Terminated() {
		return m.signal(ctx, mc, messages.NewStopMessage(managerName, "The group chat has already terminated."), nil)
	}
	if x.Messages != nil {
		if err := mc.Publish(ctx, GroupChatStart{Messages: x.Messages, OutputTaskMessages: true}, m.topic(mc, OutputTopic(id))); err != nil {
			return err
		}
		if x.OutputTaskMessages {
			for _, msg := range x.Messages {
				m.put(ctx, msg)
			}
		}
		if err := mc.Publish(ctx, GroupChatStart{Messages: x.Messages, OutputTaskMessages: true}, m.topic(mc, GroupTopic(id))); err != nil {
			return err
		}
		m.thread = append(m.thread, x.Messages...)
		if done, err := m.terminate(ctx, mc, x.Messages, false); done || err != nil {
			return err
		}
	}
	mc.AfterReply(func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		_ = m.transition(ctx, mc)
	})
	return nil
}

func (m *manager) response(ctx context.Context, x GroupChatAgentResponse, mc worker.MessageContext) error {
	delta := append(append([]messages.Message{}, x.Response.InnerMessages...), x.Response.ChatMessage)
	m.thread = append(m.thread, delta...)
	if i := slices.Index(m.active, x.Name); i >= 0 {
		m.active = slices.Delete(m.active, i, i+1)
	}
	if len(m.active) > 0 {
		return nil
	}
	if done, err := m.terminate(ctx, mc, delta, true); done || err != nil {
		return err
	}
	return m.transition(ctx, mc)
}

// transition asks the next participant in turn to speak.
func (m *manager) transition(ctx context.Context, mc worker.MessageContext) error {
	ps := m.team.participants
	p := ps[m.next%len(ps)]
	m.next = (m.next + 1) % len(ps)
	m.active = append(m.active, p.Name)
	return mc.Publish(ctx, GroupChatRequestPublish{}, m.topic(mc, ParticipantType(p.Name, m.team.teamID)))
}

// terminate is _apply_termination_condition.
func (m *manager) terminate(ctx context.Context, mc worker.MessageContext, delta []messages.Message, count bool) (bool, error) {
	if c := m.team.cond; c != nil {
		stop, err := c.Check(ctx, delta)
		if err != nil {
			return true, err
		}
		if stop != nil {
			m.turn = 0
			return true, errors2(c.Reset(ctx), m.signal(ctx, mc, stop, nil))
		}
	}
	if count {
		m.turn++
	}
	if m.team.maxTurns > 0 && m.turn >= m.team.maxTurns {
		m.turn = 0
		var err error
		if c := m.team.cond; c != nil {
			err = c.Reset(ctx)
		}
		stop := messages.NewStopMessage(managerName, fmt.Sprintf("Maximum number of turns %d reached.", m.team.maxTurns))
		return true, errors2(err, m.signal(ctx, mc, stop, nil))
	}
	return false, nil
}

// signal publishes GroupChatTermination to the output topic and ends the
// run.
func (m *manager) signal(ctx context.Context, mc worker.MessageContext, stop *gen.StopMessage, e *SerializableException) error {
	ev := GroupChatTermination{Message: stop, Error: e}
	err := mc.Publish(ctx, ev, m.topic(mc, OutputTopic(m.team.teamID)))
	m.put(ctx, ev)
	return err
}

// put passes an item to the running team's output (AutoGen's output
// message queue); it gives up when the worker stops.
func (m *manager) put(ctx context.Context, v any) {
	select {
	case m.team.out <- v:
	case <-ctx.Done():
	}
}

func errors2(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
