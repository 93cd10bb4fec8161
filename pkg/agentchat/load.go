package agentchat

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"

	"github.com/agentschema/agentschema/pkg/component"
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
// messages, each with its "type"; a fault names the element ("/2: ...").
func ReadTaskMessages(data []byte) ([]messages.Message, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, fmt.Errorf("expected a JSON array of messages: %w", err)
	}
	f := messages.NewMessageFactory()
	out := make([]messages.Message, 0, len(raws))
	for i, r := range raws {
		m, err := f.Create(r)
		if err != nil {
			return nil, fmt.Errorf("/%d: %w", i, err)
		}
		out = append(out, m)
	}
	return out, nil
}
