package messages

import (
	"reflect"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
	"github.com/agentschema/agentschema/internal/wire"
)

// RawStructuredMessage is a StructuredMessage whose content type is not
// known in Go: the content is kept as the JSON object it was read as, and
// rendered as AutoGen renders the model it came from (JSON numbers and
// strings read as pydantic reads them for any field). It lets a program
// read, render and write transcripts holding StructuredMessage[X] for any
// X; use StructuredMessage[T] when the content type is known, for its
// validation and defaults.
type RawStructuredMessage struct {
	ChatMessageBase
	// Name is X of the tag StructuredMessage[X].
	Name string `json:"-"`
	// Content is the content's JSON object.
	Content gen.RawJSON `json:"content"`
	// FormatString renders the content for ToText, as
	// StructuredMessage.FormatString does.
	FormatString *string `json:"format_string" default:"null"`
}

// ContentName returns Name.
func (m *RawStructuredMessage) ContentName() string { return m.Name }

// Type returns "StructuredMessage[<Name>]".
func (m *RawStructuredMessage) Type() string { return "StructuredMessage[" + m.Name + "]" }

// MarshalJSON returns the message's dump, as StructuredMessage's.
func (m *RawStructuredMessage) MarshalJSON() ([]byte, error) { return Marshal(m) }

// StructuredName returns X when tag is "StructuredMessage[X]".
func StructuredName(tag string) (string, bool) {
	if !strings.HasPrefix(tag, "StructuredMessage[") || !strings.HasSuffix(tag, "]") {
		return "", false
	}
	name := tag[len("StructuredMessage[") : len(tag)-1]
	return name, name != ""
}

// DecodeRawStructured decodes a StructuredMessage of any content type
// into a RawStructuredMessage: its tag must be "StructuredMessage[X]" and
// its content a JSON object. The error is a wire.Errors, or an
// *UnknownTypeError for another tag.
func DecodeRawStructured(data []byte, opts gen.UnmarshalOptions) (*RawStructuredMessage, error) {
	tag, err := peekType(data, opts)
	if err != nil {
		return nil, err
	}
	name, ok := StructuredName(tag)
	if !ok {
		return nil, &UnknownTypeError{Type: tag}
	}
	return DecodeRawStructuredAs(name, data, opts)
}

// DecodeRawStructuredAs is DecodeRawStructured for a document known to be
// a StructuredMessage[name]: its own "type" member, present or not, is not
// consulted (AutoGen's StructuredMessage computes its tag from its class,
// and so does the dump).
func DecodeRawStructuredAs(name string, data []byte, opts gen.UnmarshalOptions) (*RawStructuredMessage, error) {
	m := &RawStructuredMessage{Name: name}
	s, err := modelOf(rawStructuredType)
	if err != nil {
		return nil, err
	}
	err = decodeDocument(data, opts, func(d *wire.Decoder) { s.decodeRaw(d, m) })
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ContentJSON returns the content as pydantic's model_dump_json() would
// write it.
func (m *RawStructuredMessage) ContentJSON() string {
	if len(m.Content) == 0 {
		return "{}"
	}
	return string(pydanticJSON(wire.Compact(m.Content)))
}

// ToText is AutoGen's to_text() (see StructuredMessage.ToText).
func (m *RawStructuredMessage) ToText() (string, error) {
	if m.FormatString == nil {
		return m.ContentJSON(), nil
	}
	kw := pyFromRaw(m.Content)
	if kw.Kind != pyjson.Dict {
		kw = pyValue{Kind: pyjson.Dict}
	}
	return pyFormatString(*m.FormatString, &kw)
}

// ToModelText is AutoGen's to_model_text(), the same text as ToText.
func (m *RawStructuredMessage) ToModelText() (string, error) { return m.ToText() }

// ToModelMessage is AutoGen's to_model_message(): a UserMessage with the
// content's JSON.
func (m *RawStructuredMessage) ToModelMessage() (gen.UserMessage, error) {
	return userMessage(m.ContentJSON(), m.Source), nil
}

var rawStructuredType = reflectTypeOf[RawStructuredMessage]()

// decodeRaw decodes a RawStructuredMessage: the content must be an
// object, as a model is.
func (s *structInfo) decodeRaw(d *wire.Decoder, m *RawStructuredMessage) {
	name := m.Name
	content := func(d *wire.Decoder, f *pymodel.Field, v reflect.Value) bool {
		if f.Name != "content" {
			return false
		}
		if d.Peek() != wire.KindObject {
			d.Object("model_type", "Input should be a valid dictionary or instance of "+name)
			return true
		}
		v.SetBytes(d.Raw())
		return true
	}
	tm := &typeMember{computed: true}
	h := &pymodel.Hooks{Title: m.Type(), Unknown: tm.read, Field: content}
	pymodel.DecodeModel(d, s.node, reflect.ValueOf(m).Elem(), h)
	m.Name = name
}

func reflectTypeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }
