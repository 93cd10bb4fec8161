package agentchat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strconv"

	agentschema "github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/jsonstream"
	"github.com/agentschema/agentschema/pkg/messages"
)

// StateRunner is what a program that runs a config needs of an agent or a
// team: a Runner whose state can be saved and loaded (AutoGen's
// save_state and load_state), and released.
type StateRunner interface {
	Runner
	// SaveState returns the runner's state as AutoGen's save_state() JSON.
	SaveState(ctx context.Context) (json.RawMessage, error)
	// LoadState restores a state SaveState (or AutoGen) saved.
	LoadState(ctx context.Context, state json.RawMessage) error
	// Close releases the runner's resources (MCP servers, clients).
	Close(ctx context.Context) error
}

// agentRunner runs a ChatAgent as BaseChatAgent.run_stream does.
type agentRunner struct{ ChatAgent }

func (a agentRunner) Run(ctx context.Context, t Task) (*TaskResult, error) {
	return RunAgent(ctx, a.ChatAgent, t)
}

func (a agentRunner) RunStream(ctx context.Context, t Task) iter.Seq2[messages.Message, error] {
	return RunAgentStream(ctx, a.ChatAgent, t)
}

// LoadRunner loads an agent or team component (the JSON dump_component()
// writes) with component.Load and returns it as a StateRunner: a team as
// it is, an agent run as BaseChatAgent.run_stream runs it. Any other
// component is an error (and is released). The providers the config
// names must be registered (import pkg/providers/all).
func LoadRunner(ctx context.Context, data []byte) (StateRunner, error) {
	v, err := component.Load(ctx, data)
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case ChatAgent:
		return agentRunner{x}, nil
	case Team:
		return x, nil
	}
	if c, ok := v.(interface{ Close() error }); ok {
		_ = c.Close()
	}
	return nil, fmt.Errorf("%T is not an agent or a team", v)
}

// ReadTaskMessages reads a task given as a JSON array of AgentChat
// messages, each with its "type". A bad message is an agentschema.Faults
// with the message's faults at their place in data (line, column, and the
// pointer from the array: "/1/content"), in pydantic's words; an unknown
// type is reported at the element's "type".
func ReadTaskMessages(data []byte) ([]messages.Message, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, agentschema.Faults{{Pointer: "", Type: "list_type", Message: "expected a JSON array of messages, got nothing"}}
	}
	f := messages.NewMessageFactory()
	out := []messages.Message{}
	for doc, err := range jsonstream.Read(bytes.NewReader(data), jsonstream.Options{Format: jsonstream.Sequence, Elements: true, MaxSize: -1}) {
		if err != nil {
			var je *jsonstream.Error
			if errors.As(err, &je) {
				return nil, agentschema.Faults{{Pointer: "", Offset: int(je.Position.Offset), Line: je.Position.Line,
					Column: je.Position.Column, Type: "json_invalid", Message: "Invalid JSON: " + je.Msg}}
			}
			return nil, err
		}
		if doc.Element < 0 {
			return nil, agentschema.Faults{{Pointer: "", Offset: int(doc.Offset), Line: doc.Line, Column: doc.Column,
				Type: "list_type", Message: "expected a JSON array of messages"}}
		}
		m, err := f.Create(doc.Data)
		if err != nil {
			return nil, placeTaskFault(doc, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// placeTaskFault gives the faults of the message doc their place in the
// whole task file.
func placeTaskFault(doc jsonstream.Document, err error) error {
	prefix := "/" + strconv.Itoa(doc.Element)
	var fs agentschema.Faults
	if !errors.As(err, &fs) {
		ptr := prefix
		var unknown *messages.UnknownTypeError
		if errors.As(err, &unknown) {
			ptr += "/type"
		}
		return agentschema.Faults{{Pointer: ptr, Offset: int(doc.Offset), Line: doc.Line, Column: doc.Column, Message: err.Error(), Err: err}}
	}
	out := make(agentschema.Faults, len(fs))
	for i, f := range fs {
		g := *f
		g.Pointer = prefix + f.Pointer
		if f.Line > 0 {
			p := doc.Locate(f.Line, f.Column)
			g.Line, g.Column, g.Offset = p.Line, p.Column, int(p.Offset)
		}
		out[i] = &g
	}
	return out
}
