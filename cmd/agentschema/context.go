package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/oracleclients"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	_ "github.com/agentschema/agentschema/pkg/models/replay" // the replay client, for token-limited contexts
)

func init() {
	// The conformance cases' token-limited contexts count with the replay
	// client or with the CharBudgetClient rule they define
	// ("oracle_clients.CharBudgetClient", see CONTEXTS.md); registering the
	// latter lets the command replay every case. AutoGen itself cannot
	// load it.
	oracleclients.Register(component.Default)

	commands["context"] = command{
		usage: "" +
			"  context --config COMPONENT.json [--state] [--format text|json|github] [FILE|DIR|-]...\n" +
			"                                        build a model context from an AutoGen component config, add the LLM\n" +
			"                                        messages (JSON array, saved context state or JSONL) and print its view\n" +
			"                                        as a JSON array (--state: its saved state)\n",
		help: contextUsage,
		run:  runContextCommand,
	}
}

const contextUsage = `usage: agentschema context --config COMPONENT.json [--state] [--format text|json|github] [FILE|DIR|-]...

Builds the chat completion context an AutoGen component config describes
(Unbounded, Buffered, HeadAndTail or TokenLimitedChatCompletionContext, as
dump_component() writes it; a token-limited context's model_client must be
a client that counts offline, such as the ReplayChatCompletionClient),
adds the LLM messages of the inputs (files, directories or standard
input, the default) after its initial messages, one at a time as they
are read, and prints what get_messages() returns: a JSON array of the
messages, each in canonical form, on one line. With --state it prints
save_state() instead. The messages are a JSON array, a saved context
state ({"messages": [...]}), one message, or JSONL of these. Faults go to
stderr (FILE:LINE: POINTER: message).

Examples:
  agentschema context --config buffered.json examples/context_state.json
  agentschema context --config token_limited.json --state messages.jsonl

`

func runContextCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("context", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "the context's component config (JSON): a ComponentModel AutoGen's dump_component() wrote")
	state := fs.Bool("state", false, "print the saved state ({\"messages\": [...]}) instead of the view")
	format := fs.String("format", "text", formatHelp)
	setUsage(fs, contextUsage)
	args, ok := parseInterspersed(fs, args)
	if !ok {
		return exitUsage
	}
	if !checkFormat("context", *format, stderr) {
		return exitUsage
	}
	if *config == "" {
		fmt.Fprintln(stderr, "agentschema context: --config COMPONENT.json is required")
		fs.Usage()
		return exitUsage
	}
	files, unreadable := inputs(args, stderr)
	if unreadable {
		return exitUsage
	}
	if *config == "-" && slices.Contains(files, "-") {
		fmt.Fprintln(stderr, "agentschema context: --config - and the messages cannot both come from standard input")
		return exitUsage
	}

	data, code := readAll(*config, stdin, stderr)
	if code != exitOK {
		return code
	}
	ctx := context.Background()
	cc, err := modelcontext.Load(ctx, data)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema context: %s: %v\n", *config, err)
		return exitBad
	}

	// Each message is added as it is read; after a bad document or a
	// refused message, nothing more is added and the faults of the rest
	// are still reported.
	var addErr error
	code = readLLMMessages("context", files, stdin, &faultPrinter{format: *format, w: stderr}, stderr, func(name string, i int, m gen.LLMMessage) bool {
		if err := cc.AddMessage(ctx, m); err != nil {
			addErr = fmt.Errorf("%s: message %d: %w", name, i, err)
			return false
		}
		return true
	})
	if code != exitOK && addErr == nil {
		return code
	}
	if addErr != nil && code != exitUsage {
		fmt.Fprintf(stderr, "agentschema context: %v\n", addErr)
		return exitBad
	}
	if code != exitOK {
		return code
	}

	var out []byte
	if *state {
		out, err = cc.SaveState(ctx)
	} else {
		out, err = encodeView(ctx, cc)
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentschema context: %v\n", err)
		return exitBad
	}
	w := bufio.NewWriter(stdout)
	w.Write(out)
	w.WriteByte('\n')
	if err := w.Flush(); err != nil {
		// The command's output guard saw the failure: it prints it once
		// (or exits 141 silently for a closed pipe).
		return exitUsage
	}
	return exitOK
}

// readAll reads a whole named input for context (see readNamed).
func readAll(name string, stdin io.Reader, stderr io.Writer) ([]byte, int) {
	return readNamed("context", name, stdin, stderr)
}

// encodeView returns the context's view as a JSON array of the messages'
// canonical encodings.
func encodeView(ctx context.Context, cc modelcontext.ChatCompletionContext) ([]byte, error) {
	view, err := cc.GetMessages(ctx)
	if err != nil {
		return nil, err
	}
	e := wire.NewEncoder(nil)
	e.Raw("[")
	for i, m := range view {
		if i > 0 {
			e.Raw(",")
		}
		e.Value(m)
	}
	e.Raw("]")
	if err := e.Err(); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}
