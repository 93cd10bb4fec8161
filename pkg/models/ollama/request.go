package ollama

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
	"github.com/agentschema/agentschema/pkg/models"
)

// Options are the create options of AutoGen's Ollama client that
// models.CreateOptions does not carry: OutputSchema is structured output
// given as a JSON Schema (AutoGen's json_output given a pydantic model
// class, whose model_json_schema() it is), sent as the request's format
// as it is. IncludeUsage is not an argument of AutoGen's Ollama
// create_stream: a stream given one fails with Python's TypeError; Create
// ignores it.
type Options = models.MoreOptions

// OutputSchema is a structured output's JSON Schema and its model's name.
type OutputSchema = models.OutputSchema

// llmControlParams is LLM_CONTROL_PARAMS: create arguments moved into
// options.
var llmControlParams = map[string]bool{
	"temperature": true, "top_p": true, "top_k": true, "repeat_penalty": true, "frequency_penalty": true,
	"presence_penalty": true, "mirostat": true, "mirostat_eta": true, "mirostat_tau": true, "seed": true,
	"num_ctx": true, "num_predict": true, "num_gpu": true, "stop": true, "tfs_z": true, "typical_p": true,
}

// validCreateKeys is OLLAMA_VALID_CREATE_KWARGS_KEYS: ollama-python
// 0.4.7's ChatRequest fields and response_format.
var validCreateKeys = map[string]bool{
	"model": true, "stream": true, "options": true, "format": true, "keep_alive": true,
	"messages": true, "tools": true, "response_format": true,
}

// createArgs is an ordered dict of create arguments (a pyjson Dict).
type createArgs struct{ pyjson.Value }

func newArgs() createArgs { return createArgs{pyjson.Value{Kind: pyjson.Dict}} }

func (a *createArgs) get(k string) (*pyjson.Value, bool) { return a.Get(k) }

func (a *createArgs) del(k string) {
	for i := range a.Keys {
		if a.Keys[i].Kind == pyjson.Str && a.Keys[i].Str == k {
			a.Keys = append(a.Keys[:i:i], a.Keys[i+1:]...)
			a.Vals = append(a.Vals[:i:i], a.Vals[i+1:]...)
			return
		}
	}
}

func (a createArgs) clone() createArgs {
	return createArgs{pyjson.Value{Kind: pyjson.Dict, Keys: append([]pyjson.Value(nil), a.Keys...),
		Vals: append([]pyjson.Value(nil), a.Vals...)}}
}

// configCreateArgs is _create_args_from_config of the config AutoGen keeps
// (model_dump(exclude_none=True) without model_info and
// model_capabilities): the model, the response_format and the options.
func configCreateArgs(cfg *gen.OllamaClientConfigurationConfigModel) (createArgs, error) {
	raw := newArgs()
	raw.Set("model", pyjson.StrValue(cfg.Model))
	for _, f := range []struct {
		key string
		val gen.RawJSON
	}{{"response_format", cfg.ResponseFormat}, {"options", cfg.Options}} {
		if len(f.val) == 0 {
			continue
		}
		v, err := pyjson.Parse(f.val)
		if err != nil {
			return createArgs{}, fmt.Errorf("ollama: config %s: %w", f.key, err)
		}
		if v.Kind != pyjson.None {
			raw.Set(f.key, v)
		}
	}
	return fromConfig(raw), nil
}

// fromConfig is _create_args_from_config: keys lower-cased; ChatRequest's
// fields (and response_format) kept, LLM control parameters moved into
// options, others dropped.
func fromConfig(config createArgs) createArgs {
	out := newArgs()
	options := pyjson.Value{Kind: pyjson.Dict}
	if o, ok := config.get("options"); ok && o.Kind == pyjson.Dict {
		options.Keys = append(options.Keys, o.Keys...)
		options.Vals = append(options.Vals, o.Vals...)
	}
	for i := range config.Keys {
		k := strings.ToLower(pyjson.KeyText(&config.Keys[i]))
		switch {
		case validCreateKeys[k]:
			out.Set(k, config.Vals[i])
		case llmControlParams[k]:
			options.Set(k, config.Vals[i])
		}
	}
	if len(options.Keys) > 0 {
		out.Set("options", options)
	}
	return out
}

// request is what _process_create_args makes of a call: the body's parts.
type request struct {
	messages []pyjson.Value
	tools    []pyjson.Value
	format   *pyjson.Value
	args     createArgs
}

