package groupchat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/distributed/worker"
	"github.com/agentschema/agentschema/pkg/messages"
)

// The events of AutoGen's group chat protocol
// (autogen_agentchat.teams._group_chat._events), written as pydantic's
// model_dump_json writes them and read with the built-in message types.
type (
	// GroupChatStart starts a run: the task's messages (nil: continue).
	GroupChatStart struct {
		Messages           []messages.Message
		OutputTaskMessages bool
	}
	// GroupChatAgentResponse is a participant's answer, on the group
	// topic.
	GroupChatAgentResponse struct {
		Response agentchat.Response
		Name     string
	}
	// GroupChatRequestPublish asks a participant to speak.
	GroupChatRequestPublish struct{}
	// GroupChatMessage is a message for the team's output stream.
	GroupChatMessage struct {
		Message messages.Message
	}
	// GroupChatTermination ends a run, with the StopMessage and the error
	// that ended it.
	GroupChatTermination struct {
		Message *gen.StopMessage
		Error   *SerializableException
	}
	// GroupChatError is a participant's failure, on the group topic.
	GroupChatError struct {
		Error SerializableException
	}
	// GroupChatReset resets a participant or the manager (an RPC).
	GroupChatReset struct{}
)

// SerializableException is AutoGen's SerializableException.
type SerializableException struct {
	ErrorType    string  `json:"error_type"`
	ErrorMessage string  `json:"error_message"`
	Traceback    *string `json:"traceback"`
}

type startJSON struct {
	Messages           []json.RawMessage `json:"messages"`
	OutputTaskMessages bool              `json:"output_task_messages"`
}

type responseJSON struct {
	ChatMessage   json.RawMessage   `json:"chat_message"`
	InnerMessages []json.RawMessage `json:"inner_messages"`
}

type agentResponseJSON struct {
	Response responseJSON `json:"response"`
	Name     string       `json:"name"`
}

type messageJSON struct {
	Message json.RawMessage `json:"message"`
}

type terminationJSON struct {
	Message json.RawMessage        `json:"message"`
	Error   *SerializableException `json:"error"`
}

type errorJSON struct {
	Error SerializableException `json:"error"`
}

func rawAll(ms []messages.Message, nilAsEmpty bool) ([]json.RawMessage, error) {
	if ms == nil && !nilAsEmpty {
		return nil, nil
	}
	out := make([]json.RawMessage, 0, len(ms))
	for _, m := range ms {
		b, err := m.MarshalJSON()
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

func loadAll(raws []json.RawMessage) ([]messages.Message, error) {
	if raws == nil {
		return nil, nil
	}
	out := make([]messages.Message, 0, len(raws))
	for _, r := range raws {
		m, err := messages.Load(r)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func compact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func (e GroupChatStart) wire() (any, error) {
	ms, err := rawAll(e.Messages, false)
	return startJSON{ms, e.OutputTaskMessages}, err
}

func (e GroupChatAgentResponse) wire() (any, error) {
	if e.Response.ChatMessage == nil {
		return nil, errors.New("GroupChatAgentResponse: no chat message")
	}
	cm, err := e.Response.ChatMessage.MarshalJSON()
	if err != nil {
		return nil, err
	}
	inner, err := rawAll(e.Response.InnerMessages, true)
	return agentResponseJSON{responseJSON{cm, inner}, e.Name}, err
}

func (e GroupChatMessage) wire() (any, error) {
	if e.Message == nil {
		return nil, errors.New("GroupChatMessage: no message")
	}
	b, err := e.Message.MarshalJSON()
	return messageJSON{b}, err
}

func (e GroupChatTermination) wire() (any, error) {
	if e.Message == nil {
		return nil, errors.New("GroupChatTermination: no StopMessage")
	}
	b, err := e.Message.MarshalJSON()
	return terminationJSON{b, e.Error}, err
}

func (e GroupChatError) wire() (any, error)        { return errorJSON(e), nil }
func (GroupChatRequestPublish) wire() (any, error) { return struct{}{}, nil }
func (GroupChatReset) wire() (any, error)          { return struct{}{}, nil }

type wirer interface{ wire() (any, error) }

func decodeStart(b []byte) (any, error) {
	var j startJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	ms, err := loadAll(j.Messages)
	return GroupChatStart{ms, j.OutputTaskMessages}, err
}

func decodeAgentResponse(b []byte) (any, error) {
	var j agentResponseJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	cm, err := messages.Load(j.Response.ChatMessage)
	if err != nil {
		return nil, err
	}
	inner, err := loadAll(j.Response.InnerMessages)
	return GroupChatAgentResponse{agentchat.Response{ChatMessage: cm, InnerMessages: inner}, j.Name}, err
}

func decodeMessage(b []byte) (any, error) {
	var j messageJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	m, err := messages.Load(j.Message)
	return GroupChatMessage{m}, err
}

func decodeTermination(b []byte) (any, error) {
	var j terminationJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, err
	}
	m, err := messages.Load(j.Message)
	if err != nil {
		return nil, err
	}
	stop, ok := m.(*gen.StopMessage)
	if !ok {
		return nil, fmt.Errorf("GroupChatTermination.message: want a StopMessage, not %s", m.Type())
	}
	return GroupChatTermination{stop, j.Error}, nil
}

func decodeError(b []byte) (any, error) {
	var j errorJSON
	err := json.Unmarshal(b, &j)
	return GroupChatError(j), err
}

func serializer[T wirer](name string, decode func([]byte) (any, error)) *worker.Serializer {
	return &worker.Serializer{TypeName: name, ContentType: worker.JSONContentType, GoType: reflect.TypeFor[T](),
		Marshal: func(v any) ([]byte, error) {
			w, err := v.(T).wire()
			if err != nil {
				return nil, err
			}
			return compact(w)
		},
		Unmarshal: decode}
}

// Serializers are the serializers of the group chat events, under
// AutoGen's class names.
func Serializers() []*worker.Serializer {
	empty := func(v any) func([]byte) (any, error) { return func([]byte) (any, error) { return v, nil } }
	return []*worker.Serializer{
		serializer[GroupChatStart]("GroupChatStart", decodeStart),
		serializer[GroupChatAgentResponse]("GroupChatAgentResponse", decodeAgentResponse),
		serializer[GroupChatRequestPublish]("GroupChatRequestPublish", empty(GroupChatRequestPublish{})),
		serializer[GroupChatMessage]("GroupChatMessage", decodeMessage),
		serializer[GroupChatTermination]("GroupChatTermination", decodeTermination),
		serializer[GroupChatError]("GroupChatError", decodeError),
		serializer[GroupChatReset]("GroupChatReset", empty(GroupChatReset{})),
	}
}
