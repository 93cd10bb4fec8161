package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

func init() {
	commands["create"] = command{
		usage: "" +
			"  create --config CLIENT.json [--tools TOOLS.json] [--tool-choice auto|required|none|NAME]\n" +
			"         [--json-output[=false] | --output-schema NAME=SCHEMA.json] [--extra-args ARGS.json]\n" +
			"         [--stream [--include-usage[=false]]] [MESSAGES.json|-]\n" +
			"                                        send the LLM messages (a JSON array) to the model client the component\n" +
			"                                        config describes; print each streamed text chunk as a JSON string, then\n" +
			"                                        the CreateResult, one JSON value a line\n",
		runCtx: runCreate,
	}
}

const createUsage = `usage: agentschema create --config CLIENT.json [--tools TOOLS.json] [--tool-choice auto|required|none|NAME]
       [--json-output[=false] | --output-schema NAME=SCHEMA.json] [--extra-args ARGS.json]
       [--stream [--include-usage[=false]]] [MESSAGES.json|-]

Loads the model client an AutoGen component config describes (any registered
provider, for example
autogen_ext.models.openai.OpenAIChatCompletionClient), sends it the JSON
array of LLM messages once, and prints one JSON value a line: with --stream
each text chunk as a JSON string, then the CreateResult as AutoGen writes
it. --json-output is json_output=True (JSON mode), --json-output=false
json_output=False (response_format {"type": "text"}); without either,
json_output is not passed. --include-usage is create_stream's
include_usage. Where AutoGen raises, it prints "CLASS: MESSAGE" (the
exception's class and text) on stderr and exits 1. Exit 2 for a usage
error or an input that cannot be read.

`

type createFlags struct {
	config, tools, toolChoice, outputSchema, extraArgs string
	jsonOutput, includeUsage                           optionalBool
	stream                                             bool
}

// optionalBool is a boolean flag that may be left out: --name is true,
// --name=false false, and without the flag it is unset (AutoGen's None).
type optionalBool struct{ value *bool }

func (b *optionalBool) String() string {
	if b == nil || b.value == nil {
		return ""
	}
	return strconv.FormatBool(*b.value)
}

func (b *optionalBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	b.value = &v
	return nil
}

func (b *optionalBool) IsBoolFlag() bool { return true }

// runCreate runs the create command: one completion of the model client
// the --config file describes, on the messages of the input.
func runCreate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := createFlagSet(stderr)
	files, ok := parseInterspersed(fs, args)
	if !ok {
		return exitUsage
	}
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "agentschema create: %s\n", msg)
		fs.Usage()
		return exitUsage
	}
	switch {
	case len(files) > 1:
		return usage("at most one MESSAGES file")
	case f.config == "":
		return usage("--config CLIENT.json is required")
	case f.jsonOutput.value != nil && f.outputSchema != "":
		return usage("--json-output and --output-schema exclude each other")
	case f.includeUsage.value != nil && !f.stream:
		return usage("--include-usage needs --stream")
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "agentschema create: %v\n", err)
		if le := (*inputTooLargeError)(nil); errors.As(err, &le) {
			return exitBad
		}
		return exitUsage
	}

	config, err := readFileArg(f.config, stdin)
	if err != nil {
		return fail(fmt.Errorf("--config: %w", err))
	}
	opts, more, err := f.createOptions(stdin)
	var uerr usageError
	if errors.As(err, &uerr) {
		return usage(string(uerr))
	} else if err != nil {
		return fail(err)
	}
	messages, status := readMessages(name, stdin, stderr)
	if status != exitOK {
		return status
	}
	return createAndPrint(ctx, config, messages, opts, more, f.stream, stdout, stderr)
}

