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
	"worker":       modulePath + "/pkg/distributed/worker",
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

// TestREADMEFirstCommand checks the README's opening: its first code block
// starts with the command that runs the replay Studio team with --console
// and then the test command (cmd/agentschema's TestREADMEFirstCommandRuns
// runs that command and compares its output with AutoGen's Console's);
// "Running agents and teams" comes before the type reference; the Layout
// table lists pkg/providers/all.
func TestREADMEFirstCommand(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	open := strings.Index(s, "```")
	if open < 0 {
		t.Fatal("README has no code block")
	}
	lines := strings.SplitN(s[open:], "\n", 4)
	if len(lines) < 3 || lines[0] != "```sh" {
		t.Fatalf("the first code block must be a sh block: %q", lines)
	}
	first := `go run ./cmd/agentschema run --config examples/studio/replay_team.json --task "What is 3 + 4?" --console`
	if lines[1] != first {
		t.Errorf("first command %q, want %q", lines[1], first)
	}
	if lines[2] != "make test" {
		t.Errorf("second command %q, want make test", lines[2])
	}
	running, types := strings.Index(s, "\n## Running agents and teams\n"), strings.Index(s, "\n## Using the types\n")
	if running < 0 || types < 0 || running > types {
		t.Errorf(`"## Running agents and teams" (at %d) must come before "## Using the types" (at %d)`, running, types)
	}
	layout := s[strings.Index(s, "## Layout"):]
	layout = layout[:strings.Index(layout, "\n## ")]
	if !strings.Contains(layout, "| `pkg/providers/all` |") {
		t.Error("the Layout table lacks pkg/providers/all")
	}
}
