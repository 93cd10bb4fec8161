package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyformat"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tools"
	"github.com/agentschema/agentschema/pkg/workbench"
)

// The defaults of AssistantAgent's constructor.
const (
	DefaultAssistantDescription   = "An agent that provides assistance with ability to use tools."
	DefaultAssistantSystemMessage = "You are a helpful AI assistant. Solve tasks using your tools. Reply with TERMINATE when the task has been completed."
	DefaultToolCallSummaryFormat  = "{result}"
)

// noUnkeyed makes a struct impossible to build with an unkeyed literal.
type noUnkeyed struct{}

// AssistantOptions are the optional arguments of NewAssistantAgent,
// AutoGen's keyword arguments. The zero value is AutoGen's defaults.
type AssistantOptions struct {
	_ noUnkeyed

	// Description defaults to DefaultAssistantDescription when nil.
	Description *string
	// SystemMessage defaults to DefaultAssistantSystemMessage when nil;
	// NoSystemMessage sends none (AutoGen's system_message=None).
	SystemMessage   *string
	NoSystemMessage bool
	// Tools are put in one StaticStreamWorkbench; they cannot be given with
	// Workbenches.
	Tools []tools.Tool
	// Workbenches are where the agent finds its tools.
	Workbenches []workbench.Workbench
	// Handoffs are the agents this one can hand off to; a Handoff needs
	// only its Target (the rest is filled as AutoGen's set_defaults does).
	Handoffs []gen.Handoff
	// ModelContext defaults to an unbounded context.
	ModelContext modelcontext.ChatCompletionContext
	// Memory is queried before each model call.
	Memory []Memory
	// ModelClientStream streams the model's answers as
	// ModelClientStreamingChunkEvents.
	ModelClientStream bool
	// ReflectOnToolUse makes a second model call after the tools ran;
	// nil is false.
	ReflectOnToolUse *bool
	// MaxToolIterations is how many rounds of tool calls one call may
	// make; 0 is 1.
	MaxToolIterations int
	// ToolCallSummaryFormat is the str.format template of each tool
	// result's line in a ToolCallSummaryMessage ({tool_name},
	// {arguments}, {result}, {is_error}); "" is DefaultToolCallSummaryFormat.
	ToolCallSummaryFormat string
	// ToolCallSummaryFormatter, when set, makes each line instead.
	ToolCallSummaryFormatter func(call gen.FunctionCall, result gen.FunctionExecutionResult) string
	// Metadata is the agent's metadata.
	Metadata map[string]string
}

// handoff is a Handoff with its tool.
type handoff struct {
	gen.Handoff
	schema gen.ToolSchema
}

// AssistantAgent is AutoGen's AssistantAgent: an agent that answers with a
// model, calling tools through workbenches, handing off to other agents,
// and keeping its conversation in a model context. It is not safe for
// concurrent calls (neither is AutoGen's).
type AssistantAgent struct {
	name, description string
	client            models.ChatCompletionClient
	stream            bool
	system            []gen.LLMMessage
	systemText        *string
	workbenches       []workbench.Workbench
	handoffs          []handoff
	context           modelcontext.ChatCompletionContext
	memory            []Memory
	reflect           bool
	maxIterations     int
	summaryFormat     string
	summaryFormatter  func(gen.FunctionCall, gen.FunctionExecutionResult) string
	metadata          map[string]string

	mu      sync.Mutex
	running bool
	// sent builds the messages sent to the model; only the running turn
	// uses it.
	sent sentList
}

