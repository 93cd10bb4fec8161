package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// durationLine is the stats' "Duration: N seconds" line, whose number
// differs from run to run.
var durationLine = regexp.MustCompile(`(?m)^Duration: \d+\.\d\d seconds$`)

// TestRunConsoleGolden runs each case of testdata/console (components
// AutoGen 0.7.5 dumped, on ReplayChatCompletionClients) with --console and
// --console --stats, and compares what is printed with what AutoGen's
// Console(component.run_stream(task=...)) printed for the same component
// and task (make_golden.py wrote those files with the real AutoGen; only the
// duration's number is masked).
func TestRunConsoleGolden(t *testing.T) {
	cases := []string{"replay_team", "replay_team_stream", "two_agents", "swarm", "lone_agent"}
	dir := filepath.Join("testdata", "console")
	for _, name := range cases {
		task, err := os.ReadFile(filepath.Join(dir, name+".task"))
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []struct {
			suffix string
			args   []string
		}{{"console", []string{"--console"}}, {"stats", []string{"--console", "--stats"}}} {
			t.Run(name+"/"+mode.suffix, func(t *testing.T) {
				want, err := os.ReadFile(filepath.Join(dir, name+"."+mode.suffix))
				if err != nil {
					t.Fatal(err)
				}
				args := append([]string{"run", "--config", filepath.Join(dir, name+".json"), "--task", string(task)}, mode.args...)
				code, out, errs := runCmd(t, "", args...)
				if code != 0 {
					t.Fatalf("exit %d, stderr:\n%s", code, errs)
				}
				got := durationLine.ReplaceAllString(out, "Duration: D seconds")
				w := durationLine.ReplaceAllString(string(want), "Duration: D seconds")
				if mode.suffix == "stats" && !strings.Contains(w, "Duration: D seconds") {
					t.Fatalf("golden file has no duration line:\n%s", want)
				}
				if got != w {
					t.Errorf("console output differs from AutoGen's\n got:\n%s\nwant:\n%s", got, w)
				}
			})
		}
	}
}

// TestRenderRunOutput renders what 'run' writes as JSON lines (the
// TaskResult line included) and gets what --console prints: AutoGen's
// Console output of testdata/console.
func TestRenderRunOutput(t *testing.T) {
	dir := filepath.Join("testdata", "console")
	for _, name := range []string{"replay_team", "replay_team_stream", "two_agents", "swarm", "lone_agent"} {
		t.Run(name, func(t *testing.T) {
			task, err := os.ReadFile(filepath.Join(dir, name+".task"))
			if err != nil {
				t.Fatal(err)
			}
			code, jsonl, errs := runCmd(t, "", "run", "--config", filepath.Join(dir, name+".json"), "--task", string(task))
			if code != 0 {
				t.Fatalf("run: exit %d, stderr:\n%s", code, errs)
			}
			want, err := os.ReadFile(filepath.Join(dir, name+".console"))
			if err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCmd(t, jsonl, "render", "-")
			if code != 0 || errs != "" {
				t.Fatalf("render: exit %d, stderr:\n%s", code, errs)
			}
			if out != string(want) {
				t.Errorf("render differs from AutoGen's Console\n got:\n%s\nwant:\n%s", out, want)
			}
			// The other modes skip the TaskResult: its messages were printed.
			code, text, errs := runCmd(t, jsonl, "render", "--as", "text", "-")
			if code != 0 || errs != "" || strings.Count(text, "\n") < strings.Count(jsonl, "\n")-1 {
				t.Fatalf("render --as text: exit %d, stderr %q, out:\n%s", code, errs, text)
			}
		})
	}
}

// TestRenderBadTaskResult reports a TaskResult's bad message at its
// pointer inside the TaskResult.
func TestRenderBadTaskResult(t *testing.T) {
	in := `{"source":"a","content":"one","type":"TextMessage"}
{"messages":[{"source":"a","content":"one","type":"TextMessage"},{"source":"a","content":3,"type":"TextMessage"}],"stop_reason":null}
{"messages":[],"stop_reason":5}
`
	code, out, errs := runCmd(t, in, "render", "-")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, errs)
	}
	if out != "---------- TextMessage (a) ----------\none\n" {
		t.Errorf("out %q", out)
	}
	for _, want := range []string{"-:2: /messages/1/content: Input should be a valid string\n", "-:3: /stop_reason: Input should be a valid string\n"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
}

// TestREADMEFirstCommandRuns runs the README's first command as written
// (from the module root) and compares its output with what AutoGen's
// Console printed for the same team and task; the team file is the case
// AutoGen dumped.
func TestREADMEFirstCommandRuns(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	block := s[strings.Index(s, "```sh\n")+len("```sh\n"):]
	line := block[:strings.Index(block, "\n")]
	const prefix = `go run ./cmd/agentschema run --config examples/studio/replay_team.json --task "What is 3 + 4?"`
	if !strings.HasPrefix(line, prefix) {
		t.Fatalf("README's first command changed: %q", line)
	}
	args := []string{"run", "--config", filepath.Join(root, "examples", "studio", "replay_team.json"), "--task", "What is 3 + 4?"}
	args = append(args, strings.Fields(strings.TrimPrefix(line, prefix))...)
	code, out, errs := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	dir := filepath.Join("testdata", "console")
	want, err := os.ReadFile(filepath.Join(dir, "replay_team_stream.console"))
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	team, err := os.ReadFile(filepath.Join(root, "examples", "studio", "replay_team.json"))
	if err != nil {
		t.Fatal(err)
	}
	dumped, err := os.ReadFile(filepath.Join(dir, "replay_team_stream.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(team, dumped) {
		t.Error("examples/studio/replay_team.json is not the team AutoGen dumped (testdata/console/replay_team_stream.json)")
	}
	// The README shows that output.
	if !strings.Contains(s, "```console\n"+string(want)+"```") {
		t.Error("README does not show the first command's output as it is")
	}
}
