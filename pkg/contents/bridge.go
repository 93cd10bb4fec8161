package contents

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/genrt"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// Role says who a Message is from: MEAI's ChatRole.
type Role string

// The roles of AutoGen's LLM messages.
const (
	// RoleSystem is a SystemMessage.
	RoleSystem Role = "system"
	// RoleUser is a UserMessage.
	RoleUser Role = "user"
	// RoleAssistant is an AssistantMessage.
	RoleAssistant Role = "assistant"
	// RoleTool is a FunctionExecutionResultMessage.
	RoleTool Role = "tool"
)

// Message is one AutoGen LLM message as a list of contents, in the shape of
// MEAI's ChatMessage. FromLLMMessage and ToLLMMessage convert; the package
// documentation says what maps where.
type Message struct {
	// Role says which AutoGen message this is.
	Role Role
	// AuthorName is the source of a user or assistant message.
	AuthorName string
	// Contents are the message's contents.
	Contents []gen.AIContent
	// RawRepresentation is the gen.LLMMessage the message was made from,
	// or nil. ToLLMMessage returns it as long as the message still says
	// what it said (see ToLLMMessage).
	RawRepresentation any
}

// The additional properties the bridge keeps what AutoGen has and the
// contents lack in. They survive JSON.
const (
	// PropName is the FunctionExecutionResult's name (a string) on a
	// FunctionResultContent.
	PropName = "autogen.name"
	// PropIsError is false on a FunctionResultContent whose
	// FunctionExecutionResult had is_error false rather than null.
	PropIsError = "autogen.is_error"
	// PropArguments is the arguments text (a string) on a
	// FunctionCallContent whose FunctionCall's arguments are not a JSON
	// object.
	PropArguments = "autogen.arguments"
)

// FromLLMMessage converts an AutoGen LLM message to a Message of contents.
// The Message's RawRepresentation is m; calls, results and images keep
// theirs in their contents' RawRepresentation. The error is a
// *ConversionError (a nil message, empty content, or an image that cannot
// be written as a PNG).
func FromLLMMessage(m gen.LLMMessage) (Message, error) {
	switch m := m.(type) {
	case *gen.SystemMessage:
		if m != nil {
			return Message{Role: RoleSystem, Contents: []gen.AIContent{&gen.TextContent{Text: m.Content}}, RawRepresentation: m}, nil
		}
	case *gen.UserMessage:
		if m != nil {
			return fromUser(m)
		}
	case *gen.AssistantMessage:
		if m != nil {
			return fromAssistant(m)
		}
	case *gen.FunctionExecutionResultMessage:
		if m != nil {
			out := Message{Role: RoleTool, Contents: make([]gen.AIContent, len(m.Content)), RawRepresentation: m}
			for i, r := range m.Content {
				out.Contents[i] = FromFunctionResult(r)
			}
			return out, nil
		}
	}
	return Message{}, convErr(-1, "not an LLM message (nil)", nil)
}

func fromUser(m *gen.UserMessage) (Message, error) {
	out := Message{Role: RoleUser, AuthorName: m.Source, RawRepresentation: m}
	switch {
	case m.Content.IsText():
		out.Contents = []gen.AIContent{&gen.TextContent{Text: m.Content.Text}}
	case m.Content.IsParts():
		out.Contents = make([]gen.AIContent, len(m.Content.Parts))
		for i, it := range m.Content.Parts {
			switch {
			case it.IsText():
				out.Contents[i] = &gen.TextContent{Text: it.Text}
			case it.IsImage():
				dc, err := FromImage(it.Image)
				if err != nil {
					return Message{}, atContent(err, i)
				}
				out.Contents[i] = dc
			default:
				return Message{}, convErr(i, "empty user content part", nil)
			}
		}
	default:
		return Message{}, convErr(-1, "user message without content", nil)
	}
	return out, nil
}

func fromAssistant(m *gen.AssistantMessage) (Message, error) {
	out := Message{Role: RoleAssistant, AuthorName: m.Source, RawRepresentation: m}
	if m.Thought != nil {
		out.Contents = append(out.Contents, &gen.TextReasoningContent{Text: *m.Thought})
	}
	switch {
	case m.Content.IsText():
		out.Contents = append(out.Contents, &gen.TextContent{Text: m.Content.Text})
	case m.Content.IsFunctionCalls():
		for _, fc := range m.Content.FunctionCalls {
			out.Contents = append(out.Contents, FromFunctionCall(fc))
		}
	default:
		return Message{}, convErr(-1, "assistant message without content", nil)
	}
	if out.Contents == nil {
		out.Contents = []gen.AIContent{}
	}
	return out, nil
}

