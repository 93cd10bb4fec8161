// Package models gives Go programs AutoGen's autogen_core.models: the LLM
// message types, CreateResult, RequestUsage, logprobs, ModelInfo,
// ModelCapabilities and ModelFamily, with AutoGen's behaviour.
//
// It owns:
//
//   - constructors of the generated message types (gen.SystemMessage,
//     gen.UserMessage, gen.AssistantMessage, ...) such as NewUserText, all
//     taking the source first and the content last; AssistantMessageOf, the
//     AssistantMessage that puts a CreateResult back into a context; and the
//     typed FinishReason constants;
//   - RequestUsage arithmetic (AddUsage);
//   - ModelFamily: every constant AutoGen 0.7.5 defines (FamilyGPT4O for
//     ModelFamily.GPT_4O, ...), Families (ModelFamily.ANY) and the IsOpenAI,
//     IsClaude, IsGemini, IsLlama and IsMistral predicates;
//   - ValidateModelInfo with AutoGen's error texts, and its warning (not an
//     error) when structured_output is missing;
//   - the ChatCompletionClient interface in Go's idiom: Create, a CreateStream
//     iterator that yields text chunks and then the CreateResult, token
//     counting, usage, capabilities and Close; CreateOptions carry the tools,
//     JSON or structured output and extra arguments; LoadClient builds a
//     client from an AutoGen component config.
//
// The replay client (autogen_ext.models.replay) is in package
// models/replay; exact OpenAI token counting is in package tokens.
package models
