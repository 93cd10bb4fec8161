// Package openai calls OpenAI, Azure OpenAI and OpenAI-compatible
// chat-completion endpoints, sending what AutoGen sends and reading the
// answers as AutoGen reads them. It is AutoGen 0.7.5's OpenAI and Azure
// OpenAI chat-completion clients (autogen_ext.models.openai:
// OpenAIChatCompletionClient and AzureOpenAIChatCompletionClient) over the
// official Go SDK,
// github.com/openai/openai-go/v3 (its transport, retries and error
// answers). Answers are read as the openai Python library (1.93) reads
// them: JSON bodies with json.loads, streams with its SSE decoder.
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
//     assembled across chunks; for structured output, the openai
//     library's parse: finish reasons length and content_filter refused,
//     strict tools' arguments parsed, the content validated by the
//     response format's model as pydantic's model_validate_json does
//     (partially while a stream goes on, fully when it finishes);
//   - typed errors: *Error for what AutoGen or the openai library refuses
//     with a Python exception (ValueError, IndexError, AttributeError,
//     JSONDecodeError, OpenAIError ...), *TypeError, *APIError for error
//     answers of the API and error events of a stream (status, message,
//     the openai library's text), *ValidationError for structured output
//     the model refuses and configs the config model refuses (pydantic's
//     text); ExceptionOf gives any of them as Python's class and text;
//   - CountTokens and RemainingTokens through package tokens.
//
// The request body equals the one AutoGen's client sends through the
// openai Python library for the same inputs (key order aside): it is
// built here and sent with option.WithRequestBody.
package openai
