package host

import (
	"errors"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

func control(text string) *protos.ControlMessage {
	return &protos.ControlMessage{RpcId: text}
}

// TestOutbox: messages are written in order; a message always fits an
// empty outbox; one that would pass the bound overflows it for good.
func TestOutbox(t *testing.T) {
	m := control("0123456789") // 12 bytes on the wire
	n := proto.Size(m)
	o := newOutbox[*protos.ControlMessage](2*n + 1)
	var order []string
	for _, id := range []string{"a", "b"} {
		if !o.put(control(id+"123456789"), func() { order = append(order, id) }) {
			t.Fatalf("%s refused", id)
		}
	}
	var sent []string
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		o.run(func(m *protos.ControlMessage) error {
			sent = append(sent, m.GetRpcId()[:1])
			if len(sent) == 2 {
				close(stop)
			}
			return nil
		}, stop)
	}()
	<-done
	if len(order) != 2 || order[0] != "a" || sent[0] != "a" || sent[1] != "b" {
		t.Fatalf("queued %v, sent %v", order, sent)
	}
	big := control(string(make([]byte, 10*n)))
	if !o.put(big, func() {}) {
		t.Fatal("a message larger than the bound was refused by an empty outbox")
	}
	if o.put(m, func() { t.Error("an overflowing message was recorded") }) {
		t.Fatal("a message past the bound was queued")
	}
	select {
	case <-o.overflow:
	default:
		t.Fatal("overflow not signalled")
	}
	if o.put(control(""), func() {}) {
		t.Error("an overflowed outbox took a message")
	}
	o.run(func(*protos.ControlMessage) error { return errors.New("not reached") }, make(chan struct{}))
}
