package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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

// studioVariant writes examples/studio/team.json changed by edit.
func studioVariant(t *testing.T, edit func(agent map[string]any)) string {
	return exampleVariant(t, "studio", edit)
}

// exampleVariant writes examples/NAME/team.json with its first
// participant's config changed by edit, and returns the file's path.
func exampleVariant(t *testing.T, name string, edit func(agent map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", name, "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	var team map[string]any
	if err := json.Unmarshal(data, &team); err != nil {
		t.Fatal(err)
	}
	edit(team["config"].(map[string]any)["participants"].([]any)[0].(map[string]any)["config"].(map[string]any))
	out, err := json.Marshal(team)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "team.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRunRefusesAtLoad: configs that cannot run are refused before the
// run, at the component's pointer, in words that say what to do.
func TestRunRefusesAtLoad(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-test")
	azure := studioVariant(t, func(a map[string]any) {
		a["model_client"] = map[string]any{"provider": "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
			"component_type": "model", "config": map[string]any{"model": "gpt-4o", "api_key": "k", "api_version": "2024-06-01",
				"azure_endpoint": "https://{your-custom-endpoint}.openai.azure.com/", "azure_deployment": "gpt-4o"}}
	})
	tool := studioVariant(t, func(a map[string]any) {
		cfg := a["workbench"].([]any)[0].(map[string]any)["config"].(map[string]any)["tools"].([]any)[0].(map[string]any)["config"].(map[string]any)
		cfg["name"], cfg["source_code"] = "weather", "def weather(city: str) -> str:\n    return city\n"
	})
	cases := []struct {
		name, config string
		want         []string
	}{
		{"azure placeholder", azure, []string{
			"/config/participants/0/config/model_client: ",
			`ValueError: azure_endpoint "https://{your-custom-endpoint}.openai.azure.com/" still holds the placeholder {your-custom-endpoint}: set it to your Azure OpenAI resource's endpoint`}},
		{"unregistered FunctionTool", tool, []string{
			"/config/participants/0/config/workbench/0/config/tools/0: ",
			`function "weather" is not registered`,
			"give the tool as an HttpTool", "McpWorkbench", "tools.RegisterFunction; see examples/team"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", "run", "--config", c.config, "--task", "hi")
			if code != exitBad || out != "" {
				t.Fatalf("exit %d, stdout %q", code, out)
			}
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
		})
	}
}
