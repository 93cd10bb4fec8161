package agents_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
)

// An approval callback sees each code run before it happens (the blocks
// as markdown, and the agent's model context) and approves or denies it;
// a denied run does not happen, and the agent answers with AutoGen's
// denial text. Loaded configs get the callback through
// agents.WithApprovalFunc.
func ExampleApprovalFunc() {
	dir, _ := os.MkdirTemp("", "approval")
	defer os.RemoveAll(dir)
	executor, _ := local.New(local.Options{WorkDir: dir, Warnings: io.Discard})
	approve := func(_ context.Context, req agents.ApprovalRequest) (agents.ApprovalResponse, error) {
		if strings.Contains(req.Code, "rm ") {
			return agents.ApprovalResponse{Approved: false, Reason: "no deleting files"}, nil
		}
		return agents.ApprovalResponse{Approved: true, Reason: "looks safe"}, nil
	}
	agent, _ := agents.NewCodeExecutorAgent("executor", executor, agents.CodeExecutorOptions{Approval: approve})
	for _, task := range []string{"```sh\necho hello\n```", "```sh\nrm -rf data\n```"} {
		res, err := agent.Run(context.Background(), agentchat.TextTask(task))
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("%q\n", res.Messages[len(res.Messages)-1].(*gen.TextMessage).Content)
	}
	// Output:
	// "hello\n"
	// "Code execution was not approved. Reason: no deleting files"
}
