// Package runtimecase owns the harness side of the runtime conformance
// cases in testdata/conformance/runtime (see the README.md there): recorded
// AutoGen 0.7.5 runs of agents and teams that 'agentschema run' must
// reproduce.
//
// It holds everything a test needs to replay one case apart from running
// the command itself:
//
//   - Case, Run and Expect, the case files as decoded by LoadDir (with
//     json.Decoder.UseNumber, so numbers keep their text);
//   - ModelServer and ToolServer, the scripted OpenAI chat-completions
//     endpoint and the HTTP tool endpoint, both on 127.0.0.1, recording every
//     request they get; Servers starts the pair for one run (Start);
//   - Placeholders, the "{{BASE_URL}}", "{{TOOL_HOST}}" and "{{TOOL_PORT}}"
//     substitution applied to configs and states (Apply) and reversed on
//     recorded outputs (Reverse);
//   - Normalize and NormalizeValue, the README's one normalization (UUIDs
//     numbered by first appearance, created_at timestamps blanked);
//   - Compare, FirstDifference and Equal, the README's comparison rules with
//     diffs that name the item and the first differing JSON path.
//
// The test that runs the command against every case is
// cmd/agentschema's TestRunConformance.
package runtimecase
