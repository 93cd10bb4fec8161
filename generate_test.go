package agentschema

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
)

// TestGeneratedCodeIsCurrent regenerates gen/ from schemas/ into a
// temporary directory with the generator module (as go generate does) and
// fails on any difference: a schema changed without `go generate ./...`,
// or gen/ edited by hand.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH; cannot run the generator")
	}
	out := t.TempDir()
	schemas, _ := filepath.Abs("schemas")
	cmd := exec.Command(goTool, "-C", filepath.Join("internal", "cmd", "schemagen"), "run", ".", "-schemas", schemas, "-out", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("generator: %v\n%s", err, stderr.String())
	}
	want := goFiles(t, out)
	have := goFiles(t, "gen")
	for name, w := range want {
		h, ok := have[name]
		switch {
		case !ok:
			t.Errorf("gen/%s is missing: run go generate ./... and commit it", name)
		case !bytes.Equal(h, w):
			t.Errorf("gen/%s differs from what the schemas generate: run go generate ./...", name)
		}
	}
	for name := range have {
		if _, ok := want[name]; !ok {
			t.Errorf("gen/%s is not generated from any schema: remove it", name)
		}
	}
}

func goFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	return out
}
