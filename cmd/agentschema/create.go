package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai" // the OpenAI and Azure OpenAI clients, for create and for token-limited contexts
)

func init() {
	commands["create"] = command{
		usage: "" +
			"  create --config CLIENT.json [--tools TOOLS.json] [--tool-choice auto|required|none|NAME]\n" +
			"         [--json-output | --output-schema NAME=SCHEMA.json] [--extra-args ARGS.json] [--stream] [MESSAGES.json|-]\n" +
			"                                        send the LLM messages (a JSON array) to the model client the component\n" +
			"                                        config describes; print each streamed text chunk as a JSON string, then\n" +
			"                                        the CreateResult, one JSON value a line\n",
		runCtx: runCreate,
	}
}

const createUsage = `usage: agentschema create --config CLIENT.json [--tools TOOLS.json] [--tool-choice auto|required|none|NAME]
       [--json-output | --output-schema NAME=SCHEMA.json] [--extra-args ARGS.json] [--stream] [MESSAGES.json|-]

Loads the model client an AutoGen component config describes (for example
autogen_ext.models.openai.OpenAIChatCompletionClient), sends it the JSON
array of LLM messages once, and prints one JSON value a line: with --stream
each text chunk as a JSON string, then the CreateResult as AutoGen writes
it. Where AutoGen raises, it prints the error on stderr and exits 1.
Exit 2 for a usage error or an input that cannot be read.

`

type createFlags struct {
	config, tools, toolChoice, outputSchema, extraArgs string
	jsonOutput, stream                                 bool
}

func runCreate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f createFlags
	fs := flag.NewFlagSet("create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.config, "config", "", "the client's component config (JSON)")
	fs.StringVar(&f.tools, "tools", "", "a JSON array of tool schemas (or one schema)")
	fs.StringVar(&f.toolChoice, "tool-choice", "", "auto, required, none, or the name of one of the tools")
	fs.BoolVar(&f.jsonOutput, "json-output", false, "JSON mode (json_output=True)")
	fs.StringVar(&f.outputSchema, "output-schema", "", "NAME=SCHEMA.json: structured output with this JSON Schema, named NAME")
	fs.StringVar(&f.extraArgs, "extra-args", "", "a JSON object of extra create arguments")
	fs.BoolVar(&f.stream, "stream", false, "stream the completion")
	fs.Usage = func() {
		fmt.Fprint(stderr, createUsage)
		fs.PrintDefaults()
	}
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
	case f.jsonOutput && f.outputSchema != "":
		return usage("--json-output and --output-schema exclude each other")
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "agentschema create: %v\n", err)
		return exitUsage
	}

	config, err := readFileArg(f.config, stdin)
	if err != nil {
		return fail(fmt.Errorf("--config: %w", err))
	}
	var opts models.CreateOptions
	var more openai.Options
	opts.ToolChoice = f.toolChoice
	if f.jsonOutput {
		t := true
		opts.JSONOutput = &t
	}
	if f.tools != "" {
		data, err := readFileArg(f.tools, stdin)
		if err != nil {
			return fail(fmt.Errorf("--tools: %w", err))
		}
		if opts.Tools, err = decodeTools(data); err != nil {
			return fail(fmt.Errorf("--tools %s: %w", f.tools, err))
		}
	}
	if f.extraArgs != "" {
		data, err := readFileArg(f.extraArgs, stdin)
		if err != nil {
			return fail(fmt.Errorf("--extra-args: %w", err))
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&opts.ExtraArgs); err != nil || opts.ExtraArgs == nil {
			return fail(fmt.Errorf("--extra-args %s: expected a JSON object", f.extraArgs))
		}
	}
	if f.outputSchema != "" {
		n, file, ok := strings.Cut(f.outputSchema, "=")
		if !ok || n == "" || file == "" {
			return usage("--output-schema takes NAME=SCHEMA.json")
		}
		data, err := readFileArg(file, stdin)
		if err != nil {
			return fail(fmt.Errorf("--output-schema: %w", err))
		}
		if !json.Valid(data) {
			return fail(fmt.Errorf("--output-schema %s: not JSON", file))
		}
		more.OutputSchema = &openai.OutputSchema{Name: n, Schema: data}
	}
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		return fail(err)
	}
	defer closeFn()
	data, err := io.ReadAll(r)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", name, err))
	}
	messages, err := decodeMessages(data)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %s: %v\n", name, err)
		return exitBad
	}

	client, err := models.LoadClient(ctx, config)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %v\n", err)
		return exitBad
	}
	defer client.Close()
	type withOptions interface {
		CreateWith(context.Context, []gen.LLMMessage, models.CreateOptions, openai.Options) (gen.CreateResult, error)
		CreateStreamWith(context.Context, []gen.LLMMessage, models.CreateOptions, openai.Options) iter.Seq2[models.StreamEvent, error]
	}
	var result gen.CreateResult
	if f.stream {
		var stream iter.Seq2[models.StreamEvent, error]
		if c, ok := client.(withOptions); ok {
			stream = c.CreateStreamWith(ctx, messages, opts, more)
		} else if more.OutputSchema != nil {
			fmt.Fprintf(stderr, "agentschema create: --output-schema: the client %T does not take a JSON Schema\n", client)
			return exitBad
		} else {
			stream = client.CreateStream(ctx, messages, opts)
		}
		got := false
		for ev, err := range stream {
			if err != nil {
				fmt.Fprintf(stderr, "agentschema create: %v\n", err)
				return exitBad
			}
			if ev.Result != nil {
				result, got = *ev.Result, true
				continue
			}
			b, _ := json.Marshal(ev.Text)
			fmt.Fprintf(stdout, "%s\n", b)
		}
		if !got {
			fmt.Fprintf(stderr, "agentschema create: %v\n", models.ErrNoResult)
			return exitBad
		}
	} else {
		if c, ok := client.(withOptions); ok {
			result, err = c.CreateWith(ctx, messages, opts, more)
		} else if more.OutputSchema != nil {
			err = fmt.Errorf("--output-schema: the client %T does not take a JSON Schema", client)
		} else {
			result, err = client.Create(ctx, messages, opts)
		}
		if err != nil {
			fmt.Fprintf(stderr, "agentschema create: %v\n", err)
			return exitBad
		}
	}
	out, err := gen.Marshal(&result)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema create: %v\n", err)
		return exitBad
	}
	fmt.Fprintf(stdout, "%s\n", out)
	return exitOK
}

// readFileArg reads a file named by a flag ("-" is standard input).
func readFileArg(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// decodeTools reads a JSON array of ToolSchema objects, or one.
func decodeTools(data []byte) ([]gen.ToolSchema, error) {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		var t gen.ToolSchema
		if err := json.Unmarshal(data, &t); err != nil {
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
		if err := json.Unmarshal(r, &tools[i]); err != nil {
			return nil, fmt.Errorf("/%d: %w", i, err)
		}
	}
	return tools, nil
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
