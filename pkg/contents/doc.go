// Package contents implements the content types of the design note "Core
// Data Types" (the next generation of these agents' common data types,
// following .NET's Microsoft.Extensions.AI) and a lossless bridge between
// them and AutoGen's LLM messages.
//
// It owns:
//
//   - the content kinds, types generated from schemas/AIContent.json and
//     its members: the note's TextContent, TextReasoningContent,
//     DataContent, UriContent, FunctionCallContent, FunctionResultContent,
//     ErrorContent, UsageContent, UsageDetails and AdditionalCounts, and
//     the kinds .NET's Microsoft.Extensions.AI and the Agent Framework
//     added: HostedFileContent, HostedVectorStoreContent, ToolCallContent,
//     ToolResultContent, FunctionApprovalRequestContent and
//     FunctionApprovalResponseContent (.NET's ToolApprovalRequestContent
//     and ToolApprovalResponseContent), McpServerToolCallContent,
//     McpServerToolResultContent, CodeInterpreterToolCallContent,
//     CodeInterpreterToolResultContent, ImageGenerationToolCallContent,
//     ImageGenerationToolResultContent, WebSearchToolCallContent and
//     WebSearchToolResultContent (the Type* constants are their tags); the
//     note's AnyTextualContent and LocatableContent as Go interfaces
//     (sealed unions generated from their own schemas), with TextOf, URIOf
//     and MediaTypeOf;
//   - the JSON of contents: Unmarshal, UnmarshalList, Marshal and List. This
//     project's form has a "type" tag (text, text_reasoning, data, uri,
//     function_call, ...), snake_case members, members that are null and
//     default to null left out, exceptions written as their message text,
//     and data as standard base64. Reading also accepts the other dialects
//     (see below);
//   - the chat messages of .NET and the Agent Framework, gen.AIChatMessage
//     (named so because ChatMessage is AgentChat's union), gen.ChatResponse
//     and gen.ChatResponseUpdate, read in both dialects, and
//     FromAIChatMessage and ToAIChatMessage between a chat message and a
//     Message (and so, with ToLLMMessage and FromLLMMessage, AutoGen's LLM
//     messages);
//   - the common fields of every content: RawRepresentation holds any Go
//     value (the object the content was made from) and is written to JSON
//     only when it is JSON (a RawJSON or json.RawMessage), and reading keeps
//     it as RawJSON; AdditionalProperties is a JSON object; Annotations
//     (such as citations) are JSON objects kept as written;
//     RawRepresentationOf, AdditionalPropertiesOf and AnnotationsOf read
//     them from any content;
//   - data: URIs: DataContent's Base64Data and URI, DataContentFromURI and
//     ParseDataURI (a malformed URI is a *DataURIError), NewDataContent;
//   - usage arithmetic: UsageDetails.Add and AdditionalCounts.Add (generated
//     methods: counts add, an absent count plus a present one is the present
//     one, additional counts add key by key), with AdditionalCounts' keys
//     checked: ThoughtTokenCount, ImageTokenCount, or "<service>.<name>"
//     (ValidCountKey), anything else a *KeyError when read, written or
//     validated;
//   - the bridge to AutoGen: FromLLMMessage and ToLLMMessage (and their
//     plural forms) between gen.LLMMessage and Message, a role, an author and
//     a list of contents; FromFunctionCall, ToFunctionCall,
//     FromFunctionResult, ToFunctionResult, FromImage, ToImage,
//     FromRequestUsage and ToRequestUsage for the parts.
//
// # The other dialects
//
// Reading takes, besides this project's form, what .NET's
// Microsoft.Extensions.AI writes (System.Text.Json with its defaults) and
// what the Agent Framework's Python package writes (to_dict), and keeps
// every member either puts on a content; writing gives this project's
// form, which reads back the same:
//
//	.NET                                   this project
//	"$type": text, reasoning, data, uri,   "type": text, text_reasoning, data, uri,
//	  functionCall, functionResult,          function_call, function_result,
//	  error, usage, hostedFile,              error, usage, hosted_file,
//	  hostedVectorStore, toolCall,           hosted_vector_store, tool_call,
//	  toolResult, toolApprovalRequest,       tool_result, function_approval_request,
//	  toolApprovalResponse,                  function_approval_response,
//	  mcpServerToolCall/Result, ...          mcp_server_tool_call/result, ...
//	camelCase members (callId, ...)        snake_case (call_id, ...)
//	DataContent {uri: data: URI, name}     DataContent {data, media_type, name}
//	reasoning protectedData                protected_data
//	functionCall informationalOnly         informational_only
//	usage cachedInputTokenCount,           cached_input_token_count,
//	  reasoningTokenCount, input/output      reasoning_token_count, input_/output_
//	  Audio/Text TokenCount                  audio/text_token_count
//	approval requestId, toolCall           id, function_call
//	mcpServerToolCall name                 tool_name
//	mcpServerToolResult outputs            output (kept as written)
//	ChatResponse modelId, usage            model_id, usage
//
//	Agent Framework                        this project
//	usage content usage_details            details
//	usage_details cache_read_input_        cached_input_token_count,
//	  token_count, reasoning_output_         reasoning_token_count,
//	  token_count, provider counts           additional_counts
//	  ("anthropic.cache_read_input_tokens")
//	error content error_details            details
//	ChatResponse model, usage_details      model_id, usage
//	Message "type": "message"              the tag read is written back (Tag):
//	  ("chat_message" before the rename)     "message" when none was read
//	"file", "vector_store" contents        FileContent, VectorStoreContent (kept apart
//	                                         from hosted_file, hosted_vector_store)
//	function_result items                  items (contents; to AutoGen, text items are
//	                                         the result, any other is a *ConversionError)
//
// .NET's InputRequestContent and InputResponseContent ("inputRequest",
// "inputResponse") are not read: they have only protected constructors,
// so .NET never writes them. The Agent Framework's contents that .NET
// does not have (shell tool calls, search_tool_call/result,
// oauth_consent_request) are not read either: an unknown tag is a fault,
// never a silent drop. Unknown members that are none of these are skipped,
// as pydantic skips them.
//
// # What maps where
//
//	AutoGen                               contents
//	SystemMessage{content}                Message{system, [TextContent]}
//	UserMessage{content: str, source}     Message{user, source, [TextContent]}
//	UserMessage{content: [str | Image]}   Message{user, source, [TextContent | DataContent]}
//	Image                                 DataContent{data: the PNG AutoGen writes, media_type: image/png}
//	AssistantMessage{thought}             TextReasoningContent, first
//	AssistantMessage{content: str}        TextContent
//	AssistantMessage{content: [calls]}    FunctionCallContent, one per call
//	FunctionCall{id, name, arguments}     FunctionCallContent{call_id, name, arguments as a JSON object}
//	  arguments not a JSON object         exception (*ArgumentsError), text in additional property autogen.arguments
//	FunctionExecutionResultMessage        Message{tool, [FunctionResultContent]}
//	FunctionExecutionResult{call_id}      FunctionResultContent{call_id}
//	  content, is_error null/false        result: the content as a JSON string
//	  content, is_error true              exception: a *MessageError with the content as its text
//	  name                                additional property autogen.name
//	  is_error false (not null)           additional property autogen.is_error: false
//	RequestUsage{prompt, completion}      UsageDetails{input, output, total: their sum}
//
// Back from contents, a user message with exactly one TextContent has
// string content, otherwise list content; an assistant message holds at
// most one TextReasoningContent (its thought) and either one TextContent or
// any number of FunctionCallContents; a system message holds exactly one
// TextContent. Arguments are written as their compact JSON (none as "{}"),
// a result's JSON string as its text, other JSON as its compact text, and an
// exception as the content with is_error true. Contents with no place in
// an AutoGen message (UriContent, ErrorContent, UsageContent, DataContent
// that is not an image, text beside function calls) are a
// *ConversionError, never dropped; as are the kinds .NET and the Agent
// Framework added (hosted files, approvals, tool calls the service runs).
// Additional properties other than the autogen.* ones, annotations,
// reasoning's protected data, data's name and a call's informational_only
// have no place in AutoGen's types and are left out of AutoGen's message
// (the raw representation, when there is one, gives back the original).
//
// Every conversion from AutoGen keeps the original as the
// RawRepresentation (of the Message, of each call, result and image), and
// converting back returns the original while the contents still say what
// it said. So AutoGen → contents → AutoGen gives back an equal message,
// always; without the raw representations (after JSON, say) everything
// comes back but two forms contents do not hold: a user's one-item list of
// text comes back as a string, and call arguments as compact JSON.
package contents
