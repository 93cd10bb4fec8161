package openai

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/oaitransform"
	"github.com/agentschema/agentschema/internal/orderedjson"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pystr"
	"github.com/agentschema/agentschema/internal/sysmsg"
	"github.com/agentschema/agentschema/pkg/models"
)

// obj is a JSON object that keeps its members in order.
type obj = orderedjson.Object

type member = orderedjson.Member

// marshal is json.Marshal without HTML escaping.
func marshal(v any) ([]byte, error) { return orderedjson.Marshal(v) }

// family is one of AutoGen's transformer maps.
type family = oaitransform.Map

const (
	mapBase    = oaitransform.Base
	mapGemini  = oaitransform.Gemini
	mapClaude  = oaitransform.Claude
	mapMistral = oaitransform.Mistral
)

// transformerFor is get_transformer("openai", model, family).
func transformerFor(model, fam string) family { return oaitransform.For(model, fam) }

// assertValidName is _utils.assert_valid_name.
func assertValidName(name string) error {
	if msg := oaitransform.InvalidName(name); msg != "" {
		return valueError(msg)
	}
	return nil
}

// orSpace is Python's `s or " "`.
func orSpace(s string) string {
	if s == "" {
		return " "
	}
	return s
}

// toOAI is _openai_client.py to_oai_type: the chat-completions message(s)
// m becomes for the transformer map fam.
func toOAI(m gen.LLMMessage, fam family, prependName, includeName bool) ([]obj, error) {
	switch m := m.(type) {
	case *gen.SystemMessage:
		content := m.Content
		if fam != mapBase {
			content = orSpace(content) // _set_empty_to_whitespace
		}
		return []obj{{{Key: "content", Val: content}, {Key: "role", Val: "system"}}}, nil

	case *gen.UserMessage:
		return userToOAI(m, fam, prependName, includeName)
	case *gen.AssistantMessage:
		return assistantToOAI(m, fam)
	case *gen.FunctionExecutionResultMessage:
		out := make([]obj, 0, len(m.Content))
		for _, r := range m.Content {
			out = append(out, obj{{Key: "content", Val: r.Content}, {Key: "role", Val: "tool"}, {Key: "tool_call_id", Val: r.CallID}})
		}
		return out, nil
	}
	return nil, valueError(fmt.Sprintf("Unknown message type: %T", m))
}

// userToOAI is to_oai_type for a user message: a string content, or a
// list of text and image_url parts.
func userToOAI(m *gen.UserMessage, fam family, prependName, includeName bool) ([]obj, error) {
	if err := assertValidName(m.Source); err != nil {
		return nil, err
	}
	o := obj{{Key: "role", Val: "user"}}
	if includeName && fam != mapMistral {
		o = append(o, member{Key: "name", Val: m.Source})
	}
	prefix := ""
	if prependName {
		prefix = m.Source + " said:\n"
	}
	if m.Content.IsText() {
		text := m.Content.Text
		switch fam {
		case mapGemini:
			o = append(o, member{Key: "content", Val: orSpace(text)}) // replaces the prefixed content
			return []obj{o}, nil
		case mapClaude:
			if text == "" || pystr.IsSpace(text) {
				return nil, nil // pass_message
			}
		}
		o = append(o, member{Key: "content", Val: prefix + text})
		return []obj{o}, nil
	}
	parts := make([]any, 0, len(m.Content.Parts))
	for idx, p := range m.Content.Parts {
		switch {
		case p.IsText():
			text := p.Text
			if prependName && idx == 0 {
				text = prefix + text
			}
			parts = append(parts, obj{{Key: "type", Val: "text"}, {Key: "text", Val: text}})
		case p.IsImage() && !p.Image.IsZero():
			uri, err := p.Image.DataURI()
			if err != nil {
				return nil, fmt.Errorf("openai: image %d of a user message: %w", idx, err)
			}
			// Image.to_openai_format(): detail is always "auto".
			parts = append(parts, obj{{Key: "type", Val: "image_url"}, {Key: "image_url", Val: obj{{Key: "url", Val: uri}, {Key: "detail", Val: "auto"}}}})
		default:
			return nil, valueError(fmt.Sprintf("Unknown content part: item %d", idx))
		}
	}
	o = append(o, member{Key: "content", Val: parts})
	return []obj{o}, nil
}

