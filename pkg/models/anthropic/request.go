package anthropic

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/orderedjson"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pystr"
	"github.com/agentschema/agentschema/internal/sysmsg"
)

// obj is a JSON object that keeps its members in order.
type obj = orderedjson.Object

type member = orderedjson.Member

// marshal is json.Marshal without HTML escaping.
func marshal(v any) ([]byte, error) { return orderedjson.Marshal(v) }

// emptyToSpace is AutoGen's __empty_content_to_whitespace for a string:
// " " for a string that strip() empties.
func emptyToSpace(s string) string {
	if pystr.Strip(s) == "" {
		return " "
	}
	return s
}

var validName = regexp.MustCompile(`^[a-zA-Z0-9_-]+$`)

// assertValidName is AutoGen's assert_valid_name.
func assertValidName(name string) error {
	if !validName.MatchString(name) {
		return valueError(fmt.Sprintf("Invalid name: %s. Only letters, numbers, '_' and '-' are allowed.", name))
	}
	if len([]rune(name)) > 64 {
		return valueError(fmt.Sprintf("Invalid name: %s. Name must be less than 64 characters.", name))
	}
	return nil
}

var invalidNameChars = regexp.MustCompile(`[^a-zA-Z0-9_-]`)

// normalizeName is AutoGen's normalize_name.
func normalizeName(name string) string {
	s := []rune(invalidNameChars.ReplaceAllString(name, "_"))
	if len(s) > 64 {
		s = s[:64]
	}
	return string(s)
}

// mergeSystemMessages is _merge_system_messages (internal/sysmsg):
// continuous system messages joined with "\n" and rstripped, put where
// the first was (dropped when empty); non-continuous ones are a
// ValueError.
func mergeSystemMessages(messages []gen.LLMMessage) ([]gen.LLMMessage, error) {
	merged, ok := sysmsg.Merge(messages)
	if !ok {
		return nil, valueError("Multiple and Not continuous system messages are not supported")
	}
	return merged, nil
}

// userToAnthropic is user_message_to_anthropic.
func userToAnthropic(m *gen.UserMessage) (obj, error) {
	if err := assertValidName(m.Source); err != nil {
		return nil, err
	}
	if m.Content.IsText() {
		return obj{{Key: "role", Val: "user"}, {Key: "content", Val: emptyToSpace(m.Content.Text)}}, nil
	}
	blocks := make([]any, 0, len(m.Content.Parts))
	for i, p := range m.Content.Parts {
		switch {
		case p.IsText():
			blocks = append(blocks, obj{{Key: "type", Val: "text"}, {Key: "text", Val: emptyToSpace(p.Text)}})
		case p.IsImage() && !p.Image.IsZero():
			// Image.to_base64() is a PNG, so get_mime_type_from_image
			// always finds image/png.
			data, err := p.Image.EncodeBase64()
			if err != nil {
				return nil, fmt.Errorf("anthropic: image %d of a user message: %w", i, err)
			}
			blocks = append(blocks, obj{{Key: "type", Val: "image"}, {Key: "source", Val: obj{{Key: "type", Val: "base64"}, {Key: "media_type", Val: "image/png"}, {Key: "data", Val: data}}}})
		default:
			return nil, valueError(fmt.Sprintf("Unknown content type: item %d", i))
		}
	}
	return obj{{Key: "role", Val: "user"}, {Key: "content", Val: blocks}}, nil
}

// assistantToAnthropic is assistant_message_to_anthropic.
func assistantToAnthropic(m *gen.AssistantMessage) (obj, error) {
	if err := assertValidName(m.Source); err != nil {
		return nil, err
	}
	if m.Content.IsText() {
		return obj{{Key: "role", Val: "assistant"}, {Key: "content", Val: m.Content.Text}}, nil
	}
	var blocks []any
	if m.Thought != nil {
		blocks = append(blocks, obj{{Key: "text", Val: *m.Thought}, {Key: "type", Val: "text"}})
	}
	for _, fc := range m.Content.FunctionCalls {
		input, err := toolInput(fc.Arguments)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, obj{{Key: "id", Val: fc.ID}, {Key: "input", Val: input}, {Key: "name", Val: fc.Name}, {Key: "type", Val: "tool_use"}})
	}
	if blocks == nil {
		blocks = []any{}
	}
	return obj{{Key: "role", Val: "assistant"}, {Key: "content", Val: blocks}}, nil
}

