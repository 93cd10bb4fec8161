package ui_test

import (
	"context"
	"fmt"
	"os"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/ui"
	"github.com/agentschema/agentschema/pkg/messages"
)

// echo is a team stand-in: its stream is the task and a TaskResult.
type echo struct{}

func (echo) RunStream(_ context.Context, t agentchat.Task) func(func(messages.Message, error) bool) {
	return func(yield func(messages.Message, error) bool) {
		for _, m := range t.Messages {
			if !yield(m, nil) {
				return
			}
		}
		yield(&agentchat.TaskResult{Messages: t.Messages}, nil)
	}
}

// Console(team.run_stream(task=...)) in Go.
func ExampleConsole() {
	res, err := ui.Console(os.Stdout, echo{}.RunStream(context.Background(), agentchat.TextTask("Hello")), ui.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(res.Messages), "message")
	// Output:
	// ---------- TextMessage (user) ----------
	// Hello
	// 1 message
}
