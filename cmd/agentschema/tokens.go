package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/tokens"
)

func init() {
	commands["tokens"] = command{
		usage: "" +
			"  tokens --model MODEL [--family FAMILY] [--tools FILE] [--remaining] [--format text|json|github] [FILE|DIR|-]...\n" +
			"                                        count LLM messages (JSON array, saved context state or JSONL)\n" +
			"                                        as AutoGen's OpenAI client does; print the count\n" +
			"  tokens --encoding NAME --text [--ids] [FILE|-]\n" +
			"                                        count plain text with a tiktoken encoding (--ids: print the ids)\n",
		help: tokensUsage,
		run:  runTokens,
	}
}

const tokensUsage = `usage: agentschema tokens --model MODEL [--family FAMILY] [--tools FILE] [--remaining] [--format text|json|github] [FILE|DIR|-]...
       agentschema tokens --encoding NAME --text [--ids] [FILE|-]
       agentschema tokens --model MODEL --text [--ids] [FILE|-]

Counts tokens exactly as AutoGen's OpenAI chat client (count_tokens_openai,
tiktoken 0.14) does, offline. The messages are LLM messages: a JSON array,
a saved context state ({"messages": [...]}), one message, or JSONL of these,
in files, directories (every *.json and *.jsonl) or standard input (the
default); the messages of all inputs are one prompt. They are counted as
they are read, in memory bounded by the largest message. Faults go to
stderr (FILE:LINE: POINTER: message). With --text the whole input is plain
text.

Examples:
  agentschema tokens --model gpt-4o examples/context_state.json
  agentschema tokens --model gpt-4o --tools tools.json --remaining messages.jsonl
  echo -n 'hello world' | agentschema tokens --encoding o200k_base --text --ids

`

// tokensFlags are the parsed flags of the tokens command.
type tokensFlags struct {
	model, family, tools, encoding string
	remaining, text, ids           bool
	format                         string
	addNamePrefixes                bool
	includeName                    bool
}

func runTokens(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f tokensFlags
	fs := flag.NewFlagSet("tokens", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.model, "model", "", "the model, e.g. gpt-4o (its encoding, family and token limit come from AutoGen's tables)")
	fs.StringVar(&f.family, "family", "", "the client's model_info family, overriding the model's (e.g. gpt-4o, claude-3-5-sonnet, unknown)")
	fs.StringVar(&f.tools, "tools", "", "a file of tool schemas: a JSON array, one schema, or JSONL")
	fs.BoolVar(&f.remaining, "remaining", false, "print the model's token limit minus the count instead of the count")
	fs.BoolVar(&f.addNamePrefixes, "add-name-prefixes", false, `prefix user text with "<source> said:\n" (the client's add_name_prefixes)`)
	fs.BoolVar(&f.includeName, "include-name", true, "send user sources as the name field (the client's include_name_in_message)")
	fs.StringVar(&f.encoding, "encoding", "", "with --text: the encoding ("+strings.Join(tokens.EncodingNames(), ", ")+")")
	fs.BoolVar(&f.text, "text", false, "count the input as plain text")
	fs.BoolVar(&f.ids, "ids", false, "with --text: print the token ids as a JSON array")
	fs.StringVar(&f.format, "format", "text", formatHelp)
	setUsage(fs, tokensUsage)
	files, ok := parseInterspersed(fs, args)
	if !ok {
		return exitUsage
	}
	if !checkFormat("tokens", f.format, stderr) {
		return exitUsage
	}
	if msg := f.check(); msg != "" {
		fmt.Fprintf(stderr, "agentschema tokens: %s\n", msg)
		fs.Usage()
		return exitUsage
	}
	if f.text {
		if len(files) > 1 {
			fmt.Fprintln(stderr, "agentschema tokens: --text counts one input FILE")
			return exitUsage
		}
		name := "-"
		if len(files) == 1 {
			name = files[0]
		}
		r, closeFn, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "agentschema tokens: %v\n", err)
			return exitUsage
		}
		defer closeFn()
		return countText(f, name, r, stdout, stderr)
	}
	return countMessages(f, files, stdin, stdout, stderr)
}

