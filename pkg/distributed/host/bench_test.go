package host_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

// The scenario of BENCHMARKS.md's "Distributed runtime", the same as
// bench/distributed/autogen_grpc.py measures with AutoGen: a host and two
// workers on loopback, worker A with agent type echo (Ping -> Pong) and
// four sink types subscribed to topic "fan", worker B the caller.

func benchSetup(b *testing.B) (caller *worker.Runtime, delivered *atomic.Int64) {
	b.Helper()
	addr, _ := serveB(b)
	ctx := context.Background()
	a, err := worker.Dial(ctx, addr, worker.WithSerializers(serializers...))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close() })
	if err := a.Register(ctx, "echo", factory(echo)); err != nil {
		b.Fatal(err)
	}
	delivered = new(atomic.Int64)
	sink := func(context.Context, any, worker.MessageContext) (any, error) {
		delivered.Add(1)
		return nil, nil
	}
	for _, t := range []string{"sink0", "sink1", "sink2", "sink3"} {
		if err := a.Register(ctx, t, factory(sink), worker.TypeSubscription("fan", t)); err != nil {
			b.Fatal(err)
		}
	}
	caller, err = worker.Dial(ctx, addr, worker.WithSerializers(serializers...))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { caller.Close() })
	return caller, delivered
}

func serveB(b *testing.B) (string, func()) { return serve(b, "") }

// BenchmarkDirectRoundTrip is one direct message and its reply at a time
// (AutoGen's send_message awaited in a loop).
func BenchmarkDirectRoundTrip(b *testing.B) {
	caller, _ := benchSetup(b)
	ctx := context.Background()
	to := worker.AgentID{Type: "echo", Key: "k"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := caller.Send(ctx, Ping{"hi", i}, to, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "roundtrips/s")
}

// BenchmarkDirectRoundTripConcurrent is 64 callers sending at once
// (asyncio.gather of sends in AutoGen).
func BenchmarkDirectRoundTripConcurrent(b *testing.B) {
	caller, _ := benchSetup(b)
	ctx := context.Background()
	to := worker.AgentID{Type: "echo", Key: "k"}
	var next atomic.Int64
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for {
				i := next.Add(1)
				if i > int64(b.N) {
					return
				}
				if _, err := caller.Send(ctx, Ping{"hi", int(i)}, to, nil); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "roundtrips/s")
}

// BenchmarkPublishFanOut publishes b.N messages to topic "fan" and waits
// until the four sinks of the other worker have each received every one.
func BenchmarkPublishFanOut(b *testing.B) {
	caller, delivered := benchSetup(b)
	ctx := context.Background()
	topic := worker.TopicID{Type: "fan", Source: "s"}
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		if err := caller.Publish(ctx, Ping{"n", i}, topic, nil); err != nil {
			b.Fatal(err)
		}
	}
	for delivered.Load() < int64(4*b.N) {
		time.Sleep(50 * time.Microsecond)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "publishes/s")
	b.ReportMetric(float64(4*b.N)/time.Since(start).Seconds(), "deliveries/s")
}
