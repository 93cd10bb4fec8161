package host

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"strconv"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/agentschema/agentschema/pkg/distributed/protos"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// DefaultMaxMessageSize is the largest protocol message the host accepts
// or sends unless WithMaxMessageSize says otherwise (gRPC's default).
const DefaultMaxMessageSize = 4 << 20

// Option configures New.
type Option func(*Host)

// WithTLS serves with TLS (default: plaintext, as AutoGen's host).
func WithTLS(c *tls.Config) Option { return func(h *Host) { h.tls = c } }

// WithMaxMessageSize limits the size of one protocol message, in bytes;
// gRPC refuses a larger one with RESOURCE_EXHAUSTED.
func WithMaxMessageSize(n int) Option { return func(h *Host) { h.maxSize = n } }

// WithMaxQueue limits the bytes of messages the host keeps queued for one
// worker's channel (DefaultMaxQueue unless set). Messages for a worker are
// queued, so that routing never waits for a worker to read; a worker that
// does not read them and would pass the limit has its channel ended with
// RESOURCE_EXHAUSTED (its registrations go, as when it disconnects).
func WithMaxQueue(n int) Option { return func(h *Host) { h.maxQueue = n } }

// WithTranscript writes the wire log (host.py's format) to t.
func WithTranscript(t *Transcript) Option { return func(h *Host) { h.log = t } }

// Host routes messages between workers as AutoGen's
// GrpcWorkerAgentRuntimeHost does: it implements the AgentRpc service.
// Its zero value is not usable: call New.
type Host struct {
	protos.UnimplementedAgentRpcServer

	tls      *tls.Config
	maxSize  int
	maxQueue int
	log      *Transcript

	stopping chan struct{}
	stopOnce sync.Once

	mu       sync.Mutex
	clients  map[string]*client
	types    map[string]string // agent type -> client id
	subs     []worker.Subscription
	owner    map[string]string // subscription id -> client id
	pending  map[pendingKey]pendingCall
	controls map[string]*controlClient
	opening  map[string]*opening // client id -> registrations waiting for its channel
	seq      uint64
}

type client struct {
	id  string
	out *outbox[*protos.Message]
}

// pendingKey is what a response carries: the responding client and the
// request id it was given.
type pendingKey struct{ target, id string }

// pendingCall is whom a response goes back to, with the id the caller
// chose.
type pendingCall struct{ caller, id string }

// New makes a host.
func New(opts ...Option) *Host {
	h := &Host{maxSize: DefaultMaxMessageSize, maxQueue: DefaultMaxQueue, stopping: make(chan struct{}), clients: map[string]*client{},
		types: map[string]string{}, owner: map[string]string{}, pending: map[pendingKey]pendingCall{}}
	for _, o := range opts {
		o(h)
	}
	return h
}

// ServerOptions are the gRPC server options the host's settings imply
// (TLS, message size limits), for a server made by the caller.
func (h *Host) ServerOptions() []grpc.ServerOption {
	out := []grpc.ServerOption{grpc.MaxRecvMsgSize(h.maxSize), grpc.MaxSendMsgSize(h.maxSize)}
	if h.tls != nil {
		out = append(out, grpc.Creds(credentials.NewTLS(h.tls)))
	}
	return out
}

// Serve serves the host on lis until ctx is done, then stops gracefully:
// it refuses new calls, ends every worker's channel (each worker sees its
// channel close) and returns once the open calls have ended, or after
// grace at most.
func (h *Host) Serve(ctx context.Context, lis net.Listener, grace time.Duration) error {
	srv := grpc.NewServer(h.ServerOptions()...)
	protos.RegisterAgentRpcServer(srv, h)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(lis) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	h.Stop()
	stopped := make(chan struct{})
	go func() {
		srv.GracefulStop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(grace):
		srv.Stop()
		<-stopped
	}
	if err := <-errc; err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return err
	}
	return nil
}

// Stop ends every open channel; a host stopped this way refuses new ones.
func (h *Host) Stop() { h.stopOnce.Do(func() { close(h.stopping) }) }

