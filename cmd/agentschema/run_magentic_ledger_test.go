package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/runtimecase"
)

// magenticLedgerTeam is a MagenticOneGroupChat of one AssistantAgent
// whose orchestrator's client is gpt-4o (structured output) at base.
const magenticLedgerTeam = `{"provider": "autogen_agentchat.teams.MagenticOneGroupChat", "component_type": "team", "config": {
 "participants": [{"provider": "autogen_agentchat.agents.AssistantAgent", "component_type": "agent", "config": {
  "name": "coder", "description": "Writes code.", "model_client": CLIENT,
  "reflect_on_tool_use": false, "tool_call_summary_format": "{result}", "model_client_stream": false}}],
 "model_client": CLIENT, "max_turns": 20, "max_stalls": 3,
 "final_answer_prompt": "\nWe are working on the following task:\n{task}\n\nWe have completed the task.\n\nThe above messages contain the conversation that took place to complete the task.\n\nBased on the information gathered, provide the final answer to the original request.\nThe answer should be phrased as if you were speaking to the user.\n"}}`

// TestRunMagenticLedgerValidationError: `agentschema run` of a MagenticOne
// team whose structured-output ledger reply is not JSON yields nothing and
// ends with pydantic's ValidationError for LedgerEntry on stderr, exit 1
// (AutoGen's run.py on the same team prints "ValidationError: 1 validation
// error for LedgerEntry", the first line, and exits 1 with empty stdout;
// pkg/agentchat/teams/testdata/magentic_one_ledger has the whole text).
func TestRunMagenticLedgerValidationError(t *testing.T) {
	model, err := runtimecase.NewModelServer([]runtimecase.ScriptEntry{
		completion(t, "FACTS", nil, 1, 1), completion(t, "PLAN", nil, 1, 1), completion(t, "not json", nil, 1, 1),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	client := `{"provider": "autogen_ext.models.openai.OpenAIChatCompletionClient", "component_type": "model", "config": {
  "model": "gpt-4o", "api_key": "sk-test", "max_retries": 0, "base_url": "` + model.URL() + `/v1"}}`
	cfg := filepath.Join(t.TempDir(), "team.json")
	if err := os.WriteFile(cfg, []byte(strings.ReplaceAll(magenticLedgerTeam, "CLIENT", client)), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", "--config", cfg, "--task", "Write a poem."}, nil, &stdout, &stderr)
	want := "ValidationError: 1 validation error for LedgerEntry\n" +
		"  Invalid JSON: expected ident at line 1 column 2 [type=json_invalid, input_value='not json', input_type=str]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/json_invalid\n"
	if code != exitBad || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, no stdout, stderr:\n%s", code, stdout.String(), stderr.String(), exitBad, want)
	}
	if n := len(model.Requests()); n != 3 {
		t.Errorf("%d model requests, want 3 (the ledger is not retried)", n)
	}
}
