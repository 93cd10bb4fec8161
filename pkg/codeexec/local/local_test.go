package local_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
	"github.com/agentschema/agentschema/pkg/component"
)

func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH")
	}
}

func newExec(t *testing.T, o local.Options) (*local.Executor, string) {
	t.Helper()
	if o.WorkDir == "" {
		dir, err := filepath.EvalSymlinks(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		o.WorkDir = dir
	}
	o.Warnings = io.Discard
	e, err := local.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return e, o.WorkDir
}

func blocks(langCode ...string) []gen.CodeBlock {
	var out []gen.CodeBlock
	for i := 0; i+1 < len(langCode); i += 2 {
		out = append(out, gen.CodeBlock{Language: langCode[i], Code: langCode[i+1]})
	}
	return out
}

// TestExecute: expected outputs derived from the rules of AutoGen's
// _execute_code_dont_check_setup (stderr then stdout per block, a
// non-zero exit stops, unknown languages) and the shell's and Python's
// own behaviour.
func TestExecute(t *testing.T) {
	needPython(t)
	e, _ := newExec(t, local.Options{})
	for _, tc := range []struct {
		name   string
		blocks []gen.CodeBlock
		code   int
		output string
	}{
		{"python", blocks("python", "print(6*7)\n"), 0, "42\n"},
		{"py and Python", blocks("py", "print(1)", "Python", "print(2)"), 0, "1\n2\n"},
		{"sh", blocks("sh", "echo $((2+3))"), 0, "5\n"},
		{"shell is sh", blocks("shell", "echo shell"), 0, "shell\n"},
		{"bash", blocks("bash", "echo ${BASH_VERSION:+bash}"), 0, "bash\n"},
		{"stderr first", blocks("sh", "echo out; echo err >&2"), 0, "err\nout\n"},
		{"exit stops", blocks("sh", "echo a; exit 3", "sh", "echo never"), 3, "a\n"},
		{"unknown language", blocks("sh", "echo a", "javascript", "x", "sh", "echo never"), 1, "a\n\nunknown language javascript"},
		{"no blocks", nil, 0, ""},
		{"killed by a signal", blocks("sh", "kill -9 $$"), -9, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := e.ExecuteCodeBlocks(context.Background(), tc.blocks)
			if err != nil {
				t.Fatal(err)
			}
			if r.ExitCode != tc.code || r.Output != tc.output {
				t.Errorf("got (%d, %q), want (%d, %q)", r.ExitCode, r.Output, tc.code, tc.output)
			}
		})
	}
}

func TestFilesAndCleanup(t *testing.T) {
	e, dir := newExec(t, local.Options{KeepTempFiles: true})
	r, err := e.ExecuteCodeBlocks(context.Background(), blocks("sh", "# filename: named.sh\necho named", "sh", "echo tmp"))
	if err != nil || r.Output != "named\ntmp\n" {
		t.Fatalf("%v %#v", err, r)
	}
	want := []string{"named.sh", codeexec.TempFileName("echo tmp", "sh")}
	for _, f := range want {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("kept file: %v", err)
		}
	}
	if r.CodeFile != filepath.Join(dir, "named.sh") {
		t.Errorf("code file %q", r.CodeFile)
	}

	c, dir2 := newExec(t, local.Options{})
	r, err = c.ExecuteCodeBlocks(context.Background(), blocks("sh", "# filename: x.sh\necho made > made.txt", "sh", "exit 2"))
	if err != nil || r.ExitCode != 2 {
		t.Fatalf("%v %#v", err, r)
	}
	ents, _ := os.ReadDir(dir2)
	if len(ents) != 1 || ents[0].Name() != "made.txt" {
		t.Errorf("after cleanup: %v (only what the code wrote stays)", ents)
	}
}

// TestFilenameOutsideRefused: a "# filename:" outside the work dir ends
// the call with AutoGen's result, and nothing is written outside.
func TestFilenameOutsideRefused(t *testing.T) {
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(parent, "work")
	e, _ := newExec(t, local.Options{WorkDir: work})
	for _, name := range []string{"../evil.sh", parent + "/evil.sh", "/tmp/../" + parent + "/evil.sh"} {
		r, err := e.ExecuteCodeBlocks(context.Background(), blocks("sh", "echo first", "sh", "# filename: "+name+"\necho evil"))
		if err != nil {
			t.Fatal(err)
		}
		if r.ExitCode != 1 || r.Output != "Filename is not in the workspace" {
			t.Errorf("%s: %#v", name, r)
		}
		if _, err := os.Stat(filepath.Join(parent, "evil.sh")); err == nil {
			t.Errorf("%s: a file was written outside the work dir", name)
		}
	}
}

