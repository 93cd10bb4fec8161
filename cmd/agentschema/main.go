// Command agentschema reads, checks and rewrites AutoGen's JSON: LLM
// messages, transcripts, saved context states, tool results and component
// configs.
//
// Usage:
//
//	agentschema normalize [--type NAME] [--strict] [--format F] [FILE|DIR|-]...
//	agentschema validate [--type NAME] [--mode schema|autogen] [--format F] [FILE|DIR|-]...
//	agentschema tokens --model MODEL [--family FAMILY] [--tools FILE] [--remaining] [--format F] [FILE|DIR|-]...
//	agentschema tokens --encoding NAME --text [--ids] [FILE|-]
//	agentschema context --config COMPONENT.json [--state] [--format F] [FILE|DIR|-]...
//	agentschema render [--as transcript|text|model-text|model-message] [--json] [--format F] [FILE|DIR|-]...
//	agentschema schema list
//	agentschema schema show NAME
//	agentschema version
//	agentschema mcp --config WORKBENCH.json tools
//	agentschema mcp --config WORKBENCH.json call NAME [ARGS.json|-]
//
// 'agentschema help' prints the usage of each, and 'agentschema help
// VERB' (or 'agentschema VERB -h') one verb's usage, with examples.
//
// # Inputs
//
// Every verb that reads documents takes its inputs the same way: no
// argument or - is standard input; a file is read as JSONL (one document
// per line, of any length), one JSON document spread over lines, several
// documents one after another, or a JSON array of documents (read element
// by element; normalize and validate read an array whole when --type
// names the type); a directory is every *.json and *.jsonl file under it.
// Reading is done by package jsonstream.
//
// --format text|json|github picks how faults are printed: text lines,
// JSON objects (validate: one JSON array on stdout), or GitHub Actions
// annotations (::error file=F,line=L,col=C::POINTER: message).
//
// # Exit status
//
//   - 0: every input was read and every document is good.
//   - 1: some document is bad. Each fault is printed on stderr (normalize)
//     or stdout (validate) as FILE:LINE[:COL]: POINTER: message, and the
//     other documents are still processed.
//   - 2: a usage error, an input that cannot be read (a missing file,
//     permission denied, a read error), or output that cannot be written
//     (other than a closed pipe).
//     The other inputs are still processed when an input cannot be read;
//     writing stops at the first write error.
//   - 130: interrupted (SIGINT, Ctrl-C, or SIGTERM) while normalize,
//     validate, run or mcp ran.
//   - 141: standard output was closed by its reader (a broken pipe, as
//     with 'agentschema normalize big.jsonl | head -1').
//
// # Faults
//
// Inputs are streamed (package jsonstream): JSONL is read one line at a
// time and a JSON array one element at a time, so memory is bounded by
// the longest document, not the input (a directory of many files and a
// JSONL file of many gigabytes work alike; tokens counts each message as
// it is read; context keeps what the context keeps). normalize, validate
// and render flush their output whenever they wait for input, so each
// result shows as soon as its document is complete. Each document is subject to the
// decoder's limits (nesting depth, document size, string
// length, image pixels); a document over a limit is a bad document
// (exit 1) and the others are still processed.
//
// A closed standard output (EPIPE) stops the command at once: nothing more
// is read or written, nothing is printed on stderr, and the exit status is
// 141, the status a shell reports for a command killed by SIGPIPE. Any
// other write error is printed once on stderr and the exit status is 2.
//
// SIGINT stops normalize and validate: they read no further (an input line
// not yet complete is dropped), write out what they made of the documents
// read so far (normalize: their lines; validate: their faults and the
// summary line counting the documents checked, or the closed JSON array
// with --format json), print "agentschema:
// interrupted" on stderr and exit 130. The output is what a run on the
// input up to the last document read would have written. A second SIGINT
// kills the process at once. The other commands end at SIGINT as any
// program does.
//
// The command writes only to standard output and standard error; it
// creates no files, so a failed or interrupted run leaves no partial
// output files behind.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

const usage = `usage: agentschema <command> [arguments]

Inputs are files, directories (every *.json and *.jsonl under them) or -
for standard input (the default), holding JSONL, JSON documents or JSON
arrays of documents. 'agentschema help COMMAND' (or 'agentschema
COMMAND -h') prints a command's usage, with examples.

commands:
`

// Exit codes; see the package comment.
const (
	exitOK          = 0
	exitBad         = 1
	exitUsage       = 2
	exitInterrupted = 130 // 128 + SIGINT
	exitBrokenPipe  = 141 // 128 + SIGPIPE
)

