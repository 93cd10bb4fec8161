package openai

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// The parts of a chat.completion (and chunk) the client reads.
type wireToolCall struct {
	Index    *int    `json:"index"`
	ID       *string `json:"id"`
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
	ReasoningContent json.RawMessage `json:"reasoning_content"`
	FunctionCall     json.RawMessage `json:"function_call"`
	ToolCalls        []wireToolCall  `json:"tool_calls"`
}

type wireUsage struct {
	PromptTokens     *int64 `json:"prompt_tokens"`
	CompletionTokens *int64 `json:"completion_tokens"`
	TotalTokens      *int64 `json:"total_tokens"`
}

type wireCompletion struct {
	Model   *string `json:"model"`
	Choices []struct {
		FinishReason *string       `json:"finish_reason"`
		Message      wireMessage   `json:"message"`
		Delta        wireMessage   `json:"delta"`
		Logprobs     *wireLogprobs `json:"logprobs"`
	} `json:"choices"`
	Usage *wireUsage `json:"usage"`
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
	thought := pyStrip(content[start+len("<think>") : end])
	return &thought, pyStrip(content[end+len("</think>"):])
}

func pyStrip(s string) string { return strings.TrimFunc(s, isPySpaceRune) }

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
		out[i] = wire.IntOf(v)
	}
	return out
}

func usageOf(u *wireUsage) gen.RequestUsage {
	var p, c int64
	if u != nil {
		if u.PromptTokens != nil {
			p = *u.PromptTokens
		}
		if u.CompletionTokens != nil {
			c = *u.CompletionTokens
		}
	}
	return models.NewRequestUsage(p, c)
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

// resultOf is the result part of AutoGen's create for a chat.completion.
func (c *base) resultOf(data []byte, req *request) (gen.CreateResult, gen.RequestUsage, error) {
	var comp wireCompletion
	if err := json.Unmarshal(data, &comp); err != nil {
		return gen.CreateResult{}, gen.RequestUsage{}, fmt.Errorf("openai: reading the chat.completion: %w", err)
	}
	usage := usageOf(comp.Usage)
	if len(comp.Choices) == 0 {
		return gen.CreateResult{}, usage, &Error{Exception: "IndexError", Message: "list index out of range"}
	}
	choice := comp.Choices[0]
	if req.structured {
		// The openai library's parse_chat_completion.
		if choice.FinishReason != nil && *choice.FinishReason == "length" {
			msg := "Could not parse response content as the length limit was reached"
			if comp.Usage != nil {
				msg += fmt.Sprintf(" - CompletionUsage(completion_tokens=%d, prompt_tokens=%d, total_tokens=%d, completion_tokens_details=None, prompt_tokens_details=None)",
					deref(comp.Usage.CompletionTokens), deref(comp.Usage.PromptTokens), deref(comp.Usage.TotalTokens))
			}
			return gen.CreateResult{}, usage, &Error{Exception: "LengthFinishReasonError", Message: msg}
		}
		if choice.FinishReason != nil && *choice.FinishReason == "content_filter" {
			return gen.CreateResult{}, usage, &Error{Exception: "ContentFilterFinishReasonError", Message: "Could not parse response content as the request was rejected by the content filter"}
		}
		if err := checkParsed(req.outputType, choice.Message.Content); err != nil {
			return gen.CreateResult{}, usage, err
		}
	}
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
	return result, usage, nil
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// streamState assembles a stream's chunks as AutoGen's create_stream does.
type streamState struct {
	stopReason  *string
	lastUsage   *wireUsage // the usage of the latest chunk
	content     []string
	thought     []string
	calls       []*gen.FunctionCall
	callIndex   map[int]int
	logprobs    []gen.ChatCompletionTokenLogprob
	isReasoning bool
	sawChunk    bool
}

// add reads one chunk and returns the text chunks AutoGen yields for it.
func (s *streamState) add(data []byte) ([]string, error) {
	var chunk wireCompletion
	if err := json.Unmarshal(data, &chunk); err != nil {
		return nil, fmt.Errorf("openai: reading a chat.completion.chunk: %w", err)
	}
	s.sawChunk = true
	s.lastUsage = chunk.Usage
	if len(chunk.Choices) == 0 {
		return nil, nil // empty chunks are skipped
	}
	choice := chunk.Choices[0]
	if chunk.Usage == nil && s.stopReason == nil {
		s.stopReason = choice.FinishReason
	}
	var out []string
	delta := choice.Delta
	var rc *string
	if !isNull(delta.ReasoningContent) {
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
	case rc == nil && s.isReasoning:
		s.thought = append(s.thought, "</think>")
		s.isReasoning = false
		out = append(out, "</think>")
	}
	if delta.Content != nil && *delta.Content != "" {
		s.content = append(s.content, *delta.Content)
		return append(out, *delta.Content), nil
	}
	for _, tc := range delta.ToolCalls {
		idx := 0
		if tc.Index != nil {
			idx = *tc.Index
		}
		if s.callIndex == nil {
			s.callIndex = map[int]int{}
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
					return nil, fmt.Errorf("openai: tool call arguments delta is not a string: %s", tc.Function.Arguments)
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
	return result, usage, nil
}
