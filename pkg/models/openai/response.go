package openai

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pystr"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// The parts of a chat.completion (and chunk) the client reads.
type wireToolCall struct {
	Index    json.RawMessage `json:"index"`
	ID       *string         `json:"id"`
	Type     *string         `json:"type"`
	Function *struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

type wireLogprobs struct {
	Content []struct {
		Token       string   `json:"token"`
		Logprob     float64  `json:"logprob"`
		Bytes       *[]int64 `json:"bytes"`
		TopLogprobs []struct {
			Logprob float64  `json:"logprob"`
			Bytes   *[]int64 `json:"bytes"`
		} `json:"top_logprobs"`
	} `json:"content"`
}

type wireMessage struct {
	Content          *string         `json:"content"`
	Refusal          *string         `json:"refusal"`
	ReasoningContent json.RawMessage `json:"reasoning_content"`
	FunctionCall     json.RawMessage `json:"function_call"`
	ToolCalls        []wireToolCall  `json:"tool_calls"`
}

// wireUsage is a CompletionUsage as the openai library constructs it: a
// token count that is missing is None, and one that is not a number is
// kept as it is (AutoGen's sum of the usage then fails).
type wireUsage struct {
	PromptTokens     json.RawMessage `json:"prompt_tokens"`
	CompletionTokens json.RawMessage `json:"completion_tokens"`
	TotalTokens      json.RawMessage `json:"total_tokens"`
	raw              json.RawMessage
}

func (u *wireUsage) UnmarshalJSON(data []byte) error {
	type plain wireUsage
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*u = wireUsage(p)
	u.raw = append(json.RawMessage(nil), data...)
	return nil
}

type wireChoice struct {
	FinishReason *string       `json:"finish_reason"`
	Message      wireMessage   `json:"message"`
	Delta        *wireMessage  `json:"delta"`
	Logprobs     *wireLogprobs `json:"logprobs"`
	Index        *int          `json:"index"`
}

type wireCompletion struct {
	Model   *string       `json:"model"`
	Choices *[]wireChoice `json:"choices"` // nil: missing or null (None)
	Usage   *wireUsage    `json:"usage"`
}

func isNull(raw json.RawMessage) bool {
	s := strings.TrimSpace(string(raw))
	return s == "" || s == "null"
}

// normalizeStopReason is autogen_ext's normalize_stop_reason.
func normalizeStopReason(r *string) gen.FinishReason {
	if r == nil {
		return gen.FinishReasonUnknown
	}
	switch strings.ToLower(*r) {
	case "stop", "end_turn":
		return gen.FinishReasonStop
	case "length":
		return gen.FinishReasonLength
	case "content_filter":
		return gen.FinishReasonContentFilter
	case "function_calls", "tool_calls":
		return gen.FinishReasonFunctionCalls
	}
	return gen.FinishReasonUnknown
}

// normalizeName is _openai_client.py normalize_name: characters outside
// [a-zA-Z0-9_-] become "_", and the name is cut to 64 characters.
func normalizeName(name string) string {
	r := []rune(name)
	for i, c := range r {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			r[i] = '_'
		}
	}
	if len(r) > 64 {
		r = r[:64]
	}
	return string(r)
}

// parseR1Content is autogen_ext's parse_r1_content.
func parseR1Content(content string) (*string, string) {
	start := strings.Index(content, "<think>")
	end := strings.Index(content, "</think>")
	if start == -1 || end == -1 || end < start {
		return nil, content
	}
	thought := pystr.Strip(content[start+len("<think>") : end])
	return &thought, pystr.Strip(content[end+len("</think>"):])
}

func logprobsOf(lp *wireLogprobs) []gen.ChatCompletionTokenLogprob {
	if lp == nil || len(lp.Content) == 0 {
		return nil
	}
	out := make([]gen.ChatCompletionTokenLogprob, 0, len(lp.Content))
	for _, x := range lp.Content {
		tops := make([]gen.TopLogprob, 0, len(x.TopLogprobs))
		for _, y := range x.TopLogprobs {
			tops = append(tops, gen.TopLogprob{Logprob: y.Logprob, Bytes: intsOf(y.Bytes)})
		}
		out = append(out, gen.ChatCompletionTokenLogprob{Token: x.Token, Logprob: x.Logprob, TopLogprobs: tops, Bytes: intsOf(x.Bytes)})
	}
	return out
}

