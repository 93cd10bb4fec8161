package groupchat

import (
	"context"
	"errors"
	"sync"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
	"github.com/agentschema/agentschema/pkg/messages"
)

// The names AutoGen's BaseGroupChat gives a team's topics and agent types.

// GroupTopic is the topic type every participant and the manager hear.
func GroupTopic(teamID string) string { return "group_topic_" + teamID }

// OutputTopic is the topic type of the team's output stream.
func OutputTopic(teamID string) string { return "output_topic_" + teamID }

// ParticipantType is the agent type (and topic type) of a participant.
func ParticipantType(name, teamID string) string { return name + "_" + teamID }

// RoundRobinManagerType is the agent type of a RoundRobinGroupChat's
// manager.
func RoundRobinManagerType(teamID string) string { return "RoundRobinGroupChatManager_" + teamID }

// RegisterParticipant makes agent a participant of the team teamID whose
// manager may run in another worker (AutoGen's ChatAgentContainer): agent
// type "<name>_<teamID>" subscribed to its own topic type and to the group
// topic. It buffers the GroupChatStart and GroupChatAgentResponse messages
// it hears; on GroupChatRequestPublish it runs agent on them, publishes
// each event and its answer as GroupChatMessage to the output topic and
// its Response as GroupChatAgentResponse to the group topic (a failure as
// GroupChatError); GroupChatReset clears it and resets agent.
func RegisterParticipant(ctx context.Context, rt *worker.Runtime, teamID string, agent agentchat.ChatAgent) error {
	rt.AddSerializers(Serializers()...)
	t := ParticipantType(agent.Name(), teamID)
	c := &container{agent: agent, group: GroupTopic(teamID), output: OutputTopic(teamID)}
	return rt.Register(ctx, t, func(worker.AgentID) (worker.Agent, error) { return c, nil },
		worker.TypeSubscription(t, t), worker.TypeSubscription(GroupTopic(teamID), t))
}

type container struct {
	agent         agentchat.ChatAgent
	group, output string

	mu     sync.Mutex
	buffer []messages.Message
}

func (c *container) OnMessage(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
	switch m := msg.(type) {
	case GroupChatStart:
		c.mu.Lock()
		c.buffer = append(c.buffer, m.Messages...)
		c.mu.Unlock()
	case GroupChatAgentResponse:
		c.mu.Lock()
		c.buffer = append(c.buffer, m.Response.ChatMessage)
		c.mu.Unlock()
	case GroupChatReset:
		c.mu.Lock()
		c.buffer = nil
		c.mu.Unlock()
		return nil, c.agent.Reset(ctx)
	case GroupChatRequestPublish:
		return nil, c.speak(ctx, mc)
	}
	return nil, nil
}

func (c *container) speak(ctx context.Context, mc worker.MessageContext) error {
	output := worker.TopicID{Type: c.output, Source: mc.Self.Key}
	c.mu.Lock()
	buffer := append([]messages.Message{}, c.buffer...)
	c.mu.Unlock()
	resp, err := c.agent.OnMessagesStream(ctx, buffer, func(m messages.Message) error {
		return mc.Publish(ctx, GroupChatMessage{m}, output)
	})
	if err == nil && resp == nil {
		err = &agentchat.RunError{Exception: "RuntimeError",
			Message: "The agent did not produce a final response. Check the agent's on_messages_stream method."}
	}
	if err == nil {
		if err = mc.Publish(ctx, GroupChatMessage{resp.ChatMessage}, output); err == nil {
			c.mu.Lock()
			c.buffer = nil
			c.mu.Unlock()
			return mc.Publish(ctx, GroupChatAgentResponse{*resp, c.agent.Name()}, worker.TopicID{Type: c.group, Source: mc.Self.Key})
		}
	}
	_ = mc.Publish(ctx, GroupChatError{exception(err)}, worker.TopicID{Type: c.group, Source: mc.Self.Key})
	return err
}

// exception is SerializableException.from_exception.
func exception(err error) SerializableException {
	var re *agentchat.RunError
	if errors.As(err, &re) {
		return SerializableException{ErrorType: re.Exception, ErrorMessage: re.Message}
	}
	return SerializableException{ErrorType: "Exception", ErrorMessage: err.Error()}
}
