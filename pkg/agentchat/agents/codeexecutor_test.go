package agents_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/codeexec/docker"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

func localExecutor(t *testing.T) *local.Executor {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e, err := local.New(local.Options{WorkDir: dir, Warnings: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func lastText(t *testing.T, res *agentchat.TaskResult) string {
	t.Helper()
	m, ok := res.Messages[len(res.Messages)-1].(*gen.TextMessage)
	if !ok {
		t.Fatalf("last message %T", res.Messages[len(res.Messages)-1])
	}
	return m.Content
}

// TestCodeExecutorAgentTexts: AutoGen's texts for each outcome, read off
// execute_code_block and on_messages_stream.
func TestCodeExecutorAgentTexts(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts agents.CodeExecutorOptions
		msgs []messages.Message
		want string
	}{
		{"output", agents.CodeExecutorOptions{}, []messages.Message{messages.NewTextMessage("user", "```sh\necho hi\n```")}, "hi\n"},
		{"no code", agents.CodeExecutorOptions{}, []messages.Message{messages.NewTextMessage("user", "hello")}, agents.NoCodeBlocksFound},
		{"no output", agents.CodeExecutorOptions{}, []messages.Message{messages.NewTextMessage("user", "```sh\ntrue\n```")},
			"The script ran but produced no output to console. The POSIX exit code was: 0. If you were expecting output, consider revising the script to ensure content is printed to stdout."},
		{"error", agents.CodeExecutorOptions{}, []messages.Message{messages.NewTextMessage("user", "```sh\necho bad; exit 4\n```")},
			"The script ran, then exited with an error (POSIX exit code: 4)\nIts output was:\nbad\n"},
		{"blocks of all messages in order", agents.CodeExecutorOptions{}, []messages.Message{
			messages.NewTextMessage("a", "```sh\necho 1\n```"), messages.NewTextMessage("b", "```sh\necho 2\n```")}, "1\n2\n"},
		{"sources", agents.CodeExecutorOptions{Sources: []string{"b"}}, []messages.Message{
			messages.NewTextMessage("a", "```sh\necho 1\n```"), messages.NewTextMessage("b", "```sh\necho 2\n```")}, "2\n"},
		{"sources none match", agents.CodeExecutorOptions{Sources: []string{"c"}}, []messages.Message{
			messages.NewTextMessage("a", "```sh\necho 1\n```")}, agents.NoCodeBlocksFound},
		{"language the executor does not know", agents.CodeExecutorOptions{SupportedLanguages: []string{"javascript"}},
			[]messages.Message{messages.NewTextMessage("u", "```javascript\nx\n```")},
			"The script ran, then exited with an error (POSIX exit code: 1)\nIts output was:\n\nunknown language javascript"},
		{"not a TextMessage", agents.CodeExecutorOptions{}, []messages.Message{messages.NewStopMessage("u", "```sh\necho 1\n```")}, agents.NoCodeBlocksFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := agents.NewCodeExecutorAgent("executor", localExecutor(t), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			res, err := a.Run(context.Background(), agentchat.MessagesTask(tc.msgs...))
			if err != nil {
				t.Fatal(err)
			}
			if got := lastText(t, res); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestApprovalRequest: the request holds the blocks as AutoGen joins them
// and the model context; a callback's error ends the call; a denial
// does not run the code.
func TestApprovalRequest(t *testing.T) {
	var got agents.ApprovalRequest
	approve := func(_ context.Context, req agents.ApprovalRequest) (agents.ApprovalResponse, error) {
		got = req
		return agents.ApprovalResponse{Approved: false, Reason: "no"}, nil
	}
	client := replay.New(replay.Texts("```python\nprint(1)\n```\n```sh\ntouch ran\n```", "It did not run."))
	e := localExecutor(t)
	a, err := agents.NewCodeExecutorAgent("executor", e, agents.CodeExecutorOptions{ModelClient: client, Approval: approve})
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.Run(context.Background(), agentchat.TextTask("Go."))
	if err != nil {
		t.Fatal(err)
	}
	if want := "```python\nprint(1)\n\n```\n\n```sh\ntouch ran\n\n```"; got.Code != want {
		t.Errorf("code %q, want %q", got.Code, want)
	}
	if len(got.Context) != 2 {
		t.Errorf("context: %d messages, want the task and the model's answer", len(got.Context))
	}
	var exec *gen.CodeExecutionEvent
	for _, m := range res.Messages {
		if ev, ok := m.(*gen.CodeExecutionEvent); ok {
			exec = ev
		}
	}
	if exec == nil || exec.Result.Output != "Code execution was not approved. Reason: no" || exec.Result.ExitCode.String() != "1" {
		t.Errorf("execution event %+v", exec)
	}
	dir, _ := e.WorkDir()
	if _, err := os.Stat(filepath.Join(dir, "ran")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("denied code ran: %v", err)
	}

	boom := errors.New("approver unreachable")
	a, _ = agents.NewCodeExecutorAgent("executor", localExecutor(t), agents.CodeExecutorOptions{
		Approval: func(context.Context, agents.ApprovalRequest) (agents.ApprovalResponse, error) {
			return agents.ApprovalResponse{}, boom
		}})
	if _, err := a.Run(context.Background(), agentchat.TextTask("```sh\necho 1\n```")); !errors.Is(err, boom) {
		t.Errorf("approval error: %v", err)
	}
}

// TestApprovalFromContext: a loaded agent asks the callback of its
// loading context.
func TestApprovalFromContext(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	asked := 0
	ctx := agents.WithApprovalFunc(context.Background(), func(context.Context, agents.ApprovalRequest) (agents.ApprovalResponse, error) {
		asked++
		return agents.ApprovalResponse{Approved: true}, nil
	})
	v, err := component.Load(ctx, []byte(`{"provider": "autogen_agentchat.agents.CodeExecutorAgent", "config": {"name": "x",
		"code_executor": {"provider": "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", "config": {"work_dir": "`+dir+`"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	a := v.(*agents.CodeExecutorAgent)
	res, err := a.Run(context.Background(), agentchat.TextTask("```sh\necho ok\n```"))
	if err != nil || asked != 1 || lastText(t, res) != "ok\n" {
		t.Errorf("asked %d, %v", asked, err)
	}
	if a.Description() != agents.CodeTerminalDescription {
		t.Errorf("description %q", a.Description())
	}
}

// TestCodeExecutorConfigRefused: what cannot be loaded names the
// component's pointer.
func TestCodeExecutorConfigRefused(t *testing.T) {
	for _, tc := range []struct{ executor, ptr string }{
		{`{"provider": "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", "config": {"timeout": 0}}`, "/config/timeout"},
		{`{"provider": "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", "config": {"functions_module": "a b"}}`, "/config/functions_module"},
		{`{"provider": "my.Executor", "config": {}}`, ""},
	} {
		_, err := component.Load(context.Background(), []byte(`{"provider": "autogen_agentchat.agents.CodeExecutorAgent",
			"config": {"name": "x", "code_executor": `+tc.executor+`}}`))
		var ce *agentchat.ConfigError
		if !errors.As(err, &ce) || ce.Pointer != "/config/code_executor" {
			t.Errorf("%s: %v", tc.executor, err)
			continue
		}
		var f *agentschema.Fault
		if tc.ptr != "" && (!errors.As(err, &f) || f.Pointer != tc.ptr) {
			t.Errorf("%s: fault %v", tc.executor, err)
		}
	}
	if _, err := agents.NewCodeExecutorAgent("x", localExecutor(t), agents.CodeExecutorOptions{MaxRetriesOnError: 1}); err == nil ||
		!strings.Contains(err.Error(), "model_client.model_info must be provided when max_retries_on_error > 0") {
		t.Errorf("retries without a client: %v", err)
	}
	noStructured := replay.New(replay.Texts("x"), replay.WithModelInfo(gen.ModelInfo{Family: "unknown"}))
	if _, err := agents.NewCodeExecutorAgent("x", localExecutor(t), agents.CodeExecutorOptions{ModelClient: noStructured, MaxRetriesOnError: 1}); err == nil ||
		!strings.Contains(err.Error(), "Specified model_client doesn't support structured output mode.") {
		t.Errorf("retries without structured output: %v", err)
	}
}

// TestDockerNotStarted: AutoGen's ValueError ends the run (case e032).
func TestDockerNotStarted(t *testing.T) {
	e, err := docker.FromConfig(&gen.DockerCommandLineCodeExecutorConfig{Timeout: gen.IntOf(60), FunctionsModule: "functions"})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := agents.NewCodeExecutorAgent("x", e, agents.CodeExecutorOptions{})
	_, err = a.Run(context.Background(), agentchat.TextTask("```python\nprint(1)\n```"))
	var re *agentchat.RunError
	if !errors.As(err, &re) || re.Exception != "ValueError" || re.Message != docker.NotRunningText {
		t.Errorf("got %v", err)
	}
}
