package agentchat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
)

// Emit passes one message or event of a run to whoever consumes the run.
// A non-nil error (the consumer stopped, or cannot take more) must end the
// work that emitted it, and be returned by it.
type Emit func(messages.Message) error

// Participant is what a team's member is, a ChatAgent or a Team: both
// have these methods.
type Participant interface {
	// Name is the participant's unique name in a team.
	Name() string
	// Description says what the participant does; teams show it to
	// selectors.
	Description() string
	// Reset is AutoGen's on_reset (an agent) or reset (a team): back to
	// the state it was built with, participants included.
	Reset(ctx context.Context) error
	// SaveState returns AutoGen's save_state() JSON (an agent's state, a
	// TeamState).
	SaveState(ctx context.Context) (json.RawMessage, error)
	// LoadState restores a state SaveState (or AutoGen) saved.
	LoadState(ctx context.Context, state json.RawMessage) error
	// Close releases the resources held (AutoGen's close()), of every
	// participant for a team.
	Close(ctx context.Context) error
}

// ChatAgent is AutoGen's ChatAgent: an agent that answers the messages it
// is given, keeping its own state between calls. Implementations need not
// be safe for concurrent use: a team calls one agent at a time.
type ChatAgent interface {
	Participant
	// OnMessagesStream is AutoGen's on_messages_stream: it takes the new
	// messages, passes each inner event or message to emit as it is made
	// (ModelClientStreamingChunkEvent included), and returns the final
	// Response. An error emit returns ends the call with that error.
	OnMessagesStream(ctx context.Context, msgs []messages.Message, emit Emit) (*Response, error)
}

// Runner runs tasks: AutoGen's TaskRunner, which agents and teams are.
// A runner is stateful: a later run continues where the previous one left
// off.
type Runner interface {
	// Run runs task to its end and returns the TaskResult.
	Run(ctx context.Context, task Task) (*TaskResult, error)
	// RunStream runs task and yields every message and event of the run
	// in order, the *TaskResult last. An error is yielded once, with a nil
	// message, and ends the sequence; what was yielded before stays
	// valid. Stopping the iteration early stops the run.
	RunStream(ctx context.Context, task Task) iter.Seq2[messages.Message, error]
}

// Team is AutoGen's Team: a group of agents (or teams) that run a task
// together.
type Team interface {
	Runner
	Participant
}

// TerminationCondition is AutoGen's TerminationCondition. A group chat
// calls Check with each delta of messages; when it returns a StopMessage
// the run stops, and the team resets the condition.
type TerminationCondition interface {
	// Terminated reports whether the condition has fired and not been
	// reset.
	Terminated() bool
	// Check looks at the latest messages and returns a StopMessage when
	// the conversation should stop, or nil. Called once Terminated, it
	// returns a *TerminatedError.
	Check(ctx context.Context, delta []messages.Message) (*gen.StopMessage, error)
	// Reset makes the condition ready for a new run.
	Reset(ctx context.Context) error
}

// Response is AutoGen's Response: an agent's final message of a call and
// the inner events and messages that came before it.
type Response struct {
	// ChatMessage is the agent's answer: a chat message.
	ChatMessage messages.Message
	// InnerMessages are the events and messages the agent made on the way.
	InnerMessages []messages.Message
}

// Task is what a run starts from: AutoGen's task argument. The zero Task
// is no task (task=None): the runner continues from its current state.
type Task struct {
	// Messages are the task's chat messages; nil is no task, and an empty
	// non-nil list is refused as AutoGen refuses it.
	Messages []messages.Message
	// OmitTaskMessages leaves the task's messages out of the stream and
	// the TaskResult (AutoGen's output_task_messages=False).
	OmitTaskMessages bool
}

// TextTask is a task given as text: a TextMessage from "user".
func TextTask(text string) Task {
	return Task{Messages: []messages.Message{messages.NewTextMessage("user", text)}}
}

// MessagesTask is a task given as chat messages.
func MessagesTask(msgs ...messages.Message) Task {
	if msgs == nil {
		msgs = []messages.Message{}
	}
	return Task{Messages: msgs}
}

// check refuses what AutoGen's run refuses: an empty list, and a message
// that is not a chat message.
func (t Task) check() error {
	if t.Messages == nil {
		return nil
	}
	if len(t.Messages) == 0 {
		return &RunError{Exception: "ValueError", Message: "Task list cannot be empty."}
	}
	for _, m := range t.Messages {
		if m == nil || !messages.IsChatMessage(m) {
			return &RunError{Exception: "ValueError", Message: fmt.Sprintf("Invalid message type in sequence: %T", m)}
		}
	}
	return nil
}

// TaskResult is AutoGen's TaskResult: the messages of a run (without the
// ModelClientStreamingChunkEvents) and, for a team, why it stopped. It is
// the last item of RunStream; its JSON is {"messages": [...],
// "stop_reason": ...} with no "type" member.
type TaskResult struct {
	// Messages are the run's messages and events, in order.
	Messages []messages.Message
	// StopReason is the content of the StopMessage that ended a team's
	// run; nil for an agent's run.
	StopReason *string
}

