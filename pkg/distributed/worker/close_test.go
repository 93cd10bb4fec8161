package worker_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// deafHost opens channels and never reads them.
type deafHost struct {
	protos.UnimplementedAgentRpcServer
}

func (deafHost) OpenChannel(s protos.AgentRpc_OpenChannelServer) error {
	_ = s.SendHeader(metadata.MD{})
	<-s.Context().Done()
	return nil
}

type Note struct {
	Text string `json:"text"`
}

// TestCloseWhileAWriteIsBlocked: Close returns, and the blocked Publish
// with it, when the host reads nothing of the channel (a write waits for
// HTTP/2 flow control until the channel's context ends).
func TestCloseWhileAWriteIsBlocked(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	protos.RegisterAgentRpcServer(srv, deafHost{})
	go srv.Serve(lis)
	defer srv.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rt, err := worker.Dial(ctx, lis.Addr().String(), worker.WithSerializers(worker.JSON[Note]("Note")))
	if err != nil {
		t.Fatal(err)
	}
	published := make(chan error, 1)
	go func() {
		big := Note{strings.Repeat("x", 1<<20)}
		for {
			if err := rt.Publish(context.Background(), big, worker.TopicID{Type: "t", Source: "s"}, nil); err != nil {
				published <- err
				return
			}
		}
	}()
	select {
	case err := <-published:
		t.Fatalf("a publish failed before the channel filled: %v", err)
	case <-time.After(300 * time.Millisecond): // the channel's window is full by now
	}
	closed := make(chan error, 1)
	go func() { closed <- rt.Close() }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close waited for a write the host never reads")
	}
	select {
	case err := <-published:
		if err == nil {
			t.Error("the blocked publish returned no error")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the blocked publish did not return after Close")
	}
}
