// Package anthropic gives Go programs AutoGen's
// autogen_ext.models.anthropic: AnthropicChatCompletionClient (Anthropic's
// Messages API) and AnthropicBedrockChatCompletionClient (Claude on AWS
// Bedrock), request for request and answer for answer as autogen-ext
// 0.7.5 with anthropic-python 0.49 builds and reads them.
//
// It owns:
//
//   - loading, validating and dumping the two component configs
//     (FromConfig, BedrockFromConfig, New, NewBedrock, ComponentModel;
//     registered with package component, so models.LoadClient and
//     `agentschema run` know them): refused configs are pydantic's
//     ValidationError (openai.ValidationError), and dumps write api_key and
//     bedrock_info's AWS keys as "**********";
//   - AutoGen's model table and its capability checks (LookupModelInfo,
//     TokenLimit), with the prefix match's quirk: "claude-2.0"'s base name
//     is "claude", so any claude-* model no earlier entry matches
//     (claude-3-5-haiku-..., claude-haiku-4-5) gets claude-2.0's info, no
//     vision and no function calling — a plain bug of AutoGen's table,
//     reproduced;
//   - create and create_stream: system messages merged (continuous ones
//     joined with "\n" and rstripped into the top-level system; others a
//     ValueError), the empty and whitespace rules (blank user text becomes
//     " ", the last assistant text is rstripped), images as base64 PNG
//     blocks, tool calls as tool_use blocks (arguments read with
//     extract_json_from_str) after the thought as a text block, results as
//     one user message of tool_result blocks, tools and tool_choice (sent
//     only with tools or tool results; without tools, the client's last
//     used tools), JSON mode (checked, never sent), structured output
//     (refused, as AutoGen refuses it), extra_create_args (only the
//     Messages API's parameters are read; an explicit None is sent as
//     null), thinking, stop reasons, usage and actual_usage/total_usage;
//   - streaming: Anthropic's server-sent events (text and thinking deltas
//     are the chunks; an error event raises APIStatusError after them) and
//     Bedrock's AWS event stream;
//   - errors as AutoGen raises them: the anthropic library's exception
//     classes and texts (APIError, Error), read with models.ExceptionOf;
//   - count_tokens and remaining_tokens as AutoGen estimates them for
//     Claude (tiktoken's cl100k_base with fixed overheads);
//   - the bounds of the OpenAI client applied to this one: a response
//     body (DefaultMaxResponseBytes) and a stream event
//     (DefaultMaxEventBytes), httpx's timeouts (600 s a read, 5 s to
//     connect, or the config's timeout for both).
//
// The requests go through github.com/anthropics/anthropic-sdk-go: its
// client (base URL, API key header, anthropic-version, retries of 408,
// 409, 429 and 5xx with x-should-retry and retry-after-ms, max_retries
// default 2) and, for Bedrock, its bedrock option over aws-sdk-go-v2
// (the model moved into the path, anthropic_version in the body, SigV4
// signing, the AWS event stream read back as server-sent events). The
// body is written by this package and given to the SDK as it is
// (Client.Post with the JSON bytes), not through the SDK's typed
// MessageNewParams: AutoGen sends values the typed parameters cannot
// carry as it sends them (an explicit null temperature, tool input
// schemas and tool_use inputs copied as given, a JSON array as a tool
// input, "tools": [] with tool results). The answers are read by this
// package too, from the raw response (the SDK's typed Message and its
// stream accumulator drop or reject what anthropic-python keeps: a
// missing usage count, an unknown block type, an error event's data).
//
// AutoGen's quirks that are plain bugs, reproduced: the model table's
// prefix match above; an unknown content block type in an answer is read
// as a text block without text, so the join fails with TypeError
// ("sequence item 0: expected str instance, NoneType found"); a missing
// usage count fails the usage sum with TypeError; an empty message list
// raises IndexError; the Bedrock client ignores the config's base_url,
// timeout, max_retries and default_headers; JSON mode and the config's
// tools, tool_choice and response_format are accepted and never sent.
//
// Where Go's failures differ from Python's: a connection that fails or is
// cut in the middle of a stream is reported as APIConnectionError
// ("Connection error.", wrapping Go's error), where httpx would raise its
// own RemoteProtocolError from the stream; a read timeout is
// APITimeoutError ("Request timed out."), as the anthropic library
// raises it.
//
// With debug enabled on log/slog's default logger (`agentschema run
// --log-level debug`), each request (each attempt) is logged as "model
// request": method, URL (Bedrock's model path as sent), status, duration;
// never a header, so never a key or an AWS credential.
package anthropic
