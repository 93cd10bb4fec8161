package worker_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/agentschema/agentschema/pkg/distributed/host"
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

// A host and two workers: one registers agent type "echo", the other sends
// it a direct message through the host, as an AutoGen worker would.
func Example() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	served := make(chan error, 1)
	go func() { served <- host.New().Serve(ctx, lis, time.Second) }()

	types := worker.WithSerializers(worker.JSON[Ping]("Ping"), worker.JSON[Pong]("Pong"))
	a, err := worker.Dial(ctx, lis.Addr().String(), types)
	if err != nil {
		panic(err)
	}
	defer a.Close()
	echo := worker.AgentFunc(func(_ context.Context, msg any, mc worker.MessageContext) (any, error) {
		p := msg.(Ping)
		return Pong{Text: "echo:" + p.Text, N: p.N + 1, Agent: mc.Self.String()}, nil
	})
	if err := a.Register(ctx, "echo", func(worker.AgentID) (worker.Agent, error) { return echo, nil }); err != nil {
		panic(err)
	}

	b, err := worker.Dial(ctx, lis.Addr().String(), types)
	if err != nil {
		panic(err)
	}
	defer b.Close()
	reply, err := b.Send(ctx, Ping{Text: "hi", N: 1}, worker.AgentID{Type: "echo", Key: "k1"}, nil)
	fmt.Printf("%+v %v\n", reply, err)
	// Output: {Text:echo:hi N:2 Agent:echo/k1} <nil>
}

// The JSON AutoGen writes for a dataclass: json.dumps(asdict(x)).
func ExampleJSON() {
	s := worker.JSON[Ping]("Ping")
	data, _ := s.Marshal(Ping{Text: "héllo", N: 1})
	fmt.Println(s.TypeName, string(data))
	// Output: Ping {"text": "h\u00e9llo", "n": 1}
}
