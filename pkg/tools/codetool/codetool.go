package codetool

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
)

// Provider is the tool's provider string.
const Provider = "autogen_ext.tools.code_execution.PythonCodeExecutionTool"

// The tool's name and description.
const (
	Name        = "CodeExecutor"
	Description = "Execute Python code blocks."
)

var spec = component.Spec{
	Provider:      Provider,
	ComponentType: "tool",
	Description:   "A tool that executes Python code in a code executor and returns output.",
}

func init() {
	component.Register(Provider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		var c gen.PythonCodeExecutionToolConfig
		if err := c.UnmarshalJSON(raw); err != nil {
			return nil, err
		}
		return FromConfig(ctx, &c)
	}, "autogen_ext.tools.code_execution._code_execution.PythonCodeExecutionTool")
}

// CodeExecutionInput is the tool's argument model.
type CodeExecutionInput struct {
	Code string `json:"code" description:"The contents of the Python code block that should be executed"`
}

// Tool is AutoGen's PythonCodeExecutionTool. It implements tools.Tool
// and component.Component, and is safe for concurrent use when its
// executor is.
type Tool struct {
	executor codeexec.Executor
	base     *tools.BaseToolWithState[CodeExecutionInput, string, struct{}]
}

var (
	_ tools.Tool          = (*Tool)(nil)
	_ component.Component = (*Tool)(nil)
)

// New returns the tool running code with executor.
func New(executor codeexec.Executor) (*Tool, error) {
	if executor == nil {
		return nil, errors.New("codetool: a PythonCodeExecutionTool needs a code executor")
	}
	t := &Tool{executor: executor}
	base, err := tools.NewBaseToolWithState(Name, Description, struct{}{},
		func(ctx context.Context, in CodeExecutionInput, _ *struct{}) (string, error) {
			return t.Run(ctx, in.Code)
		})
	if err != nil {
		return nil, err
	}
	t.base = base
	return t, nil
}

// FromConfig builds the tool from its config as _from_config does: the
// executor is loaded with the component registry of ctx; the description
// is not used.
func FromConfig(ctx context.Context, c *gen.PythonCodeExecutionToolConfig) (*Tool, error) {
	executor, err := component.LoadModelAs[codeexec.Executor](ctx, &c.Executor)
	if err != nil {
		return nil, &ExecutorError{Err: err}
	}
	return New(executor)
}

// ExecutorError is a config whose executor cannot be loaded; its pointer
// in the tool's component is "/config/executor".
type ExecutorError struct{ Err error }

func (e *ExecutorError) Error() string { return "/config/executor: " + e.Err.Error() }

// Unwrap returns the executor's loading error.
func (e *ExecutorError) Unwrap() error { return e.Err }

// Executor returns the tool's code executor.
func (t *Tool) Executor() codeexec.Executor { return t.executor }

// Run runs code as one python block and returns its output. An
// exception of the executor is an *ExecutionError.
func (t *Tool) Run(ctx context.Context, code string) (string, error) {
	r, err := t.executor.ExecuteCodeBlocks(ctx, []gen.CodeBlock{{Code: code, Language: "python"}})
	if err != nil {
		var ce *codeexec.Error
		if errors.As(err, &ce) {
			return "", &ExecutionError{Err: ce}
		}
		return "", err
	}
	return r.Output, nil
}

// ExecutionError is an exception the executor raised; its text is the
// exception's message, as Python's str(e) that AutoGen reports.
type ExecutionError struct{ Err *codeexec.Error }

func (e *ExecutionError) Error() string { return e.Err.Message }

// Unwrap returns the executor's exception.
func (e *ExecutionError) Unwrap() error { return e.Err }

// Name returns "CodeExecutor".
func (t *Tool) Name() string { return Name }

// Description returns "Execute Python code blocks.".
func (t *Tool) Description() string { return Description }

// Schema returns AutoGen's schema of the tool.
func (t *Tool) Schema() gen.ToolSchema { return t.base.Schema() }

// RunJSON validates the arguments ({"code": "..."}) and runs the code;
// the value is the output, a string.
func (t *Tool) RunJSON(ctx context.Context, args json.RawMessage, callID string) (any, error) {
	return t.base.RunJSON(ctx, args, callID)
}

// ReturnValueAsString returns the output as it is.
func (t *Tool) ReturnValueAsString(value any) string {
	if s, ok := value.(string); ok {
		return s
	}
	return tools.ReturnValueAsString(value)
}

// SaveState returns {}: the tool has no state.
func (t *Tool) SaveState(context.Context) (json.RawMessage, error) { return json.RawMessage(`{}`), nil }

// LoadState does nothing: the tool has no state.
func (t *Tool) LoadState(context.Context, json.RawMessage) error { return nil }

// ComponentModel returns the tool's config as dump_component() writes it:
// the executor's dump and the default description.
func (t *Tool) ComponentModel() (gen.ComponentModel, error) {
	c, ok := t.executor.(component.Component)
	if !ok {
		return gen.ComponentModel{}, errors.New("codetool: the executor cannot be dumped (it is not a component.Component)")
	}
	m, err := c.ComponentModel()
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return spec.Model(&gen.PythonCodeExecutionToolConfig{Executor: m, Description: Description})
}
