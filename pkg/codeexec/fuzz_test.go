package codeexec_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/codeexec"
)

// FuzzExtract: any text is read without a panic, and every block's code
// and language come from the text.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{"```python\nprint(1)\n```", "``` \nsh\necho\n```", "```PYTHON\n```", "```", "```sh\n```sh\n```", "\xff```sh\n\xfe```"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, b := range codeexec.ExtractMarkdownCodeBlocks(text, nil) {
			if !strings.Contains(text, b.Code) || !strings.Contains(strings.ToLower(text), strings.ToLower(b.Language)) {
				t.Fatalf("block %q not from %q", b, text)
			}
			if strings.Contains(b.Code, "```") {
				t.Fatalf("code %q holds a fence", b.Code)
			}
		}
	})
}

// FuzzFileName: a "# filename:" never resolves outside the work dir.
func FuzzFileName(f *testing.F) {
	for _, s := range []string{"# filename: a.py\n", "# filename: ../x\n", "# filename: /etc/passwd", "# filename: a/../../b", "# filename:", "# filename: .\n"} {
		f.Add(s)
	}
	dir := f.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	f.Fuzz(func(t *testing.T, code string) {
		name, ok, err := codeexec.FileNameFromContent(code, dir)
		if !ok || err != nil {
			return
		}
		p := filepath.Join(dir, name)
		if rel, err := filepath.Rel(dir, p); err != nil || strings.HasPrefix(rel, "..") && (rel == ".." || strings.HasPrefix(rel, "../")) {
			t.Fatalf("%q resolves to %q, outside %q", code, p, dir)
		}
	})
}
