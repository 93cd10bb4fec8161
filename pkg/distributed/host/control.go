package host

import (
	"strings"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

type controlClient struct {
	out *outbox[*protos.ControlMessage]
}

// OpenControlChannel is a worker's control channel: the host relays each
// ControlMessage to its destination, "agentid=<type>/<key>" (the worker
// that registered the type) or "clientid=<id>", as AutoGen's host does; a
// message for nobody is dropped.
func (h *Host) OpenControlChannel(stream protos.AgentRpc_OpenControlChannelServer) error {
	cid, err := clientID(stream.Context())
	if err != nil {
		return err
	}
	c := &controlClient{out: newOutbox[*protos.ControlMessage](h.maxQueue)}
	h.mu.Lock()
	if h.controls == nil {
		h.controls = map[string]*controlClient{}
	}
	h.controls[cid] = c
	h.mu.Unlock()
	stop := make(chan struct{})
	defer close(stop)
	go c.out.run(stream.Send, stop) // not waited for: see OpenChannel
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			m, err := stream.Recv()
			if err != nil {
				return
			}
			h.relayControl(m)
		}
	}()
	var end error
	select {
	case <-done:
	case <-h.stopping:
	case <-stream.Context().Done():
	case <-c.out.overflow:
		end = h.overflowed("control channel", cid)
	}
	h.mu.Lock()
	if h.controls[cid] == c {
		delete(h.controls, cid)
	}
	h.mu.Unlock()
	return end
}

func (h *Host) relayControl(m *protos.ControlMessage) {
	dest := m.GetDestination()
	h.mu.Lock()
	var target string
	if id, ok := strings.CutPrefix(dest, "agentid="); ok {
		typ, _, _ := strings.Cut(id, "/")
		target = h.types[typ]
	} else if id, ok := strings.CutPrefix(dest, "clientid="); ok {
		target = id
	}
	c := h.controls[target]
	h.mu.Unlock()
	if c == nil {
		return
	}
	c.out.put(m, func() {})
}
