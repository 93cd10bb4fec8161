package messages

import (
	"errors"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// ErrNotChatMessage is returned (wrapped) by ToModelText and
// ToModelMessage for an event: only chat messages go to models.
var ErrNotChatMessage = errors.New("messages: not a chat message")

// UnknownMessageError is returned by the renderings for a Message of a
// type this package does not know (neither built-in nor custom).
type UnknownMessageError struct {
	Type string
}

// Error names the type.
func (e *UnknownMessageError) Error() string {
	return "messages: cannot render a message of type " + e.Type
}

// Option adjusts a rendering.
type Option func(*renderOptions)

type renderOptions struct {
	iterm       bool
	placeholder *string
	base64      bool
	memoryForms []MemoryForm
}

func collect(opts []Option) renderOptions {
	var o renderOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// WithITermImages makes ToText render a MultiModalMessage's images as
// iTerm2 inline images (AutoGen's to_text(iterm=True)):
// ESC ]1337;File=inline=1:<base64> BEL and a newline.
func WithITermImages() Option { return func(o *renderOptions) { o.iterm = true } }

// WithImagePlaceholder makes ToModelText write " "+placeholder for each
// image of a MultiModalMessage instead of AutoGen's default " [image]"
// (to_model_text(image_placeholder=...)).
func WithImagePlaceholder(placeholder string) Option {
	return func(o *renderOptions) { o.placeholder = &placeholder; o.base64 = false }
}

// WithImagesAsBase64 makes ToModelText write " "+base64 of the PNG for
// each image of a MultiModalMessage (to_model_text(image_placeholder=None)).
func WithImagesAsBase64() Option {
	return func(o *renderOptions) { o.base64 = true; o.placeholder = nil }
}

// MemoryForm says how AutoGen held one MemoryContent in memory, which its
// repr shows and its JSON does not: a MemoryQueryEvent read from JSON has
// string mime types and str or dict contents, while one an agent built may
// hold MemoryMimeType members and bytes.
type MemoryForm struct {
	// MimeTypeEnum: mime_type was a MemoryMimeType member, shown as
	// <MemoryMimeType.TEXT: 'text/plain'> rather than 'text/plain'.
	MimeTypeEnum bool
	// Bytes: a string content was bytes, shown as b'...'.
	Bytes bool
}

// WithMemoryForms gives, item by item, the forms of a MemoryQueryEvent's
// contents for ToText (items beyond the list are as read from JSON).
func WithMemoryForms(forms ...MemoryForm) Option {
	return func(o *renderOptions) { o.memoryForms = forms }
}

// ToText renders m for people, as AutoGen's to_text() does: the content of
// text messages and of text events, the Python repr of the lists of
// ToolCallRequestEvent, ToolCallExecutionEvent, MemoryQueryEvent and
// SelectSpeakerEvent, a CodeExecutionEvent's output, and for a
// MultiModalMessage its texts and "<image>" (or iTerm2 inline images, with
// WithITermImages) joined by newlines. Custom messages render themselves.
func ToText(m Message, opts ...Option) (string, error) {
	switch x := m.(type) {
	case *gen.TextMessage:
		return x.Content, nil
	case *gen.StopMessage:
		return x.Content, nil
	case *gen.HandoffMessage:
		return x.Content, nil
	case *gen.ToolCallSummaryMessage:
		return x.Content, nil
	case *gen.MultiModalMessage:
		return multiModalText(x, collect(opts).iterm)
	case *gen.ToolCallRequestEvent:
		return functionCallsRepr(x.Content), nil
	case *gen.ToolCallExecutionEvent:
		l := pyList(len(x.Content))
		for i, r := range x.Content {
			l.List[i] = resultObject(r)
		}
		return pyRepr(&l), nil
	case *gen.MemoryQueryEvent:
		return memoryRepr(x.Content, collect(opts).memoryForms), nil
	case *gen.UserInputRequestedEvent:
		return x.Content, nil
	case *gen.ModelClientStreamingChunkEvent:
		return x.Content, nil
	case *gen.ThoughtEvent:
		return x.Content, nil
	case *gen.SelectSpeakerEvent:
		l := pyList(len(x.Content))
		for i, s := range x.Content {
			l.List[i] = pyjson.StrValue(s)
		}
		return pyRepr(&l), nil
	case *gen.CodeGenerationEvent:
		return x.Content, nil
	case *gen.CodeExecutionEvent:
		return x.Result.Output, nil
	case *gen.SelectorEvent:
		return x.Content, nil
	case CustomChatMessage:
		return x.ToText()
	case CustomAgentEvent:
		return x.ToText()
	}
	return "", unknownMessage(m)
}

// ToModelText renders a chat message as text for a model, as AutoGen's
// to_model_text() does: the content of text messages; for a
// MultiModalMessage its texts concatenated, each image replaced by
// " [image]" (or the placeholder of WithImagePlaceholder, or the base64
// of WithImagesAsBase64). Events have no model text: the error wraps
// ErrNotChatMessage.
func ToModelText(m Message, opts ...Option) (string, error) {
	switch x := m.(type) {
	case *gen.TextMessage:
		return x.Content, nil
	case *gen.StopMessage:
		return x.Content, nil
	case *gen.HandoffMessage:
		return x.Content, nil
	case *gen.ToolCallSummaryMessage:
		return x.Content, nil
	case *gen.MultiModalMessage:
		return multiModalModelText(x, collect(opts))
	case CustomChatMessage:
		return x.ToModelText()
	}
	return "", notChat(m)
}

// ToModelMessage converts a chat message to the UserMessage AutoGen's
// to_model_message() gives: the text content (for a MultiModalMessage its
// items) and the source. Events give an error wrapping ErrNotChatMessage.
func ToModelMessage(m Message) (gen.UserMessage, error) {
	switch x := m.(type) {
	case *gen.TextMessage:
		return userMessage(x.Content, x.Source), nil
	case *gen.StopMessage:
		return userMessage(x.Content, x.Source), nil
	case *gen.HandoffMessage:
		return userMessage(x.Content, x.Source), nil
	case *gen.ToolCallSummaryMessage:
		return userMessage(x.Content, x.Source), nil
	case *gen.MultiModalMessage:
		items := make([]gen.UserMessageContentItem, len(x.Content))
		for i, c := range x.Content {
			if c.IsImage() {
				items[i] = gen.UserMessageContentItemOfImage(c.Image)
			} else {
				items[i] = gen.UserMessageContentItemOfText(c.Text)
			}
		}
		return gen.UserMessage{Content: gen.UserMessageContentOfParts(items), Source: x.Source}, nil
	case CustomChatMessage:
		return x.ToModelMessage()
	}
	return gen.UserMessage{}, notChat(m)
}

func userMessage(content, source string) gen.UserMessage {
	return gen.UserMessage{Content: gen.UserMessageContentOfText(content), Source: source}
}

func unknownMessage(m Message) error {
	if m == nil {
		return &UnknownMessageError{Type: "nil"}
	}
	return &UnknownMessageError{Type: m.Type()}
}

// notChat is the error of the model renderings for what is not a chat
// message.
func notChat(m Message) error {
	if IsAgentEvent(m) {
		return &notChatError{tag: m.Type()}
	}
	return unknownMessage(m)
}

type notChatError struct{ tag string }

func (e *notChatError) Error() string {
	return "messages: " + e.tag + " is an event, and only chat messages have a model text"
}

func (e *notChatError) Unwrap() error { return ErrNotChatMessage }

func multiModalText(m *gen.MultiModalMessage, iterm bool) (string, error) {
	parts := make([]string, len(m.Content))
	for i, c := range m.Content {
		switch {
		case !c.IsImage():
			parts[i] = c.Text
		case iterm:
			b64, err := imageBase64(c.Image)
			if err != nil {
				return "", err
			}
			parts[i] = "\x1b]1337;File=inline=1:" + b64 + "\a\n"
		default:
			parts[i] = "<image>"
		}
	}
	return strings.Join(parts, "\n"), nil
}

func multiModalModelText(m *gen.MultiModalMessage, o renderOptions) (string, error) {
	var b strings.Builder
	for _, c := range m.Content {
		if !c.IsImage() {
			b.WriteString(c.Text)
			continue
		}
		b.WriteByte(' ')
		switch {
		case o.base64:
			b64, err := imageBase64(c.Image)
			if err != nil {
				return "", err
			}
			b.WriteString(b64)
		case o.placeholder != nil:
			b.WriteString(*o.placeholder)
		default:
			b.WriteString("[image]")
		}
	}
	return b.String(), nil
}

// ErrEmptyImage is returned when a rendering needs the base64 of an Image
// that holds no image.
var ErrEmptyImage = errors.New("messages: the image is empty")

// imageBase64 is AutoGen's Image.to_base64(): the base64 of the image as
// an RGB PNG.
func imageBase64(im gen.Image) (string, error) {
	if im.IsZero() {
		return "", ErrEmptyImage
	}
	return im.EncodeBase64()
}

// FunctionCallsRepr is Python's str() of a list of FunctionCall
// dataclasses: [FunctionCall(id='...', arguments='...', name='...')].
func FunctionCallsRepr(calls []gen.FunctionCall) string { return functionCallsRepr(calls) }

// functionCallsRepr is str() of a list of FunctionCall dataclasses.
func functionCallsRepr(calls []gen.FunctionCall) string {
	l := pyList(len(calls))
	for i, c := range calls {
		l.List[i] = pyObject("FunctionCall", []string{"id", "arguments", "name"}, pyjson.StrValue(c.ID), pyjson.StrValue(c.Arguments), pyjson.StrValue(c.Name))
	}
	return pyRepr(&l)
}

// resultObject is a FunctionExecutionResult as its pydantic repr shows it.
func resultObject(r gen.FunctionExecutionResult) pyValue {
	isErr := pyNone
	if r.IsError != nil {
		isErr = pyjson.BoolValue(*r.IsError)
	}
	return pyObject("FunctionExecutionResult", []string{"content", "name", "call_id", "is_error"}, pyjson.StrValue(r.Content), pyjson.StrValue(r.Name), pyjson.StrValue(r.CallID), isErr)
}

// memoryMimeMembers names MemoryMimeType's members by value.
var memoryMimeMembers = map[string]string{
	"text/plain":               "TEXT",
	"application/json":         "JSON",
	"text/markdown":            "MARKDOWN",
	"image/*":                  "IMAGE",
	"application/octet-stream": "BINARY",
}

// memoryRepr is str() of a list of MemoryContent models.
func memoryRepr(items []gen.MemoryContent, forms []MemoryForm) string {
	l := pyList(len(items))
	for i, it := range items {
		var form MemoryForm
		if i < len(forms) {
			form = forms[i]
		}
		var content pyValue
		switch {
		case it.Content.IsData():
			content = pyFromRaw(it.Content.Data)
		case form.Bytes:
			content = pyValue{Kind: pyjson.Bytes, Str: it.Content.Text}
		default:
			content = pyjson.StrValue(it.Content.Text)
		}
		mime := pyjson.StrValue(string(it.MimeType))
		if member, ok := memoryMimeMembers[string(it.MimeType)]; ok && form.MimeTypeEnum {
			mime = pyjson.EnumValue("MemoryMimeType", member, mime)
		}
		meta := pyNone
		if !it.Metadata.IsNull() {
			meta = pyFromRaw(it.Metadata)
		}
		l.List[i] = pyObject("MemoryContent", []string{"content", "mime_type", "metadata"}, content, mime, meta)
	}
	return pyRepr(&l)
}

// ToModelMessages converts an AgentChat transcript into the LLM messages
// an AssistantAgent adds to its model context for it: each chat message
// as ToModelMessage gives it (a HandoffMessage's context first), events
// skipped, as AutoGen's agents and model contexts do.
func ToModelMessages(msgs []Message) ([]gen.LLMMessage, error) {
	out := make([]gen.LLMMessage, 0, len(msgs))
	for _, m := range msgs {
		if !IsChatMessage(m) {
			continue
		}
		if h, ok := m.(*gen.HandoffMessage); ok {
			out = append(out, h.Context...)
		}
		um, err := ToModelMessage(m)
		if err != nil {
			return nil, err
		}
		out = append(out, &um)
	}
	return out, nil
}