// parseInterspersed parses flags that may come before or after the
// positional arguments, which it returns.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, bool) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, true
		}
		if args[0] == "-" || !strings.HasPrefix(args[0], "-") {
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
		// "--" ended the flags: the rest is positional.
		return append(pos, args...), true
	}
}

// check returns what is wrong with the combination of flags, or "".
func (f *tokensFlags) check() string {
	switch {
	case f.text && f.encoding == "" && f.model == "":
		return "--text needs --encoding NAME (or --model MODEL)"
	case f.text && f.encoding != "" && f.model != "":
		return "--text takes --encoding or --model, not both"
	case f.text && (f.family != "" || f.tools != "" || f.remaining || f.addNamePrefixes):
		return "--family, --tools, --remaining and --add-name-prefixes count messages, not --text"
	case !f.text && f.ids:
		return "--ids needs --text"
	case !f.text && f.encoding != "":
		return "--encoding counts plain text: add --text (messages are counted with the model's encoding, from --model)"
	case !f.text && f.model == "":
		return "--model MODEL is required (or --encoding NAME --text for plain text)"
	}
	return ""
}

// countText counts (or lists the ids of) the whole input as plain text.
func countText(f tokensFlags, name string, r io.Reader, stdout, stderr io.Writer) int {
	encName := f.encoding
	if encName == "" {
		var ok bool
		if encName, ok = textEncodingForModel(f.model); !ok {
			fmt.Fprintf(stderr, "agentschema tokens: %s\n", unknownModelMessage(f.model, true))
			return exitBad
		}
	}
	enc, err := tokens.GetEncoding(encName)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema tokens: unknown encoding %q; known encodings: %s\n", encName, strings.Join(tokens.EncodingNames(), ", "))
		return exitUsage
	}
	data, err := readLimited(r, maxInputSize)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema tokens: %s: %v\n", name, err)
		var le *inputTooLargeError
		if errors.As(err, &le) {
			return exitBad
		}
		return exitUsage
	}
	if !utf8.Valid(data) {
		fmt.Fprintf(stderr, "agentschema tokens: %s: the text is not valid UTF-8\n", name)
		return exitBad
	}
	ids, err := enc.Encode(string(data))
	if err != nil {
		fmt.Fprintf(stderr, "agentschema tokens: %s: ValueError: %v (tiktoken refuses special-token text)\n", name, err)
		return exitBad
	}
	if !f.ids {
		fmt.Fprintln(stdout, len(ids))
		return exitOK
	}
	out := make([]byte, 0, 8*len(ids)+2)
	out = append(out, '[')
	for i, id := range ids {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendInt(out, int64(id), 10)
	}
	out = append(out, "]\n"...)
	_, _ = stdout.Write(out)
	return exitOK
}

// textEncodingForModel is the encoding of a model AutoGen or tiktoken
// knows; ok is false for other models, whose encoding is a guess (AutoGen
// falls back to cl100k_base) that plain-text counting does not make.
func textEncodingForModel(model string) (string, bool) {
	if enc, ok := tokens.LookupEncodingForModel(model); ok {
		return enc, true
	}
	if _, known := tokens.ModelInfoFamily(model); known {
		return tokens.EncodingForModel(model), true
	}
	return "", false
}

// unknownModelMessage explains an unknown model. forText: plain text was
// asked for, which needs the model's encoding; otherwise messages, which
// need the family AutoGen's model table gives the model.
func unknownModelMessage(model string, forText bool) string {
	encodings := strings.Join(tokens.EncodingNames(), ", ")
	if forText {
		return fmt.Sprintf("unknown model %q: neither AutoGen's model table nor tiktoken's knows its encoding; "+
			"pass the encoding explicitly: --encoding NAME --text (encodings: %s)", model, encodings)
	}
	return fmt.Sprintf("unknown model %q: AutoGen's model table does not know it, so its OpenAI client requires "+
		"model_info; pass the family explicitly: --family FAMILY (for example --family unknown; messages are then "+
		"counted with tiktoken's encoding for the model, or AutoGen's cl100k_base fallback). "+
		"To count plain text with an explicit encoding: --encoding NAME --text (encodings: %s)", model, encodings)
}

// countMessages counts LLM messages as AutoGen's OpenAI client does,
// each as it is read (Σ MessageTokens + OverheadTokens is CountMessages;
// see tokens.OpenAICounter), so memory is bounded by the largest message.
func countMessages(f tokensFlags, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if f.family == "" {
		if _, ok := tokens.ModelInfoFamily(f.model); !ok {
			fmt.Fprintf(stderr, "agentschema tokens: %s\n", unknownModelMessage(f.model, false))
			return exitBad
		}
	}
	opts := tokens.Options{ModelFamily: f.family, AddNamePrefixes: f.addNamePrefixes}
	if !f.includeName {
		no := false
		opts.IncludeNameInMessage = &no
	}
	files, unreadable := inputs(args, stderr)
	if unreadable {
		return exitUsage
	}
	if f.tools != "" {
		if f.tools == "-" && slices.Contains(files, "-") {
			fmt.Fprintln(stderr, "agentschema tokens: --tools - and the messages cannot both come from standard input")
			return exitUsage
		}
		tools, code := readToolSchemas(f.tools, stdin, stderr)
		if code != exitOK {
			return code
		}
		opts.RawTools = tools
	}
	counter := &tokens.OpenAICounter{Model: f.model, Options: opts}
	n := 0
	var countErr error
	var countName string
	p := &faultPrinter{format: f.format, w: stderr}
	code := readLLMMessages("tokens", files, stdin, p, stderr, func(name string, i int, m gen.LLMMessage) bool {
		if countErr != nil {
			return true
		}
		k, err := counter.MessageTokens(m)
		if err != nil {
			countErr, countName = err, name
			return true
		}
		n += k
		return true
	})
	if code != exitOK {
		return code
	}
	if f.remaining {
		if _, ok := tokens.TokenLimit(f.model); !ok {
			_, err := tokens.RemainingTokens(nil, f.model, tokens.Options{ModelFamily: f.family})
			fmt.Fprintf(stderr, "agentschema tokens: --remaining: AutoGen knows no token limit for model %q (its remaining_tokens raises %v)\n", f.model, err)
			return exitBad
		}
	}
	if countErr == nil {
		k, err := counter.OverheadTokens()
		countErr, countName = err, strings.Join(files, ", ")
		n += k
	}
	if countErr != nil {
		fmt.Fprintf(stderr, "agentschema tokens: %s: %v\n", countName, countErr)
		return exitBad
	}
	if f.remaining {
		limit, _ := tokens.TokenLimit(f.model)
		n = limit - n
	}
	fmt.Fprintln(stdout, n)
	return exitOK
}

// readToolSchemas reads tool schemas as raw JSON objects (counted as
// Python's json.loads reads them): a JSON array of schemas, one schema, or
// one schema per line.
func readToolSchemas(name string, stdin io.Reader, stderr io.Writer) ([]json.RawMessage, int) {
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "agentschema tokens: --tools: %v\n", err)
		return nil, exitUsage
	}
	defer closeFn()
	var tools []json.RawMessage
	bad := false
	err = readDocuments(name, r, false, &faultPrinter{w: stderr}, &bad, func(doc document) error {
		var probe any
		if err := json.Unmarshal(doc.Data, &probe); err != nil {
			fmt.Fprintf(stderr, "%s:%d: invalid JSON: %v\n", doc.File, doc.Line, err)
			bad = true
			return nil
		}
		switch probe.(type) {
		case []any:
			var list []json.RawMessage
			_ = json.Unmarshal(doc.Data, &list)
			tools = append(tools, list...)
		case map[string]any:
			tools = append(tools, json.RawMessage(bytes.Clone(doc.Data)))
		default:
			fmt.Fprintf(stderr, "%s:%d: /: expected a tool schema (an object) or an array of them\n", doc.File, doc.Line)
			bad = true
		}
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "agentschema tokens: --tools: %s: %v\n", name, err)
		return nil, exitUsage
	}
	if bad {
		return nil, exitBad
	}
	return tools, exitOK
}

