package tools

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// FunctionToolProvider is the provider string of AutoGen's FunctionTool.
const FunctionToolProvider = "autogen_core.tools.FunctionTool"

// functionToolSpec is FunctionTool's class as dump_component reads it.
var functionToolSpec = component.Spec{
	Provider:      FunctionToolProvider,
	ComponentType: "tool",
	Description:   "Create custom tools by wrapping standard Python functions.",
	Label:         "FunctionTool",
}

func init() {
	component.Register(FunctionToolProvider, loadFunctionTool, "autogen_core.tools._function_tool.FunctionTool")
}

// A FunctionTool's component config names a function, which Python loads
// by executing its source. Go cannot load source code, so a Go program
// registers its functions by name and a config refers to one of them.

// functionFactory builds a FunctionTool of a registered function.
type functionFactory func(name, description string) (Tool, error)

var functions = struct {
	sync.RWMutex
	m map[string]functionFactory
}{m: map[string]functionFactory{}}

// RegisterFunction registers fn under name, so a FunctionTool component
// config whose function is name (its source_code reads "def name(...") can
// be loaded (component.Load): the tool runs fn, with the config's name and
// description, and opts. Call it from an init function. Like sql.Register,
// it panics when name is empty or already registered, when fn is nil, or
// when In cannot be an argument model.
func RegisterFunction[In, Out any](name string, fn func(context.Context, In) (Out, error), opts ...Option) {
	if name == "" {
		panic("tools: RegisterFunction with an empty name")
	}
	if fn == nil {
		panic("tools: RegisterFunction " + name + " with a nil function")
	}
	opts = append(slices.Clone(opts), FunctionName(name))
	if _, err := NewFunctionTool(name, "", fn, opts...); err != nil {
		panic(fmt.Sprintf("tools: RegisterFunction %s: %v", name, err))
	}
	functions.Lock()
	defer functions.Unlock()
	if _, dup := functions.m[name]; dup {
		panic("tools: RegisterFunction called twice for " + name)
	}
	functions.m[name] = func(toolName, description string) (Tool, error) {
		return NewFunctionTool(toolName, description, fn, opts...)
	}
}

// RegisteredFunctions returns the names of the registered functions,
// sorted.
func RegisteredFunctions() []string {
	functions.RLock()
	defer functions.RUnlock()
	out := make([]string, 0, len(functions.m))
	for k := range functions.m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// UnregisteredFunctionError reports a FunctionTool config whose function is
// not registered with RegisterFunction.
type UnregisteredFunctionError struct {
	// Function is the function name the config's source code defines.
	Function string
}

// Error names the function.
func (e *UnregisteredFunctionError) Error() string {
	return fmt.Sprintf("tools: function %q is not registered (see tools.RegisterFunction)", e.Function)
}

// SourceError is AutoGen's ValueError for a FunctionTool config whose
// source code defines no function. Msg is AutoGen's message.
type SourceError struct {
	Msg string
}

// Error returns AutoGen's message.
func (e *SourceError) Error() string { return e.Msg }

// functionNameOf finds the function name in source code as AutoGen's
// FunctionTool._from_config does: the text between the first "def " and
// the next "(".
func functionNameOf(source string) (string, error) {
	_, after, ok := strings.Cut(source, "def ")
	if !ok {
		// Python: source_code.split("def ")[1] raises IndexError.
		return "", &SourceError{Msg: "Could not compile and load function: list index out of range"}
	}
	name, _, _ := strings.Cut(after, "(")
	return name, nil
}

// loadFunctionTool is the Loader of FunctionTool configs. Unlike AutoGen,
// which builds the tool with the function's own name and an empty
// description, the tool gets the config's name and description: a Go
// function has no docstring to fall back on.
func loadFunctionTool(ctx context.Context, config gen.RawJSON) (any, error) {
	var cfg gen.FunctionToolConfig
	if err := cfg.UnmarshalJSON(config); err != nil {
		return nil, err
	}
	name, err := functionNameOf(cfg.SourceCode)
	if err != nil {
		return nil, err
	}
	functions.RLock()
	f, ok := functions.m[name]
	functions.RUnlock()
	if !ok {
		return nil, &UnregisteredFunctionError{Function: name}
	}
	t, err := f(cfg.Name, cfg.Description)
	if err == nil && t != nil {
		warnSignature(ctx, t, cfg.SourceCode, name)
	}
	return t, err
}

// ComponentModel returns the tool's component config, as AutoGen's
// dump_component() writes a FunctionTool's. Its source_code is a Python
// stub of the function (see PythonSource); loading the config in Go needs
// the function registered under the name the stub defines.
func (t *FunctionTool[In, Out]) ComponentModel() (gen.ComponentModel, error) {
	src, imports := pythonSource(t.spec.funcName, t.spec.node, reflect.TypeFor[Out]())
	cfg := gen.FunctionToolConfig{
		SourceCode:             src,
		Name:                   t.spec.name,
		Description:            t.spec.description,
		GlobalImports:          imports,
		HasCancellationSupport: false,
	}
	return functionToolSpec.Model(&cfg)
}

// PythonSource returns the source_code and global_imports the tool's
// component config holds: a Python function with the tool's function name
// and its parameters, annotated so that AutoGen infers the same schema
// (structs become Dict[str, Any], which Python has no class for), whose
// body raises NotImplementedError. Python can load such a config and list
// the tool; only a Go program can run it.
func (t *FunctionTool[In, Out]) PythonSource() (string, []gen.FunctionToolConfigGlobalImportsItem) {
	return pythonSource(t.spec.funcName, t.spec.node, reflect.TypeFor[Out]())
}
