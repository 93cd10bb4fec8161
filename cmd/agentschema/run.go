package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	agentschema "github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/agentchat/ui"
	"github.com/agentschema/agentschema/pkg/messages"
	_ "github.com/agentschema/agentschema/pkg/providers/all" // every provider the module implements
	"github.com/agentschema/agentschema/pkg/tools"
	_ "github.com/agentschema/agentschema/pkg/tools/gallery" // AutoGen Studio's gallery functions (calculator)
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
)

func init() {
	commands["run"] = command{
		usage: "" +
			"  run --config COMPONENT.json [--task TEXT | --task-file MESSAGES.json] [--state STATE.json] [--save-state OUT.json] [--console [--stats]] [--timeout D] [--log-level L]\n" +
			"                                        run an AutoGen agent or team config; print every message and event\n" +
			"                                        of the run as JSON, one a line, the TaskResult last\n",
		help:   runUsage,
		runCtx: runRun,
	}
}

const runUsage = `usage: agentschema run --config COMPONENT.json [--task TEXT | --task-file MESSAGES.json]
                       [--state STATE.json] [--save-state OUT.json] [--console [--stats]]
                       [--timeout DURATION] [--log-level debug|info|warn|error]

Runs an AutoGen agent or team, as AutoGen's run_stream runs it. COMPONENT.json
is the component dump_component() writes (an AssistantAgent, UserProxyAgent,
RoundRobinGroupChat, ...), with its model clients, tools, workbenches,
contexts and termination conditions.

--task TEXT is the task as text (a TextMessage from "user"); --task-file is a
JSON array of AgentChat messages, each with its "type". With neither, the run
continues from the current state (task=None). --state loads a state that
save_state() returned (by AutoGen or by this command) before the run;
--save-state writes save_state() after it, and also after a run that was
interrupted or timed out (the state as AutoGen's save_state() gives it after
a cancellation), so that it can be continued. --timeout DURATION (30s, 5m)
ends a run that lasts longer: "TimeoutError: ..." on standard error, exit 1.
--log-level debug logs each model request (OpenAI, Azure, Anthropic, Bedrock,
Ollama) and HttpTool request (method, URL without its query, status,
duration) and each MCP request (server command or URL, method, tool,
duration, error) to standard error; never a header, an argument or a key.

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
	timeout := fs.Duration("timeout", 0, "end the run after this long (0: no limit)")
	logLevel := fs.String("log-level", "", "debug: log each model and tool request (URL, status, duration) to stderr; info, warn, error")
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
	case !setLogLevel(*logLevel, stderr):
		fmt.Fprintf(stderr, "agentschema run: --log-level must be debug, info, warn or error, not %q\n", *logLevel)
		return exitUsage
	case *timeout < 0:
		fmt.Fprintln(stderr, "agentschema run: --timeout must not be negative")
		return exitUsage
	case *stats && !*console:
		fmt.Fprintln(stderr, "agentschema run: --stats needs --console")
		return exitUsage
	}
	data, code := readNamed("run", *config, stdin, stderr)
	if code != exitOK {
		return code
	}
	t, code := readRunTask(taskSet, *task, *taskFile, stdin, stderr)
	if code != exitOK {
		return code
	}

	loadCtx := agents.WithInputFunc(ctx, agents.StdinInput(stdin, stderr))
	// Standard output holds the run's items only: MCP servers' stderr and
	// a StdioElicitor's prompts go to standard error.
	loadCtx = mcp.WithOptions(loadCtx, &mcp.Options{Stderr: stderr, ElicitIn: stdin, ElicitOut: stderr})
	runner, err := agentchat.LoadRunner(loadCtx, data)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema run: %s: %v\n", *config, err)
		var unreg *tools.UnregisteredFunctionError
		if errors.As(err, &unreg) {
			fmt.Fprint(stderr, functionToolAdvice)
		}
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
	return streamRun(ctx, runner, t, runOutput{out: out, write: write, stderr: stderr, timeout: *timeout, savePath: *savePath})
}

// readRunTask is the run's task: the text of --task when it was given,
// the messages of --task-file (its faults printed, exitBad), or no task.
func readRunTask(taskSet bool, task, taskFile string, stdin io.Reader, stderr io.Writer) (agentchat.Task, int) {
	switch {
	case taskSet:
		return agentchat.TextTask(task), exitOK
	case taskFile != "":
		b, code := readNamed("run", taskFile, stdin, stderr)
		if code != exitOK {
			return agentchat.Task{}, code
		}
		msgs, err := agentchat.ReadTaskMessages(b)
		if err != nil {
			printTaskFaults(stderr, taskFile, err)
			return agentchat.Task{}, exitBad
		}
		return agentchat.MessagesTask(msgs...), exitOK
	}
	return agentchat.Task{}, exitOK
}

// functionToolAdvice says what to use instead of a FunctionTool the
// command has no Go function for.
const functionToolAdvice = `agentschema run: the command does not run a FunctionTool's Python source; instead
  give the tool as an HttpTool (autogen_ext.tools.http.HttpTool) that calls an HTTP endpoint,
  serve it from an MCP server (autogen_ext.tools.mcp.McpWorkbench), or
  run the team from Go with the function registered (tools.RegisterFunction; see examples/team)