// NewAssistantAgent builds an AssistantAgent, refusing what AutoGen's
// constructor refuses (with its ValueError texts): duplicate tool or
// handoff names, handoffs named like tools, tools with workbenches, tools
// or handoffs for a model without function calling, and
// MaxToolIterations below 1.
func NewAssistantAgent(name string, client models.ChatCompletionClient, opts AssistantOptions) (*AssistantAgent, error) {
	if client == nil {
		return nil, valueError("model_client is required")
	}
	a := &AssistantAgent{name: name, client: client, stream: opts.ModelClientStream, memory: opts.Memory,
		summaryFormat: opts.ToolCallSummaryFormat, summaryFormatter: opts.ToolCallSummaryFormatter,
		metadata: opts.Metadata, maxIterations: opts.MaxToolIterations, context: opts.ModelContext}
	a.description = DefaultAssistantDescription
	if opts.Description != nil {
		a.description = *opts.Description
	}
	if !opts.NoSystemMessage {
		text := DefaultAssistantSystemMessage
		if opts.SystemMessage != nil {
			text = *opts.SystemMessage
		}
		a.systemText = &text
		a.system = []gen.LLMMessage{models.NewSystemMessage(text)}
	}
	if a.metadata == nil {
		a.metadata = map[string]string{}
	}
	functionCalling := client.ModelInfo().FunctionCalling
	toolNames := map[string]bool{}
	var names []string
	if len(opts.Tools) > 0 && !functionCalling {
		return nil, valueError("The model does not support function calling.")
	}
	for _, t := range opts.Tools {
		names = append(names, t.Name())
		toolNames[t.Name()] = true
	}
	if len(toolNames) != len(names) {
		return nil, valueError("Tool names must be unique: " + pyStrList(names))
	}
	if len(opts.Handoffs) > 0 && !functionCalling {
		return nil, valueError("The model does not support function calling, which is needed for handoffs.")
	}
	seen := map[string]bool{}
	var handoffNames []string
	for _, h := range opts.Handoffs {
		h = HandoffDefaults(h)
		handoffNames = append(handoffNames, h.Name)
		if seen[h.Name] {
			return nil, valueError("Handoff names must be unique: " + pyStrList(handoffNames))
		}
		seen[h.Name] = true
		a.handoffs = append(a.handoffs, handoff{Handoff: h, schema: HandoffToolSchema(h)})
	}
	for _, h := range a.handoffs {
		if toolNames[h.Target] || toolNames[h.Name] {
			return nil, valueError("Handoff names must be unique from tool names")
		}
	}
	if len(opts.Workbenches) > 0 {
		if len(opts.Tools) > 0 {
			return nil, valueError("Tools cannot be used with a workbench.")
		}
		a.workbenches = opts.Workbenches
	} else {
		wb, err := workbench.NewStaticStreamWorkbench(opts.Tools, nil)
		if err != nil {
			return nil, err
		}
		a.workbenches = []workbench.Workbench{wb}
	}
	if a.context == nil {
		c, err := modelcontext.NewUnbounded()
		if err != nil {
			return nil, err
		}
		a.context = c
	}
	if opts.ReflectOnToolUse != nil {
		a.reflect = *opts.ReflectOnToolUse
	}
	if a.maxIterations == 0 {
		a.maxIterations = 1
	}
	if a.maxIterations < 1 {
		return nil, valueError(fmt.Sprintf("Maximum number of tool iterations must be greater than or equal to 1, got %d", a.maxIterations))
	}
	if a.summaryFormat == "" {
		a.summaryFormat = DefaultToolCallSummaryFormat
	}
	_, span := agentchat.StartCreateAgentSpan(context.Background(), a.name, "", a.description)
	span.End(nil)
	return a, nil
}

// valueError is AutoGen's ValueError.
func valueError(msg string) error { return &agentchat.RunError{Exception: "ValueError", Message: msg} }

// pyStrList is Python's repr of a list of str.
func pyStrList(names []string) string {
	v := pyjson.Value{Kind: pyjson.List}
	for _, n := range names {
		v.List = append(v.List, pyjson.StrValue(n))
	}
	return pyjson.Repr(&v)
}

// HandoffDefaults fills a Handoff as AutoGen's set_defaults does: the
// description "Handoff to <target>.", the name "transfer_to_<target>"
// lower-cased, and the message "Transferred to <target>, adopting the role
// of <target> immediately.", each when empty.
func HandoffDefaults(h gen.Handoff) gen.Handoff {
	if h.Description == "" {
		h.Description = "Handoff to " + h.Target + "."
	}
	if h.Name == "" {
		h.Name = strings.ToLower("transfer_to_" + h.Target)
	}
	if h.Message == "" {
		h.Message = "Transferred to " + h.Target + ", adopting the role of " + h.Target + " immediately."
	}
	return h
}

