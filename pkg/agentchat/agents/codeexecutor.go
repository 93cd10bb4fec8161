package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/internal/pystr"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
)

// CodeExecutorAgent's texts (agents/_code_executor_agent.py).
const (
	// CodeTerminalDescription is DEFAULT_TERMINAL_DESCRIPTION, the
	// description of an agent without a model client.
	CodeTerminalDescription = "A computer terminal that performs no other action than running Python scripts (provided to it quoted in ```python code blocks), or sh shell scripts (provided to it quoted in ```sh code blocks)."
	// CodeAgentDescription is DEFAULT_AGENT_DESCRIPTION, the description
	// of an agent with a model client.
	CodeAgentDescription = "A Code Execution Agent that generates and executes Python and shell scripts based on user instructions. It ensures correctness, efficiency, and minimal errors while gracefully handling edge cases."
	// CodeSystemMessage is DEFAULT_SYSTEM_MESSAGE.
	CodeSystemMessage = "You are a Code Execution Agent. Your role is to generate and execute Python code and shell scripts based on user instructions, ensuring correctness, efficiency, and minimal errors. Handle edge cases gracefully. Python code should be provided in ```python code blocks, and sh shell scripts should be provided in ```sh code blocks for execution."
	// NoCodeBlocksFound is NO_CODE_BLOCKS_FOUND_MESSAGE.
	NoCodeBlocksFound = "No code blocks found in the thread. Please provide at least one markdown-encoded code block to execute (i.e., quoting code in ```python or ```sh code blocks)."
)

// ApprovalRequest is AutoGen's ApprovalRequest: the code about to run (the
// blocks as "```lang\ncode\n```", joined by blank lines) and the agent's
// model context at that moment.
type ApprovalRequest struct {
	Code    string
	Context []gen.LLMMessage
}

// ApprovalResponse is AutoGen's ApprovalResponse.
type ApprovalResponse struct {
	Approved bool
	Reason   string
}

// ApprovalFunc is AutoGen's approval_func: called before each code run of
// a CodeExecutorAgent, it approves or denies it with a reason. A denial
// is the result "Code execution was not approved. Reason: <reason>" with
// exit code 1, and the code does not run. An error ends the agent's call
// with it. Cancelling ctx must end the call.
type ApprovalFunc func(ctx context.Context, req ApprovalRequest) (ApprovalResponse, error)

type approvalKey struct{}

// WithApprovalFunc returns a context whose CodeExecutorAgents, when
// loaded from a config with it, ask fn before running code (a config
// cannot hold a function: AutoGen loads them with approval_func None).
func WithApprovalFunc(ctx context.Context, fn ApprovalFunc) context.Context {
	return context.WithValue(ctx, approvalKey{}, fn)
}

// RetryDecision is the structured answer CodeExecutorAgent asks the model
// for after a failed run when it may retry.
type RetryDecision struct {
	Reason string `json:"reason"`
	Retry  bool   `json:"retry"`
}

// CodeExecutorOptions are CodeExecutorAgent's optional arguments.
type CodeExecutorOptions struct {
	// ModelClient makes the agent write code itself (generate, run,
	// reflect); nil runs the code blocks of the incoming messages.
	ModelClient models.ChatCompletionClient
	// ModelContext holds the conversation; nil is an unbounded context.
	ModelContext modelcontext.ChatCompletionContext
	// ModelClientStream streams the model's answers as
	// ModelClientStreamingChunkEvents.
	ModelClientStream bool
	// MaxRetriesOnError lets the model retry failed code up to this many
	// times; it needs a model client with structured output.
	MaxRetriesOnError int
	// Description; nil is CodeTerminalDescription without a model client,
	// CodeAgentDescription with one.
	Description *string
	// SystemMessage; nil is CodeSystemMessage unless NoSystemMessage.
	SystemMessage   *string
	NoSystemMessage bool
	// Sources limits the messages searched for code to those of these
	// agents; nil searches all.
	Sources []string
	// SupportedLanguages are the fence languages extracted; nil is
	// codeexec.DefaultLanguages (python, sh).
	SupportedLanguages []string
	// Approval is asked before each code run; nil runs without asking.
	Approval ApprovalFunc
}

// CodeExecutorAgent is AutoGen's CodeExecutorAgent: it runs the code
// blocks of the messages it gets, or, with a model client, has the model
// write code, runs it and has the model reflect on the result.
type CodeExecutorAgent struct {
	name, description string
	executor          codeexec.Executor
	client            models.ChatCompletionClient
	context           modelcontext.ChatCompletionContext
	stream            bool
	maxRetries        int
	system            []gen.LLMMessage
	sources           []string
	languages         []string
	extractor         *codeexec.Extractor
	approval          ApprovalFunc

	mu      sync.Mutex
	running bool
}