// clientID reads the client-id metadata, failing as AutoGen's host does.
func clientID(ctx context.Context) (string, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	if v := md.Get("client-id"); len(v) > 0 {
		return v[0], nil
	}
	return "", status.Error(codes.InvalidArgument, "client-id metadata not found.")
}

func (h *Host) isStopping() bool {
	select {
	case <-h.stopping:
		return true
	default:
		return false
	}
}

// OpenChannel is a worker's data channel: the host reads its messages and
// routes them, and writes it the messages routed to it.
func (h *Host) OpenChannel(stream protos.AgentRpc_OpenChannelServer) error {
	cid, err := clientID(stream.Context())
	if err != nil {
		return err
	}
	if h.isStopping() {
		return status.Error(codes.Unavailable, "the host is stopping")
	}
	c := &client{id: cid, out: newOutbox[*protos.Message](h.maxQueue)}
	md, _ := metadata.FromIncomingContext(stream.Context())
	h.mu.Lock()
	// Logged with the channel's arrival, so that a registration waiting
	// for it (awaitChannel) is logged after.
	h.log.open(cid, md)
	h.clients[cid] = c
	if o := h.opening[cid]; o != nil {
		close(o.ch)
		delete(h.opening, cid)
	}
	h.mu.Unlock()
	_ = stream.SendHeader(metadata.MD{})
	// The writer is not waited for: it may be blocked writing to a worker
	// that does not read, and only the end of this call ends that write.
	stop := make(chan struct{})
	defer close(stop)
	go c.out.run(stream.Send, stop)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			m, err := stream.Recv()
			if err != nil {
				return
			}
			h.log.message("recv", cid, m)
			h.route(c, m)
		}
	}()
	var end error
	select {
	case <-done:
	case <-h.stopping:
	case <-stream.Context().Done():
	case <-c.out.overflow:
		end = h.overflowed("channel", cid)
	}
	h.disconnect(c)
	h.log.close(cid)
	return end
}

// channelWait is how long a worker's registration waits for the worker's
// data channel to be open (see awaitChannel).
const channelWait = 2 * time.Second

// opening is the registrations waiting for one worker's channel: ch closes
// when it opens; n is how many wait.
type opening struct {
	ch chan struct{}
	n  int
}

// awaitChannel waits until the data channel of worker cid is open, for at
// most channelWait (or until ctx ends, or the host stops). A worker opens
// its channel before it registers anything, but the call that opens it
// (a stream) and a registration (a unary call) are served by goroutines in
// no set order: a registration served first would make the worker's agent
// type known while the host has no channel to send to, and a message
// routed then would be lost (AutoGen's host has the same race). A worker
// that never opens a channel is registered after the wait, as AutoGen
// registers it.
func (h *Host) awaitChannel(ctx context.Context, cid string) {
	h.mu.Lock()
	if h.clients[cid] != nil {
		h.mu.Unlock()
		return
	}
	if h.opening == nil {
		h.opening = map[string]*opening{}
	}
	o := h.opening[cid]
	if o == nil {
		o = &opening{ch: make(chan struct{})}
		h.opening[cid] = o
	}
	o.n++
	h.mu.Unlock()
	t := time.NewTimer(channelWait)
	defer t.Stop()
	select {
	case <-o.ch:
	case <-ctx.Done():
	case <-t.C:
	case <-h.stopping:
	}
	h.mu.Lock()
	if o.n--; o.n == 0 && h.opening[cid] == o {
		delete(h.opening, cid)
	}
	h.mu.Unlock()
}

// send queues m for c, in order with the transcript; a worker whose queue
// overflowed gets nothing more.
func (h *Host) send(c *client, m *protos.Message) {
	c.out.put(m, func() { h.log.message("send", c.id, m) })
}

func errResponse(id, text string) *protos.Message {
	return &protos.Message{Message: &protos.Message_Response{Response: &protos.RpcResponse{RequestId: id, Error: text}}}
}

type statusText struct{ code, details string }

// statusOf gives a failed call's status as host.py logs it: the numeric
// code and the details.
func statusOf(err error) (statusText, bool) {
	s, ok := status.FromError(err)
	return statusText{strconv.Itoa(int(s.Code())), s.Message()}, ok
}
