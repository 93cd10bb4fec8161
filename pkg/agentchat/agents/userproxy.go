package agents

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"os"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
)

// InputFunc asks a person for input: prompt is AutoGen's prompt ("Enter
// your response: ", or "Handoff received from X. Enter your response: ");
// InputRequestID(ctx) is the request_id of the UserInputRequestedEvent
// emitted before the call. Cancelling ctx must end the call.
type InputFunc func(ctx context.Context, prompt string) (string, error)

type inputFuncKey struct{}
type requestIDKey struct{}

// WithInputFunc returns a context whose UserProxyAgents, when loaded from
// a config with it, ask fn for input (a config cannot hold a function).
func WithInputFunc(ctx context.Context, fn InputFunc) context.Context {
	return context.WithValue(ctx, inputFuncKey{}, fn)
}

// InputRequestID returns the request_id of the input request an InputFunc
// is answering (AutoGen's InputRequestContext.request_id()), or "".
func InputRequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// UserProxyAgent is AutoGen's UserProxyAgent: an agent that answers with a
// person's input.
type UserProxyAgent struct {
	name, description string
	input             InputFunc
}

// NewUserProxyAgent returns a UserProxyAgent; description "" is AutoGen's
// "A human user", and input nil reads a line from standard input (the
// prompt is written to standard error, so that standard output stays the
// run's).
func NewUserProxyAgent(name, description string, input InputFunc) *UserProxyAgent {
	if description == "" {
		description = "A human user"
	}
	if input == nil {
		input = StdinInput(os.Stdin, os.Stderr)
	}
	return &UserProxyAgent{name: name, description: description, input: input}
}

// UserProxyFromConfig builds a UserProxyAgent from its config, asking the
// InputFunc of ctx (WithInputFunc) or standard input. A config's
// input_func is not code this package runs: it must be null.
func UserProxyFromConfig(ctx context.Context, c *gen.UserProxyAgentConfig) (*UserProxyAgent, error) {
	if c.InputFunc != nil {
		return nil, agentchat.AtPointer("/config/input_func",
			errors.New("input_func cannot be loaded from a config: give the agent an InputFunc with agents.WithInputFunc"))
	}
	fn, _ := ctx.Value(inputFuncKey{}).(InputFunc)
	return NewUserProxyAgent(c.Name, c.Description, fn), nil
}

// StdinInput is an InputFunc that writes the prompt to w and reads a line
// from r (without its line ending). It stops waiting when ctx is done.
func StdinInput(r io.Reader, w io.Writer) InputFunc {
	var mu sync.Mutex
	br := bufio.NewReader(r)
	return func(ctx context.Context, prompt string) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		if w != nil {
			_, _ = io.WriteString(w, prompt)
		}
		type line struct {
			s   string
			err error
		}
		ch := make(chan line, 1)
		go func() {
			s, err := br.ReadString('\n')
			if err == io.EOF && s != "" {
				err = nil
			}
			ch <- line{strings.TrimRight(s, "\r\n"), err}
		}()
		select {
		case l := <-ch:
			if l.err == io.EOF {
				return "", errors.New("EOF when reading a line")
			}
			return l.s, l.err
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Name returns the agent's name.
func (u *UserProxyAgent) Name() string { return u.name }

// Description returns the agent's description.
func (u *UserProxyAgent) Description() string { return u.description }

// ProducedMessageTypes returns the tags of the chat messages the agent
// answers with.
func (u *UserProxyAgent) ProducedMessageTypes() []string {
	return []string{"TextMessage", "HandoffMessage"}
}

// Run runs a task with the agent.
func (u *UserProxyAgent) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, u, task)
}

// RunStream runs a task with the agent and streams it.
func (u *UserProxyAgent) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, u, task)
}

// OnMessagesStream emits a UserInputRequestedEvent, asks for input and
// answers with it: a HandoffMessage back to the sender when the last
// message hands off to this agent, a TextMessage otherwise. Failures are
// AutoGen's RuntimeError "Failed to get user input: ...".
func (u *UserProxyAgent) OnMessagesStream(ctx context.Context, msgs []messages.Message, emit agentchat.Emit) (*agentchat.Response, error) {
	fail := func(err error) (*agentchat.Response, error) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var re *agentchat.RunError
		if errors.As(err, &re) && strings.HasPrefix(re.Message, "Failed to get user input: ") {
			return nil, err
		}
		return nil, &agentchat.RunError{Exception: "RuntimeError", Message: "Failed to get user input: " + errText(err), Err: err}
	}
	var handoff *gen.HandoffMessage
	if n := len(msgs); n > 0 {
		if h, ok := msgs[n-1].(*gen.HandoffMessage); ok {
			if h.Target != u.name {
				return fail(&agentchat.RunError{Exception: "RuntimeError",
					Message: "Handoff message target does not match agent name: " + h.Source})
			}
			handoff = h
		}
	}
	prompt := "Enter your response: "
	if handoff != nil {
		prompt = "Handoff received from " + handoff.Source + ". Enter your response: "
	}
	requestID := messages.NewID()
	ev := messages.NewUserInputRequestedEvent(u.name, requestID)
	if err := emit(ev); err != nil {
		return nil, err
	}
	text, err := u.input(context.WithValue(ctx, requestIDKey{}, requestID), prompt)
	if err != nil {
		return fail(err)
	}
	if handoff != nil {
		return &agentchat.Response{ChatMessage: messages.NewHandoffMessage(u.name, handoff.Source, text)}, nil
	}
	return &agentchat.Response{ChatMessage: messages.NewTextMessage(u.name, text)}, nil
}

// errText is str(e) of a Python exception: the message without the class.
func errText(err error) string {
	var re *agentchat.RunError
	if errors.As(err, &re) {
		return re.Message
	}
	return err.Error()
}

// Reset does nothing: the agent keeps no state.
func (u *UserProxyAgent) Reset(context.Context) error { return nil }

// SaveState returns AutoGen's BaseState.
func (u *UserProxyAgent) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage(`{"type":"BaseState","version":"1.0.0"}`), nil
}

// LoadState checks that state is a JSON object.
func (u *UserProxyAgent) LoadState(_ context.Context, state json.RawMessage) error {
	var m map[string]json.RawMessage
	return json.Unmarshal(state, &m)
}

// Close does nothing.
func (u *UserProxyAgent) Close(context.Context) error { return nil }
