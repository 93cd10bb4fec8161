package worker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
)

// The payload content types AutoGen's runtimes use.
const (
	JSONContentType     = "application/json"
	ProtobufContentType = "application/x-protobuf"
)

// NoneTypeName is the data_type of a handler's nil result: AutoGen's
// NoneType with JSON data "null" (the serializer the harness adds to
// AutoGen's side so that an RPC handler returning None gets a response).
const NoneTypeName = "NoneType"

// Serializer reads and writes one message type as a payload: AutoGen's
// MessageSerializer. TypeName is the data_type on the wire (a Python class's
// bare name, or a protobuf message's full name), ContentType the
// data_content_type, GoType the Go type of the values it makes and takes.
type Serializer struct {
	TypeName    string
	ContentType string
	GoType      reflect.Type
	Marshal     func(v any) ([]byte, error)
	Unmarshal   func(data []byte) (any, error)
}

// JSON gives the serializer of T as AutoGen writes a dataclass:
// json.dumps(asdict(x)) (", " and ": " separators, non-ASCII escaped), T's
// fields named by their json tags in declaration order, data_type name.
// Received values are T (not *T).
func JSON[T any](name string) *Serializer {
	return &Serializer{TypeName: name, ContentType: JSONContentType, GoType: reflect.TypeFor[T](),
		Marshal: func(v any) ([]byte, error) {
			b, err := marshalJSON(v)
			if err != nil {
				return nil, err
			}
			return PythonJSON(b), nil
		},
		Unmarshal: func(data []byte) (any, error) {
			var t T
			if err := json.Unmarshal(data, &t); err != nil {
				return nil, err
			}
			return t, nil
		}}
}

// CompactJSON is JSON with compact output, as pydantic's model_dump_json
// writes a model (no spaces, UTF-8 kept).
func CompactJSON[T any](name string) *Serializer {
	s := JSON[T](name)
	s.Marshal = marshalJSON
	return s
}

func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Proto gives the serializer of the protobuf message type T as AutoGen's
// protobuf serializer: data_type the message's full name, content type
// application/x-protobuf, data an Any holding the message. Received values
// are T.
func Proto[T proto.Message]() *Serializer {
	var zero T
	name := string(zero.ProtoReflect().Descriptor().FullName())
	return &Serializer{TypeName: name, ContentType: ProtobufContentType, GoType: reflect.TypeFor[T](),
		Marshal: func(v any) ([]byte, error) {
			a, err := anypb.New(v.(proto.Message))
			if err != nil {
				return nil, err
			}
			return proto.Marshal(a)
		},
		Unmarshal: func(data []byte) (any, error) {
			var a anypb.Any
			if err := proto.Unmarshal(data, &a); err != nil {
				return nil, err
			}
			m := zero.ProtoReflect().New().Interface()
			if err := a.UnmarshalTo(m); err != nil {
				return nil, err
			}
			return m.(T), nil
		}}
}

// UnknownPayload is a received message no serializer reads: AutoGen's
// UnknownPayload (not an error).
type UnknownPayload struct {
	TypeName    string
	ContentType string
	Data        []byte
}

// PythonJSON respaces compact JSON as Python's json.dumps writes it: ", "
// and ": " between items, and every non-ASCII character escaped (\uXXXX,
// surrogate pairs above U+FFFF). The input must be valid JSON.
func PythonJSON(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/8)
	in := false
	for i := 0; i < len(b); {
		c := b[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(b[i:])
			out = appendEscaped(out, r)
			i += n
			continue
		}
		out = append(out, c)
		i++
		switch {
		case in && c == '\\' && i < len(b):
			out = append(out, b[i])
			i++
		case c == '"':
			in = !in
		case !in && c == ',':
			out = append(out, ' ')
		case !in && c == ':':
			out = append(out, ' ')
		}
	}
	return out
}

func appendEscaped(out []byte, r rune) []byte {
	if r > 0xFFFF {
		r -= 0x10000
		out = fmt.Appendf(out, `\u%04x`, 0xD800+(r>>10))
		return fmt.Appendf(out, `\u%04x`, 0xDC00+(r&0x3FF))
	}
	return fmt.Appendf(out, `\u%04x`, r)
}

type serKey struct{ name, contentType string }

// registry holds a runtime's serializers (AutoGen's SerializationRegistry).
type registry struct {
	mu     sync.RWMutex
	byName map[serKey]*Serializer
	byType map[reflect.Type]map[string]*Serializer
}

func newRegistry() *registry {
	return &registry{byName: map[serKey]*Serializer{}, byType: map[reflect.Type]map[string]*Serializer{}}
}

func (r *registry) add(ss ...*Serializer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range ss {
		r.byName[serKey{s.TypeName, s.ContentType}] = s
		if r.byType[s.GoType] == nil {
			r.byType[s.GoType] = map[string]*Serializer{}
		}
		r.byType[s.GoType][s.ContentType] = s
	}
}

// serialize writes v with the serializer of its type for contentType; a nil
// v is NoneType.
func (r *registry) serialize(v any, contentType string) (name string, data []byte, err error) {
	if v == nil {
		return NoneTypeName, []byte("null"), nil
	}
	if u, ok := v.(UnknownPayload); ok {
		return u.TypeName, u.Data, nil
	}
	t := reflect.TypeOf(v)
	r.mu.RLock()
	s := r.byType[t][contentType]
	if s == nil && t.Kind() == reflect.Pointer {
		if s = r.byType[t.Elem()][contentType]; s != nil {
			v = reflect.ValueOf(v).Elem().Interface()
		}
	}
	r.mu.RUnlock()
	if s == nil {
		return "", nil, fmt.Errorf("unknown type %s with content type %s: no serializer is registered (AddSerializers)", t, contentType)
	}
	data, err = s.Marshal(v)
	if err != nil {
		return "", nil, fmt.Errorf("serialize %s: %w", s.TypeName, err)
	}
	return s.TypeName, data, nil
}

// deserialize reads a payload; a type no serializer reads becomes an
// UnknownPayload.
func (r *registry) deserialize(name, contentType string, data []byte) (any, error) {
	if name == NoneTypeName && contentType == JSONContentType && string(bytes.TrimSpace(data)) == "null" {
		return nil, nil
	}
	r.mu.RLock()
	s := r.byName[serKey{name, contentType}]
	r.mu.RUnlock()
	if s == nil {
		return UnknownPayload{TypeName: name, ContentType: contentType, Data: data}, nil
	}
	v, err := s.Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("deserialize %s (%s): %w", name, contentType, err)
	}
	return v, nil
}