// TestTimeoutKillsChildren: a block that started background children and
// then hangs is killed with its children; the result is AutoGen's.
func TestTimeoutKillsChildren(t *testing.T) {
	e, dir := newExec(t, local.Options{Timeout: time.Second})
	start := time.Now()
	r, err := e.ExecuteCodeBlocks(context.Background(), blocks(
		"sh", "echo before",
		"sh", "sleep 300 & echo $! > child.pid\n(sleep 300; echo grand) & echo $! > sub.pid\necho lost\nsleep 300",
		"sh", "echo never"))
	if err != nil {
		t.Fatal(err)
	}
	if r.ExitCode != 124 || r.Output != "before\n\nTimeout" {
		t.Errorf("got %#v", r)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	for _, f := range []string{"child.pid", "sub.pid"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
		if alive(pid) {
			t.Errorf("process %d (%s) is still running", pid, f)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// alive reports whether pid is a live process (a zombie is dead).
func alive(pid int) bool {
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			if syscall.Kill(pid, 0) != nil {
				return false
			}
		} else if f := strings.Fields(string(b)); len(f) > 2 && f[2] == "Z" {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
	return true
}

// TestCancel: cancelling the context ends the running block at once with
// AutoGen's "\nCancelled" (125) and the context's error.
func TestCancel(t *testing.T) {
	e, _ := newExec(t, local.Options{Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	r, err := e.ExecuteCodeBlocks(ctx, blocks("sh", "echo a", "sh", "sleep 60", "sh", "echo never"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if r == nil || r.ExitCode != 125 || r.Output != "a\n\nCancelled" {
		t.Errorf("got %#v", r)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestConcurrent: executors with separate work dirs, and one executor
// with several calls, run at once (go test -race).
func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	shared, _ := newExec(t, local.Options{})
	for i := range 6 {
		e := shared
		if i%2 == 0 {
			e, _ = newExec(t, local.Options{})
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := fmt.Sprintf("n%d\n", i)
			r, err := e.ExecuteCodeBlocks(context.Background(), blocks("sh", fmt.Sprintf("echo n%d > out%d.txt; cat out%d.txt", i, i, i)))
			if err != nil || r.Output != want {
				t.Errorf("%d: %v %#v", i, err, r)
			}
		}()
	}
	wg.Wait()
}

// TestCannotStart: a missing interpreter is an error (Python's
// FileNotFoundError), not a crash.
func TestCannotStart(t *testing.T) {
	e, _ := newExec(t, local.Options{Python: "/nonexistent/python3"})
	r, err := e.ExecuteCodeBlocks(context.Background(), blocks("python", "print(1)"))
	var ce *codeexec.Error
	if !errors.As(err, &ce) || ce.Exception != "FileNotFoundError" || r != nil {
		t.Fatalf("got %#v, %v", r, err)
	}
	if want := "[Errno 2] No such file or directory: '/nonexistent/python3'"; ce.Message != want {
		t.Errorf("message %q, want %q", ce.Message, want)
	}
}

func TestInvalidUTF8(t *testing.T) {
	e, _ := newExec(t, local.Options{})
	_, err := e.ExecuteCodeBlocks(context.Background(), blocks("sh", `printf 'ok\377'`))
	var ce *codeexec.Error
	if !errors.As(err, &ce) || ce.Error() != "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 2: invalid start byte" {
		t.Errorf("got %v", err)
	}
}

// TestConfigRefused: AutoGen's constructor refusals, at the component's
// pointer, through component.Load.
func TestConfigRefused(t *testing.T) {
	for _, tc := range []struct{ config, ptr, msg string }{
		{`{"timeout": 0}`, "/config/timeout", "ValueError: Timeout must be greater than or equal to 1."},
		{`{"timeout": -1}`, "/config/timeout", "ValueError: Timeout must be greater than or equal to 1."},
		{`{"functions_module": "not-ident"}`, "/config/functions_module", "ValueError: Module name must be a valid Python identifier"},
	} {
		_, err := component.Load(context.Background(), []byte(`{"provider": "`+local.Provider+`", "config": `+tc.config+`}`))
		var f *agentschema.Fault
		if !errors.As(err, &f) || f.Pointer != tc.ptr || f.Message != tc.msg {
			t.Errorf("%s: %v", tc.config, err)
		}
	}
	if _, err := local.New(local.Options{Timeout: time.Millisecond}); err == nil {
		t.Error("a timeout under a second was accepted")
	}
}

// TestDump: the dumps are executor_dumps.json's (the recorded
// dump_component() of the same executors), the work dir replaced.
func TestDump(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	v, err := component.Load(context.Background(), []byte(`{"provider": "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor",
		"config": {"timeout": 5, "work_dir": "`+dir+`", "functions_module": "helpers", "cleanup_temp_files": false}}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := component.Dump(v.(*local.Executor))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"provider":"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor","component_type":"code_executor","version":1,"component_version":1,"description":"A code executor class that executes code through a local command line\n    environment.","label":"LocalCommandLineCodeExecutor","config":{"timeout":5,"work_dir":"` + dir + `","functions_module":"helpers","cleanup_temp_files":false}}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// work_dir null: a temporary directory, made by the dump, removed by Close.
	v, err = component.Load(context.Background(), []byte(`{"provider": "`+local.Provider+`", "config": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	e := v.(*local.Executor)
	m, err := e.ComponentModel()
	if err != nil {
		t.Fatal(err)
	}
	c, err := component.ConfigOf[gen.LocalCommandLineCodeExecutorConfig](&m)
	if err != nil || c.WorkDir == nil || c.Timeout.String() != "60" || !c.CleanupTempFiles || c.FunctionsModule != "functions" {
		t.Fatalf("%v %+v", err, c)
	}
	if _, err := os.Stat(*c.WorkDir); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(*c.WorkDir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary work dir left: %v", err)
	}
}
