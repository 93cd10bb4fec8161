// Package openai is AutoGen 0.7.5's OpenAI and Azure OpenAI chat-completion
// clients (autogen_ext.models.openai: OpenAIChatCompletionClient and
// AzureOpenAIChatCompletionClient) over the official Go SDK,
// github.com/openai/openai-go/v3 (its transport, retries and SSE reader).
//
// It owns:
//
//   - the clients' configs (gen.OpenAIClientConfigurationConfigModel,
//     gen.AzureOpenAIClientConfigurationConfigModel), their loading
//     (NewOpenAI, NewAzure, OpenAIFromConfig, AzureFromConfig and the
//     component providers autogen_ext.models.openai.OpenAIChatCompletionClient
//     and ...AzureOpenAIChatCompletionClient, with AutoGen's short aliases
//     through pkg/component) and their dumps (ComponentModel, with the
//     api_key written as pydantic writes a SecretStr, "**********");
//   - the API key from the config or the environment variable AutoGen
//     reads (OPENAI_API_KEY, GEMINI_API_KEY, ANTHROPIC_API_KEY,
//     LLAMA_API_KEY, AZURE_OPENAI_API_KEY, AZURE_OPENAI_AD_TOKEN); it is
//     never printed, logged or put in an error;
//   - model_info resolution (LookupModelInfo is AutoGen's _MODEL_INFO
//     table) and AutoGen's refusal of unknown models without model_info;
//   - requests as AutoGen's _process_create_args builds them: the
//     per-family message transformers of _message_transform.py (names,
//     name prefixes, images, thoughts, tool calls and results, empty
//     content for Gemini and Claude, no name for Mistral), the merging of
//     system messages for models without multiple_system_messages, tools
//     with strict, tool_choice, JSON mode, structured output for
//     CreateOptions.OutputType (a json_schema response format with the
//     openai library's strict-schema transformation, or an OutputSchema in
//     Options), extra create arguments checked against the openai create
//     parameters, and stream_options;
//   - results as AutoGen's create and create_stream build them: finish
//     reasons normalised, text or function calls (names normalised),
//     thoughts from reasoning_content or a <think> block (R1 family),
//     usage, logprobs; streamed text chunks in order and tool calls
//     assembled across chunks;
//   - typed errors: *Error for what AutoGen refuses with a Python exception
//     (ValueError ...), *APIError for error answers of the API (status,
//     message, the openai library's text), *ValidationError for structured
//     output that does not decode as the requested type;
//   - CountTokens and RemainingTokens through package tokens.
//
// The request body equals the one AutoGen's client sends through the
// openai Python library for the same inputs (key order aside): it is
// built here and sent with option.WithRequestBody.
package openai