// command is a subcommand that registers itself from its own file
// (validate.go, tokens.go, context.go, render.go) in an init function.
type command struct {
	// usage is the subcommand's lines in the usage text, each starting with
	// two spaces and the command name.
	usage string
	// help is the subcommand's full usage, with examples; its flag set
	// prints it (setUsage) for -h and 'agentschema help NAME'.
	help string
	// run runs the subcommand with its arguments and returns the exit code.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// runCtx, when set, is used instead of run: the subcommand stops
	// reading when ctx is done (SIGINT, or standard output closed) and
	// returns after writing what it has.
	runCtx func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands holds the registered subcommands by name.
var commands = map[string]command{}

// usageText is the usage message: the built-in commands and then the
// registered ones in name order.
func usageText() string {
	var b strings.Builder
	b.WriteString(usage)
	for _, name := range verbNames() {
		b.WriteString(commands[name].usage)
		if !strings.HasSuffix(commands[name].usage, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func main() {
	// A closed stdout is reported to the writes as EPIPE, which stops the
	// run with exitBrokenPipe, rather than killing the process.
	signal.Ignore(syscall.SIGPIPE)
	limitMemoryToAddressSpace()
	ctx := context.Background()
	if len(os.Args) > 1 && interruptible(os.Args[1]) {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		// After the first SIGINT, a second one kills the process.
		context.AfterFunc(ctx, stop)
		context.AfterFunc(ctx, exitIfStuck)
	}
	os.Exit(runWithContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// interruptGrace is how long an interrupted command has to end by
// itself before exitIfStuck ends the process.
const interruptGrace = 3 * time.Second

// exitIfStuck ends the process with exitInterrupted when the interrupted
// command has not ended within interruptGrace: a system call that no
// context reaches holds it (opening a FIFO that no one writes to blocks
// in open(2)).
func exitIfStuck() {
	time.Sleep(interruptGrace)
	fmt.Fprintln(os.Stderr, "agentschema: interrupted")
	os.Exit(exitInterrupted)
}

// interruptible reports whether the named command stops cleanly when its
// context is done.
func interruptible(name string) bool {
	return commands[name].runCtx != nil
}

// run runs the command line args without a way to interrupt it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWithContext(context.Background(), args, stdin, stdout, stderr)
}

// runWithContext runs the command line args. When ctx is done, an
// interruptible command stops and the exit code is exitInterrupted. A
// failed write to stdout stops it too: the exit code is then
// exitBrokenPipe for a closed pipe, or exitUsage.
func runWithContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	out := &outputGuard{w: stdout, cancel: cancel}
	code := dispatch(runCtx, args, stdin, out, stderr)
	if err := out.failure(); err != nil {
		if brokenPipe(err) {
			return exitBrokenPipe
		}
		fmt.Fprintf(stderr, "agentschema: writing output: %v\n", err)
		return exitUsage
	}
	if ctx.Err() != nil && len(args) > 0 && interruptible(args[0]) {
		fmt.Fprintln(stderr, "agentschema: interrupted")
		return exitInterrupted
	}
	return code
}

func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText())
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) == 1 || args[0] != "help" {
			fmt.Fprint(stdout, usageText())
			return exitOK
		}
		if !printHelp(stdout, args[1]) {
			fmt.Fprintf(stderr, "agentschema help: %s\n", unknownCommand(args[1]))
			return exitUsage
		}
		return exitOK
	}
	if cmd, ok := commands[args[0]]; ok {
		if helpRequested(args[1:]) {
			printHelp(stdout, args[0])
			return exitOK
		}
		if cmd.runCtx != nil {
			return cmd.runCtx(ctx, args[1:], stdin, stdout, stderr)
		}
		return cmd.run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "agentschema: %s\n%s", unknownCommand(args[0]), usageText())
	return exitUsage
}

// unknownCommand is the message for a command that does not exist.
func unknownCommand(name string) string {
	if s := suggest(name, verbNames()); s != "" {
		return fmt.Sprintf("unknown command %q (did you mean %q?)", name, s)
	}
	return fmt.Sprintf("unknown command %q", name)
}

// outputGuard passes writes through to w until one fails. Then it cancels
// the run, so that the command stops reading, and fails every later write
// at once with the same error: a closed stdout ends the run instead of
// being written to (and complained about) once per document.
type outputGuard struct {
	w      io.Writer
	cancel context.CancelCauseFunc

	mu  sync.Mutex
	err error
}

// errOutputFailed is the cause of a run's cancellation by a failed write.
var errOutputFailed = errors.New("writing output failed")

func (g *outputGuard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		g.err = err
		g.cancel(errOutputFailed)
	}
	return n, err
}

// failure returns the first write error, or nil.
func (g *outputGuard) failure() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// brokenPipe reports whether err is a write to a pipe (or pipe-like
// writer) whose reader has gone.
func brokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe)
}
