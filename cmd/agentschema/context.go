package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/modelcontext/modelcontexttest"
	_ "github.com/agentschema/agentschema/pkg/models/replay" // the replay client, for token-limited contexts
)

func init() {
	// The conformance cases' token-limited contexts count with the replay
	// client or with the CharBudgetClient rule they define
	// ("oracle_clients.CharBudgetClient", see CONTEXTS.md); registering the
	// latter lets the command replay every case. AutoGen itself cannot
	// load it.
	modelcontexttest.Register(component.Default)

	commands["context"] = command{
		usage: "" +
			"  context --config COMPONENT.json [--state] [FILE|-]\n" +
			"                                        build a model context from an AutoGen component config, add the LLM\n" +
			"                                        messages (JSON array, saved context state or JSONL) and print its view\n" +
			"                                        as a JSON array (--state: its saved state)\n",
		run: runContextCommand,
	}
}

const contextUsage = `usage: agentschema context --config COMPONENT.json [--state] [FILE|-]

Builds the chat completion context an AutoGen component config describes
(Unbounded, Buffered, HeadAndTail or TokenLimitedChatCompletionContext, as
dump_component() writes it; a token-limited context's model_client must be
the ReplayChatCompletionClient, or the CharBudgetClient counting rule of the
conformance cases, "oracle_clients.CharBudgetClient"), adds the LLM messages of FILE (or standard
input) after its initial messages, and prints what get_messages() returns:
a JSON array of the messages, each in canonical form, on one line. With
--state it prints save_state() instead. The messages are a JSON array, a
saved context state ({"messages": [...]}), one message, or JSONL of these.
`

func runContextCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("context", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "the context's component config (JSON): a ComponentModel AutoGen's dump_component() wrote")
	state := fs.Bool("state", false, "print the saved state ({\"messages\": [...]}) instead of the view")
	fs.Usage = func() {
		fmt.Fprint(stderr, contextUsage)
		fs.PrintDefaults()
	}
	files, ok := parseInterspersed(fs, args)
	if !ok {
		return exitUsage
	}
	switch {
	case *config == "":
		fmt.Fprintln(stderr, "agentschema context: --config COMPONENT.json is required")
		fs.Usage()
		return exitUsage
	case len(files) > 1:
		fmt.Fprintln(stderr, "agentschema context: at most one input FILE")
		return exitUsage
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	if *config == "-" && name == "-" {
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

	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema context: %v\n", err)
		return exitUsage
	}
	defer closeFn()
	msgs, code := readLLMMessages(name, r, stderr)
	if code != exitOK {
		return code
	}
	for i, m := range msgs {
		if err := cc.AddMessage(ctx, m); err != nil {
			fmt.Fprintf(stderr, "agentschema context: %s: message %d: %v\n", name, i, err)
			return exitBad
		}
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
		fmt.Fprintf(stderr, "agentschema context: writing output: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// readAll reads a whole named input ("-" is standard input).
func readAll(name string, stdin io.Reader, stderr io.Writer) ([]byte, int) {
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema context: %v\n", err)
		return nil, exitUsage
	}
	defer closeFn()
	data, err := io.ReadAll(r)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema context: %s: %v\n", name, err)
		return nil, exitUsage
	}
	return data, exitOK
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
		m.EncodeTo(e)
	}
	e.Raw("]")
	if err := e.Err(); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}