func intsOf(b *[]int64) []gen.Int {
	if b == nil {
		return nil
	}
	out := make([]gen.Int, len(*b))
	for i, v := range *b {
		out[i] = gen.IntOf(v)
	}
	return out
}

// usageOf is the RequestUsage AutoGen builds from a usage (none: 0 and
// 0). A count that is not a number is 0 here; usageError says what
// AutoGen's sum of it raises.
func usageOf(u *wireUsage) gen.RequestUsage {
	if u == nil {
		return models.NewRequestUsage(0, 0)
	}
	return models.NewRequestUsage(tokenCount(u.PromptTokens), tokenCount(u.CompletionTokens))
}

func tokenCount(raw json.RawMessage) int64 {
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		return int64(f)
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil && b {
		return 1
	}
	return 0
}

// usageError is the TypeError AutoGen's _add_usage raises for a usage
// whose prompt or completion token count is missing or null (None), or
// not a number: int + None is "unsupported operand type(s) for +: 'int'
// and 'NoneType'".
func usageError(u *wireUsage) error {
	if u == nil {
		return nil
	}
	for _, raw := range []json.RawMessage{u.PromptTokens, u.CompletionTokens} {
		if t := addOperandType(raw); t != "" {
			return &TypeError{Message: "unsupported operand type(s) for +: 'int' and '" + t + "'"}
		}
	}
	return nil
}

// addOperandType is the Python type of a JSON value that int + value
// refuses ("" for a number or a bool, which Python adds).
func addOperandType(raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	switch {
	case s == "" || s == "null":
		return "NoneType"
	case s[0] == '"':
		return "str"
	case s[0] == '[':
		return "list"
	case s[0] == '{':
		return "dict"
	}
	return ""
}

// usageRepr is the repr of a CompletionUsage the openai library
// constructed from u (LengthFinishReasonError's message).
func usageRepr(u *wireUsage) string {
	v, err := pyjson.Parse(u.raw)
	if err != nil || v.Kind != pyjson.Dict {
		return "None"
	}
	return modelRepr("CompletionUsage", &v, []string{"completion_tokens", "prompt_tokens", "total_tokens", "completion_tokens_details", "prompt_tokens_details"},
		map[string]modelShape{
			"completion_tokens_details": {"CompletionTokensDetails", []string{"accepted_prediction_tokens", "audio_tokens", "reasoning_tokens", "rejected_prediction_tokens"}},
			"prompt_tokens_details":     {"PromptTokensDetails", []string{"audio_tokens", "cached_tokens"}},
		})
}

type modelShape struct {
	name   string
	fields []string
}

// modelRepr is the repr of a pydantic model the openai library
// constructed from the dict v: its fields in order (None when missing),
// then the dict's other keys; nested holds the fields that are models.
func modelRepr(name string, v *pyjson.Value, fields []string, nested map[string]modelShape) string {
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	n := 0
	write := func(k string, val *pyjson.Value) {
		if n > 0 {
			b.WriteString(", ")
		}
		n++
		b.WriteString(k)
		b.WriteByte('=')
		if shape, ok := nested[k]; ok && val.Kind == pyjson.Dict {
			b.WriteString(modelRepr(shape.name, val, shape.fields, nil))
			return
		}
		b.WriteString(pyjson.Repr(val))
	}
	known := map[string]bool{}
	for _, f := range fields {
		known[f] = true
		val, ok := v.Get(f)
		if !ok {
			none := pyjson.NoneValue()
			val = &none
		}
		write(f, val)
	}
	for i := range v.Keys {
		if k := pyjson.KeyText(&v.Keys[i]); !known[k] {
			write(k, &v.Vals[i])
		}
	}
	b.WriteByte(')')
	return b.String()
}