// assistantToOAI is to_oai_type for an assistant message: text content,
// or tool calls with the thought as content.
func assistantToOAI(m *gen.AssistantMessage, fam family) ([]obj, error) {
	if err := assertValidName(m.Source); err != nil {
		return nil, err
	}
	o := obj{{Key: "role", Val: "assistant"}}
	if m.Content.IsText() {
		text := m.Content.Text
		switch fam {
		case mapGemini:
			text = orSpace(text)
		case mapClaude:
			if text == "" || pystr.IsSpace(text) {
				return nil, nil
			}
		}
		o = append(o, member{Key: "content", Val: text})
		return []obj{o}, nil
	}
	calls := make([]any, 0, len(m.Content.FunctionCalls))
	for _, fc := range m.Content.FunctionCalls {
		calls = append(calls, obj{{Key: "id", Val: fc.ID}, {Key: "function", Val: obj{{Key: "arguments", Val: fc.Arguments}, {Key: "name", Val: fc.Name}}}, {Key: "type", Val: "function"}})
	}
	o = append(o, member{Key: "tool_calls", Val: calls})
	switch {
	case m.Thought == nil:
		o = append(o, member{Key: "content", Val: nil})
	case fam == mapGemini || fam == mapClaude:
		o = append(o, member{Key: "content", Val: orSpace(*m.Thought)})
	default:
		o = append(o, member{Key: "content", Val: *m.Thought})
	}
	return []obj{o}, nil
}

