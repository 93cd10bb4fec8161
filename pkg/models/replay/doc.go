// Package replay provides a model client that answers with predefined
// responses, in order, for tests, examples and the token-limited model
// context: AutoGen's ReplayChatCompletionClient
// (autogen_ext.models.replay), a models.ChatCompletionClient.
//
// It behaves as AutoGen 0.7.5's client does: each Create or CreateStream
// returns the next response (a text, wrapped in a CreateResult with finish
// reason "stop", or a predefined CreateResult), and fails with
// ErrNoMoreResponses when they are used up; streaming yields the text's
// words separated by spaces and then the CreateResult. Tokens are counted
// its way: the words of Python's str.split() over each message whose
// content is a string (other content counts 0, tools are ignored), and
// RemainingTokens is max(0, 10000 - total usage), whatever the messages.
//
// The client is a component: its config round-trips with AutoGen's
// ({"chat_completions": [...], "model_info": {...}} under provider
// "autogen_ext.models.replay.ReplayChatCompletionClient", component_type
// "replay_chat_completion_client"), and importing this package registers
// the provider with package component, so models.LoadClient and the model
// contexts can load it.
//
// A Client is safe for concurrent use.
package replay