// decodedLLM is what one document of LLM messages decoded to.
type decodedLLM struct {
	got  []gen.LLMMessage
	errs wire.Errors
}

// decodeLLMMessages decodes one document of LLM messages (see
// readLLMMessages); it writes nothing, so documents can be decoded in
// parallel.
func decodeLLMMessages(doc document, fault error) decodedLLM {
	if fault != nil {
		return decodedLLM{}
	}
	var got []gen.LLMMessage
	errs := wire.Errors(nil)
	err := wire.Decode(doc.Data, wire.Options{}, func(d *wire.Decoder) {
		got = nil // a second read (duplicate members) starts over
		switch d.Peek() {
		case wire.KindArray:
			if d.Array() {
				for d.More() {
					got = append(got, decodeLLMOrChat(d)...)
				}
			}
		case wire.KindObject:
			if _, st := d.PeekTag("messages"); st != wire.TagMissing {
				var s gen.ChatCompletionContextState
				d.Value(&s)
				got = s.Messages
			} else {
				got = append(got, decodeLLMOrChat(d)...)
			}
		case wire.KindInvalid:
			d.Skip() // reports the syntax error
		default:
			d.Fail("model_type", "Input should be a JSON array of LLM or AgentChat messages, a saved context state or a message")
			d.Skip()
		}
	})
	if err != nil {
		errs = err.(wire.Errors)
	}
	return decodedLLM{got: got, errs: errs}
}

// decodeLLMOrChat decodes an LLM message, or an AgentChat message or
// event, which becomes the LLM messages an agent's model context gets for
// it (messages.ToModelMessages: none for an event).
func decodeLLMOrChat(d *wire.Decoder) []gen.LLMMessage {
	if tag, st := d.PeekTag("type"); st == wire.TagFound && slices.Contains(gen.TaskResultMessageTags, tag) {
		v, _ := gen.DecodeTitled("TaskResultMessage", d)
		m, ok := v.(messages.Message)
		if !ok {
			return nil
		}
		got, err := messages.ToModelMessages([]messages.Message{m})
		if err != nil {
			d.Fail("value_error", err.Error())
			return nil
		}
		return got
	}
	if v, _ := gen.DecodeTitled("LLMMessage", d); v != nil {
		if m, ok := v.(gen.LLMMessage); ok {
			return []gen.LLMMessage{m}
		}
	}
	return nil
}

// readLLMMessages reads the LLM messages of the inputs and calls fn with
// each, its input's name and its index among all the messages: a JSON
// array of messages (read element by element), a saved context state
// ({"messages": [...]}), one message, or JSONL whose lines are any of
// these. fn returns false to stop adding (reading goes on, to report
// faults). Faults are printed by p. The code is exitOK, exitBad when a
// document was bad (fn is not called after the first bad one), or
// exitUsage when an input could not be read.
func readLLMMessages(verb string, files []string, stdin io.Reader, p *faultPrinter, stderr io.Writer, fn func(name string, i int, m gen.LLMMessage) bool) int {
	bad, unreadable := false, false
	i := 0
	for _, name := range files {
		r, closeFn, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "agentschema %s: %v\n", verb, err)
			unreadable = true
			continue
		}
		// Documents are decoded in parallel when the input is a file
		// (parallel.go); fn is given the messages in order.
		err = forDocumentsInOrder(name, r, true, parallelFor(name), decodeLLMMessages, func(doc document, fault error, res decodedLLM) error {
			if fault != nil {
				p.document(doc, faultMessage(fault))
				bad = true
				return nil
			}
			if len(res.errs) > 0 {
				prefix := ""
				if doc.Element >= 0 {
					prefix = "/" + strconv.Itoa(doc.Element)
				}
				p.decoder(doc, prefix, res.errs)
				bad = true
				return nil
			}
			for _, m := range res.got {
				if !bad && !fn(name, i, m) {
					bad = true
				}
				i++
			}
			return nil
		})
		closeFn()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			unreadable = true
		}
	}
	switch {
	case unreadable:
		return exitUsage
	case bad:
		return exitBad
	}
	return exitOK
}
