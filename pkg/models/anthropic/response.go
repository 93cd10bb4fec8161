package anthropic

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// normalizeStopReason is AutoGen's normalize_stop_reason.
func normalizeStopReason(v *pyjson.Value) gen.FinishReason {
	if v == nil || v.Kind != pyjson.Str {
		return "unknown"
	}
	switch strings.ToLower(v.Str) {
	case "end_turn", "stop_sequence":
		return "stop"
	case "max_tokens":
		return "length"
	case "tool_use":
		return "function_calls"
	}
	return "unknown"
}

// tokenCount reads a usage count: nil for a missing or null one (Python's
// None), else its value.
func tokenCount(usage *pyjson.Value, key string) *int64 {
	if usage == nil || usage.Kind != pyjson.Dict {
		return nil
	}
	v, ok := usage.Get(key)
	if !ok || v.Kind != pyjson.Int {
		return nil
	}
	n, err := strconv.ParseInt(v.Int, 10, 64)
	if err != nil {
		return nil
	}
	return &n
}

// joinStr is Python's "".join(items): every item must be a str.
func joinStr(items []*pyjson.Value) (string, error) {
	var b strings.Builder
	for i, v := range items {
		if v == nil || v.Kind != pyjson.Str {
			name := "NoneType"
			if v != nil {
				name = v.TypeName()
			}
			return "", typeError(fmt.Sprintf("sequence item %d: expected str instance, %s found", i, name))
		}
		b.WriteString(v.Str)
	}
	return b.String(), nil
}

var emptyStr = pyjson.StrValue("")

// block is one content block as the anthropic library builds it: a
// block of a type it does not know is a TextBlock whose text is
// whatever the block holds (None when it has none).
type block struct {
	typ      string
	v        *pyjson.Value
	isText   bool
	text     *pyjson.Value
	thinking *pyjson.Value
}

func blocksOf(content *pyjson.Value) []block {
	if content == nil || content.Kind != pyjson.List {
		return nil
	}
	out := make([]block, 0, len(content.List))
	for i := range content.List {
		v := &content.List[i]
		b := block{v: v}
		if t, ok := v.Get("type"); ok && t.Kind == pyjson.Str {
			b.typ = t.Str
		}
		switch b.typ {
		case "tool_use", "redacted_thinking":
		case "thinking":
			b.thinking = &emptyStr
			if th, ok := v.Get("thinking"); ok {
				b.thinking = th
			}
		default:
			b.isText = true
			b.text, _ = v.Get("text")
		}
		out = append(out, b)
	}
	return out
}

// parseMessage reads a Messages API answer as AutoGen's create reads it.
func parseMessage(body io.ReadCloser) (gen.CreateResult, gen.RequestUsage, error) {
	defer body.Close()
	data, err := io.ReadAll(body)
	if err != nil {
		return gen.CreateResult{}, gen.RequestUsage{}, err
	}
	msg, err := pyjson.Parse(data)
	if err != nil || msg.Kind != pyjson.Dict {
		return gen.CreateResult{}, gen.RequestUsage{}, &Error{Exception: "JSONDecodeError", Message: pyjson.LoadsErrorText(data, err)}
	}
	usageV, _ := msg.Get("usage")
	content, _ := msg.Get("content")
	blocks := blocksOf(content)
	var calls []gen.FunctionCall
	var thinking, texts, all []*pyjson.Value
	for _, b := range blocks {
		switch {
		case b.typ == "tool_use":
			calls = append(calls, functionCallOf(b.v))
		case b.typ == "thinking":
			thinking = append(thinking, b.thinking)
		}
		if b.isText {
			texts = append(texts, b.text)
			all = append(all, b.text)
		} else {
			all = append(all, &emptyStr)
		}
	}
	stop, _ := msg.Get("stop_reason")
	result := gen.CreateResult{FinishReason: normalizeStopReason(stop)}
	var thought *string
	if len(thinking) > 0 {
		t, err := joinStr(thinking)
		if err != nil {
			return gen.CreateResult{}, gen.RequestUsage{}, err
		}
		thought = &t
	}
	if calls != nil {
		if thought == nil && len(texts) > 0 {
			t, err := joinStr(texts)
			if err != nil {
				return gen.CreateResult{}, gen.RequestUsage{}, err
			}
			thought = &t
		}
		result.Content = gen.CreateResultContentOfFunctionCalls(calls)
	} else {
		text, err := joinStr(all)
		if err != nil {
			return gen.CreateResult{}, gen.RequestUsage{}, err
		}
		result.Content = gen.CreateResultContentOfText(text)
	}
	result.Thought = thought
	usage, err := usageOf(tokenCount(usageV, "input_tokens"), tokenCount(usageV, "output_tokens"))
	if err != nil {
		return gen.CreateResult{}, gen.RequestUsage{}, err
	}
	result.Usage = usage
	return result, usage, nil
}

// functionCallOf is the FunctionCall of a tool_use block: its id, its name
// normalized, and its input as json.dumps writes a dict (str() of anything
// else, "" for None).
func functionCallOf(v *pyjson.Value) gen.FunctionCall {
	fc := gen.FunctionCall{}
	if id, ok := v.Get("id"); ok {
		fc.ID = pyjson.StrOf(id)
	}
	if name, ok := v.Get("name"); ok {
		fc.Name = normalizeName(pyjson.StrOf(name))
	}
	input, ok := v.Get("input")
	switch {
	case !ok || input.Kind == pyjson.None:
		fc.Arguments = ""
	case input.Kind == pyjson.Dict:
		fc.Arguments = pyjson.Dumps(input)
	default:
		fc.Arguments = pyjson.StrOf(input)
	}
	return fc
}
