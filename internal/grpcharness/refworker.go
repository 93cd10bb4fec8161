package grpcharness

import (
	"context"
	"errors"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// RefWorker is the Go counterpart of ref_worker.py: a worker at address
// with the agent types echo, caller and recorder, and with teamID the
// AgentChat participant bob_<teamID>, with team2ID team_runner. It
// registers them (and their subscriptions) in ref_worker.py's order.
func RefWorker(ctx context.Context, address, teamID, team2ID string) (*worker.Runtime, error) {
	rt, err := worker.Dial(ctx, address, worker.WithSerializers(Serializers()...))
	if err != nil {
		return nil, err
	}
	steps := []func() error{
		func() error { return rt.Register(ctx, "echo", agent(echo)) },
		func() error { return rt.Register(ctx, "caller", agent(caller)) },
		func() error { return rt.Register(ctx, "recorder", agent(recorder)) },
		func() error { return rt.AddSubscription(ctx, worker.TypeSubscription("news", "recorder")) },
		func() error { return rt.AddSubscription(ctx, worker.TypePrefixSubscription("alerts.", "recorder")) },
	}
	if teamID != "" {
		steps = append(steps, func() error { return RegisterRemoteParticipant(ctx, rt, teamID) })
	}
	if team2ID != "" {
		steps = append(steps, func() error {
			return rt.Register(ctx, "team_runner", agent(func(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
				return teamRunner(ctx, msg, mc, team2ID)
			}))
		})
	}
	for _, s := range steps {
		if err := s(); err != nil {
			rt.Close()
			return nil, err
		}
	}
	return rt, nil
}

// agent is a factory of stateless agents that are one function.
func agent(f worker.AgentFunc) worker.Factory {
	return func(worker.AgentID) (worker.Agent, error) { return f, nil }
}

func echo(_ context.Context, msg any, mc worker.MessageContext) (any, error) {
	switch m := msg.(type) {
	case Ping:
		return Pong{Text: "echo:" + m.Text, N: m.N + 1, Agent: mc.Self.String()}, nil
	case Boom:
		return nil, errors.New("boom: " + m.Text)
	}
	return nil, unhandled(msg)
}

func caller(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
	m, ok := msg.(AskPeer)
	if !ok {
		return nil, unhandled(msg)
	}
	r, err := mc.Send(ctx, Ping{Text: m.Text}, worker.AgentID{Type: m.PeerType, Key: "peer"})
	if err != nil {
		return nil, err
	}
	p, ok := r.(Pong)
	if !ok {
		return nil, unhandled(r)
	}
	return Pong{Text: "via-caller:" + p.Text, N: p.N, Agent: mc.Self.String()}, nil
}

func recorder(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
	var text string
	switch m := msg.(type) {
	case Note:
		text = m.Text
	case *wrapperspb.StringValue:
		text = "proto:" + m.GetValue()
	default:
		return nil, unhandled(msg)
	}
	t := mc.Topic
	sender := "None"
	if mc.Sender != nil {
		sender = mc.Sender.String()
	}
	return nil, mc.Publish(ctx, NoteAck{Text: text, SeenBy: mc.Self.String(), Topic: t.String(), Sender: sender},
		worker.TopicID{Type: "acks", Source: t.Source})
}

// unhandled is the error of AutoGen's RoutedAgent for a message type it has
// no handler for.
func unhandled(msg any) error {
	return &worker.RemoteError{Message: "Unhandled message: " + typeName(msg)}
}
