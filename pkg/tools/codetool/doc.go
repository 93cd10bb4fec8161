// Package codetool is AutoGen's PythonCodeExecutionTool
// (autogen_ext.tools.code_execution): a tool named "CodeExecutor" that runs
// its "code" argument as one python block with a code executor
// (pkg/codeexec) and returns what it printed.
//
// It owns the Tool type and its component provider
// ("autogen_ext.tools.code_execution.PythonCodeExecutionTool", registered
// when the package is imported). As AutoGen's:
//
//   - the result is the executor's raw output (no exit code, "" when
//     nothing was printed, "\nTimeout" on a timeout) and is never an
//     error, even for a traceback or a non-zero exit code;
//   - an exception of the executor (a Docker executor that was never
//     started) is the tool's error, whose text is the exception's message,
//     so an agent reports it as an is_error result;
//   - the config's description is not applied: the tool's description is
//     always "Execute Python code blocks.".
package codetool
