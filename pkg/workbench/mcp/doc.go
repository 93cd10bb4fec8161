// Package mcp gives Go programs AutoGen's McpWorkbench
// (autogen_ext.tools.mcp.McpWorkbench, AutoGen 0.7.5): the tools, prompts
// and resources of a Model Context Protocol server behind the module's
// workbench.Workbench interface, over the official MCP Go SDK
// (github.com/modelcontextprotocol/go-sdk).
//
// It owns:
//
//   - Workbench: the connection to one server, over stdio (the server runs
//     as a child process, its environment built as the mcp Python
//     package's stdio_client builds it), SSE or streamable HTTP, chosen by
//     the config's server_params (gen.StdioServerParams,
//     gen.SseServerParams, gen.StreamableHttpServerParams);
//   - the tools as AutoGen shows them: ListTools gives each server tool as
//     a gen.ToolSchema after the tool overrides, its parameters built from
//     the tool's input schema with AutoGen's defaults (required [],
//     additionalProperties false) and the server's key order kept;
//     CallTool maps an override name back, calls the tool and converts the
//     result as AutoGen does (text, checked images, embedded resources as
//     their pydantic JSON), a failure of the call or the transport becoming
//     an error result with AutoGen's text (FormatError);
//   - the rest of the session: prompts, resources, resource templates and
//     the initialize result, with the SDK's types;
//   - the lifetime: Start connects and initializes, Stop closes the session
//     and reaps the child process (and its process group), a call before
//     Start starts the workbench (as AutoGen's fallback does), and each
//     request has the read timeout of the server params;
//   - the host (AutoGen's McpSessionHost): Host answers the requests the
//     server sends to the session, sampling with a Sampler
//     (ChatCompletionClientSampler, a model client), elicitation with an
//     Elicitor (StdioElicitor on a terminal, or a Go callback,
//     ElicitorFunc) and roots/list with a RootsProvider
//     (StaticRootsProvider), with AutoGen's errors and JSON-RPC codes when
//     a part is missing or fails. The session declares the sampling,
//     elicitation and roots capabilities whether or not there is a host,
//     as AutoGen's does; without one each request is answered with
//     AutoGen's "No host available for ..." error. A Go program gives a
//     host with Options.Host; a config gives one in its host member (an
//     McpSessionHost ComponentModel whose sampler, elicitor and roots are
//     ComponentModels, loaded with the component registry; see LoadHost).
//     Over stdio and SSE the host sees the server's requests as they were
//     sent (RawParams): a requested schema keeps its key order, and a
//     temperature of 0 is told from none. Over streamable HTTP it has the
//     SDK's decoded values only;
//   - the component config (AutoGen's McpWorkbenchConfig in the
//     ComponentModel envelope, provider "autogen_ext.tools.mcp.McpWorkbench")
//     and the saved state, {"type": "McpWorkBenchState"}.
//
// A Workbench is safe for concurrent use.
//
// Only connect to servers you trust: a stdio server is a command run on
// this machine with the config's arguments and environment, and a host
// lets the server use its model client and ask its user.
//
// With debug enabled on log/slog's default logger (`agentschema run
// --log-level debug`), each request to the server (tools/list, tools/call,
// prompts, resources) is logged as "mcp request": the server's command (not
// its arguments or environment) or URL (its query shown as "..."), the
// method, the tool or prompt name, the duration and the error; never the
// arguments or a header.
package mcp