var _ agentchat.ChatAgent = (*CodeExecutorAgent)(nil)

// NewCodeExecutorAgent returns a CodeExecutorAgent running code with
// executor. MaxRetriesOnError above 0 without a model client, or with one
// whose model has no structured output, is refused with AutoGen's
// ValueError.
func NewCodeExecutorAgent(name string, executor codeexec.Executor, opts CodeExecutorOptions) (*CodeExecutorAgent, error) {
	if executor == nil {
		return nil, errors.New("agents: a CodeExecutorAgent needs a code executor")
	}
	a := &CodeExecutorAgent{name: name, executor: executor, client: opts.ModelClient, context: opts.ModelContext,
		stream: opts.ModelClientStream, maxRetries: opts.MaxRetriesOnError, sources: opts.Sources,
		languages: opts.SupportedLanguages, approval: opts.Approval}
	switch {
	case opts.Description != nil:
		a.description = *opts.Description
	case opts.ModelClient == nil:
		a.description = CodeTerminalDescription
	default:
		a.description = CodeAgentDescription
	}
	if a.languages == nil {
		a.languages = slices.Clone(codeexec.DefaultLanguages)
	}
	a.extractor = codeexec.NewExtractor(a.languages)
	if a.context == nil {
		ctx, err := modelcontext.NewUnbounded()
		if err != nil {
			return nil, err
		}
		a.context = ctx
	}
	if !opts.NoSystemMessage {
		sys := CodeSystemMessage
		if opts.SystemMessage != nil {
			sys = *opts.SystemMessage
		}
		a.system = []gen.LLMMessage{models.NewSystemMessage(sys)}
	}
	if a.maxRetries > 0 {
		if a.client == nil {
			return nil, valueError("model_client.model_info must be provided when max_retries_on_error > 0")
		}
		if !a.client.ModelInfo().StructuredOutput {
			return nil, valueError("Specified model_client doesn't support structured output mode.")
		}
	}
	return a, nil
}

// CodeExecutorFromConfig builds a CodeExecutorAgent from its config as
// AutoGen's _from_config does: the code executor, the model client and
// the model context loaded with the component registry of ctx, no
// retries (the config has no max_retries_on_error), and the approval
// function of ctx (WithApprovalFunc), which AutoGen cannot load (None).
// A component that cannot be loaded is a *agentchat.ConfigError with its
// pointer.
func CodeExecutorFromConfig(ctx context.Context, c *gen.CodeExecutorAgentConfig) (*CodeExecutorAgent, error) {
	var client models.ChatCompletionClient
	if c.ModelClient != nil {
		var err error
		if client, err = loadAt[models.ChatCompletionClient](ctx, c.ModelClient, "/config/model_client"); err != nil {
			return nil, err
		}
	}
	closeOnErr := func(err error) (*CodeExecutorAgent, error) {
		if client != nil {
			_ = client.Close()
		}
		return nil, err
	}
	executor, err := loadAt[codeexec.Executor](ctx, &c.CodeExecutor, "/config/code_executor")
	if err != nil {
		return closeOnErr(err)
	}
	opts := CodeExecutorOptions{ModelClient: client, ModelClientStream: c.ModelClientStream, Description: c.Description,
		SystemMessage: c.SystemMessage, NoSystemMessage: c.SystemMessage == nil, Sources: c.Sources,
		SupportedLanguages: c.SupportedLanguages}
	opts.Approval, _ = ctx.Value(approvalKey{}).(ApprovalFunc)
	if c.ModelContext != nil {
		mc, err := loadAt[modelcontext.ChatCompletionContext](ctx, c.ModelContext, "/config/model_context")
		if err != nil {
			_ = executor.Close(ctx)
			return closeOnErr(err)
		}
		opts.ModelContext = mc
	}
	a, err := NewCodeExecutorAgent(c.Name, executor, opts)
	if err != nil {
		_ = executor.Close(ctx)
		return closeOnErr(agentchat.AtPointer("/config", err))
	}
	return a, nil
}

// Name returns the agent's name.
func (a *CodeExecutorAgent) Name() string { return a.name }

// Description returns the agent's description.
func (a *CodeExecutorAgent) Description() string { return a.description }

// ModelContext returns the agent's model context.
func (a *CodeExecutorAgent) ModelContext() modelcontext.ChatCompletionContext { return a.context }

// ProducedMessageTypes returns the tags of the chat messages the agent
// answers with.
func (a *CodeExecutorAgent) ProducedMessageTypes() []string { return []string{"TextMessage"} }