// FromLLMMessages converts each message with FromLLMMessage. The error is
// a *ConversionError whose Message is the index of the message at fault.
func FromLLMMessages(ms []gen.LLMMessage) ([]Message, error) {
	out := make([]Message, len(ms))
	for i, m := range ms {
		c, err := FromLLMMessage(m)
		if err != nil {
			return nil, atMessage(err, i)
		}
		out[i] = c
	}
	return out, nil
}

// ToLLMMessage converts a Message back to an AutoGen LLM message.
//
// When m.RawRepresentation is the gen.LLMMessage m was made from and
// converting it again gives m's role, author and contents (compared as
// JSON), it is returned as is: an unchanged message comes back exactly,
// including what contents cannot say (a user's one-item list of text, the
// white space of call arguments, is_error null). Otherwise the message is
// built from the contents as the package documentation says; a content
// with no place in the message is a *ConversionError. A FunctionResult's
// name comes from its PropName property; ToLLMMessages also finds it from
// the FunctionCallContent with the same call id.
func ToLLMMessage(m Message) (gen.LLMMessage, error) {
	return toLLMMessage(m, nil)
}

// ToLLMMessages converts each message with ToLLMMessage. A
// FunctionResultContent without a PropName property is named after the
// FunctionCallContent with its call id in an earlier message. The error is
// a *ConversionError whose Message is the index of the message at fault.
func ToLLMMessages(ms []Message) ([]gen.LLMMessage, error) {
	names := map[string]string{}
	out := make([]gen.LLMMessage, len(ms))
	for i, m := range ms {
		lm, err := toLLMMessage(m, names)
		if err != nil {
			return nil, atMessage(err, i)
		}
		out[i] = lm
		for _, c := range m.Contents {
			if fc, ok := c.(*gen.FunctionCallContent); ok && fc != nil {
				names[fc.CallID] = fc.Name
			}
		}
	}
	return out, nil
}

func toLLMMessage(m Message, names map[string]string) (gen.LLMMessage, error) {
	if raw, ok := m.RawRepresentation.(gen.LLMMessage); ok {
		if back, err := FromLLMMessage(raw); err == nil && sameMessage(back, m) {
			return raw, nil
		}
	}
	for i, c := range m.Contents {
		if isNil(c) {
			return nil, convErr(i, "nil content", nil)
		}
	}
	switch m.Role {
	case RoleSystem:
		if len(m.Contents) == 1 {
			if t, ok := m.Contents[0].(*gen.TextContent); ok {
				return &gen.SystemMessage{Content: t.Text}, nil
			}
		}
		return nil, convErr(-1, "a system message holds exactly one text content", nil)
	case RoleUser:
		return toUser(m)
	case RoleAssistant:
		return toAssistant(m)
	case RoleTool:
		out := &gen.FunctionExecutionResultMessage{Content: make([]gen.FunctionExecutionResult, len(m.Contents))}
		for i, c := range m.Contents {
			rc, ok := c.(*gen.FunctionResultContent)
			if !ok {
				return nil, convErr(i, "a tool message holds only function results, not "+c.Type()+" content", nil)
			}
			r, err := toFunctionResult(rc, names)
			if err != nil {
				return nil, atContent(err, i)
			}
			out.Content[i] = r
		}
		return out, nil
	}
	return nil, convErr(-1, "unknown role "+quote(string(m.Role)), nil)
}

func toUser(m Message) (gen.LLMMessage, error) {
	if len(m.Contents) == 1 {
		if t, ok := m.Contents[0].(*gen.TextContent); ok {
			return &gen.UserMessage{Content: gen.UserMessageContentOfText(t.Text), Source: m.AuthorName}, nil
		}
	}
	items := make([]gen.UserMessageContentItem, len(m.Contents))
	for i, c := range m.Contents {
		switch c := c.(type) {
		case *gen.TextContent:
			items[i] = gen.UserMessageContentItemOfText(c.Text)
		case *gen.DataContent:
			im, err := ToImage(c)
			if err != nil {
				return nil, atContent(err, i)
			}
			items[i] = gen.UserMessageContentItemOfImage(im)
		default:
			return nil, convErr(i, "a user message holds only text and images, not "+c.Type()+" content", nil)
		}
	}
	return &gen.UserMessage{Content: gen.UserMessageContentOfParts(items), Source: m.AuthorName}, nil
}

