// Package docker is the config side of AutoGen's
// DockerCommandLineCodeExecutor (autogen_ext.code_executors.docker): its
// component provider (registered when the package is imported), its
// constructor's checks and defaults, and its dump_component(), as AutoGen
// writes them.
//
// This package does not run containers: an Executor is never started, so
// executing code with it fails as a loaded, never-started executor fails in
// AutoGen ("ValueError: Container is not running. Must first be started
// with either start or a context manager."), and Start says that running
// containers is not implemented.
package docker
