package groupchat_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/distributed/groupchat"
	"github.com/agentschema/agentschema/pkg/distributed/host"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// A round-robin team in one worker whose participant bob lives in another
// worker: the two share the team id.
func ExampleRoundRobin() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go host.New().Serve(ctx, lis, time.Second)
	const teamID = "00000000-0000-4000-8000-00000000000a"

	other, err := worker.Dial(ctx, lis.Addr().String())
	if err != nil {
		panic(err)
	}
	defer other.Close()
	bob, _ := agents.NewAssistantAgent("bob", replay.New(replay.Texts("bob: hello")), agents.AssistantOptions{})
	if err := groupchat.RegisterParticipant(ctx, other, teamID, bob); err != nil {
		panic(err)
	}

	rt, err := worker.Dial(ctx, lis.Addr().String())
	if err != nil {
		panic(err)
	}
	defer rt.Close()
	alice, _ := agents.NewAssistantAgent("alice", replay.New(replay.Texts("alice: hi")), agents.AssistantOptions{})
	team := groupchat.NewRoundRobin(rt, teamID, []groupchat.Participant{groupchat.Local(alice), groupchat.Remote("bob")},
		conditions.NewMaxMessage(3, false), 0)
	res, err := team.Run(ctx, agentchat.TextTask("start"))
	if err != nil {
		panic(err)
	}
	for _, m := range res.Messages {
		text, _ := messages.ToText(m)
		fmt.Printf("%s: %s\n", messages.Source(m), text)
	}
	fmt.Println(*res.StopReason)
	// Output:
	// user: start
	// alice: alice: hi
	// bob: bob: hello
	// Maximum number of messages 3 reached, current message count: 3
}
