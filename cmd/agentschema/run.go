package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"time"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	_ "github.com/agentschema/agentschema/pkg/providers/all" // every provider the module implements
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
)

func init() {
	commands["run"] = command{
		usage: "" +
			"  run --config COMPONENT.json [--task TEXT | --task-file MESSAGES.json] [--state STATE.json] [--save-state OUT.json]\n" +
			"                                        run an AutoGen agent or team config; print every message and event\n" +
			"                                        of the run as JSON, one a line, the TaskResult last\n",
		help:   runUsage,
		runCtx: runRun,
	}
}

const runUsage = `usage: agentschema run --config COMPONENT.json [--task TEXT | --task-file MESSAGES.json]
                       [--state STATE.json] [--save-state OUT.json]

Runs an AutoGen agent or team, as AutoGen's run_stream runs it. COMPONENT.json
is the component dump_component() writes (an AssistantAgent, UserProxyAgent,
RoundRobinGroupChat, ...), with its model clients, tools, workbenches,
contexts and termination conditions.

--task TEXT is the task as text (a TextMessage from "user"); --task-file is a
JSON array of AgentChat messages, each with its "type". With neither, the run
continues from the current state (task=None). --state loads a state that
save_state() returned (by AutoGen or by this command) before the run;
--save-state writes save_state() after it.

Standard output gets one JSON value per line: every item run_stream yields,
in order, as pydantic dumps it, the TaskResult ({"messages": [...],
"stop_reason": ...}) last. When the run raises, the items already yielded
stay on standard output, "ExceptionClass: message" goes to standard error
and the exit status is 1; a config that cannot be run is refused before the
run, naming the component's JSON pointer (exit 1).

Model clients read their API keys as AutoGen does (OPENAI_API_KEY, ...), and
any OpenAI-compatible endpoint works through base_url. A UserProxyAgent reads
its input from standard input (its prompt goes to standard error). A
FunctionTool needs a Go function registered under its name, which this
command cannot have: use an HttpTool, an MCP workbench, or the Go library.

Examples:
  OPENAI_API_KEY=... agentschema run --config examples/studio/team.json --task "Write a haiku"
  agentschema run --config team.json --task "Go on" --state saved.json --save-state saved.json
`

// runCloseTimeout bounds how long closing the components (stopping MCP
// servers) may take after the run.
const runCloseTimeout = 10 * time.Second

func runRun(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "the agent or team component (JSON)")
	task := fs.String("task", "", "the task as text")
	taskFile := fs.String("task-file", "", "the task as a JSON array of messages")
	statePath := fs.String("state", "", "a saved state to load before the run")
	savePath := fs.String("save-state", "", "where to write the state after the run")
	fs.Usage = func() { fmt.Fprint(stderr, runUsage) }
	pos, ok := parseInterspersed(fs, args)
	if !ok {
		return exitUsage
	}
	taskSet := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "task" {
			taskSet = true
		}
	})
	switch {
	case len(pos) > 0:
		fmt.Fprintf(stderr, "agentschema run: unexpected argument %q\n", pos[0])
		return exitUsage
	case *config == "":
		fmt.Fprintln(stderr, "agentschema run: --config COMPONENT.json is required")
		return exitUsage
	case taskSet && *taskFile != "":
		fmt.Fprintln(stderr, "agentschema run: give --task or --task-file, not both")
		return exitUsage
	}
	data, code := readNamed("run", *config, stdin, stderr)
	if code != exitOK {
		return code
	}
	var t agentchat.Task
	switch {
	case taskSet:
		t = agentchat.TextTask(*task)
	case *taskFile != "":
		b, code := readNamed("run", *taskFile, stdin, stderr)
		if code != exitOK {
			return code
		}
		msgs, err := readTaskMessages(b)
		if err != nil {
			fmt.Fprintf(stderr, "agentschema run: %s: %v\n", *taskFile, err)
			return exitBad
		}
		t = agentchat.MessagesTask(msgs...)
	}

	loadCtx := agents.WithInputFunc(ctx, agents.StdinInput(stdin, stderr))
	// Standard output holds the run's items only: MCP servers' stderr and
	// a StdioElicitor's prompts go to standard error.
	loadCtx = mcp.WithOptions(loadCtx, &mcp.Options{Stderr: stderr, ElicitIn: stdin, ElicitOut: stderr})
	runner, closeFn, err := loadRunner(loadCtx, data)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema run: %s: %v\n", *config, err)
		return exitBad
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), runCloseTimeout)
		defer cancel()
		if err := closeFn(cctx); err != nil {
			fmt.Fprintf(stderr, "agentschema run: closing: %v\n", err)
		}
	}()
	if *statePath != "" {
		b, code := readNamed("run", *statePath, stdin, stderr)
		if code != exitOK {
			return code
		}
		if err := runner.LoadState(ctx, b); err != nil {
			fmt.Fprintln(stderr, agentchat.ExceptionText(err))
			return exitBad
		}
	}

	out := bufio.NewWriter(stdout)
	for item, err := range runner.RunStream(ctx, t) {
		if err != nil {
			_ = out.Flush()
			if ctx.Err() != nil {
				fmt.Fprintln(stderr, "CancelledError: the run was cancelled")
				return exitInterrupted
			}
			fmt.Fprintln(stderr, agentchat.ExceptionText(err))
			return exitBad
		}
		b, err := item.MarshalJSON()
		if err != nil {
			_ = out.Flush()
			fmt.Fprintf(stderr, "agentschema run: writing a %s: %v\n", item.Type(), err)
			return exitBad
		}
		out.Write(b)
		out.WriteByte('\n')
		if err := out.Flush(); err != nil {
			return exitUsage // the output guard reports it
		}
	}
	if *savePath != "" {
		st, err := runner.SaveState(ctx)
		if err != nil {
			fmt.Fprintln(stderr, agentchat.ExceptionText(err))
			return exitBad
		}
		if err := os.WriteFile(*savePath, append(st, '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "agentschema run: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}

// stateRunner is what the command needs of an agent or a team.
type stateRunner interface {
	agentchat.Runner
	SaveState(ctx context.Context) (json.RawMessage, error)
	LoadState(ctx context.Context, state json.RawMessage) error
}

// agentRunner runs a ChatAgent as BaseChatAgent.run_stream does.
type agentRunner struct{ agentchat.ChatAgent }

func (a agentRunner) Run(ctx context.Context, t agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, a.ChatAgent, t)
}

func (a agentRunner) RunStream(ctx context.Context, t agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, a.ChatAgent, t)
}

// loadRunner loads an agent or team component; closeFn releases it.
func loadRunner(ctx context.Context, data []byte) (stateRunner, func(context.Context) error, error) {
	v, err := component.Load(ctx, data)
	if err != nil {
		return nil, nil, err
	}
	switch x := v.(type) {
	case agentchat.ChatAgent:
		return agentRunner{x}, x.Close, nil
	case agentchat.Team:
		return x, x.Close, nil
	}
	if c, ok := v.(interface{ Close() error }); ok {
		_ = c.Close()
	}
	return nil, nil, fmt.Errorf("%T is not an agent or a team", v)
}

// readTaskMessages reads a JSON array of AgentChat messages.
func readTaskMessages(data []byte) ([]messages.Message, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, fmt.Errorf("expected a JSON array of messages: %w", err)
	}
	f := messages.NewMessageFactory()
	out := make([]messages.Message, 0, len(raws))
	for i, r := range raws {
		m, err := f.Create(r)
		if err != nil {
			return nil, fmt.Errorf("/%d: %w", i, err)
		}
		out = append(out, m)
	}
	return out, nil
}
