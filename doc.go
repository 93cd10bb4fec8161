// Package agentschema gives Go programs AutoGen's agent type system and the
// behaviour around it. This root package holds only the module's one error
// model, [Fault] and [Faults]; everything else is in the packages below, one
// concept each, so that any type or behaviour is one step from the layout.
//
// # Layout
//
//   - schemas/: the canonical JSON Schemas, one concept one file.
//   - gen/: the Go types generated from them (one file per schema, with its
//     JSON codec), never edited by hand; internal/cmd/schemagen generates it.
//   - pkg/models (LLM messages, CreateResult, ChatCompletionClient) and its
//     clients pkg/models/openai and pkg/models/replay; pkg/modelcontext (the
//     context windows); pkg/tokens (token counts); pkg/tools and
//     pkg/workbench with pkg/workbench/mcp; pkg/messages (AgentChat messages
//     and events); pkg/contents (the content types of the newer agent
//     framework); pkg/component (component configs and trees); pkg/validate;
//     pkg/images; pkg/jsonstream.
//   - cmd/agentschema: the command.
//
// # Layers
//
// Imports go one way, from programs down to leaves, and a helper two
// packages share lives below both (layers_test.go checks every import):
//
//  1. this package (Fault) and schemas; the leaves internal/pytime,
//     internal/pyexc, internal/pyimg, internal/bpe;
//  2. internal/pyjson (Python's JSON values, quoting and float repr);
//  3. internal/wire (the codec runtime under gen's types) and
//     internal/pyformat;
//  4. gen;
//  5. internal/pymodel and internal/oaitransform;
//  6. pkg/component, pkg/images, pkg/jsonstream, pkg/contents, pkg/tokens;
//  7. pkg/models, pkg/tools, pkg/messages;
//  8. pkg/modelcontext, the clients, pkg/workbench, pkg/validate (which
//     checks a StructuredMessage as pkg/messages loads it), then
//     pkg/workbench/mcp;
//  9. test helpers (modelcontexttest, the MCP test server), imported by
//     tests only, and the command.
//
// # Where each Python behaviour lives
//
// AutoGen is Python; matching it byte for byte means emulating parts of
// Python and its libraries. Each part lives in one internal package, used
// by every public package that needs it:
//
//   - pydantic-core's validation and serialization of the generated types
//     (lax coercion, defaults, error types and texts, model_dump_json):
//     internal/wire, driven by the codecs in gen/.
//   - Python's view of JSON values (json.loads, json.dumps, float repr, dict
//     order): internal/pyjson.
//   - str.format, format specs and repr: internal/pyformat.
//   - datetime parsing, isoformat and repr as pydantic writes them:
//     internal/pytime.
//   - Python exception classes, matched with errors.Is: internal/pyexc.
//   - Pillow's image opening, limits and re-encoding: internal/pyimg.
//   - pydantic models made from Go structs (StructuredMessage[T], function
//     tools, structured output): internal/pymodel.
//   - tiktoken's byte-pair encoder: internal/bpe.
//   - the openai client's per-family message transformers and name checks:
//     internal/oaitransform.
package agentschema