func toAssistant(m Message) (gen.LLMMessage, error) {
	out := &gen.AssistantMessage{Source: m.AuthorName}
	var text *gen.TextContent
	calls := []gen.FunctionCall{}
	for i, c := range m.Contents {
		switch c := c.(type) {
		case *gen.TextReasoningContent:
			if out.Thought != nil {
				return nil, convErr(i, "an assistant message holds at most one reasoning content (its thought)", nil)
			}
			t := c.Text
			out.Thought = &t
		case *gen.TextContent:
			if text != nil {
				return nil, convErr(i, "an assistant message holds at most one text content", nil)
			}
			text = c
		case *gen.FunctionCallContent:
			fc, err := ToFunctionCall(c)
			if err != nil {
				return nil, atContent(err, i)
			}
			calls = append(calls, fc)
		default:
			return nil, convErr(i, "an assistant message holds only text, reasoning and function calls, not "+c.Type()+" content", nil)
		}
	}
	switch {
	case text != nil && len(calls) > 0:
		return nil, convErr(-1, "an assistant message holds text or function calls, not both (AutoGen keeps text that comes with calls as the thought: use a reasoning content)", nil)
	case text != nil:
		out.Content = gen.AssistantMessageContentOfText(text.Text)
	default:
		out.Content = gen.AssistantMessageContentOfFunctionCalls(calls)
	}
	return out, nil
}

// sameMessage reports whether two messages have the same role, author and
// contents (compared as JSON).
func sameMessage(a, b Message) bool {
	if a.Role != b.Role || a.AuthorName != b.AuthorName || len(a.Contents) != len(b.Contents) {
		return false
	}
	for i := range a.Contents {
		if !sameJSON(a.Contents[i], b.Contents[i]) {
			return false
		}
	}
	return true
}

// sameJSON reports whether two contents have the same JSON.
func sameJSON(a, b gen.AIContent) bool {
	ja, err := Marshal(a)
	if err != nil {
		return false
	}
	jb, err := Marshal(b)
	return err == nil && bytes.Equal(ja, jb)
}

// FromFunctionCall converts an AutoGen FunctionCall: id to CallID, name to
// Name, and the arguments text to the Arguments object. Arguments that are
// not a JSON object do not lose the call: the content gets an
// *ArgumentsError as its Exception and the text as its PropArguments
// property. The RawRepresentation is a *gen.FunctionCall copy of fc.
func FromFunctionCall(fc gen.FunctionCall) *gen.FunctionCallContent {
	c := &gen.FunctionCallContent{CallID: fc.ID, Name: fc.Name, RawRepresentation: &fc}
	args, err := parseArguments(fc.Arguments)
	if err != nil {
		c.Exception = err
		c.AdditionalProperties = object(PropArguments, fc.Arguments)
		return c
	}
	a := gen.FunctionCallContentArgumentsOfObject(args)
	c.Arguments = &a
	return c
}

// parseArguments returns the compact JSON of s, which must be a JSON
// object.
func parseArguments(s string) (gen.RawJSON, error) {
	var raw json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return nil, &ArgumentsError{Arguments: s, Reason: err.Error()}
	}
	if raw[0] != '{' {
		return nil, &ArgumentsError{Arguments: s, Reason: "it is a JSON " + jsonKind(raw[0])}
	}
	return wire.Compact(raw), nil
}

