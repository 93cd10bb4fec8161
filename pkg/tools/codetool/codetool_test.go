package codetool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/codeexec/docker"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
	"github.com/agentschema/agentschema/pkg/tools/codetool"
)

// recorded returns an item of executor_dumps.json (AutoGen's dumps).
func recorded(t *testing.T, name string) any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "conformance", "runtime_code", "executor_dumps.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Items map[string]any `json:"items"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Items[name]
}

func asValue(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSchemaAndDumpAsRecorded: the tool's schema and dump_component() are
// AutoGen's (executor_dumps.json), the work dir placeholder replaced.
func TestSchemaAndDumpAsRecorded(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	want := recorded(t, "PythonCodeExecutionTool(LocalCommandLineCodeExecutor)")
	wantJSON, _ := json.Marshal(want)
	cfg := strings.ReplaceAll(string(wantJSON), "{{WORK_DIR}}", dir)
	v, err := component.Load(context.Background(), []byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	tool := v.(*codetool.Tool)
	got, err := component.Dump(tool)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := fmt.Sprint(asValue(t, got)), fmt.Sprint(asValue(t, []byte(cfg))); g != w {
		t.Errorf("dump:\n got  %s\n want %s", g, w)
	}
	schema, err := json.Marshal(tool.Schema())
	if err != nil {
		t.Fatal(err)
	}
	if g, w := fmt.Sprint(asValue(t, schema)), fmt.Sprint(recorded(t, "PythonCodeExecutionTool.schema")); g != w {
		t.Errorf("schema:\n got  %s\n want %s", g, w)
	}
}

func TestRun(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	e, err := local.New(local.Options{WorkDir: dir, Warnings: io.Discard, Python: "sh"}) // python blocks run by sh: no interpreter needed
	if err != nil {
		t.Fatal(err)
	}
	tool, err := codetool.New(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"code": "echo hi"}`, "hi\n"},
		{`{"code": "true"}`, ""},
		{`{"code": "echo oops >&2; exit 3"}`, "oops\n"},
	} {
		v, err := tool.RunJSON(context.Background(), json.RawMessage(tc.args), "call_1")
		if err != nil || tool.ReturnValueAsString(v) != tc.want {
			t.Errorf("%s: %q %v", tc.args, v, err)
		}
	}
	_, err = tool.RunJSON(context.Background(), json.RawMessage(`{}`), "")
	var ve *tools.ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("missing code: %v", err)
	}
}

// TestExecutorException: a Docker executor that was never started gives
// an error whose text is the exception's message (t013).
func TestExecutorException(t *testing.T) {
	e, err := docker.FromConfig(&gen.DockerCommandLineCodeExecutorConfig{Timeout: gen.IntOf(60), FunctionsModule: "functions"})
	if err != nil {
		t.Fatal(err)
	}
	tool, _ := codetool.New(e)
	_, err = tool.RunJSON(context.Background(), json.RawMessage(`{"code": "print(1)"}`), "")
	var ce *codeexec.Error
	if err == nil || err.Error() != docker.NotRunningText || !errors.As(err, &ce) {
		t.Errorf("got %v", err)
	}
}

// A tool an AssistantAgent can be given: the model's code runs and the
// output is the tool's result.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "codetool")
	defer os.RemoveAll(dir)
	executor, _ := local.New(local.Options{WorkDir: dir, Warnings: io.Discard})
	tool, _ := codetool.New(executor)
	out, err := tool.Run(context.Background(), "print(sum(range(10)))")
	fmt.Printf("%s %q %v\n", tool.Name(), out, err)
	// Output: CodeExecutor "45\n" <nil>
}
