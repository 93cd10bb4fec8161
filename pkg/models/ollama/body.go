package ollama

import (
	"strconv"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// body is AsyncClient.chat's request: its keyword arguments checked as
// Python checks a call, then ChatRequest(...).model_dump(exclude_none=True)
// with ollama-python's copy of each message (its empty members dropped),
// written as httpx writes JSON (compact, UTF-8, no NaN).
func (r *request) body(stream bool) ([]byte, error) {
	for i := range r.args.Keys {
		switch k := pyjson.KeyText(&r.args.Keys[i]); k {
		case "messages", "tools", "stream":
			return nil, &Error{Exception: TypeError,
				Message: "ollama._client.AsyncClient.chat() got multiple values for keyword argument '" + k + "'"}
		}
	}
	out := pyjson.Value{Kind: pyjson.Dict}
	var faults []FieldError
	model := pyjson.StrValue("")
	if m, ok := r.args.get("model"); ok {
		model = *m
	}
	switch {
	case model.Kind != pyjson.Str:
		faults = append(faults, FieldError{Loc: []any{"model"}, Type: "string_type", Msg: "Input should be a valid string", input: model})
	case model.Str == "":
		faults = append(faults, FieldError{Loc: []any{"model"}, Type: "string_too_short", Msg: "String should have at least 1 character", input: model})
	}
	out.Set("model", model)
	out.Set("stream", pyjson.BoolValue(stream))
	if o, ok := r.args.get("options"); ok && o.Kind != pyjson.None {
		if o.Kind != pyjson.Dict {
			faults = append(faults,
				FieldError{Loc: []any{"options", "Mapping[str,any]"}, Type: "dict_type", Msg: "Input should be a valid dictionary", input: *o},
				FieldError{Loc: []any{"options", "Options"}, Type: "model_type", Msg: "Input should be a valid dictionary or instance of Options", input: *o})
		}
		out.Set("options", *o)
	}
	if f := r.format; f != nil && f.Kind != pyjson.None {
		if !(f.Kind == pyjson.Dict || f.Kind == pyjson.Str && (f.Str == "" || f.Str == "json")) {
			faults = append(faults,
				FieldError{Loc: []any{"format", "literal['','json']"}, Type: "literal_error", Msg: "Input should be '' or 'json'", input: *f},
				FieldError{Loc: []any{"format", "dict[str,any]"}, Type: "dict_type", Msg: "Input should be a valid dictionary", input: *f})
		}
		out.Set("format", *f)
	}
	if k, ok := r.args.get("keep_alive"); ok && k.Kind != pyjson.None {
		v, fs := keepAlive(*k)
		faults = append(faults, fs...)
		out.Set("keep_alive", v)
	}
	if faults != nil {
		return nil, &ValidationError{Title: "ChatRequest", Errors: faults}
	}
	msgs := pyjson.Value{Kind: pyjson.List, List: make([]pyjson.Value, 0, len(r.messages))}
	for i := range r.messages {
		msgs.List = append(msgs.List, copyMessage(&r.messages[i]))
	}
	out.Set("messages", msgs)
	out.Set("tools", pyjson.Value{Kind: pyjson.List, List: append([]pyjson.Value{}, r.tools...)})
	if err := checkFloats(&out); err != nil {
		return nil, err
	}
	return pyjson.AppendJSON(nil, &out), nil
}

// keepAlive is ChatRequest's keep_alive, Optional[Union[float, str]]: a
// number becomes a float, a string stays.
func keepAlive(v pyjson.Value) (pyjson.Value, []FieldError) {
	switch v.Kind {
	case pyjson.Str, pyjson.Float:
		return v, nil
	case pyjson.Int:
		f, err := strconv.ParseFloat(v.Int, 64)
		if err == nil {
			return pyjson.FloatValue(f), nil
		}
	case pyjson.Bool:
		if v.Bool {
			return pyjson.FloatValue(1), nil
		}
		return pyjson.FloatValue(0), nil
	}
	return v, []FieldError{
		{Loc: []any{"keep_alive", "float"}, Type: "float_type", Msg: "Input should be a valid number", input: v},
		{Loc: []any{"keep_alive", "str"}, Type: "string_type", Msg: "Input should be a valid string", input: v},
	}
}

// copyMessage is ollama-python's _copy_messages for one message: members
// whose value is falsy (an empty content, no images, no tool calls) are
// dropped.
func copyMessage(m *pyjson.Value) pyjson.Value {
	out := pyjson.Value{Kind: pyjson.Dict}
	for i := range m.Keys {
		if !falsy(&m.Vals[i]) {
			out.Keys = append(out.Keys, m.Keys[i])
			out.Vals = append(out.Vals, m.Vals[i])
		}
	}
	return out
}
