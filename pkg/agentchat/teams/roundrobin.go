package teams

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
)

// RoundRobinGroupChatProvider is the provider of AutoGen's
// RoundRobinGroupChat.
const RoundRobinGroupChatProvider = "autogen_agentchat.teams.RoundRobinGroupChat"

// The defaults of RoundRobinGroupChat.
const (
	RoundRobinDefaultName        = "RoundRobinGroupChat"
	RoundRobinDefaultDescription = "A team of agents."
	roundRobinManagerName        = "RoundRobinGroupChatManager"
)

// Options are the optional arguments of a team's constructor. The zero
// value is AutoGen's defaults.
type Options struct {
	_ struct{}

	// Name defaults to the team's DEFAULT_NAME, Description to its
	// DEFAULT_DESCRIPTION.
	Name, Description string
	// Termination is checked after the task and after every turn.
	Termination agentchat.TerminationCondition
	// MaxTurns stops the run after that many turns; 0 is no limit.
	MaxTurns int64
	// EmitTeamEvents adds a SelectSpeakerEvent before each turn.
	EmitTeamEvents bool
	// ConcurrentSpeakers makes the speakers of one turn (a GraphFlow's
	// fan-out) answer concurrently; their events are passed on in the order
	// they were selected, once all have answered. Off by default: one after
	// another, their model requests go out in the order AutoGen's event
	// loop sends them, so a run against a scripted endpoint is the run
	// AutoGen records; concurrent requests reach it in no set order.
	ConcurrentSpeakers bool
}

// RoundRobinGroupChat is AutoGen's RoundRobinGroupChat: participants speak
// in turn, each answering the messages it has not yet seen, until the
// termination condition or MaxTurns stops the run. Later runs continue
// where the previous one stopped.
type RoundRobinGroupChat struct {
	*groupChat
	rr *roundRobin
}

// NewRoundRobinGroupChat returns a RoundRobinGroupChat of participants
// (agentchat.ChatAgent or agentchat.Team values), refusing what AutoGen
// refuses: no participants, duplicate names, a negative MaxTurns.
func NewRoundRobinGroupChat(participants []Participant, opts Options) (*RoundRobinGroupChat, error) {
	name, desc := opts.Name, opts.Description
	if name == "" {
		name = RoundRobinDefaultName
	}
	if desc == "" {
		desc = RoundRobinDefaultDescription
	}
	rr := &roundRobin{}
	g, err := newGroupChat(name, desc, participants, opts.Termination, opts.MaxTurns, opts.EmitTeamEvents, rr)
	if err != nil {
		return nil, err
	}
	return &RoundRobinGroupChat{groupChat: g, rr: rr}, nil
}

// roundRobin is RoundRobinGroupChatManager's choice of speakers.
type roundRobin struct {
	next int64
}

func (*roundRobin) managerName() string                           { return roundRobinManagerName }
func (*roundRobin) validate(*groupChat, []messages.Message) error { return nil }
func (rr *roundRobin) reset()                                     { rr.next = 0 }

func (*roundRobin) threadAdded(context.Context, []messages.Message) error { return nil }

func (rr *roundRobin) selectSpeakers(_ context.Context, g *groupChat, _ agentchat.Emit) ([]string, error) {
	names := g.names()
	i := rr.next % int64(len(names))
	rr.next = (i + 1) % int64(len(names))
	return []string{names[i]}, nil
}

// roundRobinState is AutoGen's RoundRobinManagerState, its members in
// pydantic's order.
type roundRobinState struct {
	Type             string            `json:"type"`
	Version          string            `json:"version"`
	MessageThread    []json.RawMessage `json:"message_thread"`
	CurrentTurn      int64             `json:"current_turn"`
	NextSpeakerIndex int64             `json:"next_speaker_index"`
}

func (rr *roundRobin) saveState(thread []json.RawMessage, turn int64) (json.RawMessage, error) {
	if thread == nil {
		thread = []json.RawMessage{}
	}
	return json.Marshal(roundRobinState{MessageThread: thread, CurrentTurn: turn, NextSpeakerIndex: rr.next,
		Type: "RoundRobinManagerState", Version: "1.0.0"})
}

func (rr *roundRobin) loadState(state json.RawMessage) ([]json.RawMessage, int64, error) {
	var st roundRobinState
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, 0, err
	}
	rr.next = st.NextSpeakerIndex
	return st.MessageThread, st.CurrentTurn, nil
}

func init() {
	agentchat.Register(RoundRobinGroupChatProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.RoundRobinGroupChatConfig](RoundRobinGroupChatProvider, raw)
		if err != nil {
			return nil, err
		}
		return RoundRobinFromConfig(ctx, c)
	})
}

// RoundRobinFromConfig builds a RoundRobinGroupChat from its config,
// loading the participants (agents or teams) and the termination
// condition with the component registry of ctx. A component that cannot
// be loaded is a *agentchat.ConfigError with its pointer.
func RoundRobinFromConfig(ctx context.Context, c *gen.RoundRobinGroupChatConfig) (*RoundRobinGroupChat, error) {
	common, err := loadCommon(ctx, c.Participants, c.TerminationCondition, c.MaxTurns, c.Name, c.Description)
	if err != nil {
		return nil, err
	}
	common.opts.EmitTeamEvents = c.EmitTeamEvents
	t, err := NewRoundRobinGroupChat(common.participants, common.opts)
	if err != nil {
		common.close(ctx)
		return nil, agentchat.AtPointer("/config", err)
	}
	return t, nil
}

// loaded is what every team config has: participants, a termination
// condition, max_turns, a name and a description.
type loaded struct {
	participants []Participant
	opts         Options
}

// close closes what was loaded, when the team cannot be built.
func (l *loaded) close(ctx context.Context) {
	for _, p := range l.participants {
		_ = p.Close(ctx)
	}
}

func loadCommon(ctx context.Context, participants []gen.ComponentModel, term *gen.ComponentModel, maxTurns *gen.Int,
	name, description *string) (*loaded, error) {
	l := &loaded{}
	if name != nil {
		l.opts.Name = *name
	}
	if description != nil {
		l.opts.Description = *description
	}
	if len(participants) == 0 {
		return nil, agentchat.AtPointer("/config/participants",
			&agentchat.RunError{Exception: "ValueError", Message: "At least one participant is required."})
	}
	if maxTurns != nil {
		n, ok := maxTurns.Int64()
		if !ok || n <= 0 {
			return nil, agentchat.AtPointer("/config/max_turns",
				&agentchat.RunError{Exception: "ValueError", Message: "The maximum number of turns must be greater than 0."})
		}
		l.opts.MaxTurns = n
	}
	for i := range participants {
		v, err := component.LoadModel(ctx, &participants[i])
		if err == nil {
			if _, ok := v.(Participant); !ok {
				err = fmt.Errorf("%s is not an agent or a team", participants[i].Provider)
			}
		}
		if err != nil {
			l.close(ctx)
			return nil, agentchat.AtPointer(fmt.Sprintf("/config/participants/%d", i), err)
		}
		l.participants = append(l.participants, v.(Participant))
	}
	if term != nil {
		cond, err := conditions.Load(ctx, term)
		if err != nil {
			l.close(ctx)
			return nil, agentchat.AtPointer("/config/termination_condition", err)
		}
		l.opts.Termination = cond
	}
	return l, nil
}
