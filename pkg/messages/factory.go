package messages

import (
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyexc"
	"github.com/agentschema/agentschema/internal/wire"
)

// MessageFactory decodes messages and events by their "type" tag, as
// AutoGen's MessageFactory does: it knows the built-in chat messages and
// events (not SelectorEvent, not StructuredMessage) and the types
// registered with Register. It is safe for concurrent use.
type MessageFactory struct {
	// Options are the decoding options of Create (limits, unknown
	// members); the zero value is AutoGen's behaviour. Set them before
	// the factory is used.
	Options gen.UnmarshalOptions

	mu    sync.RWMutex
	types map[string]*registration
}

// registration is one decodable type.
type registration struct {
	class  string // Python's repr of the class, for error texts
	decode func(data []byte, opts gen.UnmarshalOptions) (Message, error)
	// read reads the value from a decoder, for Create's one-pass decode;
	// nil when the type has none (decode is used).
	read func(d *wire.Decoder) Message
}

// NewMessageFactory returns a factory that knows AutoGen's built-in types.
func NewMessageFactory() *MessageFactory {
	f := &MessageFactory{types: map[string]*registration{}}
	for _, tag := range builtinTags {
		f.types[tag] = builtins[tag]
	}
	return f
}

// builtinTags are the types AutoGen's MessageFactory registers, in its
// order.
var builtinTags = []string{
	"TextMessage", "MultiModalMessage", "StopMessage", "ToolCallSummaryMessage", "HandoffMessage",
	"ToolCallRequestEvent", "ToolCallExecutionEvent", "MemoryQueryEvent", "UserInputRequestedEvent",
	"ModelClientStreamingChunkEvent", "ThoughtEvent", "SelectSpeakerEvent", "CodeGenerationEvent",
	"CodeExecutionEvent",
}

// builtins decodes every agentchat type package gen has, SelectorEvent
// included (it can be registered).
var builtins = map[string]*registration{
	"TextMessage":                    genType[gen.TextMessage](),
	"MultiModalMessage":              genType[gen.MultiModalMessage](),
	"StopMessage":                    genType[gen.StopMessage](),
	"ToolCallSummaryMessage":         genType[gen.ToolCallSummaryMessage](),
	"HandoffMessage":                 genType[gen.HandoffMessage](),
	"ToolCallRequestEvent":           genType[gen.ToolCallRequestEvent](),
	"ToolCallExecutionEvent":         genType[gen.ToolCallExecutionEvent](),
	"MemoryQueryEvent":               genType[gen.MemoryQueryEvent](),
	"UserInputRequestedEvent":        genType[gen.UserInputRequestedEvent](),
	"ModelClientStreamingChunkEvent": genType[gen.ModelClientStreamingChunkEvent](),
	"ThoughtEvent":                   genType[gen.ThoughtEvent](),
	"SelectSpeakerEvent":             genType[gen.SelectSpeakerEvent](),
	"CodeGenerationEvent":            genType[gen.CodeGenerationEvent](),
	"CodeExecutionEvent":             genType[gen.CodeExecutionEvent](),
	"SelectorEvent":                  genType[gen.SelectorEvent](),
}

// genMessage is a pointer to a generated message type.
type genMessage[T any] interface {
	*T
	Message
	gen.Decodable
}

func genType[T any, P genMessage[T]]() *registration {
	tag := P(new(T)).Type()
	return &registration{
		class: "<class 'autogen_agentchat.messages." + tag + "'>",
		decode: func(data []byte, opts gen.UnmarshalOptions) (Message, error) {
			p := P(new(T))
			if err := decodeDocument(data, opts, func(d *wire.Decoder) { d.Value(p) }); err != nil {
				return nil, err
			}
			return p, nil
		},
		read: func(d *wire.Decoder) Message {
			p := P(new(T))
			d.Value(p)
			return p
		},
	}
}

// MissingTypeError is AutoGen's ValueError for data without a "type" (or
// with "type": null).
type MissingTypeError struct{}

// Error returns AutoGen's text.
func (*MissingTypeError) Error() string {
	return "Field 'type' is required in the message data to recover the message type."
}

// UnknownTypeError is AutoGen's ValueError for a "type" the factory does
// not know. Type is Python's str() of the value ("5" for the number 5).
type UnknownTypeError struct {
	Type string
}

// Error returns AutoGen's text: "Unknown message type: <Type>".
func (e *UnknownTypeError) Error() string { return "Unknown message type: " + e.Type }

// RegistrationError is AutoGen's ValueError for a bad registration. Class
// is Python's repr of the class ("<class 'autogen_agentchat.messages.
// StructuredMessage[WeatherReport]'>"); Registered tells a type already
// registered from one that is not a message type.
type RegistrationError struct {
	Class      string
	Registered bool
}

// Error returns AutoGen's text.
func (e *RegistrationError) Error() string {
	if e.Registered {
		return "Message type " + e.Class + " is already registered."
	}
	return "Message type " + e.Class + " must be a subclass of BaseChatMessage or BaseAgentEvent."
}