func jsonKind(c byte) string {
	switch c {
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// ToFunctionCall converts a FunctionCallContent to an AutoGen
// FunctionCall: CallID to id, Name to name, and the Arguments to their
// compact JSON text (arguments given as a string, the Agent Framework's
// other form, are that text unchanged, as its parse_arguments reads it);
// without Arguments, the PropArguments property, else "{}". The Exception has no place in a FunctionCall. When the
// RawRepresentation is the FunctionCall c was made from and c has not
// changed since (compared as JSON), that FunctionCall is returned, its
// arguments text exactly as it was.
func ToFunctionCall(c *gen.FunctionCallContent) (gen.FunctionCall, error) {
	if c == nil {
		return gen.FunctionCall{}, convErr(-1, "nil function call content", nil)
	}
	if raw, ok := rawAs[gen.FunctionCall](c.RawRepresentation); ok && sameJSON(FromFunctionCall(raw), c) {
		return raw, nil
	}
	fc := gen.FunctionCall{ID: c.CallID, Name: c.Name, Arguments: "{}"}
	switch {
	case c.Arguments != nil && c.Arguments.IsText():
		fc.Arguments = c.Arguments.Text
	case c.Arguments != nil && c.Arguments.IsObject() && !c.Arguments.Object.IsNull():
		if !json.Valid(c.Arguments.Object) {
			return gen.FunctionCall{}, convErr(-1, "the function call's arguments are not valid JSON", nil)
		}
		fc.Arguments = string(wire.Compact(c.Arguments.Object))
	default:
		if s, ok := stringProp(c.AdditionalProperties, PropArguments); ok {
			fc.Arguments = s
		}
	}
	return fc, nil
}

// FromFunctionResult converts an AutoGen FunctionExecutionResult: call_id
// to CallID; content to the Result (a JSON string), or, when is_error is
// true, to the Exception (a *MessageError with the content as its message);
// name to the PropName property, and is_error false (rather than null) to
// the PropIsError property. The RawRepresentation is a
// *gen.FunctionExecutionResult copy of r.
func FromFunctionResult(r gen.FunctionExecutionResult) *gen.FunctionResultContent {
	c := &gen.FunctionResultContent{CallID: r.CallID, RawRepresentation: &r}
	if r.IsError != nil && *r.IsError {
		c.Exception = &MessageError{Message: r.Content}
		c.AdditionalProperties = object(PropName, r.Name)
		return c
	}
	c.Result = gen.RawJSON(pyjson.AppendQuote(nil, r.Content))
	if r.IsError != nil {
		c.AdditionalProperties = object(PropName, r.Name, PropIsError, false)
	} else {
		c.AdditionalProperties = object(PropName, r.Name)
	}
	return c
}

// ToFunctionResult converts a FunctionResultContent to an AutoGen
// FunctionExecutionResult: CallID to call_id; an Exception to content (its
// message text) with is_error true; else the Result to content (a JSON
// string as its text, null or none as "", other JSON as its compact text)
// with is_error null, or false when the PropIsError property is false. The
// name is the PropName property; without it the result cannot be converted
// alone (ToLLMMessages finds it from the call). When the RawRepresentation
// is the FunctionExecutionResult c was made from and c has not changed
// since (compared as JSON), that result is returned.
func ToFunctionResult(c *gen.FunctionResultContent) (gen.FunctionExecutionResult, error) {
	return toFunctionResult(c, nil)
}

func toFunctionResult(c *gen.FunctionResultContent, names map[string]string) (gen.FunctionExecutionResult, error) {
	if c == nil {
		return gen.FunctionExecutionResult{}, convErr(-1, "nil function result content", nil)
	}
	if raw, ok := rawAs[gen.FunctionExecutionResult](c.RawRepresentation); ok && sameJSON(FromFunctionResult(raw), c) {
		return raw, nil
	}
	r := gen.FunctionExecutionResult{CallID: c.CallID}
	name, ok := stringProp(c.AdditionalProperties, PropName)
	if !ok {
		name, ok = names[c.CallID]
	}
	if !ok {
		return gen.FunctionExecutionResult{}, convErr(-1, "the function name of result "+quote(c.CallID)+" is unknown (no "+PropName+" property and no call with its id)", nil)
	}
	r.Name = name
	if c.Exception != nil {
		r.Content = c.Exception.Error()
		t := true
		r.IsError = &t
		return r, nil
	}
	r.Content = resultText(c.Result)
	if len(c.Items) > 0 {
		// The Agent Framework's items: its result is the text of the
		// text items joined by newlines (Content.from_function_result);
		// any other item has no place in AutoGen's result.
		var texts []string
		for i, it := range c.Items {
			t, ok := it.(*gen.TextContent)
			if !ok || t == nil {
				kind := "a nil"
				if !isNil(it) {
					kind = it.Type()
				}
				return gen.FunctionExecutionResult{}, convErr(-1, "item "+strconv.Itoa(i)+" of result "+quote(c.CallID)+" is "+kind+" content, which AutoGen's FunctionExecutionResult cannot hold", nil)
			}
			if t.Text != "" {
				texts = append(texts, t.Text)
			}
		}
		if c.Result.IsNull() {
			r.Content = strings.Join(texts, "\n")
		}
	}
	if b, ok := boolProp(c.AdditionalProperties, PropIsError); ok && !b {
		f := false
		r.IsError = &f
	}
	return r, nil
}

// resultText is a result's text: a JSON string's value, "" for none, the
// compact JSON of anything else.
func resultText(r gen.RawJSON) string {
	if r.IsNull() {
		return ""
	}
	if r[0] == '"' {
		d := wire.NewDecoder(r, wire.Options{})
		var s string
		d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { s = d.Str() }))
		if d.Err() == nil {
			return s
		}
	}
	return string(wire.Compact(r))
}

