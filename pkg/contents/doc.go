// Package contents implements the content types of the design note "Core
// Data Types" (the next generation of these agents' common data types,
// following .NET's Microsoft.Extensions.AI) and a lossless bridge between
// them and AutoGen's LLM messages.
//
// It owns:
//
//   - aliases of the types generated from schemas/AIContent.json and its
//     members: TextContent, TextReasoningContent, DataContent, UriContent,
//     FunctionCallContent, FunctionResultContent, ErrorContent, UsageContent,
//     UsageDetails and AdditionalCounts; the note's AnyTextualContent and
//     LocatableContent as Go interfaces (sealed unions generated from their
//     own schemas), with TextOf, URIOf and MediaTypeOf;
//   - the JSON of contents: Unmarshal, UnmarshalList, Marshal and List. This
//     project's form has a "type" tag (text, text_reasoning, data, uri,
//     function_call, function_result, error, usage), snake_case members,
//     members that are null and default to null left out, exceptions written
//     as their message text, and data as standard base64. Reading also
//     accepts what .NET's Microsoft.Extensions.AI writes: a "$type" tag
//     (text, reasoning, data, uri, functionCall, functionResult, error,
//     usage), camelCase members, and DataContent as a data: URI;
//   - the common fields of every content: RawRepresentation holds any Go
//     value (the object the content was made from) and is written to JSON
//     only when it is JSON (a RawJSON or json.RawMessage), and reading keeps
//     it as RawJSON; AdditionalProperties is a JSON object;
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
// *ConversionError, never dropped; additional properties other than the
// autogen.* ones have no place in AutoGen's types and are dropped.
//
// Every conversion from AutoGen keeps the original as the
// RawRepresentation (of the Message, of each call, result and image), and
// converting back returns the original while the contents still say what
// it said. So AutoGen → contents → AutoGen gives back an equal message,
// always; without the raw representations (after JSON, say) everything
// comes back but two forms contents do not hold: a user's one-item list of
// text comes back as a string, and call arguments as compact JSON.
package contents
