package codeexec

import (
	"context"
	"math"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// ComponentType is the component_type of every code executor.
const ComponentType = "code_executor"

// Executor is AutoGen's CodeExecutor: it runs code blocks and returns
// their result. Implementations must be safe for concurrent use.
type Executor interface {
	// ExecuteCodeBlocks runs the blocks in order and returns their
	// combined result. A block that fails is a Result with a non-zero
	// exit code; an error is what AutoGen raises (an *Error, such as a
	// Docker executor that was never started) or ctx's error when ctx is
	// done before the blocks finish (the Result then holds what ran, with
	// AutoGen's "\nCancelled" and exit code 125).
	ExecuteCodeBlocks(ctx context.Context, blocks []gen.CodeBlock) (*Result, error)
	// Restart is AutoGen's restart(), called when an agent is reset.
	Restart(ctx context.Context) error
	// Close releases what the executor holds (AutoGen's stop()): a
	// temporary working directory, a container.
	Close(ctx context.Context) error
}

// Result is AutoGen's CommandLineCodeResult: the exit code of the last
// block run, the output of every block run (each block's standard error
// then its standard output), and the file of the first block.
type Result struct {
	// ExitCode is the last block's exit code: 124 for a timeout, 125 for a
	// cancellation, 1 for an unknown language or a file outside the
	// workspace, minus the signal number for a process a signal killed.
	ExitCode int
	// Output is what the blocks printed.
	Output string
	// CodeFile is the path of the first block's file ("" when none was
	// written). It is not part of a CodeExecutionEvent's dump.
	CodeFile string
}

// CodeResult returns r as AutoGen's CodeResult (exit_code and output),
// the form a CodeExecutionEvent carries.
func (r *Result) CodeResult() gen.CodeResult {
	return gen.CodeResult{ExitCode: gen.IntOf(int64(r.ExitCode)), Output: r.Output}
}

// Error is an exception a code executor raises, as AutoGen raises it:
// Exception is the Python class name ("ValueError") and Message its text.
type Error struct {
	Exception string
	Message   string
	// Err is the Go error behind it, if any.
	Err error
}

func (e *Error) Error() string { return e.Exception + ": " + e.Message }

// Unwrap returns the Go error behind the exception.
func (e *Error) Unwrap() error { return e.Err }

// The texts of the executors' constructor refusals (ValueError), shared by
// the local and Docker executors.
const (
	TimeoutText         = "Timeout must be greater than or equal to 1."
	FunctionsModuleText = "Module name must be a valid Python identifier"
)

// CheckTimeout is the constructors' check of timeout (in seconds, as a
// config holds it): a value below 1 is a fault at "/config/timeout" with
// AutoGen's text. It returns the timeout as a duration (saturated).
func CheckTimeout(timeout gen.Int) (time.Duration, error) {
	if timeout.Sign() < 1 {
		return 0, refusal("/config/timeout", TimeoutText)
	}
	n, ok := timeout.Int64()
	if !ok || n > int64(math.MaxInt64/time.Second) {
		return time.Duration(math.MaxInt64), nil
	}
	return time.Duration(n) * time.Second, nil
}

// CheckFunctionsModule is the constructors' check of functions_module:
// a name that is not a Python identifier is a fault at
// "/config/functions_module" with AutoGen's text.
func CheckFunctionsModule(name string) error {
	if !component.IsIdentifier(name) {
		return refusal("/config/functions_module", FunctionsModuleText)
	}
	return nil
}

// refusal is a constructor's ValueError as a fault at ptr, a pointer in
// the component (its envelope).
func refusal(ptr, msg string) error {
	return agentschema.Faults{{Pointer: ptr, Keyword: "value_error", Type: "value_error", Message: "ValueError: " + msg,
		Err: &Error{Exception: "ValueError", Message: msg}}}
}
