package all_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/component"
	_ "github.com/agentschema/agentschema/pkg/providers/all"
)

// TestEveryImplementedProviderRegistered checks that importing the
// package registers every provider the module says it implements (the
// table behind UnknownProviderError.Package), and that an unknown one is
// still refused without a package to import.
func TestEveryImplementedProviderRegistered(t *testing.T) {
	registered := component.Default.Providers()
	for _, p := range []string{
		"autogen_agentchat.agents.AssistantAgent", "autogen_agentchat.teams.GraphFlow",
		"autogen_agentchat.conditions.MaxMessageTermination", "autogen_ext.models.openai.OpenAIChatCompletionClient",
		"autogen_ext.tools.http.HttpTool", "autogen_ext.tools.mcp.McpWorkbench", "autogen_core.tools.FunctionTool",
		"autogen_core.model_context.BufferedChatCompletionContext", "autogen_core.memory.ListMemory",
		"autogen_agentchat.tools.TeamTool", "autogen_ext.models.replay.ReplayChatCompletionClient",
		"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", "autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor",
		"autogen_ext.tools.code_execution.PythonCodeExecutionTool", "autogen_agentchat.agents.CodeExecutorAgent",
		"autogen_ext.models.anthropic.AnthropicChatCompletionClient", "autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient",
	} {
		if !slices.Contains(registered, p) {
			t.Errorf("%s is not registered", p)
		}
	}
	_, err := component.Load(context.Background(), []byte(`{"provider": "my.Unknown", "config": {}}`))
	var up *component.UnknownProviderError
	if !errors.As(err, &up) || up.Package != "" || strings.Contains(err.Error(), "import") {
		t.Errorf("unknown provider: %v", err)
	}
}
