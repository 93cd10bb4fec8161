package grpcharness

import (
	"context"
	"fmt"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/distributed/groupchat"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// RegisterRemoteParticipant is team_parts.register_remote_participant: the
// participant "bob" (an AssistantAgent answering "bob: turn 1", ...) of
// the team teamID, in rt.
func RegisterRemoteParticipant(ctx context.Context, rt *worker.Runtime, teamID string) error {
	texts := make([]string, 5)
	for i := range texts {
		texts[i] = fmt.Sprintf("bob: turn %d", i+1)
	}
	bob, err := agents.NewAssistantAgent("bob", replay.New(replay.Texts(texts...)), agents.AssistantOptions{})
	if err != nil {
		return err
	}
	return groupchat.RegisterParticipant(ctx, rt, teamID, bob)
}

// RunTeamWithRemote is team_parts.run_team_with_remote: a round robin of
// alice (here) and bob (in another worker) on task, until 4 messages. It
// returns the stream items [kind, source, content], the result messages
// [source, content] and the stop reason.
func RunTeamWithRemote(ctx context.Context, rt *worker.Runtime, teamID, task string) (TeamResult, error) {
	alice, err := agents.NewAssistantAgent("alice", replay.New(replay.Texts("alice: turn 1", "alice: turn 2")), agents.AssistantOptions{})
	if err != nil {
		return TeamResult{}, err
	}
	team := groupchat.NewRoundRobin(rt, teamID, []groupchat.Participant{groupchat.Local(alice), groupchat.Remote("bob")},
		conditions.NewMaxMessage(4, false), 0)
	res := TeamResult{Stream: [][]string{}, Messages: [][]string{}}
	for item, err := range team.RunStream(ctx, agentchat.TextTask(task)) {
		if err != nil {
			return TeamResult{}, err
		}
		if r, ok := item.(*agentchat.TaskResult); ok {
			for _, m := range r.Messages {
				res.Messages = append(res.Messages, []string{messages.Source(m), content(m)})
			}
			if r.StopReason != nil {
				res.StopReason = *r.StopReason
			}
			continue
		}
		res.Stream = append(res.Stream, []string{item.Type(), messages.Source(item), content(item)})
	}
	return res, nil
}

// content is a message's content as text (its to_text()).
func content(m messages.Message) string {
	s, _ := messages.ToText(m)
	return s
}

func teamRunner(ctx context.Context, msg any, mc worker.MessageContext, teamID string) (any, error) {
	m, ok := msg.(RunTeam)
	if !ok {
		return nil, unhandled(msg)
	}
	return RunTeamWithRemote(ctx, mc.Runtime, teamID, m.Task)
}

func (d *driver) teamRoundRobin(ctx context.Context) (Result, error) {
	if d.cfg.TeamID == "" {
		return Result{"skipped": "no --team-id", "ok": true}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 3*d.cfg.Timeout)
	defer cancel()
	r, err := RunTeamWithRemote(ctx, d.rt, d.cfg.TeamID, "start")
	if err != nil {
		return nil, err
	}
	return Result{"stream": r.Stream, "messages": r.Messages, "stop_reason": r.StopReason, "ok": equal(r.Messages, Expected)}, nil
}

func (d *driver) teamRemoteParticipant(ctx context.Context) (Result, error) {
	if d.cfg.Team2ID == "" {
		return Result{"skipped": "no --team2-id", "ok": true}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 3*d.cfg.Timeout)
	defer cancel()
	v, err := d.rt.Send(ctx, RunTeam{"start"}, worker.AgentID{Type: "team_runner", Key: "t1"}, nil)
	if err != nil {
		return nil, err
	}
	r, ok := v.(TeamResult)
	if !ok {
		return nil, fmt.Errorf("team_runner replied %s", typeName(v))
	}
	return Result{"stream": r.Stream, "messages": r.Messages, "stop_reason": r.StopReason, "ok": equal(r.Messages, Expected)}, nil
}

func equal(a, b [][]string) bool { return fmt.Sprint(a) == fmt.Sprint(b) && len(a) == len(b) }
