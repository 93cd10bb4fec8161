package workbench

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"strings"
	"unicode"

	"github.com/agentschema/agentschema/gen"
)

// Workbench is AutoGen's Workbench: a set of tools behind one interface,
// which may share resources and state.
//
// Tool failures are results, not errors: CallTool returns a ToolResult
// with IsError set and the failure's text. Its error is for the call
// itself: ctx cancelled while the tool ran, or a stopped workbench.
type Workbench interface {
	// ListTools returns the schemas of the tools available now.
	ListTools(ctx context.Context) ([]gen.ToolSchema, error)
	// CallTool calls the tool named name with args (a JSON object; empty
	// or null means no arguments). callID identifies the call for
	// tracing and may be empty.
	CallTool(ctx context.Context, name string, args json.RawMessage, callID string) (gen.ToolResult, error)
	// Start starts the workbench.
	Start(ctx context.Context) error
	// Stop stops the workbench, waiting for running calls.
	Stop(ctx context.Context) error
	// Reset returns the workbench to its initialized, started state.
	Reset(ctx context.Context) error
	// SaveState returns the workbench's state as a JSON object.
	SaveState(ctx context.Context) (json.RawMessage, error)
	// LoadState restores a state SaveState returned.
	LoadState(ctx context.Context, state json.RawMessage) error
}

// StreamWorkbench is AutoGen's StreamWorkbench: a workbench whose calls
// can stream.
type StreamWorkbench interface {
	Workbench
	// CallToolStream calls a tool and yields its intermediate values, then
	// a gen.ToolResult last. As for CallTool, failures are results; the
	// error is for a cancelled ctx or a stopped workbench.
	CallToolStream(ctx context.Context, name string, args json.RawMessage, callID string) iter.Seq2[any, error]
}

// ErrStopped is the error of a call to a stopped workbench.
var ErrStopped = errors.New("workbench: stopped")

// ToText renders a ToolResult as AutoGen's ToolResult.to_text does: the
// contents joined by newlines, a text as itself, an image as
// "[Image: <base64 of its PNG>]", or as *replaceImage when replaceImage is
// not nil.
func ToText(r gen.ToolResult, replaceImage *string) string {
	parts := make([]string, 0, len(r.Result))
	for _, c := range r.Result {
		switch c := c.(type) {
		case *gen.TextResultContent:
			parts = append(parts, c.Content)
		case *gen.ImageResultContent:
			if replaceImage != nil {
				parts = append(parts, *replaceImage)
			} else {
				parts = append(parts, "[Image: "+imageBase64(c.Content)+"]")
			}
		}
	}
	return strings.Join(parts, "\n")
}

// imageBase64 is AutoGen's Image.to_base64: the base64 of the image saved
// as PNG. An image that cannot be re-encoded gives its original bytes.
func imageBase64(im gen.Image) string {
	if im.IsZero() {
		return ""
	}
	s, err := im.EncodeBase64()
	if err != nil {
		b, _ := json.Marshal(im.Bytes())
		return strings.Trim(string(b), `"`)
	}
	return s
}

// textResult is a ToolResult holding one text.
func textResult(name, text string, isError bool) gen.ToolResult {
	return gen.ToolResult{Name: name, Result: []gen.ResultContent{&gen.TextResultContent{Content: text}}, IsError: isError}
}

// notFound is AutoGen's result for an unknown tool.
func notFound(name string) gen.ToolResult {
	return textResult(name, "Tool "+name+" not found.", true)
}

// FormatError renders an error as AutoGen's StaticWorkbench._format_errors
// renders an exception: its text, stripped; for an error that holds several
// (errors.Join, or any error with an Unwrap() []error method, the
// counterpart of Python's ExceptionGroup) the texts of its errors,
// formatted the same way, concatenated without a separator (the group's
// own message, like the ExceptionGroup's, is not shown).
func FormatError(err error) string {
	if err == nil {
		return ""
	}
	var msg string
	if g, ok := err.(interface{ Unwrap() []error }); ok {
		for _, sub := range g.Unwrap() {
			if sub != nil {
				msg += FormatError(sub)
			}
		}
	} else {
		msg = err.Error() + "\n"
	}
	return pyStrip(msg)
}

// pyStrip is Python's str.strip().
func pyStrip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch {
		case r >= 0x1c && r <= 0x1f, r == 0x85:
			return true
		}
		return unicode.IsSpace(r)
	})
}

// asToolResult reports whether a tool returned a ToolResult itself (which
// the workbench passes through as AutoGen does).
func asToolResult(v any) (gen.ToolResult, bool) {
	switch r := v.(type) {
	case gen.ToolResult:
		return r, true
	case *gen.ToolResult:
		if r != nil {
			return *r, true
		}
	}
	return gen.ToolResult{}, false
}

// emptyArgs is what AutoGen calls a tool with when the arguments are
// falsy (None, or an empty mapping).
var emptyArgs = json.RawMessage("{}")

// normalizeArgs applies AutoGen's `if not arguments: arguments = {}`: an
// absent, null or otherwise falsy JSON value becomes {}.
func normalizeArgs(args json.RawMessage) json.RawMessage {
	t := strings.TrimSpace(string(args))
	switch t {
	case "", "null", "false", "0", "\"\"", "[]", "{}":
		return emptyArgs
	}
	if strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{") {
		var v any
		if json.Unmarshal(args, &v) == nil {
			switch x := v.(type) {
			case []any:
				if len(x) == 0 {
					return emptyArgs
				}
			case map[string]any:
				if len(x) == 0 {
					return emptyArgs
				}
			}
		}
		return args
	}
	var f float64
	if json.Unmarshal(args, &f) == nil && f == 0 {
		return emptyArgs
	}
	return args
}
