package docker

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/component"
)

// Provider is the executor's provider string.
const Provider = "autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor"

// NotRunningText is AutoGen's text for a container that was not started.
const NotRunningText = "Container is not running. Must first be started with either start or a context manager."

var spec = component.Spec{
	Provider:      Provider,
	ComponentType: codeexec.ComponentType,
	Description:   "Executes code through a command line environment in a Docker container.",
}

func init() {
	component.Register(Provider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		var c gen.DockerCommandLineCodeExecutorConfig
		if err := c.UnmarshalJSON(raw); err != nil {
			return nil, err
		}
		return FromConfig(&c)
	}, "autogen_ext.code_executors.docker._docker_code_executor.DockerCommandLineCodeExecutor")
}

// Executor is a DockerCommandLineCodeExecutor as _from_config builds it:
// its config, never started. It implements codeexec.Executor and
// component.Component and is safe for concurrent use (it holds no
// mutable state).
type Executor struct {
	cfg gen.DockerCommandLineCodeExecutorConfig
}

var (
	_ codeexec.Executor   = (*Executor)(nil)
	_ component.Component = (*Executor)(nil)
)

// FromConfig builds the executor as _from_config and __init__ do: a
// timeout under 1 and a functions_module that is not an identifier are
// refused (faults at "/config/timeout", "/config/functions_module"), the
// work_dir is created (with its parents), a missing container_name
// becomes "autogen-code-exec-<uuid4>", and bind_dir defaults to work_dir.
// An empty work_dir or bind_dir counts as none, as AutoGen's truth test.
func FromConfig(c *gen.DockerCommandLineCodeExecutorConfig) (*Executor, error) {
	cfg := *c
	if _, err := codeexec.CheckTimeout(cfg.Timeout); err != nil {
		return nil, err
	}
	cfg.WorkDir = pathOrNil(cfg.WorkDir)
	cfg.BindDir = pathOrNil(cfg.BindDir)
	if cfg.WorkDir != nil {
		if err := os.MkdirAll(*cfg.WorkDir, 0o777); err != nil {
			return nil, &codeexec.Error{Exception: "OSError", Message: err.Error(), Err: err}
		}
	}
	if cfg.ContainerName == nil {
		name := "autogen-code-exec-" + wire.NewUUID4()
		cfg.ContainerName = &name
	}
	if cfg.BindDir == nil {
		cfg.BindDir = cfg.WorkDir
	}
	if err := codeexec.CheckFunctionsModule(cfg.FunctionsModule); err != nil {
		return nil, err
	}
	return &Executor{cfg: cfg}, nil
}

// pathOrNil is Path(p) if p else None: nil for nil or "", else p as
// Python's str(Path(p)) writes it.
func pathOrNil(p *string) *string {
	if p == nil || *p == "" {
		return nil
	}
	s := PyPath(*p)
	return &s
}

// PyPath is str(pathlib.PurePosixPath(p)): repeated and trailing
// slashes and "." segments removed ("" and "." are "."), ".." kept, a
// leading "//" kept.
func PyPath(p string) string {
	root := ""
	switch {
	case strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///"):
		root = "//"
	case strings.HasPrefix(p, "/"):
		root = "/"
	}
	var parts []string
	for _, s := range strings.Split(p, "/") {
		if s != "" && s != "." {
			parts = append(parts, s)
		}
	}
	out := root + strings.Join(parts, "/")
	if out == "" {
		return "."
	}
	return out
}

// Config returns the executor's config (with the constructor's
// defaults).
func (e *Executor) Config() gen.DockerCommandLineCodeExecutorConfig { return e.cfg }

// ComponentModel returns the config dump_component() writes.
func (e *Executor) ComponentModel() (gen.ComponentModel, error) {
	cfg := e.cfg
	return spec.Model(&cfg)
}

// ErrNotRunning is AutoGen's ValueError for a container that was not
// started, as ExecuteCodeBlocks and Restart return it.
var ErrNotRunning = &codeexec.Error{Exception: "ValueError", Message: NotRunningText}

// ErrNoDocker is Start's error: this module does not run containers.
var ErrNoDocker = errors.New("docker: running code in Docker containers is not implemented by this module")

// ExecuteCodeBlocks fails as AutoGen's does for an executor that was not
// started: ErrNotRunning, whatever the blocks.
func (e *Executor) ExecuteCodeBlocks(context.Context, []gen.CodeBlock) (*codeexec.Result, error) {
	return nil, ErrNotRunning
}

// Restart fails as AutoGen's does for a container that is not running.
func (e *Executor) Restart(context.Context) error { return ErrNotRunning }

// Start returns ErrNoDocker.
func (e *Executor) Start(context.Context) error { return ErrNoDocker }

// Close does nothing: no container was started.
func (e *Executor) Close(context.Context) error { return nil }
