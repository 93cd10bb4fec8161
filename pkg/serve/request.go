package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
)

// RunRequest is a decoded body of POST /v1/sessions/{id}/runs.
type RunRequest struct {
	// Task is what the run starts from: the zero Task (no task) for {},
	// a TextMessage from "user" for {"task": "text"}, the messages for
	// {"messages": [...]} (an empty list is passed on, for the run to
	// refuse as AutoGen does).
	Task agentchat.Task
	// TaskJSON is the task's messages as a JSON array, or null: the run
	// record's task.
	TaskJSON json.RawMessage
}

// DecodeRunRequest reads a run request body: a JSON object with "task"
// (a string) or "messages" (an array of AgentChat chat messages, each
// with its "type"), or neither; an empty body is {}. A fault is an
// *agentschema.Fault with the JSON pointer (and, for text that is not
// JSON, the line and column) of the value at fault.
func DecodeRunRequest(body []byte) (*RunRequest, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil {
		return nil, syntaxFault(body, err)
	}
	if members == nil {
		return nil, &agentschema.Fault{Type: "model_type", Message: "expected a JSON object"}
	}
	for name := range members {
		if name != "task" && name != "messages" {
			return nil, &agentschema.Fault{Pointer: "/" + name, Type: "extra_forbidden",
				Message: `unknown member (a run takes "task" or "messages")`}
		}
	}
	task, hasTask := members["task"]
	msgs, hasMsgs := members["messages"]
	switch {
	case hasTask && hasMsgs:
		return nil, &agentschema.Fault{Pointer: "/messages", Type: "value_error", Message: `give "task" or "messages", not both`}
	case hasTask:
		var text string
		if err := json.Unmarshal(task, &text); err != nil || bytes.Equal(bytes.TrimSpace(task), []byte("null")) {
			return nil, &agentschema.Fault{Pointer: "/task", Type: "string_type", Message: "expected a string"}
		}
		t := agentchat.TextTask(text)
		return &RunRequest{Task: t, TaskJSON: taskJSON(t.Messages)}, nil
	case hasMsgs:
		return decodeMessages(msgs)
	}
	return &RunRequest{TaskJSON: json.RawMessage("null")}, nil
}

// decodeMessages reads "messages".
func decodeMessages(data []byte) (*RunRequest, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil || raws == nil {
		return nil, &agentschema.Fault{Pointer: "/messages", Type: "list_type", Message: "expected an array of messages"}
	}
	f := messages.NewMessageFactory()
	out := make([]messages.Message, 0, len(raws))
	for i, r := range raws {
		m, err := f.Create(r)
		if err != nil {
			return nil, nestFault("/messages/"+strconv.Itoa(i), err)
		}
		out = append(out, m)
	}
	t := agentchat.MessagesTask(out...)
	return &RunRequest{Task: t, TaskJSON: taskJSON(out)}, nil
}

// nestFault places a message's fault under prefix in the body.
func nestFault(prefix string, err error) error {
	var f *agentschema.Fault
	if errors.As(err, &f) {
		return &agentschema.Fault{Pointer: prefix + f.Pointer, Type: f.Type, Message: f.Message, Err: f.Err}
	}
	return &agentschema.Fault{Pointer: prefix, Message: err.Error(), Err: err}
}

// taskJSON is msgs as a JSON array.
func taskJSON(msgs []messages.Message) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, m := range msgs {
		if i > 0 {
			b.WriteByte(',')
		}
		data, err := m.MarshalJSON()
		if err != nil {
			return json.RawMessage("null")
		}
		b.Write(data)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// syntaxFault is the fault of a body that is not JSON.
func syntaxFault(body []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := position(body, int(se.Offset)-1) // Offset is past the bad byte
		return &agentschema.Fault{Offset: int(se.Offset), Line: line, Column: col, Type: "json_invalid",
			Message: "invalid JSON: " + se.Error(), Err: err}
	case errors.As(err, &te):
		return &agentschema.Fault{Type: "model_type", Message: "expected a JSON object, not " + te.Value}
	}
	return &agentschema.Fault{Type: "json_invalid", Message: fmt.Sprintf("invalid JSON: %v", err), Err: err}
}

// position is the 1-based line and byte column of offset in body.
func position(body []byte, offset int) (int, int) {
	offset = min(max(offset, 0), len(body))
	line := 1 + bytes.Count(body[:offset], []byte("\n"))
	col := offset - bytes.LastIndexByte(body[:offset], '\n')
	return line, col
}