`

// runOutput is where a run's items, faults and state go.
type runOutput struct {
	out      *bufio.Writer
	write    func(messages.Message) error
	stderr   io.Writer
	timeout  time.Duration
	savePath string
}

// errRunTimeout is the cause of a run's context ending at --timeout.
var errRunTimeout = errors.New("the run's --timeout passed")

// runStateTimeout bounds saving the state of a run that was cancelled.
const runStateTimeout = 30 * time.Second

// streamRun runs t, writing each item; the state is saved after the run,
// and also after a run that was interrupted or timed out (AutoGen's state
// after cancellation), so that it can be continued.
func streamRun(ctx context.Context, runner agentchat.StateRunner, t agentchat.Task, o runOutput) int {
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if o.timeout > 0 {
		runCtx, cancel = context.WithTimeoutCause(ctx, o.timeout, errRunTimeout)
	}
	defer cancel()
	for item, err := range runner.RunStream(runCtx, t) {
		if err != nil {
			_ = o.out.Flush()
			if runCtx.Err() == nil {
				fmt.Fprintln(o.stderr, agentchat.ExceptionText(err))
				return exitBad
			}
			code := saveRunState(context.WithoutCancel(ctx), runner, o)
			if context.Cause(runCtx) == errRunTimeout {
				fmt.Fprintf(o.stderr, "TimeoutError: the run did not end within %s (--timeout)\n", o.timeout)
				return max(code, exitBad)
			}
			fmt.Fprintln(o.stderr, "CancelledError: the run was cancelled")
			return exitInterrupted
		}
		if err := o.write(item); err != nil {
			_ = o.out.Flush()
			fmt.Fprintf(o.stderr, "agentschema run: writing a %s: %v\n", item.Type(), err)
			return exitBad
		}
		if err := o.out.Flush(); err != nil {
			return exitUsage // the output guard reports it
		}
	}
	return saveRunState(ctx, runner, o)
}

// saveRunState writes the runner's state to o.savePath, if one is given.
func saveRunState(ctx context.Context, runner agentchat.StateRunner, o runOutput) int {
	if o.savePath == "" {
		return exitOK
	}
	ctx, cancel := context.WithTimeout(ctx, runStateTimeout)
	defer cancel()
	st, err := runner.SaveState(ctx)
	if err != nil {
		fmt.Fprintln(o.stderr, agentchat.ExceptionText(err))
		return exitBad
	}
	if err := os.WriteFile(o.savePath, append(st, '\n'), 0o644); err != nil {
		fmt.Fprintf(o.stderr, "agentschema run: %v\n", err)
		return exitUsage
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

// printTaskFaults prints each fault of a task file as
// "FILE:LINE:COLUMN: POINTER: message".
func printTaskFaults(w io.Writer, name string, err error) {
	var fs agentschema.Faults
	if !errors.As(err, &fs) {
		fmt.Fprintf(w, "agentschema run: %s: %v\n", name, err)
		return
	}
	for _, f := range fs {
		fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", name, max(f.Line, 1), max(f.Column, 1), f.DisplayPointer(), f.Message)
	}
}

// setLogLevel sends log/slog's default logger to stderr at level (nothing
// to do for ""), for the rest of the process; false for an unknown level.
func setLogLevel(level string, stderr io.Writer) bool {
	if level == "" {
		return true
	}
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return false
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: l})))
	return true
}