// InputError is an input AutoGen's factory cannot even look into: JSON
// that is not an object (Python raises AttributeError on data.get) or a
// "type" that is a list or an object (TypeError: unhashable type).
// Exception and Message are Python's; errors.Is(err, AttributeError)
// matches an InputError of that class.
type InputError struct {
	Exception Exception
	Message   string
}

// Error returns "<Exception>: <Message>".
func (e *InputError) Error() string { return string(e.Exception) + ": " + e.Message }

// Is reports whether target is e's Exception.
func (e *InputError) Is(target error) bool { return pyexc.Is(e.Exception, target) }

// PythonClass returns Python's repr of the class AutoGen would have for
// m's type: built-in types and StructuredMessage are
// autogen_agentchat.messages classes, LLM messages autogen_core.models
// ones; other Go types are named by their package path and type name.
func PythonClass(m Message) string {
	tag := m.Type()
	switch m.(type) {
	case *gen.UserMessage, *gen.SystemMessage, *gen.AssistantMessage, *gen.FunctionExecutionResultMessage:
		return "<class 'autogen_core.models._types." + tag + "'>"
	case *gen.TextResultContent, *gen.ImageResultContent, *gen.ToolResult:
		return "<class 'autogen_core.tools._base." + tag + "'>"
	}
	if _, ok := builtins[tag]; ok && reflect.TypeOf(m).Elem().PkgPath() == reflect.TypeFor[gen.TextMessage]().PkgPath() {
		return builtins[tag].class
	}
	if strings.HasPrefix(tag, "StructuredMessage[") {
		if _, ok := m.(CustomChatMessage); ok && isStructured(m) {
			return "<class 'autogen_agentchat.messages." + tag + "'>"
		}
	}
	t := reflect.TypeOf(m)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return "<class '" + t.PkgPath() + "." + t.Name() + "'>"
}

// structuredMarker is implemented by StructuredMessage[T] and
// RawStructuredMessage.
type structuredMarker interface{ ContentName() string }

func isStructured(m Message) bool {
	_, ok := m.(structuredMarker)
	return ok
}

// IsRegistered reports whether a type with proto's tag is registered (the
// value of proto does not matter, only its type).
func (f *MessageFactory) IsRegistered(proto Message) bool {
	f.mu.RLock()
	defer f.mu.RUnlock()
	_, ok := f.types[proto.Type()]
	return ok
}

