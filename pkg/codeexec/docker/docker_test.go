package docker_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/codeexec"
	"github.com/agentschema/agentschema/pkg/codeexec/docker"
	"github.com/agentschema/agentschema/pkg/component"
)

// recordedDumps reads executor_dumps.json, AutoGen's dump_component() of
// each executor (testdata/conformance/runtime_code).
func recordedDumps(t *testing.T) map[string]json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "conformance", "runtime_code", "executor_dumps.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Items map[string]json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Items
}

func jsonEqual(t *testing.T, got []byte, want json.RawMessage) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	if string(gb) != string(wb) {
		t.Errorf("got  %s\nwant %s", gb, wb)
	}
}

// TestDumpsAsRecorded loads each recorded Docker dump and dumps it again:
// the same JSON, the work dir placeholder replaced by a real directory.
func TestDumpsAsRecorded(t *testing.T) {
	items := recordedDumps(t)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"DockerCommandLineCodeExecutor()", "DockerCommandLineCodeExecutor(all options)"} {
		rec := []byte(strings.ReplaceAll(string(items[name]), "{{WORK_DIR}}", dir))
		v, err := component.Load(context.Background(), rec)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := component.Dump(v.(*docker.Executor))
		if err != nil {
			t.Fatal(err)
		}
		jsonEqual(t, got, rec)
	}
}

// TestDefaults: a config {} gets a container name autogen-code-exec-<uuid4>
// (the recorded dump's form), and a work_dir alone is also the bind_dir
// (DockerCommandLineCodeExecutor.__init__: bind_dir defaults to work_dir).
func TestDefaults(t *testing.T) {
	v, err := component.Load(context.Background(), []byte(`{"provider": "`+docker.Provider+`", "config": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	c := v.(*docker.Executor).Config()
	if !regexp.MustCompile(`^autogen-code-exec-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(*c.ContainerName) {
		t.Errorf("container name %q", *c.ContainerName)
	}
	if c.WorkDir != nil || c.BindDir != nil || c.Image != "python:3-slim" {
		t.Errorf("%+v", c)
	}
	dir := t.TempDir() + "/a/./b/"
	v, err = component.Load(context.Background(), []byte(`{"provider": "`+docker.Provider+`", "config": {"work_dir": "`+dir+`"}}`))
	if err != nil {
		t.Fatal(err)
	}
	c = v.(*docker.Executor).Config()
	want := docker.PyPath(dir)
	if *c.WorkDir != want || *c.BindDir != want || strings.HasSuffix(want, "/") || strings.Contains(want, "/./") {
		t.Errorf("work_dir %q bind_dir %q, want %q", *c.WorkDir, *c.BindDir, want)
	}
	if _, err := os.Stat(want); err != nil {
		t.Errorf("work dir not made: %v", err)
	}
}

func TestPyPath(t *testing.T) {
	for in, want := range map[string]string{"a/b/": "a/b", "./x": "x", "": ".", ".": ".", "/a//b/./c": "/a/b/c",
		"a/../b": "a/../b", "//srv/x": "//srv/x", "///x": "/x", "/": "/"} {
		if got := docker.PyPath(in); got != want {
			t.Errorf("PyPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNotStarted: executing or restarting fails with AutoGen's recorded
// text (case e032); Start says containers are not run.
func TestNotStarted(t *testing.T) {
	v, err := component.Load(context.Background(), []byte(`{"provider": "`+docker.Provider+`", "config": {"container_name": "x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	e := v.(codeexec.Executor)
	_, err = e.ExecuteCodeBlocks(context.Background(), nil)
	var ce *codeexec.Error
	if !errors.As(err, &ce) || err.Error() != "ValueError: Container is not running. Must first be started with either start or a context manager." {
		t.Errorf("execute: %v", err)
	}
	if err := e.Restart(context.Background()); !errors.As(err, &ce) {
		t.Errorf("restart: %v", err)
	}
	if err := v.(*docker.Executor).Start(context.Background()); !errors.Is(err, docker.ErrNoDocker) {
		t.Errorf("start: %v", err)
	}
}

func TestConfigRefused(t *testing.T) {
	for _, tc := range []struct{ config, ptr string }{
		{`{"timeout": 0}`, "/config/timeout"},
		{`{"functions_module": "not-ident"}`, "/config/functions_module"},
	} {
		_, err := component.Load(context.Background(), []byte(`{"provider": "`+docker.Provider+`", "config": `+tc.config+`}`))
		var f *agentschema.Fault
		if !errors.As(err, &f) || f.Pointer != tc.ptr {
			t.Errorf("%s: %v", tc.config, err)
		}
	}
}
