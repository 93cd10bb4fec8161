package messages

import (
	"reflect"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// StructuredMessage is AutoGen's StructuredMessage[T]: a chat message whose
// content is a model, here a Go struct T (see Marshal for how its fields
// map to pydantic's). Its "type" tag is "StructuredMessage[<Name>]", Name
// being T's Go type name or its ModelName(); AutoGen writes the tag but
// ignores it on input (it is a computed field).
//
// The zero value is usable: Marshal fills nothing in, so set ID and
// CreatedAt (NewStructuredMessage does) before sending it to AutoGen.
type StructuredMessage[T any] struct {
	ChatMessageBase
	// Content is the message's model.
	Content T `json:"content"`
	// FormatString, when set, renders the content for ToText and
	// ToModelText with Python's str.format, the content's fields as
	// keyword arguments: "Weather in {city}: {temperature_c}°C".
	FormatString *string `json:"format_string" default:"null"`
}

// NewStructuredMessage returns a StructuredMessage from source with
// AutoGen's defaults: a new UUID4 id, empty metadata and the current UTC
// time.
func NewStructuredMessage[T any](source string, content T) *StructuredMessage[T] {
	m := &StructuredMessage[T]{Content: content}
	m.ID = wire.NewUUID4()
	m.Source = source
	m.Metadata = map[string]string{}
	m.CreatedAt = wire.NowUTC()
	return m
}

// ContentName returns the name of T as StructuredMessage's tag shows it.
func (m *StructuredMessage[T]) ContentName() string {
	return modelName(reflect.TypeFor[T]())
}

// Type returns the tag, "StructuredMessage[<Name>]".
func (m *StructuredMessage[T]) Type() string { return "StructuredMessage[" + m.ContentName() + "]" }

// MarshalJSON returns AutoGen's dump: id, source, models_usage, metadata,
// created_at, content, format_string and type.
func (m *StructuredMessage[T]) MarshalJSON() ([]byte, error) { return Marshal(m) }

// UnmarshalJSON decodes m as AutoGen's StructuredMessage[T].load does: the
// content with pydantic's rules for T, a "type" member ignored. The error
// is a wire.Errors.
func (m *StructuredMessage[T]) UnmarshalJSON(data []byte) error {
	return m.decodeWith(data, gen.UnmarshalOptions{})
}

// decodeWith is UnmarshalJSON with decoding options (a MessageFactory's).
func (m *StructuredMessage[T]) decodeWith(data []byte, opts gen.UnmarshalOptions) error {
	s, err := modelOf(reflect.TypeFor[StructuredMessage[T]]())
	if err != nil {
		return err
	}
	if err := checkContent(reflect.TypeFor[T]()); err != nil {
		return err
	}
	v := reflect.ValueOf(m).Elem()
	tm := &typeMember{tag: m.Type(), computed: true}
	return decodeDocument(data, opts, func(d *wire.Decoder) { s.decode(d, v, tm, m.Type()) })
}

func checkContent(t reflect.Type) error {
	if t.Kind() != reflect.Struct {
		return &UnsupportedTypeError{Type: t, Reason: "StructuredMessage content must be a struct (a pydantic model)"}
	}
	return nil
}

// ContentJSON returns the content as pydantic's model_dump_json() writes
// it: compact, members in field order.
func (m *StructuredMessage[T]) ContentJSON() (string, error) {
	if err := checkContent(reflect.TypeFor[T]()); err != nil {
		return "", err
	}
	b, err := Marshal(&m.Content)
	if err != nil {
		return "", err
	}
	return string(pydanticJSON(b)), nil
}

// contentDump returns the content as pydantic's model_dump() (python
// mode) gives it, the keyword arguments FormatString is rendered with.
func (m *StructuredMessage[T]) contentDump() (*pyValue, error) {
	t := reflect.TypeFor[T]()
	if err := checkContent(t); err != nil {
		return nil, err
	}
	s, err := modelOf(t)
	if err != nil {
		return nil, err
	}
	kw := s.py(reflect.ValueOf(&m.Content).Elem())
	return &kw, nil
}

// ToText is AutoGen's to_text(): FormatString rendered with Python's
// str.format and the content's fields, or without FormatString the
// content's JSON. A format string Python cannot render gives the error
// Python raises, as a *FormatError (for example KeyError: 'missing').
func (m *StructuredMessage[T]) ToText() (string, error) {
	if m.FormatString == nil {
		return m.ContentJSON()
	}
	kw, err := m.contentDump()
	if err != nil {
		return "", err
	}
	return pyFormatString(*m.FormatString, kw)
}

// ToModelText is AutoGen's to_model_text(), the same text as ToText.
func (m *StructuredMessage[T]) ToModelText() (string, error) { return m.ToText() }

// ToModelMessage is AutoGen's to_model_message(): a UserMessage from
// Source whose content is the content's JSON (FormatString is not used).
func (m *StructuredMessage[T]) ToModelMessage() (gen.UserMessage, error) {
	s, err := m.ContentJSON()
	if err != nil {
		return gen.UserMessage{}, err
	}
	return userMessage(s, m.Source), nil
}

// StructuredMessageSchema returns the JSON Schema of StructuredMessage[T]
// as pydantic's model_json_schema() gives it: in validation mode, or with
// serialization set in serialization mode (which adds the read-only
// "type").
func StructuredMessageSchema[T any](serialization bool) ([]byte, error) {
	if err := checkContent(reflect.TypeFor[T]()); err != nil {
		return nil, err
	}
	var m StructuredMessage[T]
	return modelJSONSchema(reflect.TypeFor[StructuredMessage[T]](), m.Type(), serialization)
}
