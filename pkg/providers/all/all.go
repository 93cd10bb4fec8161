// Package all registers every AutoGen component provider this module
// implements, so that component.Load reads any config it can run:
//
//	import _ "github.com/agentschema/agentschema/pkg/providers/all"
//
// It imports the agents, teams and termination conditions of
// pkg/agentchat, the OpenAI, Anthropic (direct and on Bedrock), Ollama and
// replay model clients, the model contexts, FunctionTool, HttpTool, the
// static workbenches, the MCP workbench and the code executors.
// A program that needs only some of them imports those packages instead;
// component.Load of a provider whose package is not imported says which
// package to import.
package all

import (
	_ "github.com/agentschema/agentschema/pkg/agentchat/agents"     // AssistantAgent, UserProxyAgent, ...
	_ "github.com/agentschema/agentschema/pkg/agentchat/conditions" // termination conditions
	_ "github.com/agentschema/agentschema/pkg/agentchat/teams"      // group chats
	_ "github.com/agentschema/agentschema/pkg/codeexec/docker"      // DockerCommandLineCodeExecutor (config only)
	_ "github.com/agentschema/agentschema/pkg/codeexec/local"       // LocalCommandLineCodeExecutor
	_ "github.com/agentschema/agentschema/pkg/modelcontext"         // chat completion contexts
	_ "github.com/agentschema/agentschema/pkg/models/anthropic"     // Anthropic and Anthropic on Bedrock clients
	_ "github.com/agentschema/agentschema/pkg/models/ollama"        // the Ollama client
	_ "github.com/agentschema/agentschema/pkg/models/openai"        // OpenAI and Azure OpenAI clients
	_ "github.com/agentschema/agentschema/pkg/models/replay"        // the replay client
	_ "github.com/agentschema/agentschema/pkg/tools"                // FunctionTool
	_ "github.com/agentschema/agentschema/pkg/tools/codetool"       // PythonCodeExecutionTool
	_ "github.com/agentschema/agentschema/pkg/tools/httptool"       // HttpTool
	_ "github.com/agentschema/agentschema/pkg/workbench"            // StaticWorkbench, StaticStreamWorkbench
	_ "github.com/agentschema/agentschema/pkg/workbench/mcp"        // McpWorkbench
)
