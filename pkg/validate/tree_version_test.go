package validate

import (
	"errors"
	"strings"
	"testing"
)

// TestOldComponentVersion: a config of an older component_version than its
// class's is refused in autogen mode, as load_component refuses it (no
// _from_config_past_version), at the nested component's member.
func TestOldComponentVersion(t *testing.T) {
	team := `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","version":1,"component_version":1,"config":{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","component_type":"agent","version":1,"component_version":1,"config":{"name":"a","description":"d","reflect_on_tool_use":false,"tool_call_summary_format":"{result}","model_client":{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","component_type":"replay_chat_completion_client","config":{"chat_completions":[]}}}}]}}`
	v := &Validator{Mode: ModeAutoGen}
	err := v.ValidateComponent([]byte(team))
	if err == nil || !strings.Contains(err.Error(), "/config/participants/0/component_version") ||
		!strings.Contains(err.Error(), "which is on version 2 with a config on version 1 but _from_config_past_version is not implemented") {
		t.Errorf("err = %v", err)
	}
	schema := &Validator{Mode: ModeSchema}
	if err := schema.ValidateComponent([]byte(team)); err != nil && strings.Contains(err.Error(), "component_version") {
		t.Errorf("schema mode: %v", err)
	}
}

// TestGraphManagerState: GraphFlowManager's state, a plain dict with no
// type, is checked as its load_state reads it: each member it reads (a
// KeyError when missing), the thread's messages by their tags, the counts
// of remaining. A good state (as AutoGen saves it) passes.
func TestGraphManagerState(t *testing.T) {
	good := `{"type":"TeamState","version":"1.0.0","agent_states":{"GraphManager":{"current_turn":0,"enqueued_any":{"b":{"b":false}},"message_thread":[{"type":"TextMessage","source":"user","content":"hi","id":"1","created_at":"2025-01-01T00:00:00Z","metadata":{},"models_usage":null}],"ready":["a"],"remaining":{"b":{"b":1}}}}}`
	v := &Validator{Mode: ModeAutoGen}
	if err := v.ValidateState("TeamState", []byte(good)); err != nil {
		t.Errorf("good state: %v", err)
	}
	bad := strings.NewReplacer(`"ready":["a"],`, ``, `"type":"TextMessage"`, `"type":"NoSuchMessage"`, `{"b":1}`, `{"b":"1"}`).Replace(good)
	err := v.ValidateState("TeamState", []byte(bad))
	for _, want := range []string{"/agent_states/GraphManager: KeyError: 'ready'", "/agent_states/GraphManager/message_thread/0/type",
		"/agent_states/GraphManager/remaining/b/b: Input should be a valid integer"} {
		if err == nil || !strings.Contains(faultsText(err), want) {
			t.Errorf("bad state lacks %q: %v", want, err)
		}
	}
}

func faultsText(err error) string {
	var b strings.Builder
	var fs interface{ Unwrap() []error }
	if errors.As(err, &fs) {
		for _, e := range fs.Unwrap() {
			b.WriteString(e.Error() + "\n")
		}
		return b.String()
	}
	return err.Error()
}
