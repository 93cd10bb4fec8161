package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/workbench"
	"github.com/agentschema/agentschema/pkg/workbench/mcp"
)

func init() {
	commands["mcp"] = command{
		usage: "" +
			"  mcp --config WORKBENCH.json tools     list the tools of the MCP server an AutoGen McpWorkbench config names,\n" +
			"                                        as AutoGen's tool schemas (JSON, one per line)\n" +
			"  mcp --config WORKBENCH.json call NAME [ARGS.json|-]\n" +
			"                                        call a tool with a JSON object of arguments; print the ToolResult\n" +
			"                                        (exit 1 when it is an error result)\n",
		runCtx: runMCP,
	}
}

const mcpUsage = `usage: agentschema mcp --config WORKBENCH.json tools
       agentschema mcp --config WORKBENCH.json call NAME [ARGS.json|-]

Connects to the MCP server of an AutoGen McpWorkbench config (the component
config dump_component() writes, provider autogen_ext.tools.mcp.McpWorkbench,
or its bare McpWorkbenchConfig) over stdio, SSE or streamable HTTP, as
AutoGen's McpWorkbench does, with the config's tool overrides.

tools prints each tool's schema as AutoGen's list_tools() gives it, one JSON
object per line. call NAME calls a tool (by its name or override name) with
the arguments in ARGS.json or standard input (a JSON object; none means {})
and prints the ToolResult as AutoGen's JSON; the exit status is 1 when the
result is an error result. A stdio server's standard error is passed on to
ours; the server is stopped before the command exits.

Only use configs you trust: a stdio server is a command run on this machine.
`

// mcpStopTimeout bounds how long the command waits for the server to stop.
const mcpStopTimeout = 10 * time.Second

func runMCP(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "the McpWorkbench config (JSON): a ComponentModel or an McpWorkbenchConfig")
	fs.Usage = func() {
		fmt.Fprint(stderr, mcpUsage)
		fs.PrintDefaults()
	}
	pos, ok := parseInterspersed(fs, args)
	if !ok {
		return exitUsage
	}
	if *config == "" {
		fmt.Fprintln(stderr, "agentschema mcp: --config WORKBENCH.json is required")
		fs.Usage()
		return exitUsage
	}
	var argsFile string
	switch {
	case len(pos) == 1 && pos[0] == "tools":
	case len(pos) >= 2 && len(pos) <= 3 && pos[0] == "call":
		if len(pos) == 3 {
			argsFile = pos[2]
		}
	default:
		fmt.Fprintln(stderr, "agentschema mcp: expected tools, or call NAME [ARGS.json|-]")
		fs.Usage()
		return exitUsage
	}
	if *config == "-" && argsFile == "-" {
		fmt.Fprintln(stderr, "agentschema mcp: --config - and the arguments cannot both come from standard input")
		return exitUsage
	}
	data, code := readNamed("mcp", *config, stdin, stderr)
	if code != exitOK {
		return code
	}
	w, err := loadMCPWorkbench(ctx, data, stdin, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema mcp: %s: %v\n", *config, err)
		return exitBad
	}
	var callArgs json.RawMessage
	if argsFile != "" {
		b, code := readNamed("mcp", argsFile, stdin, stderr)
		if code != exitOK {
			return code
		}
		if t := bytes.TrimSpace(b); len(t) > 0 && !json.Valid(t) {
			fmt.Fprintf(stderr, "agentschema mcp: %s: the arguments are not JSON\n", argsFile)
			return exitUsage
		}
		callArgs = b
	}

	if err := w.Start(ctx); err != nil {
		if ctx.Err() != nil {
			return exitInterrupted
		}
		fmt.Fprintf(stderr, "agentschema mcp: starting the server: %v\n", err)
		return exitBad
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), mcpStopTimeout)
		defer cancel()
		if err := w.Stop(sctx); err != nil {
			fmt.Fprintf(stderr, "agentschema mcp: stopping the server: %v\n", err)
		}
	}()

	out := bufio.NewWriter(stdout)
	if pos[0] == "tools" {
		return mcpTools(ctx, w, out, stderr)
	}
	return mcpCall(ctx, w, pos[1], callArgs, out, stderr)
}

