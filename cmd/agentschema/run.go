package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/ui"
	"github.com/agentschema/agentschema/pkg/messages"
	_ "github.com/agentschema/agentschema/pkg/providers/all" // every provider the module implements
	_ "github.com/agentschema/agentschema/pkg/tools/gallery" // AutoGen Studio's gallery functions (calculator)
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
)

func init() {
	commands["run"] = command{
		usage: "" +
			"  run --config COMPONENT.json [--task TEXT | --task-file MESSAGES.json] [--state STATE.json] [--save-state OUT.json] [--console [--stats]]\n" +
			"                                        run an AutoGen agent or team config; print every message and event\n" +
			"                                        of the run as JSON, one a line, the TaskResult last\n",
		help:   runUsage,
		runCtx: runRun,
	}
}

const runUsage = `usage: agentschema run --config COMPONENT.json [--task TEXT | --task-file MESSAGES.json]
                       [--state STATE.json] [--save-state OUT.json] [--console [--stats]]

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
"stop_reason": ...}) last; 'agentschema render' prints such a file for
people. --console prints instead what AutoGen's Console(run_stream(...))
prints, byte for byte: a header per message and its text, streamed chunks
as they arrive; --stats adds output_stats=True's token counts and summary.
When the run raises, the items already yielded
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
	console := fs.Bool("console", false, "print the run as AutoGen's Console prints it, not as JSON")
	stats := fs.Bool("stats", false, "with --console: Console's output_stats=True lines")
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
	case *stats && !*console:
		fmt.Fprintln(stderr, "agentschema run: --stats needs --console")
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
		msgs, err := agentchat.ReadTaskMessages(b)
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
	runner, err := agentchat.LoadRunner(loadCtx, data)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema run: %s: %v\n", *config, err)
		return exitBad
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), runCloseTimeout)
		defer cancel()
		if err := runner.Close(cctx); err != nil {
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
	write := jsonLines(out)
	if *console {
		write = ui.NewPrinter(out, ui.Options{OutputStats: *stats}).Print
	}
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
		if err := write(item); err != nil {
			_ = out.Flush()
			fmt.Fprintf(stderr, "agentschema run: writing a %s: %v\n", item.Type(), err)
			return exitBad
		}
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

// jsonLines writes each item of a run as one JSON line.
func jsonLines(out *bufio.Writer) func(messages.Message) error {
	return func(item messages.Message) error {
		b, err := item.MarshalJSON()
		if err != nil {
			return err
		}
		out.Write(b)
		return out.WriteByte('\n')
	}
}
