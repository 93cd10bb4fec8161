package worker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/distributed/protos"
)

// Runtime is a worker of AutoGen's distributed agent runtime (AutoGen's
// GrpcWorkerAgentRuntime): one data channel to a host, the agent types it
// registered and their instances, its subscriptions and its pending direct
// messages. Its methods are safe for concurrent use.
type Runtime struct {
	opts     options
	conn     *grpc.ClientConn
	client   protos.AgentRpcClient
	idMu     sync.Mutex
	clientID string
	fixedID  bool
	reg      *registry

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	done   chan struct{}
	err    error

	sendMu sync.Mutex
	stream protos.AgentRpc_OpenChannelClient
	// streamCancel ends a reopened stream's context (the first lives as
	// long as the runtime).
	streamCancel context.CancelFunc

	mu        sync.Mutex
	connected bool
	closed    bool
	pending   map[string]chan *protos.RpcResponse
	factories map[string]Factory
	types     []string
	agents    map[AgentID]*instance
	subs      []Subscription
}

// Dial connects a worker to the host at address (HOST:PORT) and opens its
// data channel with the client-id metadata. Close releases it.
func Dial(ctx context.Context, address string, opts ...Option) (*Runtime, error) {
	o := defaults()
	for _, f := range opts {
		f(&o)
	}
	fixedID := o.clientID != ""
	if !fixedID {
		o.clientID = uuid.NewString()
	}
	conn, err := grpc.NewClient(address, o.dialOptions()...)
	if err != nil {
		return nil, err
	}
	r := &Runtime{opts: o, conn: conn, client: protos.NewAgentRpcClient(conn), clientID: o.clientID,
		fixedID: fixedID, reg: newRegistry(), done: make(chan struct{}), pending: map[string]chan *protos.RpcResponse{},
		factories: map[string]Factory{}, agents: map[AgentID]*instance{}}
	r.reg.add(o.serializers...)
	r.ctx, r.cancel = context.WithCancel(context.Background())
	stream, err := r.open(ctx)
	if err != nil {
		r.cancel()
		conn.Close()
		return nil, err
	}
	r.stream, r.connected = stream, true
	r.wg.Add(1)
	go r.loop(stream)
	return r, nil
}

// ClientID is the client-id this runtime sends. A runtime that reconnects
// takes a new one (unless WithClientID fixed it), so that the host cannot
// confuse the new channel with the old one it may not have dropped yet.
func (r *Runtime) ClientID() string {
	r.idMu.Lock()
	defer r.idMu.Unlock()
	return r.clientID
}

// Client is the raw protocol client of the connection; calls need
// OutgoingContext for the client-id.
func (r *Runtime) Client() protos.AgentRpcClient { return r.client }

// OutgoingContext adds the runtime's client-id metadata to ctx.
func (r *Runtime) OutgoingContext(ctx context.Context) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "client-id", r.ClientID())
}

// AddSerializers registers serializers of message types (AutoGen's
// add_message_serializer): a runtime sends and reads only the types it has
// serializers for (others arrive as UnknownPayload).
func (r *Runtime) AddSerializers(s ...*Serializer) { r.reg.add(s...) }

// Done is closed when the runtime has stopped: after Close, or when its
// channel broke and it does not reconnect.
func (r *Runtime) Done() <-chan struct{} { return r.done }

// Err says why the runtime stopped (nil while it runs, ErrClosed after
// Close).
func (r *Runtime) Err() error {
	select {
	case <-r.done:
		return r.err
	default:
		return nil
	}
}

// open opens the data channel; the stream lives as long as the runtime.
func (r *Runtime) open(ctx context.Context) (protos.AgentRpc_OpenChannelClient, error) {
	sctx := r.OutgoingContext(r.ctx)
	type res struct {
		s   protos.AgentRpc_OpenChannelClient
		err error
	}
	ch := make(chan res, 1)
	go func() {
		s, err := r.client.OpenChannel(sctx, grpc.WaitForReady(true))
		ch <- res{s, err}
	}()
	select {
	case x := <-ch:
		return x.s, x.err
	case <-ctx.Done():
		r.cancel()
		<-ch
		return nil, ctx.Err()
	}
}