// mcpTools writes the server's tools, one ToolSchema a line.
func mcpTools(ctx context.Context, w *mcp.Workbench, out *bufio.Writer, stderr io.Writer) int {
	schemas, err := w.ListTools(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return exitInterrupted
		}
		fmt.Fprintf(stderr, "agentschema mcp: listing the tools: %v\n", err)
		return exitBad
	}
	for _, s := range schemas {
		b, err := json.Marshal(s)
		if err != nil {
			fmt.Fprintf(stderr, "agentschema mcp: tool %s: %v\n", s.Name, err)
			return exitBad
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	if err := out.Flush(); err != nil {
		return exitUsage // the output guard reports it
	}
	return exitOK
}

// mcpCall calls one tool and writes its ToolResult; an error result exits
// with exitBad.
func mcpCall(ctx context.Context, w *mcp.Workbench, name string, args json.RawMessage, out *bufio.Writer, stderr io.Writer) int {
	r, err := w.CallTool(ctx, name, args, "")
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, context.Canceled) {
			return exitInterrupted
		}
		fmt.Fprintf(stderr, "agentschema mcp: calling %s: %v\n", name, err)
		return exitBad
	}
	b, err := json.Marshal(r)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema mcp: %v\n", err)
		return exitBad
	}
	out.Write(b)
	out.WriteByte('\n')
	if err := out.Flush(); err != nil {
		return exitUsage
	}
	if r.IsError {
		return exitBad
	}
	return exitOK
}

// loadMCPWorkbench reads an McpWorkbench component config, or a bare
// McpWorkbenchConfig (an object with server_params and no provider).
func loadMCPWorkbench(ctx context.Context, data []byte, stdin io.Reader, stderr io.Writer) (*mcp.Workbench, error) {
	// A StdioElicitor in the config reads standard input (what the
	// arguments left of it) and prompts on standard error, so that standard
	// output holds only the command's results.
	opts := &mcp.Options{Stderr: stderr, ElicitIn: stdin, ElicitOut: stderr}
	var probe struct {
		Provider *string `json:"provider"`
	}
	_ = json.Unmarshal(data, &probe)
	if probe.Provider == nil {
		var cfg gen.McpWorkbenchConfig
		if err := cfg.UnmarshalJSON(data); err != nil {
			return nil, err
		}
		return mcp.FromConfig(&cfg, opts)
	}
	var m gen.ComponentModel
	if err := m.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	wb, err := component.LoadModelAs[workbench.Workbench](ctx, &m)
	if err != nil {
		return nil, err
	}
	w, ok := wb.(*mcp.Workbench)
	if !ok {
		return nil, fmt.Errorf("provider %s is not an McpWorkbench", m.Provider)
	}
	// Reload with the command's options (the server's stderr passed on).
	return mcp.FromConfig(w.Config(), opts)
}

// readNamed reads a whole named input ("-" is standard input), one
// document: an input larger than the document limit is refused (exit 1)
// without reading it all.
func readNamed(cmd, name string, stdin io.Reader, stderr io.Writer) ([]byte, int) {
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema %s: %v\n", cmd, err)
		return nil, exitUsage
	}
	defer closeFn()
	data, err := readJSONLimited(r, maxInputSize)
	var le *inputTooLargeError
	if errors.As(err, &le) {
		fmt.Fprintf(stderr, "agentschema %s: %s: %v\n", cmd, name, err)
		return nil, exitBad
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentschema %s: %s: %v\n", cmd, name, err)
		return nil, exitUsage
	}
	return data, exitOK
}

// maxInputSize bounds a single-document input (--config, --state, a task
// file, a text to count, ...): the decoder's document limit.
// and the documents of the inputs read by jsonstream (a JSONL line, a
// document, an array's element): the decoder's document limit, or less
// under an address-space limit (limitMemoryToAddressSpace).
var maxInputSize = int64(wire.DefaultMaxDocumentSize)

// inputLimitNote follows the limit in the messages that refuse a document
// over maxInputSize: "" for the usual limit, or why it is lower.
var inputLimitNote = ""

// inputTooLargeError is an input over maxInputSize.
type inputTooLargeError struct{ limit int64 }

func (e *inputTooLargeError) Error() string {
	return fmt.Sprintf("the input is larger than the document limit (%d bytes%s)", e.limit, inputLimitNote)
}

// readJSONLimited is readLimited for an input that must be one JSON
// value. Where the first byte that is not white space cannot start a JSON
// value (an endless /dev/zero, binary data), it stops reading after that
// byte: the decoder then reports the same fault, at the same place, as it
// would on the whole input.
func readJSONLimited(r io.Reader, limit int64) ([]byte, error) {
	br := bufio.NewReaderSize(r, 4096)
	var head []byte
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			return head, nil
		} else if err != nil {
			return nil, err
		}
		head = append(head, c)
		if int64(len(head)) > limit {
			return nil, &inputTooLargeError{limit: limit}
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		// 0xEF may start a byte order mark, which the decoders judge.
		if c != 0xef && !strings.ContainsRune(`{["-0123456789tfn`, rune(c)) {
			return head, nil
		}
		break
	}
	rest, err := readLimited(br, limit-int64(len(head)))
	var le *inputTooLargeError
	if errors.As(err, &le) {
		return nil, &inputTooLargeError{limit: limit}
	} else if err != nil {
		return nil, err
	}
	return append(head, rest...), nil
}

// readLimited reads r to its end, refusing more than limit bytes with an
// *inputTooLargeError once limit+1 bytes are read.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &inputTooLargeError{limit: limit}
	}
	return data, nil
}
