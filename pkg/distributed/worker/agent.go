package worker

import (
	"context"
	"sync"
)

// Agent is an agent instance: OnMessage handles one message (AutoGen's
// Agent.on_message). For a direct message (mc.IsRPC) the result is the
// reply (nil replies NoneType) and an error becomes the caller's
// *RemoteError; for a published message the result is ignored.
type Agent interface {
	OnMessage(ctx context.Context, msg any, mc MessageContext) (any, error)
}

// AgentFunc is an Agent that is a function.
type AgentFunc func(ctx context.Context, msg any, mc MessageContext) (any, error)

// OnMessage calls f.
func (f AgentFunc) OnMessage(ctx context.Context, msg any, mc MessageContext) (any, error) {
	return f(ctx, msg, mc)
}

// Factory makes the instance of an agent type for one key, on the first
// message to that AgentID.
type Factory func(id AgentID) (Agent, error)

// MessageContext describes the message a handler gets (AutoGen's
// MessageContext) and lets the handler send and publish as its agent.
type MessageContext struct {
	// Runtime is the runtime that delivered the message.
	Runtime *Runtime
	// Self is the receiving agent.
	Self AgentID
	// Sender is the sending agent, nil when the message came from outside
	// an agent.
	Sender *AgentID
	// Topic is the topic of a published message, nil for a direct one.
	Topic *TopicID
	// IsRPC is true for a direct message.
	IsRPC bool
	// MessageID is the request id or the CloudEvent id.
	MessageID string

	after *afterReply
}

// Send sends msg to the agent to as the receiving agent and waits for the
// reply.
func (mc MessageContext) Send(ctx context.Context, msg any, to AgentID) (any, error) {
	self := mc.Self
	return mc.Runtime.Send(ctx, msg, to, &self)
}

// Publish publishes msg to topic as the receiving agent.
func (mc MessageContext) Publish(ctx context.Context, msg any, topic TopicID) error {
	self := mc.Self
	return mc.Runtime.Publish(ctx, msg, topic, &self)
}

// AfterReply runs f once the reply to a direct message has been written
// to the channel (or at once for a published message): what a handler
// does after returning in AutoGen's ordering, such as the group chat
// manager's first speaker request after its reply to GroupChatStart.
func (mc MessageContext) AfterReply(f func()) {
	if mc.after == nil {
		f()
		return
	}
	mc.after.mu.Lock()
	mc.after.fs = append(mc.after.fs, f)
	mc.after.mu.Unlock()
}

type afterReply struct {
	mu sync.Mutex
	fs []func()
}

func (a *afterReply) run() {
	a.mu.Lock()
	fs := a.fs
	a.fs = nil
	a.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// instance is an agent instance and its queue of published messages,
// which it handles one at a time in the order they came.
type instance struct {
	agent   Agent
	mu      sync.Mutex
	queue   []func()
	running bool
}

// enqueue adds f to the instance's queue and starts its drain if idle; go
// starts the goroutine.
func (in *instance) enqueue(f func(), start func(func())) {
	in.mu.Lock()
	in.queue = append(in.queue, f)
	if in.running {
		in.mu.Unlock()
		return
	}
	in.running = true
	in.mu.Unlock()
	start(func() {
		for {
			in.mu.Lock()
			if len(in.queue) == 0 {
				in.running = false
				in.mu.Unlock()
				return
			}
			next := in.queue[0]
			in.queue = in.queue[1:]
			in.mu.Unlock()
			next()
		}
	})
}
