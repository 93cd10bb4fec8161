package host_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/agentschema/agentschema/pkg/distributed/host"
	"github.com/agentschema/agentschema/pkg/distributed/protos"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// stalledWorker opens a channel as client-id id, registers agent type
// typ subscribed to topic, and never reads what the host sends it.
func stalledWorker(t *testing.T, addr, id, typ, topic string) protos.AgentRpc_OpenChannelClient {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	raw := protos.NewAgentRpcClient(conn)
	ctx := metadata.AppendToOutgoingContext(context.Background(), "client-id", id)
	ch, err := raw.OpenChannel(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ch.Header(); err != nil { // the host has the channel
		t.Fatal(err)
	}
	if _, err := raw.RegisterAgent(ctx, &protos.RegisterAgentTypeRequest{Type: typ}); err != nil {
		t.Fatal(err)
	}
	sub := &protos.Subscription{Id: id + "-sub", Subscription: &protos.Subscription_TypeSubscription{
		TypeSubscription: &protos.TypeSubscription{TopicType: topic, AgentType: typ}}}
	if _, err := raw.AddSubscription(ctx, &protos.AddSubscriptionRequest{Subscription: sub}); err != nil {
		t.Fatal(err)
	}
	return ch
}

// TestStalledWorkerDoesNotStallOthers: a worker that stops reading its
// channel (hung, or hostile) holds up no one else. AutoGen's host queues
// what each worker is sent, so a publisher never waits for a reader; this
// host does too, and its queue for one worker is bounded.
func TestStalledWorkerDoesNotStallOthers(t *testing.T) {
	addr, _ := serve(t, "")
	ctx := context.Background()
	stalledWorker(t, addr, "stalled", "sink", "flood")
	a := dial(t, addr)
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	pub := dial(t, addr)
	// 32 MB published to the stalled worker: far more than HTTP/2's flow
	// control lets the host write to a reader that does not read.
	big := Ping{Text: strings.Repeat("x", 1<<20)}
	done := make(chan error, 1)
	go func() {
		for range 32 {
			if err := pub.Publish(ctx, big, worker.TopicID{Type: "flood", Source: "s"}, nil); err != nil {
				done <- err
				return
			}
		}
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		got, err := pub.Send(sctx, Ping{"after", 1}, worker.AgentID{Type: "echo", Key: "k"}, nil)
		if err == nil && got != (Pong{"echo:after", 2, "echo/k"}) {
			t.Errorf("got %v", got)
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("a call after the flood: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a worker that does not read stalled the others")
	}
}

// TestStalledWorkerDropped: a worker whose queue would pass WithMaxQueue
// has its channel ended with RESOURCE_EXHAUSTED (what was queued for it and
// not yet written is lost with the channel), and its agent type goes with
// it; the others go on.
func TestStalledWorkerDropped(t *testing.T) {
	checkGoroutines(t)
	addr, _ := serve(t, "", host.WithMaxQueue(4<<20))
	ctx := context.Background()
	stalled := stalledWorker(t, addr, "stalled", "sink", "flood")
	pub := dial(t, addr)
	big := Ping{Text: strings.Repeat("x", 1<<20)}
	for range 24 {
		if err := pub.Publish(ctx, big, worker.TopicID{Type: "flood", Source: "s"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	got := 0
	var err error
	for {
		var m *protos.Message
		if m, err = stalled.Recv(); err != nil {
			break
		}
		if m.GetCloudEvent() != nil {
			got++
		}
	}
	want := "the host ended the channel of client stalled: it did not read the messages sent to it, and they passed the limit of 4194304 bytes queued"
	if s := status.Convert(err); s.Code() != codes.ResourceExhausted || s.Message() != want {
		t.Fatalf("the stalled channel ended with %v", err)
	}
	if got >= 24 {
		t.Errorf("the stalled worker read all %d events: its queue never passed the limit", got)
	}
	var re *worker.RemoteError
	_, err = pub.Send(ctx, Ping{"x", 0}, worker.AgentID{Type: "sink", Key: "k"}, nil)
	if !errors.As(err, &re) || re.Message != "Agent sink not found, failed to deliver message." {
		t.Errorf("a message to the dropped worker's type: %v", err)
	}
}

// TestRegistrationWaitsForTheChannel: a registration served before the
// worker's channel (the two calls race at the host) takes effect once the
// channel is open, so nothing routed to the worker in between is lost; a
// worker that opens no channel is still registered, after a wait, as
// AutoGen's host registers it.
func TestRegistrationWaitsForTheChannel(t *testing.T) {
	addr, _ := serve(t, "")
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	raw := protos.NewAgentRpcClient(conn)
	ctx := metadata.AppendToOutgoingContext(context.Background(), "client-id", "late")
	opened := make(chan protos.AgentRpc_OpenChannelClient, 1)
	go func() {
		time.Sleep(300 * time.Millisecond) // the channel comes after the registration
		ch, err := raw.OpenChannel(ctx)
		if err != nil {
			t.Error(err)
		}
		opened <- ch
	}()
	if _, err := raw.RegisterAgent(ctx, &protos.RegisterAgentTypeRequest{Type: "late"}); err != nil {
		t.Fatal(err)
	}
	sub := &protos.Subscription{Id: "late-sub", Subscription: &protos.Subscription_TypeSubscription{
		TypeSubscription: &protos.TypeSubscription{TopicType: "news", AgentType: "late"}}}
	if _, err := raw.AddSubscription(ctx, &protos.AddSubscriptionRequest{Subscription: sub}); err != nil {
		t.Fatal(err)
	}
	pub := dial(t, addr)
	if err := pub.Publish(context.Background(), Ping{"hi", 1}, worker.TopicID{Type: "news", Source: "s"}, nil); err != nil {
		t.Fatal(err)
	}
	ch := <-opened
	got := make(chan *protos.Message, 1)
	go func() {
		m, _ := ch.Recv()
		got <- m
	}()
	select {
	case m := <-got:
		if m.GetCloudEvent().GetType() != "news" {
			t.Errorf("the late worker got %v", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the event published after the registration was lost")
	}

	start := time.Now()
	nctx := metadata.AppendToOutgoingContext(context.Background(), "client-id", "no-channel")
	if _, err := raw.RegisterAgent(nctx, &protos.RegisterAgentTypeRequest{Type: "lonely"}); err != nil {
		t.Fatalf("a worker without a channel: %v", err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("a worker without a channel was registered after %v, without waiting for its channel", d)
	}
}
