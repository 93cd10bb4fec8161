package worker

import (
	"strings"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

// AgentID names an agent instance: its agent type and its key (AutoGen's
// AgentId). String gives AutoGen's "type/key".
type AgentID struct {
	Type, Key string
}

// String returns "type/key", as str(AgentId) in AutoGen.
func (a AgentID) String() string { return a.Type + "/" + a.Key }

// TopicID names a topic: its type and source (AutoGen's TopicId). String
// gives AutoGen's "type/source".
type TopicID struct {
	Type, Source string
}

// String returns "type/source", as str(TopicId) in AutoGen.
func (t TopicID) String() string { return t.Type + "/" + t.Source }

// Subscription maps topics to agents: a TypeSubscription (Prefix false:
// topics whose type equals Topic) or a TypePrefixSubscription (Prefix true:
// topics whose type starts with Topic); either delivers to the agent of
// AgentType whose key is the topic's source.
type Subscription struct {
	// ID identifies the subscription at the host (AutoGen draws a uuid4;
	// AddSubscription does when it is empty).
	ID string
	// Topic is the topic type, or the prefix of topic types.
	Topic string
	// Prefix makes the subscription a TypePrefixSubscription.
	Prefix bool
	// AgentType is the type of the agents the topics go to.
	AgentType string
}

// TypeSubscription subscribes agentType to the topics of type topicType.
func TypeSubscription(topicType, agentType string) Subscription {
	return Subscription{Topic: topicType, AgentType: agentType}
}

// TypePrefixSubscription subscribes agentType to the topics whose type
// starts with prefix.
func TypePrefixSubscription(prefix, agentType string) Subscription {
	return Subscription{Topic: prefix, Prefix: true, AgentType: agentType}
}

// Matches reports whether the subscription takes topic t.
func (s Subscription) Matches(t TopicID) bool {
	if s.Prefix {
		return strings.HasPrefix(t.Type, s.Topic)
	}
	return t.Type == s.Topic
}

// Map gives the agent a matching topic goes to: AgentType, keyed by the
// topic's source.
func (s Subscription) Map(t TopicID) AgentID { return AgentID{s.AgentType, t.Source} }

// ToProto gives the subscription as the protocol's message.
func (s Subscription) ToProto() *protos.Subscription {
	if s.Prefix {
		return &protos.Subscription{Id: s.ID, Subscription: &protos.Subscription_TypePrefixSubscription{
			TypePrefixSubscription: &protos.TypePrefixSubscription{TopicTypePrefix: s.Topic, AgentType: s.AgentType}}}
	}
	return &protos.Subscription{Id: s.ID, Subscription: &protos.Subscription_TypeSubscription{
		TypeSubscription: &protos.TypeSubscription{TopicType: s.Topic, AgentType: s.AgentType}}}
}

// SubscriptionFromProto reads the protocol's subscription; ok is false when
// it holds neither kind.
func SubscriptionFromProto(p *protos.Subscription) (s Subscription, ok bool) {
	switch k := p.GetSubscription().(type) {
	case *protos.Subscription_TypeSubscription:
		return Subscription{ID: p.GetId(), Topic: k.TypeSubscription.GetTopicType(), AgentType: k.TypeSubscription.GetAgentType()}, true
	case *protos.Subscription_TypePrefixSubscription:
		return Subscription{ID: p.GetId(), Topic: k.TypePrefixSubscription.GetTopicTypePrefix(), Prefix: true,
			AgentType: k.TypePrefixSubscription.GetAgentType()}, true
	}
	return Subscription{}, false
}