// HandoffToolSchema is the schema of a handoff's tool as AutoGen sends it:
// a strict function of no arguments named and described by the handoff.
func HandoffToolSchema(h gen.Handoff) gen.ToolSchema {
	desc, strict, no := h.Description, true, false
	return gen.ToolSchema{Name: h.Name, Description: &desc, Strict: &strict,
		Parameters: &gen.ParametersSchema{Type: "object", Properties: gen.RawJSON("{}"), Required: []string{},
			AdditionalProperties: &no}}
}

// Name returns the agent's name.
func (a *AssistantAgent) Name() string { return a.name }

// Description returns the agent's description.
func (a *AssistantAgent) Description() string { return a.description }

// ModelContext returns the agent's model context.
func (a *AssistantAgent) ModelContext() modelcontext.ChatCompletionContext { return a.context }

// ProducedMessageTypes returns the tags of the chat messages the agent
// answers with.
func (a *AssistantAgent) ProducedMessageTypes() []string {
	return []string{"TextMessage", "ToolCallSummaryMessage", "HandoffMessage"}
}

// Run runs a task with the agent (BaseChatAgent.run).
func (a *AssistantAgent) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, a, task)
}

// RunStream runs a task with the agent and streams it
// (BaseChatAgent.run_stream).
func (a *AssistantAgent) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, a, task)
}

// Reset clears the model context (on_reset).
func (a *AssistantAgent) Reset(ctx context.Context) error { return a.context.Clear(ctx) }

// SaveState returns AutoGen's AssistantAgentState: {"llm_context": the
// context's state, "type": "AssistantAgentState", "version": "1.0.0"}.
func (a *AssistantAgent) SaveState(ctx context.Context) (json.RawMessage, error) {
	st, err := a.context.SaveState(ctx)
	if err != nil {
		return nil, err
	}
	return wireMarshal(&gen.AssistantAgentState{LLMContext: gen.RawJSON(st), Type: "AssistantAgentState", Version: "1.0.0"})
}

// LoadState loads an AssistantAgentState into the model context.
func (a *AssistantAgent) LoadState(ctx context.Context, state json.RawMessage) error {
	var st gen.AssistantAgentState
	if err := gen.Unmarshal(state, &st); err != nil {
		return err
	}
	llm := []byte(st.LLMContext)
	if len(llm) == 0 {
		llm = []byte(`{"messages":[]}`)
	}
	return a.context.LoadState(ctx, llm)
}

// Close stops the agent's workbenches (an MCP server's process ends) and
// closes its model client: the agent owns what it was built with.
func (a *AssistantAgent) Close(ctx context.Context) error {
	var errs []error
	for _, wb := range a.workbenches {
		errs = append(errs, wb.Stop(ctx))
	}
	errs = append(errs, a.client.Close())
	return errors.Join(errs...)
}

// OnMessagesStream is AutoGen's on_messages_stream: add the messages to
// the model context, query memories, call the model, run the tools it
// asks for (in parallel, for up to MaxToolIterations rounds), hand off,
// reflect or summarize, emitting every event on the way.
func (a *AssistantAgent) OnMessagesStream(ctx context.Context, msgs []messages.Message, emit agentchat.Emit) (*agentchat.Response, error) {
	a.mu.Lock()
	if a.running {
		a.mu.Unlock()
		return nil, &agentchat.RunError{Exception: "RuntimeError", Message: "The agent is already running."}
	}
	a.running = true
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		a.running = false
		a.mu.Unlock()
	}()
	t := &turn{a: a, emit: emit}
	return t.run(ctx, msgs)
}

// turn is one call of OnMessagesStream.
type turn struct {
	a     *AssistantAgent
	emit  agentchat.Emit
	inner []messages.Message
}