// loop reads the channel until the runtime stops, reconnecting if allowed.
func (r *Runtime) loop(stream protos.AgentRpc_OpenChannelClient) {
	defer r.wg.Done()
	for {
		m, err := stream.Recv()
		if err == nil {
			r.dispatch(m)
			continue
		}
		r.disconnected()
		if r.ctx.Err() != nil || r.isClosed() {
			r.stop(ErrClosed)
			return
		}
		if !r.opts.reconnect {
			r.stop(fmt.Errorf("channel to the host closed: %w", err))
			return
		}
		if stream = r.reconnect(); stream == nil {
			r.stop(ErrClosed)
			return
		}
	}
}

func (r *Runtime) stop(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case <-r.done:
	default:
		r.err = err
		close(r.done)
	}
}

// disconnected fails every pending direct message.
func (r *Runtime) disconnected() {
	r.mu.Lock()
	r.connected = false
	pending := r.pending
	r.pending = map[string]chan *protos.RpcResponse{}
	r.mu.Unlock()
	for _, ch := range pending {
		close(ch)
	}
}

// reconnect reopens the channel with backoff and registers the agent types
// and subscriptions again; nil when the runtime was closed meanwhile.
func (r *Runtime) reconnect() protos.AgentRpc_OpenChannelClient {
	wait := 10 * time.Millisecond
	for {
		select {
		case <-r.ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(wait*2, 5*time.Second)
		if !r.fixedID {
			r.idMu.Lock()
			r.clientID = uuid.NewString()
			r.idMu.Unlock()
		}
		sctx, scancel := context.WithCancel(r.OutgoingContext(r.ctx))
		stream, err := r.client.OpenChannel(sctx)
		if err == nil {
			err = r.restore()
		}
		if err != nil {
			scancel()
			continue
		}
		r.sendMu.Lock()
		r.stream = stream
		if r.streamCancel != nil {
			r.streamCancel() // the broken stream's
		}
		r.streamCancel = scancel
		r.sendMu.Unlock()
		r.mu.Lock()
		r.connected = true
		r.mu.Unlock()
		return stream
	}
}

func (r *Runtime) restore() error {
	r.mu.Lock()
	types, subs := append([]string(nil), r.types...), append([]Subscription(nil), r.subs...)
	r.mu.Unlock()
	ctx := r.OutgoingContext(r.ctx)
	for _, t := range types {
		_, err := r.client.RegisterAgent(ctx, &protos.RegisterAgentTypeRequest{Type: t})
		if err != nil && !strings.HasSuffix(status.Convert(err).Message(), " "+r.ClientID()+".") {
			return err // not the host still holding this worker's old registration
		}
	}
	for _, s := range subs {
		_, err := r.client.AddSubscription(ctx, &protos.AddSubscriptionRequest{Subscription: s.ToProto()})
		if err != nil && status.Convert(err).Message() != "Subscription already exists" {
			return err // not the host still holding this worker's subscription
		}
	}
	return nil
}

func (r *Runtime) isClosed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.closed
}

// Close stops the runtime: it closes the channel (the host drops the
// worker's agent types and subscriptions), fails pending direct messages,
// cancels running handlers' contexts and waits for them to return.
func (r *Runtime) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	r.mu.Unlock()
	// Cancel first: a write blocked because the host reads nothing holds
	// sendMu until the channel's context ends.
	r.cancel()
	r.sendMu.Lock()
	if r.stream != nil {
		_ = r.stream.CloseSend()
	}
	r.sendMu.Unlock()
	r.wg.Wait()
	r.stop(ErrClosed)
	return r.conn.Close()
}

// write sends one message on the channel, refusing one over the size
// limit.
func (r *Runtime) write(m *protos.Message) error {
	if n := proto.Size(m); n > r.opts.maxSize {
		return &agentschema.LimitError{Limit: "message_size", Max: int64(r.opts.maxSize)}
	}
	r.mu.Lock()
	closed, connected := r.closed, r.connected
	r.mu.Unlock()
	if closed {
		return ErrClosed
	}
	if !connected {
		return ErrDisconnected
	}
	r.sendMu.Lock()
	defer r.sendMu.Unlock()
	if err := r.stream.Send(m); err != nil {
		return errors.Join(ErrDisconnected, err)
	}
	return nil
}