// buildRequest is _process_create_args followed by AsyncClient.chat's
// argument checks and ChatRequest: the request body, or the exception
// AutoGen raises before sending.
func (c *Client) buildRequest(messages []gen.LLMMessage, opts models.CreateOptions, more Options, stream bool) ([]byte, error) {
	args := c.createArgs.clone()
	extra, err := extraArgs(opts.ExtraArgs)
	if err != nil {
		return nil, err
	}
	for i := range extra.Keys {
		args.Set(pyjson.KeyText(&extra.Keys[i]), extra.Vals[i])
	}
	req := &request{args: fromConfig(args)}
	if err := c.outputFormat(req, opts, more); err != nil {
		return nil, err
	}
	if !c.info.Vision {
		for _, m := range messages {
			if u, ok := m.(*gen.UserMessage); ok && u != nil && u.Content.IsParts() {
				for _, p := range u.Content.Parts {
					if p.IsImage() {
						return nil, valueError("Model does not support vision and image was provided")
					}
				}
			}
		}
	}
	for _, m := range messages {
		ms, err := toOllama(m)
		if err != nil {
			return nil, err
		}
		req.messages = append(req.messages, ms...)
	}
	if !c.info.FunctionCalling && len(opts.Tools) > 0 {
		return nil, valueError("Model does not support function calling and tools were provided")
	}
	if req.tools, err = chooseTools(opts.Tools, opts.ToolChoice); err != nil {
		return nil, err
	}
	return req.body(stream)
}

// extraArgs reads extra_create_args as Python values.
func extraArgs(extra map[string]any) (createArgs, error) {
	out := newArgs()
	if len(extra) == 0 {
		return out, nil
	}
	// A map has no order; Python's dict keeps the caller's. Sorted keys
	// make the order (which decides only which of two duplicated keyword
	// arguments is named) stable.
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for _, k := range keys {
		if f, ok := extra[k].(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
			out.Set(k, pyjson.FloatValue(f)) // Python's float('nan'), which JSON cannot hold
			continue
		}
		b, err := marshalAny(extra[k])
		if err != nil {
			return createArgs{}, fmt.Errorf("ollama: extra create argument %q: %w", k, err)
		}
		v, err := pyjson.Parse(b)
		if err != nil {
			return createArgs{}, fmt.Errorf("ollama: extra create argument %q: %w", k, err)
		}
		out.Set(k, v)
	}
	return out, nil
}

// outputFormat is _process_create_args' handling of response_format,
// json_output and format: the request's format.
func (c *Client) outputFormat(req *request, opts models.CreateOptions, more Options) error {
	if v, ok := req.args.get("response_format"); ok {
		// From JSON it is never a pydantic model class.
		return valueError("response_format must be a Pydantic model class, not <class '" + v.TypeName() + "'>")
	}
	structured, err := structuredFormat(opts.OutputType, more.OutputSchema)
	if err != nil {
		return err
	}
	jsonOutputSet := opts.JSONOutput != nil || structured != nil
	if opts.JSONOutput != nil && opts.OutputType == nil && more.OutputSchema == nil {
		if *opts.JSONOutput {
			if !c.info.JSONOutput {
				return valueError("Model does not support JSON output.")
			}
			f := pyjson.StrValue("json")
			req.format = &f
		}
	} else if opts.JSONOutput != nil {
		return valueError("json_output must be a boolean or a Pydantic model class, got both")
	}
	if structured != nil {
		req.format = structured
	}
	if f, ok := req.args.get("format"); ok {
		if jsonOutputSet {
			return valueError("json_output and format cannot be set at the same time. Use json_output instead.")
		}
		v := *f
		req.format = &v
		req.args.del("format")
	}
	return nil
}

// structuredFormat is model_json_schema() of the output type, or the
// output schema as given.
func structuredFormat(t reflect.Type, s *OutputSchema) (*pyjson.Value, error) {
	switch {
	case t != nil && s != nil:
		return nil, valueError("OutputType and OutputSchema cannot be set at the same time")
	case t != nil:
		n, err := pymodel.Build(t, pymodel.Options{})
		if err != nil {
			return nil, &Error{Exception: TypeError, Message: err.Error()}
		}
		v := pymodel.Schema(n)
		return &v, nil
	case s != nil:
		v, err := pyjson.Parse(s.Schema)
		if err != nil {
			return nil, fmt.Errorf("ollama: output schema %s: %w", s.Name, err)
		}
		return &v, nil
	}
	return nil, nil
}

// toOllama is to_ollama_type: one LLM message as ollama Messages (as
// dicts, before ollama-python drops their empty members).
func toOllama(m gen.LLMMessage) ([]pyjson.Value, error) {
	switch m := m.(type) {
	case *gen.SystemMessage:
		return []pyjson.Value{message("system", pyjson.StrValue(m.Content))}, nil
	case *gen.UserMessage:
		return userToOllama(m)
	case *gen.AssistantMessage:
		if err := assertValidName(m.Source); err != nil {
			return nil, err
		}
		if !m.Content.IsFunctionCalls() {
			return []pyjson.Value{message("assistant", pyjson.StrValue(m.Content.Text))}, nil
		}
		calls := pyjson.Value{Kind: pyjson.List}
		for _, fc := range m.Content.FunctionCalls {
			call, err := funcCallToOllama(fc)
			if err != nil {
				return nil, err
			}
			calls.List = append(calls.List, call)
		}
		msg := pyjson.Value{Kind: pyjson.Dict}
		msg.Set("role", pyjson.StrValue("assistant"))
		msg.Set("tool_calls", calls)
		return []pyjson.Value{msg}, nil
	case *gen.FunctionExecutionResultMessage:
		var out []pyjson.Value
		for _, r := range m.Content {
			out = append(out, message("tool", pyjson.StrValue(r.Content)))
		}
		return out, nil
	}
	return nil, &Error{Exception: TypeError, Message: fmt.Sprintf("unknown message type %T", m)}
}

