package tokens

import (
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
)

// Options are the parameters of AutoGen's count_tokens_openai other than the
// messages and the model. The zero value is AutoGen's OpenAI client with its
// defaults (no tools, no name prefixes, names included).
type Options struct {
	// Tools are the tool schemas offered to the model.
	Tools []gen.ToolSchema
	// RawTools are more tool schemas, as raw JSON objects. They are read as
	// Python's json.loads reads them (key order, duplicate keys and number
	// text kept: 1.0 stays a float) and counted after Tools. Use them to
	// count schemas exactly as AutoGen receives them, malformed ones
	// included.
	RawTools []json.RawMessage
	// ModelFamily is the client's model_info["family"] (a ModelFamily value
	// such as "gpt-4o", "claude-3-5-sonnet" or "unknown"); it selects how
	// messages are turned into OpenAI messages. Empty means the family
	// AutoGen's model table gives the model (see ModelInfoFamily), or
	// "unknown" for models it does not know.
	ModelFamily string
	// AddNamePrefixes prefixes user text with "<source> said:\n"
	// (the client's add_name_prefixes).
	AddNamePrefixes bool
	// IncludeNameInMessage sends the user's source as the "name" field
	// (the client's include_name_in_message). Nil means true, AutoGen's
	// default.
	IncludeNameInMessage *bool
}

func (o *Options) countOptions(model string) countOptions {
	co := countOptions{
		addNamePrefixes:      o.AddNamePrefixes,
		modelFamily:          o.ModelFamily,
		includeNameInMessage: o.IncludeNameInMessage == nil || *o.IncludeNameInMessage,
	}
	if co.modelFamily == "" {
		co.modelFamily = "unknown"
		if f, ok := ModelInfoFamily(model); ok {
			co.modelFamily = f
		}
	}
	return co
}

// rawTools returns Tools (marshalled with gen's JSON encoding) and RawTools.
func (o *Options) rawTools() ([]json.RawMessage, error) {
	if len(o.Tools) == 0 {
		return o.RawTools, nil
	}
	out := make([]json.RawMessage, 0, len(o.Tools)+len(o.RawTools))
	for i := range o.Tools {
		b, err := json.Marshal(o.Tools[i])
		if err != nil {
			return nil, fmt.Errorf("tokens: tool %d: %w", i, err)
		}
		out = append(out, b)
	}
	return append(out, o.RawTools...), nil
}

// CountMessages returns the number of prompt tokens AutoGen's OpenAI chat
// client counts for messages sent to model with the options (at most one
// Options value is read): its count_tokens, i.e. count_tokens_openai with
// the encoding tiktoken gives the model (cl100k_base for models tiktoken
// does not know).
//
// Every message costs 3 tokens, plus the tokens of each value of the OpenAI
// message(s) it becomes (the role, the name plus 1, the content; tool calls
// as Python's json.dumps writes them; images by VisionTokens); the reply
// priming adds 3; tools add their CountTools count. Inputs AutoGen refuses
// give an *Error carrying the Python exception name: an invalid source or
// tool name (ValueError), text containing a special token such as
// "<|endoftext|>" (ValueError), malformed tool schemas (KeyError, TypeError,
// AssertionError).
func CountMessages(messages []gen.LLMMessage, model string, opts ...Options) (int, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	msgs, err := fromGen(messages)
	if err != nil {
		return 0, err
	}
	tools, err := o.rawTools()
	if err != nil {
		return 0, err
	}
	return countAll(msgs, model, tools, o.countOptions(model))
}

// countAll is count_tokens_openai.
func countAll(msgs []message, model string, tools []json.RawMessage, co countOptions) (int, error) {
	enc, err := GetEncoding(EncodingForModel(model))
	if err != nil {
		return 0, err
	}
	n, err := countMessageTokens(enc.e, msgs, model, co)
	if err != nil {
		return 0, err
	}
	vals, err := parseTools(tools)
	if err != nil {
		return 0, err
	}
	t, err := countToolValues(enc.e, vals)
	if err != nil {
		return 0, err
	}
	return n + t, nil
}

// RemainingTokens is AutoGen's remaining_tokens: the model's token limit
// (TokenLimit) minus CountMessages. It fails with an error wrapping
// ErrNoTokenLimit (a KeyError in AutoGen) when AutoGen knows no limit for
// the model.
func RemainingTokens(messages []gen.LLMMessage, model string, opts ...Options) (int, error) {
	limit, ok := TokenLimit(model)
	if !ok {
		return 0, &Error{Exception: KeyError, Message: strRepr(ResolveModel(model)), Err: ErrNoTokenLimit}
	}
	n, err := CountMessages(messages, model, opts...)
	if err != nil {
		return 0, err
	}
	return limit - n, nil
}

// fromGen reduces gen messages to what counting reads.
func fromGen(in []gen.LLMMessage) ([]message, error) {
	out := make([]message, 0, len(in))
	for i, m := range in {
		var msg message
		switch m := m.(type) {
		case *gen.SystemMessage:
			if m == nil {
				return nil, nilMessage(i)
			}
			msg = message{role: roleSystem, text: m.Content}
		case *gen.UserMessage:
			if m == nil {
				return nil, nilMessage(i)
			}
			msg = message{role: roleUser, source: m.Source}
			switch {
			case m.Content.IsText():
				msg.text = m.Content.Text
			case m.Content.IsParts():
				msg.multimodal = true
				msg.parts = make([]contentPart, 0, len(m.Content.Parts))
				for _, it := range m.Content.Parts {
					switch {
					case it.IsText():
						msg.parts = append(msg.parts, contentPart{text: it.Text})
					case it.IsImage():
						w, h := it.Image.Size()
						msg.parts = append(msg.parts, contentPart{image: true, width: w, height: h})
					default:
						return nil, valueError(fmt.Sprintf("message %d: empty user content part", i), nil)
					}
				}
			default:
				return nil, valueError(fmt.Sprintf("message %d: empty user content", i), nil)
			}
		case *gen.AssistantMessage:
			if m == nil {
				return nil, nilMessage(i)
			}
			msg = message{role: roleAssistant, source: m.Source, thought: m.Thought}
			switch {
			case m.Content.IsText():
				msg.text = m.Content.Text
			case m.Content.IsFunctionCalls():
				msg.toolCalls = true
				msg.calls = make([]functionCall, len(m.Content.FunctionCalls))
				for k, fc := range m.Content.FunctionCalls {
					msg.calls[k] = functionCall{id: fc.ID, arguments: fc.Arguments, name: fc.Name}
				}
			default:
				return nil, valueError(fmt.Sprintf("message %d: empty assistant content", i), nil)
			}
		case *gen.FunctionExecutionResultMessage:
			if m == nil {
				return nil, nilMessage(i)
			}
			msg = message{role: roleTool, results: make([]functionResult, len(m.Content))}
			for k, r := range m.Content {
				msg.results[k] = functionResult{content: r.Content, callID: r.CallID}
			}
		default:
			return nil, nilMessage(i)
		}
		out = append(out, msg)
	}
	return out, nil
}

func nilMessage(i int) error {
	return valueError(fmt.Sprintf("Unknown message type (message %d)", i), nil)
}
