package validate

import (
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
