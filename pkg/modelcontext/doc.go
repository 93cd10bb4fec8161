// Package modelcontext gives Go programs AutoGen's chat completion
// contexts (autogen_core.model_context): the store of LLM messages an agent
// keeps and the view of them it sends to its model, with the same views,
// saved state and component configs as AutoGen 0.7.5, so a Go service can
// rebuild exactly what an AutoGen agent sent.
//
// It owns:
//
//   - the ChatCompletionContext interface (AddMessage, GetMessages, Clear,
//     SaveState, LoadState), and its four kinds: Unbounded, Buffered,
//     HeadAndTail and TokenLimited, with AutoGen's algorithms and quirks
//     (each kind's documentation states them) and its constructor errors
//     (*SizeError, "buffer_size must be greater than 0.");
//   - the saved state: AutoGen's ChatCompletionContextState JSON, read and
//     written so that a state saved by a Python agent loads in Go and the
//     reverse; a bad state is a *StateError and changes nothing;
//   - the component configs: each kind is a component.Component whose
//     ComponentModel is AutoGen's dump_component(), and the four providers
//     ("autogen_core.model_context.BufferedChatCompletionContext", ...) are
//     registered with component.Default, so Load builds a context from an
//     AutoGen config, including a token-limited context's model_client
//     (whose provider's package must be imported, e.g. models/replay);
//   - O(n) token-limited views: models.MessageCounter and BudgetCounter, optional
//     interfaces of a model client whose count adds up per message;
//   - KeepToolPairs, an option AutoGen does not have;
//   - View, GetMessages for a caller that only reads the view: an
//     Unbounded context's history itself, without the copy per call.
//
// # Token counting
//
// AutoGen's token-limited context removes one message at a time from the
// middle of the list and asks the client to count the whole list again,
// so a long history costs O(n²) counting. When the client implements
// models.MessageCounter (CountTokens == OverheadTokens + Σ MessageTokens), each
// message is counted once per GetMessages and the same removals are done
// on the counts, in O(n); the view is the same. Without a token limit the
// context trims until RemainingTokens is not negative: one call tells
// whether anything needs trimming, and a client that also implements
// BudgetCounter (RemainingTokens == TokenBudget - CountTokens) trims in
// O(n) too. Other clients are recounted as AutoGen does: correct, but
// slow on long histories. The replay client (models/replay) implements
// models.MessageCounter, and so does tokens.OpenAICounter.
//
// # KeepToolPairs
//
// AutoGen's contexts can cut a tool exchange: a function call message
// (an AssistantMessage whose content is a list, even an empty one) can
// stay in the view without the FunctionExecutionResultMessages that
// answered it, or results without their call, and model APIs such as
// OpenAI's refuse such requests. With the KeepToolPairs option a tool
// exchange is a call message with the run of result messages right after
// it in the history, and the view holds exchanges whole or not at all:
//
//   - Buffered: the view is the messages of AutoGen's window (the last
//     buffer_size messages) that are not in an exchange the window cuts;
//   - HeadAndTail: the same for the head and the tail windows, and the
//     placeholder counts every message of the history left out; a history
//     of at most head_size+tail_size messages is given whole;
//   - TokenLimited: an exchange is removed as one unit, from the middle,
//     so the count of the view is at most the limit (or the view is
//     empty).
//
// In every kind, call messages with no result right after them and
// results with no call message right before their run are left out. The
// pairing is by position, as the messages are stored; the call ids are
// not checked. Without tool messages, the option changes nothing.
//
// # Sharing
//
// The contexts are safe for concurrent use. AddMessage, Clear and
// LoadState take a lock; GetMessages and SaveState work on a snapshot of
// the history taken under it, without copying, so a slow token count does
// not block writers. Messages are not copied: a context keeps the message
// values it is given and returns them in its views, so treat a message as
// read-only once added (copy one to change it, as the ReasoningContext of
// the package example does).
package modelcontext