// Type returns "TaskResult", so that a TaskResult can be the last item of
// a RunStream; it is not written in its JSON.
func (*TaskResult) Type() string { return "TaskResult" }

// MarshalJSON writes the TaskResult as pydantic's model_dump(mode="json").
func (r *TaskResult) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"messages":[`)
	for i, m := range r.Messages {
		if i > 0 {
			b.WriteByte(',')
		}
		data, err := m.MarshalJSON()
		if err != nil {
			return nil, err
		}
		b.Write(data)
	}
	b.WriteString(`],"stop_reason":`)
	if r.StopReason == nil {
		b.WriteString("null")
	} else {
		s, err := json.Marshal(*r.StopReason)
		if err != nil {
			return nil, err
		}
		b.Write(s)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// errStopped is returned by an Emit whose consumer stopped iterating.
var errStopped = errors.New("agentchat: the consumer stopped the run")

// Stream turns run, a function that emits a run's items and returns its
// TaskResult, into RunStream's sequence: items as they are emitted, then
// the TaskResult, or the error. Stopping the iteration makes emit fail,
// which ends run.
func Stream(run func(emit Emit) (*TaskResult, error)) iter.Seq2[messages.Message, error] {
	return func(yield func(messages.Message, error) bool) {
		stopped := false
		res, err := run(func(m messages.Message) error {
			if stopped {
				return errStopped
			}
			if !yield(m, nil) {
				stopped = true
				return errStopped
			}
			return nil
		})
		if stopped {
			return
		}
		if err != nil {
			yield(nil, err)
			return
		}
		yield(res, nil)
	}
}

// Collect reads a RunStream to its end and returns its TaskResult, or the
// first error.
func Collect(stream iter.Seq2[messages.Message, error]) (*TaskResult, error) {
	var res *TaskResult
	for m, err := range stream {
		if err != nil {
			return nil, err
		}
		if r, ok := m.(*TaskResult); ok {
			res = r
		}
	}
	if res == nil {
		return nil, &RunError{Exception: "AssertionError", Message: "The stream should have returned the final result."}
	}
	return res, nil
}

// RunAgentStream is AutoGen's BaseChatAgent.run_stream for any ChatAgent:
// the task's messages (unless omitted), the agent's events, its chat
// message, and a TaskResult with no stop reason.
func RunAgentStream(ctx context.Context, agent ChatAgent, task Task) iter.Seq2[messages.Message, error] {
	return Stream(func(emit Emit) (*TaskResult, error) {
		return runAgent(ctx, agent, task, emit)
	})
}

// RunAgent is AutoGen's BaseChatAgent.run for any ChatAgent.
func RunAgent(ctx context.Context, agent ChatAgent, task Task) (*TaskResult, error) {
	return runAgent(ctx, agent, task, func(messages.Message) error { return nil })
}

func runAgent(ctx context.Context, agent ChatAgent, task Task, emit Emit) (res *TaskResult, err error) {
	ctx, span := StartInvokeAgentSpan(ctx, agent.Name(), "", agent.Description())
	defer func() {
		if isStop(err) {
			span.End(nil)
			return
		}
		span.End(err)
	}()
	if err := task.check(); err != nil {
		return nil, err
	}
	var out []messages.Message
	input := task.Messages
	if input == nil {
		input = []messages.Message{}
	}
	if !task.OmitTaskMessages {
		for _, m := range task.Messages {
			out = append(out, m)
			if err := emit(m); err != nil {
				return nil, err
			}
		}
	}
	resp, err := agent.OnMessagesStream(ctx, input, func(m messages.Message) error {
		if err := emit(m); err != nil {
			return err
		}
		if _, chunk := m.(*gen.ModelClientStreamingChunkEvent); !chunk {
			out = append(out, m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := emit(resp.ChatMessage); err != nil {
		return nil, err
	}
	out = append(out, resp.ChatMessage)
	if out == nil {
		out = []messages.Message{}
	}
	return &TaskResult{Messages: out}, nil
}

// Register registers load as the Loader of an AutoGen provider in the
// default component registry, with every alias AutoGen's load_component
// accepts for it (component.LookupProvider's Aliases, less the ones
// already taken).
func Register(provider string, load component.Loader) {
	info, _ := component.LookupProvider(provider)
	var aliases []string
	for _, a := range info.Aliases {
		if _, ok := component.WellKnownProviders()[a]; !ok {
			aliases = append(aliases, a)
		}
	}
	component.Register(provider, load, aliases...)
}

// DecodeConfig reads the config of provider as its generated config type
// T (for example gen.MaxMessageTerminationConfig), with pydantic's rules
// and AutoGen's validators; see component.ConfigOf.
func DecodeConfig[T any, PT interface {
	*T
	gen.Encodable
}](provider string, config gen.RawJSON) (*T, error) {
	return component.ConfigOf[T, PT](&gen.ComponentModel{Provider: provider, Config: config})
}
