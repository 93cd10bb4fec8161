// Package workbench gives Go programs AutoGen's workbenches
// (autogen_core.tools.Workbench, StaticWorkbench, StaticStreamWorkbench):
// a set of tools served behind one interface, with the results, error
// texts and state AutoGen's agents expect.
//
// It owns:
//
//   - the Workbench and StreamWorkbench interfaces;
//   - StaticWorkbench and StaticStreamWorkbench over a list of tools.Tool,
//     with gen.ToolOverride renames and redescriptions (conflicting or
//     shared override names are *OverrideError with AutoGen's messages);
//   - how failures become results, as AutoGen's call_tool does: an unknown
//     tool gives "Tool {name} not found.", a tool's error its text, errors
//     joined with errors.Join their texts concatenated as AutoGen formats
//     an ExceptionGroup (FormatError), all with is_error set;
//   - ToText, AutoGen's ToolResult.to_text ("[Image: <base64>]" for an
//     image unless a replacement is given);
//   - the workbenches' component configs (AutoGen's StaticWorkbenchConfig
//     in the ComponentModel envelope, see component.go).
//
// Workbenches are safe for concurrent use. Stop refuses new calls and waits
// for the running ones, cancelling their contexts if its own context ends
// first.
package workbench