// createFlagSet returns the flags of the create command and where they
// are stored; its usage message goes to stderr.
func createFlagSet(stderr io.Writer) (*flag.FlagSet, *createFlags) {
	var f createFlags
	fs := flag.NewFlagSet("create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.config, "config", "", "the client's component config (JSON)")
	fs.StringVar(&f.tools, "tools", "", "a JSON array of tool schemas (or one schema)")
	fs.StringVar(&f.toolChoice, "tool-choice", "", "auto, required, none, or the name of one of the tools")
	fs.Var(&f.jsonOutput, "json-output", "json_output: JSON mode (true, the default of the bare flag) or text mode (false)")
	fs.StringVar(&f.outputSchema, "output-schema", "", "NAME=SCHEMA.json: structured output with this JSON Schema, named NAME")
	fs.StringVar(&f.extraArgs, "extra-args", "", "a JSON object of extra create arguments")
	fs.BoolVar(&f.stream, "stream", false, "stream the completion")
	fs.Var(&f.includeUsage, "include-usage", "create_stream's include_usage (with --stream)")
	fs.Usage = func() {
		fmt.Fprint(stderr, createUsage)
		fs.PrintDefaults()
	}
	return fs, &f
}

// readMessages reads the LLM messages of the named input ("-": stdin).
// Otherwise it reports the fault on stderr and returns the exit status:
// exitUsage for an input that cannot be read, exitBad for messages AutoGen
// would refuse.
func readMessages(name string, stdin io.Reader, stderr io.Writer) ([]gen.LLMMessage, int) {
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %v\n", err)
		return nil, exitUsage
	}
	defer closeFn()
	data, err := readJSONLimited(r, maxInputSize)
	if le := (*inputTooLargeError)(nil); errors.As(err, &le) {
		fmt.Fprintf(stderr, "agentschema create: %s: %v\n", name, err)
		return nil, exitBad
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %s: %v\n", name, err)
		return nil, exitUsage
	}
	messages, err := decodeMessages(data)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %s: %v\n", name, err)
		return nil, exitBad
	}
	return messages, exitOK
}

// createAndPrint loads the model client the config describes, runs the
// completion and prints the CreateResult, returning the exit status; where
// AutoGen raises, it prints the error on stderr and returns exitBad.
func createAndPrint(ctx context.Context, config []byte, messages []gen.LLMMessage, opts models.CreateOptions, more models.MoreOptions, stream bool, stdout, stderr io.Writer) int {
	client, err := models.LoadClient(ctx, config)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %s\n", errorText(err))
		return exitBad
	}
	defer client.Close()
	result, err := create(ctx, client, messages, opts, more, stream, stdout)
	if err == nil {
		var out []byte
		if out, err = gen.Marshal(&result); err == nil {
			fmt.Fprintf(stdout, "%s\n", out)
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "agentschema create: %s\n", errorText(err))
	return exitBad
}

// errorText is how create reports an error: "CLASS: MESSAGE" for what
// AutoGen's client raises (the Python exception's class and text), the
// error itself otherwise.
func errorText(err error) string {
	if class, msg, ok := models.ExceptionOf(err); ok {
		return class + ": " + msg
	}
	return err.Error()
}

// usageError is a wrong use of the flags: the verb prints its usage.
type usageError string

func (e usageError) Error() string { return string(e) }

