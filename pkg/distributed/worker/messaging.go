package worker

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

// The CloudEvent attributes AutoGen's runtimes write and read
// (autogen_ext.runtimes.grpc._constants).
const (
	AttrDataContentType = "datacontenttype"
	AttrDataSchema      = "dataschema"
	AttrSenderType      = "agagentsendertype"
	AttrSenderKey       = "agagentsenderkey"
	AttrMessageKind     = "agmsgkind"
)

// Register registers an agent type with the host (RegisterAgent), with the
// factory that makes its instances, and adds the subscriptions AutoGen's
// BaseAgent.register adds: the "<type>:" TypePrefixSubscription (the
// direct-message convention), then subs. The host refuses a type another
// worker registered (gRPC INVALID_ARGUMENT "Agent type X already
// registered with client <id>.").
func (r *Runtime) Register(ctx context.Context, agentType string, f Factory, subs ...Subscription) error {
	r.mu.Lock()
	if _, ok := r.factories[agentType]; ok {
		r.mu.Unlock()
		return fmt.Errorf("agent with type %s already exists", agentType)
	}
	r.mu.Unlock()
	if _, err := r.client.RegisterAgent(r.OutgoingContext(ctx), &protos.RegisterAgentTypeRequest{Type: agentType}); err != nil {
		return err
	}
	r.mu.Lock()
	r.factories[agentType] = f
	r.types = append(r.types, agentType)
	r.mu.Unlock()
	for _, s := range append([]Subscription{TypePrefixSubscription(agentType+":", agentType)}, subs...) {
		if err := r.AddSubscription(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// AddSubscription adds s at the host and to the worker's own
// subscriptions, which decide the local recipients of published messages.
// An empty s.ID gets a uuid4.
func (r *Runtime) AddSubscription(ctx context.Context, s Subscription) error {
	if s.ID == "" {
		s.ID = uuid.NewString()
	}
	if _, err := r.client.AddSubscription(r.OutgoingContext(ctx), &protos.AddSubscriptionRequest{Subscription: s.ToProto()}); err != nil {
		return err
	}
	r.mu.Lock()
	r.subs = append(r.subs, s)
	r.mu.Unlock()
	return nil
}

// RemoveSubscription removes the subscription id at the host and locally.
func (r *Runtime) RemoveSubscription(ctx context.Context, id string) error {
	if _, err := r.client.RemoveSubscription(r.OutgoingContext(ctx), &protos.RemoveSubscriptionRequest{Id: id}); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, s := range r.subs {
		if s.ID == id {
			r.subs = append(r.subs[:i:i], r.subs[i+1:]...)
			break
		}
	}
	return nil
}

// Subscriptions lists every subscription the host holds (every worker's),
// in the order they were added (GetSubscriptions).
func (r *Runtime) Subscriptions(ctx context.Context) ([]Subscription, error) {
	resp, err := r.client.GetSubscriptions(r.OutgoingContext(ctx), &protos.GetSubscriptionsRequest{})
	if err != nil {
		return nil, err
	}
	var out []Subscription
	for _, p := range resp.GetSubscriptions() {
		if s, ok := SubscriptionFromProto(p); ok {
			out = append(out, s)
		}
	}
	return out, nil
}

// Send sends msg to the agent to and waits for its reply (AutoGen's
// send_message): sender is the sending agent or nil. The request goes
// through the host even when the target lives in this worker, as in
// AutoGen. A handler's error comes back as *RemoteError; a reply no
// serializer reads as UnknownPayload. Request ids are uuid4s, which cannot
// collide across workers.
func (r *Runtime) Send(ctx context.Context, msg any, to AgentID, sender *AgentID) (any, error) {
	name, data, err := r.reg.serialize(msg, JSONContentType)
	if err != nil {
		return nil, err
	}
	id := uuid.NewString()
	req := &protos.RpcRequest{RequestId: id, Target: &protos.AgentId{Type: to.Type, Key: to.Key},
		Payload: &protos.Payload{DataType: name, DataContentType: JSONContentType, Data: data}}
	if sender != nil {
		req.Source = &protos.AgentId{Type: sender.Type, Key: sender.Key}
	}
	ch := make(chan *protos.RpcResponse, 1)
	r.mu.Lock()
	r.pending[id] = ch
	r.mu.Unlock()
	forget := func() {
		r.mu.Lock()
		delete(r.pending, id)
		r.mu.Unlock()
	}
	if err := r.write(&protos.Message{Message: &protos.Message_Request{Request: req}}); err != nil {
		forget()
		return nil, err
	}
	select {
	case resp, ok := <-ch:
		if !ok {
			return nil, ErrDisconnected
		}
		if resp.GetError() != "" {
			return nil, &RemoteError{Message: resp.GetError()}
		}
		p := resp.GetPayload()
		return r.reg.deserialize(p.GetDataType(), p.GetDataContentType(), p.GetData())
	case <-ctx.Done():
		forget()
		return nil, ctx.Err()
	case <-r.done:
		return nil, r.Err()
	}
}

// Publish publishes msg to topic (AutoGen's publish_message) as a
// CloudEvent: a new uuid4 id, spec_version "1.0", the five attributes
// (sender "unknown"/"unknown" when sender is nil), binary_data for JSON or
// proto_data (an Any) for the protobuf payload format. The host sends it
// to every worker with a matching subscription, this one included.
func (r *Runtime) Publish(ctx context.Context, msg any, topic TopicID, sender *AgentID) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	name, data, err := r.reg.serialize(msg, r.opts.format)
	if err != nil {
		return err
	}
	s := AgentID{"unknown", "unknown"}
	if sender != nil {
		s = *sender
	}
	str := func(v string) *protos.CloudEvent_CloudEventAttributeValue {
		return &protos.CloudEvent_CloudEventAttributeValue{Attr: &protos.CloudEvent_CloudEventAttributeValue_CeString{CeString: v}}
	}
	ev := &protos.CloudEvent{Id: uuid.NewString(), Source: topic.Source, SpecVersion: "1.0", Type: topic.Type,
		Attributes: map[string]*protos.CloudEvent_CloudEventAttributeValue{
			AttrDataContentType: str(r.opts.format), AttrDataSchema: str(name),
			AttrSenderType: str(s.Type), AttrSenderKey: str(s.Key), AttrMessageKind: str("publish")}}
	if r.opts.format == ProtobufContentType {
		var a anypb.Any
		if err := proto.Unmarshal(data, &a); err != nil {
			return fmt.Errorf("publish %s: the protobuf payload is not an Any: %w", name, err)
		}
		ev.Data = &protos.CloudEvent_ProtoData{ProtoData: &a}
	} else {
		ev.Data = &protos.CloudEvent_BinaryData{BinaryData: data}
	}
	return r.write(&protos.Message{Message: &protos.Message_CloudEvent{CloudEvent: ev}})
}

// dispatch routes one message from the host.
func (r *Runtime) dispatch(m *protos.Message) {
	switch k := m.GetMessage().(type) {
	case *protos.Message_Request:
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			r.handleRequest(k.Request)
		}()
	case *protos.Message_Response:
		r.mu.Lock()
		ch := r.pending[k.Response.GetRequestId()]
		delete(r.pending, k.Response.GetRequestId())
		r.mu.Unlock()
		if ch != nil {
			ch <- k.Response
		}
	case *protos.Message_CloudEvent:
		r.handleEvent(k.CloudEvent)
	}
}

// agent returns the instance of id, making it on first use.
func (r *Runtime) agent(id AgentID) (*instance, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if in := r.agents[id]; in != nil {
		return in, nil
	}
	f := r.factories[id.Type]
	if f == nil {
		return nil, fmt.Errorf("agent type %s is not registered with this runtime", id.Type)
	}
	a, err := f(id)
	if err != nil {
		return nil, err
	}
	in := &instance{agent: a}
	r.agents[id] = in
	return in, nil
}

// call runs a handler, turning a panic into an error.
func call(ctx context.Context, a Agent, msg any, mc MessageContext) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic in the handler of %s: %v\n%s", mc.Self, p, debug.Stack())
		}
	}()
	return a.OnMessage(ctx, msg, mc)
}
