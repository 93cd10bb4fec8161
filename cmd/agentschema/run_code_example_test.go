package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestRunCodeTeamExample runs the README's code execution command (a
// coder on a replay model and a CodeExecutorAgent with a
// LocalCommandLineCodeExecutor, examples/code/team.json) and checks the
// conversation: the first block's traceback, the fix's output, the
// coder's TERMINATE; with --console it runs too.
func TestRunCodeTeamExample(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^agentschema run --config examples/code/team\.json --task "([^"]*)" --console$`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("README has no 'agentschema run --config examples/code/team.json --task ... --console' line")
	}
	task := string(m[1])
	var stdout, stderr bytes.Buffer
	if code := run([]string{"run", "--config", "../../examples/code/team.json", "--task", task}, bytes.NewReader(nil), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.Bytes())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	var got []string
	for _, l := range lines[:len(lines)-1] {
		var msg struct{ Source, Content, Type string }
		if err := json.Unmarshal([]byte(l), &msg); err != nil {
			t.Fatal(err)
		}
		got = append(got, msg.Source+": "+msg.Content)
	}
	if len(got) != 6 {
		t.Fatalf("%d messages: %q", len(got), got)
	}
	traceback := got[2]
	if !strings.HasPrefix(traceback, "executor: The script ran, then exited with an error (POSIX exit code: 1)\nIts output was:\nTraceback (most recent call last):\n") ||
		!strings.HasSuffix(traceback, "\nZeroDivisionError: cannot divide by zero\n") {
		t.Errorf("first run: %q", traceback)
	}
	if got[4] != "executor: 1.5\n" || got[5] != "coder: 3 / 2 = 1.5. TERMINATE" || got[0] != "user: "+task {
		t.Errorf("conversation: %q", got)
	}
	var res struct {
		StopReason string `json:"stop_reason"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil || res.StopReason != "Text 'TERMINATE' mentioned" {
		t.Errorf("stop reason %q %v", res.StopReason, err)
	}
	stdout.Reset()
	if code := run([]string{"run", "--config", "../../examples/code/team.json", "--task", task, "--console"}, bytes.NewReader(nil), &stdout, &stderr); code != 0 ||
		!strings.Contains(stdout.String(), "---------- TextMessage (executor) ----------\n1.5\n") {
		t.Errorf("--console: exit %d\n%s", code, stdout.String())
	}
}