// event emits an inner event or message and keeps it for the Response.
func (t *turn) event(m messages.Message) error {
	t.inner = append(t.inner, m)
	return t.emit(m)
}

func (t *turn) run(ctx context.Context, msgs []messages.Message) (*agentchat.Response, error) {
	a := t.a
	for _, m := range msgs {
		if h, ok := m.(*gen.HandoffMessage); ok {
			for _, lm := range h.Context {
				if err := a.context.AddMessage(ctx, lm); err != nil {
					return nil, err
				}
			}
		}
		um, err := messages.ToModelMessage(m)
		if err != nil {
			return nil, err
		}
		if err := a.context.AddMessage(ctx, &um); err != nil {
			return nil, err
		}
	}
	for _, mem := range a.memory {
		results, err := mem.UpdateContext(ctx, a.context)
		if err != nil {
			return nil, err
		}
		if len(results) > 0 {
			ev := messages.NewMemoryQueryEvent(a.name, results...)
			if err := t.event(ev); err != nil {
				return nil, err
			}
		}
	}
	messageID := messages.NewID()
	result, err := t.callModel(ctx, messageID)
	if err != nil {
		return nil, err
	}
	if result.Thought != nil && *result.Thought != "" {
		if err := t.event(thought(a.name, *result.Thought, messageID)); err != nil {
			return nil, err
		}
		messageID = messages.NewID()
	}
	if err := a.context.AddMessage(ctx, assistantMessage(a.name, result)); err != nil {
		return nil, err
	}
	return t.process(ctx, result, messageID)
}

// thought is a ThoughtEvent with the id the answer would have had.
func thought(source, content, id string) *gen.ThoughtEvent {
	t := messages.NewThoughtEvent(source, content)
	t.ID = id
	return t
}

// textWithUsage is a TextMessage with the usage of the call that made it.
func textWithUsage(source, content string, usage gen.RequestUsage) *gen.TextMessage {
	m := messages.NewTextMessage(source, content)
	m.ModelsUsage = &usage
	return m
}

// requestWithUsage is a ToolCallRequestEvent with the call's usage.
func requestWithUsage(source string, calls []gen.FunctionCall, usage gen.RequestUsage) *gen.ToolCallRequestEvent {
	ev := messages.NewToolCallRequestEvent(source, calls...)
	ev.ModelsUsage = &usage
	return ev
}

// assistantMessage is the AssistantMessage a result adds to the context.
func assistantMessage(source string, r gen.CreateResult) *gen.AssistantMessage {
	m := &gen.AssistantMessage{Source: source, Thought: r.Thought}
	if r.Content.IsFunctionCalls() {
		m.Content = gen.AssistantMessageContentOfFunctionCalls(r.Content.FunctionCalls)
	} else {
		m.Content = gen.AssistantMessageContentOfText(r.Content.Text)
	}
	return m
}

// modelMessages are the system messages and the context's view, without
// images for a model without vision (AutoGen's _get_compatible_context).
func (t *turn) modelMessages(ctx context.Context) ([]gen.LLMMessage, error) {
	view, err := modelcontext.View(ctx, t.a.context)
	if err != nil {
		return nil, err
	}
	all := t.a.sent.build(t.a.system, view)
	if t.a.sent.parts == 0 || t.a.client.ModelInfo().Vision {
		return all, nil // RemoveImages would return all as it is
	}
	return RemoveImages(all), nil
}