func message(role string, content pyjson.Value) pyjson.Value {
	v := pyjson.Value{Kind: pyjson.Dict}
	v.Set("role", pyjson.StrValue(role))
	v.Set("content", content)
	return v
}

// userToOllama is user_message_to_ollama: a text is one message; a list
// makes one message per text part, each image going to the images of the
// message before it (an image first makes a message of images only).
func userToOllama(m *gen.UserMessage) ([]pyjson.Value, error) {
	if err := assertValidName(m.Source); err != nil {
		return nil, err
	}
	if !m.Content.IsParts() {
		return []pyjson.Value{message("user", pyjson.StrValue(m.Content.Text))}, nil
	}
	var out []pyjson.Value
	for i, p := range m.Content.Parts {
		switch {
		case p.IsText():
			out = append(out, message("user", pyjson.StrValue(p.Text)))
		case p.IsImage():
			b64, err := p.Image.EncodeBase64()
			if err != nil {
				return nil, fmt.Errorf("ollama: image %d of a user message: %w", i, err)
			}
			if len(out) == 0 {
				v := pyjson.Value{Kind: pyjson.Dict}
				v.Set("role", pyjson.StrValue("user"))
				out = append(out, v)
			}
			last := &out[len(out)-1]
			imgs, ok := last.Get("images")
			if !ok {
				last.Set("images", pyjson.Value{Kind: pyjson.List})
				imgs, _ = last.Get("images")
			}
			imgs.List = append(imgs.List, pyjson.StrValue(b64))
		default:
			return nil, valueError(fmt.Sprintf("Unknown content type: item %d", i))
		}
	}
	return out, nil
}

// funcCallToOllama is func_call_to_ollama: the arguments parsed with
// json.loads, which ollama's ToolCall.Function requires to be a dict.
func funcCallToOllama(fc gen.FunctionCall) (pyjson.Value, error) {
	args, err := pyjson.Parse([]byte(fc.Arguments))
	if err != nil {
		return pyjson.Value{}, &Error{Exception: JSONDecodeError, Message: pyjson.LoadsErrorText([]byte(fc.Arguments), err)}
	}
	if args.Kind != pyjson.Dict {
		return pyjson.Value{}, &ValidationError{Title: "Function", Errors: []FieldError{{Loc: []any{"arguments"},
			Type: "dict_type", Msg: "Input should be a valid dictionary", input: args}}}
	}
	fn := pyjson.Value{Kind: pyjson.Dict}
	fn.Set("name", pyjson.StrValue(fc.Name))
	fn.Set("arguments", args)
	call := pyjson.Value{Kind: pyjson.Dict}
	call.Set("function", fn)
	return call, nil
}

// assertValidName is AutoGen's assert_valid_name. Python's
// re.match(r"^[a-zA-Z0-9_-]+$") lets one trailing newline through ($
// matches before it), and the length counts characters.
func assertValidName(name string) error {
	body := strings.TrimSuffix(name, "\n")
	ok := body != ""
	for i := 0; ok && i < len(body); i++ {
		c := body[i]
		ok = c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
	}
	if !ok {
		return valueError("Invalid name: " + name + ". Only letters, numbers, '_' and '-' are allowed.")
	}
	if utf8.RuneCountInString(name) > 64 {
		return valueError("Invalid name: " + name + ". Name must be less than 64 characters.")
	}
	return nil
}

// normalizeName is AutoGen's normalize_name: every character outside
// [a-zA-Z0-9_-] becomes "_", and the name is cut to 64 characters.
func normalizeName(name string) string {
	var b strings.Builder
	n := 0
	for _, r := range name {
		if n == 64 {
			break
		}
		if r == '_' || r == '-' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		n++
	}
	return b.String()
}

// checkFloats is httpx's json.dumps(allow_nan=False): a NaN or infinite
// float in the body is refused.
func checkFloats(v *pyjson.Value) error {
	switch v.Kind {
	case pyjson.Float:
		if math.IsNaN(v.Float) || math.IsInf(v.Float, 0) {
			return valueError("Out of range float values are not JSON compliant")
		}
	case pyjson.List, pyjson.Tuple:
		for i := range v.List {
			if err := checkFloats(&v.List[i]); err != nil {
				return err
			}
		}
	case pyjson.Dict:
		for i := range v.Vals {
			if err := checkFloats(&v.Vals[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
