// Package local is AutoGen's LocalCommandLineCodeExecutor
// (autogen_ext.code_executors.local): code blocks run as processes of this
// machine, one per block, in a working directory.
//
// It owns the Executor type, its component provider
// ("autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", which
// importing the package registers) and its config's checks.
//
// How a list of blocks runs, as AutoGen runs it:
//
//   - each block's language is lower-cased; python (also py) runs
//     "<python> <file>" with the configured interpreter or the one
//     python3 on PATH runs (its sys.executable); sh and shell run "sh <file>", bash "bash <file>", pwsh,
//     powershell and ps1 run pwsh or powershell when installed; any other
//     language appends "\nunknown language <lang>" with exit code 1 and
//     stops;
//   - the code (with " -qqq" added to pip installs, SilencePip) is written
//     to the file its "# filename:" line names, or to
//     tmp_code_<sha256>.<ext>, in the working directory; a name outside
//     it ends the call with the output "Filename is not in the workspace"
//     and exit code 1;
//   - the process runs with the working directory as its current
//     directory and this process's environment; its standard error then
//     its standard output are appended to the output; a non-zero exit
//     code stops the remaining blocks;
//   - each block has the timeout: when it passes, the block's process
//     group is killed (the block and every process it started),
//     "\nTimeout" is appended instead of what the block printed and the
//     exit code is 124; a cancelled context does the same with
//     "\nCancelled" and 125, and the call returns the context's error;
//   - with cleanup_temp_files the files written for the call are removed
//     after the blocks ran.
//
// One difference from AutoGen, on purpose: when a block ends, what it left
// running in its process group (a command started with "&") is killed, so
// that no process outlives the call (AutoGen leaves such processes
// running). A process that leaves the group (setsid) is not followed.
//
// A block whose process cannot start (no interpreter, no shell) is an
// *codeexec.Error (AutoGen raises FileNotFoundError there), never a panic.
// Creating an executor writes AutoGen's warning about running code on the
// local machine to standard error, once per process.
package local