// Types returns the registered tags, sorted.
func (f *MessageFactory) Types() []string {
	f.mu.RLock()
	defer f.mu.RUnlock()
	out := make([]string, 0, len(f.types))
	for t := range f.types {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Register adds proto's type (a pointer to a struct; its value does not
// matter) under its tag, as AutoGen's register does. The type must be a
// chat message or an event: a generated agentchat type such as
// SelectorEvent, a StructuredMessage[T], or a custom type embedding
// ChatMessageBase or AgentEventBase. Custom types are decoded with their
// UnmarshalJSON when they have one, else with Unmarshal. Registering a tag
// twice, or a type that is not a message, is a *RegistrationError with
// AutoGen's text.
func (f *MessageFactory) Register(proto Message) error {
	if proto == nil || reflect.ValueOf(proto).Kind() != reflect.Pointer {
		return errors.New("messages: Register needs a pointer to a message type")
	}
	tag := proto.Type()
	class := PythonClass(proto)
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.types[tag]; ok {
		return &RegistrationError{Class: class, Registered: true}
	}
	if !IsChatMessage(proto) && !IsAgentEvent(proto) {
		return &RegistrationError{Class: class}
	}
	reg, err := registrationFor(proto, class)
	if err != nil {
		return err
	}
	f.types[tag] = reg
	return nil
}

func registrationFor(proto Message, class string) (*registration, error) {
	if r, ok := builtins[proto.Type()]; ok && reflect.TypeOf(proto).Elem().PkgPath() == reflect.TypeFor[gen.TextMessage]().PkgPath() {
		return r, nil
	}
	t := reflect.TypeOf(proto).Elem()
	if t.Kind() != reflect.Struct {
		return nil, &UnsupportedTypeError{Type: t, Reason: "a message type must be a struct"}
	}
	if _, err := modelOf(t); err != nil {
		return nil, err
	}
	return &registration{
		class: class,
		decode: func(data []byte, opts gen.UnmarshalOptions) (Message, error) {
			p := reflect.New(t).Interface()
			var err error
			switch x := p.(type) {
			case interface {
				decodeWith(data []byte, opts gen.UnmarshalOptions) error
			}:
				err = x.decodeWith(data, opts)
			case json.Unmarshaler:
				err = x.UnmarshalJSON(data)
			default:
				err = unmarshal(data, p, opts)
			}
			if err != nil {
				return nil, err
			}
			return p.(Message), nil
		},
	}, nil
}

// Create decodes one message or event, choosing its type by the "type"
// member as AutoGen's MessageFactory.create does. A missing or null type is
// a *MissingTypeError, an unregistered one an *UnknownTypeError (both with
// AutoGen's texts), data that is not a JSON object an *InputError, and a
// message that fails validation an agentschema.Faults listing every fault
// with its JSON pointer. It decodes with f.Options.
func (f *MessageFactory) Create(data []byte) (Message, error) {
	opts := f.Options
	if m := f.createTagged(data, opts); m != nil {
		return m, nil
	}
	return f.createFull(data, opts)
}

// createFull is Create without its one-pass shortcut: peekType, then the
// type's decode.
func (f *MessageFactory) createFull(data []byte, opts gen.UnmarshalOptions) (Message, error) {
	tag, err := peekType(data, opts)
	if err != nil {
		return nil, err
	}
	f.mu.RLock()
	reg, ok := f.types[tag]
	f.mu.RUnlock()
	if !ok {
		return nil, &UnknownTypeError{Type: tag}
	}
	return reg.decode(data, opts)
}

// createTagged decodes a valid document of a built-in type in one pass,
// its tag read from where AutoGen writes it (wire.TryTagged). It returns
// nil when that does not stand (a fault, a repeated or misplaced "type",
// a type registered by hand), and Create goes the full way: peekType,
// then the type's decode, which word the errors.
func (f *MessageFactory) createTagged(data []byte, opts gen.UnmarshalOptions) Message {
	var m Message
	ok := wire.TryTagged(data, wire.Options(opts), "type", func(d *wire.Decoder, tag string) bool {
		f.mu.RLock()
		reg := f.types[tag]
		f.mu.RUnlock()
		if reg == nil || reg.read == nil {
			return false
		}
		m = reg.read(d)
		return true
	})
	if !ok {
		return nil
	}
	return m
}

// peekType reads the "type" member of a JSON object: the last one when it
// is repeated, as Python's json.loads keeps.
func peekType(data []byte, opts gen.UnmarshalOptions) (string, error) {
	var (
		found   bool
		typeRaw []byte
		kind    wire.Kind
		top     wire.Kind
	)
	err := decodeDocument(data, opts, func(d *wire.Decoder) {
		top = d.Peek()
		if top != wire.KindObject {
			d.Skip()
			return
		}
		d.Object("", "")
		for {
			name, ok := d.Next()
			if !ok {
				return
			}
			if string(name) != "type" {
				d.Skip()
				continue
			}
			found = true
			kind = d.Peek()
			if kind == wire.KindString {
				typeRaw = []byte(d.Str())
				continue
			}
			raw, _ := d.RawValue()
			typeRaw = raw
		}
	})
	if err != nil {
		return "", err
	}
	if top != wire.KindObject {
		return "", &InputError{Exception: AttributeError, Message: "'" + jsonKindPyName(top, data) + "' object has no attribute 'get'"}
	}
	if !found || kind == wire.KindNull {
		return "", &MissingTypeError{}
	}
	switch kind {
	case wire.KindString:
		return string(typeRaw), nil
	case wire.KindArray, wire.KindObject:
		name := "list"
		if kind == wire.KindObject {
			name = "dict"
		}
		return "", &InputError{Exception: TypeError, Message: "unhashable type: '" + name + "'"}
	}
	// A number or a boolean: Python's str() of it.
	v := pyFromRaw(typeRaw)
	return "", &UnknownTypeError{Type: pyStr(&v)}
}

// jsonKindPyName is the Python type name of a top-level JSON value.
func jsonKindPyName(k wire.Kind, data []byte) string {
	switch k {
	case wire.KindArray:
		return "list"
	case wire.KindString:
		return "str"
	case wire.KindBool:
		return "bool"
	case wire.KindNull:
		return "NoneType"
	case wire.KindNumber:
		v := pyFromRaw(data)
		return v.TypeName()
	}
	return "object"
}

var builtinFactory = NewMessageFactory()

// Load decodes one built-in message or event by its "type" tag, as a new
// MessageFactory does (StructuredMessage and custom types need a factory
// they are registered with).
func Load(data []byte) (Message, error) {
	return builtinFactory.Create(data)
}

// DecodeChatMessage decodes one member of the built-in ChatMessage union
// (AutoGen's ChatMessage discriminated union: an unknown tag is a
// validation error, union_tag_invalid).
//
// For decoding options, use gen.UnmarshalOptions' UnmarshalChatMessage.
func DecodeChatMessage(data []byte) (gen.ChatMessage, error) {
	return gen.UnmarshalChatMessage(data)
}

// DecodeAgentEvent decodes one member of the built-in AgentEvent union.
// For decoding options, use gen.UnmarshalOptions' UnmarshalAgentEvent.
func DecodeAgentEvent(data []byte) (gen.AgentEvent, error) {
	return gen.UnmarshalAgentEvent(data)
}
