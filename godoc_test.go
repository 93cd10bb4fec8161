package agentschema_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// TestGoDocShowsNoRuntime: the generated API a user reads with go doc
// names no type of the internal runtime: a generated type shows its
// fields and its JSON methods (its codec methods are unexported), and Int
// and Image are types of package gen with their methods.
func TestGoDocShowsNoRuntime(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("needs the go command on PATH")
	}
	for _, sym := range []string{"UserMessage", "Int", "Image", "LLMMessage", "CreateResult", "AssistantAgentConfig"} {
		out, err := exec.Command(goCmd, "doc", "./gen", sym).CombinedOutput()
		if err != nil {
			t.Fatalf("go doc ./gen %s: %v\n%s", sym, err, out)
		}
		if strings.Contains(string(out), "wire.") || strings.Contains(string(out), "internal/") {
			t.Errorf("go doc ./gen %s shows the runtime:\n%s", sym, out)
		}
	}
	out, _ := exec.Command(goCmd, "doc", "./gen", "Int").CombinedOutput()
	for _, m := range []string{"func (i Int) Int64() (int64, bool)", "func (i Int) Cmp(j Int) int", "func (i Int) String() string"} {
		if !strings.Contains(string(out), m) {
			t.Errorf("go doc ./gen Int lacks %q", m)
		}
	}
}

// TestZeroImage: the zero Image's accessors give zero values and errors,
// not panics.
func TestZeroImage(t *testing.T) {
	var im gen.Image
	if w, h := im.Size(); !im.IsZero() || w != 0 || h != 0 || im.Bytes() != nil || im.MIME() != "" {
		t.Errorf("zero Image: %d %d", w, h)
	}
	if _, err := im.EncodePNG(); err == nil {
		t.Error("EncodePNG of the zero Image: no error")
	}
	if _, err := im.DataURI(); err == nil {
		t.Error("DataURI of the zero Image: no error")
	}
	if _, err := gen.ImageFromBytes([]byte("not an image")); err == nil {
		t.Error("ImageFromBytes of text: no error")
	}
}