// Run runs a task with the agent.
func (a *CodeExecutorAgent) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.RunAgent(ctx, a, task)
}

// RunStream runs a task with the agent and streams it.
func (a *CodeExecutorAgent) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	return agentchat.RunAgentStream(ctx, a, task)
}

// Reset does nothing, as AutoGen's on_reset: the model context is kept.
func (a *CodeExecutorAgent) Reset(context.Context) error { return nil }

// SaveState returns AutoGen's BaseState: the model context is not saved
// (AutoGen's CodeExecutorAgent does not save it either).
func (a *CodeExecutorAgent) SaveState(context.Context) (json.RawMessage, error) {
	return json.RawMessage(`{"type":"BaseState","version":"1.0.0"}`), nil
}

// LoadState checks that state is a JSON object; nothing is restored.
func (a *CodeExecutorAgent) LoadState(_ context.Context, state json.RawMessage) error {
	var m map[string]json.RawMessage
	return json.Unmarshal(state, &m)
}

// Close closes the code executor and the model client.
func (a *CodeExecutorAgent) Close(ctx context.Context) error {
	errs := []error{a.executor.Close(ctx)}
	if a.client != nil {
		errs = append(errs, a.client.Close())
	}
	return errors.Join(errs...)
}

// ExtractCodeBlocks returns the code blocks of the TextMessages of msgs
// (of Sources only, when set), in order (extract_code_blocks_from_messages).
func (a *CodeExecutorAgent) ExtractCodeBlocks(msgs []messages.Message) []gen.CodeBlock {
	var blocks []gen.CodeBlock
	for _, m := range msgs {
		tm, ok := m.(*gen.TextMessage)
		if !ok || (a.sources != nil && !slices.Contains(a.sources, tm.Source)) {
			continue
		}
		blocks = append(blocks, a.extractor.Extract(tm.Content)...)
	}
	return blocks
}

// ExecuteCodeBlocks asks for approval, runs the blocks and rewrites the
// output as AutoGen's execute_code_block: an empty output says the script
// printed nothing, a failure gives the exit code and the output.
func (a *CodeExecutorAgent) ExecuteCodeBlocks(ctx context.Context, blocks []gen.CodeBlock) (*codeexec.Result, error) {
	if a.approval != nil {
		parts := make([]string, len(blocks))
		for i, b := range blocks {
			parts[i] = "```" + b.Language + "\n" + b.Code + "\n```"
		}
		view, err := a.context.GetMessages(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := a.approval(ctx, ApprovalRequest{Code: strings.Join(parts, "\n\n"), Context: view})
		if err != nil {
			return nil, err
		}
		if !resp.Approved {
			return &codeexec.Result{ExitCode: 1, Output: "Code execution was not approved. Reason: " + resp.Reason}, nil
		}
	}
	r, err := a.executor.ExecuteCodeBlocks(ctx, blocks)
	if err != nil {
		return nil, executorError(err)
	}
	switch {
	case strings.TrimFunc(r.Output, pystr.IsSpaceRune) == "":
		r.Output = fmt.Sprintf("The script ran but produced no output to console. The POSIX exit code was: %d. If you were expecting output, consider revising the script to ensure content is printed to stdout.", r.ExitCode)
	case r.ExitCode != 0:
		r.Output = fmt.Sprintf("The script ran, then exited with an error (POSIX exit code: %d)\nIts output was:\n%s", r.ExitCode, r.Output)
	}
	return r, nil
}

// executorError is an executor's exception as a run's.
func executorError(err error) error {
	var ce *codeexec.Error
	if errors.As(err, &ce) {
		return &agentchat.RunError{Exception: ce.Exception, Message: ce.Message, Err: err}
	}
	return err
}

// OnMessagesStream is AutoGen's on_messages_stream: without a model
// client, the code blocks of the messages run and the output is the
// answer; with one, the model writes code, it runs (retrying up to
// MaxRetriesOnError) and the model's reflection is the answer.
func (a *CodeExecutorAgent) OnMessagesStream(ctx context.Context, msgs []messages.Message, emit agentchat.Emit) (*agentchat.Response, error) {
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
	if a.client == nil {
		blocks := a.ExtractCodeBlocks(msgs)
		if len(blocks) == 0 {
			return &agentchat.Response{ChatMessage: messages.NewTextMessage(a.name, NoCodeBlocksFound)}, nil
		}
		r, err := a.ExecuteCodeBlocks(ctx, blocks)
		if err != nil {
			return nil, err
		}
		return &agentchat.Response{ChatMessage: messages.NewTextMessage(a.name, r.Output)}, nil
	}
	t := &codeTurn{a: a, emit: emit}
	return t.run(ctx, msgs)
}
