package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateRunnable: --runnable refuses, at the component's pointer
// (line and column of its object), what run refuses before running, and
// passes what run runs.
func TestValidateRunnable(t *testing.T) {
	dir := t.TempDir()
	surfer := `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","config":{"participants":[
  {"provider":"autogen_ext.agents.web_surfer.MultimodalWebSurfer","component_type":"agent","config":{"name":"surfer",
   "model_client":{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{"chat_completions":[]}}}}]}}`
	if err := os.WriteFile(filepath.Join(dir, "surfer.json"), []byte(surfer), 0o644); err != nil {
		t.Fatal(err)
	}
	tool := studioVariant(t, func(a map[string]any) {
		cfg := a["workbench"].([]any)[0].(map[string]any)["config"].(map[string]any)["tools"].([]any)[0].(map[string]any)["config"].(map[string]any)
		cfg["name"], cfg["source_code"] = "weather", "def weather(city: str) -> str:\n    return city\n"
	})
	// Without --runnable both are valid configs.
	if code, out, errs := runCmd(t, "", "validate", filepath.Join(dir, "surfer.json"), tool); code != 0 {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errs)
	}
	for _, mode := range []string{"schema", "autogen"} {
		code, out, errs := runCmd(t, "", "validate", "--runnable", "--mode", mode, filepath.Join(dir, "surfer.json"), tool)
		if code != exitBad {
			t.Fatalf("%s: exit %d, stderr %q", mode, code, errs)
		}
		for _, want := range []string{
			filepath.Join(dir, "surfer.json") + `:2:3: /config/participants/0: run refuses this component: component: "autogen_ext.agents.web_surfer.MultimodalWebSurfer" is a component AutoGen has that this module does not run: it drives a Chromium browser`,
			tool + ":1:", "/config/participants/0/config/workbench/0/config/tools/0: run refuses this component: tools: function \"weather\" is not registered",
			"2 documents, 2 invalid",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q:\n%s", mode, want, out)
			}
		}
	}
	// What run runs passes, without any API key.
	t.Setenv("OPENAI_API_KEY", "")
	os.Unsetenv("OPENAI_API_KEY")
	code, out, errs := runCmd(t, "", "validate", "--runnable", "--strict", filepath.Join("..", "..", "examples", "studio"), filepath.Join("testdata", "console"))
	if code != 0 || !strings.HasSuffix(out, "documents, 0 invalid\n") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

func TestInnermost(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"component: loading a.B: ValueError: x", "ValueError: x"},
		{"component: loading a.B: component: loading c.D: tools: f", "tools: f"},
		{"plain: text", "plain: text"},
	} {
		if got := innermost(errorString(c.in)); got != c.want {
			t.Errorf("innermost(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }
