package host

import (
	"strings"
	"sync"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

type controlClient struct {
	mu     sync.Mutex
	stream protos.AgentRpc_OpenControlChannelServer
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
	c := &controlClient{stream: stream}
	h.mu.Lock()
	if h.controls == nil {
		h.controls = map[string]*controlClient{}
	}
	h.controls[cid] = c
	h.mu.Unlock()
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
	select {
	case <-done:
	case <-h.stopping:
	case <-stream.Context().Done():
	}
	h.mu.Lock()
	if h.controls[cid] == c {
		delete(h.controls, cid)
	}
	h.mu.Unlock()
	return nil
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
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.stream.Send(m)
}
