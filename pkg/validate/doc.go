// Package validate checks JSON payloads (LLM messages, agentchat
// messages and events, transcripts' documents, saved context states,
// tool results and component configs) against the agent types of this
// module and says exactly where they are wrong.
//
// A document is checked as a type named by its schema title
// ("UserMessage", "LLMMessage", "ChatCompletionContextState", ...; see
// Titles). Each fault is an *agentschema.Fault (the module's one fault
// type) carrying the JSON pointer of the value at fault, its byte offset,
// line and column in the input, the failing keyword and a plain message;
// Validate returns them together as an agentschema.Faults, in input order,
// and errors.As finds them. The Keyword is the JSON Schema keyword that
// failed ("type", "required", "const", "enum", "format",
// "contentEncoding", ...), "discriminator" for a missing or unknown tag of a
// tagged union, and "syntax" when the input is not JSON or exceeds a
// decoding limit.
//
// There are two modes:
//
//   - ModeSchema (the default) checks what the JSON Schemas in schemas/
//     say, using github.com/santhosh-tekuri/jsonschema/v6. The schemas
//     are embedded and each is compiled once, on first use, safely for
//     concurrent callers. "format" and "contentEncoding" are asserted.
//     "date-time" is RFC 3339 with the UTC offset optional: the schemas
//     are pydantic's, and pydantic's date-time fields take naive
//     datetimes, which AutoGen keeps naive.
//   - ModeAutoGen checks what AutoGen's Python packages accept, by
//     decoding with the generated typed decoder (gen.Decode), which
//     coerces as pydantic does ("12" for an int, a unix time for a
//     datetime, "yes" for true) and opens images. Its errors carry
//     pydantic's error type in Fault.Type as well.
//
// Both modes read the other dialects of the content types and chat
// messages (AIContent, AIChatMessage, ChatResponse, ChatResponseUpdate) as
// the typed decoder does: .NET Microsoft.Extensions.AI's "$type" tags,
// camelCase members and data: URIs, and the Agent Framework's member
// names. ModeSchema rewrites the parsed document into this project's form
// before checking it and reports each fault at the member name the input
// used (dialect.go). ValidateTagged takes a document with only a "$type"
// tag as an AIContent, and checks a StructuredMessage[X] in both modes as
// normalize reads it.
//
// Both modes read a document as Python's json.loads does: of members with
// the same name the last counts (LastMembers), so an earlier duplicate is
// no fault, and the faults are placed at the members Python keeps. In
// ModeAutoGen, component trees are also checked for what load_component
// refuses after the config models (component.ApplyValidators and
// component.DumpConfig: a Handoff name that is not an identifier, a team
// without participants, ...).
//
// One mistake gives one error. The tagged unions (LLMMessage,
// ChatMessage, AgentEvent, ResultContent) are oneOf schemas with a
// discriminator; validating a plain oneOf reports a failure for every
// member. This package rewrites those schemas when it loads them (the
// files in schemas/ are unchanged) so that the tag (the discriminator's
// member: "type", or a union's own, such as EmbeddingFunctionConfig's
// "function_type") selects the one member to validate: a bad UserMessage
// inside a state is reported as
// "/messages/3/content: expected string or array, got number 3", and a
// missing or unknown tag is one error naming the allowed tags. Likewise
// an anyOf whose branches all want another JSON type gives one error
// listing the types ("expected string or null"), and otherwise the
// errors of the branch that comes closest. (Where an anyOf's branches are
// plain JSON types, such as every optional field's "T or null", it is
// compiled as one schema with a list of types: the same values pass, and
// validation is cheaper.)
//
// A document is first checked in one pass over a flat tape of its values
// (no map[string]any tree) against the same compiled schemas (fast.go);
// only a document that check cannot vouch for (one with faults, or a
// dialect form) is validated again on the tree, which finds and words its
// faults. So the errors are the tree's, and valid documents pay for one
// pass.
//
// Positions are found after validation, only for documents with errors:
// one pass over the raw input follows the faulty values' pointers and
// skips everything else, so valid documents pay nothing for them.
//
// Only the first MaxErrors faults are reported, so a long array of bad
// elements is validated cut short where that is certain to report the
// same faults (trim.go): the validator would otherwise build an error
// tree for every element, gigabytes for an array of millions.
package validate
