package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/component"
)

// Provider is the executor's provider string.
const Provider = "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor"

// Warning is the text of AutoGen's UserWarning on creating an executor.
const Warning = "Using LocalCommandLineCodeExecutor may execute code on the local machine which can be unsafe. " +
	"For security, it is recommended to use DockerCommandLineCodeExecutor instead. " +
	"To install Docker, visit: https://docs.docker.com/get-docker/"

// DefaultTimeout is the timeout of a block when Options.Timeout is zero.
const DefaultTimeout = 60 * time.Second

var spec = component.Spec{
	Provider:      Provider,
	ComponentType: codeexec.ComponentType,
	Description:   "A code executor class that executes code through a local command line\n    environment.",
}

func init() {
	component.Register(Provider, func(_ context.Context, raw gen.RawJSON) (any, error) {
		var c gen.LocalCommandLineCodeExecutorConfig
		if err := c.UnmarshalJSON(raw); err != nil {
			return nil, err
		}
		return FromConfig(&c)
	})
}

// supported are the executor's SUPPORTED_LANGUAGES.
var supported = map[string]bool{"bash": true, "shell": true, "sh": true, "pwsh": true, "powershell": true, "ps1": true, "python": true}

// Options are the executor's constructor arguments.
type Options struct {
	// Timeout bounds each block; zero is DefaultTimeout, and less than a
	// second is refused with AutoGen's text. It is dumped in whole
	// seconds.
	Timeout time.Duration
	// WorkDir is where code files are written and run; it is created if
	// it does not exist (its parent must). Empty is a temporary directory
	// made on first use and removed by Close.
	WorkDir string
	// FunctionsModule is the functions module name ("functions" when
	// empty); it must be a Python identifier. This executor has no
	// functions to put in it.
	FunctionsModule string
	// KeepTempFiles keeps the files written for the blocks (AutoGen's
	// cleanup_temp_files=False).
	KeepTempFiles bool
	// Python is the interpreter that runs python blocks; empty is the
	// interpreter python3 on PATH runs (its sys.executable, asked once).
	Python string
	// Warnings receives AutoGen's warning about running code on this
	// machine, once per process; nil is standard error.
	Warnings io.Writer
}

// Executor is AutoGen's LocalCommandLineCodeExecutor. It is safe for
// concurrent use; blocks of concurrent calls run concurrently.
type Executor struct {
	timeout     time.Duration
	workDir     string // "" until the temporary directory is made
	tempDir     bool   // workDir is a temporary directory this executor made
	module      string
	cleanup     bool
	python      string
	mu          sync.Mutex // guards workDir when it is a temporary directory
	timeoutSecs gen.Int
}

var (
	_ codeexec.Executor   = (*Executor)(nil)
	_ component.Component = (*Executor)(nil)
)

var warnOnce sync.Once

// New returns an executor; it refuses what AutoGen's constructor refuses
// (a timeout under a second, a functions module that is not an
// identifier), and creates WorkDir.
func New(o Options) (*Executor, error) {
	warn(o.Warnings)
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	secs := gen.IntOf(int64(o.Timeout / time.Second))
	if _, err := codeexec.CheckTimeout(secs); err != nil {
		return nil, err
	}
	if o.FunctionsModule == "" {
		o.FunctionsModule = "functions"
	}
	return build(o, secs)
}

func warn(w io.Writer) {
	warnOnce.Do(func() {
		if w == nil {
			w = os.Stderr
		}
		fmt.Fprintf(w, "UserWarning: %s\n", Warning)
	})
}

// FromConfig builds an executor from its config, as _from_config does.
// A refusal is an agentschema.Faults whose pointer is in the component
// ("/config/timeout", "/config/functions_module").
func FromConfig(c *gen.LocalCommandLineCodeExecutorConfig) (*Executor, error) {
	warn(nil)
	d, err := codeexec.CheckTimeout(c.Timeout)
	if err != nil {
		return nil, err
	}
	o := Options{Timeout: d, FunctionsModule: c.FunctionsModule, KeepTempFiles: !c.CleanupTempFiles}
	if c.WorkDir != nil {
		o.WorkDir = *c.WorkDir
	}
	return build(o, c.Timeout)
}

func build(o Options, timeout gen.Int) (*Executor, error) {
	if o.WorkDir != "" {
		if err := os.Mkdir(o.WorkDir, 0o777); err != nil && !errors.Is(err, os.ErrExist) {
			return nil, &codeexec.Error{Exception: osException(err), Message: err.Error(), Err: err}
		}
	}
	if err := codeexec.CheckFunctionsModule(o.FunctionsModule); err != nil {
		return nil, err
	}
	return &Executor{timeout: o.Timeout, workDir: o.WorkDir, module: o.FunctionsModule,
		cleanup: !o.KeepTempFiles, python: o.Python, timeoutSecs: timeout}, nil
}

// osException is the Python class of an OSError Go reports.
func osException(err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "FileNotFoundError"
	case errors.Is(err, os.ErrPermission):
		return "PermissionError"
	case errors.Is(err, os.ErrExist):
		return "FileExistsError"
	}
	return "OSError"
}

// Timeout returns the timeout of a block.
func (e *Executor) Timeout() time.Duration { return e.timeout }

// FunctionsModule returns the functions module name.
func (e *Executor) FunctionsModule() string { return e.module }

// CleanupTempFiles reports whether the files written for a call are
// removed after it.
func (e *Executor) CleanupTempFiles() bool { return e.cleanup }

// WorkDir returns the working directory, making the temporary one on
// first use when none was given (AutoGen's work_dir property).
func (e *Executor) WorkDir() (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.workDir != "" {
		return e.workDir, nil
	}
	dir, err := codeexec.TempDir()
	if err != nil {
		return "", &codeexec.Error{Exception: osException(err), Message: err.Error(), Err: err}
	}
	e.workDir, e.tempDir = dir, true
	return dir, nil
}

// ComponentModel returns the executor's config as dump_component()
// writes it (a temporary working directory is made, as AutoGen's
// work_dir property makes it).
func (e *Executor) ComponentModel() (gen.ComponentModel, error) {
	dir, err := e.WorkDir()
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return spec.Model(&gen.LocalCommandLineCodeExecutorConfig{
		Timeout: e.timeoutSecs, WorkDir: &dir, FunctionsModule: e.module, CleanupTempFiles: e.cleanup,
	})
}

// Restart does nothing, as AutoGen's (which warns that restarting is not
// supported).
func (e *Executor) Restart(context.Context) error { return nil }

// Close removes the temporary working directory, if the executor made
// one (AutoGen's stop()); a given WorkDir stays.
func (e *Executor) Close(context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.tempDir || e.workDir == "" {
		return nil
	}
	err := os.RemoveAll(e.workDir)
	e.workDir, e.tempDir = "", false
	return err
}

// ExecuteCodeBlocks runs the blocks as the package documentation says.
func (e *Executor) ExecuteCodeBlocks(ctx context.Context, blocks []gen.CodeBlock) (*codeexec.Result, error) {
	dir, err := e.WorkDir()
	if err != nil {
		return nil, err
	}
	var (
		out      strings.Builder
		exitCode int
		files    []string
		runErr   error
	)
	for _, b := range blocks {
		lang := strings.ToLower(b.Language)
		code := codeexec.SilencePip(b.Code, lang)
		if lang == "py" {
			lang = "python"
		}
		if !supported[lang] {
			exitCode = 1
			out.WriteString("\nunknown language " + lang)
			break
		}
		name, ok, err := codeexec.FileNameFromContent(code, dir)
		if err != nil {
			return &codeexec.Result{ExitCode: 1, Output: "Filename is not in the workspace"}, nil
		}
		if !ok {
			name = codeexec.TempFileName(code, lang)
		}
		file := codeexec.Resolve(filepath.Join(dir, name))
		if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
			runErr = &codeexec.Error{Exception: osException(err), Message: pyOSError(err), Err: err}
			break
		}
		files = append(files, file)
		var r blockResult
		r, runErr = e.runBlock(ctx, lang, file, dir)
		if runErr != nil {
			break
		}
		exitCode = r.exitCode
		out.WriteString(r.output)
		if r.stop {
			if r.cancelled {
				runErr = ctx.Err()
			}
			break
		}
	}
	if e.cleanup {
		for _, f := range files {
			_ = os.Remove(f)
		}
	}
	if runErr != nil && !errors.Is(runErr, ctx.Err()) {
		return nil, runErr
	}
	res := &codeexec.Result{ExitCode: exitCode, Output: out.String()}
	if len(files) > 0 {
		res.CodeFile = files[0]
	}
	return res, runErr
}

// pyOSError is str() of Python's OSError for err: "[Errno N] text: 'path'".
func pyOSError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("[Errno %d] %s: '%s'", errnoOf(pe.Err), pyStrerror(pe.Err), pe.Path)
	}
	return err.Error()
}

// pyStrerror is the C library's strerror text of err, with a capital as
// glibc writes it.
func pyStrerror(err error) string {
	s := err.Error()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var (
	pythonOnce sync.Once
	pythonPath string
)

// systemPython is the interpreter python3 on PATH runs: its
// sys.executable, asked once per process (a launcher such as a pyenv shim
// then costs nothing per block, and the blocks run with the interpreter
// itself, as AutoGen's run with sys.executable). When it cannot be asked,
// it is "python3".
func systemPython() string {
	pythonOnce.Do(func() {
		pythonPath = "python3"
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, "python3", "-c", "import sys; print(sys.executable)").Output()
		if p := strings.TrimSpace(string(out)); err == nil && filepath.IsAbs(p) {
			pythonPath = p
		}
	})
	return pythonPath
}

// program returns the command that runs a block of lang (AutoGen's
// lang_to_cmd, sys.executable for python).
func (e *Executor) program(lang string) (string, error) {
	switch lang {
	case "python":
		if e.python != "" {
			return e.python, nil
		}
		return systemPython(), nil
	case "bash", "sh":
		return lang, nil
	case "shell":
		return "sh", nil
	}
	for _, p := range []string{"pwsh", "powershell"} {
		if _, err := exec.LookPath(p); err == nil {
			return p, nil
		}
	}
	return "", &codeexec.Error{Exception: "ValueError", Message: "Powershell or pwsh is not installed. Please install one of them."}
}