// toolSchemas lists the workbenches' tools, then the handoff tools.
func (t *turn) toolSchemas(ctx context.Context) ([]gen.ToolSchema, error) {
	var out []gen.ToolSchema
	for _, wb := range t.a.workbenches {
		ts, err := wb.ListTools(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	for _, h := range t.a.handoffs {
		out = append(out, h.schema)
	}
	return out, nil
}

// callModel is AutoGen's _call_llm: one inference with the tools, streamed
// as chunk events of messageID when the agent streams.
func (t *turn) callModel(ctx context.Context, messageID string) (gen.CreateResult, error) {
	msgs, err := t.modelMessages(ctx)
	if err != nil {
		return gen.CreateResult{}, err
	}
	schemas, err := t.toolSchemas(ctx)
	if err != nil {
		return gen.CreateResult{}, err
	}
	return t.create(ctx, msgs, models.CreateOptions{Tools: schemas}, messageID,
		"No final model result in streaming mode.")
}

// create calls the model, streaming when the agent streams.
func (t *turn) create(ctx context.Context, msgs []gen.LLMMessage, opts models.CreateOptions, messageID, noResult string) (res gen.CreateResult, err error) {
	model := ""
	if m, ok := t.a.client.(interface{ Model() string }); ok {
		model = m.Model()
	}
	ctx, span := agentchat.StartChatSpan(ctx, model)
	defer func() {
		if err == nil {
			p, _ := res.Usage.PromptTokens.Int64()
			c, _ := res.Usage.CompletionTokens.Int64()
			span.SetUsage(p, c)
		}
		span.End(err)
	}()
	if !t.a.stream {
		return t.a.client.Create(ctx, msgs, opts)
	}
	var result *gen.CreateResult
	for ev, err := range t.a.client.CreateStream(ctx, msgs, opts) {
		if err != nil {
			return gen.CreateResult{}, err
		}
		if ev.Result != nil {
			result = ev.Result
			continue
		}
		if err := t.emit(messages.NewModelClientStreamingChunkEvent(t.a.name, ev.Text, messageID)); err != nil {
			return gen.CreateResult{}, err
		}
	}
	if result == nil {
		return gen.CreateResult{}, &agentchat.RunError{Exception: "RuntimeError", Message: noResult}
	}
	return *result, nil
}

// callResult is a tool call and its result.
type callResult struct {
	call   gen.FunctionCall
	result gen.FunctionExecutionResult
}

// process is AutoGen's _process_model_result: the tool-call loop, then a
// handoff, a reflection or a summary.
func (t *turn) process(ctx context.Context, result gen.CreateResult, messageID string) (*agentchat.Response, error) {
	a := t.a
	var executed []callResult
	for iter := 0; iter < a.maxIterations; iter++ {
		if !result.Content.IsFunctionCalls() {
			usage := result.Usage
			msg := textWithUsage(a.name, result.Content.Text, usage)
			msg.ID = messageID
			return &agentchat.Response{ChatMessage: msg, InnerMessages: t.inner}, nil
		}
		usage := result.Usage
		calls := result.Content.FunctionCalls
		if err := t.event(requestWithUsage(a.name, calls, usage)); err != nil {
			return nil, err
		}
		var err error
		executed, err = t.executeAll(ctx, calls)
		if err != nil {
			return nil, err
		}
		results := make([]gen.FunctionExecutionResult, len(executed))
		for i, e := range executed {
			results[i] = e.result
		}
		if err := a.context.AddMessage(ctx, models.NewFunctionExecutionResultMessage(results...)); err != nil {
			return nil, err
		}
		if err := t.event(messages.NewToolCallExecutionEvent(a.name, results...)); err != nil {
			return nil, err
		}
		if resp := t.handoff(result, executed); resp != nil {
			return resp, nil
		}
		if iter == a.maxIterations-1 {
			break
		}
		result, err = t.callModel(ctx, messageID)
		if err != nil {
			return nil, err
		}
		if result.Thought != nil && *result.Thought != "" {
			if err := t.event(thought(a.name, *result.Thought, messageID)); err != nil {
				return nil, err
			}
			messageID = messages.NewID()
		}
		if err := a.context.AddMessage(ctx, assistantMessage(a.name, result)); err != nil {
			return nil, err
		}
	}
	if a.reflect {
		return t.reflectOnToolUse(ctx)
	}
	return t.summarize(executed)
}

// handoff is AutoGen's _check_and_handle_handoff: the first handoff the
// model asked for wins; the other tool calls and their results go with it
// as context.
func (t *turn) handoff(result gen.CreateResult, executed []callResult) *agentchat.Response {
	a := t.a
	var selected *handoff
	for _, c := range result.Content.FunctionCalls {
		if h := a.handoffNamed(c.Name); h != nil {
			selected = h
			break
		}
	}
	if selected == nil {
		return nil
	}
	content := selected.Message
	var calls []gen.FunctionCall
	var results []gen.FunctionExecutionResult
	for _, e := range executed {
		if a.handoffNamed(e.call.Name) == nil {
			calls = append(calls, e.call)
			results = append(results, e.result)
		} else if e.call.Name == selected.Name {
			content = e.result.Content
		}
	}
	ctxMsgs := []gen.LLMMessage{}
	if len(calls) > 0 {
		am := models.NewFunctionCallMessage(a.name, calls...)
		am.Thought = result.Thought
		ctxMsgs = append(ctxMsgs, am, models.NewFunctionExecutionResultMessage(results...))
	} else if result.Thought != nil && *result.Thought != "" {
		ctxMsgs = append(ctxMsgs, models.NewAssistantText(a.name, *result.Thought))
	}
	msg := messages.NewHandoffMessage(a.name, selected.Target, content, ctxMsgs...)
	return &agentchat.Response{ChatMessage: msg, InnerMessages: t.inner}
}

func (a *AssistantAgent) handoffNamed(name string) *handoff {
	for i := range a.handoffs {
		if a.handoffs[i].Name == name {
			return &a.handoffs[i]
		}
	}
	return nil
}

// reflectOnToolUse is AutoGen's _reflect_on_tool_use_flow: one more
// inference, without tools, whose text is the answer.
func (t *turn) reflectOnToolUse(ctx context.Context) (*agentchat.Response, error) {
	a := t.a
	msgs, err := t.modelMessages(ctx)
	if err != nil {
		return nil, err
	}
	id := messages.NewID()
	result, err := t.create(ctx, msgs, models.CreateOptions{ToolChoice: "none"}, id,
		"Reflect on tool use produced no valid text response.")
	if err != nil {
		return nil, err
	}
	if result.Content.IsFunctionCalls() {
		return nil, &agentchat.RunError{Exception: "RuntimeError", Message: "Reflect on tool use produced no valid text response."}
	}
	if result.Thought != nil && *result.Thought != "" {
		if err := t.event(messages.NewThoughtEvent(a.name, *result.Thought)); err != nil {
			return nil, err
		}
	}
	if err := a.context.AddMessage(ctx, assistantMessage(a.name, result)); err != nil {
		return nil, err
	}
	usage := result.Usage
	msg := textWithUsage(a.name, result.Content.Text, usage)
	msg.ID = id
	return &agentchat.Response{ChatMessage: msg, InnerMessages: t.inner}, nil
}

// summarize is AutoGen's _summarize_tool_use: a ToolCallSummaryMessage of
// the tool calls that were not handoffs, a line each.
func (t *turn) summarize(executed []callResult) (*agentchat.Response, error) {
	a := t.a
	calls := []gen.FunctionCall{}
	results := []gen.FunctionExecutionResult{}
	var lines []string
	for _, e := range executed {
		if a.handoffNamed(e.call.Name) != nil {
			continue
		}
		calls = append(calls, e.call)
		results = append(results, e.result)
		line, err := a.summaryLine(e.call, e.result)
		if err != nil {
			return nil, err
		}
		lines = append(lines, line)
	}
	msg := messages.NewToolCallSummaryMessage(a.name, strings.Join(lines, "\n"), calls, results)
	return &agentchat.Response{ChatMessage: msg, InnerMessages: t.inner}, nil
}

// summaryLine formats one tool result with the summary format, as
// Python's str.format(tool_name=, arguments=, result=, is_error=).
func (a *AssistantAgent) summaryLine(call gen.FunctionCall, result gen.FunctionExecutionResult) (string, error) {
	if a.summaryFormatter != nil {
		return a.summaryFormatter(call, result), nil
	}
	kw := pyjson.Value{Kind: pyjson.Dict}
	kw.Set("tool_name", pyjson.StrValue(call.Name))
	kw.Set("arguments", pyjson.StrValue(call.Arguments))
	kw.Set("result", pyjson.StrValue(result.Content))
	if result.IsError == nil {
		kw.Set("is_error", pyjson.NoneValue())
	} else {
		kw.Set("is_error", pyjson.BoolValue(*result.IsError))
	}
	s, err := pyformat.Format(a.summaryFormat, &kw)
	if err != nil {
		return "", err
	}
	return s, nil
}

// executeAll runs the calls concurrently (AutoGen's asyncio.gather),
// emitting the events streaming tools yield as they come, and returns the
// results in the calls' order.
func (t *turn) executeAll(ctx context.Context, calls []gen.FunctionCall) ([]callResult, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]callResult, len(calls))
	errs := make([]error, len(calls))
	events := make(chan messages.Message)
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = t.execute(ctx, c, events)
		}()
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	var emitErr error
	for {
		select {
		case m := <-events:
			if emitErr == nil {
				if err := t.event(m); err != nil {
					emitErr = err
					cancel()
				}
			}
			continue
		case <-done:
		}
		break
	}
	if emitErr != nil {
		return nil, emitErr
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// execute is AutoGen's _execute_tool_call: arguments parsed as
// json.loads does, a handoff answered with its message, any other tool
// looked up in the workbenches in order.
func (t *turn) execute(ctx context.Context, call gen.FunctionCall, events chan<- messages.Message) (callResult, error) {
	a := t.a
	res := func(content string, isError bool) (callResult, error) {
		e := isError
		return callResult{call: call, result: gen.FunctionExecutionResult{CallID: call.ID, Name: call.Name,
			Content: content, IsError: &e}}, nil
	}
	args := []byte(call.Arguments)
	if _, err := pyjson.Parse(args); err != nil {
		return res("Error: "+pyjson.LoadsErrorText(args, err), true)
	}
	if h := a.handoffNamed(call.Name); h != nil {
		return res(h.Message, false)
	}
	for _, wb := range a.workbenches {
		schemas, err := wb.ListTools(ctx)
		if err != nil {
			return callResult{}, err
		}
		found, desc := false, ""
		for _, s := range schemas {
			if s.Name == call.Name {
				found = true
				if s.Description != nil {
					desc = *s.Description
				}
				break
			}
		}
		if !found {
			continue
		}
		tctx, span := agentchat.StartToolSpan(ctx, call.Name, desc, call.ID)
		tr, err := t.callTool(tctx, wb, call, args, events)
		span.End(err)
		if err != nil {
			return callResult{}, err
		}
		return res(workbench.ToText(tr, nil), tr.IsError)
	}
	return res("Error: tool '"+call.Name+"' not found in any workbench", true)
}

// callTool calls a tool of wb, passing a StaticStreamWorkbench's events
// to events as they come.
func (t *turn) callTool(ctx context.Context, wb workbench.Workbench, call gen.FunctionCall, args []byte, events chan<- messages.Message) (gen.ToolResult, error) {
	sw, ok := wb.(*workbench.StaticStreamWorkbench)
	if !ok {
		return wb.CallTool(ctx, call.Name, json.RawMessage(args), call.ID)
	}
	var tr gen.ToolResult
	got := false
	for item, err := range sw.CallToolStream(ctx, call.Name, json.RawMessage(args), call.ID) {
		if err != nil {
			return gen.ToolResult{}, err
		}
		switch v := item.(type) {
		case gen.ToolResult:
			tr, got = v, true
		case *gen.ToolResult:
			tr, got = *v, true
		case messages.Message:
			if messages.IsChatMessage(v) || messages.IsAgentEvent(v) {
				select {
				case events <- v:
				case <-ctx.Done():
					return gen.ToolResult{}, ctx.Err()
				}
			}
		}
	}
	if !got {
		return gen.ToolResult{}, &agentchat.RunError{Exception: "AssertionError",
			Message: "Tool result should not be None in streaming mode."}
	}
	return tr, nil
}
