// Package codeexec is AutoGen's autogen_core.code_executor in Go: the
// contract of a code executor and the helpers every executor and agent
// that runs code shares.
//
// It owns:
//
//   - the Executor interface (AutoGen's CodeExecutor: execute code blocks
//     with a context.Context, restart, close), which
//     pkg/codeexec/local (LocalCommandLineCodeExecutor) and
//     pkg/codeexec/docker (DockerCommandLineCodeExecutor) implement;
//   - Result (AutoGen's CommandLineCodeResult) and Error (an exception an
//     executor raises, with AutoGen's class name and text);
//   - the helpers of autogen_ext.code_executors._common and of
//     CodeExecutorAgent: ExtractMarkdownCodeBlocks (the agent's regex),
//     FileNameFromContent (the "# filename:" directive), TempFileName
//     (tmp_code_<sha256>.<ext>), SilencePip, and CheckFunctionsModule and
//     CheckTimeout (the constructors' refusals).
//
// Code blocks are gen.CodeBlock values ({code, language}), the type AutoGen's
// CodeGenerationEvent carries.
package codeexec