// createOptions reads the create options the flags give (their files, or
// standard input for "-").
func (f createFlags) createOptions(stdin io.Reader) (models.CreateOptions, models.MoreOptions, error) {
	var opts models.CreateOptions
	var more models.MoreOptions
	opts.ToolChoice = f.toolChoice
	opts.JSONOutput = f.jsonOutput.value
	more.IncludeUsage = f.includeUsage.value
	if f.tools != "" {
		data, err := readFileArg(f.tools, stdin)
		if err != nil {
			return opts, more, fmt.Errorf("--tools: %w", err)
		}
		if opts.Tools, err = decodeTools(data); err != nil {
			return opts, more, fmt.Errorf("--tools %s: %w", f.tools, err)
		}
	}
	if f.extraArgs != "" {
		data, err := readFileArg(f.extraArgs, stdin)
		if err != nil {
			return opts, more, fmt.Errorf("--extra-args: %w", err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&opts.ExtraArgs); err != nil || opts.ExtraArgs == nil {
			return opts, more, fmt.Errorf("--extra-args %s: expected a JSON object", f.extraArgs)
		}
	}
	if f.outputSchema != "" {
		n, file, ok := strings.Cut(f.outputSchema, "=")
		if !ok || n == "" || file == "" {
			return opts, more, usageError("--output-schema takes NAME=SCHEMA.json")
		}
		data, err := readFileArg(file, stdin)
		if err != nil {
			return opts, more, fmt.Errorf("--output-schema: %w", err)
		}
		if !json.Valid(data) {
			return opts, more, fmt.Errorf("--output-schema %s: not JSON", file)
		}
		more.OutputSchema = &models.OutputSchema{Name: n, Schema: data}
	}
	return opts, more, nil
}

// create runs one completion. A streamed one prints each text chunk to
// stdout as a JSON string line as it comes. A client that takes
// models.MoreOptions (the OpenAI clients) gets the include_usage and the
// output schema; any other client refuses an output schema.
func create(ctx context.Context, client models.ChatCompletionClient, messages []gen.LLMMessage, opts models.CreateOptions, more models.MoreOptions, stream bool, stdout io.Writer) (gen.CreateResult, error) {
	c, hasOptions := client.(models.OptionsClient)
	if !hasOptions && more.OutputSchema != nil {
		return gen.CreateResult{}, fmt.Errorf("--output-schema: the client %T does not take a JSON Schema", client)
	}
	if !hasOptions && more.IncludeUsage != nil {
		return gen.CreateResult{}, fmt.Errorf("--include-usage: the client %T does not take include_usage", client)
	}
	if !stream {
		if hasOptions {
			return c.CreateWith(ctx, messages, opts, more)
		}
		return client.Create(ctx, messages, opts)
	}
	var events iter.Seq2[models.StreamEvent, error]
	if hasOptions {
		events = c.CreateStreamWith(ctx, messages, opts, more)
	} else {
		events = client.CreateStream(ctx, messages, opts)
	}
	var result *gen.CreateResult
	for ev, err := range events {
		if err != nil {
			return gen.CreateResult{}, err
		}
		if ev.Result != nil {
			result = ev.Result
			continue
		}
		b, _ := json.Marshal(ev.Text)
		fmt.Fprintf(stdout, "%s\n", b)
	}
	if result == nil {
		return gen.CreateResult{}, models.ErrNoResult
	}
	return *result, nil
}

// readFileArg reads a file named by a flag ("-" is standard input), one
// document: an input larger than the document limit is refused with an
// *inputTooLargeError without reading it all.
func readFileArg(name string, stdin io.Reader) ([]byte, error) {
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	return readJSONLimited(r, maxInputSize)
}

// decodeTools reads a JSON array of ToolSchema objects, or one.
func decodeTools(data []byte) ([]gen.ToolSchema, error) {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		t, err := decodeToolSchema(data)
		if err != nil {
			return nil, err
		}
		return []gen.ToolSchema{t}, nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("expected a JSON array of tool schemas: %w", err)
	}
	tools := make([]gen.ToolSchema, len(raw))
	for i, r := range raw {
		t, err := decodeToolSchema(r)
		if err != nil {
			return nil, fmt.Errorf("/%d: %w", i, err)
		}
		tools[i] = t
	}
	return tools, nil
}

// decodeToolSchema reads one ToolSchema. AutoGen's ToolSchema and its
// parameters are TypedDicts, which Python never validates: parameters
// without "type" reach the clients (Ollama's and Anthropic's replace it
// by "object"), so that one missing member is let through (Type "").
func decodeToolSchema(data []byte) (gen.ToolSchema, error) {
	var t gen.ToolSchema
	err := json.Unmarshal(data, &t)
	var faults agentschema.Faults
	if err == nil || !errors.As(err, &faults) {
		return t, err
	}
	for _, f := range faults {
		if f.Pointer != "/parameters/type" || f.Type != "missing" {
			return t, err
		}
	}
	return t, nil
}

// decodeMessages reads a JSON array of LLM messages.
func decodeMessages(data []byte) ([]gen.LLMMessage, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("expected a JSON array of LLM messages: %w", err)
	}
	out := make([]gen.LLMMessage, len(raw))
	for i, r := range raw {
		m, err := gen.UnmarshalLLMMessage(r)
		if err != nil {
			return nil, fmt.Errorf("/%d: %w", i, err)
		}
		out[i] = m
	}
	return out, nil
}
