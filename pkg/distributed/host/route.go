package host

import (
	"context"
	"strconv"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// route handles one message a worker sent.
func (h *Host) route(from *client, m *protos.Message) {
	switch k := m.GetMessage().(type) {
	case *protos.Message_Request:
		h.routeRequest(from, k.Request)
	case *protos.Message_Response:
		h.routeResponse(from, k.Response)
	case *protos.Message_CloudEvent:
		h.routeEvent(k.CloudEvent)
	}
}

// routeRequest forwards a direct message to the worker that registered the
// target's type, remembering whom the response goes back to. AutoGen's
// host pairs responses by (target worker, request id) only, so two callers
// using one id at once get crossed replies; this host gives the second a
// fresh id on the way in and restores the caller's on the way out.
func (h *Host) routeRequest(from *client, req *protos.RpcRequest) {
	h.mu.Lock()
	tid, ok := h.types[req.GetTarget().GetType()]
	target := h.clients[tid]
	if !ok || target == nil {
		h.mu.Unlock()
		// AutoGen's host logs this and drops the request (the caller waits
		// forever); this host answers with its log text.
		h.send(from, errResponse(req.GetRequestId(), "Agent "+req.GetTarget().GetType()+" not found, failed to deliver message."))
		return
	}
	id := req.GetRequestId()
	key := pendingKey{tid, id}
	if _, busy := h.pending[key]; busy {
		h.seq++
		key.id = id + "#" + strconv.FormatUint(h.seq, 10)
		req = proto.Clone(req).(*protos.RpcRequest)
		req.RequestId = key.id
	}
	h.pending[key] = pendingCall{caller: from.id, id: id}
	h.mu.Unlock()
	h.send(target, &protos.Message{Message: &protos.Message_Request{Request: req}})
}

// routeResponse sends a response back to the caller of its request.
func (h *Host) routeResponse(from *client, resp *protos.RpcResponse) {
	h.mu.Lock()
	key := pendingKey{from.id, resp.GetRequestId()}
	call, ok := h.pending[key]
	delete(h.pending, key)
	caller := h.clients[call.caller]
	h.mu.Unlock()
	if !ok || caller == nil {
		return
	}
	if call.id != resp.GetRequestId() {
		resp = proto.Clone(resp).(*protos.RpcResponse)
		resp.RequestId = call.id
	}
	h.send(caller, &protos.Message{Message: &protos.Message_Response{Response: resp}})
}

// routeEvent sends a published message once to every worker with a
// subscription that takes its topic, the publisher's own included.
func (h *Host) routeEvent(ev *protos.CloudEvent) {
	topic := worker.TopicID{Type: ev.GetType(), Source: ev.GetSource()}
	h.mu.Lock()
	var to []*client
	seen := map[string]bool{}
	for _, s := range h.subs {
		if !s.Matches(topic) {
			continue
		}
		cid, ok := h.types[s.AgentType]
		if c := h.clients[cid]; ok && c != nil && !seen[cid] {
			seen[cid] = true
			to = append(to, c)
		}
	}
	h.mu.Unlock()
	m := &protos.Message{Message: &protos.Message_CloudEvent{CloudEvent: ev}}
	for _, c := range to {
		h.send(c, m)
	}
}

// disconnect forgets a worker whose channel ended: its agent types and its
// subscriptions (as AutoGen's host), and answers the calls it still owed
// with an error (AutoGen's host cancels them: their callers wait forever).
func (h *Host) disconnect(c *client) {
	h.mu.Lock()
	if h.clients[c.id] != c {
		// A new channel with the same client-id replaced this one: the
		// registrations are the new channel's now.
		h.mu.Unlock()
		return
	}
	delete(h.clients, c.id)
	for t, id := range h.types {
		if id == c.id {
			delete(h.types, t)
		}
	}
	kept := h.subs[:0]
	for _, s := range h.subs {
		if h.owner[s.ID] == c.id {
			delete(h.owner, s.ID)
			continue
		}
		kept = append(kept, s)
	}
	h.subs = kept
	type owed struct {
		to *client
		id string
	}
	var answers []owed
	for k, call := range h.pending {
		if k.target == c.id {
			delete(h.pending, k)
			if caller := h.clients[call.caller]; caller != nil {
				answers = append(answers, owed{caller, call.id})
			}
		}
	}
	h.mu.Unlock()
	for _, a := range answers {
		h.send(a.to, errResponse(a.id, "Client "+c.id+" disconnected before it responded."))
	}
}

// RegisterAgent maps an agent type to the calling worker, once its channel
// is open (awaitChannel); a type already mapped is refused with AutoGen's
// text.
func (h *Host) RegisterAgent(ctx context.Context, req *protos.RegisterAgentTypeRequest) (*protos.RegisterAgentTypeResponse, error) {
	cid, err := clientID(ctx)
	var resp *protos.RegisterAgentTypeResponse
	if err == nil {
		h.awaitChannel(ctx, cid)
		h.mu.Lock()
		if owner, ok := h.types[req.GetType()]; ok {
			err = status.Errorf(codes.InvalidArgument, "Agent type %s already registered with client %s.", req.GetType(), owner)
		} else {
			h.types[req.GetType()] = cid
			resp = &protos.RegisterAgentTypeResponse{}
		}
		h.mu.Unlock()
	}
	h.log.unary("RegisterAgent", cid, req, resp, err)
	return resp, err
}

// AddSubscription adds a subscription for every worker to see; one equal
// to an existing one (same id, or same kind, topic and agent type) is
// refused as AutoGen's SubscriptionManager refuses it.
func (h *Host) AddSubscription(ctx context.Context, req *protos.AddSubscriptionRequest) (*protos.AddSubscriptionResponse, error) {
	cid, err := clientID(ctx)
	var resp *protos.AddSubscriptionResponse
	if err == nil {
		h.awaitChannel(ctx, cid)
		s, ok := worker.SubscriptionFromProto(req.GetSubscription())
		h.mu.Lock()
		switch {
		case !ok:
			err = status.Error(codes.InvalidArgument, "Invalid subscription type.")
		case h.hasSubscription(s):
			err = status.Error(codes.InvalidArgument, "Subscription already exists")
		default:
			h.subs = append(h.subs, s)
			h.owner[s.ID] = cid
			resp = &protos.AddSubscriptionResponse{}
		}
		h.mu.Unlock()
	}
	h.log.unary("AddSubscription", cid, req, resp, err)
	return resp, err
}

func (h *Host) hasSubscription(s worker.Subscription) bool {
	for _, o := range h.subs {
		if o.ID == s.ID || (o.Prefix == s.Prefix && o.Topic == s.Topic && o.AgentType == s.AgentType) {
			return true
		}
	}
	return false
}

// RemoveSubscription removes a subscription by id; an unknown id fails as
// AutoGen's host fails on it (its ValueError, unhandled).
func (h *Host) RemoveSubscription(ctx context.Context, req *protos.RemoveSubscriptionRequest) (*protos.RemoveSubscriptionResponse, error) {
	cid, err := clientID(ctx)
	var resp *protos.RemoveSubscriptionResponse
	if err == nil {
		err = status.Error(codes.Unknown, "Unexpected <class 'ValueError'>: Subscription does not exist")
		h.mu.Lock()
		for i, s := range h.subs {
			if s.ID == req.GetId() {
				h.subs = append(h.subs[:i:i], h.subs[i+1:]...)
				delete(h.owner, s.ID)
				resp, err = &protos.RemoveSubscriptionResponse{}, nil
				break
			}
		}
		h.mu.Unlock()
	}
	h.log.unary("RemoveSubscription", cid, req, resp, err)
	return resp, err
}

// GetSubscriptions lists every worker's subscriptions in the order they
// were added.
func (h *Host) GetSubscriptions(ctx context.Context, req *protos.GetSubscriptionsRequest) (*protos.GetSubscriptionsResponse, error) {
	cid, err := clientID(ctx)
	var resp *protos.GetSubscriptionsResponse
	if err == nil {
		resp = &protos.GetSubscriptionsResponse{}
		h.mu.Lock()
		for _, s := range h.subs {
			resp.Subscriptions = append(resp.Subscriptions, s.ToProto())
		}
		h.mu.Unlock()
	}
	h.log.unary("GetSubscriptions", cid, req, resp, err)
	return resp, err
}
