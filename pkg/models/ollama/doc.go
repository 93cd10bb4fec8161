// Package ollama calls the Ollama chat API (POST /api/chat), sending what
// AutoGen sends and reading the answers as AutoGen reads them. It is
// AutoGen 0.7.5's OllamaChatCompletionClient
// (autogen_ext.models.ollama.OllamaChatCompletionClient) over
// ollama-python 0.4.7, the version AutoGen was recorded with.
//
// It owns:
//
//   - the client's config (gen.OllamaClientConfigurationConfigModel), its
//     loading (New, FromConfig and the component provider
//     autogen_ext.models.ollama.OllamaChatCompletionClient, with AutoGen's
//     short alias through pkg/component) and its dump (ComponentModel:
//     model_info and model_capabilities are dropped, as AutoGen's
//     constructor drops them from the config it keeps);
//   - AutoGen's Ollama model table (LookupModelInfo, in internal/modelinfo):
//     a model's capabilities by the name before its first ':' only, so
//     "llama3.2:3b" is llama3.2 but "library/llama3.2" is unknown and needs
//     a model_info ("model_info is required when model name is not a valid
//     OpenAI model", AutoGen's text, OpenAI and all);
//   - requests as _process_create_args and ollama-python build them: every
//     message keeps its role (system messages are not merged); a user list
//     becomes one message per text part with each image in the images of
//     the message before it; tool calls with their arguments parsed by
//     json.loads; results as role "tool" messages; members that are empty
//     dropped; sources and tool names checked by assert_valid_name (which
//     lets one trailing newline through, as Python's $ does); tools cut
//     down to each property's type and description; tool_choice; format
//     "json" for JSON mode and the model's JSON Schema for structured
//     output (Options.OutputSchema or CreateOptions.OutputType); extra
//     create arguments lower-cased, control parameters (temperature, seed,
//     num_ctx, stop, ...) moved into options, unknown ones dropped, and a
//     stream, messages or tools argument refused as Python refuses a
//     keyword given twice;
//   - answers as create and create_stream read them: ChatResponse
//     validated as pydantic does (a *ValidationError with pydantic's
//     text), tool calls as FunctionCalls whose ids count the client's
//     create calls ("0", "1", ...; a stream uses the current count without
//     advancing it), content beside tool calls as the thought, done
//     reasons (stop and end_turn: stop; tool_calls: function_calls;
//     anything else: unknown), usage from the counts (a stream's from its
//     last line, and its completion tokens only when content came); the
//     NDJSON lines of a stream split as httpx splits lines (so a blank line
//     is a JSONDecodeError), lines after the done line still read, and the
//     result's content the joined text only when two or more content
//     pieces came (AutoGen's rule, which makes a stream of a single piece
//     end with an empty list of calls);
//   - typed errors: *Error for what Python raises (ValueError, TypeError,
//     JSONDecodeError, ...), *ResponseError for error answers (ollama's
//     "<error> (status code: N)"), *ValidationError, and ExceptionOf to
//     give any of them as Python's class and text;
//   - CountTokens and RemainingTokens as count_tokens_ollama and the
//     table's token limits compute them (quirks included: images, tool
//     calls and property types count nothing);
//   - bounds AutoGen does not have: a response body limit, a stream line
//     limit (a *LimitError past them) and an optional read timeout
//     (WithReadTimeout).
//
// The config's headers, timeout and follow_redirects are dumped but, as in
// AutoGen (which passes only host to ollama's AsyncClient), not used:
// redirects are followed, and there is no timeout unless WithReadTimeout
// sets one. Nothing is retried, as neither AutoGen nor ollama-python
// retries.
//
// # Why not github.com/ollama/ollama/api
//
// The requests are built here and sent with net/http rather than with
// Ollama's Go client (github.com/ollama/ollama/api, v0.17.4 checked),
// because that client cannot send the bytes AutoGen sends nor read the
// answers as AutoGen reads them:
//
//   - api.Message.Content has no omitempty, so an empty content is sent
//     as "content": "" where ollama-python drops it; api.ChatRequest.Tools
//     is omitempty, so the "tools": [] ollama-python always sends cannot be
//     sent; Options is sent as null when unset; KeepAlive is an
//     api.Duration, which writes "5m0s" for AutoGen's "5m" and cannot
//     carry a float;
//   - api.Client.Chat always reads the answer as NDJSON lines with its own
//     error handling (StatusError texts, no pydantic validation), and its
//     response types cannot tell a null tool_calls from an empty list
//     (AutoGen makes the latter a function-call result), nor keep the
//     arguments' numbers as Python's json.dumps writes them;
//   - the client reads OLLAMA_* settings through its envconfig package and
//     signs requests with a key from the user's home directory in some
//     cases, which AutoGen's client does not;
//   - the module is heavy for a client: github.com/ollama/ollama's go.mod
//     requires some 80 modules (gin, sqlite3, tree-sitter, the model
//     runners' dependencies), all of which would enter this module's
//     graph.
//
// The request is therefore written here (as pydantic's model_dump and
// httpx's compact JSON write it) and the answer parsed with this module's
// Python-faithful JSON reader (internal/pyjson).
//
// AutoGen's plain bugs, reproduced because the recorded cases show them:
// the model table's refusal speaks of "a valid OpenAI model"; a stream whose
// text came in one piece ends with an empty list of function calls as its
// content; count_tokens never counts a property's type or description.
//
// With debug enabled on log/slog's default logger (`agentschema run
// --log-level debug`), each request is logged as "model request": method,
// URL without user information or query, status, duration, or the error;
// never a header.
package ollama
