// Package messages gives Go programs AutoGen's autogen_agentchat.messages
// (0.7.5): the chat messages and agent events AutoGen teams exchange, their
// renderings, StructuredMessage, and the MessageFactory that decodes them
// by tag. A Go service can read, write, render and route the transcripts
// AutoGen produces, with the same JSON, defaults, texts and errors.
//
// It owns:
//
//   - the types: the built-in messages and events are the generated types
//     of package gen, re-exported here as aliases (TextMessage,
//     MultiModalMessage, StopMessage, HandoffMessage,
//     ToolCallSummaryMessage, ToolCallRequestEvent, ...), with the unions
//     ChatMessage and AgentEvent. StructuredMessage[T] (generic over a Go
//     struct), RawStructuredMessage (any content, kept as JSON) and custom
//     types (embedding ChatMessageBase or AgentEventBase) are
//     CustomChatMessage and CustomAgentEvent. IsChatMessage and
//     IsAgentEvent tell chat messages from events.
//   - the renderings: ToText, ToModelText and ToModelMessage give exactly
//     the strings AutoGen's to_text(), to_model_text() and
//     to_model_message() give, including the Python repr() of event
//     contents (quote choice and escapes, FunctionCall(...),
//     MemoryMimeType enum members), MultiModalMessage's image placeholders
//     and iTerm2 inline images, and StructuredMessage's format_string,
//     rendered by an implementation of Python's str.format (fields,
//     indexing, conversions and the format-spec mini-language) whose
//     errors are Python's (*FormatError).
//   - the model codec: Marshal, Unmarshal and StructuredMessageSchema read,
//     write and describe Go structs as pydantic validates, dumps and
//     describes the BaseModel they stand for (lax scalars, defaults from
//     default tags, the constraint tags minimum, maxLength, pattern,
//     minItems and the like enforced as pydantic's Field constraints,
//     every fault with its JSON pointer). An Enum-typed content field
//     whose type has EnumNames() is formatted by format_string as Python
//     3.11 and later format a member, Color.RED; without it, as its value.
//   - the factory: MessageFactory with Register, Create and IsRegistered,
//     with AutoGen's error texts (*UnknownTypeError, *MissingTypeError,
//     *RegistrationError); Load decodes the built-in types.
//
// Where each Python behaviour lives: the model codec's pydantic model
// (the tag grammar, model_json_schema, lax validation in JSON mode, the
// dumps) is internal/pymodel's, shared with pkg/tools and
// pkg/models/openai, and documented there once; str.format and the
// format-spec mini-language are internal/pyformat's, Python's exceptions
// internal/pyexc's, repr() and str() internal/pyjson's, and datetimes
// internal/pytime's. This package keeps what is AutoGen's messages' own:
// the tags, the renderings, StructuredMessage's computed "type" and the
// factory.
//
// Python objects that JSON cannot carry are outside what a value decoded
// from JSON can show: a MemoryContent built with a MemoryMimeType member or
// bytes renders differently in Python; WithMemoryForms says which. Go maps
// have no order, so a dict field of a Go struct is dumped and rendered with
// sorted keys (use RawJSON to keep the order).
package messages
