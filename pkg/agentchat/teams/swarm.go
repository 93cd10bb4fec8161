package teams

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
)

// SwarmProvider is the provider of AutoGen's Swarm.
const SwarmProvider = "autogen_agentchat.teams.Swarm"

// The defaults of Swarm.
const (
	SwarmDefaultName        = "Swarm"
	SwarmDefaultDescription = "A team of agents."
	swarmManagerName        = "SwarmGroupChatManager"
)

// Swarm is AutoGen's Swarm: the first participant speaks first, and each
// speaker hands off to the next with a HandoffMessage; without a handoff
// the same participant speaks again.
type Swarm struct {
	*groupChat
	sw *swarm
}

// messageProducer is an agent that says which chat messages it makes.
type messageProducer interface{ ProducedMessageTypes() []string }

// NewSwarm returns a Swarm of agents (not teams), refusing what AutoGen
// refuses: a participant that is not a ChatAgent, and a first participant
// that cannot hand off.
func NewSwarm(participants []Participant, opts Options) (*Swarm, error) {
	for _, p := range participants {
		if _, ok := p.(agentchat.ChatAgent); !ok {
			return nil, &agentchat.RunError{Exception: "TypeError", Message: fmt.Sprintf("Participant %s must be a ChatAgent.", p.Name())}
		}
	}
	name, desc := opts.Name, opts.Description
	if name == "" {
		name = SwarmDefaultName
	}
	if desc == "" {
		desc = SwarmDefaultDescription
	}
	sw := &swarm{}
	g, err := newGroupChat(name, desc, participants, opts.Termination, opts.MaxTurns, opts.EmitTeamEvents, sw)
	if err != nil {
		return nil, err
	}
	if mp, ok := participants[0].(messageProducer); !ok || !slices.Contains(mp.ProducedMessageTypes(), "HandoffMessage") {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "The first participant must be able to produce a handoff messages."}
	}
	sw.current = participants[0].Name()
	sw.first = sw.current
	return &Swarm{groupChat: g, sw: sw}, nil
}

// swarm is SwarmGroupChatManager's choice of speakers.
type swarm struct {
	first, current string
}

func (*swarm) managerName() string { return swarmManagerName }

// pyList is Python's repr of a list of str.
func pyList(names []string) string {
	v := pyjson.Value{Kind: pyjson.List}
	for _, n := range names {
		v.List = append(v.List, pyjson.StrValue(n))
	}
	return pyjson.Repr(&v)
}

func (*swarm) validate(g *groupChat, msgs []messages.Message) error {
	names := g.names()
	for _, m := range msgs {
		if h, ok := m.(*gen.HandoffMessage); ok {
			if !slices.Contains(names, h.Target) {
				return &agentchat.RunError{Exception: "ValueError", Message: fmt.Sprintf("The target %s is not one of the participants %s. "+
					"If you are resuming Swarm with a new HandoffMessage make sure to set the target to a valid participant as the target.",
					h.Target, pyList(names))}
			}
			return nil
		}
	}
	for i := len(g.thread) - 1; i >= 0; i-- {
		if h, ok := g.thread[i].(*gen.HandoffMessage); ok {
			if !slices.Contains(names, h.Target) {
				return &agentchat.RunError{Exception: "ValueError", Message: fmt.Sprintf("The existing handoff target %s is not one of the participants %s. "+
					"If you are resuming Swarm with a new task make sure to include in your task "+
					"a HandoffMessage with a valid participant as the target. For example, if you are "+
					"resuming from a HandoffTermination, make sure the new task is a HandoffMessage "+
					"with a valid participant as the target.", h.Target, pyList(names))}
			}
			return nil
		}
	}
	return nil
}

func (s *swarm) reset() { s.current = s.first }

func (*swarm) threadAdded(context.Context, []messages.Message) error { return nil }

func (s *swarm) selectSpeakers(_ context.Context, g *groupChat, _ agentchat.Emit) ([]string, error) {
	for i := len(g.thread) - 1; i >= 0; i-- {
		if h, ok := g.thread[i].(*gen.HandoffMessage); ok {
			s.current = h.Target
			if g.member(s.current) == nil {
				return nil, &agentchat.RunError{Exception: "AssertionError", Message: ""}
			}
			break
		}
	}
	return []string{s.current}, nil
}

// swarmState is AutoGen's SwarmManagerState, in pydantic's member order.
type swarmState struct {
	Type           string            `json:"type"`
	Version        string            `json:"version"`
	MessageThread  []json.RawMessage `json:"message_thread"`
	CurrentTurn    int64             `json:"current_turn"`
	CurrentSpeaker string            `json:"current_speaker"`
}

func (s *swarm) saveState(thread []json.RawMessage, turn int64) (json.RawMessage, error) {
	if thread == nil {
		thread = []json.RawMessage{}
	}
	return json.Marshal(swarmState{Type: "SwarmManagerState", Version: "1.0.0", MessageThread: thread,
		CurrentTurn: turn, CurrentSpeaker: s.current})
}

func (s *swarm) loadState(state json.RawMessage) ([]json.RawMessage, int64, error) {
	var st swarmState
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, 0, err
	}
	s.current = st.CurrentSpeaker
	return st.MessageThread, st.CurrentTurn, nil
}

func init() {
	agentchat.Register(SwarmProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.SwarmConfig](SwarmProvider, raw)
		if err != nil {
			return nil, err
		}
		return SwarmFromConfig(ctx, c)
	})
}

// SwarmFromConfig builds a Swarm from its config, loading the participants
// and the termination condition with the component registry of ctx.
func SwarmFromConfig(ctx context.Context, c *gen.SwarmConfig) (*Swarm, error) {
	l, err := loadCommon(ctx, c.Participants, c.TerminationCondition, c.MaxTurns, c.Name, c.Description)
	if err != nil {
		return nil, err
	}
	l.opts.EmitTeamEvents = c.EmitTeamEvents
	t, err := NewSwarm(l.participants, l.opts)
	if err != nil {
		l.close(ctx)
		return nil, agentchat.AtPointer("/config", err)
	}
	return t, nil
}