// FromImage converts an AutoGen image to a DataContent holding the PNG
// AutoGen writes for it (an 8-bit RGB PNG), media type image/png. The
// RawRepresentation is im. An image whose pixels cannot be read is a
// *ConversionError.
func FromImage(im gen.Image) (*gen.DataContent, error) {
	if im.IsZero() {
		return nil, convErr(-1, "empty image", nil)
	}
	png, err := im.EncodePNG()
	if err != nil {
		return nil, convErr(-1, "image cannot be written as a PNG", err)
	}
	return &gen.DataContent{Data: bytes.Clone(png), MediaType: "image/png", RawRepresentation: im}, nil
}

// ToImage converts a DataContent holding an image (media type image/...)
// to an AutoGen image, loading it as AutoGen does (Pillow's open and
// convert("RGB")). When the RawRepresentation is the image c was made from
// and c still holds its PNG, that image is returned. Other media types, and
// bytes that are not an image AutoGen reads, are a *ConversionError.
func ToImage(c *gen.DataContent) (gen.Image, error) {
	if c == nil {
		return gen.Image{}, convErr(-1, "nil data content", nil)
	}
	if raw, ok := rawAs[gen.Image](c.RawRepresentation); ok && !raw.IsZero() && c.MediaType == "image/png" {
		if png, err := raw.EncodePNG(); err == nil && bytes.Equal(png, c.Data) {
			return raw, nil
		}
	}
	if mt, _, _ := strings.Cut(c.MediaType, "/"); !strings.EqualFold(strings.TrimSpace(mt), "image") {
		return gen.Image{}, convErr(-1, "data of media type "+quote(c.MediaType)+" is not an image", nil)
	}
	img, err := pyimg.Load(bytes.Clone(c.Data), pyimg.Limits{})
	if err != nil {
		return gen.Image{}, convErr(-1, "the data is not an image AutoGen reads", err)
	}
	return genrt.Image(wire.Image{Image: img}), nil
}

// FromRequestUsage converts AutoGen's RequestUsage: prompt_tokens to
// InputTokenCount, completion_tokens to OutputTokenCount, and their sum to
// TotalTokenCount.
func FromRequestUsage(u gen.RequestUsage) gen.UsageDetails {
	in, out := u.PromptTokens, u.CompletionTokens
	total := in.Add(out)
	return gen.UsageDetails{InputTokenCount: &in, OutputTokenCount: &out, TotalTokenCount: &total}
}

// ToRequestUsage converts UsageDetails to AutoGen's RequestUsage:
// InputTokenCount to prompt_tokens and OutputTokenCount to
// completion_tokens, an absent count as 0 (AutoGen's value for an unknown
// usage). The total and the additional counts have no place in it.
func ToRequestUsage(u gen.UsageDetails) gen.RequestUsage {
	var r gen.RequestUsage
	if u.InputTokenCount != nil {
		r.PromptTokens = *u.InputTokenCount
	}
	if u.OutputTokenCount != nil {
		r.CompletionTokens = *u.OutputTokenCount
	}
	return r
}

// rawAs returns v as a T, from a T or a non-nil *T.
func rawAs[T any](v any) (T, bool) {
	switch x := v.(type) {
	case T:
		return x, true
	case *T:
		if x != nil {
			return *x, true
		}
	}
	var zero T
	return zero, false
}

// object returns a JSON object of the key, value pairs (string or bool
// values), keys in the order given.
func object(kv ...any) gen.RawJSON {
	b := []byte{'{'}
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b = append(b, ',')
		}
		b = pyjson.AppendQuote(b, kv[i].(string))
		b = append(b, ':')
		switch v := kv[i+1].(type) {
		case string:
			b = pyjson.AppendQuote(b, v)
		case bool:
			if v {
				b = append(b, "true"...)
			} else {
				b = append(b, "false"...)
			}
		}
	}
	return append(b, '}')
}

// prop returns the value of member key of the JSON object props.
func prop(props gen.RawJSON, key string) (json.RawMessage, bool) {
	if props.IsNull() {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(props, &m) != nil {
		return nil, false
	}
	v, ok := m[key]
	return v, ok
}

func stringProp(props gen.RawJSON, key string) (string, bool) {
	v, ok := prop(props, key)
	if !ok || len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return resultText(gen.RawJSON(v)), true
}

func boolProp(props gen.RawJSON, key string) (bool, bool) {
	v, ok := prop(props, key)
	if !ok {
		return false, false
	}
	switch string(v) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}