// convertTools is _openai_client.py convert_tools.
func convertTools(tools []gen.ToolSchema) ([]any, error) {
	out := make([]any, 0, len(tools))
	for _, t := range tools {
		desc := ""
		if t.Description != nil {
			desc = *t.Description
		}
		var params any = obj{}
		if t.Parameters != nil {
			b, err := json.Marshal(t.Parameters)
			if err != nil {
				return nil, fmt.Errorf("openai: tool %q: %w", t.Name, err)
			}
			params = json.RawMessage(b)
		}
		strict := false
		if t.Strict != nil {
			strict = *t.Strict
		}
		out = append(out, obj{{Key: "type", Val: "function"}, {Key: "function", Val: obj{
			{Key: "name", Val: t.Name}, {Key: "description", Val: desc}, {Key: "parameters", Val: params}, {Key: "strict", Val: strict},
		}}})
	}
	for _, t := range tools {
		if err := assertValidName(t.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// createKwargs are the keys AutoGen accepts as create arguments
// (create_kwargs: the annotations of openai's
// CompletionCreateParamsBase, as of the openai release AutoGen 0.7.5 was
// tested with, plus timeout, stream and extra_body).
var createKwargs = map[string]bool{
	"messages": true, "model": true, "audio": true, "frequency_penalty": true, "function_call": true,
	"functions": true, "logit_bias": true, "logprobs": true, "max_completion_tokens": true, "max_tokens": true,
	"metadata": true, "modalities": true, "n": true, "parallel_tool_calls": true, "prediction": true,
	"presence_penalty": true, "prompt_cache_key": true, "reasoning_effort": true, "response_format": true,
	"safety_identifier": true, "seed": true, "service_tier": true, "stop": true, "store": true,
	"stream_options": true, "temperature": true, "tool_choice": true, "tools": true, "top_logprobs": true,
	"top_p": true, "user": true, "verbosity": true, "web_search_options": true,
	"timeout": true, "stream": true, "extra_body": true,
}

// disallowedCreateArgs are AutoGen's disallowed_create_args.
var disallowedCreateArgs = []string{"stream", "messages", "function_call", "functions", "n"}

// pySet writes names as Python prints a set of strings ({'a', 'b'}),
// sorted (Python's order depends on string hashing).
func pySet(names []string) string {
	sort.Strings(names)
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = pyStrRepr(n)
	}
	return "{" + strings.Join(q, ", ") + "}"
}

// pyStrRepr is Python's repr of a str.
func pyStrRepr(s string) string { return string(pyjson.Options{}.AppendStrRepr(nil, s)) }

// request is the outcome of _process_create_args: the body to send and
// what reading the answer needs.
type request struct {
	body       obj
	structured bool              // beta client mode (parse / stream with response_format)
	outputType *structuredOutput // for checking the parsed answer
	timeout    *float64          // the per-request timeout create argument
	tools      []gen.ToolSchema  // the tools given, for parsing strict tools' arguments
}

// buildRequest is BaseOpenAIChatCompletionClient._process_create_args plus
// the body the openai library sends for it. Its steps, and the order of
// their errors, are _process_create_args's.
func (c *base) buildRequest(messages []gen.LLMMessage, opts models.CreateOptions, more Options, stream bool) (*request, error) {
	args, err := c.mergedCreateArgs(opts.ExtraArgs)
	if err != nil {
		return nil, err
	}
	req := &request{tools: opts.Tools}
	format, err := c.responseFormat(&args, opts, more)
	if err != nil {
		return nil, err
	}
	if format != nil {
		// AutoGen warns and drops a response_format of the create args.
		args.Del("response_format")
		req.structured = true
		req.outputType = format
	}
	oaiMessages, err := c.oaiMessages(messages, args)
	if err != nil {
		return nil, err
	}
	tools, err := c.toolArgs(&args, opts)
	if err != nil {
		return nil, err
	}
	if more.IncludeUsage != nil && stream {
		if err := setStreamOptions(&args, *more.IncludeUsage); err != nil {
			return nil, err
		}
	}
	if err := checkCallKwargs(args, req.structured, stream); err != nil {
		return nil, err
	}
	if req.structured && len(tools) > 0 {
		// openai's validate_input_tools (beta parse and stream).
		for _, t := range opts.Tools {
			if t.Strict == nil || !*t.Strict {
				return nil, valueError("`" + t.Name + "` is not strict. Only `strict` function tools can be auto-parsed")
			}
		}
	}
	req.body = req.sentBody(args, oaiMessages, tools, stream)
	return req, nil
}

// checkCallKwargs is Python's binding of the openai call AutoGen makes
// with **create_args: create(messages=, stream=, tools=, ...), or for
// structured output parse(messages=, tools=, response_format=, ...) and
// stream(...), which take no stream argument. A create arg that is one of
// the explicit keywords is the TypeError "got multiple values for keyword
// argument" (the first in create-args order: the config's, then the extra
// ones sorted by name); a stream arg of parse or stream is "got an
// unexpected keyword argument".
func checkCallKwargs(args obj, structured, stream bool) error {
	fn, explicit := "create", []string{"messages", "stream", "tools"}
	if structured {
		fn, explicit = "parse", []string{"messages", "tools", "response_format"}
		if stream {
			fn = "stream"
		}
	}
	for _, a := range args {
		for _, k := range explicit {
			if a.Key == k {
				return &TypeError{Message: "openai.resources.chat.completions.completions.AsyncCompletions." + fn +
					"() got multiple values for keyword argument " + pyStrRepr(k)}
			}
		}
	}
	if _, ok := args.Get("stream"); ok && structured {
		return &TypeError{Message: "AsyncCompletions." + fn + "() got an unexpected keyword argument 'stream'"}
	}
	return nil
}

// mergedCreateArgs checks the extra create args (AutoGen: "Make sure all
// extra_create_args are valid") and returns the client's create args with
// them set, in sorted key order.
func (c *base) mergedCreateArgs(extra map[string]any) (obj, error) {
	var bad []string
	extraKeys := make([]string, 0, len(extra))
	for k := range extra {
		extraKeys = append(extraKeys, k)
		if !createKwargs[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		return nil, valueError("Extra create args are invalid: " + pySet(bad))
	}
	sort.Strings(extraKeys)
	args := make(obj, len(c.createArgs))
	copy(args, c.createArgs)
	for _, k := range extraKeys {
		b, err := marshal(extra[k])
		if err != nil {
			return nil, fmt.Errorf("openai: extra create arg %q: %w", k, err)
		}
		args.Set(k, json.RawMessage(b))
	}
	return args, nil
}

// responseFormat returns the structured output asked for by an output type
// or schema, or sets the JSON-mode response_format in args.
func (c *base) responseFormat(args *obj, opts models.CreateOptions, more Options) (*structuredOutput, error) {
	switch {
	case opts.OutputType != nil && more.OutputSchema != nil:
		return nil, valueError("json_output and an output schema cannot be set at the same time.")
	case opts.OutputType != nil:
		if !c.info.StructuredOutput {
			return nil, valueError("Model does not support structured output.")
		}
		return outputOfType(opts.OutputType)
	case more.OutputSchema != nil:
		if !c.info.StructuredOutput {
			return nil, valueError("Model does not support structured output.")
		}
		return outputOfSchema(more.OutputSchema.Name, more.OutputSchema.Schema)
	case opts.JSONOutput != nil:
		if !*opts.JSONOutput {
			args.Set("response_format", obj{{Key: "type", Val: "text"}})
		} else if !c.info.JSONOutput {
			return nil, valueError("Model does not support JSON output.")
		} else {
			args.Set("response_format", obj{{Key: "type", Val: "json_object"}})
		}
	}
	return nil, nil
}

// oaiMessages checks the messages against the model's capabilities and
// turns them into the chat-completions messages AutoGen sends: system
// messages merged for models that take one, a Claude model's last
// assistant text right-stripped, each message through the transformer of
// the model's family.
func (c *base) oaiMessages(messages []gen.LLMMessage, args obj) ([]any, error) {
	if !c.info.Vision {
		for _, m := range messages {
			if u, ok := m.(*gen.UserMessage); ok && u.Content.IsParts() {
				for _, p := range u.Content.Parts {
					if p.IsImage() {
						return nil, valueError("Model does not support vision and image was provided")
					}
				}
			}
		}
	}
	if ms := c.info.MultipleSystemMessages; !ms.Set || ms.Value == nil || !*ms.Value {
		merged, err := mergeSystemMessages(messages)
		if err != nil {
			return nil, err
		}
		messages = merged
	}
	model := c.model
	if v, ok := args.Get("model"); ok {
		if raw, ok := v.(json.RawMessage); ok {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				model = s
			}
		} else if s, ok := v.(string); ok {
			model = s
		}
	}
	if strings.HasPrefix(model, "claude-") {
		// _rstrip_last_assistant_message reads messages[-1].
		if len(messages) == 0 {
			return nil, &Error{Exception: IndexError, Message: "list index out of range"}
		}
		if a, ok := messages[len(messages)-1].(*gen.AssistantMessage); ok && a.Content.IsText() {
			cp := *a
			cp.Content = gen.AssistantMessageContentOfText(pystr.RStrip(a.Content.Text))
			messages = append(messages[:len(messages)-1:len(messages)-1], &cp)
		}
	}
	fam := transformerFor(model, string(c.info.Family))
	out := []any{}
	for _, m := range messages {
		oai, err := toOAI(m, fam, c.addNamePrefixes, c.includeName)
		if err != nil {
			return nil, err
		}
		for _, o := range oai {
			out = append(out, o)
		}
	}
	return out, nil
}

// toolArgs converts the tools and sets tool_choice in args when there are
// tools, checking that the model calls functions and that a named choice
// is one of the tools.
func (c *base) toolArgs(args *obj, opts models.CreateOptions) ([]any, error) {
	if !c.info.FunctionCalling && len(opts.Tools) > 0 {
		return nil, valueError("Model does not support function calling")
	}
	tools, err := convertTools(opts.Tools)
	if err != nil {
		return nil, err
	}
	choice := opts.ToolChoice
	if choice == "" {
		choice = "auto"
	}
	var toolChoice any = choice
	switch choice {
	case "auto", "required", "none":
	default:
		if len(opts.Tools) == 0 {
			return nil, valueError("tool_choice specified but no tools provided")
		}
		found := false
		for _, t := range opts.Tools {
			found = found || t.Name == choice
		}
		if !found {
			return nil, valueError("tool_choice references '" + choice + "' but it's not in the provided tools")
		}
		toolChoice = obj{{Key: "type", Val: "function"}, {Key: "function", Val: obj{{Key: "name", Val: choice}}}}
	}
	if len(tools) > 0 {
		args.Set("tool_choice", toolChoice)
	}
	return tools, nil
}

// setStreamOptions sets stream_options for a streamed request whose
// include_usage was given, refusing a create arg that says otherwise.
func setStreamOptions(args *obj, includeUsage bool) error {
	so, ok := args.Get("stream_options")
	if !ok {
		// AutoGen adds {"include_usage": True} whatever the value.
		args.Set("stream_options", obj{{Key: "include_usage", Val: true}})
		return nil
	}
	var opt struct {
		IncludeUsage *bool `json:"include_usage"`
	}
	b, _ := marshal(so)
	_ = json.Unmarshal(b, &opt)
	if opt.IncludeUsage != nil && *opt.IncludeUsage != includeUsage {
		return valueError("include_usage and extra_create_args['stream_options']['include_usage'] are both set, but differ in value.")
	}
	return nil
}

// sentBody is the body the openai library sends: messages, the create
// args (but timeout, which goes to the transport, and extra_body, whose
// members go at the end), stream, tools when there are any,
// response_format for structured output.
func (req *request) sentBody(args obj, oaiMessages []any, tools []any, stream bool) obj {
	body := obj{{Key: "messages", Val: oaiMessages}}
	var extraBody obj
	for _, a := range args {
		switch a.Key {
		case "timeout":
			if raw, ok := a.Val.(json.RawMessage); ok {
				var t float64
				if json.Unmarshal(raw, &t) == nil {
					req.timeout = &t
				}
			}
			continue
		case "extra_body":
			if raw, ok := a.Val.(json.RawMessage); ok {
				var extra map[string]json.RawMessage
				if json.Unmarshal(raw, &extra) == nil {
					for k, v := range extra {
						extraBody = append(extraBody, member{Key: k, Val: v})
					}
					sort.Slice(extraBody, func(i, j int) bool { return extraBody[i].Key < extraBody[j].Key })
				}
			}
			continue
		}
		body = append(body, a)
	}
	if req.outputType != nil {
		body.Set("response_format", req.outputType.param())
	}
	body.Set("stream", stream)
	if len(tools) > 0 {
		body.Set("tools", tools)
	}
	for _, m := range extraBody {
		body.Set(m.Key, m.Val)
	}
	return body
}

// mergeSystemMessages merges consecutive system messages into one, as
// _process_create_args does for models without multiple_system_messages
// (internal/sysmsg).
func mergeSystemMessages(messages []gen.LLMMessage) ([]gen.LLMMessage, error) {
	merged, ok := sysmsg.Merge(messages)
	if !ok {
		return nil, valueError("Multiple and Not continuous system messages are not supported if model_info['multiple_system_messages'] is False")
	}
	return merged, nil
}
