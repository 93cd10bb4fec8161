package protos

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedCodeIsCurrent regenerates the .pb.go files into a temporary
// directory as go generate does and fails on any difference: a .proto
// changed without go generate, a plugin version changed, or a .pb.go
// edited by hand.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	if _, err := exec.LookPath("protoc"); err != nil {
		t.Skip("protoc is not on PATH (Debian: protobuf-compiler libprotobuf-dev; .ci/run installs them)")
	}
	if testing.Short() {
		t.Skip("builds the pinned protoc plugins")
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", "../../../internal/cmd/protogen", "-src", ".", "-out", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("protogen: %v\n%s", err, b)
	}
	want, _ := filepath.Glob(filepath.Join(out, "*.go"))
	have, _ := filepath.Glob("*.pb.go")
	if len(want) != len(have) || len(want) == 0 {
		t.Fatalf("generated %d files, %d checked in", len(want), len(have))
	}
	for _, w := range want {
		a, _ := os.ReadFile(w)
		b, err := os.ReadFile(filepath.Base(w))
		if err != nil {
			t.Errorf("%s is missing: run go generate ./pkg/distributed/protos", filepath.Base(w))
			continue
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from what the .proto files generate: run go generate ./pkg/distributed/protos", filepath.Base(w))
		}
	}
}