// fence is extract_json_from_str's pattern of a fenced block.
var fence = regexp.MustCompile("```(?:\\s*([\\w+\\-]+))?\\n([\\s\\S]*?)```")

// toolInput is the input of a tool_use block for a call's arguments:
// extract_json_from_str of the arguments (" " when blank), which must
// give one JSON value; text that is not JSON becomes {"text": arguments}.
func toolInput(args string) (any, error) {
	args = emptyToSpace(args)
	matches := fence.FindAllStringSubmatch(args, -1)
	texts := []string{args}
	if len(matches) > 0 {
		texts = texts[:0]
		for _, mt := range matches {
			if lang := strings.TrimSpace(mt[1]); lang != "" && strings.ToLower(lang) != "json" {
				return nil, valueError("Expected JSON object, but found language: " + lang)
			}
			texts = append(texts, mt[2])
		}
	}
	var values []json.RawMessage
	for _, t := range texts {
		v, err := pyjson.Parse([]byte(t))
		if err != nil {
			return obj{{Key: "text", Val: args}}, nil // json.JSONDecodeError
		}
		values = append(values, json.RawMessage(pyjson.AppendJSON(nil, &v)))
	}
	if len(values) != 1 {
		return nil, valueError(fmt.Sprintf("Expected a single JSON object, but found %d", len(values)))
	}
	return values[0], nil
}

// toolResultsToAnthropic is tool_message_to_anthropic: one user message
// of tool_result blocks.
func toolResultsToAnthropic(m *gen.FunctionExecutionResultMessage) obj {
	blocks := make([]any, 0, len(m.Content))
	for _, r := range m.Content {
		blocks = append(blocks, obj{{Key: "type", Val: "tool_result"}, {Key: "tool_use_id", Val: r.CallID}, {Key: "content", Val: r.Content}})
	}
	return obj{{Key: "role", Val: "user"}, {Key: "content", Val: blocks}}
}

// convertTools is AutoGen's convert_tools: name, input_schema (the
// parameters' properties and required as given, type defaulting to
// "object") and description (default "").
func convertTools(tools []gen.ToolSchema) ([]any, error) {
	out := make([]any, 0, len(tools))
	for _, t := range tools {
		schema := obj{}
		if p := t.Parameters; p != nil {
			if len(p.Properties) > 0 {
				schema = append(schema, member{Key: "properties", Val: json.RawMessage(p.Properties)})
			}
			if p.Required != nil {
				schema = append(schema, member{Key: "required", Val: p.Required})
			}
			typ := p.Type
			if typ == "" {
				typ = "object"
			}
			schema = append(schema, member{Key: "type", Val: typ})
		}
		desc := ""
		if t.Description != nil {
			desc = *t.Description
		}
		out = append(out, obj{{Key: "name", Val: t.Name}, {Key: "input_schema", Val: schema}, {Key: "description", Val: desc}})
		if err := assertValidName(t.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hasImage reports whether a user message of messages holds an image.
func hasImage(messages []gen.LLMMessage) bool {
	for _, m := range messages {
		if u, ok := m.(*gen.UserMessage); ok && u.Content.IsParts() {
			for _, p := range u.Content.Parts {
				if p.IsImage() {
					return true
				}
			}
		}
	}
	return false
}

// pyNumber reads a JSON number as Python's int or float, for max_tokens.
func pyNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case json.RawMessage:
		f, err := strconv.ParseFloat(strings.TrimSpace(string(x)), 64)
		return f, err == nil
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}
