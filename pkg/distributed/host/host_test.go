package host_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"math/big"
	"net"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/distributed/host"
	"github.com/agentschema/agentschema/pkg/distributed/protos"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

type Ping struct {
	Text string `json:"text"`
	N    int    `json:"n"`
}

type Pong struct {
	Text  string `json:"text"`
	N     int    `json:"n"`
	Agent string `json:"agent"`
}

var serializers = []*worker.Serializer{worker.JSON[Ping]("Ping"), worker.JSON[Pong]("Pong")}

// serve runs a host on addr ("" for a free port) until stop.
func serve(t testing.TB, addr string, opts ...host.Option) (string, func()) {
	t.Helper()
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var lis net.Listener
	var err error
	for i := 0; i < 50; i++ { // a restarted host may wait for its port
		if lis, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- host.New(opts...).Serve(ctx, lis, time.Second) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("host: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return lis.Addr().String(), stop
}

func dial(t *testing.T, addr string, opts ...worker.Option) *worker.Runtime {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rt, err := worker.Dial(ctx, addr, append([]worker.Option{worker.WithSerializers(serializers...)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt
}

func echo(_ context.Context, msg any, mc worker.MessageContext) (any, error) {
	p, ok := msg.(Ping)
	if !ok {
		return nil, fmt.Errorf("unexpected %T", msg)
	}
	return Pong{Text: "echo:" + p.Text, N: p.N + 1, Agent: mc.Self.String()}, nil
}

func factory(f worker.AgentFunc) worker.Factory {
	return func(worker.AgentID) (worker.Agent, error) { return f, nil }
}

// checkGoroutines fails when, after the test's cleanups, more goroutines
// run than before it.
func checkGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			t.Errorf("%d goroutines left (before: %d):\n%s", n, before, buf[:runtime.Stack(buf, true)])
		}
	})
}

func TestSendThroughHost(t *testing.T) {
	addr, _ := serve(t, "")
	a, b := dial(t, addr), dial(t, addr)
	ctx := context.Background()
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		msg  any
		to   worker.AgentID
		want any
		err  string
	}{
		{"reply", Ping{"hi", 1}, worker.AgentID{Type: "echo", Key: "k1"}, Pong{"echo:hi", 2, "echo/k1"}, ""},
		{"same worker", Ping{"me", 2}, worker.AgentID{Type: "echo", Key: "k2"}, Pong{"echo:me", 3, "echo/k2"}, ""},
		{"unknown type", Ping{"x", 0}, worker.AgentID{Type: "nobody", Key: "k"}, nil, "Agent nobody not found, failed to deliver message."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			from := b
			if tc.name == "same worker" {
				from = a
			}
			got, err := from.Send(ctx, tc.msg, tc.to, nil)
			if tc.err != "" {
				var re *worker.RemoteError
				if !errors.As(err, &re) || re.Message != tc.err {
					t.Fatalf("error %v, want RemoteError %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

func TestAutoGenErrorTexts(t *testing.T) {
	addr, _ := serve(t, "")
	a, b := dial(t, addr), dial(t, addr)
	ctx := context.Background()
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	err := b.Register(ctx, "echo", factory(echo))
	want := "Agent type echo already registered with client " + a.ClientID() + "."
	if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != want {
		t.Errorf("duplicate registration: %v, want INVALID_ARGUMENT %q", err, want)
	}
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	raw := protos.NewAgentRpcClient(conn)
	_, err = raw.RegisterAgent(ctx, &protos.RegisterAgentTypeRequest{Type: "x"})
	if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != "client-id metadata not found." {
		t.Errorf("no client-id: %v", err)
	}
	stream, err := raw.OpenChannel(ctx)
	if err == nil {
		_, err = stream.Recv()
	}
	if s := status.Convert(err); s.Code() != codes.InvalidArgument || s.Message() != "client-id metadata not found." {
		t.Errorf("channel without client-id: %v", err)
	}
}

// TestNoRequestIDCollision sends two requests with the same id from two
// callers at once: AutoGen's host would cross them; each caller must get
// its own reply with its own id.
func TestNoRequestIDCollision(t *testing.T) {
	addr, _ := serve(t, "")
	target := dial(t, addr)
	ctx := context.Background()
	release := make(chan struct{})
	slow := func(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
		<-release
		return echo(ctx, msg, mc)
	}
	if err := target.Register(ctx, "slow", factory(slow)); err != nil {
		t.Fatal(err)
	}
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	raw := protos.NewAgentRpcClient(conn)
	var streams []protos.AgentRpc_OpenChannelClient
	for i, text := range []string{"first", "second"} {
		sctx := metadata.AppendToOutgoingContext(ctx, "client-id", fmt.Sprintf("caller-%d", i))
		s, err := raw.OpenChannel(sctx)
		if err != nil {
			t.Fatal(err)
		}
		data := fmt.Sprintf(`{"text": %q, "n": 0}`, text)
		req := &protos.RpcRequest{RequestId: "1", Target: &protos.AgentId{Type: "slow", Key: "k"},
			Payload: &protos.Payload{DataType: "Ping", DataContentType: worker.JSONContentType, Data: []byte(data)}}
		if err := s.Send(&protos.Message{Message: &protos.Message_Request{Request: req}}); err != nil {
			t.Fatal(err)
		}
		streams = append(streams, s)
	}
	time.Sleep(100 * time.Millisecond)
	close(release)
	for i, want := range []string{"echo:first", "echo:second"} {
		m, err := streams[i].Recv()
		if err != nil {
			t.Fatal(err)
		}
		resp := m.GetResponse()
		if resp.GetRequestId() != "1" || !strings.Contains(string(resp.GetPayload().GetData()), want) {
			t.Errorf("caller %d got %v, want request id 1 and %s", i, resp, want)
		}
		streams[i].CloseSend()
	}
}

func TestPublishFanOut(t *testing.T) {
	addr, _ := serve(t, "")
	ctx := context.Background()
	got := make(chan string, 8)
	listener := func(_ context.Context, msg any, mc worker.MessageContext) (any, error) {
		got <- fmt.Sprintf("%s got %v from %v on %s", mc.Self, msg, *mc.Sender, mc.Topic)
		return nil, nil
	}
	var rts []*worker.Runtime
	for i, typ := range []string{"a", "b", "c"} {
		rt := dial(t, addr)
		if err := rt.Register(ctx, typ, factory(listener), worker.TypePrefixSubscription("news.", typ)); err != nil {
			t.Fatal(i, err)
		}
		rts = append(rts, rt)
	}
	// c/s1 publishes: a and b hear it, c (the sender) does not.
	if err := rts[2].Publish(ctx, Ping{"n", 1}, worker.TopicID{Type: "news.x", Source: "s1"}, &worker.AgentID{Type: "c", Key: "s1"}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 2 {
		select {
		case s := <-got:
			seen[s] = true
		case <-time.After(5 * time.Second):
			t.Fatal("a subscriber did not get the event")
		}
	}
	for _, want := range []string{"a/s1 got {n 1} from c/s1 on news.x/s1", "b/s1 got {n 1} from c/s1 on news.x/s1"} {
		if !seen[want] {
			t.Errorf("missing %q in %v", want, seen)
		}
	}
	select {
	case s := <-got:
		t.Errorf("the sender heard its own event: %s", s)
	case <-time.After(200 * time.Millisecond):
	}
}

func TestHandlerPanicIsAnErrorResponse(t *testing.T) {
	addr, _ := serve(t, "")
	a, b := dial(t, addr), dial(t, addr)
	ctx := context.Background()
	boom := func(ctx context.Context, msg any, mc worker.MessageContext) (any, error) {
		if msg.(Ping).Text == "panic" {
			panic("kaboom")
		}
		return echo(ctx, msg, mc)
	}
	if err := a.Register(ctx, "boom", factory(boom)); err != nil {
		t.Fatal(err)
	}
	_, err := b.Send(ctx, Ping{"panic", 0}, worker.AgentID{Type: "boom", Key: "k"}, nil)
	var re *worker.RemoteError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "kaboom") {
		t.Fatalf("got %v, want a RemoteError about the panic", err)
	}
	got, err := b.Send(ctx, Ping{"after", 0}, worker.AgentID{Type: "boom", Key: "k"}, nil)
	if err != nil || got != (Pong{"echo:after", 1, "boom/k"}) {
		t.Fatalf("after the panic: %v, %v", got, err)
	}
}

func TestThousandConcurrentRequests(t *testing.T) {
	addr, _ := serve(t, "")
	a, b := dial(t, addr), dial(t, addr)
	ctx := context.Background()
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for i := range 1000 {
		wg.Go(func() {
			key := fmt.Sprint(i % 17)
			got, err := b.Send(ctx, Ping{fmt.Sprint(i), i}, worker.AgentID{Type: "echo", Key: key}, nil)
			if want := (Pong{fmt.Sprint("echo:", i), i + 1, "echo/" + key}); err != nil || got != want {
				errs <- fmt.Errorf("request %d: %v, %v; want %v", i, got, err, want)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestOversizedMessagesRefused(t *testing.T) {
	const limit = 64 << 10
	addr, _ := serve(t, "", host.WithMaxMessageSize(limit))
	ctx := context.Background()
	a := dial(t, addr)
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	small := dial(t, addr, worker.WithMaxMessageSize(limit))
	big := Ping{strings.Repeat("x", limit), 0}
	_, err := small.Send(ctx, big, worker.AgentID{Type: "echo", Key: "k"}, nil)
	var le *agentschema.LimitError
	if !errors.As(err, &le) || le.Limit != "message_size" || le.Max != limit {
		t.Errorf("worker limit: %v, want a LimitError", err)
	}
	if got, err := small.Send(ctx, Ping{"ok", 0}, worker.AgentID{Type: "echo", Key: "k"}, nil); err != nil || got.(Pong).Text != "echo:ok" {
		t.Errorf("after the refusal: %v, %v", got, err)
	}
	// The host refuses what a worker with a larger limit sends.
	_, err = a.Client().RegisterAgent(a.OutgoingContext(ctx), &protos.RegisterAgentTypeRequest{Type: big.Text})
	if status.Code(err) != codes.ResourceExhausted {
		t.Errorf("host limit: %v, want RESOURCE_EXHAUSTED", err)
	}
}

func TestWorkerWhoseHostGoesAway(t *testing.T) {
	checkGoroutines(t)
	addr, stop := serve(t, "")
	ctx := context.Background()
	rt, err := worker.Dial(ctx, addr, worker.WithSerializers(serializers...), worker.WithReconnect(false))
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	stop()
	select {
	case <-rt.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the worker did not notice its host went away")
	}
	if rt.Err() == nil || errors.Is(rt.Err(), worker.ErrClosed) {
		t.Errorf("Err = %v, want why the channel closed", rt.Err())
	}
	if _, err := rt.Send(ctx, Ping{}, worker.AgentID{Type: "echo", Key: "k"}, nil); err == nil {
		t.Error("Send after the host went away succeeded")
	}
	if err := rt.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

func TestWorkerReconnects(t *testing.T) {
	checkGoroutines(t)
	addr, stop := serve(t, "")
	ctx := context.Background()
	a := dial(t, addr)
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	stop()
	_, stop2 := serve(t, addr)
	defer stop2()
	b := dial(t, addr)
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := b.Send(ctx, Ping{"back", 0}, worker.AgentID{Type: "echo", Key: "k"}, nil)
		if err == nil && got == (Pong{"echo:back", 1, "echo/k"}) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not come back: %v, %v", got, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.Close()
	b.Close()
}

func TestControlChannelRelay(t *testing.T) {
	addr, _ := serve(t, "")
	a := dial(t, addr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	open := func(rt *worker.Runtime) protos.AgentRpc_OpenControlChannelClient {
		s, err := rt.Client().OpenControlChannel(rt.OutgoingContext(ctx))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	b := dial(t, addr)
	ca, cb := open(a), open(b)
	time.Sleep(50 * time.Millisecond) // both channels open at the host
	tests := []struct{ dest string }{{"agentid=echo/k1"}, {"clientid=" + a.ClientID()}}
	for i, tc := range tests {
		if err := cb.Send(&protos.ControlMessage{RpcId: fmt.Sprint(i), Destination: tc.dest}); err != nil {
			t.Fatal(err)
		}
		m, err := ca.Recv()
		if err != nil || m.GetRpcId() != fmt.Sprint(i) || m.GetDestination() != tc.dest {
			t.Errorf("%s: got %v, %v", tc.dest, m, err)
		}
	}
}

func TestTLS(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	addr, _ := serve(t, "", host.WithTLS(&tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}))
	a := dial(t, addr, worker.WithTLS(&tls.Config{RootCAs: pool}))
	ctx := context.Background()
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		t.Fatal(err)
	}
	got, err := a.Send(ctx, Ping{"tls", 0}, worker.AgentID{Type: "echo", Key: "k"}, nil)
	if err != nil || got != (Pong{"echo:tls", 1, "echo/k"}) {
		t.Fatalf("over TLS: %v, %v", got, err)
	}
	// A plaintext worker cannot reach a TLS host.
	dctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if rt, err := worker.Dial(dctx, addr); err == nil {
		err = rt.Register(dctx, "plain", factory(echo))
		rt.Close()
		if err == nil {
			t.Error("a plaintext worker registered with a TLS host")
		}
	}
}
