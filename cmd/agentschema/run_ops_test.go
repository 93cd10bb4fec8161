package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRunTaskFileFaults: a bad --task-file is reported at the file, the
// bad item's line and column and its pointer in the array, in pydantic's
// words (positions counted by hand in each input).
func TestRunTaskFileFaults(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"item on line 3", "[\n  {\"type\": \"TextMessage\", \"source\": \"user\", \"content\": \"ok\"},\n  {\"type\": \"TextMessage\", \"source\": \"user\", \"content\": 3}\n]\n",
			"task.json:3:56: /1/content: Input should be a valid string\n"},
		{"member on its own line", "[\n {\"type\":\"TextMessage\",\n  \"source\": 1, \"content\": \"x\"}]",
			"task.json:3:13: /0/source: Input should be a valid string\n"},
		{"missing member", "[{\"type\":\"TextMessage\",\"content\":\"x\"}]",
			"task.json:1:38: /0/source: Field required\n"},
		{"unknown type", "[\n {\"type\":\"Nope\"}]", "task.json:2:2: /0/type: Unknown message type: Nope\n"},
		{"not an array", "{\"type\":\"TextMessage\"}", "task.json:1:1: /: expected a JSON array of messages\n"},
		{"broken JSON", "[\n {\"type\":", "task.json:2:10: /: Invalid JSON: unexpected end of input in an object\n"},
	}
	cfg, err := filepath.Abs(filepath.Join("..", "..", "examples", "studio", "replay_team.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "task.json"), []byte(c.in), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			code, out, errs := runCmd(t, "", "run", "--config", cfg, "--task-file", "task.json")
			if code != exitBad || out != "" || errs != c.want {
				t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errs, c.want)
			}
		})
	}
}
