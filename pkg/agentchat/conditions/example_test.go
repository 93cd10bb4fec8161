package conditions_test

import (
	"context"
	"fmt"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
)

// An OR of conditions fires when any of them fires, with the stop
// messages of those that fired in the same call joined. Checked again, it
// fails with AutoGen's RuntimeError until it is reset.
func ExampleNewOr() {
	ctx := context.Background()
	// AutoGen: MaxMessageTermination(3) | TextMentionTermination("TERMINATE")
	cond := conditions.NewOr(conditions.NewMaxMessage(3, false), conditions.NewTextMention("TERMINATE", nil))

	deltas := [][]messages.Message{
		{messages.NewTextMessage("user", "Write a haiku.")},
		{messages.NewTextMessage("poet", "An old silent pond"),
			messages.NewTextMessage("critic", "Good. TERMINATE")},
	}
	for _, delta := range deltas {
		stop, err := cond.Check(ctx, delta)
		switch {
		case err != nil:
			fmt.Println("error:", err)
		case stop == nil:
			fmt.Println("continue")
		default:
			fmt.Printf("stop from %q: %s\n", stop.Source, stop.Content)
		}
	}
	fmt.Println("terminated:", cond.Terminated())

	_, err := cond.Check(ctx, nil)
	fmt.Println("error:", err)

	_ = cond.Reset(ctx)
	fmt.Println("terminated after reset:", cond.Terminated())
	// Output:
	// continue
	// stop from "MaxMessageTermination, TextMentionTermination": Maximum number of messages 3 reached, current message count: 3, Text 'TERMINATE' mentioned
	// terminated: true
	// error: RuntimeError: Termination condition has already been reached
	// terminated after reset: false
}

// An AND of conditions keeps the stop messages of the conditions that
// fired and checks only the others, until all have fired.
func ExampleNewAnd() {
	ctx := context.Background()
	cond := conditions.NewAnd(conditions.NewTextMention("APPROVE", nil), conditions.NewMaxMessage(2, false))

	stop, _ := cond.Check(ctx, []messages.Message{messages.NewTextMessage("critic", "APPROVE")})
	fmt.Println(stop == nil)
	stop, _ = cond.Check(ctx, []messages.Message{messages.NewTextMessage("writer", "Thanks.")})
	fmt.Println(stop.Source)
	fmt.Println(stop.Content)
	// Output:
	// true
	// TextMentionTermination, MaxMessageTermination
	// Text 'APPROVE' mentioned, Maximum number of messages 2 reached, current message count: 2
}

// External fires at the first check after Set, which may be called from
// any goroutine.
func ExampleExternal_Set() {
	ctx := context.Background()
	cond := conditions.NewExternal()

	done := make(chan struct{})
	go func() {
		cond.Set()
		close(done)
	}()
	<-done

	stop, _ := cond.Check(ctx, nil)
	fmt.Println(stop.Content)
	_, err := cond.Check(ctx, nil)
	fmt.Println(err)
	// Output:
	// External termination requested
	// TerminatedException: Termination condition has already been reached
}

// Importing the package registers AutoGen's termination providers, so a
// config dump_component() wrote loads with component.Load.
func Example_loadConfig() {
	config := `{"provider":"autogen_agentchat.base.OrTerminationCondition","component_type":"termination",
	"version":1,"component_version":1,"config":{"conditions":[
	  {"provider":"autogen_agentchat.conditions.MaxMessageTermination","component_type":"termination",
	   "version":1,"component_version":1,"config":{"max_messages":10}},
	  {"provider":"autogen_agentchat.conditions.TextMentionTermination","component_type":"termination",
	   "version":1,"component_version":1,"config":{"text":"TERMINATE"}}]}}`

	ctx := context.Background()
	cond, err := component.LoadAs[agentchat.TerminationCondition](ctx, []byte(config))
	if err != nil {
		fmt.Println(err)
		return
	}
	stop, _ := cond.Check(ctx, []messages.Message{messages.NewTextMessage("assistant", "Done. TERMINATE")})
	fmt.Printf("%T: %s\n", cond, stop.Content)
	// Output:
	// *conditions.Or: Text 'TERMINATE' mentioned
}
