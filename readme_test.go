package agentschema_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// readmeImports maps the package names README snippets use to their
// import paths.
var readmeImports = map[string]string{
	"agentschema":  modulePath,
	"agentchat":    modulePath + "/pkg/agentchat",
	"agents":       modulePath + "/pkg/agentchat/agents",
	"component":    modulePath + "/pkg/component",
	"conditions":   modulePath + "/pkg/agentchat/conditions",
	"gen":          modulePath + "/gen",
	"images":       modulePath + "/pkg/images",
	"jsonstream":   modulePath + "/pkg/jsonstream",
	"mcp":          modulePath + "/pkg/workbench/mcp",
	"messages":     modulePath + "/pkg/messages",
	"modelcontext": modulePath + "/pkg/modelcontext",
	"models":       modulePath + "/pkg/models",
	"openai":       modulePath + "/pkg/models/openai",
	"teams":        modulePath + "/pkg/agentchat/teams",
	"tokens":       modulePath + "/pkg/tokens",
	"validate":     modulePath + "/pkg/validate",
	"workbench":    modulePath + "/pkg/workbench",
	"all":          modulePath + "/pkg/providers/all",
	"context":      "context",
	"errors":       "errors",
	"fmt":          "fmt",
	"io":           "io",
	"json":         "encoding/json",
	"log":          "log",
	"os":           "os",
	"strings":      "strings",
}

var (
	qualified   = regexp.MustCompile(`\b([a-z]+)\.[A-Z]`)
	lineComment = regexp.MustCompile(`//[^\n]*`) // a "//" in a string hides only the rest of its line
)

// TestREADMESnippetsCompile compiles every Go snippet of README.md as
// written: each is a file of declarations (functions a reader can copy),
// given only the imports of the packages it names. A compile error points
// at the README's line.
func TestREADMESnippetsCompile(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("needs the go command on PATH")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(readme), "\n")
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	overlay := map[string]string{}
	n := 0
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```go" {
			continue
		}
		start := i + 1
		j := start
		for j < len(lines) && strings.TrimSpace(lines[j]) != "```" {
			j++
		}
		body := strings.Join(lines[start:j], "\n")
		i = j
		n++
		used := map[string]bool{}
		code := lineComment.ReplaceAllString(body, "")
		for _, m := range qualified.FindAllStringSubmatch(code, -1) {
			if _, ok := readmeImports[m[1]]; ok {
				used[m[1]] = true
			}
		}
		var names []string
		for name := range used {
			names = append(names, name)
		}
		sort.Strings(names)
		var b strings.Builder
		b.WriteString("package readmesnippets\n\nimport (\n")
		for _, name := range names {
			fmt.Fprintf(&b, "\t%s %q\n", name, readmeImports[name])
		}
		fmt.Fprintf(&b, ")\n\n//line README.md:%d\n%s\n", start+1, body)
		src := filepath.Join(tmp, fmt.Sprintf("snippet%d.go", n))
		if err := os.WriteFile(src, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		overlay[filepath.Join(root, "internal", "readmesnippets", fmt.Sprintf("snippet%d.go", n))] = src
	}
	if n == 0 {
		t.Fatal("no Go snippets in README.md")
	}
	o, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	ofile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ofile, o, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCmd, "build", "-overlay", ofile, "./internal/readmesnippets")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("README.md's Go snippets do not compile:\n%s", out)
	}
}
