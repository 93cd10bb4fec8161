package worker

import (
	"google.golang.org/protobuf/proto"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

// handleRequest runs a direct message's handler and writes the response:
// the result's payload, or the error text with no payload.
func (r *Runtime) handleRequest(req *protos.RpcRequest) {
	to := AgentID{req.GetTarget().GetType(), req.GetTarget().GetKey()}
	mc := MessageContext{Runtime: r, Self: to, IsRPC: true, MessageID: req.GetRequestId(), after: &afterReply{}}
	if req.Source != nil {
		mc.Sender = &AgentID{req.GetSource().GetType(), req.GetSource().GetKey()}
	}
	resp := &protos.RpcResponse{RequestId: req.GetRequestId()}
	result, err := r.runRequest(req, mc)
	if err == nil {
		var name string
		var data []byte
		if name, data, err = r.reg.serialize(result, JSONContentType); err == nil {
			resp.Payload = &protos.Payload{DataType: name, DataContentType: JSONContentType, Data: data}
		}
	}
	if err != nil {
		resp.Error = err.Error()
	}
	_ = r.write(&protos.Message{Message: &protos.Message_Response{Response: resp}})
	mc.after.run()
}

func (r *Runtime) runRequest(req *protos.RpcRequest, mc MessageContext) (any, error) {
	p := req.GetPayload()
	msg, err := r.reg.deserialize(p.GetDataType(), p.GetDataContentType(), p.GetData())
	if err != nil {
		return nil, err
	}
	in, err := r.agent(mc.Self)
	if err != nil {
		return nil, err
	}
	return call(r.ctx, in.agent, msg, mc)
}

// handleEvent delivers a published message to this worker's recipients
// (its own subscriptions), never to its sender, each instance handling its
// events one at a time in the order they came.
func (r *Runtime) handleEvent(ev *protos.CloudEvent) {
	attrs := ev.GetAttributes()
	var sender *AgentID
	if t, k := attrs[AttrSenderType], attrs[AttrSenderKey]; t != nil && k != nil {
		sender = &AgentID{t.GetCeString(), k.GetCeString()}
	}
	topic := TopicID{ev.GetType(), ev.GetSource()}
	ct := attrs[AttrDataContentType].GetCeString()
	var data []byte
	if ct == ProtobufContentType {
		data, _ = proto.Marshal(ev.GetProtoData())
	} else {
		data = ev.GetBinaryData()
	}
	msg, err := r.reg.deserialize(attrs[AttrDataSchema].GetCeString(), ct, data)
	if err != nil {
		return // AutoGen logs an event it cannot read and goes on
	}
	for _, id := range r.recipients(topic) {
		if sender != nil && id == *sender {
			continue
		}
		in, err := r.agent(id)
		if err != nil {
			continue
		}
		t := topic
		mc := MessageContext{Runtime: r, Self: id, Sender: sender, Topic: &t, MessageID: ev.GetId()}
		in.enqueue(func() { _, _ = call(r.ctx, in.agent, msg, mc) }, func(drain func()) {
			r.wg.Add(1)
			go func() {
				defer r.wg.Done()
				drain()
			}()
		})
	}
}

// recipients maps a topic through the worker's own subscriptions.
func (r *Runtime) recipients(t TopicID) []AgentID {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []AgentID
	seen := map[AgentID]bool{}
	for _, s := range r.subs {
		if s.Matches(t) {
			if id := s.Map(t); !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}