// argumentsOf is a tool call's arguments: a string as it is, an object as
// Python's json.dumps writes it (AutoGen converts dict arguments).
func argumentsOf(raw json.RawMessage) (string, error) {
	if isNull(raw) {
		return "", valueError("tool call arguments are null")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	if strings.HasPrefix(strings.TrimSpace(string(raw)), "{") {
		return tokens.PyJSONDumps(raw)
	}
	return "", valueError("tool call arguments are neither a string nor an object: " + string(raw))
}

// completionOf reads the body of a chat.completion answer as the openai
// library does: JSON (json.loads; a body that is not JSON is
// JSONDecodeError when the content type says JSON) made into a
// ChatCompletion without validation. A body that is not a JSON object
// reaches AutoGen as it is, which fails on it with an AttributeError.
func completionOf(data []byte, contentType string, structured bool) (*wireCompletion, error) {
	// What AutoGen (or, for structured output, the openai library's
	// parse) reads first.
	attr := "usage"
	if structured {
		attr = "choices"
	}
	ct, _, _ := strings.Cut(contentType, ";")
	if ct == "" {
		ct = "*"
	}
	top, err := loadsJSON(data)
	if err != nil {
		if strings.HasSuffix(ct, "json") {
			return nil, err
		}
		// The openai library returns the text.
		return nil, &Error{Exception: AttributeError, Message: "'str' object has no attribute '" + attr + "'"}
	}
	if top.Kind != pyjson.Dict {
		return nil, &Error{Exception: AttributeError, Message: "'" + top.TypeName() + "' object has no attribute '" + attr + "'"}
	}
	var comp wireCompletion
	if err := json.Unmarshal(data, &comp); err != nil {
		return nil, fmt.Errorf("openai: reading the chat.completion: %w", err)
	}
	return &comp, nil
}

// parseCompletion is the openai library's parse_chat_completion for
// structured output: for every choice, the finish reasons length and
// content_filter refused, the arguments of strict tools parsed with
// json.loads, and the content (unless refused) validated by the response
// format's model.
func (req *request) parseCompletion(comp *wireCompletion) error {
	if comp.Choices == nil {
		return &TypeError{Message: "'NoneType' object is not iterable"}
	}
	for _, choice := range *comp.Choices {
		if choice.FinishReason != nil && *choice.FinishReason == "length" {
			msg := "Could not parse response content as the length limit was reached"
			if comp.Usage != nil {
				msg += " - " + usageRepr(comp.Usage)
			}
			return &Error{Exception: LengthFinishReasonError, Message: msg}
		}
		if choice.FinishReason != nil && *choice.FinishReason == "content_filter" {
			return &Error{Exception: ContentFilterFinishReasonError, Message: "Could not parse response content as the request was rejected by the content filter"}
		}
		for _, tc := range choice.Message.ToolCalls {
			if tc.Type == nil || *tc.Type != "function" || tc.Function == nil {
				continue
			}
			if err := req.parseToolArguments(tc.Function.Name, tc.Function.Arguments); err != nil {
				return err
			}
		}
		msg := choice.Message
		if msg.Content != nil && *msg.Content != "" && (msg.Refusal == nil || *msg.Refusal == "") {
			if err := req.outputType.validateContent(*msg.Content); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseToolArguments is the openai library's
// parse_function_tool_arguments: the arguments of a call of a strict tool
// given in the request are parsed with json.loads.
func (req *request) parseToolArguments(name *string, arguments json.RawMessage) error {
	if name == nil {
		return nil
	}
	for _, t := range req.tools {
		if t.Name != *name {
			continue
		}
		if t.Strict == nil || !*t.Strict {
			return nil
		}
		var text string
		if err := json.Unmarshal(arguments, &text); err != nil {
			return &TypeError{Message: "the JSON object must be str, bytes or bytearray, not " + pyTypeOfJSON(arguments)}
		}
		_, err := loadsJSON([]byte(text))
		return err
	}
	return nil
}

// pyTypeOfJSON is the Python type json.loads makes of a JSON value.
func pyTypeOfJSON(raw json.RawMessage) string {
	v, err := pyjson.Parse(raw)
	if err != nil {
		return "NoneType"
	}
	return v.TypeName()
}

// resultOf is the result part of AutoGen's create for a chat.completion
// (after the openai library's parse, for structured output).
func (c *base) resultOf(comp *wireCompletion, req *request) (gen.CreateResult, gen.RequestUsage, error) {
	if req.structured {
		if err := req.parseCompletion(comp); err != nil {
			return gen.CreateResult{}, gen.RequestUsage{}, err
		}
	}
	usage := usageOf(comp.Usage)
	if comp.Choices == nil {
		return gen.CreateResult{}, usage, &TypeError{Message: "'NoneType' object is not subscriptable"}
	}
	if len(*comp.Choices) == 0 {
		return gen.CreateResult{}, usage, &Error{Exception: IndexError, Message: "list index out of range"}
	}
	choice := (*comp.Choices)[0]
	msg := choice.Message
	var result gen.CreateResult
	var thought *string
	switch {
	case !isNull(msg.FunctionCall):
		return gen.CreateResult{}, usage, valueError("function_call is deprecated and is not supported by this model client.")
	case len(msg.ToolCalls) > 0:
		if msg.Content != nil && *msg.Content != "" {
			t := *msg.Content
			thought = &t
		}
		calls := make([]gen.FunctionCall, 0, len(msg.ToolCalls))
		for _, tc := range msg.ToolCalls {
			fc := gen.FunctionCall{}
			if tc.ID != nil {
				fc.ID = *tc.ID
			}
			if tc.Function != nil {
				if tc.Function.Name != nil {
					fc.Name = normalizeName(*tc.Function.Name)
				}
				args, err := argumentsOf(tc.Function.Arguments)
				if err != nil {
					return gen.CreateResult{}, usage, err
				}
				fc.Arguments = args
			}
			calls = append(calls, fc)
		}
		result.Content = gen.CreateResultContentOfFunctionCalls(calls)
		result.FinishReason = gen.FinishReasonFunctionCalls
	default:
		content := ""
		if msg.Content != nil {
			content = *msg.Content
		}
		var rc string
		if !isNull(msg.ReasoningContent) && json.Unmarshal(msg.ReasoningContent, &rc) == nil {
			thought = &rc
		}
		if c.info.Family == models.FamilyR1 && thought == nil {
			thought, content = parseR1Content(content)
		}
		result.Content = gen.CreateResultContentOfText(content)
		result.FinishReason = normalizeStopReason(choice.FinishReason)
	}
	result.Usage = usage
	result.Logprobs = logprobsOf(choice.Logprobs)
	result.Thought = thought
	if err := usageError(comp.Usage); err != nil {
		return gen.CreateResult{}, gen.RequestUsage{}, err
	}
	return result, usage, nil
}

// streamState assembles a stream's chunks as AutoGen's create_stream does.
type streamState struct {
	stopReason  *string
	lastUsage   *wireUsage // the usage of the latest chunk
	content     []string
	thought     []string
	calls       []*gen.FunctionCall
	callIndex   map[string]int
	logprobs    []gen.ChatCompletionTokenLogprob
	isReasoning bool
}

// add reads one chunk (top, its JSON text data) and returns the text
// chunks AutoGen yields for it. What the openai library makes of a chunk
// that is no object, or has no choices, fails in AutoGen as it does there.
func (s *streamState) add(top *pyjson.Value, data []byte) ([]string, error) {
	if top.Kind != pyjson.Dict {
		return nil, &Error{Exception: AttributeError, Message: "'" + top.TypeName() + "' object has no attribute 'model'"}
	}
	var chunk wireCompletion
	if err := json.Unmarshal(data, &chunk); err != nil {
		return nil, fmt.Errorf("openai: reading a chat.completion.chunk: %w", err)
	}
	s.lastUsage = chunk.Usage
	if chunk.Choices == nil {
		return nil, &TypeError{Message: "object of type 'NoneType' has no len()"}
	}
	if len(*chunk.Choices) == 0 {
		return nil, nil // empty chunks are skipped
	}
	choice := (*chunk.Choices)[0]
	if chunk.Usage == nil && s.stopReason == nil {
		s.stopReason = choice.FinishReason
	}
	delta := choice.Delta
	if delta == nil {
		return nil, &Error{Exception: AttributeError, Message: "'NoneType' object has no attribute 'model_extra'"}
	}
	var out []string
	var rc *string
	rcNone := isNull(delta.ReasoningContent)
	if !rcNone {
		var r string
		if json.Unmarshal(delta.ReasoningContent, &r) == nil {
			rc = &r
		}
	}
	switch {
	case rc != nil && *rc != "":
		t := *rc
		if !s.isReasoning {
			t = "<think>" + t
			s.isReasoning = true
		}
		s.thought = append(s.thought, t)
		out = append(out, t)
	case rcNone && s.isReasoning:
		s.thought = append(s.thought, "</think>")
		s.isReasoning = false
		out = append(out, "</think>")
	}
	if delta.Content != nil && *delta.Content != "" {
		s.content = append(s.content, *delta.Content)
		return append(out, *delta.Content), nil
	}
	for _, tc := range delta.ToolCalls {
		idx := strings.TrimSpace(string(tc.Index))
		if idx == "" {
			idx = "null"
		}
		if s.callIndex == nil {
			s.callIndex = map[string]int{}
		}
		k, ok := s.callIndex[idx]
		if !ok {
			k = len(s.calls)
			s.callIndex[idx] = k
			s.calls = append(s.calls, &gen.FunctionCall{})
		}
		fc := s.calls[k]
		if tc.ID != nil {
			fc.ID += *tc.ID
		}
		if tc.Function != nil {
			if tc.Function.Name != nil {
				fc.Name += *tc.Function.Name
			}
			if !isNull(tc.Function.Arguments) {
				var a string
				if err := json.Unmarshal(tc.Function.Arguments, &a); err != nil {
					return out, &TypeError{Message: "can only concatenate str (not \"" + pyTypeOfJSON(tc.Function.Arguments) + "\") to str"}
				}
				fc.Arguments += a
			}
		}
	}
	if lp := logprobsOf(choice.Logprobs); lp != nil {
		s.logprobs = lp
	}
	return out, nil
}

// pyStripChars are Python's str.lstrip(chars) and str.rstrip(chars): they
// remove any of the characters, not a prefix or suffix.
func pyLstripChars(s, chars string) string {
	return strings.TrimLeftFunc(s, func(r rune) bool { return strings.ContainsRune(chars, r) })
}

func pyRstripChars(s, chars string) string {
	return strings.TrimRightFunc(s, func(r rune) bool { return strings.ContainsRune(chars, r) })
}

// result is the CreateResult create_stream yields last.
func (s *streamState) result(family gen.ModelFamily) (gen.CreateResult, gen.RequestUsage, error) {
	if s.stopReason != nil && *s.stopReason == "function_call" {
		return gen.CreateResult{}, gen.RequestUsage{}, valueError("Function calls are not supported in this context")
	}
	usage := usageOf(s.lastUsage)
	var result gen.CreateResult
	var thought *string
	if len(s.calls) > 0 {
		calls := make([]gen.FunctionCall, len(s.calls))
		for i, fc := range s.calls {
			calls[i] = *fc
		}
		result.Content = gen.CreateResultContentOfFunctionCalls(calls)
		if len(s.content) > 0 {
			t := strings.Join(s.content, "")
			thought = &t
		}
	} else {
		content := strings.Join(s.content, "")
		if len(s.thought) > 0 {
			// AutoGen's .lstrip("<think>").rstrip("</think>") strips
			// characters, not the tags.
			t := pyRstripChars(pyLstripChars(strings.Join(s.thought, ""), "<think>"), "</think>")
			thought = &t
		}
		if family == models.FamilyR1 && thought == nil {
			thought, content = parseR1Content(content)
		}
		result.Content = gen.CreateResultContentOfText(content)
	}
	result.FinishReason = normalizeStopReason(s.stopReason)
	result.Usage = usage
	result.Logprobs = s.logprobs
	result.Thought = thought
	if err := usageError(s.lastUsage); err != nil {
		return gen.CreateResult{}, gen.RequestUsage{}, err
	}
	return result, usage, nil
}
