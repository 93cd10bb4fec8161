package teams_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// A writer and a critic take turns until the critic approves; the run is
// streamed, the TaskResult last. Any models.ChatCompletionClient works:
// openai.NewOpenAI for a real model, replay here.
func ExampleRoundRobinGroupChat() {
	writer, _ := agents.NewAssistantAgent("writer",
		replay.New(replay.Texts("Roses are red.", "Roses are red, violets are blue.")), agents.AssistantOptions{})
	critic, _ := agents.NewAssistantAgent("critic",
		replay.New(replay.Texts("Too short.", "APPROVE")), agents.AssistantOptions{})
	team, _ := teams.NewRoundRobinGroupChat([]teams.Participant{writer, critic}, teams.Options{
		Termination: conditions.NewOr(conditions.NewTextMention("APPROVE", nil), conditions.NewMaxMessage(10, false)),
	})
	for item, err := range team.RunStream(context.Background(), agentchat.TextTask("Write a poem.")) {
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		switch m := item.(type) {
		case *gen.TextMessage:
			fmt.Printf("%s: %s\n", m.Source, m.Content)
		case *agentchat.TaskResult:
			fmt.Printf("%d messages; stopped: %s\n", len(m.Messages), *m.StopReason)
		}
	}
	// Output:
	// user: Write a poem.
	// writer: Roses are red.
	// critic: Too short.
	// writer: Roses are red, violets are blue.
	// critic: APPROVE
	// 5 messages; stopped: Text 'APPROVE' mentioned
}

// A team loaded from an AutoGen config (as AutoGen Studio writes it) is
// run the same way: component.Load returns an agentchat.Team.
func ExampleRoundRobinFromConfig() {
	config := []byte(`{"provider": "autogen_agentchat.teams.RoundRobinGroupChat", "component_type": "team",
	  "config": {"max_turns": 1, "participants": [{"provider": "autogen_agentchat.agents.AssistantAgent",
	    "component_type": "agent", "config": {"name": "echo", "description": "Echoes.",
	      "reflect_on_tool_use": false, "tool_call_summary_format": "{result}",
	      "model_client": {"provider": "autogen_ext.models.replay.ReplayChatCompletionClient",
	        "component_type": "replay_chat_completion_client",
	        "config": {"chat_completions": ["hello"], "model_info": {"vision": false, "function_calling": false,
	          "json_output": false, "family": "unknown", "structured_output": false}}}}}]}}`)
	v, err := component.Load(context.Background(), config)
	if err != nil {
		fmt.Println(err)
		return
	}
	team := v.(agentchat.Team)
	res, _ := team.Run(context.Background(), agentchat.TextTask("hi"))
	fmt.Println(len(res.Messages), *res.StopReason)
	// Output:
	// 2 Maximum number of turns 1 reached.
}

// A team built in Go dumps the config AutoGen's dump_component() writes
// for it: AutoGen Studio, AutoGen's load_component and `agentschema run`
// load it again. Here it is loaded back with component.Load and run.
func ExampleRoundRobinGroupChat_ComponentModel() {
	writer, _ := agents.NewAssistantAgent("writer", replay.New(replay.Texts("Roses are red.")), agents.AssistantOptions{})
	team, _ := teams.NewRoundRobinGroupChat([]teams.Participant{writer},
		teams.Options{Name: "poets", Termination: conditions.NewMaxMessage(2, false)})
	data, err := component.Dump(team)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := team.ComponentModel()
	fmt.Println(m.Provider, *m.Label, len(data) > 0)

	v, err := component.Load(context.Background(), data)
	if err != nil {
		fmt.Println(err)
		return
	}
	loaded := v.(agentchat.Team)
	res, _ := loaded.Run(context.Background(), agentchat.TextTask("Write a poem."))
	fmt.Println(loaded.Name(), res.Messages[1].(*gen.TextMessage).Content, *res.StopReason)

	// A participant without a component config is refused, with its place.
	custom := struct{ agentchat.ChatAgent }{writer}
	odd, _ := teams.NewRoundRobinGroupChat([]teams.Participant{custom}, teams.Options{})
	_, err = component.Dump(odd)
	var de *component.DumpError
	fmt.Println(errors.As(err, &de), de.Pointer)
	// Output:
	// autogen_agentchat.teams.RoundRobinGroupChat RoundRobinGroupChat true
	// poets Roses are red. Maximum number of messages 2 reached, current message count: 2
	// true /config/participants/0
}
