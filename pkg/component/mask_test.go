package component_test

import (
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// TestMaskSecretsOfComponentModel masks the SecretStr members of the
// components a raw ComponentModel holds, at any depth (a client's api_key,
// Bedrock's AWS keys), as their config models dump them, and leaves every
// other member, and members of the same name elsewhere, as written.
func TestMaskSecretsOfComponentModel(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"client", `{"model":"gpt-4o","api_key":"sk-1"}`, `{"model":"gpt-4o","api_key":"**********"}`},
		{"nested client", `{"name":"a","model_client":{"provider":"OpenAIChatCompletionClient","config":{"api_key":"sk-1","model":"m"}},"x":{"api_key":"keep"}}`,
			`{"name":"a","model_client":{"provider":"OpenAIChatCompletionClient","config":{"api_key":"**********","model":"m"}},"x":{"api_key":"keep"}}`},
		{"team", `{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","config":{"model_client":{"provider":"autogen_ext.models.openai.AzureOpenAIChatCompletionClient","config":{"api_key":"k"}}}}]}`,
			`{"participants":[{"provider":"autogen_agentchat.agents.AssistantAgent","config":{"model_client":{"provider":"autogen_ext.models.openai.AzureOpenAIChatCompletionClient","config":{"api_key":"**********"}}}}]}`},
		{"null key", `{"model":"gpt-4o","api_key":null}`, `{"model":"gpt-4o","api_key":null}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			provider := "autogen_agentchat.agents.AssistantAgent"
			if strings.HasPrefix(tc.in, `{"model"`) {
				provider = "autogen_ext.models.openai.OpenAIChatCompletionClient"
			}
			if strings.HasPrefix(tc.in, `{"participants"`) {
				provider = "autogen_agentchat.teams.RoundRobinGroupChat"
			}
			m := &gen.ComponentModel{Provider: provider, Config: gen.RawJSON(tc.in)}
			component.MaskSecrets(m)
			if string(m.Config) != tc.want {
				t.Errorf("got  %s\nwant %s", m.Config, tc.want)
			}
		})
	}
}
