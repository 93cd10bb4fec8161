package ollama

import (
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// chatResponse is ollama-python's ChatResponse, the members AutoGen reads.
type chatResponse struct {
	model      *string
	done       bool
	doneReason *string
	// promptEvalCount and evalCount are the counts' decimal texts; "" for
	// None.
	promptEvalCount, evalCount string
	content                    *string
	toolCalls                  []toolCall
	hasToolCalls               bool // tool_calls is not None (an empty list counts)
}

// toolCall is one of the message's tool_calls.
type toolCall struct {
	name string
	args pyjson.Value
}

// responseValidator collects pydantic's faults of a ChatResponse.
type responseValidator struct{ faults []FieldError }

func (rv *responseValidator) fault(loc []any, typ, msg string, input *pyjson.Value) {
	rv.faults = append(rv.faults, FieldError{Loc: loc, Type: typ, Msg: msg, input: *input})
}

// optStr validates an Optional[str] member.
func (rv *responseValidator) optStr(obj *pyjson.Value, key string, loc []any) *string {
	v, ok := obj.Get(key)
	if !ok || v.Kind == pyjson.None {
		return nil
	}
	if v.Kind != pyjson.Str {
		rv.fault(append(loc, key), "string_type", "Input should be a valid string", v)
		return nil
	}
	s := v.Str
	return &s
}

// optInt validates an Optional[int] member, returning its decimal text.
func (rv *responseValidator) optInt(obj *pyjson.Value, key string) string {
	v, ok := obj.Get(key)
	if !ok || v.Kind == pyjson.None {
		return ""
	}
	text, code, msg := pymodel.LaxInt(v)
	if code != "" {
		rv.fault([]any{key}, code, msg, v)
		return ""
	}
	return text
}

// parseChatResponse is ChatResponse(**part): part must be a dict, and its
// members are validated as pydantic validates the model.
func parseChatResponse(part *pyjson.Value) (*chatResponse, error) {
	if part.Kind != pyjson.Dict {
		return nil, &Error{Exception: TypeError,
			Message: "ollama._types.ChatResponse() argument after ** must be a mapping, not " + part.TypeName()}
	}
	var rv responseValidator
	var r chatResponse
	r.model = rv.optStr(part, "model", nil)
	rv.optStr(part, "created_at", nil)
	if v, ok := part.Get("done"); ok && v.Kind != pyjson.None {
		b, code, msg := pymodel.LaxBool(v)
		if code != "" {
			rv.fault([]any{"done"}, code, msg, v)
		}
		r.done = b
	}
	r.doneReason = rv.optStr(part, "done_reason", nil)
	rv.optInt(part, "total_duration")
	rv.optInt(part, "load_duration")
	r.promptEvalCount = rv.optInt(part, "prompt_eval_count")
	rv.optInt(part, "prompt_eval_duration")
	r.evalCount = rv.optInt(part, "eval_count")
	rv.optInt(part, "eval_duration")
	msg, ok := part.Get("message")
	if !ok {
		rv.fault([]any{"message"}, "missing", "Field required", part)
	} else {
		rv.message(&r, msg)
	}
	if rv.faults != nil {
		return nil, &ValidationError{Title: "ChatResponse", Errors: rv.faults}
	}
	return &r, nil
}

// message validates the response's Message.
func (rv *responseValidator) message(r *chatResponse, msg *pyjson.Value) {
	loc := []any{"message"}
	if msg.Kind != pyjson.Dict {
		rv.fault(loc, "model_type", "Input should be a valid dictionary or instance of Message", msg)
		return
	}
	if role, ok := msg.Get("role"); !ok {
		rv.fault([]any{"message", "role"}, "missing", "Field required", msg)
	} else if role.Kind != pyjson.Str || !(role.Str == "user" || role.Str == "assistant" || role.Str == "system" || role.Str == "tool") {
		rv.fault([]any{"message", "role"}, "literal_error", "Input should be 'user', 'assistant', 'system' or 'tool'", role)
	}
	r.content = rv.optStr(msg, "content", loc)
	if imgs, ok := msg.Get("images"); ok && imgs.Kind != pyjson.None {
		if imgs.Kind != pyjson.List {
			rv.fault([]any{"message", "images"}, "list_type", "Input should be a valid list", imgs)
		} else {
			for i := range imgs.List {
				if imgs.List[i].Kind != pyjson.Dict {
					rv.fault([]any{"message", "images", i}, "model_type", "Input should be a valid dictionary or instance of Image", &imgs.List[i])
				}
			}
		}
	}
	calls, ok := msg.Get("tool_calls")
	if !ok || calls.Kind == pyjson.None {
		return
	}
	if calls.Kind != pyjson.List {
		rv.fault([]any{"message", "tool_calls"}, "list_type", "Input should be a valid list", calls)
		return
	}
	r.hasToolCalls = true
	r.toolCalls = []toolCall{}
	for i := range calls.List {
		if tc, ok := rv.toolCall(&calls.List[i], []any{"message", "tool_calls", i}); ok {
			r.toolCalls = append(r.toolCalls, tc)
		}
	}
}

// toolCall validates one Message.ToolCall.
func (rv *responseValidator) toolCall(v *pyjson.Value, loc []any) (toolCall, bool) {
	if v.Kind != pyjson.Dict {
		rv.fault(loc, "model_type", "Input should be a valid dictionary or instance of ToolCall", v)
		return toolCall{}, false
	}
	fn, ok := v.Get("function")
	floc := append(append([]any(nil), loc...), "function")
	if !ok {
		rv.fault(floc, "missing", "Field required", v)
		return toolCall{}, false
	}
	if fn.Kind != pyjson.Dict {
		rv.fault(floc, "model_type", "Input should be a valid dictionary or instance of Function", fn)
		return toolCall{}, false
	}
	var tc toolCall
	good := true
	if name, ok := fn.Get("name"); !ok {
		rv.fault(append(append([]any(nil), floc...), "name"), "missing", "Field required", fn)
		good = false
	} else if name.Kind != pyjson.Str {
		rv.fault(append(append([]any(nil), floc...), "name"), "string_type", "Input should be a valid string", name)
		good = false
	} else {
		tc.name = name.Str
	}
	if args, ok := fn.Get("arguments"); !ok {
		rv.fault(append(append([]any(nil), floc...), "arguments"), "missing", "Field required", fn)
		good = false
	} else if args.Kind != pyjson.Dict {
		rv.fault(append(append([]any(nil), floc...), "arguments"), "dict_type", "Input should be a valid dictionary", args)
		good = false
	} else {
		tc.args = *args
	}
	return tc, good
}

// usageOf is a count's value as a gen.Int (0 for None).
func usageOf(text string) gen.Int {
	if text == "" {
		return gen.IntOf(0)
	}
	v, ok := gen.ParseInt(text)
	if !ok {
		return gen.IntOf(0)
	}
	return v
}

// normalizeStopReason is AutoGen's normalize_stop_reason for Ollama.
func normalizeStopReason(reason *string) gen.FinishReason {
	if reason == nil {
		return gen.FinishReasonUnknown
	}
	switch strings.ToLower(*reason) {
	case "stop", "end_turn":
		return gen.FinishReasonStop
	case "tool_calls":
		return gen.FinishReasonFunctionCalls
	}
	return gen.FinishReasonUnknown
}

// functionCalls are the tool calls as AutoGen's FunctionCalls: every one
// with the id given, its arguments written by json.dumps, its name
// normalized.
func functionCalls(calls []toolCall, id string) []gen.FunctionCall {
	out := make([]gen.FunctionCall, 0, len(calls))
	for i := range calls {
		out = append(out, gen.FunctionCall{ID: id, Arguments: pyjson.Dumps(&calls[i].args), Name: normalizeName(calls[i].name)})
	}
	return out
}
